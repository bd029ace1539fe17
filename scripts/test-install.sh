#!/usr/bin/env bash
# Tests scripts/install.sh's re-runs on a staged root (--root, no systemd, no root needed): the
# program and units land where the units expect them, a config nobody changed is updated, one
# the integrator changed is kept with the new one beside it and a message saying so, and a
# changed picture is kept too. Prints PASS/FAIL lines; exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
failed=0
check() {  # check LABEL COMMAND...
  local label="$1"; shift
  if "$@"; then echo "PASS install: $label"; else echo "FAIL install: $label"; failed=1; fi
}
has() { grep -qF -- "$2" <<<"$1"; }
run() { scripts/install.sh --root "$root" --binary "$work/vitrine" --no-enable "$@" 2>&1; }

printf '#!/bin/sh\necho vitrine 1\n' > "$work/vitrine"; chmod +x "$work/vitrine"
mkdir -p "$work/one/images" "$work/two/images"
cp Examples/kiosk.json "$work/one/kiosk.json"
printf 'picture 1\n' > "$work/one/images/a.jpg"
python3 -c "import json,sys; d=json.load(open('Examples/kiosk.json')); d['theme']['tint']='#123456'; json.dump(d, open(sys.argv[1],'w'))" "$work/two/kiosk.json"
printf 'picture 2\n' > "$work/two/images/a.jpg"
mkdir -p "$root/usr/local/bin"; cp "$work/vitrine" "$root/usr/local/bin/vitrine"

out=$(run --config "$work/one/kiosk.json")
exec_path=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$root/etc/systemd/system/vitrine.service")
check "the program is where the unit runs it ($exec_path)" test -x "$root$exec_path"
check "the calibration unit runs the same program" grep -q "^ExecStart=$exec_path calibrate" "$root/etc/systemd/system/vitrine-calibrate.service"
check "the old /usr/local/bin/vitrine is removed, and it says so" \
  bash -c "[ ! -e '$root/usr/local/bin/vitrine' ] && grep -q 'removed /usr/local/bin/vitrine' <<<'$out'"
check "first run installs the config and its picture" cmp -s "$work/one/kiosk.json" "$root/etc/vitrine/kiosk.json"
check "... the picture" cmp -s "$work/one/images/a.jpg" "$root/etc/vitrine/images/a.jpg"

out=$(run --config "$work/two/kiosk.json")
check "a re-run with a new config replaces the one nobody changed, and says so" \
  bash -c "cmp -s '$work/two/kiosk.json' '$root/etc/vitrine/kiosk.json' && grep -q 'updated /etc/vitrine/kiosk.json (you had not changed it)' <<<'$out'"
check "... and its unchanged picture" cmp -s "$work/two/images/a.jpg" "$root/etc/vitrine/images/a.jpg"

echo '{"changed": "by the integrator"}' > "$root/etc/vitrine/kiosk.json"
cp "$root/etc/vitrine/kiosk.json" "$work/mine.json"
printf 'my picture\n' > "$root/etc/vitrine/images/a.jpg"
out=$(run --config "$work/one/kiosk.json")
echo "$out" | sed 's/^/  | /'
check "a re-run keeps the config the integrator changed" cmp -s "$work/mine.json" "$root/etc/vitrine/kiosk.json"
check "... puts the new one beside it as kiosk.json.new" cmp -s "$work/one/kiosk.json" "$root/etc/vitrine/kiosk.json.new"
check "... and says what it kept and where the new one is" has "$out" "kept /etc/vitrine/kiosk.json (changed by you); the new one, $work/one/kiosk.json, is at /etc/vitrine/kiosk.json.new"
check "a changed picture is kept, and reported" \
  bash -c "grep -qx 'my picture' '$root/etc/vitrine/images/a.jpg' && grep -qF 'kept /etc/vitrine/images/a.jpg (changed by you)' <<<'$out'"

out=$(run)
check "a re-run without --config keeps the config and says so" \
  bash -c "cmp -s '$work/mine.json' '$root/etc/vitrine/kiosk.json' && grep -qF 'kept /etc/vitrine/kiosk.json (no --config given)' <<<'$out'"

rm -f "$root/var/lib/vitrine/install.sha256"
out=$(run --config "$work/two/kiosk.json")
check "a config this script did not record is kept, with the reason" \
  bash -c "cmp -s '$work/mine.json' '$root/etc/vitrine/kiosk.json' && grep -qF 'kept /etc/vitrine/kiosk.json (not installed by this script' <<<'$out'"

if [ "$failed" -ne 0 ]; then echo "FAIL install: some checks failed"; exit 1; fi
echo "PASS install: all checks passed"
