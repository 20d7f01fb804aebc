#!/usr/bin/env bash
# `make run`: start the server on an embedded default store (SQLite in DATA_DIR).
set -euo pipefail
build=$1 port=$2 data_dir=$3
if [[ -x "$build/bin/carc-server" ]]; then
  exec "$build/bin/carc-server" --port "$port" --data-dir "$data_dir"
fi
# Until the server exists, show the engine at work.
exec "$build/bin/carc-sim" playout --players 2 --games 1000 --seed 1
