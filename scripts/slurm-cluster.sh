#!/usr/bin/env bash
# A real single-node Slurm cluster (Debian 12: Slurm 22.05 + munge) on
# loopback, for tests of `ompx-lsp launch --launcher=slurm`. No systemd, no
# writes outside one directory; the daemons run in the foreground (not
# daemonized) with their PIDs recorded, so `stop` ends exactly them.
# See ../shared/notes/slurm-study.md (§1) for why each setting is here.
#
#   slurm-cluster.sh start DIR [--gpus=N] [--gpu-type=T]
#                                           start a cluster in DIR (2 fake GPUs
#                                           of type h100; --gpu-type= : untyped)
#   slurm-cluster.sh stop DIR               cancel its jobs, stop it, kill strays
#   slurm-cluster.sh leftovers DIR          exit 1 + list if a job/process is left
#   slurm-cluster.sh down-conf DIR OUT      slurm.conf copy whose controller is dead
#   slurm-cluster.sh run [--gpus=N] [--gpu-type=T] -- CMD
#                                           start in a temp dir, run CMD, stop
#
# `run` exports SLURM_CONF (every Slurm client needs it) and
# OMPX_SLURM_CLUSTER=DIR to CMD, and exits with CMD's status, or 77 (ctest's
# skip code) when Slurm or munge is not installed.
#
# `leftovers` counts every job and every process started with this
# SLURM_CONF except the daemons and the harness: the command `run` started
# and what it starts with its own environment (lit's workers, a `| tee`).
# lit gives tests a clean environment, so what the tests start counts. In a
# test, redirect its output to a file rather than piping it: the other end of
# the pipe would count as left over.
#
# OMPX_SLURM_EXTRA_CONF: lines appended to slurm.conf by `start` (experiments).
set -euo pipefail

# Slurm daemons live in /usr/sbin on Debian; a non-root PATH often lacks it.
export PATH="$PATH:/usr/sbin:/sbin"

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}

die() {
  echo "slurm-cluster: $*" >&2
  exit 1
}

# Milliseconds since the epoch (for the timings we print).
now_ms() { date +%s%3N; }

# The absolute cluster directory and its slurm.conf.
cluster_paths() {
  [ -n "${1:-}" ] || usage
  DIR=$(realpath -m -- "$1")
  CONF="$DIR/etc/slurm.conf"
}

# Sets MISSING to the first Slurm/munge program that is not installed.
check_installed() {
  MISSING=""
  local p
  for p in slurmctld slurmd srun sbatch squeue scancel scontrol sinfo sdiag munged mungekey; do
    command -v "$p" >/dev/null 2>&1 || { MISSING=$p; return 0; }
  done
}

# --- ports -----------------------------------------------------------------

# Every local TCP port in use (any state, IPv4 and IPv6), one per line, as
# the 4 hex digits of /proc/net/tcp ("ADDR:PORT"; the header is skipped).
ports_in_use() {
  awk 'FNR > 1 { split($2, a, ":"); print a[2] }' /proc/net/tcp /proc/net/tcp6 2>/dev/null |
    sort -u
}

# Picks a random base port P in 20000-31900 (below the ephemeral range) such
# that P (slurmctld), P+1 (slurmd) and P+10..P+59 (srun) are all free. Defaults
# (6817/6818) would collide with a real install or a parallel test.
pick_ports() {
  local p q h ok
  declare -A used=()
  for q in $(ports_in_use); do used[$q]=1; done
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % (31900 - 20000 - 60)))
    ok=1
    for q in $p $((p + 1)) $(seq $((p + 10)) $((p + 59))); do
      printf -v h '%04X' "$q"
      if [ -n "${used[$h]:-}" ]; then ok=0; break; fi
    done
    if [ $ok = 1 ]; then PORT=$p; return 0; fi
  done
  die "no free port range in 20000-31900 after 50 tries"
}

# --- processes ---------------------------------------------------------------

# The PIDs recorded in DIR/pids (timeout wrappers and the daemons themselves).
recorded_pids() {
  [ -f "$DIR/pids" ] || return 0
  awk '{ for (i = 2; i <= NF; i++) print $i }' "$DIR/pids"
}

# PIDs of processes whose initial environment holds this cluster's SLURM_CONF,
# except this script, its ancestors (the shell or test that called us) and
# its own children (the grep below).
# $1 = "stop": also except the other children of our ancestors but PID 1 (a
# `| tail` beside us in a shell that sourced DIR/env); stray jobs hang off
# PID 1 (slurmstepd double-forks) or off a test's command, not off us.
# $1 = "harness" (leftovers): also except the command `run` started (its PID
# in DIR/harness) and its descendants that carry OMPX_SLURM_HARNESS=DIR (lit
# and its workers; lit does not pass it on to tests), and the recorded
# daemons and their direct children (slurmctld's slurmscriptd).
conf_processes() {
  local mode=${1:-} self=$$ p q files pid ppid mine
  declare -A parent=() skip=() daemon=()
  # One ps for the whole process tree.
  while read -r pid ppid; do parent[$pid]=$ppid; done < <(ps -eo pid=,ppid=)
  # Our ancestors.
  p=$self
  while [ -n "$p" ] && [ "$p" != 0 ]; do
    skip[$p]=1
    p=${parent[$p]:-}
  done
  local harness=""
  if [ "$mode" = harness ]; then
    for p in $(recorded_pids); do skip[$p]=1 daemon[$p]=1; done
    harness=$(cat "$DIR/harness" 2>/dev/null || true)
  fi
  # grep -z: environ entries are NUL-separated; -x: the whole entry.
  files=$(grep -lzx -F "SLURM_CONF=$CONF" /proc/[0-9]*/environ 2>/dev/null || true)
  for f in $files; do
    p=${f#/proc/}
    p=${p%/environ}
    [ -n "${skip[$p]:-}" ] && continue
    if [ "$mode" = stop ] && [ "${parent[$p]:-1}" != 1 ] &&
      [ -n "${skip[${parent[$p]:-1}]:-}" ]; then
      continue
    fi
    # Started after our ps, so a child of this script (grep).
    [ -n "${parent[$p]:-}" ] || continue
    # Our own descendants (command substitutions of this script).
    q=$p mine=0
    while [ -n "$q" ] && [ "$q" != 0 ] && [ "$q" != 1 ]; do
      if [ "$q" = "$self" ]; then mine=1; break; fi
      q=${parent[$q]:-}
    done
    [ $mine = 1 ] && continue
    if [ "$mode" = harness ]; then
      # A direct child of a daemon.
      [ -n "${daemon[${parent[$p]}]:-}" ] && continue
      if [ -n "$harness" ] &&
        grep -qzx -F "OMPX_SLURM_HARNESS=$DIR" "/proc/$p/environ" 2>/dev/null; then
        q=$p
        while [ -n "$q" ] && [ "$q" != 1 ] && [ "$q" != "$harness" ]; do q=${parent[$q]:-}; done
        [ "$q" = "$harness" ] && continue
      fi
    fi
    if [ -d "/proc/$p" ]; then echo "$p"; fi
  done
}

# "PID cmdline" for a PID (for reports).
describe_pid() {
  local cmd
  cmd=$(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true)
  echo "$1 ${cmd:-<exited>}"
}

alive() { kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

# --- start -------------------------------------------------------------------

cmd_start() {
  # A GPU model in the gres, as real clusters name theirs (gpu:h100:2): the
  # launcher derives the architecture from it.
  local gpus=2 gpu_type=h100 arg
  cluster_paths "${1:-}"
  shift
  for arg in "$@"; do
    case $arg in
    --gpus=*) gpus=${arg#--gpus=} ;;
    --gpu-type=*) gpu_type=${arg#--gpu-type=} ;;
    *) usage ;;
    esac
  done
  [[ $gpus =~ ^[0-9]+$ ]] || die "--gpus wants a number, not '$gpus'"
  [[ $gpu_type =~ ^[a-z0-9_]*$ ]] || die "--gpu-type wants a name like h100, not '$gpu_type'"
  check_installed
  [ -z "$MISSING" ] || die "$MISSING is not installed (apt-get install --no-install-recommends slurmctld slurmd slurm-client munge)"

  local t0 user
  t0=$(now_ms)
  STEPS=""
  user=$(id -un)
  mkdir -p "$DIR"
  [ -z "$(ls -A "$DIR")" ] || die "$DIR is not empty (stop it and remove it first)"
  # munged: the socket directory and every parent must be executable by all;
  # the key directory must be private.
  chmod 0711 "$DIR"
  local d=$DIR
  while [ "$d" != / ]; do
    d=$(dirname "$d")
    [ "$(($(stat -c %#a "$d") & 1))" = 1 ] || die "munged needs every parent of $DIR executable by all ($d is not)"
  done
  mkdir -p "$DIR"/{etc,state,spool,log,fakedev}
  install -d -m 0700 "$DIR/munge-key"
  install -d -m 0711 "$DIR/munge-run"
  local sock="$DIR/munge-run/munge.socket"
  # A Unix socket path has at most 107 bytes.
  [ ${#sock} -le 100 ] || die "$sock is too long for a Unix socket; use a shorter DIR"
  mungekey --create --keyfile="$DIR/munge-key/munge.key" 2>"$DIR/log/mungekey.log" ||
    die "mungekey failed: $(cat "$DIR/log/mungekey.log")"
  chmod 0600 "$DIR/munge-key/munge.key"
  STEPS="munge key $(($(now_ms) - t0)) ms"

  # Fake GPUs: in 22.05 a GPU gres needs File=, and it must be a character
  # device for CUDA_VISIBLE_DEVICES to be set; a symlink to /dev/null is one
  # (and needs no root, unlike mknod).
  local gres_node="" i
  if [ "$gpus" -gt 0 ]; then
    for ((i = 0; i < gpus; i++)); do ln -s /dev/null "$DIR/fakedev/nvidia$i"; done
    gres_node=" Gres=gpu:${gpu_type:+$gpu_type:}$gpus"
  fi

  pick_ports
  STEPS+=", ports $(($(now_ms) - t0)) ms"
  # Written once, before the daemons start (they complain about a changed
  # slurm.conf otherwise).
  cat >"$CONF" <<EOF
# Loopback test cluster written by scripts/slurm-cluster.sh.
ClusterName=loopback
SlurmctldHost=localhost
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SrunPortRange=$((PORT + 10))-$((PORT + 59))
# Bind 127.0.0.1, not 0.0.0.0 (a root slurmd runs jobs as anyone).
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
MailProg=/bin/true
# No cgroups: process tracking by /proc, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/log/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# A submitted batch job starts within ~1 s instead of ~3 s (measured; srun
# jobs, and a queued job after its blocker ends, start within 0.1 s anyway).
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
ReturnToService=2
# Cancels finish fast: SIGKILL 2 s after SIGTERM (default 30 s).
KillWait=2
# Finished jobs stay visible to "scontrol show job" (not squeue) for 300 s,
# the default, so tests can read their final state.
MinJobAge=300
# A request over the partition's limits (e.g. --time above MaxTime) fails at
# submission with a clear error, instead of pending forever with Reason
# PartitionTimeLimit (22.05's default, EnforcePartLimits=NO).
EnforcePartLimits=ALL
GresTypes=gpu
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 Sockets=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=1000$gres_node State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=30 State=UP
${OMPX_SLURM_EXTRA_CONF:-}
EOF
  {
    echo "AutoDetect=off"
    [ "$gpus" -gt 0 ] && echo "NodeName=localhost Name=gpu${gpu_type:+ Type=$gpu_type} File=$DIR/fakedev/nvidia[0-$((gpus - 1))]"
  } >"$DIR/etc/gres.conf"
  echo "export SLURM_CONF=$CONF" >"$DIR/env"

  # Each daemon in the foreground under `timeout 900` (a backstop: nothing
  # outlives a killed test run by more than 15 min), in its own process group
  # (timeout does setpgid), so a Ctrl-C reaches only the caller, whose trap
  # stops the cluster in order. DIR/pids: "name timeout-pid daemon-pid".
  : >"$DIR/pids"
  export SLURM_CONF=$CONF
  spawn munged munged -F --socket="$sock" --key-file="$DIR/munge-key/munge.key" \
    --pid-file="$DIR/munged.pid" --log-file="$DIR/log/munged.log" \
    --seed-file="$DIR/munge-key/munged.seed"
  wait_for "munged's socket" 5 test -S "$sock"
  spawn slurmctld slurmctld -D -i
  spawn slurmd slurmd -D -N localhost
  # `scontrol ping` fails at once while the controller is not listening;
  # sinfo would wait MessageTimeout (10 s) instead.
  wait_for "slurmctld" 10 scontrol ping
  wait_for "node idle" 10 node_idle
  # slurmctld's main scheduler first runs ~3 s after it starts (it reads
  # SchedulerParameters then); until then a batch job or a queued srun stays
  # PENDING even with free resources (measured: a queued srun started 2.5 s
  # after its blocker was cancelled, 0.06 s later on). Waiting here makes
  # the tests' timings the same whenever they run.
  wait_for "scheduler" 10 scheduler_ran
  echo "slurm-cluster: up in $DIR ($(($(now_ms) - t0)) ms; SLURM_CONF=$CONF, ports $PORT-$((PORT + 59)), $gpus fake GPUs)"
  echo "slurm-cluster: ready: $STEPS" >"$DIR/log/start-times"
}

# Starts "$2..." under timeout in the background and records its PIDs as $1.
spawn() {
  local name=$1 tpid child=""
  shift
  timeout 900 "$@" >"$DIR/log/$name.out" 2>&1 </dev/null &
  tpid=$!
  # The daemon is timeout's only child.
  for _ in $(seq 50); do
    child=$(cat "/proc/$tpid/task/$tpid/children" 2>/dev/null || true)
    child=${child%% *}
    [ -n "$child" ] && break
    sleep 0.01
  done
  echo "$name $tpid $child" >>"$DIR/pids"
}

# Whether the main scheduler has run once (sdiag's "Total cycles").
scheduler_ran() {
  timeout 5 sdiag 2>/dev/null | awk '/^Main schedule statistics/ { m = 1 }
    m && /Total cycles:/ { exit !($3 > 0) } END { if (!m) exit 1 }'
}

node_idle() {
  [ "$(timeout 5 sinfo -h -n localhost -o %t 2>/dev/null)" = idle ]
}

# wait_for WHAT SECONDS CMD...: polls CMD every 0.05 s. On timeout: print the
# logs' tails, stop what started and fail.
wait_for() {
  local what=$1 secs=$2 deadline
  shift 2
  deadline=$(($(now_ms) + secs * 1000))
  local name tpid dpid
  while ! "$@" >/dev/null 2>&1; do
    if [ "$(now_ms)" -gt "$deadline" ]; then
      echo "slurm-cluster: $what not ready after ${secs} s" >&2
      fail_start
    fi
    # A daemon that exited (bad config, port taken) will not come back.
    while read -r name tpid dpid; do
      if ! alive "$tpid"; then
        echo "slurm-cluster: $name exited while waiting for $what" >&2
        fail_start
      fi
    done <"$DIR/pids"
    sleep 0.05
  done
  # When each step was ready, for the "up" line.
  STEPS+="${STEPS:+, }$what $(($(now_ms) - t0)) ms"
}

fail_start() {
  local f
  for f in "$DIR"/log/*; do
    [ -s "$f" ] || continue
    echo "--- tail $f" >&2
    tail -n 15 "$f" >&2
  done
  timeout 5 sinfo -N -l >&2 2>&1 || true
  cmd_stop "$DIR" >&2 || true
  die "start failed in $DIR"
}

# --- stop --------------------------------------------------------------------

cmd_stop() {
  cluster_paths "${1:-}"
  local t0 killed=() p name tpid dpid
  t0=$(now_ms)
  [ -f "$CONF" ] || { echo "slurm-cluster: no cluster in $DIR"; return 0; }
  export SLURM_CONF=$CONF
  # Cancel every job first: slurmstepd double-forks (parent PID 1) and its
  # job outlives a stopped slurmd. Only if the controller answers.
  if [ -f "$DIR/pids" ] && timeout 2 scontrol ping >/dev/null 2>&1; then
    if [ -n "$(timeout 5 squeue -h -o %i 2>/dev/null)" ]; then
      timeout 5 scancel --user="$(id -un)" 2>/dev/null || true
      # KillWait=2: jobs are gone within ~3 s.
      for _ in $(seq 50); do
        [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
        sleep 0.1
      done
    fi
  fi
  # TERM the daemons (the timeout wrappers forward it), slurmd first.
  if [ -f "$DIR/pids" ]; then
    for name in slurmd slurmctld munged; do
      read -r _ tpid dpid < <(grep "^$name " "$DIR/pids" || echo "x")
      for p in ${dpid:-} ${tpid:-}; do
        alive "$p" && kill -TERM "$p" 2>/dev/null || true
      done
    done
    for _ in $(seq 100); do
      local any=0
      for p in $(recorded_pids); do alive "$p" && any=1; done
      [ $any = 0 ] && break
      sleep 0.1
    done
    for p in $(recorded_pids); do
      if alive "$p"; then
        killed+=("$(describe_pid "$p") (KILL after 10 s)")
        kill -KILL "$p" 2>/dev/null || true
      fi
    done
  fi
  # Strays: anything else started with this SLURM_CONF (slurmstepd, job
  # tasks, a forgotten srun), never by name.
  for p in $(conf_processes stop); do
    killed+=("$(describe_pid "$p")")
    kill -KILL "$p" 2>/dev/null || true
  done
  rm -f "$DIR/pids"
  local k
  for k in "${killed[@]}"; do echo "slurm-cluster: killed $k"; done
  echo "slurm-cluster: stopped $DIR ($(($(now_ms) - t0)) ms)"
}

# --- leftovers ---------------------------------------------------------------

# Prints what is left (jobs, processes); silent when nothing is.
list_leftovers() {
  local jobs p recorded
  jobs=$(timeout 5 squeue -h -o '%i %T %j' 2>&1 || true)
  [ -n "$jobs" ] && sed 's/^/job: /' <<<"$jobs"
  recorded=" $(recorded_pids | tr '\n' ' ') "
  for p in $(conf_processes harness); do
    [[ $recorded == *" $p "* ]] && continue
    echo "process: $(describe_pid "$p")"
  done
}

cmd_leftovers() {
  cluster_paths "${1:-}"
  [ -f "$CONF" ] || die "no cluster in $DIR"
  export SLURM_CONF=$CONF
  local out
  # A finished job stays COMPLETING and its slurmstepd exits a moment later;
  # give them ~3 s before calling them left over.
  for _ in $(seq 30); do
    out=$(list_leftovers)
    [ -z "$out" ] && return 0
    sleep 0.1
  done
  echo "slurm-cluster: left over in $DIR:"
  echo "$out"
  return 1
}

# --- down-conf ---------------------------------------------------------------

cmd_down_conf() {
  cluster_paths "${1:-}"
  local out=${2:-}
  [ -n "$out" ] || usage
  [ -f "$CONF" ] || die "no cluster in $DIR"
  mkdir -p "$(dirname "$out")"
  pick_ports
  # A closed port (nothing listens: pick_ports checked), and clients give up
  # after MessageTimeout minus ~1 s instead of 9 s.
  sed -e "s/^SlurmctldPort=.*/SlurmctldPort=$PORT/" -e '/^MessageTimeout=/d' "$CONF" >"$out"
  echo "MessageTimeout=2" >>"$out"
  # Clients read gres.conf next to slurm.conf.
  cp "$DIR/etc/gres.conf" "$(dirname "$out")/gres.conf" 2>/dev/null || true
}

# --- run ---------------------------------------------------------------------

cmd_run() {
  local startargs=()
  while [ $# -gt 0 ]; do
    case $1 in
    --gpus=* | --gpu-type=*) startargs+=("$1") ;;
    --) shift; break ;;
    *) usage ;;
    esac
    shift
  done
  [ $# -gt 0 ] || usage
  check_installed
  if [ -n "$MISSING" ]; then
    echo "slurm-cluster: skipped: $MISSING is not installed (scripts/setup.sh --test-packages installs slurmctld slurmd slurm-client munge; scripts/test.sh runs it)"
    exit 77
  fi
  # /tmp, not $TMPDIR: munged wants every parent of its socket executable by
  # all (a private TMPDIR is not), and a Unix socket path is short.
  RUN_DIR=$(mktemp -d /tmp/ompx-slurm.XXXXXX)
  CMD_PID=""
  trap run_cleanup EXIT
  trap 'run_cleanup 130' INT
  trap 'run_cleanup 143' TERM
  (cmd_start "$RUN_DIR" "${startargs[@]}")
  export SLURM_CONF="$RUN_DIR/etc/slurm.conf" OMPX_SLURM_CLUSTER="$RUN_DIR"
  # CMD is the harness, not a leftover: its PID goes to DIR/harness before it
  # runs, and OMPX_SLURM_HARNESS marks it and what it starts with its
  # environment (lit does not pass it on to tests). Background + wait: bash
  # runs a trap only after a foreground child exits.
  OMPX_SLURM_HARNESS="$RUN_DIR" bash -c 'echo $$ >"$0/harness" && exec "$@"' "$RUN_DIR" "$@" &
  CMD_PID=$!
  local rc=0
  wait "$CMD_PID" || rc=$?
  CMD_PID=""
  exit "$rc"
}

run_cleanup() {
  local rc=${1:-$?}
  trap - EXIT INT TERM
  if [ -n "${CMD_PID:-}" ]; then
    # Interrupted: TERM the command, KILL it after 5 s. What it leaves
    # behind is stop's (the stray search).
    kill -TERM "$CMD_PID" 2>/dev/null || true
    for _ in $(seq 50); do
      alive "$CMD_PID" || break
      sleep 0.1
    done
    kill -KILL "$CMD_PID" 2>/dev/null || true
    wait "$CMD_PID" 2>/dev/null || true
  fi
  (cmd_stop "$RUN_DIR") || true
  rm -rf "$RUN_DIR"
  exit "$rc"
}

case ${1:-} in
start) shift; cmd_start "$@" ;;
stop) shift; cmd_stop "$@" ;;
leftovers) shift; cmd_leftovers "$@" ;;
down-conf) shift; cmd_down_conf "$@" ;;
run) shift; cmd_run "$@" ;;
*) usage ;;
esac
