#!/usr/bin/env bash
# shellcheck disable=SC2154 # CELL_* come from the cell.env that vm-cell.sh up wrote
# cell-smoke-test.sh: the cell rig end to end on this machine (see docs/cell-rig.md; run by CellSmokeTest).
set -euo pipefail
CELL_PROG=cell-smoke
# shellcheck source=lib/cell.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/lib" && pwd)/cell.sh"
ROOT=$CELL_LIB_ROOT

usage() {
  cat <<EOF
usage: cell-smoke-test.sh [--keep] [--work DIR]

Brings up a native cell (capped where this machine lets us create a cgroup, uncapped with a warning
otherwise), provisions two tenants into its pxdb, starts the proxy, runs one cloud point through runpt.sh
and checks every output file and its columns, resets the database, runs a two-step ladder at small rates,
tears everything down and checks that no process of the cell is left. Needs PostgreSQL server binaries,
psql and curl; run as root (PostgreSQL then runs as user postgres) or as a normal user.

  --work DIR  working directory (default: a fresh mktemp -d); the cell lives in DIR/cell
  --keep      keep DIR afterwards (the cell itself is always torn down)
Environment: GOLOAD (goload launcher, default scripts/goload).
Exit: 0 all checks passed, 1 a check failed, 2 bad arguments.
EOF
}

WORK=""; KEEP=0
while [ $# -gt 0 ]; do
  case $1 in
    --work) WORK=${2:?}; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) usage; exit 0 ;;
    *) cell_usage_error "unknown argument $1" ;;
  esac
  shift
done
GOLOAD=${GOLOAD:-$ROOT/scripts/goload}; export GOLOAD
[ -n "$WORK" ] || WORK=$(mktemp -d /tmp/goload-cell-smoke.XXXXXX)
mkdir -p "$WORK"; chmod 0755 "$WORK"
CELL=$WORK/cell; OUT=$WORK/out; mkdir -p "$CELL" "$OUT"

# A free loopback port: connect-probe with bash's /dev/tcp (refused = nobody listens). Below the kernel's
# ephemeral range (32768+), so an outgoing connection cannot be holding it when a member binds it.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 12000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}
PXDB=$(free_port); PG=$(free_port); BROKER=$(free_port); PROXY=$(free_port)

cleanup() {
  local rc=$?
  "$ROOT/vm-cell.sh" down --cell-dir "$CELL" >/dev/null 2>&1 || true
  if [ "$rc" != 0 ]; then
    cell_warn "FAILED (exit $rc); cell logs:"; "$ROOT/vm-cell.sh" logs --cell-dir "$CELL" -n 15 >&2 || true
  fi
  [ "$KEEP" = 1 ] || [ "$rc" != 0 ] || rm -rf "$WORK"
}
trap cleanup EXIT

check() { if ! eval "$1"; then cell_die "check failed: $2"; fi; }
header_is() { [ "$(head -n 1 "$1")" = "$2" ] || cell_die "$1: header $(head -n 1 "$1") != $2"; }

step() { cell_log "---- $*"; }

step "up: 2 cores / 2 GiB (ports pxdb=$PXDB pg=$PG broker=$BROKER proxy=$PROXY)"
"$ROOT/vm-cell.sh" up --cell-dir "$CELL" --name "gls$$" --cell-cpus 2 --cell-mem 2 --pg native \
  --pxdb-port "$PXDB" --pg-port "$PG" --broker-port "$BROKER" --proxy-port "$PROXY"
# shellcheck disable=SC1091
. "$CELL/cell.env"
if [ "$CELL_CAP_KIND" = none ]; then cell_warn "this machine cannot create a cgroup: the smoke cell runs UNCAPPED"; fi
"$ROOT/vm-cell.sh" status --cell-dir "$CELL"

step "provision two tenants into pxdb"
"$GOLOAD" -mode provision -tenants 2 -prefix smoke -plan bench -cell bench -file "$CELL/tenants.json" \
  -psql-cmd "psql -X -qtA -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PXDB -U postgres -d queen_proxy"
check "[ -s '$CELL/tenants.json' ]" "tenants file written"

step "reset with the proxy: the embedded proxy loads the provisioned tenants"
"$ROOT/reset-cell-db.sh" --with-proxy --cell-dir "$CELL"

CLOUD=(-mode cloud -target proxy -url "http://127.0.0.1:$PROXY" -tenants-file "$CELL/tenants.json" -tenants 2
  -partitions 2 -push-batch 1 -consumers-per-tenant 2 -pop-batch 50 -payload 64 -report 1)
# Short points: the smoke test checks the rig's plumbing (files, columns, resets, teardown), not the cell's
# capacity. The drain stays 4 s: it must cover a loaded machine's seconds of end-to-end latency (a message
# not acked by the verdict reads as missing, a FAIL that in the ladder also stops it before its last point),
# and 2 s lost acks when the rest of the suite ran beside the cell.
DURATION=2; DRAIN=4
step "one cloud point through runpt.sh"
"$ROOT/runpt.sh" --cell-dir "$CELL" "$OUT" pt1 -- "${CLOUD[@]}" -rate 100 -duration "$DURATION" -drain "$DRAIN" \
  -out "$OUT" -run-id pt1

step "check every output file and its columns"
for f in pt1.shape.txt pt1.cpu.csv pt1.pg.csv pt1.stdout pt1.json pt1-interval.csv; do
  check "[ -s '$OUT/$f' ]" "$f exists and is not empty"
done
for k in run_id utc command cap clk_tck proxy_healthz cell_members loadavg_before wal_bytes_whole_run exit loadavg_after; do
  check "grep -q '^$k:' '$OUT/pt1.shape.txt'" "shape.txt has $k"
done
check "grep -qx 'exit: 0' '$OUT/pt1.shape.txt'" "the point exited 0 (verdict PASS)"
header_is "$OUT/pt1.cpu.csv" "t_unix,comp,usage_usec"
for c in broker proxy pg pxdb slice slice_thr loader; do
  check "grep -q '^[0-9.]*,$c,' '$OUT/pt1.cpu.csv'" "cpu.csv has $c rows"
done
check "[ \$(grep -c ',broker,' '$OUT/pt1.cpu.csv') -ge $((DURATION + DRAIN)) ]" "cpu.csv has a row per second"
check "awk -F, 'NR > 1 && \$2 == \"pg\" && \$3 !~ /^[0-9]+\$/ { bad = 1 } END { exit bad }' '$OUT/pt1.cpu.csv'" "pg usage is a number every second"
header_is "$OUT/pt1.pg.csv" "t_unix,kind,a,b,c,d"
check "grep -q '^[0-9.]*,d,[0-9]*,[0-9]*,[0-9]*,[0-9]*\$' '$OUT/pt1.pg.csv'" "pg.csv has d rows"
check "grep -q '^[0-9.]*,dd,' '$OUT/pt1.pg.csv'" "pg.csv has per-second deltas"
check "grep -q 'VERDICT: PASS' '$OUT/pt1.stdout'" "the loader's stdout was captured"
check "grep -Eq '^  \"verdict\" ?: ?\"PASS\"' '$OUT/pt1.json'" "run record verdict PASS"

# no reset of its own: -reset-with-proxy resets the cell before every point, the first included
step "a two-step ladder"
# Rules wide open (LadderRulesTest covers them): a busy machine must not stop the ladder before its last
# point. The ladder judges the pops made during the load phase, so its points load for 4 s: with seconds of
# end-to-end latency under load a 2 s load phase popped next to nothing and stopped the ladder at its first
# point. 4 s also leaves the steady window [1 s, 3 s] two 1 Hz samples for the cell CPU columns.
"$GOLOAD" ladder -rates 40,80 -duration 4 -drain "$DRAIN" -warmup 1 -cell-dir "$CELL" -reset-with-proxy \
  -loader "$GOLOAD" -out "$OUT/ladder" -p99-limit-ms 600000 -achieved-ratio 0.000001 -backlog-limit-sec 100000 \
  -- "${CLOUD[@]}"
check "[ -s '$OUT/ladder/ladder.json' ]" "capacity curve written"
check "[ \$(grep -c '\"runId\"' '$OUT/ladder/ladder.json') -ge 2 ]" "two points in the capacity curve"
for r in 40 80; do
  check "[ -s '$OUT/ladder/ladder-$r.cpu.csv' ] && [ -s '$OUT/ladder/ladder-$r.json' ]" "ladder point $r has its runpt files"
done

step "down: nothing left behind"
"$ROOT/vm-cell.sh" down --cell-dir "$CELL"
for pid in "$CELL_PID_pxdb" "$CELL_PID_pg" "$CELL_PID_broker"; do
  check "! cell_pid_alive $pid" "member pid $pid is gone"
done
left=""
for p in /proc/[0-9]*; do
  if tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -qF -- "$CELL"; then left+=" ${p#/proc/}"; fi
done
check "[ -z '$left' ]" "no process mentions the cell directory (left:$left)"
if [ -n "$CELL_CG_CELL" ]; then check "[ ! -d '$CELL_CG_CELL' ]" "the cell's cgroup is removed"; fi
cell_log "PASS: cell rig smoke test ($CELL_CAP_KIND)"
