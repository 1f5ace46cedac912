# shellcheck shell=bash
# Shared helpers for the cell rig (vm-cell.sh, reset-cell-db.sh and runpt.sh at the repository root,
# scripts/cell-smoke-test.sh, samplers/*.sh): logging, --dry-run command execution, the cell's recorded
# state (cell.env), cgroup discovery and CPU/memory accounting, PostgreSQL helpers. Sourced,
# never executed. Every function fails loudly (non-zero) rather than guessing.

# shellcheck disable=SC2034 # used by the scripts that source this file
CELL_LIB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=scripts/lib/pg.sh
. "$CELL_LIB_ROOT/scripts/lib/pg.sh"
CELL_DRY_RUN=${CELL_DRY_RUN:-0}
CELL_PROG=${CELL_PROG:-cell}

cell_log() { printf '[%s] %s\n' "$CELL_PROG" "$*" >&2; }
cell_warn() { printf '[%s] WARNING: %s\n' "$CELL_PROG" "$*" >&2; }
cell_die() { printf '[%s] ERROR: %s\n' "$CELL_PROG" "$*" >&2; exit 1; }
cell_usage_error() { printf '[%s] %s (see --help)\n' "$CELL_PROG" "$*" >&2; exit 2; }

# Prints a command the way a shell would read it back.
cell_quote() { local out="" a; for a in "$@"; do out+="$(printf '%q' "$a") "; done; printf '%s' "${out% }"; }

# Runs a command, or only prints it under --dry-run. Every system-changing command goes through here.
run() {
  if [ "$CELL_DRY_RUN" = 1 ]; then printf '+ %s\n' "$(cell_quote "$@")"; return 0; fi
  "$@"
}

# run_logged LOG CMD…: run with stdout+stderr appended to LOG (or only printed under --dry-run).
run_logged() {
  local log=$1; shift
  if [ "$CELL_DRY_RUN" = 1 ]; then printf '+ %s >> %q 2>&1\n' "$(cell_quote "$@")" "$log"; return 0; fi
  "$@" >>"$log" 2>&1
}

# Writes $2 into file $1 (cgroup knobs, unit files), or prints what it would write under --dry-run.
write_file() {
  if [ "$CELL_DRY_RUN" = 1 ]; then printf '+ printf %%s %q > %q\n' "$2" "$1"; return 0; fi
  printf '%s\n' "$2" >"$1"
}

# ---- the cell's recorded state --------------------------------------------------------------------------

cell_default_dir() { printf '%s\n' "${CELL_DIR:-/var/lib/goload-cell}"; }

# Loads $CELL_DIR/cell.env (written by `vm-cell.sh up`); dies when the cell is not up.
cell_load_env() {
  local dir=${1:-$(cell_default_dir)}
  [ -r "$dir/cell.env" ] || cell_die "no cell at $dir (no cell.env): run ./vm-cell.sh up first, or pass --cell-dir"
  # shellcheck disable=SC1091
  . "$dir/cell.env"
}

# ---- processes ----------------------------------------------------------------------------------------

CELL_CLK_TCK=$(getconf CLK_TCK 2>/dev/null || echo 100)

# Cumulative CPU (µs) of a process: utime+stime plus the reaped children's cutime+cstime (PostgreSQL's
# backends come and go; the postmaster reaps them, so their CPU lands in its cutime/cstime). Empty if gone.
cell_proc_cpu_usec() {
  local stat rest
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  rest=${stat##*) }
  # fields after "comm)": 3=state … 14=utime 15=stime 16=cutime 17=cstime → indices 11..14 of $rest
  # shellcheck disable=SC2086
  set -- $rest
  printf '%s\n' $(( (${11} + ${12} + ${13} + ${14}) * 1000000 / CELL_CLK_TCK ))
}

# Prints pid $1 and all its live descendants.
cell_pid_tree() {
  local root=$1 p pp
  [ -d "/proc/$root" ] || return 0
  local -A kids=()
  while read -r p pp; do kids[$pp]+="$p "; done < <(ps -e -o pid=,ppid= 2>/dev/null)
  local queue=("$root") cur
  while [ ${#queue[@]} -gt 0 ]; do
    cur=${queue[0]}; queue=("${queue[@]:1}")
    printf '%s\n' "$cur"
    # shellcheck disable=SC2206
    [ -n "${kids[$cur]:-}" ] && queue+=(${kids[$cur]})
  done
}

# Σ CPU (µs) over a process tree; empty when the root is gone. Live processes count their own time plus
# their reaped children's (cutime/cstime), so nothing is counted twice and nothing that exited is lost.
cell_tree_cpu_usec() {
  local root=$1 sum=0 p v
  [ -n "$root" ] && [ -d "/proc/$root" ] || return 0
  while read -r p; do
    v=$(cell_proc_cpu_usec "$p")
    [ -n "$v" ] && sum=$((sum + v))
  done < <(cell_pid_tree "$root")
  printf '%s\n' "$sum"
}

# A zombie counts as gone: it holds no port, file or memory any more, and where PID 1 is a minimal init
# (containers, microVMs) a reparented member can stay a zombie for a second or more before it is reaped —
# `kill -0` alone would make every stop wait for the reaper, not for the member.
cell_pid_alive() {
  [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null || return 1
  local stat; stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

# Stops pid $1 (SIGTERM, then SIGKILL after $2 seconds, default 20). Only the pid given, never by name.
cell_stop_pid() {
  local pid=$1 grace=${2:-20} i
  cell_pid_alive "$pid" || return 0
  run kill -TERM "$pid" || true
  [ "$CELL_DRY_RUN" = 1 ] && return 0
  for ((i = 0; i < grace * 10; i++)); do cell_pid_alive "$pid" || return 0; sleep 0.1; done
  cell_warn "pid $pid ignored SIGTERM for ${grace}s; sending SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# ---- cgroups ------------------------------------------------------------------------------------------

# Prints how a cap can be enforced here: systemd | cgroup2 | cgroup1 | none.
cell_detect_cap_kind() {
  if [ "$(ps -p 1 -o comm= 2>/dev/null)" = systemd ] && command -v systemctl >/dev/null 2>&1 \
     && systemctl is-system-running >/dev/null 2>&1; then echo systemd; return; fi
  local v2; v2=$(cell_cgroup2_root)
  if [ -n "$v2" ] && grep -qw cpu "$v2/cgroup.controllers" 2>/dev/null \
     && grep -qw memory "$v2/cgroup.controllers" 2>/dev/null && [ -w "$v2" ]; then echo cgroup2; return; fi
  if [ -w "$(cell_cgroup1_root cpu)" ] && [ -w "$(cell_cgroup1_root memory)" ] \
     && [ -n "$(cell_cgroup1_root cpu)" ] && [ -n "$(cell_cgroup1_root memory)" ]; then echo cgroup1; return; fi
  echo none
}

# Mount point of the unified (v2) hierarchy, or nothing.
cell_cgroup2_root() {
  awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts 2>/dev/null
}

# Mount point of the v1 hierarchy carrying controller $1 (cpu, cpuacct, memory), or nothing.
cell_cgroup1_root() {
  awk -v c="$1" '$3 == "cgroup" { n = split($4, o, ","); for (i = 1; i <= n; i++) if (o[i] == c) { print $2; exit } }' \
    /proc/mounts 2>/dev/null
}

# Cumulative CPU (µs) of a cgroup directory: v2 cpu.stat usage_usec, or v1 cpuacct.usage (ns). Empty if unreadable.
cell_cg_usage_usec() {
  local d=$1 v
  if [ -r "$d/cpu.stat" ] && v=$(awk '$1 == "usage_usec" { print $2; f = 1 } END { exit !f }' "$d/cpu.stat" 2>/dev/null); then
    printf '%s\n' "$v"; return 0
  fi
  if [ -r "$d/cpuacct.usage" ] && v=$(cat "$d/cpuacct.usage" 2>/dev/null) && [ -n "$v" ]; then
    printf '%s\n' $((v / 1000)); return 0
  fi
  return 0
}

# Cumulative throttled time (µs) of a cgroup: v2 throttled_usec, v1 throttled_time (ns). Empty if unreadable.
cell_cg_throttled_usec() {
  local d=$1 v
  [ -r "$d/cpu.stat" ] || return 0
  v=$(awk '$1 == "throttled_usec" { print $2; exit } $1 == "throttled_time" { printf "%d\n", $2 / 1000; exit }' "$d/cpu.stat" 2>/dev/null)
  [ -n "$v" ] && printf '%s\n' "$v"
  return 0
}

# Current memory (bytes) of a cgroup: v2 memory.current, v1 memory.usage_in_bytes. Empty if unreadable.
cell_cg_memory_bytes() {
  local d=$1
  if [ -r "$d/memory.current" ]; then cat "$d/memory.current" 2>/dev/null; return 0; fi
  if [ -r "$d/memory.usage_in_bytes" ]; then cat "$d/memory.usage_in_bytes" 2>/dev/null; fi
  return 0
}

# ---- PostgreSQL ---------------------------------------------------------------------------------------

# Directory holding initdb/pg_ctl/postgres (see pg_bindir in scripts/lib/pg.sh).
cell_pg_bindir() {
  pg_bindir
}

# psql against a cell database: cell_psql HOST PORT DB [psql args…]; quiet, unaligned, stops on error.
cell_psql() {
  local host=$1 port=$2 db=$3; shift 3
  PGCONNECT_TIMEOUT=${PGCONNECT_TIMEOUT:-5} psql -X -q -t -A -v ON_ERROR_STOP=1 -h "$host" -p "$port" \
    -U "${CELL_PG_SUPERUSER:-postgres}" -d "$db" "$@"
}

# ---- clock --------------------------------------------------------------------------------------------

# Milliseconds since the epoch, without forking.
cell_now_ms() { local t=${EPOCHREALTIME/./}; printf '%s\n' "${t:0:${#t}-3}"; }

# Sleeps until the epoch-millisecond instant $1 (a fixed grid: no drift from the work done in between).
cell_sleep_until_ms() {
  local now d
  now=$(cell_now_ms); d=$(( $1 - now ))
  [ "$d" -gt 0 ] || return 0
  sleep "$(printf '%d.%03d' $((d / 1000)) $((d % 1000)))"
}
