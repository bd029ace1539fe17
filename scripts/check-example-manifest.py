#!/usr/bin/env python3
"""The example app's own Package.swift still resolves against this checkout and describes the
targets the root package builds and tests in its place.

Examples/swift-app is an integrator's package: it depends on Vitrine by path and builds on its
own (Docs/app.md). Its sources are also targets of the root package (HarbourKiosk,
harbour-kiosk, HarbourKioskTests), so the unit test build compiles and tests them without a
second full build of Vitrine. This check loads the example's manifest with SwiftPM (`swift
package describe`, which resolves the path dependency and validates both manifests, building
nothing) and fails when the two disagree: a target only one of them has, or other source files.

Usage: scripts/check-example-manifest.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "Examples", "swift-app")


def describe(path):
    out = subprocess.run(["swift", "package", "--package-path", path, "describe", "--type", "json"], check=True,
                         stdout=subprocess.PIPE, text=True)
    return json.loads(out.stdout)


def main():
    try:
        example = describe(EXAMPLE)
        root = describe(ROOT)
    except subprocess.CalledProcessError as error:
        print(f"FAIL example manifest: swift package describe exited {error.returncode} (above)", file=sys.stderr)
        return 1
    problems = []
    if [d.get("path") for d in example.get("dependencies", [])] != [os.path.realpath(ROOT)]:
        problems.append(f"the example must depend on this checkout by path, not {example.get('dependencies')}")
    root_targets = {t["name"]: t for t in root["targets"]}
    for target in example["targets"]:
        name = target["name"]
        mine = root_targets.get(name)
        if mine is None:
            problems.append(f"Package.swift has no target {name} (the example's {target['path']})")
            continue
        expected = os.path.join("Examples", "swift-app", target["path"])
        if mine["path"] != expected:
            problems.append(f"Package.swift's {name} is at {mine['path']}, the example's at {expected}")
        if sorted(mine.get("sources", [])) != sorted(target.get("sources", [])):
            problems.append(f"{name}: the root builds {sorted(mine.get('sources', []))}, the example {sorted(target.get('sources', []))}")
    names = {t["name"] for t in example["targets"]}
    for name, target in root_targets.items():
        if target["path"].startswith("Examples/swift-app/") and name not in names:
            problems.append(f"Package.swift's {name} ({target['path']}) is not a target of the example's own manifest")
    for problem in problems:
        print(f"FAIL example manifest: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"PASS example manifest: Examples/swift-app resolves and names the same {len(names)} targets as Package.swift", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
