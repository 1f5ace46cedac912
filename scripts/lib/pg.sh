# shellcheck shell=bash
# PostgreSQL server binaries, shared by the cell rig (scripts/lib/cell.sh) and scripts/pg-test-instance.sh.
# Sourced, never executed.

# Prints the directory holding initdb/pg_ctl: $PG_BIN or $PG_BINDIR when set, else the highest installed
# /usr/lib/postgresql/<version>/bin (version order: 16 before 9.6), else the directory of initdb on PATH.
# Returns 1 (printing nothing) when there is none.
pg_bindir() {
  local d
  for d in "${PG_BIN:-}" "${PG_BINDIR:-}"; do
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then printf '%s\n' "$d"; return 0; fi
  done
  d=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | while read -r c; do [ -x "$c/initdb" ] && echo "$c"; done | tail -n 1)
  if [ -n "$d" ]; then printf '%s\n' "$d"; return 0; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return 0; fi
  return 1
}
