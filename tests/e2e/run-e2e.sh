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

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
data=$(mktemp -d)
log="$data/server.log"
"$server" --bind 127.0.0.1 --port "$port" --data-dir "$data" --web-root "$repo/clients/web" --bot-delay 50 \
  --max-rooms-per-ip 0 --max-search-bots-per-ip 0 >"$log" 2>&1 &  # every browser of the suite shares one address
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))' "http://127.0.0.1:$port/healthz"; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "e2e: server exited:" >&2; cat "$log" >&2; exit 1; fi
  sleep 0.1
done

cd "$here"
export CARC_URL="http://127.0.0.1:$port"
export CARC_SERVER="$server"
if [[ -n "$shots" ]]; then export CARC_SCREENSHOTS="$shots"; fi
status=0
node --test --test-concurrency=1 unit/ ./*.test.mjs || status=$?
if [[ $status != 0 ]]; then echo "--- server log ---" >&2; tail -50 "$log" >&2; fi
exit $status
