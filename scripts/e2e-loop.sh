#!/usr/bin/env bash
# Runs the end-to-end suite (browser and terminal, CTest label e2e) N times in a row (default 10)
# and stops at the first failure: the check that no end-to-end test is flaky.
#   bash scripts/e2e-loop.sh [BUILD_DIR] [RUNS]
set -euo pipefail
build=${1:-build}
runs=${2:-10}
cd "$build"
for ((i = 1; i <= runs; ++i)); do
  echo "e2e-loop: run $i of $runs"
  if ! ctest -L e2e --output-on-failure --timeout 900; then
    echo "e2e-loop: run $i failed"
    exit 1
  fi
done
echo "e2e-loop: $runs runs passed"
