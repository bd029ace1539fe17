#!/usr/bin/env bash
# The README's two commands on a fresh Debian 13, from a fresh clone (issue 30), run by hand:
#   1. a new trixie root (mmdebstrap: apt, ca-certificates and git, as a fresh machine with git
#      has; no Swift, no -dev package, no font);
#   2. `git clone` of this checkout's HEAD in it;
#   3. `scripts/demo.sh`: install-deps installs Debian's swiftlang and the rest, the release build,
#      and, with no display there, the demo headless into demo-output/;
#   4. `scripts/test.sh --only STEPS` (default install,checks,release,asan,soak,metrics): its own
#      set-up (install-deps --vm --package), the checks with Debian 13's swift-format, and the
#      unit tests under ASan with Debian's Swift 6.0.3 — with Debian 13's Inter on the machine
#      (scripts/test-fonts.sh gives the tests the goldens' one). The steps left out need what a
#      root cannot give (QEMU guests, an X server beside it) or are themselves the Debian 13 and
#      arm64 roots.
# Each part's time is printed. Cold, about 40-60 min on the two-core build machine.
#
#   scripts/debian13-fresh.sh [STEPS]       the root is /var/cache/vitrine-ci/trixie-fresh
#                                           (VITRINE_FRESH_ROOT), made anew every run
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-install,checks,release,asan,soak,metrics}
root=${VITRINE_FRESH_ROOT:-/var/cache/vitrine-ci/trixie-fresh}
mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
command -v mmdebstrap >/dev/null || { echo "debian13-fresh: needs mmdebstrap (scripts/install-deps.sh --vm)" >&2; exit 1; }
say() { echo "debian13-fresh: $*" >&2; }

started=$SECONDS
rm -rf "$root"
mkdir -p "$(dirname "$root")"
mmdebstrap --variant=apt --include=ca-certificates,git trixie "$root" "$mirror" >&2
say "a fresh trixie root in $((SECONDS - started)) s"

source scripts/lib/chroot.sh
for fs in proc dev dev/pts dev/shm; do chroot_bind "/$fs" "$root/$fs"; done
chroot_bind "$PWD" "$root/mnt/origin"
mount -o remount,bind,ro "$root/mnt/origin"
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot_run "$root" "$1"; }

in_root "git clone -q /mnt/origin /root/vitrine && cd /root/vitrine && git log --oneline -1"
in_root "command -v swift || echo 'no swift on the PATH'" >&2

part=$SECONDS
in_root "cd /root/vitrine && scripts/demo.sh" >&2
pictures=$(in_root "ls /root/vitrine/demo-output | wc -l")
say "scripts/demo.sh: $((SECONDS - part)) s, $pictures files in demo-output/ ($(in_root 'swift --version 2>&1 | head -1'))"
mkdir -p .build/debian13-fresh
cp "$root"/root/vitrine/demo-output/*.png .build/debian13-fresh/ 2>/dev/null || true

part=$SECONDS
status=0
# The budget is CI's; this run on a cold root builds everything twice over and reports its times.
in_root "cd /root/vitrine && VITRINE_CI_BUDGET=10800 scripts/test.sh --only $steps" || status=$?
say "scripts/test.sh --only $steps: $((SECONDS - part)) s, exit $status"
say "in all $((SECONDS - started)) s; the demo's pictures are in .build/debian13-fresh/"
exit $status
