#!/usr/bin/env bash
# Installs the Debian packages Vitrine needs that are missing, on Debian 12 (bookworm) or 13
# (trixie). With no `swift` on the PATH, Debian 13's own toolchain (swiftlang, 6.0.3) is installed
# too; Debian 12 has none, so there it says where to get one (Docs/deployment.md).
#
#   scripts/install-deps.sh            build and run (libraries found by pkg-config, fonts: Inter
#                                      (the default UI face), DejaVu (its fallback),
#                                      Lohit Devanagari for text in Devanagari, Material Icons for
#                                      the icons of buttons and bars; xkb-data, the keyboard
#                                      layouts, and libx11-data, the compose tables for dead keys;
#                                      eSpeak NG with its voices, espeak-ng-data, and ALSA, for speech;
#                                      libqrencode for QR codes, zbar-tools to read them back in tests)
#   scripts/install-deps.sh --vm       also what the QEMU system tests and the Debian 13 root need
#                                      and arm64 need (kernel, QEMU and qemu-user, mmdebstrap, rsync)
#   scripts/install-deps.sh --bench    also what `vitrine bench` needs for its OpenCV peer, and valgrind
#                                      for scripts/bench-instructions.sh, and what --qt installs
#   scripts/install-deps.sh --qt       the bench's Qt Quick peer alone (g++, Debian's Qt 6 Quick and the
#                                      QML modules `import QtQuick` loads: 61 packages, 23 MB to fetch,
#                                      139 MB installed on Debian 12; Docs/rendering.md, "The Qt Quick peer")
#   scripts/install-deps.sh --package  also what building the Debian package needs (debhelper,
#                                      lintian) and the preview window's tests (Xvfb, xdotool, xwd)
#
# Runs apt-get update before installing anything. Needs root (or sudo).
set -euo pipefail

packages=(
  pkg-config
  libdrm-dev libinput-dev libudev-dev
  libpixman-1-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
  libpng-dev libjpeg62-turbo-dev libturbojpeg0-dev libgif-dev libwebp-dev libyaml-dev libxkbcommon-dev xkb-data libx11-data
  fonts-inter fonts-dejavu-core fonts-lohit-deva fonts-material-design-icons-iconfont
  libespeak-ng-dev espeak-ng-data libasound2-dev
  libsdl2-dev
  libqrencode-dev
  # The QR code round trip (Tests/VitrineComponentTests/QRCodeRoundTripTests.swift) reads the
  # rendered PNG back with zbarimg.
  zbar-tools
)
# The Qt Quick peer of `vitrine bench` (scripts/bench/qtquick-peer, built by the bench with g++).
qt_peer=(g++ qt6-declarative-dev qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript qml6-module-qtqml-models)
for option in "$@"; do
  case "$option" in
    --vm) packages+=(qemu-system-x86 qemu-system-arm qemu-utils mmdebstrap rsync linux-image-amd64 e2fsprogs util-linux python3
                     qemu-user-static arch-test file) ;;
    --bench) packages+=(python3 python3-venv python3-pip valgrind "${qt_peer[@]}") ;;
    --qt) packages+=("${qt_peer[@]}") ;;
    --package) packages+=(debhelper dpkg-dev fakeroot lintian xvfb xauth xdotool x11-apps python3-prometheus-client) ;;
    *) echo "install-deps: unknown option $option (use --vm, --bench, --qt, --package)" >&2; exit 2 ;;
  esac
done

if ! command -v swift >/dev/null 2>&1; then
  debian_version=$(. /etc/os-release 2>/dev/null && echo "${VERSION_ID%%.*}")
  if [ "${debian_version:-0}" -ge 13 ] 2>/dev/null || apt-cache show swiftlang >/dev/null 2>&1; then
    packages+=(swiftlang)
  else
    echo "install-deps: no swift on the PATH, and this Debian has no swiftlang package (Debian 13 has: 6.0.3);" >&2
    echo "install-deps: install a Swift 6 toolchain from swift.org and put its usr/bin on the PATH, or use Debian 13" >&2
    exit 1
  fi
fi

# The release build links the Swift runtime statically (--static-swift-stdlib), which links
# libstdc++ statically: its -dev package, of the machine's own libstdc++ (14 on Debian 13, 12 on
# Debian 12). swiftlang does not pull it in; a fresh Debian 13 failed with "cannot find -lstdc++".
gcc_major=$(dpkg-query -W -f='${Version}' libstdc++6 2>/dev/null | sed 's/[.].*//')
if [ -n "$gcc_major" ]; then
  packages+=("libstdc++-$gcc_major-dev")
fi

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
