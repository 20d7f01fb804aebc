# Shared by the terminal client's end-to-end tests (sourced, not run): checks the binaries,
# starts carc-server on a free port with a private tmux socket, and defines the polling helpers
# (screen, snap, wait_for, wait_true, keys, scores, turn_no). Expects $server $client $work set.
for bin in "$server" "$client"; do
  if [[ ! -x "$bin" ]]; then echo "term-e2e: no binary at $bin" >&2; exit 1; fi
done
mkdir -p "$work"
rm -rf "${work:?}"/*
data="$work/data"
mkdir -p "$data"
# A free port: a random one nobody answers on (bash only, no other tools needed).
port=
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
done
[[ -n $port ]] || { echo "term-e2e: no free port found" >&2; exit 1; }
session="carc-term-e2e-$$"
export TMUX_TMPDIR="$work"  # a private tmux server: nothing of the user's sessions is touched

"$server" --bind 127.0.0.1 --port "$port" --data-dir "$data" --bot-delay 50 >"$work/server.log" 2>&1 &
server_pid=$!
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux kill-server 2>/dev/null || true
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}
trap cleanup EXIT

fail() {
  echo "term-e2e: FAIL: $*" >&2
  echo "--- screen ---" >&2
  screen >&2 || true
  echo "--- server log (tail) ---" >&2
  tail -20 "$work/server.log" >&2 || true
  exit 1
}

for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited"
  sleep 0.1
done

screen() { tmux capture-pane -p -t "$session:${window:-main}"; }
snap() { screen >"$work/screen-$1.txt" 2>/dev/null || true; }

# wait_for REGEX [SECONDS]: polls the screen until it matches.
wait_for() {
  local pattern=$1 limit=${2:-15}
  local deadline=$((SECONDS + limit))
  while ((SECONDS < deadline)); do
    if screen | grep -Eq -- "$pattern"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for /$pattern/"
}

keys() { tmux send-keys -t "$session:${window:-main}" "$@"; }

# The scores of the score board ("A Tester   12 pts  f7") in seat order: "12 0 ".
scores() { screen | grep -Eo '[0-9]+ pts' | grep -Eo '[0-9]+' | tr '\n' ' '; }
# The turn number of the header.
turn_no() { screen | grep -Eo 'turn [0-9]+' | head -1 | grep -Eo '[0-9]+' || echo none; }

# wait_true 'SHELL CONDITION' [SECONDS] [WHAT]: polls until the condition holds.
wait_true() {
  local condition=$1 limit=${2:-15} what=${3:-$1}
  local deadline=$((SECONDS + limit))
  while ((SECONDS < deadline)); do
    if eval "$condition"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $what"
}

