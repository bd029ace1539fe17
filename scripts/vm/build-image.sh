#!/usr/bin/env bash
# Builds (or reuses) the Debian 12 guest image the QEMU system tests boot.
#
# The image is a plain Debian root made by mmdebstrap with systemd, udev, the runtime
# libraries Vitrine links (eSpeak NG and ALSA for speech among them: without libespeak-ng1 the
# binary does not start, and the package does not install offline), libinput's tools and
# python3-libevdev (for uinput touch), the host's kernel modules (snd-aloop, the sound card the
# speech test plays into, among them), and a small agent on ttyS1 that runs commands for the tests. The Vitrine
# binary itself is not in the image: tests share a host folder over 9p (mounted at /mnt/host).
#
# Usage: scripts/vm/build-image.sh            prints the image path (builds it when missing)
# Env:   VITRINE_VM_CACHE  cache folder [~/.cache/vitrine-vm]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${VITRINE_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine-vm}
kernel_version=$(ls /boot/vmlinuz-* 2>/dev/null | sed 's|.*/vmlinuz-||' | sort -V | tail -n 1)
if [ -z "$kernel_version" ] || [ ! -d "/lib/modules/$kernel_version" ]; then
  echo "build-image: no kernel in /boot with modules in /lib/modules; install linux-image-amd64" >&2
  exit 1
fi
packages="systemd-sysv,udev,kmod,dbus,libdrm2,libinput10,libinput-tools,libudev1,libpixman-1-0,libfreetype6,libharfbuzz0b,libfontconfig1,libpng16-16,libjpeg62-turbo,libturbojpeg0,libgif7,libwebp7,libwebpdemux2,libqrencode4,libyaml-0-2,libxkbcommon0,xkb-data,libsdl2-2.0-0,libespeak-ng1,espeak-ng-data,libasound2,fonts-inter,fonts-dejavu-core,fonts-lohit-deva,fonts-material-design-icons-iconfont,fontconfig,python3-libevdev,python3-yaml,procps,kbd,util-linux"
key=$( (echo "$packages"; echo "$kernel_version"; cat "$here/build-image.sh" "$here/guest/"*) | sha256sum | cut -c1-16)
image="$cache/debian-$key.img"
if [ -f "$image" ]; then
  echo "$image"
  exit 0
fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
root="$work/root"
echo "build-image: creating the guest root with mmdebstrap (about a minute)" >&2
mmdebstrap --quiet --variant=minbase --include="$packages" bookworm "$root" >&2
echo "build-image: adding kernel modules $kernel_version and the test agent" >&2
mkdir -p "$root/lib/modules"
cp -a "/lib/modules/$kernel_version" "$root/lib/modules/"
install -m 0755 "$here/guest/vitrine-agent" "$root/usr/local/sbin/vitrine-agent"
install -m 0644 "$here/guest/vitrine-agent.service" "$root/etc/systemd/system/vitrine-agent.service"
mkdir -p "$root/etc/systemd/system/multi-user.target.wants" "$root/mnt/host"
ln -sf /etc/systemd/system/vitrine-agent.service "$root/etc/systemd/system/multi-user.target.wants/vitrine-agent.service"
echo "vitrine-test" > "$root/etc/hostname"
# No password prompt anywhere, and no console getty on the serial line the agent owns.
sed -i 's|^root:[^:]*:|root::|' "$root/etc/shadow"
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@ttyS1.service"
# Keep journald's output off the serial console the tests read.
mkdir -p "$root/etc/systemd/journald.conf.d"
printf '[Journal]\nForwardToConsole=no\nStorage=volatile\n' > "$root/etc/systemd/journald.conf.d/test.conf"
rm -f "$work/image.tmp"
mkfs.ext4 -q -L vitrine-root -d "$root" "$work/image.tmp" 2000M
mv "$work/image.tmp" "$image"
# Keep only the newest image.
find "$cache" -maxdepth 1 -name 'debian-*.img' ! -name "debian-$key.img" -delete
echo "$image"
