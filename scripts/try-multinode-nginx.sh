#!/usr/bin/env bash
# Runs docker/compose.multinode.yaml's deployment without Docker and checks it: a throw-away
# PostgreSQL, three carc-server nodes started with the Dockerfile's ENTRYPOINT and each node's
# compose `command`, from the image's file layout (binary in usr/local/bin, browser client in
# usr/local/share/carc/web), and nginx with docker/nginx-multinode.conf in front. Only what
# compose would provide is substituted: service hosts and ports become loopback ports, the data
# volume a folder, the published localhost:${CARC_PORT:-8080} nginx's port.
#   bash scripts/try-multinode-nginx.sh [BUILD_DIR]     (default: build)
# Checks through nginx: the browser client's page and a script, GET /api/games, a WebSocket
# hello, a redirect between nodes by their public URLs (nginx routes) that the player follows,
# 20 WebSockets at once at one node (over a node's own per-address cap), and a killed node
# skipped. Exit 0 when all pass, 1 when one fails, 77 (skipped) without nginx or python3.
# Needs PostgreSQL's server binaries (scripts/pg-test-cluster.sh) and psql. KEEP=1 keeps the
# scratch folder (logs) even on success.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$repo/build}" && pwd)
probe=(python3 "$repo/scripts/multinode_probe.py")
nodes=(node-a node-b node-c)

nginx_bin=$(command -v nginx || true)
[[ -z $nginx_bin && -x /usr/sbin/nginx ]] && nginx_bin=/usr/sbin/nginx
if [[ -z $nginx_bin ]] || ! command -v python3 >/dev/null; then
  echo "try-multinode-nginx: skipped, needs nginx (Debian: nginx-light) and python3"
  exit 77
fi
[[ -x $build/bin/carc-server ]] || { echo "try-multinode-nginx: no $build/bin/carc-server (build first)"; exit 1; }

# The one way scripts start a test server: --port 0, the port read from its log.
source "$repo/tools/testkit/test-server.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/carc-multinode-nginx.XXXXXX")
chmod 755 "$dir"  # PostgreSQL runs as nobody when we are root (pg-test-cluster.sh)
pids=()
nginx_pid=""
passed=0
cleanup() {
  [[ -n $nginx_pid ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  stop_test_server "${pids[@]}"
  bash "$repo/scripts/pg-test-cluster.sh" stop "$dir/pg" >/dev/null 2>&1 || true
  if [[ $passed == 1 && ${KEEP:-0} != 1 ]]; then rm -rf "$dir"; else echo "try-multinode-nginx: logs in $dir"; fi
}
trap cleanup EXIT
failed() {
  echo "FAILED: $*"
  exit 1
}

# Waits (bounded) until `url` answers 200: a process's listening socket is all there is to await.
await_http() {
  for _ in $(seq 1 100); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  failed "$1 never answered"
}

read -r pg_port nginx_port < <("${probe[@]}" free-ports 2)
declare -A node_port=()
base="http://127.0.0.1:$nginx_port"

# PostgreSQL as compose's `postgres` service: user carc, database carc, reached over TCP.
pg_url=$(bash "$repo/scripts/pg-test-cluster.sh" fresh "$dir/pg" "$pg_port")
psql -q "$pg_url" -c "CREATE DATABASE carc" >/dev/null

# The image's layout: the server finds its web root at ../share/carc/web beside the binary.
mkdir -p "$dir/usr/local/bin" "$dir/usr/local/share/carc"
cp "$build/bin/carc-server" "$dir/usr/local/bin/"
cp -r "$repo/clients/web" "$dir/usr/local/share/carc/web"

published='localhost:${CARC_PORT:-8080}'  # as compose.multinode.yaml writes it
for node in "${nodes[@]}"; do
  args=()
  while IFS= read -r arg; do
    arg=${arg//0.0.0.0/127.0.0.1}                          # the container's own network
    [[ $arg == 8080 ]] && arg=0                            # --port: one machine, a free port each
    arg=${arg//\/var\/lib\/carc/$dir\/$node}               # the data volume
    arg=${arg//postgres:5432/127.0.0.1:$pg_port}           # the postgres service
    arg=${arg//"$published"/127.0.0.1:$nginx_port}         # nginx's published port
    arg=${arg//172.30.240.10/127.0.0.1}                    # nginx's address: the trusted proxy
    args+=("$arg")
  done < <("${probe[@]}" node-args "$repo/docker" "$node")
  echo "$node: carc-server ${args[*]}" >"$dir/$node.log"
  start_test_server "$dir/usr/local/bin/carc-server" "$dir/$node.log" "${args[@]}" || failed "$node did not start"
  pids+=("$server_pid")
  node_port[$node]=$server_port
done
port_a=${node_port[node-a]} port_b=${node_port[node-b]} port_c=${node_port[node-c]}
echo "ok: three nodes run on one PostgreSQL (ports $port_a $port_b $port_c)"

# nginx with the compose file's configuration, included in `http` as the image's nginx.conf does.
mkdir -p "$dir/nginx/tmp"
sed -e "s/node-a:8080/127.0.0.1:$port_a/g; s/node-b:8080/127.0.0.1:$port_b/g; s/node-c:8080/127.0.0.1:$port_c/g" \
    -e "s/listen 80;/listen 127.0.0.1:$nginx_port;/" "$repo/docker/nginx-multinode.conf" >"$dir/nginx/default.conf"
cat >"$dir/nginx/nginx.conf" <<CONF
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    access_log $dir/nginx/access.log;
    client_body_temp_path $dir/nginx/tmp/body;
    proxy_temp_path $dir/nginx/tmp/proxy;
    include $dir/nginx/default.conf;
}
CONF
"$nginx_bin" -t -q -e "$dir/nginx/error.log" -c "$dir/nginx/nginx.conf" || failed "nginx -t refused the configuration"
echo "ok: nginx -t accepts docker/nginx-multinode.conf"
"$nginx_bin" -e "$dir/nginx/error.log" -c "$dir/nginx/nginx.conf" -g "daemon off;" &
nginx_pid=$!
await_http "$base/healthz"

page=$(curl -fsS "$base/") || failed "GET / through nginx"
grep -q "<title>Carcassonne</title>" <<<"$page" || failed "GET / is not the browser client"
curl -fsS -o /dev/null "$base/js/main.js" || failed "GET /js/main.js through nginx"
echo "ok: the browser client's page and js/main.js load through nginx"
games=$(curl -fsS "$base/api/games") || failed "GET /api/games through nginx"
grep -q '"finished":\[' <<<"$games" || failed "GET /api/games answered $games"
echo "ok: GET /api/games answers $games"

"${probe[@]}" websocket "ws://127.0.0.1:$nginx_port/ws"
"${probe[@]}" redirect "$base" node-a node-b
# The nodes see each client's own address through nginx (--trusted-proxy), so one client gets
# the node's per-address cap (16), no more: nginx's address is not one client for all.
"${probe[@]}" connections "ws://127.0.0.1:$nginx_port/node-c/ws" 16

# A dead node is skipped: every request through the shared entry still gets an answer.
{ kill -KILL "${pids[2]}" && wait "${pids[2]}"; } 2>/dev/null || true
for i in 1 2 3 4 5 6; do
  curl -fsS -o /dev/null "$base/healthz" || failed "GET /healthz $i through nginx after node-c was killed"
done
echo "ok: with node-c killed, 6 requests through nginx all answered"

passed=1
echo "try-multinode-nginx: all checks passed"
