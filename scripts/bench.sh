#!/usr/bin/env bash
# `make bench`: the engine benchmarks, then the server under load with short settings
# (docs/benchmarks.md). Figures only, no pass/fail.
set -euo pipefail
build=$1
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "compiler: $(c++ --version | head -1)"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
"$build/bin/carc-bench" 20000
for expansion in tower; do
  "$build/bin/carc-sim" playout --players 2 --games 20000 --seed 1 --expansions "$expansion" || true
done
"$build/bin/carc-sim" playout --game castle --games 20000 --seed 1 || true
# One room's CPU per change in process, 6 and 500 viewers (docs/benchmarks.md, "Publishing views").
"$build/bin/carc-view-bench" || true
# The kernel's own cost of a loopback write, a durable append and a thread hand-over: the floor
# under the server's figures (docs/benchmarks.md, "What the machine allows").
"$build/bin/carc-floor" --sockets 2000 --dir "${TMPDIR:-/tmp}" || true
# The server under load: every carc-load scenario, smaller than its defaults (about a minute).
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/bin/carc-load" --seconds 5 --spectators 200 --spectator-moves 30 --rooms 50 --abandoned 10 \
  --slow-games 16 --idle 500 --crowd 1000 --crowd-moves 10 || true
