#!/usr/bin/env bash
# End-to-end test of carc-term with Count, King and Cult: a real carc-server and the real client
# in tmux; through the keyboard it switches on The Tower, River II, the City of Carcassonne and
# the Count, King & Robber Baron and the Cult in the create form, plays with a greedy bot and a
# second client (Eve) and answers every decision by its number (laying tiles, followers, the
# City's quarters, the Count, redeployment), checking the walled City, the Count, the river, and
# that the lake is followed by another tile, not a follower step.
# Usage: run-term-ckc-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
set -euo pipefail
server=$1
client=$2
work=$3

source "$(dirname "$0")/term-e2e-lib.sh"

tmux new-session -d -s "$session" -n main -x 160 -y 50 \
  "$client --server ws://127.0.0.1:$port --name Tester; echo carc-term-exited-\$?; sleep 30"

wait_for 'carc-term - lobby'
wait_for 'online: Tester'
keys c
wait_for 'create a room'
# Rows: game, seats, bots, bot kind, The Tower, tower rules, River II, Count, King, Cult.
keys Down Right                     # 3 seats: Tester, a greedy bot, Eve
keys Down Down Down Space           # The Tower on (its rules row becomes enabled)
keys Down Down Space                # River II
keys Down Space                     # City of Carcassonne & the Count
keys Down Space                     # King & Robber Baron
keys Down Space                     # Cult
wait_for 'Cult \(shrines\) +\[x\]'
screen | grep -Eq 'River II +\[x\]' || fail "River II not switched on"
screen | grep -Eq 'City of Carcassonne & the Count +\[x\]' || fail "the Count not switched on"
screen | grep -Eq 'King & Robber Baron +\[x\]' || fail "King & Robber Baron not switched on"
screen | grep -Eq 'The Tower +\[x\]' || fail "The Tower not switched on"
snap create
keys Enter
wait_for '\(waiting\)'
wait_for 'greedy bot'
# Eve takes the third seat from her lobby.
tmux new-window -d -t "$session" -n eve \
  "$client --server ws://127.0.0.1:$port --name Eve; echo carc-term-exited-\$?; sleep 30"
window=eve
wait_for 'online: Eve'
wait_for 'Tester.s room +Carcassonne +waiting'
keys Enter
wait_for '<- you'
window=main
wait_for 'seat 3: Eve'
keys s
wait_for 'turn [0-9]+ +tiles left'
wait_for 'Count in the castle'
# The City on the board: its wall and the four quarters, the Count (@) in the castle.
wait_for 'castle @ +blacksmith'
wait_for 'cathedral +market'
screen | grep -Eq 'T-{20,}T' || fail "no wall around the City"
snap started

# What changes with every step of the game: the header, the prompt, the tile in hand.
state() { screen | grep -E 'carc-term - |Your turn|is playing|rot [0-3]' | tr -d '\n'; }

moves=0
tiles=0
city_moves=0
lake=no
followers=0
# Tester or Eve has a decision to take.
ready() { window=$1 screen | grep -Eq "Game over|[0-9]+ places fit|Your turn: [^p]|Your turn: place a follower"; }
# Eve puts a follower wherever she can, Tester never does (after the first): Tester's tiles then
# complete features that score for others only, which sends a follower into the City.
# At least 16 decisions; on until a City decision came up too, at most 90.
while ((moves < 16 || (city_moves == 0 && moves < 90))); do
  wait_true 'ready main || ready eve' 40 "a decision for Tester or Eve"
  if ready main; then window=main; else window=eve; fi
  screen | grep -q 'Game over' && break
  before=$(state)
  prompt=$(screen | grep -Eo 'Your turn: [a-z ?]+' | head -1)
  case "$prompt" in
    *"place your tile"*)
      screen | grep -q 'R2-03 rot' && lake=yes
      # One of the first few places where the tile fits, so the board grows in every direction.
      for _ in $(seq 1 $((1 + RANDOM % 5))); do keys n; done
      keys Enter; tiles=$((tiles + 1)) ;;
    *"place a follower"*)
      choice=$(screen | grep -Eo '[1-9] follower on the (city|road|cloister|shrine)' | head -1 | cut -c1 || true)
      if [[ ($window == eve || $followers == 0) && -n $choice ]]; then
        keys "$choice"; followers=$((followers + 1))
      else keys p; fi ;;
    *"into a quarter"* | *"move the Count"* | *"redeploy"*)
      keys 1; city_moves=$((city_moves + 1)); snap "city-$city_moves" ;;
    *"from the market"*) keys 1 ;;
    *) keys p ;;
  esac
  moves=$((moves + 1))
  snap "move-$moves-$window"
  wait_true '[[ "$(state)" != "$before" ]] || screen | grep -q "Game over"' 20 "the move ($prompt) to be taken"
  if [[ $lake == yes ]]; then
    # River II: after the lake there is no follower step, the same player lays a land tile.
    wait_true 'screen | grep -Eq "Your turn: place (your tile|a follower)"' 20 "the turn after the lake"
    screen | grep -q 'Your turn: place a follower' && fail "a follower step after the lake"
    lake=done
  fi
done
window=main
snap played
echo "term-ckc-e2e: $moves decisions ($tiles tiles, $city_moves City decisions, lake: $lake), scores: $(scores)"
((tiles >= 4)) || fail "only $tiles tiles laid"

screen | grep -q 'Tester laid' || fail "the log shows no tile laid by Tester"
screen | grep -q '~' || fail "no river on the board"
keys c
wait_for 'Count in the'
snap centred

keys q
wait_for 'carc-term-exited-0' 10
window=eve
keys q
wait_for 'carc-term-exited-0' 10
echo "term-ckc-e2e: PASS"
