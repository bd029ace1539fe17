#!/usr/bin/env python3
"""The manifest's dependencies equal the imports.

For every Swift target in Package.swift (read with `swift package dump-package`), compares
the package modules its sources import (`import X`, `@testable import X`, `import struct X.Y`)
with the dependencies it declares. Imports of modules that are not targets of this package
(Glibc, Foundation, Dispatch, XCTest, Testing, Synchronization, ...) are outside the check.
Exits 1 naming each target and module that differ: a module imported but not declared builds
only by accident of the build order, one declared but not imported is a false edge in the
dependency graph Docs/architecture.md describes.

Usage: scripts/check-imports.py [PACKAGE_DIR]   (PACKAGE_DIR defaults to the repository root)
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def target_directory(root, target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    parent = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, parent, target["name"])


def imports(directory):
    found = set()
    for folder, _, files in os.walk(directory):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as source:
                    found.update(IMPORT.findall(source.read()))
    return found


def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency and dependency[kind]:
                names.add(dependency[kind][0])
    return names


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    manifest = json.loads(subprocess.check_output(["swift", "package", "--package-path", root, "dump-package"]))
    targets = manifest["targets"]
    modules = {t["name"] for t in targets}
    problems = []
    for target in targets:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        directory = target_directory(root, target)
        if not any(name.endswith(".swift") for _, _, files in os.walk(directory) for name in files):
            continue  # a C target: its dependencies are headers, not imports
        used = imports(directory) & modules - {target["name"]}
        listed = declared(target)
        for module in sorted(used - listed):
            problems.append(f"{target['name']}: imports {module} but does not declare it in Package.swift")
        for module in sorted(listed - used):
            problems.append(f"{target['name']}: declares {module} in Package.swift but never imports it")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} mismatch(es) between Package.swift and the imports", file=sys.stderr)
        return 1
    print(f"check-imports: the dependencies of {sum(1 for t in targets if t['type'] not in ('system',))} targets equal their imports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
