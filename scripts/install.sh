#!/usr/bin/env bash
# Installs Vitrine as a boot-to-kiosk service (Docs/deployment.md).
#
#   scripts/install.sh                  build, install, create the user, enable the service
#   scripts/install.sh --root DIR       stage the same files under DIR (an image being built)
#   scripts/install.sh --binary PATH    install this binary instead of building one
#   scripts/install.sh --config FILE    the kiosk config to install as /etc/vitrine/kiosk.json, with
#                                       the images/ and data/ beside it (default: none, the
#                                       built-in demo runs)
#   scripts/install.sh --no-enable      install without enabling the service
#
# On a Debian system prefer the package (scripts/build-deb.sh). Running this again replaces the
# program, the units and the udev rules, and keeps what the integrator changed, saying so: a
# kiosk.json changed since this script installed it stays, and FILE goes beside it as
# kiosk.json.new; a picture or data file that differs from FILE's stays too (it reports each).
# /var/lib/vitrine/install.sha256 records what it installed, to tell the two apart.
set -euo pipefail
cd "$(dirname "$0")/.."
root=""
binary=""
config=""
enable=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --no-enable) enable=no; shift ;;
    *) echo "install: unknown option $1 (see the top of scripts/install.sh)" >&2; exit 2 ;;
  esac
done

if [ -z "$binary" ]; then
  scripts/install-deps.sh
  swift build -c release --static-swift-stdlib --product vitrine >&2
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/vitrine"
fi

if [ -z "$root" ]; then
  # The shared libraries the binary links (the Swift runtime is inside it).
  runtime=(libdrm2 libinput10 libudev1 libpixman-1-0 libfreetype6 libharfbuzz0b libfontconfig1 libpng16-16
           libjpeg62-turbo libturbojpeg0 libgif7 libwebp7 libwebpdemux2 libqrencode4 libyaml-0-2 libxkbcommon0 xkb-data libespeak-ng1 espeak-ng-data libasound2
           fonts-inter fonts-dejavu-core fonts-material-design-icons-iconfont)
  missing=()
  for package in "${runtime[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
fi

install -D -m 0755 "$binary" "$root/usr/bin/vitrine"
# Before the Debian package, this script put it in /usr/local/bin, which comes first on the PATH.
if [ -e "$root/usr/local/bin/vitrine" ]; then
  rm -f "$root/usr/local/bin/vitrine"
  echo "install: removed /usr/local/bin/vitrine (the program is /usr/bin/vitrine now)"
fi
install -D -m 0644 Systemd/vitrine.service "$root/etc/systemd/system/vitrine.service"
install -D -m 0644 Systemd/vitrine.sysusers "$root/etc/sysusers.d/vitrine.conf"
# The other units beside vitrine.service (vitrine-calibrate.service: touch calibration in the
# kiosk's place) and the udev rules (70-vitrine-calibration.rules: every libinput user gets the
# stored calibration as LIBINPUT_CALIBRATION_MATRIX); Docs/calibration.md.
for extra in Systemd/*.service Systemd/*.rules; do
  [ -e "$extra" ] || continue
  case "$extra" in
    Systemd/vitrine.service) ;;
    *.rules) install -D -m 0644 "$extra" "$root/etc/udev/rules.d/$(basename "$extra")" ;;
    *) install -D -m 0644 "$extra" "$root/etc/systemd/system/$(basename "$extra")" ;;
  esac
done
install -d -m 0755 "$root/etc/vitrine" "$root/var/lib/vitrine"

# The config: installed once, then the integrator's. The checksums of what this script installed
# tell a file nobody changed (replaced by the new one, as dpkg does with a conffile) from one
# the integrator changed (kept, the new one put beside it).
sums="$root/var/lib/vitrine/install.sha256"
touch "$sums"
sum_of() { sha256sum < "$1" | cut -d ' ' -f 1; }
recorded() { awk -v f="$1" '$2 == f { s = $1 } END { print s }' "$sums"; }
record() {
  local others
  others=$(awk -v f="$1" '$2 != f' "$sums")
  { [ -z "$others" ] || printf '%s\n' "$others"; printf '%s %s\n' "$(sum_of "$root$1")" "$1"; } > "$sums.tmp"
  mv "$sums.tmp" "$sums"
}
# install_kept SOURCE PATH: installs SOURCE as PATH (under $root) unless PATH was changed since
# this script installed it; returns 1 when it kept PATH, with the reason in $why.
install_kept() {
  local source="$1" path="$2" target="$root$2"
  why="changed by you"
  [ -n "$(recorded "$path")" ] || why="not installed by this script, or before it recorded what it installed"
  if [ ! -e "$target" ]; then
    install -D -m 0644 "$source" "$target"; record "$path"; echo "install: installed $path"
  elif cmp -s "$source" "$target"; then
    record "$path"
  elif [ "$(sum_of "$target")" = "$(recorded "$path")" ]; then
    install -m 0644 "$source" "$target"; record "$path"; echo "install: updated $path (you had not changed it)"
  else
    return 1
  fi
}
config_target=/etc/vitrine/kiosk.json
if [ -n "$config" ]; then
  if ! install_kept "$config" "$config_target"; then
    install -m 0644 "$config" "$root$config_target.new"
    echo "install: kept $config_target ($why); the new one, $config, is at $config_target.new"
  fi
  # The folders a config names by relative path: its pictures and its live data files.
  for folder in images data; do
    [ -d "$(dirname "$config")/$folder" ] || continue
    base="$(dirname "$config")/$folder"
    while IFS= read -r -d '' file; do
      relative="${file#"$base"/}"
      if ! install_kept "$file" "/etc/vitrine/$folder/$relative" >/dev/null; then
        echo "install: kept /etc/vitrine/$folder/$relative ($why); the new one is $file"
      fi
    done < <(find "$base" -type f -print0 | sort -z)
  done
elif [ -e "$root$config_target" ]; then
  echo "install: kept $config_target (no --config given)"
else
  echo "install: no $config_target: the kiosk runs the built-in demo (--config FILE installs one)"
fi

if [ -n "$root" ]; then
  # Staged: the image's first boot creates the user; enabling is a symlink.
  if [ "$enable" = yes ]; then
    install -d "$root/etc/systemd/system/multi-user.target.wants"
    ln -sf /etc/systemd/system/vitrine.service "$root/etc/systemd/system/multi-user.target.wants/vitrine.service"
    ln -sf /dev/null "$root/etc/systemd/system/getty@tty1.service"
  fi
  echo "install: staged Vitrine under $root"
  exit 0
fi

systemd-sysusers /etc/sysusers.d/vitrine.conf
# 0755, as the units' StateDirectory= sets it again on every start; the calibration files inside
# are 0640 (UMask=0027), read by the kiosk's user and by udev as root.
install -d -o vitrine -g vitrine -m 0755 /var/lib/vitrine /var/lib/vitrine/calibration
systemctl daemon-reload
# The calibration rule applies to touchscreens added from now on; re-plug (or reboot) for the
# ones present, which only matters to libinput users other than Vitrine.
udevadm control --reload
if [ "$enable" = yes ]; then
  # No login prompt on the kiosk's VT, even if logind spawns one on demand.
  systemctl mask getty@tty1.service >/dev/null
  systemctl enable vitrine.service
  echo "install: Vitrine is enabled; start it now with 'systemctl start vitrine' or reboot"
  echo "install: calibrate the touchscreen on the panel with 'systemctl start vitrine-calibrate' (Docs/calibration.md)"
else
  echo "install: Vitrine is installed (not enabled)"
fi
