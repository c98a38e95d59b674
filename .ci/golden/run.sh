#!/usr/bin/env bash
# Every command's text and JSON on the corpus, for comparing two builds:
#   .ci/golden/run.sh OLD-BIN-DIR old/ && .ci/golden/run.sh bin/ new/ && diff -r old/ new/
# Timings are masked so that the two runs compare. Run from the repository root.
set -uo pipefail
BIN=${1:?bin dir}; OUT=${2:?out dir}
mkdir -p "$OUT"
P="$BIN/puzzlesat"
mask() { sed -E 's/"(ms|check_ms|solve_ms|elapsed_ms|at_ms)": ?[0-9.]+/"\1":0/g; s/[0-9]+(\.[0-9]+)? ?(ms|s)\b/T/g'; }
n=0
run() { # name args...
  local name=$1; shift
  { "$P" "$@" 2>&1; echo "exit $?"; } | mask > "$OUT/$name.txt"
  n=$((n+1))
}
inputs=(
  testdata/juosan/janko/6x6_1.in testdata/juosan/janko/10x10_1.in "testdata/juosan/janko_instances.json#5x5_1"
  testdata/shinro/playshinro.json#5 testdata/arrows/2026-03-07 testdata/arrows/2026-01-24
  testdata/linjat/puzzles.json#easy-3 testdata/linjat/puzzles.json#hard-2
  testdata/hostile/malformed.juosan testdata/hostile/one-broken.juosan
)
i=0
for in in "${inputs[@]}"; do
  i=$((i+1))
  for cmd in solve check backbone "count --max 5" grade "grade --steps" "grade --hint"; do
    tag=$(echo "$cmd" | tr ' ' '_')
    run "$i-$tag-text" $cmd "$in"
    run "$i-$tag-json" $cmd --format json "$in"
  done
  run "$i-convert" convert --to canonical "$in"
  run "$i-export" cnf export "$in"
done
run kinds kinds
run check-folder check --format json testdata/arrows
run check-rule check --rule majority testdata/juosan/janko/6x6_1.in
run check-badrule check --rule bad testdata/juosan/janko/6x6_1.in
run check-shift check testdata/shift/reborn.txt
run shift-solve shift solve --quiet testdata/shift/loopover-3x3-worst.txt
run shift-solve-json shift solve --quiet --format json testdata/shift/loopover-3x3-worst.txt
run shift-apply shift apply testdata/shift/swap.txt unrot
run cnf-solve cnf solve testdata/cnf/UF50/uf50-01.cnf
for f in testdata/juosan/janko/6x6_1.in testdata/shinro/playshinro.json#1 testdata/arrows/2026-03-07 testdata/linjat/puzzles.json#easy-3 testdata/shift/swap.txt; do
  for m in "" --solution --backbone --second; do
    i=$((i+1)); run "render-$i" render $m "$f"
  done
done
echo "$n runs into $OUT"
