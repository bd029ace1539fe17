#!/usr/bin/env bash
# Installs what is missing, builds Vitrine and shows the demo: on the display when there is one
# (DRM/KMS, else fbdev), otherwise headless, writing PNG files of what it would show.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product vitrine
# On a display it runs until Ctrl-C; without one it writes demo-output/*.png.
exec .build/release/vitrine demo --out demo-output
