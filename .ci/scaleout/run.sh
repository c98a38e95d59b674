#!/usr/bin/env bash
# The scale-out recipes of docs/scale-out.md, run for real and shrunk (make scaleout,
# called by .ci/run): the Slurm job arrays (generate, check, shift cubes
# shards) through sbatch --wait on a single-node Slurm started here, the GNU
# parallel line with local job slots, and the Kubernetes Indexed Job checked
# against batch/v1 and its command run once per index. Every sharded run must
# give what one unsharded run gives. The scripts are read from docs/scale-out.md and
# kinds/shift/README.md (the blocks after "<!-- scaleout: NAME -->"), and only the
# numbers named in shrink calls below are changed, so the docs say what
# runs. Needs bin/ built, slurm-wlm, munge, parallel, jq, and root.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/.ci/scaleout
export PATH=$root/bin:$PATH
export LC_ALL=C
for c in puzzlesat slurmctld slurmd sbatch sinfo munged parallel jq go; do
  command -v "$c" >/dev/null || { echo "scaleout: $c not found (make build; apt-get install slurm-wlm munge parallel jq)" >&2; exit 2; }
done
unset SLURM_CONF JOB_COMPLETION_INDEX ${!SLURM_ARRAY_@}

T=$(mktemp -d -t scaleout.XXXXXX)
chmod 755 "$T" # munged wants every folder above its socket searchable
# On failure the daemons' logs, the jobs' logs and scripts and the runs'
# outputs are kept here (all of $T but munge's key and socket), replacing
# those of an earlier failure; a run that passes leaves the folder alone.
keep=${SCALEOUT_LOGS:-$root/bin/scaleout-logs}
# hang: seconds a step (an sbatch --wait, the parallel run, a k8s index)
# may take before it is killed as hung. It only catches a hang: the steps
# take seconds on a quiet machine, and a busy one makes each slower.
hang=${SCALEOUT_HANG:-600}
# shellcheck source=slurm.sh
source "$here/slurm.sh"
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  # Stopped first, so that the daemons' logs are complete.
  slurm_stop
  if ((rc != 0)); then
    echo "scaleout: FAILED (exit $rc)" >&2
    slurm_logs "$T/daemons"
    for f in "$T"/*/logs/*.err; do
      [ -s "$f" ] && { echo "---- $f" >&2; tail -n 20 "$f" >&2; }
    done
    rm -rf "$keep"
    if mkdir -p "$keep" && tar -C "$T" --exclude=./daemons/munge --exclude=./daemons/sock -cf - . | tar -C "$keep" -xf -; then
      echo "scaleout: the Slurm daemons' logs are kept in $keep/daemons/log, the jobs' logs and files in $keep" >&2
      rm -rf "$T"
    else
      echo "scaleout: could not keep the logs in $keep: they are left in $T" >&2
    fi
  else
    rm -rf "$T"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

die() { echo "scaleout: $*" >&2; exit 1; }
step() { printf 'scaleout: %-66s %3ds\n' "$1" "$SECONDS"; }

# block FILE NAME: the fenced block after the line "<!-- scaleout: NAME -->".
block() {
  local text
  text=$(awk -v m="<!-- scaleout: $2 -->" '
    $0 == m { f = 1; next }
    f == 1 && /^```/ { f = 2; next }
    f == 2 && /^```/ { exit }
    f == 2 { print }' "$root/$1")
  [ -n "$text" ] || die "$1: no block after <!-- scaleout: $2 -->"
  printf '%s\n' "$text"
}

# shrink FROM TO ...: stdin with each FROM (a literal string) replaced by TO;
# a FROM that is not there is an error (the README changed: change this too).
shrink() {
  local text
  text=$(cat)
  while (($#)); do
    [[ $text == *"$1"* ]] || die "shrink: '$1' is not in the block"
    text=${text//"$1"/"$2"}
    shift 2
  done
  printf '%s\n' "$text"
}

# submit DIR SCRIPT: sbatch --wait in DIR (its logs/ made first), $HOME=DIR;
# prints the job id.
submit() {
  local id
  mkdir -p "$1/logs"
  id=$(cd "$1" && HOME=$1 timeout "$hang" sbatch --parsable --wait "$2") ||
    die "sbatch --wait $2 failed or hung past ${hang}s (job ${id:-?})"
  printf '%s\n' "${id%%;*}"
}

# same WHAT WANT HAVE: the two files are equal, else a diff and failure.
same() {
  cmp -s "$2" "$3" && return 0
  echo "scaleout: $1: $(wc -l < "$2") lines against $(wc -l < "$3"); the first differences:" >&2
  { diff "$2" "$3" || true; } | cut -c 1-300 | head -n 8 >&2 || true
  die "$1: the sharded run differs from the one-machine run"
}

# by_index: JSON lines sorted by .index, one a line.
by_index() { jq -c -s 'sort_by(.index)[]'; }

# The shrunk run: 40 easy Shinro puzzles (hard ones take seconds each), 4 shards.
gen=(--kind shinro --difficulty easy --count 40 --seed 42)
to_gen=('--difficulty hard' '--difficulty easy' '--count 100000' '--count 40')

# ---- the one-machine runs everything is compared with
mkdir -p "$T/one"
puzzlesat generate "${gen[@]}" --out "$T/one/puzzles" | by_index > "$T/one/generate.jsonl"
[ "$(jq -s 'map(.index) == [range(40)]' "$T/one/generate.jsonl")" = true ] ||
  die "one-machine generate: want puzzles 0..39"
# --out - writes the same records less the names of the files.
puzzlesat generate "${gen[@]}" --out - | by_index > "$T/one/generate-stdout.jsonl"
step "one machine: generate 40 puzzles"

# ---- Slurm
slurm_start "$T/daemons"
step "slurm: munged, slurmctld, slurmd up"

d=$T/slurm
mkdir -p "$d"
block docs/scale-out.md slurm-generate | shrink '--array=0-99%20' '--array=0-3%2' \
  '--cpus-per-task=2' '--cpus-per-task=1' "${to_gen[@]}" > "$d/shinro-hard.sh"
job=$(submit "$d" shinro-hard.sh)
logs=("$d"/logs/"$job"_*.jsonl)
((${#logs[@]} == 4)) || die "slurm generate: want 4 shard logs, have ${#logs[@]}"
cat "${logs[@]}" | by_index > "$d/generate.jsonl"
same "slurm generate: JSON lines" "$T/one/generate.jsonl" "$d/generate.jsonl"
diff -r "$T/one/puzzles" "$d/puzzles/shinro-hard" >/dev/null ||
  die "slurm generate: the files differ from the one-machine run's"
step "slurm: generate array of 4 = one machine (40 records, files)"

block docs/scale-out.md slurm-check | shrink '--array=0-9' '--array=0-3' > "$d/check.sh"
job=$(submit "$d" check.sh)
logs=("$d"/logs/"$job"_*.check.jsonl)
((${#logs[@]} == 4)) || die "slurm check: want 4 shard logs, have ${#logs[@]}"
cat "${logs[@]}" | jq -c -s 'map(del(.ms)) | sort_by(.file)[]' > "$d/check.jsonl"
find "$d/puzzles/shinro-hard" -name '*[0-9].txt' | sort | xargs puzzlesat check --format json |
  jq -c -s 'map(del(.ms)) | sort_by(.file)[]' > "$T/one/check.jsonl"
[ "$(jq -s 'length == 40 and all(.status == "unique")' "$T/one/check.jsonl")" = true ] ||
  die "one-machine check: want 40 unique puzzles"
same "slurm check" "$T/one/check.jsonl" "$d/check.jsonl"
step "slurm: check array of 4 = one check (40 unique)"

# shift cubes shards: loopover 3x3, 8 moves from sorted; depth 7 refuted, 8 solved.
s=$T/shift
mkdir -p "$s"
verdict='{name, depth, cubes, status, refuted: (if .status == "refuted" then .refuted else null end), moves: (.moves // [] | length)}'
for k in 7 8; do
  puzzlesat shift cubes --depth "$k" "$root/testdata/shift/loopover-3x3-worst.txt" > "$s/d$k.icnf" 2>/dev/null
  block kinds/shift/README.md slurm-shift | shrink 'd10.icnf' "d$k.icnf" '--array=0-99%20' '--array=0-3%2' > "$s/d$k.sh"
  job=$(submit "$s" "d$k.sh")
  logs=("$s"/logs/"$job"_*.json)
  ((${#logs[@]} == 4)) || die "slurm shift: want 4 shard answers, have ${#logs[@]}"
  puzzlesat shift merge --format json --cubes "$s/d$k.icnf" "${logs[@]}" | jq -c "$verdict" > "$s/merge$k.json"
  puzzlesat shift solve --cubes "$s/d$k.icnf" --shard 0/1 --format json > "$T/one/shift$k.json"
  puzzlesat shift merge --format json --cubes "$s/d$k.icnf" "$T/one/shift$k.json" | jq -c "$verdict" > "$T/one/merge$k.json"
  same "slurm shift depth $k" "$T/one/merge$k.json" "$s/merge$k.json"
  want=refuted; ((k == 8)) && want=solved
  [ "$(jq -r .status "$s/merge$k.json")" = $want ] || die "shift depth $k: want $want, have $(cat "$s/merge$k.json")"
  step "slurm: shift cubes depth $k, 4 shards merged = unsharded ($want)"
done

slurm_stop
step "slurm: stopped"

# ---- GNU parallel, local job slots
p=$T/parallel
mkdir -p "$p"
printf ':\n' > "$p/hosts.txt"
cmd=$(block docs/scale-out.md parallel-generate | shrink '--jobs 1' '--jobs 2' "${to_gen[@]}" '{}/100' '{}/4' 'seq 0 99' 'seq 0 3')
(cd "$p" && timeout "$hang" bash -c "$cmd" < /dev/null) || die "parallel failed or hung past ${hang}s"
by_index < "$p/shinro-hard.jsonl" > "$p/generate.jsonl"
same "parallel generate" "$T/one/generate-stdout.jsonl" "$p/generate.jsonl"
step "parallel: 4 shards on 2 slots = one machine"

# ---- Kubernetes: the manifest as written and shrunk is a valid Indexed
# Job, broken copies are not, and its command per index makes the run.
k=$T/k8s
mkdir -p "$k/out"
(cd "$here/k8sjob" && go build -o "$k/k8sjob" .)
yaml=$(block docs/scale-out.md k8s-job)
printf '%s\n' "$yaml" | "$k/k8sjob" > /dev/null || die "k8s: the README's Job is not valid"
for bad in 'restartPolicy: Never|restartPolicy: OnFailure' 'backoffLimitPerIndex|backoffLimitPerIdx' \
  'completions: 100|completions: 50' 'completionMode: Indexed|completionMode: NonIndexed' \
  'parallelism: 20|parallelism: "20"' 'image: |imag: '; do
  if printf '%s\n' "$yaml" | shrink "${bad%%|*}" "${bad#*|}" | "$k/k8sjob" > /dev/null 2>&1; then
    die "k8s: the validator accepts a Job with ${bad%%|*} -> ${bad#*|}"
  fi
done
mapfile -t command < <(printf '%s\n' "$yaml" | shrink 'completions: 100' 'completions: 4' \
  'parallelism: 20' 'parallelism: 2' '"hard"' '"easy"' '"100000"' '"40"' '"auto/100"' '"auto/4"' \
  '"--workers", "2"' '"--workers", "1"' '"/out/shinro-hard"' "\"$k/out/shinro-hard\"" | "$k/k8sjob")
for i in 0 1 2 3; do
  JOB_COMPLETION_INDEX=$i timeout "$hang" "${command[@]}" > "$k/$i.jsonl"
done
cat "$k"/[0-3].jsonl | by_index > "$k/generate.jsonl"
same "k8s generate" "$T/one/generate.jsonl" "$k/generate.jsonl"
diff -r "$T/one/puzzles" "$k/out/shinro-hard" > /dev/null || die "k8s: the files differ from the one-machine run's"
step "k8s: Job valid (6 broken copies refused), 4 indexes = one machine"

echo "scaleout: ok in ${SECONDS}s"
