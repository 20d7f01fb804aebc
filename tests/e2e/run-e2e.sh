#!/usr/bin/env bash
# Runs the browser end-to-end tests against a real carc-server: starts it on a free port with a
# temporary data directory, runs `node --test`, and stops it.
# Usage: run-e2e.sh SERVER_BINARY [SCREENSHOT_DIR]
set -euo pipefail
server=$1
shots=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

if [[ ! -x "$server" ]]; then echo "e2e: no server binary at $server" >&2; exit 1; fi
if [[ ! -x /usr/bin/chromium ]]; then echo "e2e: /usr/bin/chromium missing (CARC_WITH_BROWSER=1 bash scripts/install-deps.sh)" >&2; exit 1; fi
# Installs nothing at test time: `make test` runs `npm ci` here first.
if [[ ! -d "$here/node_modules/playwright-core" ]]; then echo "e2e: run 'npm ci' in $here first (make test does)" >&2; exit 1; fi

# The one way scripts start a test server (tools/testkit/test-server.sh): --port 0, the port read
# from its log.
source "$repo/tools/testkit/test-server.sh"
data=$(mktemp -d)
log="$data/server.log"
cleanup() { stop_test_server; rm -rf "$data"; }
trap cleanup EXIT
# Every browser of the suite shares one address, so the per-address caps are lifted.
start_test_server "$server" "$log" --data-dir "$data" --web-root "$repo/clients/web" --bot-delay 50 \
  --max-rooms-per-ip 0 --max-search-bots-per-ip 0 --sign-ups-per-address 0 || exit 1

cd "$here"
export CARC_URL="http://127.0.0.1:$server_port"
export CARC_SERVER="$server"
if [[ -n "$shots" ]]; then export CARC_SCREENSHOTS="$shots"; fi
status=0
node --test --test-concurrency=1 unit/ ./*.test.mjs || status=$?
if [[ $status != 0 ]]; then echo "--- server log ---" >&2; tail -50 "$log" >&2; fi
exit $status
