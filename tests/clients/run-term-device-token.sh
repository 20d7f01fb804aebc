#!/usr/bin/env bash
# carc-term signs in with a device token (docs/terminal-client.md, --device-token): an account
# made over HTTP makes a device token as its page would; carc-term takes it from
# $CARC_DEVICE_TOKEN, refuses it for another --name, keeps it, and --my-games then answers as the
# account. A token that does not work is refused.
# Usage: run-term-device-token.sh SERVER_BINARY TERM_BINARY
set -euo pipefail
server=$1
term=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/tools/testkit/test-server.sh"
work=$(mktemp -d)
cleanup() { stop_test_server; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
start_test_server "$server" "$work/server.log" --data-dir "$work/data" || exit 1
api="http://127.0.0.1:$server_port"
curl -sf -c "$work/cookies" -H 'Content-Type: application/json' \
  -d '{"name": "Ada", "password": "correct horse battery"}' "$api/api/accounts" >/dev/null || fail "sign-up"
token=$(curl -sf -b "$work/cookies" -H 'Content-Type: application/json' -d '{"device": "carc-term"}' \
  "$api/api/me/device-tokens" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])') || fail "device token"
[[ ${#token} -ge 32 ]] || fail "no token in the answer"
export HOME="$work/home"
run() { "$term" --server "ws://127.0.0.1:$server_port/ws" --token-file "$work/token" "$@"; }

# Another account's name: refused, nothing kept.
if CARC_DEVICE_TOKEN=$token run --name Bob --device-token 2>"$work/err"; then fail "a token kept for another name"; fi
grep -q "the account Ada's: run with --name Ada" "$work/err" || fail "no reason given: $(cat "$work/err")"
[[ ! -e "$work/token.session" ]] || fail "a refused token was kept"
# A token that does not work: refused.
if CARC_DEVICE_TOKEN=nonsense run --name Ada --device-token 2>"$work/err"; then fail "a forged token kept"; fi
grep -q "that device token does not work" "$work/err" || fail "no reason given: $(cat "$work/err")"
# The account's own token: kept (owner only), and the account's games answer.
CARC_DEVICE_TOKEN=$token run --name Ada --device-token | grep -q "signed in as Ada" || fail "not signed in"
[[ $(stat -c %a "$work/token.session") == 600 ]] || fail "the session file is readable by others"
[[ $(cat "$work/token.session") == "$token" ]] || fail "another token kept"
run --name Ada --my-games >/dev/null || fail "--my-games with the device token"
echo "device token: ok"
