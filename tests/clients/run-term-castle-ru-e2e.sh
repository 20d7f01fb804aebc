#!/usr/bin/env bash
# End-to-end test of carc-term in Russian (--lang ru) at 80x24 with The Castle: the create form
# says why the seats and expansions are off for The Castle, the game shows its walled board, the
# clocks, follower counts, key hints and every choice with the pass line in Russian; Enter in
# the follower step places no follower; quitting asks and takes "д" (да) for yes.
# Usage: run-term-castle-ru-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
source "$(dirname "$0")/term-e2e-lib.sh" "$@"

open_client main 'Тестер' --lang ru

wait_for 'carc-term - лобби'
wait_for 'в сети: Тестер'
wait_for '↑↓  Enter войти  s смотреть'
keys c
wait_for 'carc-term - новая комната'
wait_for 'Esc назад  \? помощь  q выход'  # every key bar says how to quit
keys Right  # The Castle
wait_for 'Игра +Крепость \(2 игрока\)'
wait_for '«Крепость» — игра ровно для 2 игроков'  # why the seats are off
wait_for '«Крепость» не сочетается с дополнениями'  # why the expansions are off
keys Up Up Right  # the turn clock
wait_for 'Часы +5 мин \+ 10 с за ход'
snap create
keys Enter
wait_for '\(ожидание\)'
wait_for 'Бот 2 \(жадный\)'
wait_for 'L уйти  \? помощь  q выход'
screen | grep -q 'Комната: Тестер' || fail "the room's name: Комната: NAME (a name is not declined)"
keys s
wait_for 'ход [0-9]+ +осталось'
wait_for 'Игроки +очки'
screen | grep -Eq ':[0-9]{2}/[0-9]{2}:' || fail "no wall of The Castle on the board"
snap started

# The side panel wraps, never cuts: next to a legal place lies a tile, and with the cursor on it
# the reason reads whole ("здесь уже лежит квадрат" is wider than the 20 columns beside the tile).
wait_for 'встаёт в [0-9]+ мест'
keys n
side_text() { frame | sed -E 's/^.{50}//' | tr -s ' \n' '  '; }
whole=no
for step in "Up Down" "Down Up" "Left Right" "Right Left"; do
  keys ${step% *}
  deadline=$((SECONDS + 3))  # the cursor's move drawn (or not a tile there)
  while ((SECONDS < deadline)) && [[ $whole == no ]]; do
    side_text | grep -q 'здесь уже лежит квадрат' && whole=yes
  done
  keys ${step#* }
  [[ $whole == yes ]] && break
done
[[ $whole == yes ]] || fail "the reason a place is taken is cut (or no tile next to a legal place)"
snap reason-wrapped

turns=0
passes=0
last=none
while ((turns < 4)); do
  wait_true 'screen | grep -Eq "Игра окончена|встаёт в [0-9]+ мест|^.{50}Варианты"' 30 "Тестер's decision"
  f=$(frame)
  has() { grep -Eq -- "$1" <<<"$f"; }
  has 'Игра окончена' && break
  has 'встаёт в [0-9]+ мест|^.{50}Варианты' || continue
  has '^.{50}A Тестер +[0-9]+ п[0-9] +[0-9]+:[0-9]{2}' || fail "Тестер's row (score, followers, clock) at 80x24"
  has '^.{50}B Бот 2 +[0-9]+ п[0-9] +[0-9]+:[0-9]{2}' || fail "the bot's row at 80x24"
  before=$(grep -E 'carc-term - |Ваш ход|пов\. [0-3]|встаёт в' <<<"$f" | tr -d '\n')
  if has 'встаёт в [0-9]+ мест'; then
    has 'стрелки курсор  n места  r поворот  Enter положить' || fail "the Russian key hints for laying"
    keys n Enter
    turns=$((turns + 1))
  elif has 'Ваш ход: поставьте'; then
    echo "$f" >"$work/screen-follower-$turns.txt"
    has '1-9 выбор  p пас' || fail "the Russian key hints for the follower step"
    has '^.{50}p без подданного \(пас\)' || fail "the pass line of the follower step"
    supply=$(grep -Eo 'A Тестер +[0-9]+ п[0-9]' <<<"$f" | grep -Eo '[0-9]$')
    keys Enter  # the default: no follower
    passes=$((passes + 1))
    wait_true '! frame | grep -q "Ваш ход: поставьте"' 20 "the follower step to end"
    [[ $(frame | grep -Eo 'A Тестер +[0-9]+ п[0-9]' | grep -Eo '[0-9]$') == "$supply" ]] || fail "Enter in the follower step placed a follower"
  else
    echo "$f" >"$work/screen-choice-$turns.txt"
    if has '^.{50}p '; then keys p; else keys 1; fi  # The Castle's scoring order, wall tokens
  fi
  wait_true '[[ "$(frame | grep -E "carc-term - |Ваш ход|пов\. [0-3]|встаёт в" | tr -d "\n")" != "$before" ]]' 20 "the move to be taken"
done
snap played
((passes >= 1)) || fail "no follower step seen"
keys z  # the whole log: the side panel's few rows may hold only the bot's moves
wait_for 'carc-term - журнал \(вся партия\)'
wait_for 'Тестер кладёт квадрат'
keys Escape
wait_for 'Игроки +очки'

keys '?'
wait_for 'carc-term - помощь: клавиши'
wait_for 'выход \(в комнате спрашивает'
keys Escape
wait_for 'Игроки +очки'
keys q
wait_for 'Выйти\? Место за вами'
tmux send-keys -t "$session:main" -l 'д'
wait_for 'carc-term-exited-0' 10
screen | grep -q 'ваше место в «Комната: Тестер»' || fail "no Russian word about the kept seat"
echo "term-castle-ru-e2e: $turns tiles, $passes follower steps passed: PASS"
