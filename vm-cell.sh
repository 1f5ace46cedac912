#!/usr/bin/env bash
# shellcheck disable=SC2034 # CELL_* variables reach cell.env by name (write_env)
# vm-cell.sh: builds, inspects and tears down the capped benchmark cell (see docs/cell-rig.md).
set -euo pipefail
CELL_PROG=vm-cell
# shellcheck source=scripts/lib/cell.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/scripts/lib/cell.sh"
ROOT=$CELL_LIB_ROOT
GOLOAD_BIN=${GOLOAD:-$ROOT/scripts/goload}

usage() {
  cat <<EOF
usage: vm-cell.sh up|down|status|logs [options]

Builds the capped cell -- the proxy's state database (pxdb), the cell's PostgreSQL (pg), the broker and
the proxy -- under ONE CPU/memory cap, records where each part listens in <cell-dir>/cell.env, waits for
health and upserts the cell row into queen_proxy.cells.

  up        (re)create the cell: fresh PostgreSQL clusters, cap, broker, proxy
  down      stop every member, remove the cap; leaves no process behind
  status    the cap actually in force, each member (pid, cgroup, health), where each part listens
  logs      the last lines of every member's log (logs COMPONENT [-n LINES] for one)

options:
  --cell-cpus N       CPU cap in cores (0 = uncapped; default 2)
  --cell-mem G        memory cap in GiB (0 = uncapped; default 8); PostgreSQL is tuned to it
  --enforce 0|1       proxy enforcement (QUEEN_PROXY_ENFORCE; default 1)
  --dry-run           print every command instead of running it
  --cell-dir DIR      state directory (default \$CELL_DIR or /var/lib/goload-cell)
  --name NAME         cgroup / slice / container prefix (default goloadcell)
  --cap KIND          auto | systemd | cgroup2 | cgroup1 | none (default auto: systemd when it runs,
                      else a plain cgroup, else uncapped with a warning)
  --pg KIND           auto | native | docker (default auto: docker when an engine answers, else native)
  --pgss 0|1          preload pg_stat_statements (track=all, max=5000) in the cell PostgreSQL (\$PGSS)
  --pg-port P --pxdb-port P --broker-port P --proxy-port P   (defaults 5466 5465 6632 6711)
  --broker-bin PATH   run this broker binary instead of the embedded one (settings via environment)
  --proxy-bin PATH    run this proxy binary instead of the embedded proxy personality; "none" = no proxy
  --broker-env FILE   extra KEY=VALUE lines for the broker's environment (also --proxy-env FILE)
  --pxdb-schema FILE  SQL applied to the fresh pxdb before the proxy starts (default: the repo's schema)
  --cell-slug SLUG    the cell row upserted into queen_proxy.cells (default bench)
  -h, --help          this help

Environment: CELL_DIR, PG_BIN (PostgreSQL binaries), PGSS, CELL_JAVA_OPTS (embedded broker/proxy JVM),
GOLOAD (the goload launcher for the embedded broker/proxy; default scripts/goload).
Exit: 0 ok, 1 any failure, 2 bad arguments.
EOF
}

cmd=""; CPUS=2; MEM_G=8; ENFORCE=1; CELL_DIR=$(cell_default_dir); NAME=goloadcell; CAP=auto; PG_KIND=auto
PGSS=${PGSS:-0}; PG_PORT=5466; PXDB_PORT=5465; BROKER_PORT=6632; PROXY_PORT=6711
BROKER_BIN=""; PROXY_BIN=""; BROKER_ENV=""; PROXY_ENV=""; PXDB_SCHEMA=""; CELL_SLUG=bench; LOG_COMP=""; LOG_LINES=40
while [ $# -gt 0 ]; do
  case $1 in
    up|down|status|logs) [ -z "$cmd" ] || cell_usage_error "two commands: $cmd and $1"; cmd=$1 ;;
    --cell-cpus) CPUS=${2:?}; shift ;;
    --cell-mem) MEM_G=${2:?}; shift ;;
    --enforce) ENFORCE=${2:?}; shift ;;
    --dry-run) CELL_DRY_RUN=1 ;;
    --cell-dir) CELL_DIR=${2:?}; shift ;;
    --name) NAME=${2:?}; shift ;;
    --cap) CAP=${2:?}; shift ;;
    --pg) PG_KIND=${2:?}; shift ;;
    --pgss) PGSS=${2:?}; shift ;;
    --pg-port) PG_PORT=${2:?}; shift ;;
    --pxdb-port) PXDB_PORT=${2:?}; shift ;;
    --broker-port) BROKER_PORT=${2:?}; shift ;;
    --proxy-port) PROXY_PORT=${2:?}; shift ;;
    --broker-bin) BROKER_BIN=${2:?}; shift ;;
    --proxy-bin) PROXY_BIN=${2:?}; shift ;;
    --broker-env) BROKER_ENV=${2:?}; shift ;;
    --proxy-env) PROXY_ENV=${2:?}; shift ;;
    --pxdb-schema) PXDB_SCHEMA=${2:?}; shift ;;
    --cell-slug) CELL_SLUG=${2:?}; shift ;;
    -n) LOG_LINES=${2:?}; shift ;;
    -h|--help) usage; exit 0 ;;
    pg|pxdb|broker|proxy) [ "$cmd" = logs ] || cell_usage_error "unexpected argument $1"; LOG_COMP=$1 ;;
    *) cell_usage_error "unknown argument $1" ;;
  esac
  shift
done
[ -n "$cmd" ] || cell_usage_error "missing command (up|down|status|logs)"
[[ $CPUS =~ ^[0-9]+([.][0-9]+)?$ ]] || cell_usage_error "--cell-cpus must be a number >= 0"
[[ $MEM_G =~ ^[0-9]+$ ]] || cell_usage_error "--cell-mem must be whole GiB >= 0"
[[ $ENFORCE =~ ^[01]$ ]] || cell_usage_error "--enforce must be 0 or 1"
[[ $PGSS =~ ^[01]$ ]] || cell_usage_error "--pgss must be 0 or 1"
case $CAP in auto|systemd|cgroup2|cgroup1|none) ;; *) cell_usage_error "--cap: auto|systemd|cgroup2|cgroup1|none" ;; esac
case $PG_KIND in auto|native|docker) ;; *) cell_usage_error "--pg: auto|native|docker" ;; esac
for p in "$PG_PORT" "$PXDB_PORT" "$BROKER_PORT" "$PROXY_PORT"; do
  [[ $p =~ ^[0-9]+$ ]] && [ "$p" -gt 0 ] && [ "$p" -lt 65536 ] || cell_usage_error "bad port $p"
done
export CELL_DRY_RUN
COMPONENTS=(pxdb pg broker proxy)
[ "$PROXY_BIN" = none ] && COMPONENTS=(pxdb pg broker)

# shellcheck source=scripts/lib/vm-cell-parts.sh
. "$ROOT/scripts/lib/vm-cell-parts.sh"

# Where each part listens and how to restart it: written by up, read by every other script.
write_env() {
  [ "$CELL_DRY_RUN" = 1 ] && return 0
  local f=$CELL_DIR/cell.env v c
  {
    echo "# goload cell, written by vm-cell.sh up at $(date -u +%FT%TZ); sourced by the rig's scripts"
    for v in CELL_DIR CELL_NAME CELL_CAP_KIND CELL_CPUS CELL_MEM_G CELL_PG_KIND CELL_PGSS CELL_ENFORCE CELL_SLUG \
             CELL_CG_CELL CELL_CG_CELL_ACCT CELL_CG_CELL_MEM CELL_PG_HOST CELL_PG_PORT CELL_PG_DB \
             CELL_PXDB_HOST CELL_PXDB_PORT CELL_PXDB_DB CELL_BROKER_URL CELL_PROXY_URL CELL_TENANTS_FILE CELL_COMPONENTS; do
      printf '%s=%q\n' "$v" "${!v:-}"
    done
    for c in pxdb pg broker proxy; do
      v="CELL_PID_$c"; printf '%s=%q\n' "$v" "${!v:-}"
      v="CELL_CG_PROCS_$c"; printf '%s=%q\n' "$v" "${!v:-}"
    done
    printf 'CELL_BROKER_CMD=(%s)\n' "$(cell_quote "${CELL_BROKER_CMD[@]}")"
    printf 'CELL_BROKER_ENV=(%s)\n' "$(cell_quote "${CELL_BROKER_ENV[@]}")"
    printf 'CELL_PROXY_CMD=(%s)\n' "$(cell_quote "${CELL_PROXY_CMD[@]}")"
    printf 'CELL_PROXY_ENV=(%s)\n' "$(cell_quote "${CELL_PROXY_ENV[@]}")"
  } >"$f.tmp"
  mv "$f.tmp" "$f"
}

# KEY=VALUE lines of an env file, appended to array $2.
read_env_file() {
  local line; [ -n "$1" ] || return 0
  [ -r "$1" ] || cell_die "cannot read env file $1"
  while IFS= read -r line; do
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    [[ $line == *=* ]] || cell_die "$1: not KEY=VALUE: $line"
    eval "$2+=(\"\$line\")"
  done <"$1"
}

# The broker and proxy command lines. Defaults: the embedded broker (`goload broker`), and its proxy
# personality in a second process that loads the cell's tenants file (docs/cell-rig.md, "proxy").
build_services() {
  local heap; heap=$(( MEM_MB / 8 )); [ "$heap" -lt 256 ] && heap=256; [ "$heap" -gt 2048 ] && heap=2048
  local jopts="-Xms64m -Xmx${heap}m -XX:-AlwaysPreTouch ${CELL_JAVA_OPTS:-}"
  CELL_BROKER_ENV=(PORT="$BROKER_PORT" QUEEN_PORT="$BROKER_PORT" PG_HOST="$CELL_PG_HOST" PG_PORT="$CELL_PG_PORT"
    PG_DB="$CELL_PG_DB" PG_USER=postgres PG_PASSWORD= QUEEN_TENANCY_HEADER=true GOLOAD_JAVA_OPTS="$jopts")
  CELL_PROXY_ENV=(PORT="$PROXY_PORT" QUEEN_PROXY_PORT="$PROXY_PORT" QUEEN_PROXY_ENFORCE="$([ "$ENFORCE" = 1 ] && echo true || echo false)"
    QUEEN_PROXY_UPSTREAM="$CELL_BROKER_URL" QUEEN_PROXY_DATABASE_URL="postgres://postgres@$CELL_PXDB_HOST:$CELL_PXDB_PORT/$CELL_PXDB_DB"
    QUEEN_PROXY_SPOOL_DIR="$CELL_DIR/spool" QUEEN_PROXY_RECONCILE_SECS=10 GOLOAD_JAVA_OPTS="$jopts")
  read_env_file "$BROKER_ENV" CELL_BROKER_ENV
  read_env_file "$PROXY_ENV" CELL_PROXY_ENV
  if [ -n "$BROKER_BIN" ]; then CELL_BROKER_CMD=("$BROKER_BIN")
  else CELL_BROKER_CMD=("$GOLOAD_BIN" broker -host 127.0.0.1 -port "$BROKER_PORT" -tenancy-header=true); fi
  if [ "$PROXY_BIN" = none ]; then CELL_PROXY_CMD=()
  elif [ -n "$PROXY_BIN" ]; then CELL_PROXY_CMD=("$PROXY_BIN")
  else CELL_PROXY_CMD=("$GOLOAD_BIN" broker -proxy -host 127.0.0.1 -port "$PROXY_PORT" -upstream "$CELL_BROKER_URL"
    -tenants-file "$CELL_TENANTS_FILE" -proxy-enforce="$([ "$ENFORCE" = 1 ] && echo true || echo false)"); fi
}

# The embedded proxy personality serves the tenants of a tenants file: before `provision` has written one
# it cannot start, so `up` defers it and `reset-cell-db.sh --with-proxy` (re)starts it.
proxy_deferred() { [ -z "$PROXY_BIN" ] && [ ! -s "$CELL_TENANTS_FILE" ]; }

cell_up() {
  if [ -r "$CELL_DIR/cell.env" ] && [ "$CELL_DRY_RUN" != 1 ]; then
    cell_log "a cell is recorded at $CELL_DIR: taking it down first"
    "$ROOT/vm-cell.sh" down --cell-dir "$CELL_DIR"
  fi
  KIND=$(cap_resolve_kind); CELL_CAP_KIND=$KIND; CELL_NAME=$NAME; CELL_CPUS=$CPUS; CELL_MEM_G=$MEM_G
  PGK=$PG_KIND
  if [ "$PGK" = auto ]; then PGK=native; command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1 && PGK=docker; fi
  CELL_PG_KIND=$PGK; CELL_PGSS=$PGSS; CELL_ENFORCE=$ENFORCE
  if [ "$KIND" = none ] && { [ "$CPUS" != 0 ] || [ "$MEM_G" != 0 ]; }; then
    cell_warn "UNCAPPED: no systemd and no writable cgroup (v2 cpu+memory, or v1 cpu/memory) here, so the cell runs"
    cell_warn "WITHOUT the requested --cell-cpus $CPUS --cell-mem $MEM_G cap; its numbers are not comparable to a capped cell."
  fi
  MEM_MB=$((MEM_G * 1024)); [ "$MEM_G" = 0 ] && MEM_MB=$(cell_host_mem_mb)
  CELL_PG_HOST=127.0.0.1; CELL_PG_PORT=$PG_PORT; CELL_PG_DB=queen
  CELL_PXDB_HOST=127.0.0.1; CELL_PXDB_PORT=$PXDB_PORT; CELL_PXDB_DB=queen_proxy
  CELL_BROKER_URL=http://127.0.0.1:$BROKER_PORT; CELL_PROXY_URL=http://127.0.0.1:$PROXY_PORT
  CELL_TENANTS_FILE=${CELL_TENANTS_FILE:-$CELL_DIR/tenants.json}; CELL_COMPONENTS="${COMPONENTS[*]}"
  cell_log "up: cell $NAME in $CELL_DIR, cap=$KIND cpus=$CPUS mem=${MEM_G}G, PostgreSQL=$PGK, enforce=$ENFORCE"

  run mkdir -p "$CELL_DIR/log" "$CELL_DIR/run" "$CELL_DIR/pg" "$CELL_DIR/spool"
  run chmod 0755 "$CELL_DIR" "$CELL_DIR/log"
  if [ "$PGK" = native ]; then
    cell_ensure_pg_user
    if [ "$(id -u)" = 0 ] && [ "$CELL_DRY_RUN" != 1 ]; then
      chown postgres:postgres "$CELL_DIR/run" "$CELL_DIR/pg"
      setpriv --reuid=postgres --regid=postgres --init-groups test -x "$CELL_DIR/pg" \
        || cell_die "user postgres cannot reach $CELL_DIR (a parent directory is not world-searchable): choose another --cell-dir"
    fi
  fi
  build_services
  if [ -z "$BROKER_BIN" ] || [ -z "$PROXY_BIN" ]; then
    run "$GOLOAD_BIN" version >/dev/null   # builds target/goload.jar now, outside the cap and the health wait
  fi

  UP_OK=0
  trap 'if [ "$UP_OK" != 1 ] && [ "$CELL_DRY_RUN" != 1 ]; then cell_warn "up failed: tearing the partial cell down"; "$ROOT/vm-cell.sh" down --cell-dir "$CELL_DIR" || true; fi' EXIT
  cap_setup
  write_env
  pg_up pxdb "$PXDB_PORT" queen_proxy 0 "$MEM_MB"; write_env
  pg_up pg "$PG_PORT" queen 1 "$MEM_MB"; write_env
  if [ "$PGSS" = 1 ]; then run cell_psql 127.0.0.1 "$PG_PORT" queen -o /dev/null -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"; fi
  local schema=${PXDB_SCHEMA:-$ROOT/scripts/sql/queen_proxy.sql}
  if [ -r "$schema" ]; then run cell_psql 127.0.0.1 "$PXDB_PORT" queen_proxy -o /dev/null -f "$schema"; cell_log "pxdb schema applied from $schema"
  elif [ -n "$PXDB_SCHEMA" ]; then cell_die "cannot read --pxdb-schema $PXDB_SCHEMA"; fi
  service_start broker; write_env
  if [ "$PROXY_BIN" = none ]; then cell_log "proxy: none (--proxy-bin none)"
  elif proxy_deferred; then
    cell_warn "proxy deferred: the embedded proxy serves the tenants of $CELL_TENANTS_FILE, which does not exist yet;"
    cell_warn "provision tenants into it, then start the proxy with ./reset-cell-db.sh --with-proxy"
  else service_start proxy; write_env; fi
  if cell_psql 127.0.0.1 "$PXDB_PORT" queen_proxy -c "SELECT 1 FROM information_schema.tables WHERE table_schema='queen_proxy' AND table_name='cells'" 2>/dev/null | grep -q 1; then
    run cell_psql 127.0.0.1 "$PXDB_PORT" queen_proxy -c "INSERT INTO queen_proxy.cells (slug, base_url) VALUES ('$CELL_SLUG', '$CELL_BROKER_URL') ON CONFLICT (slug) DO UPDATE SET base_url = EXCLUDED.base_url" -o /dev/null
    cell_log "cell row $CELL_SLUG -> $CELL_BROKER_URL upserted into queen_proxy.cells"
  elif [ "$CELL_DRY_RUN" != 1 ]; then
    cell_die "pxdb has no queen_proxy.cells table: give the proxy's schema with --pxdb-schema FILE"
  fi
  write_env
  UP_OK=1
  [ "$CELL_DRY_RUN" = 1 ] || cell_status
}

cell_down() {
  if [ ! -r "$CELL_DIR/cell.env" ]; then cell_log "no cell recorded at $CELL_DIR: nothing to do"; return 0; fi
  cell_load_env "$CELL_DIR"
  cell_log "down: cell $CELL_NAME in $CELL_DIR"
  service_stop proxy; service_stop broker
  pg_down pg; pg_down pxdb
  cap_teardown
  run rm -rf "$CELL_DIR/pg" "$CELL_DIR/run"
  run rm -f "$CELL_DIR/cell.env"
  local c pv left=0
  for c in pxdb pg broker proxy; do
    pv="CELL_PID_$c"
    if [ "$CELL_DRY_RUN" != 1 ] && cell_pid_alive "${!pv:-}"; then cell_warn "$c (pid ${!pv}) is still running"; left=1; fi
  done
  [ "$left" = 0 ] || cell_die "down left processes behind"
  cell_log "down: done (logs kept in $CELL_DIR/log)"
}

cell_status() {
  cell_load_env "$CELL_DIR"
  local c pv pid st url
  echo "cell $CELL_NAME at $CELL_DIR (PostgreSQL: $CELL_PG_KIND, enforce=$CELL_ENFORCE, slug=$CELL_SLUG)"
  cap_describe
  printf '%-7s %-8s %-6s %-28s %s\n' member pid state listens cgroup
  for c in pxdb pg broker proxy; do
    pv="CELL_PID_$c"; pid=${!pv:-}
    st=down; cell_pid_alive "$pid" && st=up
    case $c in
      pxdb) url="$CELL_PXDB_HOST:$CELL_PXDB_PORT/$CELL_PXDB_DB"; pg_isready -U postgres -q -h "$CELL_PXDB_HOST" -p "$CELL_PXDB_PORT" -t 1 && st=ready ;;
      pg) url="$CELL_PG_HOST:$CELL_PG_PORT/$CELL_PG_DB"; pg_isready -U postgres -q -h "$CELL_PG_HOST" -p "$CELL_PG_PORT" -t 1 && st=ready ;;
      broker) url=$CELL_BROKER_URL; curl -fsS -m 2 -o /dev/null "$url/health" 2>/dev/null && st=healthy ;;
      proxy) url=$CELL_PROXY_URL; curl -fsS -m 2 -o /dev/null "$url/healthz" 2>/dev/null && st=healthy ;;
    esac
    printf '%-7s %-8s %-6s %-28s %s\n' "$c" "${pid:--}" "$st" "$url" \
      "$( [ -n "$pid" ] && [ -r "/proc/$pid/cgroup" ] && grep -E '^0::|:cpu[,:]|:cpu$' "/proc/$pid/cgroup" | head -n 1 | cut -d: -f3- || echo -)"
  done
  if [ -n "$CELL_CG_CELL" ] && [ -d "$CELL_CG_CELL" ]; then
    echo "members of $CELL_CG_CELL:"
    local p
    while read -r p; do [ -n "$p" ] && printf '  %s %s\n' "$p" "$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | cut -c1-110)"; done \
      < <(find "$CELL_CG_CELL" -name cgroup.procs -exec cat {} + 2>/dev/null | sort -n)
  fi
}

cell_logs() {
  local c f
  for c in ${LOG_COMP:-pxdb pg broker proxy}; do
    f=$CELL_DIR/log/$c.log
    [ -r "$f" ] || { echo "== $c: no log ($f)"; continue; }
    echo "== $c ($f)"; tail -n "$LOG_LINES" "$f"
  done
}

case $cmd in
  up) cell_up ;;
  down) cell_down ;;
  status) cell_status ;;
  logs) cell_logs ;;
esac
