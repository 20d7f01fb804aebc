#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests (Debian's `postgresql` package; nothing else).
#   pg-test-cluster.sh start DIR [PORT]  initdb + start in DIR; prints the libpq URL
#   pg-test-cluster.sh stop DIR          fast shutdown (the data stays)
#   pg-test-cluster.sh restart DIR       stop, then start again on the same port
#   pg-test-cluster.sh restart-stopped DIR  start again after stop
#   pg-test-cluster.sh kill DIR          SIGKILL the postmaster (a crash)
#   pg-test-cluster.sh fresh DIR [PORT]  stop what runs in DIR, empty it, start (CTest fixtures)
#   pg-test-cluster.sh remove DIR        stop what runs in DIR and delete DIR
# Listens on a Unix socket in DIR (no port to collide with) and, when PORT is given, also on
# 127.0.0.1:PORT. PostgreSQL refuses to run as root: as root, it runs as `nobody`.
set -euo pipefail

find_bin() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  # Debian keeps the server binaries out of PATH, one folder per major version.
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [[ -n "$dir" && -x "$dir/$1" ]]; then echo "$dir/$1"; return; fi
  echo "pg-test-cluster: $1 not found; install Debian's postgresql package (scripts/install-deps.sh)" >&2
  exit 3
}

as_owner() {
  if [[ $(id -u) == 0 ]]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups --reset-env -- "$@"
  else
    "$@"
  fi
}

cmd=${1:?usage: pg-test-cluster.sh start|stop|restart|kill|fresh|remove DIR [PORT]}
dir=${2:?missing DIR}
pg_ctl=$(find_bin pg_ctl)
self=${BASH_SOURCE[0]}

case "$cmd" in
  fresh | remove)
    if [[ -f "$dir/data/postmaster.pid" ]]; then
      as_owner "$pg_ctl" -D "$dir/data" -m immediate -w -t 60 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    if [[ $cmd == remove ]]; then exit 0; fi
    mkdir -p "$dir"
    exec bash "$self" start "$dir" "${3:-}"
    ;;
esac
dir=$(cd "$dir" && pwd)

case "$cmd" in
  start)
    port=${3:-}
    initdb=$(find_bin initdb)
    if [[ $(id -u) == 0 ]]; then chown nobody:nogroup "$dir"; fi
    chmod 700 "$dir"
    as_owner "$initdb" -D "$dir/data" -U carc -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    listen=""
    if [[ -n "$port" ]]; then listen="127.0.0.1"; fi
    # The tests shut PostgreSQL down cleanly or kill it on purpose; fsync off keeps them fast
    # (a crash of the test machine loses nothing that matters).
    cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '$listen'
port = ${port:-5432}
unix_socket_directories = '$dir'
fsync = off
full_page_writes = off
max_connections = 200
log_min_messages = warning
CONF
    echo "${port:-5432}" >"$dir/port"
    # Readable by root and the test's clients: the socket lives here.
    chmod 755 "$dir"
    as_owner "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql:///postgres?host=$dir&port=${port:-5432}&user=carc"
    ;;
  stop)
    as_owner "$pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    ;;
  restart)
    as_owner "$pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    as_owner "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
    ;;
  restart-stopped)
    as_owner "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
    ;;
  kill)
    pid=$(head -1 "$dir/data/postmaster.pid")
    kill -KILL "$pid"
    ;;
  *)
    echo "pg-test-cluster: unknown command $cmd" >&2
    exit 2
    ;;
esac
