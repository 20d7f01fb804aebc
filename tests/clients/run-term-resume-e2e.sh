#!/usr/bin/env bash
# End-to-end test of carc-term coming back: a seated player lays a tile, quits (after the
# question) and starts carc-term again, and is back in the seat through the token file it always
# keeps, with the game's whole log (the snapshot's history); then carc-server restarts on the
# same port and data directory while the player plays and Eve watches: both come back by
# themselves (the player with the token, the spectator by watching the room again, with the
# history) and Eve sees the player's next move. At 80x24.
# Usage: run-term-resume-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
source "$(dirname "$0")/term-e2e-lib.sh" "$@"

open_client main Tester
wait_for 'online: Tester'
open_create_form
keys Enter  # Carcassonne against a greedy bot
wait_for 'Bot 2 \(greedy\)'
keys s
wait_for 'fits in [0-9]+ places?' 20
ls "$work/home/.local/state/carc-term/" | grep -q "token-127.0.0.1-$port-Tester" || fail "no token file kept"
snap started

# Eve watches.
open_client eve Eve
watch_room "Tester's room +Carcassonne +playing"
window=main

# Tester's first tile, then Tester's turn again.
keys n Enter
wait_true 'frame | grep -Eq "Your turn: place a follower|Bot 2 \\(greedy\\): "' 20 "the first tile to be laid"
frame | grep -q 'Your turn: place a follower' && keys p
wait_for 'turn 3 ' 20
wait_for 'fits in [0-9]+ places?' 20

# Quit in the middle of the game: asked first, then the seat is kept.
quit_client 'Quit\? Your seat stays yours'
wait_for 'your seat in "Tester.s room" is kept'
snap quit
# Start again (same server, same name): the token file brings Tester back into the seat.
open_client again Tester
wait_for 'you: A' 20
# A new run with a saved token has not lost a link: it is welcomed back, not "reconnected".
wait_for 'welcome back, Tester'
screen | grep -q 'reconnected' && fail "a first start says reconnected"
wait_for 'fits in [0-9]+ places?' 20
snap resumed
keys z  # the whole log came with the snapshot
wait_for 'Tester laid'
keys Escape

# The server restarts on the same port and data directory.
stop_test_server
window=eve
wait_for 'connection lost, reconnecting' 20
start_server
# The player is back in the seat with the token; Eve, forgotten by the new server, watches again.
window=again
wait_for 'reconnected' 30
wait_for 'fits in [0-9]+ places?' 20
window=eve
wait_for 'spectating' 30
wait_for 'welcome, Eve' 30
snap eve-after-restart
keys z  # the history came with the new snapshot: Tester's first tile
wait_for 'Tester laid'
[[ $(screen | grep -c 'Tester laid') == 1 ]] || fail "Eve's log after the restart: $(screen | grep -c 'Tester laid') tiles of Tester"
keys Escape
# Tester lays a tile; Eve sees it.
window=again
keys n Enter
wait_true 'screen | grep -Eq "Your turn: place a follower|Bot 2 \\(greedy\\): "' 20 "the tile to be laid after the restart"
screen | grep -q 'Your turn: place a follower' && keys p
window=eve
keys z  # the whole log: bot moves may already follow in the side panel's few rows
wait_true '[[ $(screen | grep -c "Tester laid") == 2 ]]' 20 "Tester's second tile in Eve's log"
snap eve-saw-move
keys Escape
quit_client
window=again
quit_client
echo "term-resume-e2e: PASS"
