#!/usr/bin/env bash
# Runs `.ci/run` N times in a row (default 2), each on a fresh clone of a commit, while a
# second clone is built from scratch again and again with one job: the "other core loaded"
# check of issue 16. Prints each run's exit status and wall time; the logs stay in WORK.
#
#   scripts/ci-under-load.sh [--runs N] [--commit REV] [--work DIR]
#
# Run it as root (as CI does) on a machine with nothing else to do: one run takes about 80
# minutes on the two-core build machine under this load, about 50 without it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=2
commit=$(git rev-parse HEAD)
work=/tmp/vitrine-ci-under-load
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --commit) commit=$(git rev-parse "$2"); shift 2 ;;
    --work) work="$2"; shift 2 ;;
    *) echo "usage: scripts/ci-under-load.sh [--runs N] [--commit REV] [--work DIR]" >&2; exit 2 ;;
  esac
done
source_dir=$PWD
mkdir -p "$work"
rm -f "$work/stop-load"

# The load: a from-scratch debug build of a second clone, one job, until the runs are done.
rm -rf "$work/load" && git clone -q "$source_dir" "$work/load"
(
  cd "$work/load" && git checkout -q "$commit"
  while [ ! -f "$work/stop-load" ]; do
    rm -rf .build
    swift build -j 1 > "$work/load.log" 2>&1 || true
  done
) &
load=$!
trap 'touch "$work/stop-load"; pkill -P "$load" 2>/dev/null || true; kill "$load" 2>/dev/null || true' EXIT

status=0
for n in $(seq 1 "$runs"); do
  clone="$work/run$n"
  rm -rf "$clone" && git clone -q "$source_dir" "$clone" && git -C "$clone" checkout -q "$commit"
  start=$(date +%s)
  if (cd "$clone" && CI=true bash .ci/run > "$work/run$n.log" 2>&1); then rc=0; else rc=$?; status=1; fi
  echo "ci-under-load: run $n of $(git rev-parse --short "$commit"): exit $rc after $(( $(date +%s) - start )) s (log: $work/run$n.log)"
done
exit $status
