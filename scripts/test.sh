#!/usr/bin/env bash
# Installs what is missing and runs every test: the unit tests under AddressSanitizer and
# LeakSanitizer, the threaded suites under ThreadSanitizer, the fuzz targets, the soak, the
# preview window, install.sh's re-runs, the Debian package, the QEMU system tests, and `vitrine
# bench --quick` for the record (timing never fails the run). Prints PASS/FAIL lines; exits
# non-zero if any test failed or the run took longer than its budget.
#
# One build per kind (Docs/testing.md, "What CI runs and what it costs"):
#   release  `swift build -c release --static-swift-stdlib --product vitrine`: the soak, the
#            preview, the package, the system tests, the bench, and the unit tests' memory-bound
#            checks (VITRINE_RELEASE_BINARY) all use this one binary
#   ASan     the unit tests, the example app's included (they are targets of this package)
#   TSan     the suites where a second thread touches what the loop reads
#   fuzz     Tests/Fuzz with libFuzzer and ASan: each target's corpus plus 15 s
#   debian13 a debug build with --build-tests by Debian 13's own Swift (6.0.3) in a trixie root,
#            and the unit tests there (scripts/debian13.sh)
#   arm64    the same compiler's release build for aarch64, packaged, and run under qemu-user
#            against amd64's pictures and states (scripts/arm64.sh)
#
# The budget: the run fails when its total passes BUDGET seconds (VITRINE_CI_BUDGET overrides
# it, e.g. to see the budget line fail). CI stops a run at 90 minutes on a machine that may be
# busy; 45 minutes keeps a loaded run clear of that with room for the steps still to come.
#
#   scripts/test.sh                    every step (what .ci/run runs)
#   scripts/test.sh --only STEP,...    some of them: install checks release asan tsan debian13 arm64
#                                      fuzz soak preview install-sh metrics deb system bench (release is added when
#                                      a step needs the binary, deb when system needs the package)
set -uo pipefail
cd "$(dirname "$0")/.."
BUDGET=${VITRINE_CI_BUDGET:-2700}
all_steps="install checks release asan tsan debian13 arm64 fuzz soak preview install-sh metrics deb system bench"
only=""
case "${1:-}" in
  --only) only=",${2:?--only takes STEP[,STEP...]: $all_steps},"; shift 2 ;;
  "") ;;
  *) echo "scripts/test.sh: unknown option $1 (use --only STEP,...; the steps: $all_steps)" >&2; exit 2 ;;
esac
if [ -n "$only" ]; then
  for name in ${only//,/ }; do
    [[ " $all_steps " == *" $name "* ]] || { echo "scripts/test.sh: no step $name (the steps: $all_steps)" >&2; exit 2; }
  done
  [[ "$only" == *,system,* ]] && only="$only,deb,"
  [[ "$only" =~ ,(soak|preview|metrics|deb|system|bench|asan|arm64), ]] && only="$only,release,"
fi
# Whether step $1 runs.
wants() { [ -z "$only" ] || [[ "$only" == *",$1,"* ]]; }
# Runs a command with its output also kept in .build/logs/$1.log; when it fails, the lines that
# say why (failed tests, sanitizer reports, compiler errors) are kept for the summary at the end:
# CI shows only a run's tail, and a failure the summary does not explain cannot be fixed.
why=()
logged() {
  local name=$1
  shift
  mkdir -p .build/logs
  "$@" 2>&1 | tee ".build/logs/$name.log"
  local status=${PIPESTATUS[0]}
  if [ "$status" -ne 0 ]; then
    why+=("--- $name (exit $status; .build/logs/$name.log):")
    while IFS= read -r line; do why+=("  $line"); done < <(grep -E '✘|error:|WARNING: .*Sanitizer|SUMMARY: |Fatal error|fatal error|Assertion|Killed' ".build/logs/$name.log" | grep -v 'VitrineError(' | head -n 25)
  fi
  return "$status"
}

failed=()
steps=()
started=$SECONDS
step_name=""
step_started=$SECONDS
# Each step's start is printed with the seconds since the run began; its duration is kept for the
# table at the end.
step() {
  finish_step
  step_name=$1
  step_started=$SECONDS
  echo "=== $1 (at $((SECONDS - started)) s)" >&2
}
finish_step() {
  if [ -n "$step_name" ]; then steps+=("$((SECONDS - step_started))|$step_name"); fi
  step_name=""
}

if wants install; then
step "install what is missing (scripts/install-deps.sh --vm --package --qt)"
# --qt: Qt 6 Quick for the bench's informational Qt Quick rows (about 10 s of apt on a warm mirror).
scripts/install-deps.sh --vm --package --qt || exit 1
fi

# The goldens were drawn with Debian 12's Inter; where the system has another (Debian 13's 4.1),
# every test and every vitrine it starts draws with that one (scripts/test-fonts.sh).
if fonts=$(scripts/test-fonts.sh) && [ -n "$fonts" ]; then
  export FONTCONFIG_FILE="$fonts"
  echo "scripts/test.sh: the tests draw with Debian 12's Inter (FONTCONFIG_FILE=$fonts)" >&2
elif [ -z "${fonts:-}" ] && ! dpkg-query -W fonts-inter >/dev/null 2>&1; then
  echo "scripts/test.sh: fonts-inter is not installed: the golden-image tests will differ (scripts/install-deps.sh installs it)" >&2
fi

if wants checks; then
step "manifest dependencies equal imports; swift format; the example app's own manifest"
if ! python3 scripts/check-imports.py; then
  failed+=("manifest dependencies equal imports")
fi
# The house style as this swift-format reads it: Debian 13's (600) lacks two rules of 601's.
if ! swift format lint --strict --configuration "$(python3 scripts/format-config.py)" -r --parallel Sources Tests Package.swift Examples; then
  echo "swift format: run \`swift format format -i -r --parallel Sources Tests Package.swift Examples\`" >&2
  failed+=("swift format")
fi
# Examples/swift-app builds on its own against this checkout; its sources are built and tested
# below as targets of this package, so here only its manifest is resolved and compared.
if ! python3 scripts/check-example-manifest.py; then
  failed+=("example app manifest")
fi
fi

if wants release; then
step "release build (static Swift runtime): the binary for the soak, the preview, the package, the guests and the bench"
release=(swift build -c release --static-swift-stdlib --product vitrine)
if "${release[@]}"; then
  export VITRINE_BINARY
  VITRINE_BINARY="$("${release[@]}" --show-bin-path)/vitrine"
  export VITRINE_RELEASE_BINARY="$VITRINE_BINARY"
else
  failed+=("release build")
  export VITRINE_BINARY=".build/release/none (the release build failed)"
fi
fi

if wants asan; then
step "unit tests under AddressSanitizer and LeakSanitizer: build (.build/asan)"
asan_built=1
if ! swift build --build-tests --sanitize=address --scratch-path .build/asan; then
  failed+=("unit tests under ASan (build)")
  asan_built=0
fi

step "unit tests under AddressSanitizer and LeakSanitizer: run (the example app's tests included)"
# LeakSanitizer runs at exit: a reference cycle that keeps a scene alive fails the run
# (Tests/lsan.supp names the one toolchain library whose own allocations it must not count).
# VITRINE_RELEASE_BINARY: the memory bounds (the soak's growth, the big photos' peak) are
# checked on the release binary, since ASan's quarantine keeps freed blocks resident.
if [ $asan_built -eq 0 ] || ! LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" logged asan swift test --skip-build --sanitize=address --scratch-path .build/asan; then
  failed+=("unit tests under ASan")
fi
fi

if wants tsan; then
step "the suites with a second thread under ThreadSanitizer (.build/tsan)"
# fbdev's vblank thread, the control socket's client thread, ForkJoin's second core (the split
# blur and composite, the config check's image decodes) and the speech thread (SpeakerTests) are
# the only code where a second thread touches what the loop reads; the rest of the suite is
# single-threaded. LockedTests: the lock they share values through (Locked, a pthread mutex that
# TSan sees even when contended, which it does not for the standard library's Mutex).
if ! logged tsan-build swift build --build-tests --sanitize=thread --scratch-path .build/tsan \
  || ! logged tsan swift test --skip-build --sanitize=thread --scratch-path .build/tsan \
    --filter "VsyncWaiterTests|ControlSocketTests|ForkJoinTests|LockedTests|SecondCoreTests|ConfigImageThreadsTests|SpeakerTests"; then
  failed+=("threaded suites under TSan")
fi
fi

if wants debian13; then
step "Debian 13 with its own Swift 6.0.3 (scripts/debian13.sh: install-deps in a trixie root, build --build-tests, the unit tests)"
if ! scripts/debian13.sh; then
  failed+=("Debian 13 build and unit tests")
fi
fi

if wants arm64; then
step "arm64 (scripts/arm64.sh: cross-compiled by Debian 13's Swift, packaged and lintian-clean, its renders and replays under qemu-user equal amd64's)"
if ! scripts/arm64.sh; then
  failed+=("arm64 package and its checks under qemu-user")
fi
fi

if wants fuzz; then
step "fuzz targets: each corpus, then 15 s each (scripts/fuzz.sh 15; libFuzzer with ASan)"
if ! scripts/fuzz.sh 15; then failed+=("fuzz"); fi
fi

if wants soak; then
step "soak (vitrine soak, release: 100,000 random touches through the demo and through Examples/museum, headless; at rest, VmRSS growth under 1 MiB)"
# Virtual time, so the seed plays the same soak everywhere. The museum decodes its 13 photos
# once each as galleries are first visited: its baseline is read after 40,000 events.
if ! "$VITRINE_BINARY" soak --events 100000 --seed 1; then
  failed+=("soak")
fi
if ! "$VITRINE_BINARY" soak --config Examples/museum/kiosk.json --events 100000 --warm-up 40000 --seed 2; then
  failed+=("soak (museum)")
fi
fi

if wants preview; then
step "preview window under Xvfb (scripts/test-preview.py, release: pixels, drag, live reload, error page, rotate, close)"
if ! python3 scripts/test-preview.py --vitrine "$VITRINE_BINARY"; then
  failed+=("preview window")
fi
fi

if wants install-sh; then
step "install.sh re-runs (scripts/test-install.sh: what it keeps, on a staged root)"
if ! scripts/test-install.sh; then
  failed+=("test-install.sh")
fi
fi

if wants metrics; then
step "metrics file (scripts/test-metrics.py, release: vitrine run --metrics read by Prometheus's parser against the control socket's state)"
# Debian's python3 has python3-prometheus-client; a python3 earlier on the PATH (pyenv) may not.
if ! /usr/bin/python3 scripts/test-metrics.py --vitrine "$VITRINE_BINARY"; then
  failed+=("metrics file")
fi
fi

if wants deb; then
step "Debian package (scripts/build-deb.sh --binary: dpkg-buildpackage, lintian without errors; scripts/package-closure.sh: no X11, Wayland or SDL on a minimal Debian 13)"
# test-boot.py installs this very package in its guest.
if deb=$(scripts/build-deb.sh --binary "$VITRINE_BINARY" | tail -n 1) && [ -f "$deb" ]; then
  export VITRINE_DEB="$deb"
  # What it pulls onto a minimal Debian 13: no X11, Wayland or SDL (the preview loads SDL itself).
  if ! scripts/package-closure.sh "$deb"; then
    failed+=("the package's install closure")
  fi
else
  failed+=("Debian package")
  export VITRINE_DEB=".build/deb/none (scripts/build-deb.sh failed)"
fi
fi

if wants system; then
step "system tests in QEMU (scripts/vm/run-system-tests.py: one image, a boot per group, the groups side by side)"
if ! python3 scripts/vm/run-system-tests.py; then
  failed+=("system tests")
fi
fi

if wants bench; then
step "bench --quick (informational: timing does not fail the run; nothing is installed)"
"$VITRINE_BINARY" bench --quick --no-install --json .build/bench.json || echo "bench: did not complete (not a test failure)" >&2
fi

finish_step
total=$((SECONDS - started))
echo "=== what each step took" >&2
for entry in "${steps[@]}"; do
  printf '%6d s  %s\n' "${entry%%|*}" "${entry#*|}" >&2
done
printf '%6d s  total; the budget is %d s (%d min)\n' "$total" "$BUDGET" $((BUDGET / 60)) >&2
if [ "$total" -gt "$BUDGET" ]; then
  echo "FAIL budget: the run took $total s, more than its budget of $BUDGET s — find the step that grew (the table above) and make it cheaper before adding to it" >&2
  failed+=("budget ($total s > $BUDGET s)")
else
  echo "PASS budget: $total s of $BUDGET s" >&2
fi
if [ ${#failed[@]} -ne 0 ]; then
  if [ ${#why[@]} -ne 0 ]; then
    echo "=== why (the lines that say it, from each failed step's log)" >&2
    printf '%s\n' "${why[@]}" >&2
  fi
  echo "FAIL: ${failed[*]}"
  exit 1
fi
echo "PASS: all tests"
