#!/usr/bin/env bash
# `make test`: every test of the project through CTest (unit, property, server, end-to-end).
set -euo pipefail
build=$1
cd "$build"
start=$(date +%s)
ctest --output-on-failure --timeout 900
echo "make: the tests took $(( $(date +%s) - start )) s"
