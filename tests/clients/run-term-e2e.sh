#!/usr/bin/env bash
# End-to-end test of carc-term at 80x24: a real carc-server on a free port, the real terminal
# client in a detached tmux session, played through the keyboard (send-keys) while reading the
# screen (capture-pane): create a private room with a turn clock against a greedy bot, start,
# watch it from a second client by its invite code typed in lower case, lay tiles, place a follower once and pass otherwise until the score
# board changes; at every step the clock, the follower counts, the key hints and every choice
# including pass are on screen; q asks first; a UTF-8 chat; drop the connection and come back
# with the token; resize to 120x40 and back; quit; the bell rang once per turn. Every wait polls
# the screen with a deadline.
# Usage: run-term-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
source "$(dirname "$0")/term-e2e-lib.sh" "$@"

open_client main Tester
# Every terminal bell of the session is counted (tmux's alert-bell hook) in $work/bells.
tmux set-option -g bell-action any
tmux set-option -g monitor-bell on
tmux set-hook -g alert-bell "run-shell 'echo bell >> $work/bells'"
bells() { if [[ -f $work/bells ]]; then wc -l <"$work/bells"; else echo 0; fi; }

wait_for 'carc-term - lobby'
wait_for 'online: Tester'
wait_for 'Up/Down  Enter join  s watch'  # the key hints
open_create_form
keys Up Up Right  # the turn clock: 5 min + 10 s
wait_for 'Turn clock +5 min \+ 10 s a move'
keys Up Space  # private: not in the lobby, watched by its invite code
wait_for 'Private \(invite only\) +\[x\]'
snap create
keys Enter  # Carcassonne, 2 seats, a greedy bot in seat 2
wait_for '\(waiting\)'
wait_for 'Bot 2 \(greedy\)'
invite=$(screen | grep -Eo 'invite code: [A-Z0-9]{4}-[A-Z0-9]{4}' | head -1 | cut -d' ' -f3)
[[ -n $invite ]] || fail "no invite code in the waiting room"
keys s
wait_for 'turn [0-9]+ +tiles left'
wait_for 'Players +pts'
snap started

# A second client watches: the room is private, so by its invite code.
open_client eve Eve
wait_for 'online: Eve'
# The private game is watched by its code, typed in lower case.
keys i
wait_for 'Invite code: _'
tmux send-keys -t "$session:eve" -l "${invite,,}"
keys Enter
wait_for 'spectating'
wait_for 'B Bot 2 '
wait_for 'arrows look  c centre'
snap spectator
window=main

# What must be on screen at 80x24 whenever it is Tester's turn: both clocks, both follower
# counts, the key hints of the step.
check_panel() {
  screen | grep -Eq '^.{50}A Tester +[0-9]+ f[0-7] +[0-9]+:[0-9]{2} <' || fail "Tester's row (score, followers, clock, <) at 80x24"
  screen | grep -Eq '^.{50}B Bot 2 +[0-9]+ f[0-7] +[0-9]+:[0-9]{2}' || fail "the bot's row at 80x24"
  screen | grep -q "$1" || fail "the key hints '$1'"
}

turns=0
last_turn=none
placed_follower=no
dropped=no
asked_quit=no
first_scores=$(scores)
while :; do
  # My turn again: a new turn number, the legal places loaded (or the game is over).
  wait_true 'screen | grep -q "Game over" || { [[ $(turn_no) != "$last_turn" ]] && screen | grep -Eq "fits in [0-9]+ places?"; }' 30 "my next turn"
  screen | grep -q 'Game over' && break
  last_turn=$(turn_no)
  check_panel 'arrows move  n next fit  r rotate  Enter lay'
  # The turn alert: the terminal's title says so (xterm's OSC 2; tmux keeps it as the pane's).
  [[ $(tmux display -p -t "$session:main" '#{pane_title}') == 'carc-term: your turn' ]] || fail "no 'your turn' title"
  if [[ $asked_quit == no ]]; then
    keys q  # quitting asks first; n keeps playing
    wait_for 'Quit\? Your seat stays yours'
    wait_for 'y yes  any other key: no'
    snap quit-question
    keys n
    wait_for 'arrows move  n next fit'
    asked_quit=yes
  fi
  keys n Enter
  wait_true 'screen | grep -q "Your turn: place a follower" || [[ $(turn_no) != "$last_turn" ]]' 15 "the tile to be laid"
  if screen | grep -q 'Your turn: place a follower'; then
    snap "follower-$turns"
    check_panel '1-9 choose  p pass'
    # Every choice is on screen, pass last, selected by default; nothing scrolled away.
    screen | grep -Eq '^.{50}p no follower \(pass\)' || fail "the pass line"
    screen | grep -q 'more below' && fail "choices scrolled off at 80x24"
    if [[ $placed_follower == no ]] && screen | grep -Eq '1 follower on the'; then
      keys 1
      wait_true '! frame | grep -q "Your turn: place a follower"' 15 "the follower to be placed"
      placed_follower=yes
    else
      keys Enter  # the default: no follower
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
echo "term-e2e: $turns turns, $(bells) bells, scores now: $(scores)"
# The bell rang once a turn (the next turn may have begun by now), not at each of its steps.
rung=$(bells)
((rung >= turns && rung <= turns + 1)) || fail "$rung bells in $turns turns of Tester's"

# The board is drawn: the start tile's city and road at least; the whole log has the moves.
screen | grep -q '###' || fail "no city on the board"
keys z
wait_for 'log \(whole game\)'
wait_for 'Tester laid'
snap log
keys Escape
wait_for 'Players +pts'

# Chat in any script: typed as UTF-8, shown whole.
keys t
wait_for 'Chat: _'
tmux send-keys -t "$session:main" -l 'привет, ёж 日本'
keys Enter
wait_for 'Tester: привет, ёж 日本'

# Help: every key of the step, then the symbols.
keys '?'
wait_for 'carc-term - help: keys'
wait_for 'q +quit \(asks in a room'
snap help
keys '?'
wait_for 'x-----x red: the tile does not fit'
keys Escape
wait_for 'Players +pts'

# The window grows and shrinks: the screen is drawn again at the new size, using the room.
tmux resize-window -t "$session:main" -x 120 -y 40 2>/dev/null || true
wait_true 'screen | grep -Eq "^.{70,}Players +pts"' 15 "the side panel at 120 columns"
snap big
tmux resize-window -t "$session:main" -x 80 -y 24 2>/dev/null || true
wait_true 'screen | grep -Eq "^.{50}Players +pts"' 15 "the side panel at 80 columns"
# Below 80x24 the screens do not fit: it says so instead of drawing them cut, and comes back.
tmux resize-window -t "$session:main" -x 60 -y 20 2>/dev/null || true
wait_for 'window too small \(60x20\): carc-term needs 80x24'
snap too-small
tmux resize-window -t "$session:main" -x 80 -y 24 2>/dev/null || true
wait_true 'screen | grep -Eq "^.{50}Players +pts"' 15 "the side panel at 80 columns again"

# The spectator saw the moves and the chat too; a spectator quits after a question too.
window=eve
keys z
wait_for 'Tester laid'
keys Escape
wait_for 'spectating'
quit_client 'Quit carc-term\? \(y/n\)'
window=main

quit_client 'Quit\? Your seat stays yours'
screen | grep -q 'your seat in "Tester.s room" is kept' || fail "no word about the kept seat after quitting"
snap quit
echo "term-e2e: PASS"
