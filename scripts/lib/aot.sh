# shellcheck shell=bash
# The launcher's JDK 25 AOT cache (JEP 483 class loading & linking, JEP 514 one-step -XX:AOTCacheOutput, JEP 515
# method profiles): target/goload.aot, built once per jar by a training run (`goload aot-train`: the real push,
# pop/ack and cloud paths against in-process loopback servers, 20-60 s) and mapped by every later run, which then
# starts with goload's classes loaded, linked and profiled instead of interpreting its first seconds.
#
# Two caches, because every class in a JDK 25 AOT cache is loaded at start and the whole mapping is resident (30 of
# its ~38 MB relocated, so private): target/goload-load.aot for openloop and max against a broker (`aot-train -paths
# load`: their push and pop/ack runs only, trained with those modes' own collector flags) maps ~4 MB less than
# target/goload.aot (every path, cloud's and the embedded broker's included), which every other mode maps
# (docs/launcher.md, "AOT cache"; figures in commit 0b717f6's message). Each is trained on its first use.
#
# Rules, because a cache must never break or change a run:
# - valid only for the jar, JDK and training it was trained with: CACHE.key holds the JDK (JAVA_HOME and its
#   release file), the jar's size and mtime and the training's paths and JVM flags; any change retrains. (The JVM itself does not notice a rebuilt
#   jar of the same size: it would map classes of the old build.)
# - built to a temporary file and renamed into place (atomic in one directory), under `flock -n`: of N launchers
#   started together (scripts/shards.sh) the first trains, the others run at once without the cache.
# - a training that fails or times out leaves target/goload.aot.failed (same key): one warning on stderr, then
#   runs without a cache and no retraining until the jar or JDK changes. A corrupt or foreign cache file is
#   refused by the JVM (-XX:AOTMode=auto, the default), which then runs without it; its complaint goes to stderr
#   (the JVM would print it on stdout, among the report lines).
# - only for the collectors with compressed oops (G1, Serial, Parallel): in JDK 25 the cache's linked classes need
#   its archived heap objects, which ZGC cannot map (JEP 516, JDK 26); a ZGC run maps nothing.
# - GOLOAD_AOT=0 disables it; GOLOAD_JAVA_OPTS naming -XX:AOTCache, -XX:AOTMode or -Xshare leaves it to them.
# - GOLOAD_AOT=map maps a valid cache and never trains nor writes: a cache that is missing or not valid for this jar
#   and JVM is one line on stderr and a run without it. The container image (Dockerfile) trains its caches at build
#   time and sets it, so a pod maps them from a read-only filesystem and none spends 20-60 s training before the
#   shards' start barrier.

# goload_aot_key JAR PATHS TRAIN_JVM_FLAGS...: one line identifying the JDK, the jar build and the training a
# cache is valid for (a JVM flag that changes the cache's layout, e.g. its collector's, must retrain it).
goload_aot_key() {
  local jar=$1 paths=$2; shift 2
  printf 'jdk=%s %s jar=%s train=%s %s\n' "$JAVA_HOME" "$(cksum <"$JAVA_HOME/release" 2>/dev/null)" \
    "$(stat -c '%s %Y' "$jar")" "$paths" "$*"
}

# goload_aot_flags JAR CACHE PATHS TRAIN_JVM_FLAGS...: prints the JVM flags that map CACHE (nothing when no valid
# cache can be had), training it first (`aot-train -paths PATHS` under TRAIN_JVM_FLAGS) when it is missing or
# stale. Never fails.
goload_aot_flags() {
  local jar=$1 cache=$2 paths=$3; shift 3
  local key; key=$(goload_aot_key "$jar" "$paths" "$@") || return 0
  if ! goload_aot_valid "$cache" "$key"; then
    if [ "${GOLOAD_AOT:-1}" = map ]; then
      echo "goload: no AOT cache trained for this jar and JVM at $cache (GOLOAD_AOT=map never trains); running without it" >&2
      return 0
    fi
    if [ "$(head -n 1 "$cache.failed" 2>/dev/null)" = "$key" ]; then return 0; fi
    goload_aot_train "$jar" "$cache" "$key" "$paths" "$@" || return 0
  fi
  printf '%s\n' "-XX:AOTCache=$cache -Xlog:aot*=off -Xlog:cds*=off -Xlog:aot*=warning:stderr"
}

# goload_aot_valid CACHE KEY: whether CACHE was trained for KEY. The key file also holds the cache's size: a
# truncated cache is retrained, not mapped.
goload_aot_valid() {
  [ "$(cat "$1.key" 2>/dev/null)" = "$2 aot=$(stat -c %s "$1" 2>/dev/null)" ]
}

# goload_aot_train JAR CACHE KEY PATHS TRAIN_JVM_FLAGS...: the training run; 0 when CACHE and CACHE.key are in
# place.
goload_aot_train() {
  local jar=$1 cache=$2 key=$3 paths=$4; shift 4
  local tmp="$cache.tmp.$$" log="$cache.log" rc=0
  mkdir -p "$(dirname "$cache")" 2>/dev/null || true
  if command -v flock >/dev/null 2>&1; then
    exec 9>>"$cache.lock" || return 1
    if ! flock -n 9; then
      echo "goload: another goload is building the AOT cache $cache; this run goes without it" >&2
      exec 9>&-
      return 1
    fi
    # another launcher may have finished training between our check and the lock
    if goload_aot_valid "$cache" "$key"; then exec 9>&-; return 0; fi
  fi
  echo "goload: training the AOT cache $cache (once per jar build, 20-60 s; GOLOAD_AOT=0 skips) ..." >&2
  # bounded: a training that hangs must not hold the run (nor the lock) for ever
  # GOLOAD_AOT_TRAIN_ARGS: extra aot-train flags (tests: -sec 1)
  # shellcheck disable=SC2086
  if ! timeout "${GOLOAD_AOT_TRAIN_TIMEOUT:-180}" "$JAVA" "$@" -XX:AOTCacheOutput="$tmp" -jar "$jar" aot-train \
      -paths "$paths" ${GOLOAD_AOT_TRAIN_ARGS:-} >"$log" 2>&1 </dev/null || [ ! -s "$tmp" ]; then
    rc=1
  fi
  if [ "$rc" = 0 ] && mv -f "$tmp" "$cache" \
      && printf '%s aot=%s\n' "$key" "$(stat -c %s "$cache")" >"$cache.key.$$" && mv -f "$cache.key.$$" "$cache.key"; then
    rm -f "$cache.failed"
  else
    rc=1
    rm -f "$tmp" "$tmp.config" "$cache.key.$$"
    { printf '%s\n' "$key"; tail -n 40 "$log" 2>/dev/null; } >"$cache.failed" 2>/dev/null || true
    echo "goload: WARNING: the AOT cache training failed (see $log); running without it, and not retrying until the jar or the JDK changes" >&2
  fi
  if command -v flock >/dev/null 2>&1; then exec 9>&-; fi
  return "$rc"
}
