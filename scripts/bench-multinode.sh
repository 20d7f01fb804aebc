#!/usr/bin/env bash
# The figures of docs/scaling.md "Measured": carc-load's `rooms` scenario on one node (SQLite,
# then PostgreSQL) and on three nodes sharing PostgreSQL (one carc-load per node, at once), then
# the takeover time after a SIGKILL with the default lease. PostgreSQL is a throw-away server
# (scripts/pg-test-cluster.sh) switched back to durable settings: fsync and full_page_writes on,
# synchronous_commit on (FSYNC=off: the tests' settings instead, fsync and full_page_writes off).
# Prints `uptime` before each run: the machine may be shared.
#   [FSYNC=off] bash scripts/bench-multinode.sh [BUILD_DIR] [ROOMS] [SECONDS] [TAKEOVERS]
# Defaults: build, 50 rooms (17 a node on three), 10 s, 3 takeovers.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$repo/build}" && pwd)
rooms=${2:-50}
seconds=${3:-10}
takeovers=${4:-3}
probe=(python3 "$repo/scripts/multinode_probe.py")
load=("$build/bin/carc-load" --scenario rooms --seconds "$seconds")
# What carc-load gives the servers it starts itself (tools/load/main.cpp).
server_flags=(--threads 2 --bot-delay 0 --rate 1000000 --burst 1000000 --max-connections-per-ip 100000
              --max-http-per-ip 100000 --web-root /nonexistent --max-rooms-per-person 0 --max-rooms-per-ip 0
              --max-search-bots-per-person 0 --max-search-bots-per-ip 0)

# The one way scripts start a test server: --port 0, the port read from its log.
source "$repo/tools/testkit/test-server.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/carc-bench-multinode.XXXXXX")
chmod 755 "$dir"  # PostgreSQL runs as nobody when we are root (pg-test-cluster.sh)
pids=()
ports=()
cleanup() {
  stop_test_server "${pids[@]}"
  bash "$repo/scripts/pg-test-cluster.sh" remove "$dir/pg" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

# Starts a node named `name` with the store `url`; its pid and port are appended to pids, ports.
start_node() {
  local url=$1 name=$2
  shift 2
  start_test_server "$build/bin/carc-server" "$dir/$name.log" --store "$url" --node-id "$name" "${server_flags[@]}" "$@" ||
    exit 1
  pids+=("$server_pid")
  ports+=("$server_port")
}
stop_nodes() {
  stop_test_server "${pids[@]}"
  pids=()
  ports=()
}
stamp() { echo "== $1 | $(date -u +%H:%M:%S) | $(uptime | sed 's/.*load average/load average/')"; }

read -r pg_port < <("${probe[@]}" free-ports 1)
pg_url=$(bash "$repo/scripts/pg-test-cluster.sh" fresh "$dir/pg" "$pg_port")
fsync=${FSYNC:-on}
psql -q "$pg_url" -c "ALTER SYSTEM SET fsync = $fsync" -c "ALTER SYSTEM SET full_page_writes = $fsync" \
  -c "ALTER SYSTEM SET synchronous_commit = on" -c "SELECT pg_reload_conf()" >/dev/null
for _ in $(seq 1 50); do  # the reload reaches the server by signal: await its effect
  [[ $(psql -tA "$pg_url" -c 'SHOW fsync') == "$fsync" ]] && break
  sleep 0.1
done
echo "PostgreSQL $(psql -tA "$pg_url" -c 'SHOW server_version'): fsync=$(psql -tA "$pg_url" -c 'SHOW fsync')" \
  "full_page_writes=$(psql -tA "$pg_url" -c 'SHOW full_page_writes')" \
  "synchronous_commit=$(psql -tA "$pg_url" -c 'SHOW synchronous_commit')"
db() {  # a fresh database for each run
  psql -q "$pg_url" -c "CREATE DATABASE $1"
  echo "postgres://carc@127.0.0.1:$pg_port/$1"
}

stamp "one node, SQLite (--sync full), $rooms rooms"
"${load[@]}" --rooms "$rooms"

stamp "one node, PostgreSQL, $rooms rooms"
one=$(db one)
"${load[@]}" --rooms "$rooms" --server-arg --store --server-arg "$one"

per_node=$(((rooms + 2) / 3))
stamp "three nodes, PostgreSQL, $per_node rooms each (three carc-load at once)"
three=$(db three)
for i in 0 1 2; do start_node "$three" "bench-$i"; done
for i in 0 1 2; do
  "${load[@]}" --rooms "$per_node" --url "ws://127.0.0.1:${ports[$i]}" --pid "${pids[$i]}" >"$dir/load-$i.json" &
  loaders[i]=$!
done
for i in 0 1 2; do wait "${loaders[$i]}"; echo "bench-$i: $(cat "$dir/load-$i.json")"; done
stop_nodes

stamp "takeover after SIGKILL, default lease, $takeovers times"
for ((t = 1; t <= takeovers; ++t)); do
  url=$(db "takeover_$t")
  start_node "$url" "takeover-a-$t"
  start_node "$url" "takeover-b-$t"
  # Killed 0, 0.5, 1, ... s after the game's start: the kill falls at other points of the
  # lease's renewal period (a third of the lease, 2 s by default).
  "${probe[@]}" takeover "ws://127.0.0.1:${ports[0]}/ws" "ws://127.0.0.1:${ports[1]}/ws" "${pids[0]}" \
    "$(((t - 1) / 2)).$(((t - 1) % 2 * 5))"
  { wait "${pids[0]}"; } 2>/dev/null || true
  stop_nodes
done
stamp "done"
