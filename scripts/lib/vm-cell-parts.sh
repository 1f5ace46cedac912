# shellcheck shell=bash
# The moving parts of vm-cell.sh, also sourced by reset-cell-db.sh (which restarts the broker and proxy
# exactly as `up` started them). Expects scripts/lib/cell.sh to be sourced and, for `up`, vm-cell.sh's
# option variables to be set.

# ---- where things run ---------------------------------------------------------------------------------

cell_os_user() { if [ "$(id -u)" = 0 ]; then echo postgres; else id -un; fi; }

# Prefix that runs a command as the PostgreSQL OS user (PostgreSQL refuses to run as root).
cell_as_pg_user() {
  if [ "$(id -u)" = 0 ]; then
    printf '%s\0' setpriv --reuid=postgres --regid=postgres --init-groups --
  fi
}

cell_ensure_pg_user() {
  [ "$(id -u)" = 0 ] || return 0
  id postgres >/dev/null 2>&1 && return 0
  run useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/bash postgres
}

cell_host_mem_mb() { awk '/^MemTotal:/ { printf "%d\n", $2 / 1024 }' /proc/meminfo; }

# ---- the cap ------------------------------------------------------------------------------------------

cap_resolve_kind() {
  local k=$CAP
  [ "$k" = auto ] && k=$(cell_detect_cap_kind)
  if [ "$CPUS" = 0 ] && [ "$MEM_G" = 0 ] && [ "$k" != systemd ]; then k=none; fi
  printf '%s\n' "$k"
}

cap_quota_usec() { awk -v c="$CPUS" 'BEGIN { printf "%d\n", c * 100000 }'; }

# Creates the cell's cgroup(s) with the cap, one child per component; sets CELL_CG_PROCS_<comp> (files a
# spawned process writes its pid into), CELL_CG_CELL (CPU/throttle of the whole cell), CELL_CG_CELL_MEM.
cap_setup() {
  local c q bytes
  q=$(cap_quota_usec); bytes=$((MEM_G * 1024 * 1024 * 1024))
  CELL_CG_CELL=""; CELL_CG_CELL_ACCT=""; CELL_CG_CELL_MEM=""
  case $KIND in
    cgroup2)
      local root; root=$(cell_cgroup2_root); local base=$root/$NAME
      write_file "$root/cgroup.subtree_control" "+cpu +memory"
      run mkdir -p "$base"
      if [ "$CPUS" = 0 ]; then write_file "$base/cpu.max" "max 100000"; else write_file "$base/cpu.max" "$q 100000"; fi
      if [ "$MEM_G" = 0 ]; then write_file "$base/memory.max" "max"; else write_file "$base/memory.max" "$bytes"; fi
      write_file "$base/cgroup.subtree_control" "+cpu +memory"
      for c in "${COMPONENTS[@]}"; do
        run mkdir -p "$base/$c"
        printf -v "CELL_CG_PROCS_$c" '%s' "$base/$c/cgroup.procs"
      done
      CELL_CG_CELL=$base; CELL_CG_CELL_ACCT=$base; CELL_CG_CELL_MEM=$base ;;
    cgroup1)
      local cpu acct mem; cpu=$(cell_cgroup1_root cpu)/$NAME; acct=$(cell_cgroup1_root cpuacct)/$NAME
      mem=$(cell_cgroup1_root memory)/$NAME
      run mkdir -p "$cpu" "$acct" "$mem"
      write_file "$cpu/cpu.cfs_period_us" 100000
      if [ "$CPUS" = 0 ]; then write_file "$cpu/cpu.cfs_quota_us" -1; else write_file "$cpu/cpu.cfs_quota_us" "$q"; fi
      # the limit must cover the children: hierarchical accounting before any child exists
      if [ "$(cat "$mem/memory.use_hierarchy" 2>/dev/null || echo 1)" != 1 ]; then write_file "$mem/memory.use_hierarchy" 1; fi
      if [ "$MEM_G" = 0 ]; then write_file "$mem/memory.limit_in_bytes" -1; else write_file "$mem/memory.limit_in_bytes" "$bytes"; fi
      for c in "${COMPONENTS[@]}"; do
        run mkdir -p "$cpu/$c" "$acct/$c" "$mem/$c"
        local files="$cpu/$c/cgroup.procs:$mem/$c/cgroup.procs"
        [ "$acct" = "$cpu" ] || files+=":$acct/$c/cgroup.procs"
        printf -v "CELL_CG_PROCS_$c" '%s' "$files"
      done
      CELL_CG_CELL=$cpu; CELL_CG_CELL_ACCT=$acct; CELL_CG_CELL_MEM=$mem ;;
    systemd)
      local unit=/etc/systemd/system/$NAME.slice quota=infinity mmax=infinity
      [ "$CPUS" = 0 ] || quota="$(awk -v c="$CPUS" 'BEGIN { printf "%d", c * 100 }')%"
      [ "$MEM_G" = 0 ] || mmax=$bytes
      write_file "$unit" "[Unit]
Description=goload benchmark cell (broker, proxy and their PostgreSQL under one cap)
[Slice]
CPUAccounting=yes
MemoryAccounting=yes
CPUQuota=$([ "$quota" = infinity ] && echo "" || echo "$quota")
MemoryMax=$mmax"
      run systemctl daemon-reload
      run systemctl start "$NAME.slice"
      CELL_CG_CELL=$(cell_cgroup2_root)/$NAME.slice; CELL_CG_CELL_ACCT=$CELL_CG_CELL; CELL_CG_CELL_MEM=$CELL_CG_CELL ;;
    none) ;;
  esac
}

# Removes the cell's cgroups after killing anything still inside (never by name: by cgroup membership).
cap_teardown() {
  local d p dirs=()
  case ${CELL_CAP_KIND:-none} in
    cgroup2) dirs=("$CELL_CG_CELL") ;;
    cgroup1) dirs=("$CELL_CG_CELL" "$CELL_CG_CELL_ACCT" "$CELL_CG_CELL_MEM") ;;
    systemd)
      local u; for u in pxdb pg broker proxy; do run systemctl stop "$CELL_NAME-$u.service" 2>/dev/null || true; done
      run systemctl stop "$CELL_NAME.slice" || true
      run rm -f "/etc/systemd/system/$CELL_NAME.slice"; run systemctl daemon-reload; return 0 ;;
    *) return 0 ;;
  esac
  for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ -d "$d" ] || continue
    while read -r p; do
      [ -n "$p" ] || continue
      cell_warn "pid $p ($(cat "/proc/$p/comm" 2>/dev/null)) still in the cell after its members stopped: killing it"
      run kill -KILL "$p" 2>/dev/null || true
    done < <(find "$d" -name cgroup.procs -exec cat {} + 2>/dev/null)
  done
  [ "$CELL_DRY_RUN" = 1 ] || sleep 0.3
  for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ -d "$d" ] || continue
    while read -r p; do run rmdir "$p" || cell_warn "cannot remove cgroup $p"; done < <(find "$d" -depth -type d)
  done
}

# The cap actually in force, read back from the kernel.
cap_describe() {
  case ${CELL_CAP_KIND:-none} in
    cgroup2|systemd)
      printf 'cap: %s %s cpu.max=%s memory.max=%s\n' "$CELL_CAP_KIND" "$CELL_CG_CELL" \
        "$(cat "$CELL_CG_CELL/cpu.max" 2>/dev/null || echo '?')" "$(cat "$CELL_CG_CELL/memory.max" 2>/dev/null || echo '?')" ;;
    cgroup1)
      printf 'cap: cgroup1 %s cpu.cfs_quota_us=%s cpu.cfs_period_us=%s memory.limit_in_bytes=%s\n' "$CELL_CG_CELL" \
        "$(cat "$CELL_CG_CELL/cpu.cfs_quota_us" 2>/dev/null || echo '?')" \
        "$(cat "$CELL_CG_CELL/cpu.cfs_period_us" 2>/dev/null || echo '?')" \
        "$(cat "$CELL_CG_CELL_MEM/memory.limit_in_bytes" 2>/dev/null || echo '?')" ;;
    *) echo "cap: none (UNCAPPED: the cell competes with everything else on this host)" ;;
  esac
}

# ---- spawning members ---------------------------------------------------------------------------------

# cell_spawn COMP LOGFILE CMD…: starts CMD as the cell member COMP inside its cgroup (placed before exec,
# so every child is born inside the cap) and sets SPAWNED_PID.
cell_spawn() {
  local comp=$1 log=$2; shift 2
  local pidfile=$CELL_DIR/run/$comp.pid
  if [ "${CELL_CAP_KIND:-$KIND}" = systemd ]; then
    run systemd-run --quiet --collect --unit="$CELL_NAME-$comp" --slice="$CELL_NAME.slice" \
      -p "StandardOutput=append:$log" -p "StandardError=append:$log" -p KillSignal=SIGINT -- "$@"
    SPAWNED_PID=$( [ "$CELL_DRY_RUN" = 1 ] && echo 0 || systemctl show -p MainPID --value "$CELL_NAME-$comp.service")
    return 0
  fi
  local procs_var="CELL_CG_PROCS_$comp"
  local procs=${!procs_var:-}
  if [ "$CELL_DRY_RUN" = 1 ]; then
    printf '+ (%s) >> %q 2>&1 &\n' "$([ -n "$procs" ] && printf 'echo $$ > each of %s; ' "$procs")exec $(cell_quote "$@")" "$log"
    SPAWNED_PID=0; return 0
  fi
  rm -f "$pidfile"
  # shellcheck disable=SC2016
  nohup setsid bash -c 'set -e; pf=$1; procs=$2; shift 2; IFS=: read -ra fs <<<"$procs"
    for f in "${fs[@]}"; do [ -z "$f" ] || echo $$ >"$f"; done; echo $$ >"$pf"; exec "$@"' \
    _ "$pidfile" "$procs" "$@" >>"$log" 2>&1 </dev/null &
  local i
  for ((i = 0; i < 100; i++)); do [ -s "$pidfile" ] && break; sleep 0.05; done
  [ -s "$pidfile" ] || cell_die "$comp did not start (see $log)"
  SPAWNED_PID=$(cat "$pidfile")
}

# ---- PostgreSQL ---------------------------------------------------------------------------------------

# pg_settings MEM_MB TUNED: the -c options of a cell cluster. The cell PostgreSQL is tuned to the cell's
# memory budget exactly as the reference's cell-pg; pxdb keeps PostgreSQL defaults (as the reference).
pg_settings() {
  local mem=$1 tuned=$2
  printf '%s\n' "listen_addresses=127.0.0.1" "unix_socket_directories=$CELL_DIR/run" "logging_collector=off"
  [ "$tuned" = 1 ] || return 0
  printf '%s\n' "shared_buffers=$((mem / 4))MB" "effective_cache_size=$((mem * 3 / 4))MB" "max_connections=400" \
    "work_mem=8MB" "maintenance_work_mem=512MB" "wal_compression=on" "checkpoint_timeout=15min" \
    "max_wal_size=8GB" "min_wal_size=2GB" "random_page_cost=1.1"
  if [ "$PGSS" = 1 ]; then
    printf '%s\n' "shared_preload_libraries=pg_stat_statements" "pg_stat_statements.track=all" "pg_stat_statements.max=5000"
  fi
}

# pg_up COMP PORT DB TUNED MEM_MB: a fresh cluster (native) or container (docker), ready, with DB created.
pg_up() {
  local comp=$1 port=$2 db=$3 tuned=$4 mem=$5 opt
  local -a copts=()
  while read -r opt; do copts+=(-c "$opt"); done < <(pg_settings "$mem" "$tuned")
  if [ "$PGK" = docker ]; then
    local -a dopts=()
    while read -r opt; do [[ $opt == listen_addresses=* || $opt == unix_socket_directories=* ]] || dopts+=(-c "$opt"); done \
      < <(pg_settings "$mem" "$tuned")
    local parent=""; case $KIND in systemd) parent=$NAME.slice ;; cgroup2|cgroup1) parent=/$NAME/$comp ;; esac
    run docker rm -f "$NAME-$comp" >/dev/null 2>&1 || true
    run docker run -d --name "$NAME-$comp" ${parent:+--cgroup-parent="$parent"} -p "127.0.0.1:$port:5432" \
      -e POSTGRES_HOST_AUTH_METHOD=trust "${CELL_PG_IMAGE:-postgres:18}" postgres "${dopts[@]}" >/dev/null
    printf -v "CELL_PID_$comp" '%s' "$([ "$CELL_DRY_RUN" = 1 ] && echo 0 || docker inspect -f '{{.State.Pid}}' "$NAME-$comp")"
  else
    local bin data=$CELL_DIR/pg/$comp; bin=$(cell_pg_bindir) || true
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
      # a dry run shows the commands on a machine without PostgreSQL too (the binaries' directory as a placeholder)
      [ "$CELL_DRY_RUN" = 1 ] || cell_die "PostgreSQL server binaries (initdb, postgres) not found: install PostgreSQL or set PG_BIN"
      [ -n "${PG_BIN_WARNED:-}" ] || cell_warn "dry run: PostgreSQL server binaries not found; \$PG_BIN stands for their directory"
      PG_BIN_WARNED=1
      # shellcheck disable=SC2016 # the placeholder is printed, not expanded
      bin='$PG_BIN'
    fi
    local -a as; mapfile -d '' -t as < <(cell_as_pg_user)
    run rm -rf "$data"; run mkdir -p "$data"; run chmod 0700 "$data"
    [ "$(id -u)" = 0 ] && run chown -R postgres:postgres "$CELL_DIR/pg" "$CELL_DIR/run"
    run_logged "$CELL_DIR/log/$comp.log" "${as[@]}" "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale \
      || cell_die "initdb for $comp failed (see $CELL_DIR/log/$comp.log)"
    cell_spawn "$comp" "$CELL_DIR/log/$comp.log" "${as[@]}" "$bin/postgres" -D "$data" -p "$port" "${copts[@]}"
    printf -v "CELL_PID_$comp" '%s' "$SPAWNED_PID"
  fi
  [ "$CELL_DRY_RUN" = 1 ] && { run psql -h 127.0.0.1 -p "$port" -U postgres -c "CREATE DATABASE $db"; return 0; }
  local i
  for ((i = 0; i < 600; i++)); do
    pg_isready -U postgres -q -h 127.0.0.1 -p "$port" -t 1 >/dev/null 2>&1 && break
    local pv="CELL_PID_$comp"
    [ "$PGK" = docker ] || cell_pid_alive "${!pv}" || { tail -n 20 "$CELL_DIR/log/$comp.log" >&2; cell_die "$comp PostgreSQL exited during start-up"; }
    sleep 0.1
  done
  pg_isready -U postgres -q -h 127.0.0.1 -p "$port" -t 1 || cell_die "$comp PostgreSQL not ready after 60s (see $CELL_DIR/log/$comp.log)"
  cell_psql 127.0.0.1 "$port" postgres -c "CREATE DATABASE $db" >/dev/null
}

pg_down() {
  local comp=$1 pv="CELL_PID_$1"
  if [ "${CELL_PG_KIND:-native}" = docker ]; then run docker rm -f "$CELL_NAME-$comp" >/dev/null 2>&1 || true; return 0; fi
  local pid=${!pv:-}
  if cell_pid_alive "$pid"; then
    run kill -INT "$pid"   # fast shutdown: aborts client sessions, checkpoints, exits
    cell_stop_pid "$pid" 30
  fi
}

# ---- broker and proxy ---------------------------------------------------------------------------------

# Starts broker or proxy with the command and environment recorded in cell.env; waits for health.
service_start() {
  local comp=$1 cmdvar envvar url path
  cmdvar="CELL_${comp^^}_CMD[@]"; envvar="CELL_${comp^^}_ENV[@]"
  if [ "$comp" = broker ]; then url=$CELL_BROKER_URL; path=/health; else url=$CELL_PROXY_URL; path=/healthz; fi
  cell_spawn "$comp" "$CELL_DIR/log/$comp.log" env "${!envvar}" "${!cmdvar}"
  printf -v "CELL_PID_$comp" '%s' "$SPAWNED_PID"
  [ "$CELL_DRY_RUN" = 1 ] && return 0
  local deadline=$(( $(date +%s) + ${CELL_HEALTH_TIMEOUT:-120} ))
  until curl -fsS -m 2 -o /dev/null "$url$path" 2>/dev/null; do
    if ! cell_pid_alive "$SPAWNED_PID"; then
      tail -n 30 "$CELL_DIR/log/$comp.log" >&2; cell_die "$comp exited during start-up (see $CELL_DIR/log/$comp.log)"
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      tail -n 30 "$CELL_DIR/log/$comp.log" >&2; cell_die "$comp not healthy at $url$path within ${CELL_HEALTH_TIMEOUT:-120}s"
    fi
    sleep 0.3
  done
  cell_log "$comp healthy at $url (pid $SPAWNED_PID)"
}

service_stop() {
  local pv="CELL_PID_$1"
  if [ "${CELL_CAP_KIND:-}" = systemd ]; then run systemctl stop "$CELL_NAME-$1.service" || true; return 0; fi
  cell_stop_pid "${!pv:-}" 20
}

# Rewrites one KEY=value line of cell.env (pids change when reset-cell-db.sh restarts a member).
cell_env_set() {
  [ "$CELL_DRY_RUN" = 1 ] && return 0
  local f=$CELL_DIR/cell.env tmp
  tmp=$(mktemp "$f.XXXX")
  grep -v "^$1=" "$f" >"$tmp" || true
  printf '%s=%q\n' "$1" "$2" >>"$tmp"
  mv "$tmp" "$f"
}
