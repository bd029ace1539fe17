#!/usr/bin/env python3
"""The house style (.swift-format) as this machine's swift-format can read it.

.swift-format names rules that swift-format 601 (Swift 6.1) added, AvoidRetroactiveConformances and
NoEmptyLinesOpeningClosingBraces; Debian 13's swiftlang 6.0.3 ships swift-format 600, which warns
about each unknown rule for every file — and `lint --strict` fails on warnings. This writes a copy
without the rules the installed swift-format does not know (`swift format dump-configuration`
lists those it does) and prints its path; with every rule known it prints .swift-format itself.
What was left out goes to stderr, so the check says what it did not check.

  swift format lint --strict --configuration "$(python3 scripts/format-config.py)" -r Sources ...
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    house = os.path.join(ROOT, ".swift-format")
    with open(house) as f:
        style = json.load(f)
    dumped = subprocess.run(["swift", "format", "dump-configuration"], capture_output=True, text=True)
    if dumped.returncode != 0:
        print(house)
        return 0
    known = json.loads(dumped.stdout).get("rules", {})
    unknown = sorted(rule for rule in style.get("rules", {}) if rule not in known)
    if not unknown:
        print(house)
        return 0
    for rule in unknown:
        del style["rules"][rule]
    out = os.path.join(ROOT, ".build", "swift-format-known-rules.json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        json.dump(style, f, indent=2)
    print(f"format-config: this swift-format does not know {', '.join(unknown)}; linting without them ({out})", file=sys.stderr)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
