#!/usr/bin/env bash
# What installing the panel package pulls onto a minimal Debian 13: `apt-get install --simulate`
# in a minimal trixie root (mmdebstrap --variant=apt, kept in $VITRINE_MINIMAL_ROOT
# [/var/cache/vitrine-ci/trixie-minimal], made again when missing: about 20 s). Prints the
# packages and their installed size, with and without Recommends, and fails if any X11, Wayland
# or SDL library is among them: a panel never opens a window (issue 30; the preview loads SDL
# only when it runs). libxkbcommon0 and libx11-data are not window-system libraries here: the
# panel decodes its keyboards and scanners with libxkbcommon and composes dead keys with
# libX11's compose tables (data only), so they are expected (issue 32).
#
# One exception, and only with its reason present: libx11-6, libx11-xcb1 and libxcb1 are allowed
# when (and only when) libpulse0 is pulled too. That is PulseAudio's client library, which eSpeak
# NG's audio library, libpcaudio0, depends on (libespeak-ng1 → libpcaudio0 → libpulse0 → those
# three, on Debian 12 and 13). Vitrine synthesises with eSpeak NG's synchronous output
# (AUDIO_OUTPUT_SYNCHRONOUS) and plays the samples through ALSA itself (issue 33), so libpcaudio
# and libpulse are never used and no window is opened; the libraries are only on the disk. Any
# other X11 library, Wayland, libdecor, libxkbcommon-x11 or SDL still fails.
#
#   scripts/package-closure.sh DEB [EXTRA_PACKAGE...]   (extra packages: to measure what they add)
set -euo pipefail
deb=${1:?usage: scripts/package-closure.sh DEB [EXTRA_PACKAGE...]}
shift
root=${VITRINE_MINIMAL_ROOT:-/var/cache/vitrine-ci/trixie-minimal}
mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -x "$root/usr/bin/apt-get" ]; then
  rm -rf "$root.tmp"
  mkdir -p "$(dirname "$root")"
  mmdebstrap --variant=apt trixie "$root.tmp" "$mirror" >&2
  mv "$root.tmp" "$root"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
cp "$deb" "$root/tmp/panel.deb"
chroot "$root" apt-get update -qq >&2

status=0
for mode in "with Recommends" "without Recommends"; do
  options=()
  [ "$mode" = "without Recommends" ] && options=(--no-install-recommends)
  packages=$(chroot "$root" apt-get install --simulate -q "${options[@]}" /tmp/panel.deb "$@" | awk '/^Inst /{print $2}')
  count=$(grep -c . <<<"$packages" || true)
  # shellcheck disable=SC2086
  kib=$(chroot "$root" apt-cache show --no-all-versions $packages | awk '/^Installed-Size:/{s+=$2} END{print s+0}')
  desktop=$(grep -E '^(libx11-[0-9]|libx11-xcb|libxcb|libxkbcommon-x11|libwayland|libdecor|libsdl2)' <<<"$packages" || true)
  if grep -qx libpulse0 <<<"$packages"; then
    desktop=$(grep -vxE 'libx11-6|libx11-xcb1|libxcb1' <<<"$desktop" || true)
  fi
  desktop=$(tr '\n' ' ' <<<"$desktop" | sed 's/ *$//')
  echo "package-closure: $(basename "$deb") ${*:++ $* }$mode on a minimal Debian 13: $count packages, $((kib / 1024)) MB installed"
  if [ -n "$desktop" ] && [ $# -eq 0 ]; then
    echo "package-closure: FAIL: it pulls desktop libraries onto a panel: $desktop" >&2
    status=1
  fi
done
exit $status
