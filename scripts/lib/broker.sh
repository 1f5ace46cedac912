# shellcheck shell=bash
# A goload broker in its own JVM for the benchmark scripts (scripts/soak, scripts/bench's tenants phase).

# goload_broker_start ROOT LOG: starts `ROOT/scripts/goload broker -port 0` in the background, stdout and stderr
# in LOG, and waits (at most 30 s, less if it dies) for its "listening on" line. Sets broker_pid (also when it
# failed, so the caller's cleanup stops it) and broker_url. Returns 1 when no URL appeared; LOG says why.
# The caller's GOLOAD_JAVA_OPTS, if any, reaches the broker's JVM.
goload_broker_start() {
  local root=$1 log=$2
  : >"$log"
  "$root/scripts/goload" broker -port 0 >"$log" 2>&1 &
  broker_pid=$!
  broker_url=""
  for _ in $(seq 1 300); do
    broker_url=$(sed -n 's/^goload broker listening on \([^ ]*\).*/\1/p' "$log")
    [ -n "$broker_url" ] && return 0
    kill -0 "$broker_pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}
