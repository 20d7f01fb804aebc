#!/usr/bin/env bash
# End-to-end test of carc-term's move review at 80x24: a player lays two tiles against a greedy
# bot and resigns, which ends the game; `e` asks for the review, which the screen waits for and
# then shows per player (result, without luck, luck, average loss, the grades' counts) with the
# costliest decisions; Enter opens the replay at one of them (the move number, the move played
# and the better one), Left steps back a move, Esc goes back to the review and to the game. From
# My games the finished game's `e` opens the same review at once (it is stored).
# Usage: run-term-review-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
SERVER_FLAGS="--fixed-seed 5"
source "$(dirname "$0")/term-e2e-lib.sh" "$@"

open_client main Tester
wait_for 'online: Tester'
open_create_form
keys Enter  # Carcassonne against a greedy bot
wait_for 'Bot 2 \(greedy\)'
keys s
wait_for 'fits in [0-9]+ places?' 20

# Two tiles of Tester's (no follower), then resigning ends the two-player game.
for turn in 3 5; do
  keys n Enter
  wait_true 'frame | grep -Eq "Your turn: place a follower|Bot 2 \\(greedy\\): "' 20 "a tile to be laid"
  frame | grep -q 'Your turn: place a follower' && keys p
  wait_for "turn $turn " 20
  wait_for 'fits in [0-9]+ places?' 20
done
keys L
wait_for 'Resign'
keys y
wait_for 'Game over' 20
wait_for 'e move review'
snap game-over
keys '?'  # the help of a finished game names the review
wait_for 'e +its move review'
snap help
keys Escape
wait_for 'e move review'

# The review: asked, waited for (said so, with the way back), then shown.
keys e
wait_for 'move review: r1'
wait_for 'costliest decisions:' 60
snap review
for line in 'A Tester: result [-+0-9.]+, without luck [-+0-9.]+, luck [-+0-9.]+' \
            'B Bot 2 \(greedy\): result [-+0-9.]+, without luck [-+0-9.]+, luck [-+0-9.]+' \
            'average loss a decision [0-9]+\.[0-9]{2}; [0-9]+ inaccurac(y|ies), [0-9]+ mistakes?, [0-9]+ blunders?' \
            'turn [0-9]+, (Tester|Bot 2 \(greedy\)): ' 'played: .*' 'Enter replay it'; do
  frame | grep -Eq -- "$line" || fail "the review shows no /$line/"
done

# The first costliest decision's replay: after its move, the move played and the better one.
keys Enter
wait_for 'replay: r1  move [0-9]+ of [0-9]+'
snap replay
step=$(screen | grep -Eo 'move [0-9]+ of' | grep -Eo '[0-9]+')
frame | grep -Eq 'played: ' || fail "the replay does not tell the move played"
frame | grep -Eq 'Left/Right move' || fail "the replay's keys are not shown"
keys Left
wait_for "move $((step - 1)) of"
keys Escape
wait_for 'costliest decisions:'
keys Escape
wait_for 'Game over'

# From My games: the finished game's review comes at once (stored with the game).
keys L
wait_for 'you left the room'
keys m
wait_for 'r1 +finished'
wait_for 'e review'
keys e
wait_for 'costliest decisions:' 20
keys Escape
wait_for 'my games'
keys q
wait_for 'carc-term-exited-0' 10
echo "term-review-e2e: PASS"
