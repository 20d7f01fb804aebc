#!/usr/bin/env bash
# End-to-end test of carc-term: starts a real carc-server on a free port, runs the real terminal
# client inside a detached tmux session, and plays through the keyboard (send-keys) while
# reading the screen (capture-pane): create a room against a greedy bot, start, watch it from a
# second client, lay tiles, place a follower or pass, until the score board changes; chat; drop
# the connection and check it comes back with its token; resize; quit with q. Every wait polls the screen with a deadline.
# Usage: run-term-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
set -euo pipefail
server=$1
client=$2
work=$3

source "$(dirname "$0")/term-e2e-lib.sh"

tmux new-session -d -s "$session" -n main -x 150 -y 48 \
  "$client --server ws://127.0.0.1:$port --name Tester; echo carc-term-exited-\$?; sleep 30"

wait_for 'carc-term - lobby'
wait_for 'online: Tester'
keys c
wait_for 'create a room'
snap create
keys Enter  # the defaults: Carcassonne, 2 seats, a greedy bot in seat 2
wait_for '\(waiting\)'
wait_for 'greedy bot'
keys s
wait_for 'turn [0-9]+ +tiles left'
wait_for 'Players'
snap started

# A second client watches: the lobby lists the running room, Enter spectates it.
tmux new-window -d -t "$session" -n eve \
  "$client --server ws://127.0.0.1:$port --name Eve; echo carc-term-exited-\$?; sleep 30"
window=eve
wait_for 'online: Eve'
wait_for 'Tester.s room +Carcassonne +playing'
keys Enter
wait_for 'spectating'
wait_for 'B Greedy bot'
snap spectator
window=main

turns=0
last_turn=none
placed_follower=no
dropped=no
first_scores=$(scores)
while :; do
  # My turn again: a new turn number, the legal places loaded (or the game is over).
  wait_true 'screen | grep -q "Game over" || { [[ $(turn_no) != "$last_turn" ]] && screen | grep -Eq "[0-9]+ places fit"; }' 30 "my next turn"
  screen | grep -q 'Game over' && break
  last_turn=$(turn_no)
  keys n Enter
  wait_true 'screen | grep -q "Your turn: place a follower" || [[ $(turn_no) != "$last_turn" ]]' 15 "the tile to be laid"
  if screen | grep -q 'Your turn: place a follower'; then
    if [[ $placed_follower == no ]] && screen | grep -Eq '1 follower on the'; then
      keys 1
      wait_for 'Tester put a follower on the' 15
      placed_follower=yes
    else
      keys p
    fi
    wait_true '[[ $(turn_no) != "$last_turn" ]]' 15 "the follower step to end the turn"
  fi
  turns=$((turns + 1))
  snap "turn-$turns"
  if [[ $turns == 2 && $dropped == no ]]; then
    # Drop the link: the client reconnects with its token and gets its seat and view back.
    keys D
    wait_for 'reconnected' 20
    dropped=yes
  fi
  now=$(scores)
  if [[ $turns -ge 4 && "$now" != "$first_scores" && $placed_follower == yes ]]; then break; fi
  if ((turns >= 40)); then fail "no score change after $turns turns (scores: $now)"; fi
done
snap scored
echo "term-e2e: $turns turns, scores now: $(scores)"

# The board is drawn: the start tile's city and road at least.
screen | grep -q '#######' || fail "no city on the board"
screen | grep -Eq '=======|\|' || fail "no road on the board"
# The follower placed shows as the player's letter A on the board, the log has the moves.
screen | grep -q 'Tester laid' || fail "the log shows no tile laid by Tester"

keys t
wait_for 'Chat: _'
keys 'hello from tmux' Enter
wait_for 'Tester: hello from tmux'

# The window shrinks and grows: the screen is drawn again at the new size.
tmux resize-window -t "$session" -x 100 -y 30 2>/dev/null || true
wait_for 'Players'
tmux resize-window -t "$session" -x 150 -y 48 2>/dev/null || true
wait_for 'Players'

# The spectator saw the moves too.
window=eve
wait_for 'Tester laid'
keys q
wait_for 'carc-term-exited-0' 10
window=main

keys q
wait_for 'carc-term-exited-0' 10
snap quit
echo "term-e2e: PASS"
