#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# goload sharded run on one host: N loaders, one coordinated start, one merged result (docs/distributed.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<'EOF'
usage: scripts/shards.sh [--out DIR] [--port PORT] [--embedded-broker] [--dry-run] N -- <goload args…>

Starts N goload processes, shard i of N each (`-shard i/N`), all joining one start barrier that shard 0
serves on 127.0.0.1:PORT (`-coordinator`, `-coordinate-listen`), with one run id; waits for all of them,
then merges their runs with `goload merge` into DIR/merged (one goload.run/2 record, .hlog and CSV that
`goload report`, `compare` and thresholds read like any other run).

The loaders share nothing but the barrier: give them a broker URL (-url …) in the goload args, or
--embedded-broker to start one `goload broker` in its own JVM for all of them (each loader's own
-embedded would give every shard a broker of its own: refused).

Options:
  --out DIR            where shard-<i>/, shard-<i>.log and merged/ go (default goload-runs/shards-<unix>)
  --port PORT          the barrier's port on 127.0.0.1 (default: a free one)
  --embedded-broker    start `goload broker -port 0` for the run and pass its URL to every shard
  --dry-run            print the commands and exit 0

The shards' -threshold and -strict are judged again by the merge on the merged run (a shard's own verdict
on its part is not the run's); give the merge more in GOLOAD_MERGE_ARGS, words split on blanks
(e.g. GOLOAD_MERGE_ARGS='-threshold shed==0 -threshold achieved>=0.99*offered').

Exit status: the merge's (0 ok, 3 merged verdict FAIL, 4 a threshold failed on the merged run, 5 -strict on
a loader-bound run) combined with the shards' setup (1) or usage (2) failures, the most fundamental winning
(3 > 2 > 1 > 5 > 4 > 0, the goload table); 1 when the merge fails. The merge runs whenever it can.
EOF
}

out="" port="" embedded=0 dry=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --port) port=${2:?--port needs a number}; shift 2 ;;
    --embedded-broker) embedded=1; shift ;;
    --dry-run) dry=1; shift ;;
    --) echo "scripts/shards.sh: give N before --" >&2; exit 2 ;;
    -*) echo "scripts/shards.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done
n=${1:-}
if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ]; then
  echo "scripts/shards.sh: N must be a number >= 1, got '${n}'" >&2
  exit 2
fi
shift
if [ "${1:-}" != "--" ]; then
  echo "scripts/shards.sh: give the goload args after --, e.g. 4 -- -mode openloop -rate 40000 -url http://…" >&2
  exit 2
fi
shift
args=("$@")
for a in "${args[@]}"; do
  case "${a#-}" in
    -embedded|embedded|embedded=*|-embedded=*)
      echo "scripts/shards.sh: -embedded would give every shard its own broker; use --embedded-broker" >&2; exit 2 ;;
    shard|-shard|shard=*|shards|shards=*|coordinator|coordinator=*|coordinate-listen*|out|out=*|run-id|run-id=*)
      echo "scripts/shards.sh: $a is set by the script; remove it" >&2; exit 2 ;;
  esac
done
if [ -z "$port" ]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi
run_id="shards-$(date +%s)"
out=${out:-goload-runs/$run_id}
coordinator="http://127.0.0.1:$port"

# shard_argv I: sets cmd to the command line of shard I (run as an array, not through eval: under set -e a
# failing eval'd command in a background job exits 1, hiding the shard's own exit code)
shard_argv() {
  local i=$1 extra=()
  [ "$i" = 0 ] && extra=(-coordinate-listen "127.0.0.1:$port")
  cmd=("$root/scripts/goload" "${args[@]}" ${url:+-url "$url"} -shard "$i/$n" -coordinator "$coordinator"
    "${extra[@]}" -run-id "$run_id" -out "$out/shard-$i")
}

url="" broker_url="" cmd=()
if [ "$dry" = 1 ]; then
  [ "$embedded" = 1 ] && { echo "+ scripts/goload broker -port 0 > $out/broker.log"; url='<its URL>'; }
  for ((i = 0; i < n; i++)); do shard_argv "$i"; echo "+ $(printf '%q ' "${cmd[@]}")> $out/shard-$i.log 2>&1 &"; done
  echo "+ scripts/goload merge -o $out/merged ${GOLOAD_MERGE_ARGS:-}${GOLOAD_MERGE_ARGS:+ }$out/shard-*"
  exit 0
fi

mkdir -p "$out"
"$root/scripts/goload" version >/dev/null # builds the jar once, before N processes would race to
broker_pid=""
pids=()
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -n "$broker_pid" ] && { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  return 0
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
if [ "$embedded" = 1 ]; then
  # shellcheck source=lib/broker.sh
  . "$root/scripts/lib/broker.sh"
  if ! goload_broker_start "$root" "$out/broker.log"; then
    echo "scripts/shards.sh: the broker did not start:" >&2
    cat "$out/broker.log" >&2
    exit 1
  fi
  url=$broker_url
fi

for ((i = 0; i < n; i++)); do
  shard_argv "$i"
  "${cmd[@]}" >"$out/shard-$i.log" 2>&1 &
  pids+=($!)
done
# rank CODE: the exit-code precedence (ExitCodes): verdict 3 > usage 2 / other > setup 1 > invalid 5 > threshold 4 > 0
rank() {
  case "$1" in
    0) echo 0 ;; 4) echo 1 ;; 5) echo 2 ;; 1) echo 3 ;; 3) echo 5 ;; *) echo 4 ;;
  esac
}
worse() { if [ "$(rank "$1")" -ge "$(rank "$2")" ]; then echo "$1"; else echo "$2"; fi; }

shard_code=0 # what the merge does not judge again: a shard that failed to run (a 4 or 5 judged its part only)
for ((i = 0; i < n; i++)); do
  code=0
  wait "${pids[$i]}" || code=$?
  echo "[shards] shard $i/$n exited $code (console: $out/shard-$i.log)"
  case "$code" in 0 | 4 | 5) ;; *) shard_code=$(worse "$shard_code" "$code") ;; esac
done
pids=()

inputs=()
for ((i = 0; i < n; i++)); do inputs+=("$out/shard-$i"); done
merge_args=()
read -r -a merge_args <<<"${GOLOAD_MERGE_ARGS:-}" # words split on blanks, never globbed (0.99*offered)
merge_code=0
"$root/scripts/goload" merge -o "$out/merged" "${merge_args[@]}" "${inputs[@]}" || merge_code=$?
case "$merge_code" in
  0 | 3 | 4 | 5) ;; # the merged run, judged
  *)
    echo "scripts/shards.sh: the merge failed (exit $merge_code, see above); the shards' runs are in $out/shard-*" >&2
    merge_code=1 ;;
esac
exit "$(worse "$shard_code" "$merge_code")"
