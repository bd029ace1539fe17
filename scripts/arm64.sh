#!/usr/bin/env bash
# Vitrine for arm64 boards (a Raspberry Pi 4 or 5, an i.MX8) made and checked on this amd64
# machine (issue 30):
#   1. cross-compiled: Debian 13's amd64 Swift (swiftlang 6.0.3, in scripts/debian13.sh's root)
#      targets aarch64 against an arm64 sysroot — Debian 13's arm64 packages extracted, among
#      them swiftlang's aarch64 modules and static runtime (`mmdebstrap --variant=extract`);
#   2. packaged in that root with arm64 added as a foreign architecture (multiarch): the arm64
#      runtime libraries installed beside the amd64 ones give dpkg-shlibdeps the arm64
#      dependencies, binutils-aarch64-linux-gnu strips, lintian checks it; the manual pages come
#      from the amd64 release binary (the same sources and text);
#   3. checked under qemu-user (qemu-aarch64-static, started by chroot) in the sysroot, which
#      holds Debian 13's arm64 libraries and fonts: `vitrine render` of every
#      example equals the goldens drawn on amd64, pixel for pixel, and the component tests' touch
#      recordings replayed through the demo give the same state dumps and pixels as the amd64
#      release binary ($VITRINE_BINARY).
#
#   scripts/arm64.sh                 all three; the .deb is .build/arm64/vitrine_<version>_arm64.deb
#   scripts/arm64.sh --package-only  1 and 2 (scripts/build-deb.sh --arch arm64); prints the .deb
#
# The sysroot is kept in /var/cache/vitrine-ci (VITRINE_ARM64_SYSROOT) and made again when
# missing (about 40 s). Needs root. Its fonts are Debian 13's but for Inter, which is Debian 12's,
# as for the goldens (scripts/test-fonts.sh says why).
set -euo pipefail
cd "$(dirname "$0")/.."
checks=1
case "${1:-}" in
  --package-only) checks=0 ;;
  "") ;;
  *) echo "arm64: unknown option $1 (use --package-only)" >&2; exit 2 ;;
esac

compiler=${VITRINE_TRIXIE_ROOT:-/var/cache/vitrine-ci/trixie-amd64}
sysroot=${VITRINE_ARM64_SYSROOT:-/var/cache/vitrine-ci/trixie-arm64-sysroot}
mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
out=.build/arm64
mkdir -p "$out"
started=$SECONDS
say() { echo "arm64: $* (at $((SECONDS - started)) s)" >&2; }

# qemu-user runs the arm64 programs: its static build copied into the sysroot and started by
# chroot, so no binfmt_misc registration is needed (a CI machine may not allow one).
for tool in qemu-aarch64-static:qemu-user-static arch-test:arch-test readelf:binutils; do
  command -v "${tool%%:*}" >/dev/null || { echo "arm64: needs ${tool##*:} (scripts/install-deps.sh --vm)" >&2; exit 1; }
done

# 1. The compiler (amd64) and the sysroot (arm64 files it compiles and links against).
scripts/debian13.sh --setup-only
headers="libc6-dev,libgcc-14-dev,libstdc++-14-dev,libdrm-dev,libinput-dev,libudev-dev,libpixman-1-dev,libfreetype-dev"
headers="$headers,libharfbuzz-dev,libfontconfig-dev,libpng-dev,libjpeg62-turbo-dev,libturbojpeg0-dev,libgif-dev,libwebp-dev,libyaml-dev,libxkbcommon-dev,libsdl2-dev"
headers="$headers,libespeak-ng-dev,libasound2-dev,libqrencode-dev"
# Made again when its package list changed (a stamp inside says which it holds): a sysroot from
# before libxkbcommon-dev joined it could not build the keyboard code, one from before
# libespeak-ng-dev and libasound2-dev joined it not the speech.
if [ ! -e "$sysroot/usr/libexec/swift/lib/swift_static/linux/static-stdlib-args.lnk" ] || [ "$(cat "$sysroot/.vitrine-headers" 2>/dev/null)" != "$headers" ]; then
  say "making the arm64 sysroot in $sysroot"
  # --one-file-system: never into a /proc or /dev a killed run left bound inside it.
  rm -rf --one-file-system "$sysroot.tmp" "$sysroot"
  mmdebstrap --arch=arm64 --variant=extract \
    --include="$headers,swiftlang,libswiftlang,fonts-dejavu-core,fonts-lohit-deva,fonts-material-design-icons-iconfont" \
    trixie "$sysroot.tmp" "$mirror" >&2
  # Merged /usr, as an installed system has it (libc's linker scripts name /lib/...).
  for folder in bin sbin lib; do [ -e "$sysroot.tmp/$folder" ] || ln -s "usr/$folder" "$sysroot.tmp/$folder"; done
  # Debian 12's Inter, which the goldens were drawn with (scripts/test-fonts.sh), extracted like the rest.
  dpkg-deb -x "$(scripts/test-fonts.sh --deb)" "$sysroot.tmp"
  printf '%s' "$headers" > "$sysroot.tmp/.vitrine-headers"
  mv "$sysroot.tmp" "$sysroot"
fi

source scripts/lib/chroot.sh
for fs in proc dev; do chroot_bind "/$fs" "$compiler/$fs"; done
chroot_bind "$sysroot" "$compiler/sysroot-arm64"
chroot_sync "$compiler"

say "cross-compiling (release, static Swift runtime) for aarch64"
# The sysroot's static resource folder holds the aarch64 modules and static-stdlib-args.lnk;
# -sdk reaches the Swift frontend too (SwiftPM's --sdk gives clang its --sysroot only); lld
# links for any target. SwiftPM's own pkg-config reads PKG_CONFIG_PATH: the sysroot's .pc files
# (with the amd64 ones it links amd64 libraries, and lld takes the output for x86-64).
chroot "$compiler" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  PKG_CONFIG_SYSROOT_DIR=/sysroot-arm64 \
  PKG_CONFIG_PATH=/sysroot-arm64/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot-arm64/usr/share/pkgconfig \
  PKG_CONFIG_LIBDIR=/sysroot-arm64/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot-arm64/usr/share/pkgconfig \
  bash -c 'cd /src && swift build -c release --static-swift-stdlib --product vitrine --scratch-path .build-arm64 \
    --triple aarch64-unknown-linux-gnu --sdk /sysroot-arm64 \
    -Xswiftc -resource-dir -Xswiftc /sysroot-arm64/usr/libexec/swift/lib/swift_static \
    -Xswiftc -sdk -Xswiftc /sysroot-arm64 -Xswiftc -use-ld=lld' >&2
install -m 0755 "$compiler/src/.build-arm64/aarch64-unknown-linux-gnu/release/vitrine" "$out/vitrine"
say "built $out/vitrine: $(file -b "$out/vitrine" | cut -d, -f1-2)"

# 2. The package, in the compiler's root with arm64 as a foreign architecture.
in_compiler() { chroot_run "$compiler" "$1"; }
runtime="libc6 libgcc-s1 libstdc++6 libdrm2 libinput10 libudev1 libpixman-1-0 libfreetype6 libharfbuzz0b libfontconfig1"
runtime="$runtime libpng16-16t64 libjpeg62-turbo libturbojpeg0 libgif7 libwebp7 libwebpdemux2 libyaml-0-2 libxkbcommon0 libespeak-ng1 libasound2t64 libqrencode4"
# Every runtime library checked, not one: a root made before a library joined the list (libxkbcommon0,
# issue 32; libespeak-ng1 and libasound2t64, issue 33) lacked it, and dpkg-shlibdeps stopped the package.
if ! in_compiler "dpkg --print-foreign-architectures | grep -qx arm64 && dpkg -s binutils-aarch64-linux-gnu lintian $(for p in $runtime; do printf '%s:arm64 ' "$p"; done) >/dev/null 2>&1"; then
  say "adding arm64 to the compiler's root (its runtime libraries, for dpkg-shlibdeps)"
  in_compiler "dpkg --add-architecture arm64 && apt-get update -q && apt-get install -y -q --no-install-recommends \
    debhelper dpkg-dev fakeroot lintian file binutils-aarch64-linux-gnu $(for p in $runtime; do printf '%s:arm64 ' "$p"; done)" >&2
fi
amd64=${VITRINE_BINARY:-.build/release/vitrine}
[ -x "$amd64" ] || { echo "arm64: no amd64 release binary at $amd64 (VITRINE_BINARY): it writes the manual pages" >&2; exit 1; }
install -m 0755 "$amd64" "$compiler/src/.build-arm64/vitrine-amd64"
say "packaging for arm64"
# nocheck: debian/rules' checks run the packaged binary, which cannot run here; step 3 runs it.
deb=$(in_compiler "cd /src && DEB_BUILD_OPTIONS=nocheck VITRINE_MANUAL_BINARY=/src/.build-arm64/vitrine-amd64 scripts/build-deb.sh --no-install --arch arm64 \
  --binary .build-arm64/aarch64-unknown-linux-gnu/release/vitrine --out .build-arm64/deb" | tail -n 1)
cp "$compiler$deb" "$out/"
deb="$out/$(basename "$deb")"
say "made $deb: Depends: $(dpkg-deb -f "$deb" Depends)"
if [ $checks -eq 0 ]; then
  echo "$deb"
  exit 0
fi

# 3. The same pictures and states as amd64.
# The sysroot as an arm64 machine: the binary and the inputs copied in, qemu-user runs it.
target=$sysroot
rsync -a --delete Examples Tests/VitrineComponentTests/Recordings "$target/src/" 2>/dev/null || {
  mkdir -p "$target/src"; rsync -a --delete Examples Tests/VitrineComponentTests/Recordings "$target/src/"; }
mkdir -p "$target/src/.build/arm64" "$target/proc" "$target/dev"
install -m 0755 "$out/vitrine" "$target/src/.build/arm64/vitrine"
for fs in proc dev; do chroot_bind "/$fs" "$target/$fs"; done
# The sysroot holds libraries, not a shell: the binary is started straight by chroot.
install -m 0755 "$(command -v qemu-aarch64-static)" "$target/usr/bin/qemu-aarch64-static"
arm() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/tmp chroot "$target" /usr/bin/qemu-aarch64-static /src/.build/arm64/vitrine "$@"; }
failed=0
compare() { python3 scripts/vm/compare-pictures.py "$@" || failed=1; }
for example in museum cafe tickets; do
  rm -rf "$target/tmp/render-$example"
  arm render "/src/Examples/$example/kiosk.json" --out "/tmp/render-$example" --size 1280x800 --scale 1 >/dev/null 2>&1 \
    || { echo "arm64: FAIL: vitrine render Examples/$example under qemu-user" >&2; failed=1; continue; }
  compare --label "render $example (arm64) against the amd64 goldens" "$target/tmp/render-$example" "Tests/VitrineComponentTests/Snapshots/$example"
done
for recording in Tests/VitrineComponentTests/Recordings/*.json Tests/VitrineComponentTests/Recordings/*.yml; do
  name=$(basename "$recording")
  mkdir -p "$out/replay/amd64" "$target/tmp/replay"
  "$amd64" replay --events "$recording" --scene demo --screenshot "$out/replay/amd64/$name.png" --state-out "$out/replay/amd64/$name.json" >/dev/null 2>&1
  arm replay --events "/src/Recordings/$name" --scene demo --screenshot "/tmp/replay/$name.png" --state-out "/tmp/replay/$name.json" >/dev/null 2>&1 \
    || { echo "arm64: FAIL: vitrine replay $name under qemu-user" >&2; failed=1; continue; }
  if cmp -s "$out/replay/amd64/$name.json" "$target/tmp/replay/$name.json"; then
    echo "arm64: PASS: replay $name: the same state dump as amd64"
  else
    echo "arm64: FAIL: replay $name: the state dumps differ (diff $out/replay/amd64/$name.json $target/tmp/replay/$name.json)" >&2
    failed=1
  fi
  compare --label "replay $name (arm64) against amd64" --file "$target/tmp/replay/$name.png" "$out/replay/amd64/$name.png"
done
say "done"
exit $failed
