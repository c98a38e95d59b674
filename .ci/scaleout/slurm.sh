# A single-node Slurm for CI, sourced by run.sh: munged, slurmctld and slurmd
# as root, everything under $SLURM_DIR (a temp dir), one node with 2 CPUs.
# No cgroups, no systemd, no accounting: proctrack/linuxproc and task/none,
# so it runs in a container. Ports are Slurm's defaults (6817/6818).
# slurm_start sets SLURM_CONF for the clients; slurm_stop stops what
# slurm_start started (by pid) and is safe to call twice.

slurm_pids=()

slurm_start() {
  local dir=$1 host
  host=$(hostname -s)
  mkdir -p "$dir"/{munge,sock,state,spool,log}
  chmod 700 "$dir/munge"
  chmod 755 "$dir/sock"
  # Our own munged, key and socket: nothing of the machine's is used or changed.
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  timeout 60 munged --force --key-file="$dir/munge/munge.key" \
    --socket="$dir/sock/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"
  slurm_pids+=("$(cat "$dir/munge/munged.pid")")

  export SLURM_CONF=$dir/slurm.conf
  cat > "$SLURM_CONF" <<CONF
ClusterName=ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/sock/munge.socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  # -D: in the foreground, so that the pid is ours; -i: no state to recover.
  slurmctld -D -i -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
  slurm_pids+=($!)
  slurmd -D -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 &
  slurm_pids+=($!)
  # Up when the node is idle (slurmd registered with slurmctld): seconds on
  # a quiet machine; the 180 s limit only catches daemons that never meet.
  local state= start=$SECONDS
  while ((SECONDS - start < 180)); do
    kill -0 "${slurm_pids[1]}" 2>/dev/null || { echo "slurm: slurmctld exited (port 6817 taken?)" >&2; return 1; }
    kill -0 "${slurm_pids[2]}" 2>/dev/null || { echo "slurm: slurmd exited (port 6818 taken?)" >&2; return 1; }
    state=$(timeout 30 sinfo -h -N -o %t 2>/dev/null || true)
    [ "$state" = idle ] && { echo "slurm: node $host idle (2 CPUs) after $((SECONDS - start))s"; return 0; }
    sleep 1
  done
  echo "slurm: node not idle after 180 s (state: '${state:-no answer}')" >&2
  return 1
}

slurm_logs() {
  local dir=$1 f
  for f in "$dir"/log/*; do
    [ -s "$f" ] || continue
    # *.out is the daemon's stderr, the same as its *.log once that is open.
    [[ $f == *.out && -s ${f%.out}.log ]] && continue
    echo "---- $f (last 40 lines)" >&2
    tail -n 40 "$f" >&2
  done
}

slurm_stop() {
  local pid i
  ((${#slurm_pids[@]})) || return 0
  # Jobs still running (a failure, a timeout) are cancelled first, so that
  # no slurmstepd or job outlives the daemons.
  if ((${#slurm_pids[@]} == 3)) && [ -n "$(timeout 10 squeue -h -o %i 2>/dev/null || true)" ]; then
    timeout 10 scancel --full --user="$(id -un)" 2>/dev/null || true
    sleep 1
  fi
  # Newest first: slurmd, slurmctld, munged.
  for ((i = ${#slurm_pids[@]} - 1; i >= 0; i--)); do
    pid=${slurm_pids[i]}
    kill -TERM "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  slurm_pids=()
}
