#!/usr/bin/env bash
# Builds (or reuses) the Debian 13 arm64 guest that scripts/vm/test-arm64-boot.py boots with
# qemu-system-aarch64 (issue 30).
#
# The root is made by mmdebstrap for arm64 (its maintainer scripts run under qemu-user through
# binfmt_misc, so it is slow: about ten minutes) with Debian 13's arm64 kernel (its initrd is
# made in the root), systemd, udev, the runtime libraries the arm64 package depends on,
# libinput's tools and python3-libevdev (for uinput touch), and the same test agent as the amd64
# guest (scripts/vm/guest/), here on /dev/hvc0: the virt machine has one UART, the console's, so
# the agent gets a virtio console. Vitrine itself is not in the image: the test installs the .deb
# from the 9p share.
#
# Every package is Debian 13's, as on a board, fonts-inter too (4.1; the goldens and
# scripts/arm64.sh's sysroot have Debian 12's 4.0~beta7): the shipped kiosk.json sets DejaVu Sans.
#
# Usage: scripts/vm/build-image-arm64.sh   prints the image's folder (builds it when missing):
#        root.img (raw ext4), vmlinuz and initrd.img (the kernel and initrd QEMU boots directly)
# Env:   VITRINE_VM_CACHE       cache folder [~/.cache/vitrine-vm]
#        VITRINE_DEBIAN_MIRROR  [http://deb.debian.org/debian]
# Needs: mmdebstrap, arch-test, qemu-user-static (binfmt_misc for aarch64), e2fsprogs; root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${VITRINE_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine-vm}
mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages="linux-image-arm64,systemd-sysv,udev,kmod,dbus,libdrm2,libinput10,libinput-tools,libudev1,libpixman-1-0,libfreetype6,libharfbuzz0b,libfontconfig1,libpng16-16t64,libjpeg62-turbo,libturbojpeg0,libgif7,libwebp7,libwebpdemux2,libqrencode4,libyaml-0-2,libxkbcommon0,xkb-data,libespeak-ng1,espeak-ng-data,libasound2t64,libgcc-s1,libstdc++6,fonts-inter,fonts-dejavu-core,fonts-lohit-deva,fonts-material-design-icons-iconfont,fontconfig,python3-libevdev,python3-yaml,procps,kbd,util-linux"
key=$( (echo "$packages"; echo "$mirror"; cat "$here/build-image-arm64.sh" "$here/guest/"*) | sha256sum | cut -c1-16)
image="$cache/debian13-arm64-$key"
if [ -f "$image/root.img" ]; then
  echo "$image"
  exit 0
fi
if ! arch-test arm64 >/dev/null 2>&1; then
  echo "build-image-arm64: this machine cannot run arm64 programs (binfmt_misc); install qemu-user-static and binfmt-support" >&2
  exit 1
fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/build-arm64.XXXXXX")
trap 'rm -rf "$work"' EXIT
root="$work/root"
started=$SECONDS
echo "build-image-arm64: creating the arm64 root with mmdebstrap (about ten minutes: its scripts run under qemu-user)" >&2
mmdebstrap --quiet --arch=arm64 --variant=minbase --include="$packages" trixie "$root" "$mirror" >&2
echo "build-image-arm64: root made in $((SECONDS - started)) s; adding the test agent" >&2
kernel=$(ls "$root"/boot/vmlinuz-* | sort -V | tail -n 1)
version=${kernel##*/vmlinuz-}
mkdir -p "$work/out"
cp "$kernel" "$work/out/vmlinuz"
cp "$root/boot/initrd.img-$version" "$work/out/initrd.img"
echo "$version" > "$work/out/kernel-version"
# The agent as on amd64, on the virtio console: the line naming its port is the one change.
sed 's|^port=/dev/ttyS1$|port=/dev/hvc0|' "$here/guest/vitrine-agent" > "$root/usr/local/sbin/vitrine-agent"
grep -qx 'port=/dev/hvc0' "$root/usr/local/sbin/vitrine-agent" || { echo "build-image-arm64: the agent's port line moved" >&2; exit 1; }
chmod 0755 "$root/usr/local/sbin/vitrine-agent"
install -m 0644 "$here/guest/vitrine-agent.service" "$root/etc/systemd/system/vitrine-agent.service"
# hvc0 appears when virtio_console is loaded: the agent waits for it (on amd64 ttyS1 is built in).
mkdir -p "$root/etc/systemd/system/vitrine-agent.service.d"
printf '[Unit]\nWants=dev-hvc0.device\nAfter=dev-hvc0.device\n' > "$root/etc/systemd/system/vitrine-agent.service.d/hvc0.conf"
mkdir -p "$root/etc/systemd/system/multi-user.target.wants" "$root/mnt/host"
ln -sf /etc/systemd/system/vitrine-agent.service "$root/etc/systemd/system/multi-user.target.wants/vitrine-agent.service"
echo "vitrine-test-arm64" > "$root/etc/hostname"
# No password prompt anywhere, and no console getty on the line the agent owns.
sed -i 's|^root:[^:]*:|root::|' "$root/etc/shadow"
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@hvc0.service"
# Keep journald's output off the serial console.
mkdir -p "$root/etc/systemd/journald.conf.d"
printf '[Journal]\nForwardToConsole=no\nStorage=volatile\n' > "$root/etc/systemd/journald.conf.d/test.conf"
mkfs.ext4 -q -L vitrine-root -d "$root" "$work/out/root.img" 3000M
rm -rf "$image"
mv "$work/out" "$image"
# Keep only the newest arm64 image.
find "$cache" -maxdepth 1 -name 'debian13-arm64-*' ! -name "debian13-arm64-$key" -exec rm -rf {} +
echo "build-image-arm64: image ready in $((SECONDS - started)) s" >&2
echo "$image"
