#!/usr/bin/env bash
# The browser client's lint with the tools of tests/e2e/node_modules: `types` runs
# `tsc --noEmit` over clients/web/jsconfig.json (every module is // @ts-check), `format` runs
# `prettier --check` over clients/web (clients/web/.prettierrc.json).
# Usage: lint.sh types|format
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin="$here/node_modules/.bin"
# Installs nothing at test time: `make test` runs `npm ci` here first.
if [[ ! -x "$bin/tsc" || ! -x "$bin/prettier" ]]; then echo "lint: run 'npm ci' in $here first (make test does)" >&2; exit 1; fi
cd "$repo"
case "${1:-}" in
  types) "$bin/tsc" -p clients/web/jsconfig.json --noEmit && echo "clients/web/js: no type errors" ;;
  format) "$bin/prettier" --check --ignore-path clients/web/.prettierignore clients/web ;;
  *) echo "usage: $0 types|format" >&2; exit 2 ;;
esac
