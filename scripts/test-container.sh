#!/usr/bin/env bash
# Builds docker/'s images and runs both compose files for real, with podman (no Docker engine
# needed), from a clean Debian 12 machine:
#   1. installs podman, podman-compose, netavark, mmdebstrap ... (install-deps.sh with
#      CARC_WITH_CONTAINERS=1);
#   2. makes the base image debian:12 (and debian:12-slim, the same) from Debian's mirror with
#      mmdebstrap, when podman has none: no container registry is needed;
#   3. builds the images from the compose files (carc-server, carc-postgres, carc-nginx),
#      reusing podman's layers from earlier runs;
#   4. docker/compose.yaml: up, the page and a whole game (a scripted player against a bot)
#      through the published port, the game's record, down;
#   5. docker/compose.multinode.yaml: up, the page and every node's route through nginx, a
#      whole game through nginx whose node is killed midway (another node takes it over and
#      the game ends there), the record read through nginx afterwards, down.
# Prints each check and each step's duration. Exit 0 when all pass, 1 when one fails.
# Not part of `make test` (it takes minutes to tens of minutes); `make test-container` runs it.
# Environment: CARC_PORT (the published port; default: a free one), KEEP=1 leaves the
# deployments up after the run, REBUILD_BASE=1 makes the base image again.
# podman runs with docker/podman/containers.conf (runc, cgroupfs, netavark), given through
# CONTAINERS_CONF so the machine's own podman configuration is left alone.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
docker_dir=$repo/docker
export CONTAINERS_CONF=$docker_dir/podman/containers.conf
probe=(python3 "$repo/scripts/container_probe.py")
single=carc-single
multi=carc-multi
nodes=(node-a node-b node-c)

failed() {
  echo "FAILED: $*"
  exit 1
}

[[ $(id -u) == 0 ]] || failed "run as root: rootful podman (publishing ports, mmdebstrap's chroot)"
logs=$(mktemp -d "${TMPDIR:-/tmp}/carc-test-container.XXXXXX")

# Runs "$@" with its output in $logs/NAME.log; on failure shows the log's end. podman-compose
# 1.0.3 exits 0 whatever its podman commands did, but prints each one's `exit code:`.
logged() {
  local name=$1
  shift
  if ! "$@" >"$logs/$name.log" 2>&1 || grep -q '^exit code: [1-9]' "$logs/$name.log"; then
    tail -n 30 "$logs/$name.log"
    failed "$* (whole output in $logs/$name.log)"
  fi
}

# Runs "$@" as one named step and prints how long it took.
step() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - started)) s"
}

compose() {
  local project=$1 file=$2
  shift 2
  podman-compose -p "$project" -f "$docker_dir/$file" "$@"
}

# The project's containers, volumes and network, all gone. podman-compose's `down -v` leaves
# the network and the containers' anonymous volumes (the images' VOLUME): stop, then remove
# the containers with their volumes, then `down -v` for the named volumes.
down() {
  local project=$1 file=$2 ids
  compose "$project" "$file" stop >/dev/null 2>&1 || true
  ids=$(podman ps -aq --filter "label=io.podman.compose.project=$project" 2>/dev/null || true)
  [[ -z $ids ]] || podman rm -f -v $ids >/dev/null 2>&1 || true
  compose "$project" "$file" down -v >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
}

# On a failure: the last lines of every container's output, then everything taken down.
cleanup() {
  local status=$?
  if [[ $status != 0 ]]; then
    for name in $(podman ps -a --format '{{.Names}}' --filter "label=io.podman.compose.project" 2>/dev/null); do
      [[ $name == "$single"_* || $name == "$multi"_* ]] || continue
      echo "--- $name (last 20 lines)"
      podman logs --tail 20 "$name" 2>&1 || true
    done
  fi
  if [[ ${KEEP:-0} == 1 ]]; then
    echo "test-container: KEEP=1, left up: podman-compose -p $multi -f docker/compose.multinode.yaml down -v"
  else
    down "$single" compose.yaml
    down "$multi" compose.multinode.yaml
  fi
}

# Waits (bounded: 120 tries a second apart) until `url` answers 200. Nodes may exit and be restarted until PostgreSQL
# accepts connections (podman-compose does not wait for its health check), hence the bound.
await_http() {
  curl -fsS -o /dev/null --retry 120 --retry-delay 1 --retry-all-errors --max-time 5 "$1" 2>/dev/null ||
    failed "$1 never answered"
}

check_page() {
  local page
  page=$(curl -fsS "$1/") || failed "GET $1/"
  grep -q "<title>Carcassonne</title>" <<<"$page" || failed "GET $1/ is not the browser client"
  curl -fsS -o /dev/null "$1/js/main.js" || failed "GET $1/js/main.js"
  echo "ok: the browser client's page and js/main.js load from $1"
}

install_tools() {
  CARC_WITH_CONTAINERS=1 logged install-deps bash "$repo/scripts/install-deps.sh"
  echo "ok: $(podman --version), podman-compose $(dpkg-query -W -f='${Version}' podman-compose)"
}

base_image() {
  if [[ ${REBUILD_BASE:-0} != 1 ]] && podman image exists docker.io/library/debian:12; then
    echo "ok: base image debian:12 present (REBUILD_BASE=1 makes it again)"
    return
  fi
  local tar
  tar=$(mktemp "${TMPDIR:-/tmp}/carc-bookworm.XXXXXX.tar")
  logged mmdebstrap mmdebstrap --variant=minbase bookworm "$tar"
  podman import -q "$tar" docker.io/library/debian:12 >/dev/null
  rm -f "$tar"
  # debian:12-slim trims documentation from debian:12; from minbase it is the same image.
  podman tag docker.io/library/debian:12 docker.io/library/debian:12-slim
  echo "ok: base image debian:12 (and 12-slim) made from Debian's mirror"
}

build_image() {
  logged "build-$2" compose "$multi" compose.multinode.yaml build "$1"
  echo "ok: image $(podman images --format '{{.Repository}}:{{.Tag}}, {{.Size}}' --filter "reference=$2")"
}

single_node() {
  down "$single" compose.yaml
  logged up-single compose "$single" compose.yaml up -d
  local base=http://127.0.0.1:$CARC_PORT
  await_http "$base/healthz"
  echo "ok: compose.yaml is up, the server answers on $base"
  check_page "$base"
  "${probe[@]}" game "$base"
  down "$single" compose.yaml
  echo "ok: compose.yaml is down"
}

multi_node() {
  down "$multi" compose.multinode.yaml
  logged up-multi compose "$multi" compose.multinode.yaml up -d
  local base=http://127.0.0.1:$CARC_PORT node
  await_http "$base/healthz"
  for node in "${nodes[@]}"; do await_http "$base/$node/healthz"; done
  echo "ok: compose.multinode.yaml is up: nginx on $base reaches node-a, node-b and node-c by their routes"
  check_page "$base"
  "${probe[@]}" game "$base" "podman kill ${multi}_{node}_1" "${nodes[@]}"
  # The killed node started again comes back on a new address: nginx finds it by name.
  local name listing
  for node in "${nodes[@]}"; do
    name=${multi}_${node}_1
    [[ $(podman inspect -f '{{.State.Status}}' "$name") == running ]] && continue
    podman start "$name" >/dev/null
    await_http "$base/$node/healthz"
    listing=$(curl -fsS "$base/$node/api/games?limit=1") || failed "GET $base/$node/api/games"
    grep -q '"finished":\[{' <<<"$listing" || failed "$node, started again, lists no finished game: $listing"
    echo "ok: $node started again, reached through nginx at $base/$node/, lists the finished game"
  done
  down "$multi" compose.multinode.yaml
  echo "ok: compose.multinode.yaml is down"
}

trap cleanup EXIT
started=$SECONDS
step "install podman and its tools" install_tools
if [[ -z ${CARC_PORT:-} ]]; then
  CARC_PORT=$(python3 "$repo/scripts/multinode_probe.py" free-ports 1)
fi
export CARC_PORT
step "base image from Debian's mirror" base_image
step "image carc-server" build_image node-a carc-server
step "image carc-postgres" build_image postgres carc-postgres
step "image carc-nginx" build_image nginx carc-nginx
step "compose.yaml: one node" single_node
step "compose.multinode.yaml: three nodes, PostgreSQL, nginx" multi_node
echo "test-container: all checks passed in $((SECONDS - started)) s (logs in $logs)"
