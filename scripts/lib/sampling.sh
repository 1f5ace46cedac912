# shellcheck shell=bash
# Sampling helpers shared by runpt.sh and samplers/*.sh: a persistent psql coprocess (one connection, one
# statement per tick, auto-reconnect, 4 s read timeout), loader discovery by real command line, and the
# cell's per-component CPU accounting. Sourced after scripts/lib/cell.sh.

# ---- persistent psql ----------------------------------------------------------------------------------

PGCO_ARGS=()      # psql connection arguments, set by the caller
PGCO_PID=""

pgco_stop() {
  if [ -n "$PGCO_PID" ]; then kill "$PGCO_PID" 2>/dev/null || true; wait "$PGCO_PID" 2>/dev/null || true; fi
  PGCO_PID=""
}

pgco_start() {
  pgco_stop
  # stderr dropped: an error answer is just an empty answer (the field stays empty, the sampler lives on)
  coproc PGCO { PGCONNECT_TIMEOUT=3 exec psql -X -q -t -A -F, "${PGCO_ARGS[@]}" 2>/dev/null; }
}

# Sends one statement; prints its rows. Non-zero (and a reconnect next time) on timeout or a dead psql.
pgco_query() {
  local line
  if [ -z "$PGCO_PID" ] || ! kill -0 "$PGCO_PID" 2>/dev/null; then pgco_start; fi
  { printf '%s\n\\echo __PGEND__\n' "$1" >&"${PGCO[1]}"; } 2>/dev/null || { pgco_stop; return 1; }
  while IFS= read -r -t "${PGCO_TIMEOUT:-4}" line <&"${PGCO[0]}"; do
    [ "$line" = __PGEND__ ] && return 0
    [ -n "$line" ] && printf '%s\n' "$line"
  done
  pgco_stop
  return 1
}

# ---- the loader ---------------------------------------------------------------------------------------

# Default: our JVM (goload.jar / the dev.goload main class) and the Go tool under any binary name.
# shellcheck disable=SC2034 # used by the scripts that source this file
LOADER_MATCH_DEFAULT='goload\.jar|dev\.goload\.cli\.Main|(^|/)goload[^/ ]*( |$)'

# Prints the pids whose full command line matches regex $1, except those listed in $2 (space separated).
loader_pids() {
  local re=$1 exclude=" ${2:-} " p args
  local -a argv
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [ "$p" = "$$" ] || [ "$p" = "$BASHPID" ] && continue
    [[ $exclude == *" $p "* ]] && continue
    # builtins only: a fork per process would make the scan the sampler's main cost
    { mapfile -d '' -t argv <"/proc/$p/cmdline"; } 2>/dev/null || continue
    [ ${#argv[@]} -gt 0 ] || continue
    args="${argv[*]}"
    # our own rig scripts mention goload in their arguments; only the loader itself counts
    [[ $args == *runpt.sh* || $args == *sampler.sh* || $args == *vm-cell* ]] && continue
    [[ $args =~ $re ]] && printf '%s\n' "$p"
  done
  return 0
}

# Σ (utime+stime) of the given pids, in µs at the system's real clock-tick rate. Empty when none.
pids_cpu_usec() {
  local p sum=0 n=0 st rest
  for p in "$@"; do
    st=$(cat "/proc/$p/stat" 2>/dev/null) || continue
    rest=${st##*) }
    # shellcheck disable=SC2086
    set -- $rest
    sum=$(( sum + (${12} + ${13}) * 1000000 / CELL_CLK_TCK )); n=$((n + 1))
  done
  [ "$n" -gt 0 ] && printf '%s\n' "$sum"
  return 0
}

# ---- the cell's components ----------------------------------------------------------------------------

# The accounting cgroup directory of cell member $1 (empty when the cell is uncapped).
cell_component_cg() {
  case ${CELL_CAP_KIND:-none} in
    cgroup2) printf '%s\n' "$CELL_CG_CELL/$1" ;;
    cgroup1) printf '%s\n' "$CELL_CG_CELL_ACCT/$1" ;;
    systemd) printf '%s\n' "$CELL_CG_CELL/$CELL_NAME-$1.service" ;;
  esac
}

# Cumulative CPU (µs) of cell member $1: its cgroup when capped, else its process tree. Empty if unknown.
cell_component_usec() {
  local cg pv="CELL_PID_$1"
  cg=$(cell_component_cg "$1")
  if [ -n "$cg" ]; then cell_cg_usage_usec "$cg"; else cell_tree_cpu_usec "${!pv:-}"; fi
}

# Every pid belonging to the cell (cgroup members, or the members' process trees when uncapped).
cell_member_pids() {
  local c pv
  if [ -n "${CELL_CG_CELL:-}" ] && [ -d "$CELL_CG_CELL" ]; then
    find "$CELL_CG_CELL" -name cgroup.procs -exec cat {} + 2>/dev/null
  fi
  for c in pxdb pg broker proxy; do pv="CELL_PID_$c"; [ -n "${!pv:-}" ] && cell_pid_tree "${!pv}"; done
  return 0
}
