#!/usr/bin/env bash
# Installs what is missing, builds Vitrine and shows the demo: on the display when there is one
# (DRM/KMS, else fbdev), otherwise headless, writing PNG files of what it would show.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product vitrine
if ls /dev/dri/card* >/dev/null 2>&1 || [ -e /dev/fb0 ]; then
  exec .build/release/vitrine test-pattern --seconds 30
fi
mkdir -p demo-output
.build/release/vitrine test-pattern --output headless --seconds 2 --png demo-output/test-pattern.png
echo "no display here: wrote demo-output/test-pattern.png"
