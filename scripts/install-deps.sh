#!/usr/bin/env bash
# Installs the Debian 12 packages Vitrine needs that are missing.
#
#   scripts/install-deps.sh            build and run (libraries found by pkg-config, fonts: Inter
#                                      (the default UI face), DejaVu (its fallback),
#                                      Lohit Devanagari for text in Devanagari, Material Icons for
#                                      the icons of buttons and bars)
#   scripts/install-deps.sh --vm       also what the QEMU system tests need (kernel, QEMU, mmdebstrap)
#   scripts/install-deps.sh --bench    also what `vitrine bench` needs for its OpenCV peer, and valgrind
#                                      for scripts/bench-instructions.sh
#   scripts/install-deps.sh --package  also what building the Debian package needs (debhelper,
#                                      lintian) and the preview window's tests (Xvfb, xdotool, xwd)
#
# Runs apt-get update before installing anything. Needs root (or sudo).
set -euo pipefail

packages=(
  pkg-config
  libdrm-dev libinput-dev libudev-dev
  libpixman-1-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
  libpng-dev libjpeg62-turbo-dev libturbojpeg0-dev libyaml-dev
  fonts-inter fonts-dejavu-core fonts-lohit-deva fonts-material-design-icons-iconfont
  libsdl2-dev
)
for option in "$@"; do
  case "$option" in
    --vm) packages+=(qemu-system-x86 qemu-utils mmdebstrap linux-image-amd64 e2fsprogs util-linux python3) ;;
    --bench) packages+=(python3 python3-venv python3-pip valgrind) ;;
    --package) packages+=(debhelper dpkg-dev fakeroot lintian xvfb xauth xdotool x11-apps) ;;
    *) echo "install-deps: unknown option $option (use --vm, --bench, --package)" >&2; exit 2 ;;
  esac
done

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q >&2
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
