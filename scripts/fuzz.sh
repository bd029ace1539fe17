#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz (one per parser an outsider controls, and fuzz-sequence
# for hostile sequences over time; Docs/testing.md, "Fuzzing") with AddressSanitizer and runs each for SECONDS (default 60; scripts/test.sh gives
# 15), starting from its checked-in seeds (Tests/Fuzz/Corpus/<target>) and past crash inputs
# (Tests/Fuzz/Crashes/<target>, also regression tests of the unit suite) and its dictionary. Fails, naming the target and the
# input that did it, on any crash, leak, timeout (10 s per input) or passing 2 GB resident; prints
# each target's total executions and executions per second.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. scripts/fuzz.sh 600 fuzz-recording
#
# New inputs that reach new code go to .build/fuzz/<target>/corpus (not the checked-in seeds); a
# failing input is kept as .build/fuzz/<target>/crash-…, -leak-… or -timeout-…: copy it to
# Tests/Fuzz/Crashes/<target>/ and add a regression test (Docs/testing.md).
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift $(( $# > 0 ? 1 : 0 ))
all=(fuzz-config fuzz-recording fuzz-touch-script fuzz-png fuzz-jpeg fuzz-gif fuzz-webp fuzz-calibration fuzz-control fuzz-data fuzz-sequence fuzz-expression)
targets=("${@:-${all[@]}}")
case "$seconds" in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac

# Which dictionary each target reads (Tests/Fuzz/Dictionaries, written by make-dictionaries.py).
dictionary() {
  case "$1" in
    fuzz-config) echo config ;;
    fuzz-recording) echo yaml ;;
    fuzz-touch-script | fuzz-control | fuzz-data) echo json ;;
    fuzz-calibration) echo calibration ;;
    fuzz-expression) echo expression ;;
    *) echo "" ;;
  esac
}

# -Xswiftc -sanitize=fuzzer,address reaches every Swift target of the build, Vitrine's own
# included, so coverage comes from the parsers; it has to be one option, because SwiftPM's
# `--sanitize=fuzzer --sanitize=address` passes two and swiftc keeps only the last (nothing got
# coverage counters). `--sanitize=fuzzer` stays so SwiftPM lets libFuzzer provide `main`.
build=(swift build --package-path Tests/Fuzz -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
echo "fuzz.sh: ${build[*]}" >&2
"${build[@]}" >&2 || { echo "FAIL fuzz: the fuzz targets do not build" >&2; exit 1; }
bin=$("${build[@]}" --show-bin-path)

# LeakSanitizer stops the process with ptrace; where that is not allowed (some containers) it
# cannot run, and the targets run without leak detection rather than not at all (said below).
leaks=1
mkdir -p .build/fuzz
printf 'x' >.build/fuzz/probe
if ! ASAN_OPTIONS=detect_leaks=1 "$bin/fuzz-png" -detect_leaks=1 .build/fuzz/probe >/dev/null 2>&1; then
  leaks=0
  echo "fuzz.sh: LeakSanitizer does not work here; leaks are not detected" >&2
fi

failed=()
for target in "${targets[@]}"; do
  [ -x "$bin/$target" ] || { echo "fuzz.sh: no fuzz target '$target' (have: ${all[*]})" >&2; exit 2; }
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus"
  rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=$leaks
    -print_final_stats=1 -artifact_prefix="$work/")
  dict=$(dictionary "$target")
  [ -n "$dict" ] && options+=(-dict="Tests/Fuzz/Dictionaries/$dict.dict")
  echo "=== $target: ${seconds} s" >&2
  inputs=("$work/corpus" "Tests/Fuzz/Corpus/$target")
  [ -d "Tests/Fuzz/Crashes/$target" ] && inputs+=("Tests/Fuzz/Crashes/$target")
  ASAN_OPTIONS="detect_leaks=$leaks" "$bin/$target" "${options[@]}" "${inputs[@]}" >"$work/log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log" | tail -n 1)
  seeded=$(grep -m 1 'INITED' "$work/log" | grep -o 'cov: [0-9]*' | cut -d' ' -f2)
  coverage=$(grep -o 'cov: [0-9]*' "$work/log" | tail -n 1 | cut -d' ' -f2)
  artifact=$(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null | head -n 1)
  echo "$target: ${runs:-?} executions, ${rate:-?} per second, coverage ${seeded:-?} → ${coverage:-?} edges (start → end), $(ls "$work/corpus" | wc -l) inputs kept" >&2
  if [ $status -ne 0 ] || [ -n "$artifact" ]; then
    echo "FAIL $target (exit $status): ${artifact:-no input saved} — the log is $work/log:" >&2
    grep -E 'ERROR|SUMMARY|Fatal error|panic|deadly signal|Test unit written' "$work/log" | head -n 20 >&2
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "FAIL fuzz: ${failed[*]}" >&2
  exit 1
fi
echo "PASS fuzz: ${targets[*]} (${seconds} s each)" >&2
