#!/usr/bin/env bash
# Starts a private three-node MariaDB Galera cluster for tests on one machine, without systemd, and prints
# one URL per node (one a line). Run it as root: the nodes themselves run as the user `mysql`, which owns
# their data folders (rsync state transfer started by root drops to `nobody` and cannot write).
#
#   scripts/galera.sh start <dir> <base-port>    three nodes; prints the three URLs when all are Synced
#   scripts/galera.sh stop <dir>                 stops every node (idempotent)
#   scripts/galera.sh stop-node <dir> <i>        stops node i (1..3), the others stay up
#   scripts/galera.sh start-node <dir> <i>       starts node i again: it rejoins (or bootstraps, if none is up)
#   scripts/galera.sh urls <dir>                 prints the three URLs again
#
# Ports from the base B: clients B, B+1, B+2; group communication B+10..12; incremental state transfer
# B+20..22; rsync state transfer B+30..32. Two clusters whose bases are 40 or more apart never collide.
# GALERA_WAIT (seconds, default 240) bounds each wait. Installs nothing (see .ci/run for that).
set -euo pipefail

PROVIDER=${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}
WAIT=${GALERA_WAIT:-240}
NODES=(1 2 3)

die() { echo "galera.sh: $*" >&2; exit 1; }

node_dir() { echo "$dir/node$1"; }
sql() { mariadb --socket="$(node_dir "$1")/sock" -uroot -N -B -e "$2" 2>/dev/null; }
status_of() { sql "$1" "SHOW STATUS LIKE '$2'" | cut -f2; }
node_pid() {
  local f
  f="$(node_dir "$1")/pid"
  [ -s "$f" ] || return 1
  local pid
  pid=$(cat "$f")
  kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}
# The tail of a node's error log, on stderr: what a failure to start says.
show_log() {
  local log
  log="$(node_dir "$1")/error.log"
  echo "galera.sh: --- last lines of $log ---" >&2
  tail -n 40 "$log" >&2 2>/dev/null || echo "(no log)" >&2
}

write_cnf() {
  local i=$1 d
  d=$(node_dir "$i")
  local gcomm="gcomm://127.0.0.1:$((base + 10)),127.0.0.1:$((base + 11)),127.0.0.1:$((base + 12))"
  cat >"$d/my.cnf" <<EOF
[mariadbd]
user=mysql
datadir=$d/data
socket=$d/sock
pid-file=$d/pid
log-error=$d/error.log
port=$((base + i - 1))
bind-address=127.0.0.1
max_connections=500
innodb_buffer_pool_size=64M
innodb_flush_log_at_trx_commit=2
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
wsrep_on=ON
wsrep_provider=$PROVIDER
wsrep_cluster_name=seeder-test-$base
wsrep_cluster_address=$gcomm
wsrep_node_name=node$i
wsrep_node_address=127.0.0.1:$((base + 9 + i))
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:$((base + 9 + i));ist.recv_addr=127.0.0.1:$((base + 19 + i));gcache.size=64M"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:$((base + 29 + i))
EOF
}

# Starts node i's server in the background (its output to its own files: a caller's $(...) must not wait on it).
launch() {
  local i=$1 d
  d=$(node_dir "$i")
  shift
  node_pid "$i" >/dev/null && die "node $i is already running (pid $(node_pid "$i"))"
  rm -f "$d/pid"
  mariadbd --defaults-file="$d/my.cnf" "$@" </dev/null >>"$d/stdout.log" 2>&1 &
  echo $! >"$d/launched"
}

# Waits until node i is Synced (and, with a second argument, until the cluster has that many nodes).
wait_synced() {
  local i=$1 size=${2:-} d started state n
  d=$(node_dir "$i")
  started=$SECONDS
  while :; do
    state=$(status_of "$i" wsrep_local_state_comment || true)
    if [ "$state" = Synced ]; then
      [ -z "$size" ] && return 0
      n=$(status_of "$i" wsrep_cluster_size || true)
      [ "$n" = "$size" ] && return 0
    fi
    if ! kill -0 "$(cat "$d/launched")" 2>/dev/null; then
      show_log "$i"
      die "node $i (port $((base + i - 1))) exited before it was Synced"
    fi
    if [ $((SECONDS - started)) -ge "$WAIT" ]; then
      show_log "$i"
      die "node $i (port $((base + i - 1))) not Synced${size:+ in a cluster of $size} after ${WAIT}s (state: ${state:-no answer})"
    fi
    sleep 1
  done
}

# Lets a node start a new cluster from its own data (the last node to stop marks itself safe; a crash may not).
allow_bootstrap() {
  local g
  g="$(node_dir "$1")/data/grastate.dat"
  [ -f "$g" ] && sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' "$g"
  return 0
}

stop_node() {
  local i=$1 d pid
  d=$(node_dir "$i")
  [ -d "$d" ] || return 0
  pid=$(node_pid "$i" || cat "$d/launched" 2>/dev/null || true)
  mariadb-admin --socket="$d/sock" -uroot shutdown >/dev/null 2>&1 || true
  if [ -n "$pid" ]; then
    for _ in $(seq 1 60); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "galera.sh: node $i (pid $pid) did not shut down in 30s; killing it" >&2
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$d/pid" "$d/launched"
}

url() { echo "mysql://seeder:seeder@127.0.0.1:$((base + $1 - 1))/seeder_test"; }

cmd=${1:?start|stop|stop-node|start-node|urls}
dir=${2:?data folder}
case "$cmd" in
  start)
    base=${3:?base port}
    # A start that fails leaves no node running.
    trap 'rc=$?; if [ "$rc" -ne 0 ]; then for i in 3 2 1; do stop_node "$i"; done; fi' EXIT
    [ -f "$PROVIDER" ] || die "no Galera provider at $PROVIDER (install galera-4)"
    command -v rsync >/dev/null || die "no rsync (install rsync: the nodes join by rsync state transfer)"
    id mysql >/dev/null 2>&1 || die "no user mysql (install mariadb-server)"
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    # The nodes run as mysql: they must reach their folders (mktemp -d makes 0700 folders).
    chmod a+x "$dir"
    echo "$base" >"$dir/base"
    for i in "${NODES[@]}"; do
      mkdir -p "$(node_dir "$i")/data"
      write_cnf "$i"
    done
    if [ ! -d "$(node_dir 1)/data/mysql" ]; then
      mariadb-install-db --user=mysql --datadir="$(node_dir 1)/data" --auth-root-authentication-method=normal \
        --skip-test-db >"$(node_dir 1)/install.log" 2>&1 || { cat "$(node_dir 1)/install.log" >&2; die "mariadb-install-db failed"; }
    fi
    # The joiners' data comes from node 1 by state transfer.
    for i in "${NODES[@]}"; do chown -R mysql:mysql "$(node_dir "$i")"; done
    allow_bootstrap 1
    launch 1 --wsrep-new-cluster
    wait_synced 1
    # One joiner at a time: a donor serves one state transfer at once.
    for i in 2 3; do
      launch "$i"
      wait_synced "$i"
    done
    wait_synced 1 3
    sql 1 "CREATE USER IF NOT EXISTS 'seeder'@'127.0.0.1' IDENTIFIED BY 'seeder';
      GRANT ALL ON *.* TO 'seeder'@'127.0.0.1'; FLUSH PRIVILEGES;" || die "could not create the user seeder on node 1"
    for i in "${NODES[@]}"; do url "$i"; done
    ;;
  stop)
    [ -d "$dir" ] || exit 0
    for i in 3 2 1; do stop_node "$i"; done
    ;;
  stop-node)
    i=${3:?node 1..3}
    stop_node "$i"
    ;;
  start-node)
    i=${3:?node 1..3}
    [ -f "$dir/base" ] || die "$dir holds no cluster (run start first)"
    base=$(cat "$dir/base")
    others=0
    for j in "${NODES[@]}"; do [ "$j" != "$i" ] && node_pid "$j" >/dev/null && others=$((others + 1)); done
    if [ "$others" -eq 0 ]; then
      allow_bootstrap "$i"
      launch "$i" --wsrep-new-cluster
    else
      launch "$i"
    fi
    wait_synced "$i" $((others + 1))
    url "$i"
    ;;
  urls)
    [ -f "$dir/base" ] || die "$dir holds no cluster (run start first)"
    base=$(cat "$dir/base")
    for i in "${NODES[@]}"; do url "$i"; done
    ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
