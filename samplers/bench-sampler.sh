#!/usr/bin/env bash
# bench-sampler.sh: 1 Hz broker + PostgreSQL sampler (see docs/cell-rig.md).
set -euo pipefail
CELL_PROG=bench-sampler
LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib" && pwd)
# shellcheck source=../scripts/lib/cell.sh
. "$LIB/cell.sh"
# shellcheck source=../scripts/lib/sampling.sh
. "$LIB/sampling.sh"

HEADER=epoch_ms,pg_cpu_pct,pg_mem_mb,queen_cpu_pct,queen_mem_mb,xact_commit_cum,wal_records_cum,wal_bytes_cum,wal_fsyncs_cum,wal_fsync_time_ms_cum,db_size_bytes,active_backends,top_wait

usage() {
  cat <<EOF
usage: bench-sampler.sh [options] <outfile> <duration_s>

One CSV line per second on a fixed start + i*1000 ms grid (no drift); the header only when <outfile> is
new; an empty field, never a crash, when a source is unreadable; the self-overhead line on stderr at exit.
Columns: $HEADER
CPU is % of one core (100 = one core); columns 6-10 are cumulative (rates = row deltas).

options (defaults: the running cell in \$CELL_DIR when there is one, else the reference's names):
  --cell-dir DIR          take every default below from this cell's cell.env
  --db NAME               database sampled (default: the cell's broker database, else postgres)
  --pg-host H --pg-port P --pg-user U      where psql connects (default 127.0.0.1 5432 postgres)
  --pg-cgroup DIR         cgroup directory of PostgreSQL (cpu.stat / cpuacct.usage, memory.*)
  --pg-container NAME     ...or a container whose cgroup is resolved through its PID (reference: qbench-pg)
  --broker-cgroup DIR     cgroup directory of the broker
  --broker-container NAME ...or a container (reference: r6682)
  --pg-mem-cgroup DIR --broker-mem-cgroup DIR   memory cgroup when it differs (cgroup v1)
  -h, --help              this help
Exit: 0 after <duration_s> seconds (or on SIGINT/SIGTERM), 2 bad arguments.
EOF
}

DIR=""; DB=""; PGH=127.0.0.1; PGP=""; PGU=postgres; PGCG=""; PGC=""; BRCG=""; BRC=""; PGMEM=""; BRMEM=""
while [ $# -gt 0 ]; do
  case $1 in
    --cell-dir) DIR=${2:?}; shift ;;
    --db) DB=${2:?}; shift ;;
    --pg-host) PGH=${2:?}; shift ;;
    --pg-port) PGP=${2:?}; shift ;;
    --pg-user) PGU=${2:?}; shift ;;
    --pg-cgroup) PGCG=${2:?}; shift ;;
    --pg-container) PGC=${2:?}; shift ;;
    --broker-cgroup) BRCG=${2:?}; shift ;;
    --broker-container) BRC=${2:?}; shift ;;
    --pg-mem-cgroup) PGMEM=${2:?}; shift ;;
    --broker-mem-cgroup) BRMEM=${2:?}; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) cell_usage_error "unknown option $1" ;;
    *) break ;;
  esac
  shift
done
[ $# -eq 2 ] || cell_usage_error "usage: bench-sampler.sh [options] <outfile> <duration_s>"
OUTFILE=$1; DURATION=$2
[[ $DURATION =~ ^[0-9]+$ ]] || cell_usage_error "<duration_s> must be whole seconds"

if [ -z "$DIR" ] && [ -r "$(cell_default_dir)/cell.env" ]; then DIR=$(cell_default_dir); fi
if [ -n "$DIR" ]; then
  cell_load_env "$DIR"
  DB=${DB:-$CELL_PG_DB}; PGP=${PGP:-$CELL_PG_PORT}; PGH=$CELL_PG_HOST
  [ -n "$PGCG$PGC" ] || PGCG=$(cell_component_cg pg)
  [ -n "$BRCG$BRC" ] || BRCG=$(cell_component_cg broker)
  if [ "${CELL_CAP_KIND:-}" = cgroup1 ]; then PGMEM=${PGMEM:-$CELL_CG_CELL_MEM/pg}; BRMEM=${BRMEM:-$CELL_CG_CELL_MEM/broker}; fi
fi
DB=${DB:-postgres}; PGP=${PGP:-5432}

# A container's cgroup directory (v2 unified path), resolved through its init PID.
container_cg() {
  local pid rel
  pid=$(docker inspect -f '{{.State.Pid}}' "$1" 2>/dev/null) || return 0
  rel=$(awk -F: '$1 == "0" { print $3 }' "/proc/$pid/cgroup" 2>/dev/null)
  [ -n "$rel" ] && printf '%s%s\n' "$(cell_cgroup2_root)" "$rel"
  return 0
}
if [ -n "$PGC" ]; then PGCG=$(container_cg "$PGC"); fi
if [ -n "$BRC" ]; then BRCG=$(container_cg "$BRC"); fi
PGMEM=${PGMEM:-$PGCG}; BRMEM=${BRMEM:-$BRCG}

PGCO_ARGS=(-h "$PGH" -p "$PGP" -U "$PGU" -d "$DB")
ver=$(pgco_query "SHOW server_version_num" 2>/dev/null || true)
if [ "${ver:-0}" -ge 180000 ]; then
  # PostgreSQL 18 moved the WAL sync counters to pg_stat_io (needs track_wal_io_timing=on for the time)
  fsync="(SELECT sum(fsyncs) FROM pg_stat_io WHERE object = 'wal'), (SELECT round(sum(fsync_time)::numeric, 3) FROM pg_stat_io WHERE object = 'wal')"
else
  fsync="(SELECT wal_sync FROM pg_stat_wal), (SELECT round(wal_sync_time::numeric, 3) FROM pg_stat_wal)"
fi
Q="SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
          (SELECT wal_records FROM pg_stat_wal), (SELECT wal_bytes FROM pg_stat_wal), $fsync,
          pg_database_size(current_database()),
          (SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()),
          (SELECT wait_event FROM pg_stat_activity WHERE state = 'active' AND wait_event IS NOT NULL
             AND pid <> pg_backend_pid() GROUP BY wait_event ORDER BY count(*) DESC, wait_event LIMIT 1);"

# CPU % of one core from two cumulative µs readings $dms ms apart; empty when either is unknown.
pct() { if [ -n "$1" ] && [ -n "$2" ] && [ "$3" -gt 0 ]; then awk -v a="$1" -v b="$2" -v ms="$3" 'BEGIN { printf "%.1f", (b - a) / (ms * 10) }'; fi; }
mib() { if [ -n "$1" ]; then awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; fi; }
usage_of() { if [ -n "$1" ]; then cell_cg_usage_usec "$1"; fi; }
mem_of() { if [ -n "$1" ]; then cell_cg_memory_bytes "$1"; fi; }

[ -s "$OUTFILE" ] || echo "$HEADER" >>"$OUTFILE"
t0_cpu=$(cell_proc_cpu_usec $$)
start=$(cell_now_ms); i=0; prev_ms=""; prev_pg=""; prev_br=""
finish() {
  local used; used=$(( $(cell_proc_cpu_usec $$) - t0_cpu ))
  # the persistent psql is our overhead too
  if [ -n "$PGCO_PID" ]; then used=$(( used + $(cell_proc_cpu_usec "$PGCO_PID" || echo 0) )); fi
  pgco_stop
  awk -v u="$used" -v s="$i" 'BEGIN { printf "[bench-sampler] overhead: %.2fs CPU over %ss => %.2f%% of one core\n", u / 1e6, s, (s > 0 ? u / 1e4 / s : 0) }' >&2
}
trap finish EXIT
trap 'exit 0' INT TERM
while [ "$i" -lt "$DURATION" ]; do
  i=$((i + 1))
  cell_sleep_until_ms $((start + i * 1000))
  now=$(cell_now_ms)
  pg=$(usage_of "$PGCG"); br=$(usage_of "$BRCG")
  dms=0; [ -n "$prev_ms" ] && dms=$((now - prev_ms))
  row=$(pgco_query "$Q" 2>/dev/null | head -n 1 || true)
  [ -n "$row" ] || row=",,,,,,,"
  printf '%s,%s,%s,%s,%s,%s\n' "$now" "$(pct "$prev_pg" "$pg" "$dms")" "$(mib "$(mem_of "$PGMEM")")" \
    "$(pct "$prev_br" "$br" "$dms")" "$(mib "$(mem_of "$BRMEM")")" "$row" >>"$OUTFILE"
  prev_ms=$now; prev_pg=$pg; prev_br=$br
done
