#!/usr/bin/env bash
# Builds Vitrine's Debian package and checks it with lintian (Docs/deployment.md, "Debian package").
#
#   scripts/build-deb.sh                   build the release binary, package it, run lintian
#   scripts/build-deb.sh --binary PATH     package this binary (built with `swift build -c release
#                                          --static-swift-stdlib --product vitrine`) instead
#   scripts/build-deb.sh --version V       the package's version [debian/changelog's]; a newer
#                                          one makes an upgrade (test-boot.py's second package)
#   scripts/build-deb.sh --config FILE     the kiosk shipped as /etc/vitrine/kiosk.json, with the
#                                          images/ and data/ beside it [Examples/kiosk.json]
#   scripts/build-deb.sh --out DIR         where vitrine_<version>_<arch>.deb goes [.build/deb]
#   scripts/build-deb.sh --arch arm64      the arm64 package, on this amd64 machine: cross-compiled
#                                          with Debian 13's Swift and packaged in an emulated arm64
#                                          Debian 13 (scripts/arm64.sh --package-only)
#   scripts/build-deb.sh --no-install      do not run install-deps (a root that has what it needs)
#
# The checkout is not touched: debian/ and Systemd/ are copied to DIR/src (where --version writes
# its changelog entry) and dpkg-buildpackage -b runs there. Fails if the binary needs a Swift
# library at run time, if the package does not build, or on any lintian error (warnings are
# printed). The last line printed is the path of the .deb.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD
binary=""
version=""
config="Examples/kiosk.json"
out=".build/deb"
install=1
arch=$(dpkg --print-architecture)
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch="$2"; shift 2 ;;
    --no-install) install=0; shift ;;
    --binary) binary="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "build-deb: unknown option $1 (see the top of scripts/build-deb.sh)" >&2; exit 2 ;;
  esac
done
started=$(date +%s)
cross=()
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
  [ "$arch" = arm64 ] || { echo "build-deb: --arch $arch: only arm64 is cross-built (scripts/arm64.sh)" >&2; exit 2; }
  # Without a binary: scripts/arm64.sh cross-compiles one and comes back here with it.
  [ -n "$binary" ] || exec scripts/arm64.sh --package-only
  # With one (in scripts/arm64.sh's Debian 13 root, arm64 libraries installed beside amd64's).
  cross=(-a "$arch" -d)
fi

[ $install -eq 0 ] || scripts/install-deps.sh --package >&2

if [ -z "$binary" ]; then
  # The Swift toolchain is not a Debian package; /opt/swift is where this project's machines have it.
  command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
  command -v swift >/dev/null || { echo "build-deb: no swift on the PATH (nor in /opt/swift/usr/bin)" >&2; exit 1; }
  swift build -c release --static-swift-stdlib --product vitrine >&2
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/vitrine"
fi
binary=$(realpath "$binary")
config=$(realpath "$config")
[ -x "$binary" ] || { echo "build-deb: $binary is not an executable" >&2; exit 1; }
[ -f "$config" ] || { echo "build-deb: no config $config" >&2; exit 1; }

# The board has no Swift toolchain: nothing the binary loads may come from it (an arm64 binary's
# own list of libraries, as ldd cannot load it here).
if [ ${#cross[@]} -gt 0 ]; then
  libraries=$(readelf -d "$binary" | grep NEEDED || true)
else
  libraries=$(ldd "$binary")
fi
if grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|not found' <<<"$libraries" >&2; then
  echo "build-deb: $binary needs the libraries above at run time; build it with --static-swift-stdlib" >&2
  exit 1
fi

mkdir -p "$out"
out=$(realpath "$out")
src="$out/src"
rm -rf "$src"
mkdir -p "$src"
cp -a debian Systemd "$src/"
if [ -n "$version" ]; then
  maintainer=$(dpkg-parsechangelog -l debian/changelog -S Maintainer)
  # Newer than the entry below it, or lintian refuses the changelog (a clock behind it).
  stamp=$(( $(dpkg-parsechangelog -l debian/changelog -S Timestamp) + 1 ))
  [ "$(date +%s)" -lt "$stamp" ] || stamp=$(date +%s)
  { printf 'vitrine (%s) unstable; urgency=medium\n\n  * Built by scripts/build-deb.sh --version %s.\n\n -- %s  %s\n\n' \
      "$version" "$version" "$maintainer" "$(date -R -d "@$stamp")"; cat debian/changelog; } > "$src/debian/changelog"
fi
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
deb="$out/vitrine_${version}_${arch}.deb"
rm -f "$deb" "$out/vitrine_${version}_${arch}".{changes,buildinfo}

echo "build-deb: packaging $binary as vitrine $version ($config as /etc/vitrine/kiosk.json)" >&2
(cd "$src" && VITRINE_BINARY="$binary" VITRINE_CONFIG="$config" dpkg-buildpackage -us -uc -b "${cross[@]}" >&2)
[ -f "$deb" ] || { echo "build-deb: dpkg-buildpackage made no $deb" >&2; exit 1; }
rm -rf "$src"

echo "build-deb: lintian $deb" >&2
if ! lintian --fail-on error --tag-display-limit 0 "$deb" >&2; then
  echo "build-deb: lintian reports errors (above)" >&2
  exit 1
fi
echo "build-deb: $deb built and checked in $(( $(date +%s) - started )) s" >&2
echo "$deb"
