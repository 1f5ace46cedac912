#!/usr/bin/env bash
# loader-sampler.sh: 1 Hz loader-host sampler (see docs/cell-rig.md).
set -euo pipefail
CELL_PROG=loader-sampler
LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib" && pwd)
# shellcheck source=../scripts/lib/cell.sh
. "$LIB/cell.sh"
# shellcheck source=../scripts/lib/sampling.sh
. "$LIB/sampling.sh"

HEADER=epoch_ms,goload_cpu_pct,goload_mem_mb,total_cpu_idle_pct,net_rx_mbps,net_tx_mbps,tcp_established,tcp_timewait

usage() {
  cat <<EOF
usage: loader-sampler.sh [options] <outfile> <duration_s>

One CSV line per second on a fixed start + i*1000 ms grid (no drift); the header only when <outfile> is
new; an empty field, never a crash, when a source is unreadable; the self-overhead line on stderr at exit.
Columns: $HEADER
goload CPU is % of one core (100 = one core), summed over every loader process, found by its full command
line (our loader is a JVM: its comm is "java"), at the system's real clock-tick rate; goload columns are
empty while no loader runs. Network is megabits/s of one interface; TCP counts come from ss -s.

options:
  --match REGEX   loader command lines (default '$LOADER_MATCH_DEFAULT')
  --cell-dir DIR  never count this cell's members (its embedded broker/proxy are goload JVMs too);
                  default: the cell in \$CELL_DIR when one is up
  --iface NAME    network interface (default: the default route's; the reference hard-coded eth1)
  -h, --help      this help
Exit: 0 after <duration_s> seconds (or on SIGINT/SIGTERM), 2 bad arguments.
EOF
}

MATCH=$LOADER_MATCH_DEFAULT; IFACE=""; DIR=""
while [ $# -gt 0 ]; do
  case $1 in
    --match) MATCH=${2:?}; shift ;;
    --iface) IFACE=${2:?}; shift ;;
    --cell-dir) DIR=${2:?}; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) cell_usage_error "unknown option $1" ;;
    *) break ;;
  esac
  shift
done
[ $# -eq 2 ] || cell_usage_error "usage: loader-sampler.sh [options] <outfile> <duration_s>"
OUTFILE=$1; DURATION=$2
[[ $DURATION =~ ^[0-9]+$ ]] || cell_usage_error "<duration_s> must be whole seconds"
if [ -z "$IFACE" ]; then
  IFACE=$(awk 'NR > 1 && $2 == "00000000" { print $1; exit }' /proc/net/route 2>/dev/null || true)
  IFACE=${IFACE:-lo}
fi
if [ -z "$DIR" ] && [ -r "$(cell_default_dir)/cell.env" ]; then DIR=$(cell_default_dir); fi
if [ -n "$DIR" ]; then cell_load_env "$DIR"; fi
excluded() { printf '%s ' "$$"; if [ -n "$DIR" ]; then cell_member_pids | tr '\n' ' '; fi; }
PAGE=$(getconf PAGESIZE 2>/dev/null || echo 4096)

declare -A PREV=()   # pid -> cumulative ticks at the previous sample
PIDS=()
cpu_and_rss() {   # prints "<Δticks summed> <rss bytes>", or nothing when no loader runs
  local p st rest ticks dt=0 rss=0 n=0
  local -A cur=()
  for p in "${PIDS[@]}"; do
    st=$(cat "/proc/$p/stat" 2>/dev/null) || continue
    rest=${st##*) }
    # shellcheck disable=SC2086
    set -- $rest
    ticks=$(( ${12} + ${13} )); cur[$p]=$ticks; n=$((n + 1))
    # a pid seen for the first time contributes 0 this second (its past CPU is not this second's)
    [ -n "${PREV[$p]:-}" ] && dt=$(( dt + ticks - PREV[$p] ))
    rss=$(( rss + ${22} * PAGE ))
  done
  PREV=()
  for p in "${!cur[@]}"; do PREV[$p]=${cur[$p]}; done
  [ "$n" -gt 0 ] && printf '%s %s\n' "$dt" "$rss"
  return 0
}
cpu_line() { awk '$1 == "cpu" { idle = $5 + $6; t = 0; for (i = 2; i <= NF; i++) t += $i; print idle, t; exit }' /proc/stat 2>/dev/null || true; }
net_bytes() { awk -v i="$IFACE:" '$1 == i { print $2, $10; exit }' /proc/net/dev 2>/dev/null || true; }
tcp_counts() { ss -s 2>/dev/null | awk '/^TCP:/ { gsub(/[(),]/, " "); for (i = 1; i <= NF; i++) { if ($i == "estab") e = $(i + 1); if ($i == "timewait") w = $(i + 1) } print e "," w; exit }' || true; }

[ -s "$OUTFILE" ] || echo "$HEADER" >>"$OUTFILE"
t0_cpu=$(cell_proc_cpu_usec $$)
start=$(cell_now_ms); i=0; prev_ms=""
read -r prev_idle prev_total < <(cpu_line) || true
read -r prev_rx prev_tx < <(net_bytes) || true
mapfile -t PIDS < <(loader_pids "$MATCH" "$(excluded)")
cpu_and_rss >/dev/null
prev_ms=$start
finish() {
  local used; used=$(( $(cell_proc_cpu_usec $$) - t0_cpu ))
  awk -v u="$used" -v s="$i" 'BEGIN { printf "[loader-sampler] overhead: %.2fs CPU over %ss => %.2f%% of one core\n", u / 1e6, s, (s > 0 ? u / 1e4 / s : 0) }' >&2
}
trap finish EXIT
trap 'exit 0' INT TERM
while [ "$i" -lt "$DURATION" ]; do
  i=$((i + 1))
  cell_sleep_until_ms $((start + i * 1000))
  [ $((i % 3)) = 0 ] && mapfile -t PIDS < <(loader_pids "$MATCH" "$(excluded)")
  now=$(cell_now_ms); dms=$((now - prev_ms)); [ "$dms" -gt 0 ] || dms=1
  gcpu=""; gmem=""
  if read -r dt rss < <(cpu_and_rss); then
    gcpu=$(awk -v t="$dt" -v hz="$CELL_CLK_TCK" -v ms="$dms" 'BEGIN { printf "%.1f", t / hz * 1000 / ms * 100 }')
    gmem=$(awk -v b="$rss" 'BEGIN { printf "%.1f", b / 1048576 }')
  fi
  idle_pct=""; rx=""; tx=""
  if read -r idle total < <(cpu_line) && [ -n "${prev_total:-}" ] && [ "$total" -gt "$prev_total" ]; then
    idle_pct=$(awk -v a="$((idle - prev_idle))" -v b="$((total - prev_total))" 'BEGIN { printf "%.1f", a * 100 / b }')
  fi
  prev_idle=${idle:-}; prev_total=${total:-}
  if read -r nrx ntx < <(net_bytes) && [ -n "${prev_rx:-}" ]; then
    rx=$(awk -v d="$((nrx - prev_rx))" -v ms="$dms" 'BEGIN { printf "%.3f", d * 8 / 1e6 * 1000 / ms }')
    tx=$(awk -v d="$((ntx - prev_tx))" -v ms="$dms" 'BEGIN { printf "%.3f", d * 8 / 1e6 * 1000 / ms }')
  fi
  prev_rx=${nrx:-}; prev_tx=${ntx:-}
  tcp=$(tcp_counts); [ -n "$tcp" ] || tcp=","
  printf '%s,%s,%s,%s,%s,%s,%s\n' "$now" "$gcpu" "$gmem" "$idle_pct" "$rx" "$tx" "$tcp" >>"$OUTFILE"
  prev_ms=$now
done
