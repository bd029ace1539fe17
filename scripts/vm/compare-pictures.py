#!/usr/bin/env python3
"""Compares PNG pictures pixel for pixel: every PNG of a folder with the one of the same name in a
reference folder (`compare-pictures.py DIR REFERENCE_DIR`), or one file with another (`--file A B`).
Prints one PASS or FAIL line (with the label) and the pictures that differ; exits 1 if any does.
scripts/arm64.sh uses it to hold the arm64 binary's pictures to amd64's."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from picture import Picture  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="pictures")
    parser.add_argument("--file", action="store_true", help="compare two files, not two folders")
    parser.add_argument("ours")
    parser.add_argument("reference")
    options = parser.parse_args()
    if options.file:
        pairs = [(options.ours, options.reference)]
    else:
        names = sorted(n for n in os.listdir(options.ours) if n.endswith(".png"))
        pairs = [(os.path.join(options.ours, n), os.path.join(options.reference, n)) for n in names]
    differing = []
    for ours, reference in pairs:
        if not os.path.exists(reference):
            differing.append(f"{os.path.basename(ours)}: no {reference}")
            continue
        count = Picture.load_png(ours).differing_pixels(Picture.load_png(reference))
        if count != 0:
            differing.append(f"{os.path.basename(ours)}: {'other size' if count is None else f'{count} pixels differ'}")
    if not pairs:
        differing.append(f"no pictures in {options.ours}")
    if differing:
        print(f"arm64: FAIL: {options.label}: " + "; ".join(differing), file=sys.stderr)
        return 1
    print(f"arm64: PASS: {options.label}: {len(pairs)} picture(s), 0 pixels differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
