#!/usr/bin/env bash
# The font the goldens were drawn with, for the tests on a machine that has another one.
#
# Every golden picture, the README's pictures and the arm64 comparison were drawn with Debian
# 12's Inter (fonts-inter 4.0~beta7+ds-1). Debian 13 ships Inter 4.1, which draws other glyphs:
# with it every golden differs (by 200+ in a channel), while FreeType and HarfBuzz of either
# release draw 4.0~beta7 pixel-identically. So on a machine whose fonts-inter is another version,
# this fetches Debian 12's package once — with apt itself, signature checked, through a private
# apt state in .build/test-fonts (the machine's sources, pins and installed fonts are not
# touched) — and writes a fontconfig file that puts it first and leaves the system's Inter out.
#
#   scripts/test-fonts.sh        prints the FONTCONFIG_FILE for the tests, or nothing when the
#                                system's Inter is the goldens' (Debian 12)
#   scripts/test-fonts.sh --deb  prints the path of Debian 12's fonts-inter package, fetched when
#                                missing (scripts/arm64.sh puts it in the arm64 sysroot)
#
# scripts/test.sh and scripts/debian13.sh export what it prints; `swift test` by hand on Debian
# 13: FONTCONFIG_FILE=$(scripts/test-fonts.sh) swift test. The panel never needs this.
set -euo pipefail
cd "$(dirname "$0")/.."
want="4.0~beta7+ds-1"
top=$PWD/.build/test-fonts
fonts=$top/root/usr/share/fonts/opentype/inter

# The package, in $top/apt/download, fetched once.
fetch() {
  local apt_dir=$top/apt
  if ! ls "$apt_dir"/download/fonts-inter_*.deb >/dev/null 2>&1; then
    local mirror=${VITRINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
    rm -rf "$apt_dir"
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/download" "$apt_dir/empty"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror bookworm main" > "$apt_dir/sources.list"
    local options=(-o Dir::Etc::SourceList="$apt_dir/sources.list" -o Dir::Etc::SourceParts="$apt_dir/empty"
      -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$apt_dir/empty" -o APT::Sandbox::User=root
      -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache" -o APT::Get::List-Cleanup=0
      -o Debug::NoLocking=1 -o APT::Architecture=amd64 -o APT::Architectures::=amd64 -o Acquire::Languages=none)
    echo "test-fonts: fetching Debian 12's fonts-inter $want, which the goldens were drawn with (a private apt state in $apt_dir)" >&2
    apt-get -q "${options[@]}" update >&2
    (cd "$apt_dir/download" && apt-get -q "${options[@]}" download "fonts-inter=$want" >&2)
  fi
  ls "$apt_dir"/download/fonts-inter_*.deb | head -n 1
}

if [ "${1:-}" = "--deb" ]; then
  fetch
  exit 0
fi
[ -z "${1:-}" ] || { echo "test-fonts: unknown option $1 (use --deb)" >&2; exit 2; }
have=$(dpkg-query -W -f='${Version}' fonts-inter 2>/dev/null || true)
[ "$have" != "$want" ] || exit 0
if [ ! -f "$fonts/Inter-Regular.otf" ]; then
  echo "test-fonts: fonts-inter is ${have:-not installed} here; the tests use Debian 12's $want" >&2
  deb=$(fetch)
  rm -rf "$top/root"
  dpkg-deb -x "$deb" "$top/root"
  [ -f "$fonts/Inter-Regular.otf" ] || { echo "test-fonts: $deb has no $fonts/Inter-Regular.otf" >&2; exit 1; }
fi
mkdir -p "$top/cache"
cat > "$top/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by scripts/test-fonts.sh: the system's fonts, but Debian 12's Inter for the goldens. -->
<fontconfig>
  <dir>$fonts</dir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>/usr/share/fonts/*/inter/*</glob></rejectfont></selectfont>
  <cachedir>$top/cache</cachedir>
</fontconfig>
CONF
echo "$top/fonts.conf"
