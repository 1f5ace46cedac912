# shellcheck shell=bash
# Finds a JDK whose feature version is >= GOLOAD_MIN_JDK (25) and exports JAVA_HOME and JAVA to it.
# Order: $JAVA_HOME, then every /usr/lib/jvm/* (newest first). A JDK older than 25 is refused with a
# clear message: OkHttp pins virtual threads on JDK < 24, which silently turns the open-loop pacer
# into a closed loop, so running on one would produce numbers nobody can trust.

GOLOAD_MIN_JDK=${GOLOAD_MIN_JDK:-25}

# Prints the feature version (17, 21, 25, …) of the JDK at $1, or nothing.
goload_jdk_feature() {
  local home=$1 line
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  if [ -r "$home/release" ]; then
    line=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    if [ -n "$line" ]; then printf '%s\n' "$line"; return 0; fi
  fi
  "$home/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

goload_find_jdk() {
  local candidates=() seen=() c v best="" bestv=0
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/*; do [ -d "$c" ] && candidates+=("$c"); done
  for c in "${candidates[@]}"; do
    v=$(goload_jdk_feature "$c")
    [ -n "$v" ] || continue
    seen+=("$c (JDK $v)")
    if [ "$c" = "${JAVA_HOME:-}" ] && [ "$v" -ge "$GOLOAD_MIN_JDK" ]; then best=$c; bestv=$v; break; fi
    if [ "$v" -ge "$GOLOAD_MIN_JDK" ] && [ "$v" -gt "$bestv" ]; then best=$c; bestv=$v; fi
  done
  if [ -z "$best" ]; then
    {
      echo "goload: needs a JDK $GOLOAD_MIN_JDK or newer, and none was found."
      echo "  Looked at \$JAVA_HOME and /usr/lib/jvm/*; found: ${seen[*]:-none}."
      echo "  OkHttp pins virtual threads on JDK < 24, which would silently turn the open-loop pacer"
      echo "  closed-loop, so goload refuses to run on an older JDK."
      echo "  Install one (e.g. Temurin 25) and/or set JAVA_HOME to it."
    } >&2
    return 1
  fi
  if [ -n "${JAVA_HOME:-}" ] && [ "$best" != "$JAVA_HOME" ]; then
    echo "goload: JAVA_HOME=$JAVA_HOME is not a JDK $GOLOAD_MIN_JDK+; using $best (JDK $bestv) instead" >&2
  fi
  export JAVA_HOME=$best
  export JAVA="$best/bin/java"
}
