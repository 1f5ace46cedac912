#!/usr/bin/env bash
# shellcheck disable=SC2154 # CELL_* come from the cell.env that vm-cell.sh up wrote
# reset-cell-db.sh: every measured point starts cold (see docs/cell-rig.md).
set -euo pipefail
CELL_PROG=reset-cell-db
# shellcheck source=scripts/lib/cell.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/scripts/lib/cell.sh"
ROOT=$CELL_LIB_ROOT

usage() {
  cat <<EOF
usage: reset-cell-db.sh [--with-proxy] [--cell-dir DIR] [--dry-run]

Stops the broker, drops and recreates the broker's database (DROP DATABASE ... WITH (FORCE)), re-creates
pg_stat_statements when it is preloaded, restarts the broker with the command and environment vm-cell.sh
recorded, inside the cell's cap, and waits for /health. With --with-proxy the proxy is restarted too and
waited for at /healthz (the embedded proxy re-reads the cell's tenants file, so run this after provision).

  --with-proxy    also restart the proxy
  --cell-dir DIR  the cell (default \$CELL_DIR or /var/lib/goload-cell)
  --dry-run       print every command instead of running it
  -h, --help      this help
Exit: 0 ok, 1 any failure, 2 bad arguments.
EOF
}

WITH_PROXY=0; DIR=$(cell_default_dir)
while [ $# -gt 0 ]; do
  case $1 in
    --with-proxy) WITH_PROXY=1 ;;
    --cell-dir) DIR=${2:?}; shift ;;
    --dry-run) CELL_DRY_RUN=1 ;;
    -h|--help) usage; exit 0 ;;
    *) cell_usage_error "unknown argument $1" ;;
  esac
  shift
done
export CELL_DRY_RUN
cell_load_env "$DIR"
# shellcheck source=scripts/lib/vm-cell-parts.sh
. "$ROOT/scripts/lib/vm-cell-parts.sh"

started=$(cell_now_ms)
if [ "$WITH_PROXY" = 1 ]; then service_stop proxy; fi
service_stop broker
db=$CELL_PG_DB
run cell_psql "$CELL_PG_HOST" "$CELL_PG_PORT" postgres -o /dev/null -c "DROP DATABASE IF EXISTS $db WITH (FORCE)"
run cell_psql "$CELL_PG_HOST" "$CELL_PG_PORT" postgres -o /dev/null -c "CREATE DATABASE $db"
# re-created only where preloaded: pg_stat_statements cannot be created otherwise
if [ "$CELL_DRY_RUN" = 1 ] || cell_psql "$CELL_PG_HOST" "$CELL_PG_PORT" "$db" -c "SHOW shared_preload_libraries" | grep -qw pg_stat_statements; then
  run cell_psql "$CELL_PG_HOST" "$CELL_PG_PORT" "$db" -o /dev/null -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
fi
service_start broker
cell_env_set CELL_PID_broker "$CELL_PID_broker"
if [ "$WITH_PROXY" = 1 ]; then
  if [ "${#CELL_PROXY_CMD[@]}" -eq 0 ]; then cell_die "this cell has no proxy (--proxy-bin none)"; fi
  if [[ " ${CELL_PROXY_CMD[*]} " == *" -tenants-file "* ]] && [ ! -s "$CELL_TENANTS_FILE" ] && [ "$CELL_DRY_RUN" != 1 ]; then
    cell_die "the embedded proxy needs the tenants file $CELL_TENANTS_FILE: run goload -mode provision -file $CELL_TENANTS_FILE first"
  fi
  service_start proxy
  cell_env_set CELL_PID_proxy "$CELL_PID_proxy"
fi
cell_log "database $db recreated, broker$([ "$WITH_PROXY" = 1 ] && echo ' and proxy') restarted in $(( $(cell_now_ms) - started ))ms"
