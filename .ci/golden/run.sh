#!/usr/bin/env bash
# Every command's text and JSON on the corpus, for comparing two builds:
#   .ci/golden/run.sh OLD-BIN-DIR old/ && .ci/golden/run.sh bin/ new/ && diff -r old/ new/
# The inputs come from the registry (.ci/golden/inputs: each kind's declared
# example, sample and pictures, its readings and a value its flags refuse),
# so a new kind is covered by adding it; every command runs on every input,
# a question the kind does not answer included (the answer is its error).
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
slug() { echo "$1" | tr '/#' '__'; }
list=$(go run ./.ci/golden/inputs) || exit 1
# The front ends' own hostile inputs, which belong to no kind.
inputs=(testdata/hostile/malformed.juosan testdata/hostile/one-broken.juosan)
pictures=()
flags=()
gens=()
while IFS=$'\t' read -r what a b c; do
  case $what in
  input) inputs+=("$a") ;;
  picture) pictures+=("$a") ;;
  flag) flags+=("$a"$'\t'"$b"$'\t'"$c") ;;
  generate) gens+=("$a"$'\t'"$b"$'\t'"$c") ;;
  esac
done <<<"$list"
for in in "${inputs[@]}"; do
  s=$(slug "$in")
  for cmd in solve check backbone "count --max 5" grade "grade --steps" "grade --hint" "shift solve --quiet"; do
    tag=$(echo "$cmd" | tr ' ' '_')
    run "$s-$tag-text" $cmd "$in"
    run "$s-$tag-json" $cmd --format json "$in"
  done
  run "$s-convert" convert --to canonical "$in"
  run "$s-export" cnf export "$in"
  run "$s-apply" shift apply "$in"
done
for f in "${flags[@]}"; do
  IFS=$'\t' read -r in name value <<<"$f"
  run "$(slug "$in")-check--$name-$value" check "--$name" "$value" "$in"
done
for f in "${pictures[@]}"; do
  for m in "" --solution --backbone --second; do
    run "render-$(slug "$f")$m" render $m "$f"
  done
done
for g in "${gens[@]}"; do
  IFS=$'\t' read -r k band size <<<"$g"
  sz=(); [ "$size" = - ] || sz=(--size "$size")
  run "generate-$k-$band" generate --kind "$k" --difficulty "$band" "${sz[@]}" --seed 1 --workers 1
  run "generate-$k-$band-json" generate --kind "$k" --difficulty "$band" "${sz[@]}" --seed 1 --workers 1 --format json
done
run kinds kinds
run check-folder check --format json testdata/arrows
run cnf-solve cnf solve testdata/cnf/UF50/uf50-01.cnf
echo "$n runs into $OUT"
