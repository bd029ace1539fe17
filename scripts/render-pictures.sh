#!/usr/bin/env bash
# Draws the documentation's pictures with `vitrine render`, as their manifests list them:
# Docs/pictures/*.png (the README's, from the examples; Docs/pictures/pictures.json) and
# Docs/gallery/*.png (every state of the demo in both palettes; Docs/gallery/gallery.json).
# Run it after changing an example or the look, and look at what changed; the component tests
# ("README pictures") fail while a picture is stale.
#
#   scripts/render-pictures.sh [--vitrine PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
vitrine=""
if [ "${1:-}" = "--vitrine" ]; then vitrine="$2"; fi
if [ -z "$vitrine" ]; then
  scripts/install-deps.sh
  swift build --product vitrine >&2
  vitrine="$(swift build --show-bin-path)/vitrine"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$vitrine" "$work" Docs/pictures/pictures.json Docs/gallery/gallery.json <<'PY'
import json, os, shutil, subprocess, sys
vitrine, work, manifests = sys.argv[1], sys.argv[2], sys.argv[3:]
for path in manifests:
    manifest = json.load(open(path))
    folder = os.path.dirname(path)
    rendered = {}
    for entry in manifest["pictures"]:
        key = (entry["config"], entry.get("palette"))
        if key not in rendered:
            out = os.path.join(work, f"{len(os.listdir(work))}")
            command = [vitrine, "render", entry["config"], "--out", out, "--size", manifest["size"], "--scale", str(manifest["scale"])]
            if entry.get("palette"):
                command += ["--palette", entry["palette"]]
            subprocess.run(command, check=True)
            rendered[key] = out
        shutil.copyfile(os.path.join(rendered[key], entry["render"]), os.path.join(folder, entry["picture"]))
        print(f"{folder}/{entry['picture']}: {entry['config']} {entry['render']}" + (f" ({entry['palette']})" if entry.get("palette") else ""))
PY
