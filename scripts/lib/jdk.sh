# shellcheck shell=bash
# Finds a JDK whose feature version is >= GOLOAD_MIN_JDK (25) and exports JAVA_HOME and JAVA to it.
# Order: $JAVA_HOME, then every /usr/lib/jvm/* (newest first). A JDK older than 25 is refused with a
# clear message: OkHttp pins virtual threads on JDK < 24, which silently turns the open-loop pacer
# into a closed loop, so running on one would produce numbers nobody can trust.
# `goload_find_jdk runtime` also takes a Java runtime without a compiler (the jlink'd target/runtime of
# scripts/image, the container image's /opt/goload/runtime): enough to run a built jar, not to build one.

GOLOAD_MIN_JDK=${GOLOAD_MIN_JDK:-25}

# Prints the feature version (17, 21, 25, …) of the JDK at $1, or nothing; with $2 = runtime, of a Java runtime
# (bin/java, no javac) too.
goload_jdk_feature() {
  local home=$1 kind=${2:-jdk} line
  [ -x "$home/bin/java" ] || return 0
  [ "$kind" = runtime ] || [ -x "$home/bin/javac" ] || return 0
  if [ -r "$home/release" ]; then
    line=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    if [ -n "$line" ]; then printf '%s\n' "$line"; return 0; fi
  fi
  "$home/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

# goload_find_jdk [runtime]
# shellcheck disable=SC2120 # the argument is optional: without it a full JDK (javac) is required
goload_find_jdk() {
  local kind=${1:-jdk} candidates=() seen=() c v best="" bestv=0
  # a relative JAVA_HOME (JAVA_HOME=target/runtime) names the same JVM wherever the caller cds to
  if [ -n "${JAVA_HOME:-}" ] && [ -d "$JAVA_HOME" ]; then JAVA_HOME=$(cd "$JAVA_HOME" && pwd); fi
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/*; do [ -d "$c" ] && candidates+=("$c"); done
  for c in "${candidates[@]}"; do
    v=$(goload_jdk_feature "$c" "$kind")
    if [ -z "$v" ]; then
      v=$(goload_jdk_feature "$c" runtime)
      [ -z "$v" ] || seen+=("$c (Java $v runtime, no javac)")
      continue
    fi
    seen+=("$c (JDK $v)")
    if [ "$c" = "${JAVA_HOME:-}" ] && [ "$v" -ge "$GOLOAD_MIN_JDK" ]; then best=$c; bestv=$v; break; fi
    if [ "$v" -ge "$GOLOAD_MIN_JDK" ] && [ "$v" -gt "$bestv" ]; then best=$c; bestv=$v; fi
  done
  if [ -z "$best" ]; then
    {
      if [ "$kind" = runtime ]; then
        echo "goload: needs a Java $GOLOAD_MIN_JDK or newer (a JDK or a runtime), and none was found."
      else
        echo "goload: needs a JDK $GOLOAD_MIN_JDK or newer (with javac, to build), and none was found."
      fi
      echo "  Looked at \$JAVA_HOME and /usr/lib/jvm/*; found: ${seen[*]:-none}."
      echo "  OkHttp pins virtual threads on JDK < 24, which would silently turn the open-loop pacer"
      echo "  closed-loop, so goload refuses to run on an older JDK."
      echo "  Install one (e.g. Temurin 25) and/or set JAVA_HOME to it."
    } >&2
    return 1
  fi
  if [ -n "${JAVA_HOME:-}" ] && [ "$best" != "$JAVA_HOME" ]; then
    if [ "$kind" = jdk ] && [ -n "$(goload_jdk_feature "$JAVA_HOME" runtime)" ] \
        && [ "$(goload_jdk_feature "$JAVA_HOME" runtime)" -ge "$GOLOAD_MIN_JDK" ]; then
      echo "goload: JAVA_HOME=$JAVA_HOME is a Java runtime without a compiler; building with $best (JDK $bestv)" >&2
    else
      echo "goload: JAVA_HOME=$JAVA_HOME is not a JDK $GOLOAD_MIN_JDK+; using $best (JDK $bestv) instead" >&2
    fi
  fi
  export JAVA_HOME=$best
  export JAVA="$best/bin/java"
}
