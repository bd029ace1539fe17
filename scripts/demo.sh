#!/usr/bin/env bash
# Installs what is missing, builds Vitrine and shows the demo: in a window on a desktop (X11 or
# Wayland: `vitrine preview demo`), on the panel's display when there is one (DRM/KMS, else
# fbdev), otherwise headless, writing PNG files of what it would show.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product vitrine
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  # A desktop session: the demo in a window until it is closed (Docs/preview.md).
  exec .build/release/vitrine preview demo
fi
# On a display it runs until Ctrl-C; without one it writes demo-output/*.png.
exec .build/release/vitrine demo --out demo-output
