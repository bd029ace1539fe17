#!/usr/bin/env bash
# Installs what is missing and runs every test: the unit tests, install.sh's re-runs, the Debian
# package (built and checked by lintian), the QEMU system tests (real DRM, fbdev and libinput on
# a Debian kernel; test-boot.py installs that package), then `vitrine bench` for the record
# (timing never fails the run). Prints PASS/FAIL lines; exits non-zero if any test failed.
#
# One release build (`swift build -c release --static-swift-stdlib --product vitrine`) serves
# the package, the system tests and the bench.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --vm --bench --package || exit 1

failed=()
# Each step's start is printed with the seconds since the run began, so a run's log says what
# each step cost (Docs/testing.md quotes them).
started=$SECONDS
step() {
  echo "=== $1 (at $((SECONDS - started)) s)" >&2
}

step "unit tests"
if ! swift build --build-tests || ! swift test; then
  failed+=("unit tests")
fi

step "manifest dependencies equal imports"
if ! python3 scripts/check-imports.py; then
  failed+=("manifest dependencies equal imports")
fi

step "swift format (the checked-in .swift-format; \`swift format format -i -r --parallel Sources Tests Package.swift Examples\` fixes it)"
if ! swift format lint --strict -r --parallel Sources Tests Package.swift Examples; then
  failed+=("swift format")
fi

step "unit tests under AddressSanitizer and LeakSanitizer (swift test --sanitize=address, own build in .build/asan)"
# A second, instrumented build of everything (see Docs/testing.md "Sanitizers" for its cost).
# LeakSanitizer runs at exit: a reference cycle that keeps a scene alive fails the run
# (Tests/lsan.supp names the one toolchain library whose own allocations it must not count).
if ! swift build --build-tests --sanitize=address --scratch-path .build/asan \
  || ! LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" swift test --skip-build --sanitize=address --scratch-path .build/asan; then
  failed+=("unit tests under ASan")
fi

step "the suites with a second thread under ThreadSanitizer (VsyncWaiter, control socket, fork-join, the split blur and frame, the config's images on two cores; own build in .build/tsan)"
# fbdev's vblank thread, the control-socket tests' client threads and ForkJoin's second core
# (the split blur and composite, SecondCoreTests; the config check's image decodes,
# ConfigImageThreadsTests) are the only code where a second thread touches what the loop
# reads; the rest of the suite is single-threaded.
if ! swift build --build-tests --sanitize=thread --scratch-path .build/tsan \
  || ! swift test --skip-build --sanitize=thread --scratch-path .build/tsan --filter "VsyncWaiterTests|ControlSocketTests|ForkJoinTests|SecondCoreTests|ConfigImageThreadsTests"; then
  failed+=("threaded suites under TSan")
fi

step "fuzz targets (scripts/fuzz.sh 60: config, libinput record, touch script, PNG, JPEG, calibration, control line, data file; ASan)"
if ! scripts/fuzz.sh 60; then failed+=("fuzz"); fi

step "soak (vitrine soak: 100,000 random touches through the demo, headless; VmRSS growth under 1 MiB)"
# The debug build of the unit tests; virtual time, so the seed plays the same soak everywhere.
if ! .build/debug/vitrine soak --events 100000 --seed 1; then
  failed+=("soak")
fi

step "preview window under Xvfb (scripts/test-preview.py: pixels, drag, live reload, error page, rotate, close)"
if ! python3 scripts/test-preview.py --vitrine .build/debug/vitrine; then
  failed+=("preview window")
fi

step "example Swift app (Examples/swift-app: depends on Vitrine by path, its own replay test)"
if ! swift build --package-path Examples/swift-app --build-tests || ! swift test --package-path Examples/swift-app; then
  failed+=("example Swift app")
fi

step "install.sh re-runs (scripts/test-install.sh: what it keeps, on a staged root)"
if ! scripts/test-install.sh; then
  failed+=("test-install.sh")
fi

step "Debian package (scripts/build-deb.sh: the release build, dpkg-buildpackage, lintian without errors)"
# test-boot.py installs this very package in its guest.
if deb=$(scripts/build-deb.sh | tail -n 1) && [ -f "$deb" ]; then
  export VITRINE_DEB="$deb"
else
  failed+=("Debian package")
  export VITRINE_DEB=".build/deb/none (scripts/build-deb.sh failed)"
fi

for system_test in scripts/vm/test-*.py; do
  step "system test $(basename "$system_test")"
  if ! python3 "$system_test"; then
    failed+=("$(basename "$system_test")")
  fi
done

step "bench (informational: timing does not fail the run)"
# The same release build as the package and the system tests (nothing is rebuilt or relinked).
if swift build -c release --static-swift-stdlib --product vitrine; then
  "$(swift build -c release --static-swift-stdlib --show-bin-path)/vitrine" bench --json .build/bench.json \
    || echo "bench: did not complete (not a test failure)" >&2
fi

step "done"
if [ ${#failed[@]} -ne 0 ]; then
  echo "FAIL: ${failed[*]}"
  exit 1
fi
echo "PASS: all tests"
