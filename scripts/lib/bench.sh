# shellcheck shell=bash
# Helpers of scripts/bench: the bench's jar, a run under GNU time (whole process, JIT included) and an outside sampler
# of the loader's sockets, the TIME_WAIT sockets on the broker's port and the broker's pop counter.

# bench_jars ROOT: builds ROOT's target/goload.jar and target/goload-bench.jar (the bench tree, src/bench: the
# summary, the targets, the push floor) when either is missing or older than the sources, with the JDK that
# goload_find_jdk chose; sets bench_cp to the classpath of both, for `java -cp "$bench_cp" dev.goload.bench.…`.
bench_jars() {
  local root=$1 jar="$1/target/goload.jar" bench="$1/target/goload-bench.jar" log="$1/target.build.log"
  # shellcheck disable=SC2034 # read by the caller
  bench_cp="$jar:$bench"
  if [ -f "$jar" ] && [ -f "$bench" ] && [ ! "$jar" -nt "$bench" ] \
      && [ -z "$(find "$root/pom.xml" "$root/src/main" "$root/src/bench" -newer "$bench" -type f -print -quit 2>/dev/null)" ]; then
    return 0
  fi
  echo "bench: building $jar and $bench (JDK at $JAVA_HOME) ..." >&2
  if ! (cd "$root" && mvn -B -q -DskipTests package >"$log" 2>&1); then
    echo "bench: build failed; see $log" >&2
    tail -n 30 "$log" >&2 || true
    return 1
  fi
  rm -f "$log"
}

# bench_timed_start DIR CMD...: starts CMD in the background under `/usr/bin/time -v` (user+sys CPU and peak RSS
# of the whole process tree it waits for, in DIR/time.txt), stdout and stderr in DIR/console.log, cwd DIR (so a
# tool that writes its artifacts to "." writes them there). Sets bench_timed_pid (the time process).
bench_timed_start() {
  local dir=$1; shift
  (cd "$dir" && exec /usr/bin/time -v -o "$dir/time.txt" "$@" >"$dir/console.log" 2>&1) &
  # shellcheck disable=SC2034 # read by the caller
  bench_timed_pid=$!
}

# bench_child_pid PID: PID's child (time -> the launcher, which execs the JVM in the same process, or the
# reference binary itself), waiting up to 10 s for it to appear. Not a deeper descendant: the launcher's own
# short-lived helpers (find, sed) would be taken for the loader. Prints nothing if PID ended first.
bench_child_pid() {
  local p=$1 c _
  for _ in $(seq 1 100); do
    c=$(cut -d' ' -f1 "/proc/$p/task/$p/children" 2>/dev/null || true)
    if [ -n "$c" ]; then printf '%s\n' "$c"; return 0; fi
    kill -0 "$p" 2>/dev/null || return 0
    sleep 0.1
  done
}

# bench_sample PID PORT BROKER_URL CONSOLE OUT: every 0.5 s while PID lives, one tab-separated row in OUT:
# epoch ms, established TCP connections to PORT (every client of the broker is the loader), PID's socket
# descriptors, TIME_WAIT sockets on PORT (either end), the broker's popped-messages counter and the loader's
# phase from its console (pre, load or drain: which interval lines it has printed). The counter is read only
# on the first sample of the load phase and of the drain (retried until it answers; each read is one short connection, so at most 2 of
# the TIME_WAIT sockets are the bench's own); empty otherwise. Ends by itself when PID ends; a failing probe
# leaves its field empty (the sampler runs under the caller's errexit).
bench_sample() {
  local pid=$1 port=$2 burl=$3 console=$4 out=$5 est fds tw pops phase last=pre
  printf 'epochMs\testablished\tsocketFds\ttimeWait\tbrokerPopped\tphase\n' >"$out"
  while kill -0 "$pid" 2>/dev/null; do
    est=$(ss -Htn state established "( dport = :$port )" 2>/dev/null | wc -l) || est=""
    fds=$(find "/proc/$pid/fd" -lname 'socket:*' 2>/dev/null | wc -l) || fds=""
    tw=$(ss -Htn state time-wait "( dport = :$port or sport = :$port )" 2>/dev/null | wc -l) || tw=""
    phase=pre
    if grep -q ' drain\]' "$console" 2>/dev/null; then phase=drain
    elif grep -q ' load \]' "$console" 2>/dev/null; then phase=load; fi
    pops=""
    if [ "$phase" != "$last" ]; then
      pops=$(curl -fsS -m 2 "$burl/metrics/prometheus" 2>/dev/null \
        | sed -n 's/^queen_cluster_pop_messages_total //p') || pops=""
      if [ -n "$pops" ]; then last=$phase; fi # a failed read is retried on the next sample
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%s%3N)" "$est" "$fds" "$tw" "$pops" "$phase" >>"$out"
    sleep 0.5
  done
}

# bench_cpu_seconds PID: user+sys CPU seconds PID has used so far (from /proc/PID/stat), or nothing.
bench_cpu_seconds() {
  local stat ticks
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  ticks=$(getconf CLK_TCK)
  # fields after the parenthesised command name: state is 3rd, utime 14th, stime 15th
  stat=${stat##*) }
  # shellcheck disable=SC2086 # word splitting into fields is the point
  set -- $stat
  awk -v u="${12}" -v s="${13}" -v t="$ticks" 'BEGIN { printf "%.2f\n", (u + s) / t }'
}
