#!/usr/bin/env bash
# Draws the README's pictures (Docs/pictures/*.png) from the examples with `vitrine render`, as
# Docs/pictures/pictures.json lists them. Run it after changing an example or the look; the
# component tests ("README pictures") fail while a picture is stale.
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
python3 - "$vitrine" "$work" <<'PY'
import json, os, shutil, subprocess, sys
vitrine, work = sys.argv[1], sys.argv[2]
manifest = json.load(open("Docs/pictures/pictures.json"))
rendered = {}
for entry in manifest["pictures"]:
    config = entry["config"]
    if config not in rendered:
        out = os.path.join(work, str(len(rendered)))
        subprocess.run([vitrine, "render", config, "--out", out, "--size", manifest["size"], "--scale", str(manifest["scale"])], check=True)
        rendered[config] = out
    shutil.copyfile(os.path.join(rendered[config], entry["render"]), os.path.join("Docs/pictures", entry["picture"]))
    print(f"Docs/pictures/{entry['picture']}: {config} {entry['render']}")
PY
