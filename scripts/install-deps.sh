#!/usr/bin/env bash
# Installs the Debian 12 packages the project builds and tests with.
# Idempotent: when every package is already present it changes nothing and
# does not touch the network.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libboost1.81-dev libssl-dev
  nlohmann-json3-dev libspdlog-dev libfmt-dev zlib1g-dev
  catch2 libsqlite3-dev libncurses-dev
  libpq-dev postgresql
  libsodium-dev libicu-dev
  libcurl4-openssl-dev python3-aiosmtpd
  tmux ccache
)
# Browser end-to-end tests need Chromium and Node.js; `make run` does not.
if [[ "${CARC_WITH_BROWSER:-0}" == 1 ]]; then
  packages+=(chromium nodejs npm)
fi
# scripts/try-multinode-nginx.sh (the multinode test docker_multinode_behind_nginx, skipped
# without it) needs nginx; `make test` asks for it. Debian's package also starts a default
# site on port 80 where an init system runs: that service is stopped and disabled right after
# the install (the test runs its own nginx with the project's configuration).
if [[ "${CARC_WITH_NGINX:-0}" == 1 ]]; then
  packages+=(nginx-light)
fi
# `make test-container` (scripts/test-container.sh) runs docker/ with podman: no Docker
# engine is needed, and the base image is made from Debian's mirror by mmdebstrap, since
# a container registry may not be reachable.
if [[ "${CARC_WITH_CONTAINERS:-0}" == 1 ]]; then
  packages+=(podman podman-compose runc netavark aardvark-dns iptables mmdebstrap uidmap curl python3)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    # nodejs/npm may come from outside Debian's packages (e.g. a preinstalled
    # toolchain); a working command is as good as the package.
    case "$p" in
      nodejs) command -v node >/dev/null && continue ;;
      npm) command -v npm >/dev/null && continue ;;
    esac
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) != 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
if [[ " ${missing[*]} " == *" nginx-light "* ]] && command -v systemctl >/dev/null &&
   systemctl is-active --quiet nginx 2>/dev/null; then
  "${sudo_cmd[@]}" systemctl disable --now nginx || true
fi
