# Shared by the terminal client's end-to-end tests (sourced, not run): takes the scripts'
# arguments (SERVER_BINARY TERM_BINARY WORK_DIR), checks the binaries, starts carc-server on a
# free port (tools/testkit/test-server.sh) with a private tmux socket, and defines the polling helpers (screen, frame, snap,
# wait_for, wait_true, keys, scores, turn_no) and the openings every script repeats (open_client,
# open_create_form, watch_room, quit_client). Clients keep their token files under $work/home
# (their HOME).
set -euo pipefail
if (($# < 3)); then echo "usage: $0 SERVER_BINARY TERM_BINARY WORK_DIR" >&2; exit 2; fi
server=$1
client=$2
work=$3
export LC_ALL=C.UTF-8  # grep, awk and tmux read the screens as UTF-8
# `screen | grep -q X`: grep -q leaves at the first match and the writer gets SIGPIPE; with
# pipefail that would read as "no match". A pipeline's status is its last command's here.
set +o pipefail
for bin in "$server" "$client"; do
  if [[ ! -x "$bin" ]]; then echo "term-e2e: no binary at $bin" >&2; exit 1; fi
done
mkdir -p "$work"
rm -rf "${work:?}"/*
data="$work/data"
mkdir -p "$data"
session="carc-term-e2e-$$"
export TMUX_TMPDIR="$work"  # a private tmux server: nothing of the user's sessions is touched

mkdir -p "$work/home"
# The one way scripts start a test server (tools/testkit/test-server.sh).
source "$(dirname "${BASH_SOURCE[0]}")/../../tools/testkit/test-server.sh"
port=
# start_server: on a free port the first time; again on the same port and data directory
# after a restart. Returns once the server listens.
start_server() {
  # SERVER_FLAGS: a script's own flags (a fixed seed makes its game the same on every run).
  start_test_server "$server" "$work/server.log" --data-dir "$data" --bot-delay 50 ${port:+--port "$port"} ${SERVER_FLAGS:-} ||
    fail "the server did not start"
  port=$server_port
}
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux kill-server 2>/dev/null || true
  stop_test_server
}
trap cleanup EXIT
trap "exit 1" INT TERM HUP  # cleanup runs on the way out

fail() {
  echo "term-e2e: FAIL: $*" >&2
  echo "--- screen ---" >&2
  screen >&2 || true
  echo "--- server log (tail) ---" >&2
  tail -20 "$work/server.log" >&2 || true
  exit 1
}

start_server

# client NAME [ARGS...]: the command line of a carc-term for tmux, in a UTF-8 locale, with its
# token file under $work/home; prints its exit status when it ends.
client() {
  local name=$1
  shift
  printf 'HOME=%q LANG=C.UTF-8 LC_ALL= LC_MESSAGES= %q --server ws://127.0.0.1:%s --name %q %s; echo carc-term-exited-$?; sleep 60' \
    "$work/home" "$client" "$port" "$name" "$*"
}

screen() { tmux capture-pane -p -t "$session:${window:-main}"; }
# frame: the screen once two captures 50 ms apart agree (not a half-drawn update).
frame() {
  local a b
  a=$(screen)
  for _ in $(seq 1 40); do
    sleep 0.05
    b=$(screen)
    [[ $a == "$b" ]] && break
    a=$b
  done
  printf '%s\n' "$a"
}
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

# The scores of the side panel's player rows ("A Tester     12 f7 ...") in seat order: "12 0 ".
scores() { screen | grep -Eo ' [0-9]+ [fп][0-9]+' | awk '{print $1}' | tr '\n' ' '; }
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


# open_client WINDOW NAME [CARC-TERM ARGS...]: carc-term as NAME in a new tmux window WINDOW (the
# first one opens the session at 80x24) and makes it the current window.
open_client() {
  local win=$1 name=$2
  shift 2
  if tmux has-session -t "$session" 2>/dev/null; then
    tmux new-window -d -t "$session" -n "$win" "$(client "$name" "$@")"
  else
    tmux new-session -d -s "$session" -n "$win" -x 80 -y 24 "$(client "$name" "$@")"
  fi
  window=$win
}

# open_create_form: from the (English) lobby to the create form.
open_create_form() {
  keys c
  wait_for 'create a room'
}

# watch_room REGEX: in the lobby, waits for the room's line and spectates it (the first line).
watch_room() {
  wait_for "$1"
  keys Enter
  wait_for 'spectating'
}

# quit_client [QUESTION]: q, then y once QUESTION (if given) is asked; waits for the exit.
quit_client() {
  keys q
  if (($# > 0)); then wait_for "$1"; fi
  keys y
  wait_for 'carc-term-exited-0' 10
}
