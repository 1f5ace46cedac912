# shellcheck shell=bash
# scripts/runtime's module list, apart so that tests run it without jlink.

# goload_runtime_modules FOUND EXTRA_FILE: the comma-separated module list for jlink: FOUND (jdeps'
# --print-module-deps output, comma-separated) plus the first word of each line of EXTRA_FILE that is not blank or a
# # comment, each module once, in that order. A line naming no valid module name fails (exit 2), as does an empty
# list.
goload_runtime_modules() {
  local found=$1 extra=$2 m line list=() seen=","
  local IFS=,
  for m in $found; do
    m=${m//[[:space:]]/}
    [ -n "$m" ] || continue
    case $seen in *",$m,"*) continue ;; esac
    list+=("$m"); seen="$seen$m,"
  done
  unset IFS
  if [ -f "$extra" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      line=${line%%#*}
      read -r m _ <<<"$line" || true
      [ -n "${m:-}" ] || continue
      if ! [[ $m =~ ^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$ ]]; then
        echo "runtime: $extra: '$m' is not a module name" >&2
        return 2
      fi
      case $seen in *",$m,"*) continue ;; esac
      list+=("$m"); seen="$seen$m,"
    done <"$extra"
  fi
  if [ "${#list[@]}" = 0 ]; then echo "runtime: no modules (jdeps found none and $extra names none)" >&2; return 2; fi
  local IFS=,
  printf '%s\n' "${list[*]}"
}
