#!/usr/bin/env bash
# End-to-end test of carc-term in Russian (--lang ru) at 80x24 creating a room while offline:
# the server stops while the create form is open; Enter says the room will be created once the
# connection is back (not dropped in silence), and when the server is up again the room is
# created and its waiting room opens.
# Usage: run-term-offline-ru-e2e.sh SERVER_BINARY TERM_BINARY WORK_DIR
source "$(dirname "$0")/term-e2e-lib.sh" "$@"

open_client main 'Тестер' --lang ru
wait_for 'в сети: Тестер'
keys c
wait_for 'carc-term - новая комната'
stop_test_server
wait_for 'связь потеряна, переподключаемся' 20
keys Enter
wait_for 'нет связи: комната будет создана, когда связь вернётся'
snap offline-create
start_server
wait_for '\(ожидание\)' 40
wait_for 'Бот 2 \(жадный\)'
snap created
