#!/usr/bin/env bash
# A throwaway PostgreSQL instance for the tests that need a real server (provision).
#
#   eval "$(scripts/pg-test-instance.sh start)"   # prints export lines: GOLOAD_TEST_PG_URL, _USER, _DIR
#   scripts/pg-test-instance.sh env  [DIR]         # prints them again
#   scripts/pg-test-instance.sh stop [DIR]         # stops the server and deletes DIR (default $GOLOAD_TEST_PG_DIR)
#
# The cluster lives in a fresh temp dir, listens on 127.0.0.1 only, on a free port, with trust authentication
# for local connections and fsync off (test data is disposable). PostgreSQL refuses to run as root, so as root the
# server runs as the system user "postgres" (created when missing). Server binaries are looked up in $PG_BINDIR,
# then /usr/lib/postgresql/<newest>/bin, then PATH.
set -euo pipefail

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  echo "usage: $0 start|stop [DIR]|env [DIR] [--dry-run]"
}

dry_run=0
args=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    --dry-run) dry_run=1 ;;
    *) args+=("$a") ;;
  esac
done
[ ${#args[@]} -ge 1 ] || { usage >&2; exit 2; }
cmd=${args[0]}

# shellcheck source=scripts/lib/pg.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/pg.sh"

find_bindir() {
  pg_bindir && return 0
  echo "pg-test-instance: no PostgreSQL server binaries (initdb) found; install postgresql" >&2
  return 1
}

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
  else
    echo $(( (RANDOM % 20000) + 30000 ))
  fi
}

# Runs a command as the server's user: ourselves, or "postgres" when we are root.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

print_env() {
  local dir=$1
  [ -f "$dir/env" ] || { echo "pg-test-instance: no instance in $dir" >&2; exit 1; }
  cat "$dir/env"
}

case "$cmd" in
  start)
    bindir=$(find_bindir)
    if [ "$dry_run" -eq 1 ]; then
      echo "would initdb with $bindir/initdb in a temp dir and start postgres on 127.0.0.1:<free port>" >&2
      exit 0
    fi
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    dir=$(mktemp -d "${TMPDIR:-/tmp}/goload-pg.XXXXXX")
    chmod 0755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    port=$(free_port)
    as_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >"$dir/pg_ctl.log" 2>&1 || { cat "$dir/pg_ctl.log" "$dir/server.log" >&2 || true; exit 1; }
    as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres goload_test
    {
      echo "export GOLOAD_TEST_PG_URL='jdbc:postgresql://127.0.0.1:$port/goload_test'"
      echo "export GOLOAD_TEST_PG_USER='postgres'"
      echo "export GOLOAD_TEST_PG_PSQL='psql -h 127.0.0.1 -p $port -U postgres -d goload_test'"
      echo "export GOLOAD_TEST_PG_DIR='$dir'"
      echo "export GOLOAD_TEST_PG_BINDIR='$bindir'"
    } >"$dir/env"
    print_env "$dir"
    ;;
  env)
    print_env "${args[1]:-${GOLOAD_TEST_PG_DIR:?no DIR given and GOLOAD_TEST_PG_DIR unset}}"
    ;;
  stop)
    dir=${args[1]:-${GOLOAD_TEST_PG_DIR:-}}
    [ -n "$dir" ] || { echo "pg-test-instance: no DIR given and GOLOAD_TEST_PG_DIR unset" >&2; exit 2; }
    [ -d "$dir/data" ] || { echo "pg-test-instance: no instance in $dir" >&2; exit 1; }
    if [ "$dry_run" -eq 1 ]; then echo "would stop the server in $dir and delete $dir" >&2; exit 0; fi
    bindir=$(find_bindir)
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    usage >&2
    exit 2
    ;;
esac
