#!/usr/bin/env bash
# Starts a private MariaDB server for tests, without systemd, and prints the TEST_MYSQL_URL to use.
#   scripts/mariadb.sh start <dir> [port]   start (installs nothing; see .ci/run for that)
#   scripts/mariadb.sh stop <dir>
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?data folder}
port=${3:-33071}
case "$cmd" in
  start)
    mkdir -p "$dir"
    if [ ! -d "$dir/data/mysql" ]; then
      mariadb-install-db --user=root --datadir="$dir/data" --auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1
    fi
    mariadbd --user=root --datadir="$dir/data" --socket="$dir/sock" --port="$port" --bind-address=127.0.0.1 \
      --skip-log-bin --innodb-flush-log-at-trx-commit=2 --max-connections=500 --pid-file="$dir/pid" >"$dir/server.log" 2>&1 &
    for _ in $(seq 1 120); do
      mariadb --socket="$dir/sock" -uroot -e 'select 1' >/dev/null 2>&1 && break
      sleep 0.5
    done
    mariadb --socket="$dir/sock" -uroot -e "CREATE USER IF NOT EXISTS 'seeder'@'127.0.0.1' IDENTIFIED BY 'seeder';
      GRANT ALL ON *.* TO 'seeder'@'127.0.0.1'; FLUSH PRIVILEGES;"
    echo "mysql://seeder:seeder@127.0.0.1:$port/seeder_test"
    ;;
  stop)
    mariadb-admin --socket="$dir/sock" -uroot shutdown >/dev/null 2>&1 || true
    ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
