#!/usr/bin/env bash
# shellcheck disable=SC2154 # CELL_* come from the cell.env that vm-cell.sh up wrote
# runpt.sh: wraps one measured point (see docs/cell-rig.md).
set -euo pipefail
CELL_PROG=runpt
LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")/scripts/lib" && pwd)
# shellcheck source=scripts/lib/cell.sh
. "$LIB/cell.sh"
# shellcheck source=scripts/lib/sampling.sh
. "$LIB/sampling.sh"
ROOT=$CELL_LIB_ROOT

usage() {
  cat <<EOF
usage: runpt.sh [options] <outdir> <run-id> -- <goload args…>

Runs the loader once against the cell and records, in <outdir>:
  <run-id>.shape.txt     run id, UTC time, command, the cap in force, proxy /healthz, cell members, load
                         average; after the run: wal_bytes_whole_run, exit code, load average
  <run-id>.cpu.csv       t_unix,comp,usage_usec   every second: broker, proxy, pg, pxdb, [dockersvc],
                         slice (the whole cell), slice_thr (the cap's throttled time), loader
  <run-id>.pg.csv        t_unix,kind,a,b,c,d      every second: w,<state>,<wait type|CPU>,<wait event|CPU>,<n>
                         per active-backend group; d,<xact_commit>,<xact_rollback>,<tup_inserted>,<tup_deleted>
                         (cumulative) and dd,<the same four as deltas over the last second>
  <run-id>.pgss-before.csv / .pgss-after.csv   when pg_stat_statements is installed in the broker's database
  <run-id>.stdout        the loader's stdout and stderr (also shown live)
and exits with the loader's exit code. Pass -out <outdir> -run-id <run-id> to goload so its run record and
interval CSV land next to these files.

options:
  --cell-dir DIR        the cell (default \$CELL_DIR or /var/lib/goload-cell)
  --loader CMD          the loader executable (default scripts/goload; \$GOLOAD)
  --loader-match REGEX  command lines counted as the loader's CPU, besides the process runpt starts
                        (default '$LOADER_MATCH_DEFAULT'; cell members never count)
  -h, --help            this help
Exit: the loader's exit code; 1 when the rig itself fails; 2 bad arguments.
EOF
}

DIR=$(cell_default_dir); LOADER=${GOLOAD:-$ROOT/scripts/goload}; MATCH=$LOADER_MATCH_DEFAULT
while [ $# -gt 0 ]; do
  case $1 in
    --cell-dir) DIR=${2:?}; shift ;;
    --loader) LOADER=${2:?}; shift ;;
    --loader-match) MATCH=${2:?}; shift ;;
    -h|--help) usage; exit 0 ;;
    --) cell_usage_error "missing <outdir> <run-id> before --" ;;
    -*) cell_usage_error "unknown option $1" ;;
    *) break ;;
  esac
  shift
done
[ $# -ge 3 ] || cell_usage_error "usage: runpt.sh <outdir> <run-id> -- <goload args…>"
OUT=$1; ID=$2; shift 2
[ "$1" = -- ] || cell_usage_error "expected -- after <run-id>, got $1"
shift
[[ $ID =~ ^[A-Za-z0-9._-]+$ ]] || cell_usage_error "run id must be [A-Za-z0-9._-]+"
cell_load_env "$DIR"
# shellcheck source=scripts/lib/vm-cell-parts.sh
. "$ROOT/scripts/lib/vm-cell-parts.sh"
mkdir -p "$OUT"
P=$OUT/$ID
PG_CONN=(-h "$CELL_PG_HOST" -p "$CELL_PG_PORT" -U postgres -d "$CELL_PG_DB")

pg1() { PGCONNECT_TIMEOUT=3 psql -X -q -t -A -F, "${PG_CONN[@]}" -c "$1" 2>/dev/null || true; }

pgss_snapshot() {
  local has
  has=$(pg1 "SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'")
  [ "$has" = 1 ] || return 0
  {
    echo "queryid,calls,rows,total_exec_time_ms,query"
    pg1 "SELECT s.queryid, s.calls, s.rows, round(s.total_exec_time::numeric, 1),
                replace(replace(left(s.query, 140), ',', ';'), E'\n', ' ')
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = current_database() ORDER BY s.total_exec_time DESC"
  } >"$1"
}

# ---- shape, before ----
{
  echo "run_id: $ID"
  echo "utc: $(date -u +%FT%TZ)"
  echo "command: $(cell_quote "$LOADER" "$@")"
  cap_describe
  echo "clk_tck: $CELL_CLK_TCK"
  echo "broker_health: $(curl -fsS -m 3 "$CELL_BROKER_URL/health" 2>&1 | head -c 400 || true)"
  echo "proxy_healthz: $(curl -fsS -m 3 "$CELL_PROXY_URL/healthz" 2>&1 | head -c 400 || true)"
  echo "cell_members: $(cell_member_pids | sort -un | tr '\n' ' ')"
  echo "loadavg_before: $(cat /proc/loadavg)"
} >"$P.shape.txt"
wal_before=$(pg1 "SELECT pg_current_wal_lsn()")
pgss_snapshot "$P.pgss-before.csv"

# ---- samplers ----
LOADER_PID_FILE=$(mktemp); trap 'rm -f "$LOADER_PID_FILE"' EXIT

cpu_sampler() {
  local i=0 start now t c v members="" lpids="" lpid tick=0
  echo "t_unix,comp,usage_usec" >"$P.cpu.csv"
  start=$(cell_now_ms)
  while :; do
    now=$(cell_now_ms); t=$(printf '%d.%03d' $((now / 1000)) $((now % 1000)))
    {
      for c in broker proxy pg pxdb; do printf '%s,%s,%s\n' "$t" "$c" "$(cell_component_usec "$c")"; done
      [ "$CELL_PG_KIND" = docker ] && printf '%s,dockersvc,%s\n' "$t" "$(cell_cg_usage_usec "$(cell_cgroup2_root)/system.slice/docker.service")"
      if [ -n "$CELL_CG_CELL" ]; then
        printf '%s,slice,%s\n' "$t" "$(cell_cg_usage_usec "${CELL_CG_CELL_ACCT:-$CELL_CG_CELL}")"
        printf '%s,slice_thr,%s\n' "$t" "$(cell_cg_throttled_usec "$CELL_CG_CELL")"
      else
        local s=0 x; for c in broker proxy pg pxdb; do x=$(cell_component_usec "$c"); s=$((s + ${x:-0})); done
        printf '%s,slice,%s\n%s,slice_thr,\n' "$t" "$s" "$t"
      fi
      # loader pids rediscovered every 3 s (a full /proc scan); the process runpt started always counts
      if [ $((tick % 3)) = 0 ]; then
        members=$(cell_member_pids | tr '\n' ' ')
        lpids=$(loader_pids "$MATCH" "$members" | tr '\n' ' ')
      fi
      lpid=$(cat "$LOADER_PID_FILE" 2>/dev/null || true)
      # shellcheck disable=SC2046,SC2086
      printf '%s,loader,%s\n' "$t" "$(pids_cpu_usec $(printf '%s\n' $lpids $( [ -n "$lpid" ] && cell_pid_tree "$lpid") | sort -un))"
    } >>"$P.cpu.csv"
    tick=$((tick + 1)); i=$((i + 1))
    cell_sleep_until_ms $((start + i * 1000))
  done
}

pg_sampler() {
  local i=0 start now t line prev="" cur
  echo "t_unix,kind,a,b,c,d" >"$P.pg.csv"
  PGCO_ARGS=("${PG_CONN[@]}")
  local q="SELECT 'w,' || coalesce(state, '') || ',' || coalesce(wait_event_type, 'CPU') || ',' || coalesce(wait_event, 'CPU') || ',' || count(*)
             FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
              AND pid <> pg_backend_pid() AND state = 'active' GROUP BY state, wait_event_type, wait_event
           UNION ALL
           SELECT 'd,' || xact_commit || ',' || xact_rollback || ',' || tup_inserted || ',' || tup_deleted
             FROM pg_stat_database WHERE datname = current_database();"
  start=$(cell_now_ms)
  while :; do
    now=$(cell_now_ms); t=$(printf '%d.%03d' $((now / 1000)) $((now % 1000)))
    while IFS= read -r line; do
      printf '%s,%s\n' "$t" "$line"
      if [[ $line == d,* ]]; then
        cur=${line#d,}
        if [ -n "$prev" ]; then
          local -a a b; IFS=, read -ra a <<<"$cur"; IFS=, read -ra b <<<"$prev"
          printf '%s,dd,%s,%s,%s,%s\n' "$t" $((a[0] - b[0])) $((a[1] - b[1])) $((a[2] - b[2])) $((a[3] - b[3]))
        fi
        prev=$cur
      fi
    done < <(pgco_query "$q" || true) >>"$P.pg.csv"
    i=$((i + 1))
    cell_sleep_until_ms $((start + i * 1000))
  done
}

cpu_sampler & CPU_PID=$!
pg_sampler & PG_PID=$!
stop_samplers() { kill "$CPU_PID" "$PG_PID" 2>/dev/null || true; wait "$CPU_PID" "$PG_PID" 2>/dev/null || true; }
trap 'stop_samplers; rm -f "$LOADER_PID_FILE"' EXIT

# ---- the point ----
set +e
"$LOADER" "$@" > >(tee "$P.stdout") 2>&1 &
lpid=$!
echo "$lpid" >"$LOADER_PID_FILE"
wait "$lpid"; rc=$?
set -e
sleep 1.1   # one more sample after the loader ends: the tail of the drain is in every series
stop_samplers
wait 2>/dev/null || true   # the tee of the process substitution

# ---- shape, after ----
wal_after=$(pg1 "SELECT pg_current_wal_lsn()")
wal=""
[ -n "$wal_before" ] && [ -n "$wal_after" ] && wal=$(pg1 "SELECT pg_wal_lsn_diff('$wal_after', '$wal_before')::bigint")
pgss_snapshot "$P.pgss-after.csv"
{
  echo "wal_bytes_whole_run: $wal"
  echo "exit: $rc"
  echo "loadavg_after: $(cat /proc/loadavg)"
} >>"$P.shape.txt"
exit "$rc"
