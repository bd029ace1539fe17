#!/usr/bin/env bash
# Instruction counts of the bench's hot rows, under callgrind: a figure that does not move with
# the machine's load, to judge a change on a shared, noisy machine (issue 18). Each row runs
# `vitrine bench --only ROW --quick --no-install` under `valgrind --tool=callgrind`, collecting
# only inside the functions that row times (--toggle-collect), and prints the instructions
# executed there for the quick workload (a fixed number of frames or runs). Compare two builds
# with the same script; Docs/rendering.md, "Instruction counts", says what each row counts.
#
#   scripts/bench-instructions.sh [--vitrine PATH] [ROW ...]
set -euo pipefail
cd "$(dirname "$0")/.."
vitrine=""
if [ "${1:-}" = "--vitrine" ]; then
  vitrine="$2"
  shift 2
fi
if ! command -v valgrind > /dev/null; then
  echo "bench-instructions: valgrind is not installed: apt-get install valgrind (scripts/install-deps.sh --bench installs it)" >&2
  exit 1
fi
if [ -z "$vitrine" ]; then
  swift build -c release --product vitrine >&2
  vitrine="$(swift build -c release --show-bin-path)/vitrine"
fi
# The functions each row times, as Swift mangles them (nm on the release binary). A toggle
# flips collection on entry and off on exit, so no pattern may match a function another calls.
declare -A toggles=(
  [sheet-drag-1080p]='$s15VitrineGraphics10CompositorC6render*'
  [composite-10-solid-layers]='$s15VitrineGraphics10CompositorC6render*'
  [composite-10-image-layers]='$s15VitrineGraphics10CompositorC6render*'
  # draw(into:rect:) exactly: draw(into:rect:lane:), which it calls, starts with the same name.
  [blur-sigma20]='$s15VitrineGraphics12BackdropBlurC13invalidateAll*|$s15VitrineGraphics12BackdropBlurC4draw4into4recty0A4Core11PixelBufferC_AG0I4RectVtF'
  [text-paragraph-warm]='$s15VitrineGraphics10TextLayoutV_5style5width5scale7library*|$s15VitrineGraphics6CanvasC4draw_2at5color11compositing*'
  # The scene rows (issue 34): a whole frame, from the frame clock's tick to the copy of its
  # damage into the scanout buffer. Quick mode plays the gesture twice (a warm-up and a timed
  # turn): the printed figure is for both, the note divides it by two.
  [menu-list-fling-100-1080p]='$s9VitrineUI6WindowC11renderFrameyy0A4Core0E4TimeVF'
  [page-slide-1080p]='$s9VitrineUI6WindowC11renderFrameyy0A4Core0E4TimeVF'
)
# Gestures a scene row plays in quick mode (a warm-up and the timed turn).
declare -A turns=([menu-list-fling-100-1080p]=2 [page-slide-1080p]=2)
rows=("$@")
if [ ${#rows[@]} -eq 0 ]; then
  rows=(sheet-drag-1080p composite-10-solid-layers composite-10-image-layers blur-sigma20 text-paragraph-warm menu-list-fling-100-1080p page-slide-1080p)
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the debug information Swift 6.3 writes ("Possibly corrupted
# debuginfo file"); a copy without it keeps the symbol table the toggles name.
objcopy --strip-debug "$vitrine" "$work/vitrine"
vitrine="$work/vitrine"
printf '%-28s %16s  %s\n' "row" "instructions" "counted inside"
for row in "${rows[@]}"; do
  pattern="${toggles[$row]:-}"
  if [ -z "$pattern" ]; then
    echo "bench-instructions: no hot functions are known for '$row' (known: ${!toggles[*]})" >&2
    exit 2
  fi
  args=()
  IFS='|' read -ra functions <<< "$pattern"
  for function in "${functions[@]}"; do args+=("--toggle-collect=$function"); done
  if ! valgrind --tool=callgrind --callgrind-out-file="$work/$row.out" "${args[@]}" \
    "$vitrine" bench --only "$row" --quick --no-install > "$work/$row.log" 2>&1; then
    cat "$work/$row.log" >&2
    echo "bench-instructions: $row failed under valgrind (its output is above)" >&2
    exit 1
  fi
  total="$(awk '/^(summary|totals):/ { print $2; exit }' "$work/$row.out")"
  per=""
  if [ -n "${turns[$row]:-}" ]; then per=" ($((total / turns[$row])) a gesture)"; fi
  printf '%-28s %16s  %s%s\n' "$row" "$total" "${pattern//|/, }" "$per"
done
