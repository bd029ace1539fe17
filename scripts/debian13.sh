#!/usr/bin/env bash
# Builds Vitrine and runs its unit tests on Debian 13 "trixie" with Debian's own Swift (swiftlang
# 6.0.3), in a trixie root made with mmdebstrap: the README's set-up on a fresh Debian 13, the
# toolchain included, and the second toolchain every change must build with (issue 30).
#
#   scripts/debian13.sh [--filter REGEX]
#   scripts/debian13.sh --setup-only     only the root with its toolchain (scripts/arm64.sh's compiler)
#
# The root is kept in $VITRINE_TRIXIE_ROOT [/var/cache/vitrine-ci/trixie-amd64] and made again
# when missing (about 30 s with a minimal root, then install-deps inside it installs swiftlang and
# the -dev packages). The checkout's tracked files are copied to /src in it; its .build stays
# there between runs. Needs root (chroot, mounts).
#
# The root has Debian 13's fonts, Inter 4.1 among them, as a fresh Debian 13 has; the goldens are
# drawn with Debian 12's Inter 4.0~beta7, so the tests run with scripts/test-fonts.sh's
# FONTCONFIG_FILE, which puts that one first (fetched once with apt, the root's sources
# untouched), as scripts/test.sh does on any machine whose Inter is another. With it every golden
# is pixel-exact under trixie's FreeType 2.13 and HarfBuzz 10.2 too.
set -euo pipefail
cd "$(dirname "$0")/.."

filter=()
setup_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter=(--filter "$2"); shift 2 ;;
    --setup-only) setup_only=1; shift ;;
    *) echo "debian13: unknown option $1 (use --filter REGEX, --setup-only)" >&2; exit 2 ;;
  esac
done

root=${VITRINE_TRIXIE_ROOT:-/var/cache/vitrine-ci/trixie-amd64}
mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
command -v mmdebstrap >/dev/null || { echo "debian13: needs mmdebstrap (scripts/install-deps.sh --vm)" >&2; exit 1; }
command -v rsync >/dev/null || { echo "debian13: needs rsync (scripts/install-deps.sh --vm)" >&2; exit 1; }

if [ ! -x "$root/usr/bin/apt-get" ]; then
  echo "debian13: making a trixie root in $root" >&2
  rm -rf "$root.tmp"
  mkdir -p "$(dirname "$root")"
  mmdebstrap --variant=apt --include=ca-certificates,python3 trixie "$root.tmp" "$mirror" >&2
  mv "$root.tmp" "$root"
fi

source scripts/lib/chroot.sh
for fs in proc dev dev/pts dev/shm; do chroot_bind "/$fs" "$root/$fs"; done
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
chroot_sync "$root"
in_root() { chroot_run "$root" "$1"; }

# A root made before the tests fetched their own Inter had Debian 12's pinned: back to Debian 13's.
if [ -e "$root/etc/apt/preferences.d/fonts-inter-bookworm" ]; then
  rm -f "$root/etc/apt/preferences.d/fonts-inter-bookworm" "$root/etc/apt/sources.list.d/bookworm-fonts.sources"
  in_root "apt-get update -q && apt-get install -y -q fonts-inter" >&2
fi
started=$SECONDS
in_root "cd /src && scripts/install-deps.sh" >&2
echo "debian13: set up in $((SECONDS - started)) s: $(in_root 'swift --version 2>&1 | head -1')" >&2
[ $setup_only -eq 0 ] || exit 0
started=$SECONDS
in_root "cd /src && swift build --build-tests" >&2
echo "debian13: built with --build-tests in $((SECONDS - started)) s" >&2
started=$SECONDS
quoted=""
[ ${#filter[@]} -eq 0 ] || quoted=$(printf '%q ' "${filter[@]}")
fonts=$(in_root "cd /src && scripts/test-fonts.sh")
inter=$(in_root 'dpkg-query -W -f="\${Version}" fonts-inter')
echo "debian13: fonts-inter $inter in the root; FONTCONFIG_FILE for the tests: ${fonts:-none}" >&2
in_root "cd /src && ${fonts:+FONTCONFIG_FILE=$fonts }swift test --skip-build $quoted"
echo "debian13: the tests ran in $((SECONDS - started)) s" >&2
