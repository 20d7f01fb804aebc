#!/usr/bin/env bash
# End-to-end test of carc-term at 80x24 with The Tower, River II, the City of Carcassonne and
# the Count, King & Robber Baron and the Cult, and a turn clock: a real carc-server and the real
# client in tmux; through the keyboard it switches them on in the create form, plays with a
# greedy bot and a second client (Eve) and answers every decision by its number (laying tiles,
# followers, the City's quarters, the Count, redeployment). At each decision the three clocks,
# follower and tower-floor counts, the key hints and the pass line are on screen; the walled
# City, the Count, the river, and after the lake another tile, not a follower step.
# Usage: run-term-ckc-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
source "$(dirname "$0")/term-e2e-lib.sh" "$@"
# The same game on every run: a fixed seed, and the same keys (bash's RANDOM seeded) for the
# same bot and the same moves, so it reaches a City decision after the same number of moves.
SERVER_FLAGS="--fixed-seed ${CKC_SEED:-3}"
RANDOM=${CKC_SEED:-3}

open_client main Tester

wait_for 'carc-term - lobby'
wait_for 'online: Tester'
open_create_form
# Rows: game, seats, bots, bot kind, The Tower, tower rules, River II, Count, King, Cult,
# private, clock.
keys Down Right                     # 3 seats: Tester, a greedy bot, Eve
keys Down Down Down Space           # The Tower on (its rules row becomes enabled)
keys Down Down Space                # River II
keys Down Space                     # City of Carcassonne & the Count
keys Down Space                     # King & Robber Baron
keys Down Space                     # Cult
keys Down Down Right                # 5 min + 10 s a move
wait_for 'Turn clock +5 min'
screen | grep -Eq 'Cult \(shrines\) +\[x\]' || fail "the Cult not switched on"
screen | grep -Eq 'River II +\[x\]' || fail "River II not switched on"
screen | grep -Eq 'City of Carcassonne & the Count +\[x\]' || fail "the Count not switched on"
screen | grep -Eq 'King & Robber Baron +\[x\]' || fail "King & Robber Baron not switched on"
screen | grep -Eq 'The Tower +\[x\]' || fail "The Tower not switched on"
snap create
keys Enter
wait_for '\(waiting\)'
wait_for 'Bot 2 \(greedy\)'
# Eve takes the third seat from her lobby.
open_client eve Eve
wait_for 'online: Eve'
wait_for 'Tester.s room +Carcassonne +waiting'
keys Enter
wait_for '<- you'
window=main
wait_for 'seat 3: Eve'
keys s
wait_for 'turn [0-9]+ +tiles left'
wait_for 'Count: castle'
# The City on the board: its wall and the four quarters, the Count (@) in the castle.
wait_for 'castle @ +blacksmith'
wait_for 'cathedral +market'
screen | grep -Eq 'T-{20,}T' || fail "no wall around the City"
snap started

# What changes with every step of the game: the header, the prompt, the tile in hand.
state() { frame | grep -E 'carc-term - |Your turn|rot [0-3]|fits in' | tr -d '\n'; }

moves=0
tiles=0
city_moves=0
lake=no
river=no  # a river on the board (its first 50 columns) in a decision frame
followers=0
decisions=0
# Tester or Eve has a decision to take: a tile to lay, or choices.
ready() { window=$1 frame | grep -Eq "Game over|fits in [0-9]+ places?|^.{50}Choices"; }
# Eve puts a follower wherever she can, Tester never does (after the first): Tester's tiles then
# complete features that score for others only, which sends a follower into the City.
# At least 16 decisions; on until a City decision came up too, at most 90.
while ((moves < 16 || (city_moves == 0 && moves < 90))); do
  wait_true 'ready main || ready eve' 40 "a decision for Tester or Eve"
  if ready main; then window=main; else window=eve; fi
  screen | grep -q 'Game over' && break
  f=$(frame)  # every check and choice below reads this one frame
  cut -c1-50 <<<"$f" | grep -q '~' && river=yes
  has() { grep -Eq -- "$1" <<<"$f"; }
  has 'fits in [0-9]+ places?|^.{50}Choices' || continue  # it moved on meanwhile: look again
  before=$(grep -E 'carc-term - |Your turn|rot [0-3]|fits in' <<<"$f" | tr -d '\n')
  for who in 'A Tester' 'B Bot 2' 'C Eve'; do  # every seat's score, followers, floors, clock
    has "^.{50}$who +[0-9]+ f[0-9] t[0-9 ]{2} +[0-9]+:[0-9]{2}" || fail "the row of $who at 80x24"
  done
  if has 'fits in [0-9]+ places?'; then
    has 'arrows move  n next fit  r rotate  Enter lay' || fail "the key hints for laying a tile"
    has 'R2-03 +rot' && lake=yes
    # One of the first few places where the tile fits, so the board grows in every direction.
    for _ in $(seq 1 $((1 + RANDOM % 5))); do keys n; done
    keys Enter; tiles=$((tiles + 1))
  else
    decisions=$((decisions + 1))
    echo "$f" >"$work/screen-decision-$decisions-$window.txt"
    # The hints offer pass exactly when a pass line is listed; the follower step always can.
    if has '1-9 choose  p pass'; then
      has '^.{50}p [a-z]' || fail "the key hints offer pass but no pass line is shown"
    else
      has '1-9 choose  Tab\+Enter select' || fail "no key hints for the decision"
    fi
    if has 'Your turn: place a follower'; then
      has '^.{50}p no follower \(pass\)' || fail "the follower step's pass line"
      choice=$(grep -Eo '^.{50}[1-9] follower on the (city|road|cloister|shrine)' <<<"$f" | head -1 | cut -c51 || true)
      if [[ ($window == eve || $followers == 0) && -n $choice ]]; then
        keys "$choice"; followers=$((followers + 1))
      else keys p; fi
    elif has '^.{50}1 (put a follower into|move the Count to|move a follower from the)'; then
      keys 1; city_moves=$((city_moves + 1)); echo "$f" >"$work/screen-city-$city_moves.txt"
    elif has '^.{50}1 move a follower from the market'; then
      keys 1
    else
      keys p
    fi
  fi
  moves=$((moves + 1))
  snap "move-$moves-$window"
  wait_true '[[ "$(state)" != "$before" ]] || screen | grep -q "Game over"' 20 "the move to be taken"
  if [[ $lake == yes ]]; then
    # River II: after the lake there is no follower step, the same player lays a land tile.
    wait_true 'screen | grep -Eq "Your turn: (lay your tile|place a follower)"' 20 "the turn after the lake"
    screen | grep -q 'Your turn: place a follower' && fail "a follower step after the lake"
    lake=done
  fi
done
window=main
snap played
echo "term-ckc-e2e: $moves decisions ($tiles tiles, $decisions choices, $city_moves City decisions, lake: $lake), scores: $(scores)"
((tiles >= 4)) || fail "only $tiles tiles laid"
((decisions >= 2)) || fail "only $decisions choice lists seen"

# Seen while playing: at the end the view may show a part of the board away from the river.
[[ $river == yes ]] || fail "no river on the board"
# The whole log on the screen.
keys z
wait_for 'log \(whole game\)'
wait_for 'Tester laid'
snap log
keys Escape
keys c
wait_for 'Count: '
snap centred

quit_client 'Quit\? Your seat stays yours'
window=eve
quit_client
echo "term-ckc-e2e: PASS"
