// The event log, the decisions and the server's errors in both languages, in the rule books'
// terms (Russian: квадрат, подданный, разбойник, рыцарь, крестьянин, монах, капище...).
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './catalogs.mjs';
import { describeAction, describeEvent, featureName, detailText } from '../../../clients/web/js/log-text.js';
import { errorText } from '../../../clients/web/js/errors.js';
import { LobbyRooms } from '../../../clients/web/js/lobby.js';

const names = { 0: 'Ada', 1: 'Bob' };
// A tile is told by what it holds, never by its catalog id.
const tiles = new Map([['B-D', { id: 'B-D', index: 3, segments: [{ kind: 'city' }, { kind: 'road' }, { kind: 'field' }, { kind: 'road' }] }]]);
const text = (ev) => describeEvent(ev, names, tiles).text;

const base = [
  { type: 'turn_started', player: 1 },
  { type: 'tile_placed', player: 0, tile: 'B-D', x: 1, y: 0 },
  // The server's moves for an absent person are a bot's.
  { type: 'tile_placed', player: 1, tile: 'B-D', x: 2, y: 0, stand_in: true },
  { type: 'follower_placed', player: 1, feature: 'road', x: 2, y: 0, segment: 1, stand_in: true },
  { type: 'tile_placed', player: 1, tile: 'X-unknown', x: 3, y: 0 },
  { type: 'follower_placed', player: 0, feature: 'road', x: 1, y: 0, segment: 2 },
  { type: 'follower_placed', player: 1, feature: 'field', x: 1, y: 0, segment: 1 },
  { type: 'follower_returned', player: 0, feature: 'city', x: 2, y: 0 },
  { type: 'feature_scored', feature: 'city', scorers: [0, 1], points: 8, count: 4, completed: true, tiles: [] },
  { type: 'feature_scored', feature: 'road', scorers: [], points: 0, count: 1, completed: true, tiles: [] },
  { type: 'feature_scored', feature: 'field', scorers: [1], points: 6, count: 2, final: true, tiles: [] },
  { type: 'feature_scored', feature: 'field', scorers: [1], points: 0, count: 0, final: true, tiles: [] },
  { type: 'feature_scored', feature: 'cloister', scorers: [0], points: 5, count: 5, final: true, completed: false, tiles: [] },
  { type: 'final_scoring' },
  { type: 'game_over' },
];

test('English: the base game log', () => {
  useLanguage('en');
  assert.deepEqual(base.map(text), [
    "Bob's turn",
    'Ada laid a tile (city, road) at (1, 0)',
    'A bot for Bob laid a tile (city, road) at (2, 0)',
    'A bot for Bob put a thief on the road at (2, 0)',
    'Bob laid a tile at (3, 0)',
    'Ada put a thief on the road at (1, 0)',
    'Bob put a farmer on the field at (1, 0)',
    "Ada's follower returns from the city at (2, 0)",
    'City of 4 tiles completed: Ada and Bob +8',
    'Road of 1 tile completed: nobody scores',
    'Field with 2 completed cities at game end: Bob +6',
    'Field at game end: Bob: no points',
    'Monastery of 5 tiles incomplete, at game end: Ada +5',
    'Final scoring',
    'Game over',
  ]);
});

test('Russian: the base game log in the rule book\'s words', () => {
  useLanguage('ru');
  assert.deepEqual(base.map(text), [
    'Ход игрока Bob',
    'Ada выкладывает квадрат (город, дорога) на (1, 0)',
    'Бот за игрока Bob выкладывает квадрат (город, дорога) на (2, 0)',
    'Бот за игрока Bob ставит разбойника на дорогу на (2, 0)',
    'Bob выкладывает квадрат на (3, 0)',
    'Ada ставит разбойника на дорогу на (1, 0)',
    'Bob ставит крестьянина на поле на (1, 0)',
    'Подданный игрока Ada возвращается из города на (2, 0)',
    'Город из 4 квадратов — завершён: Ada и Bob +8',
    'Дорога из 1 квадрата — завершена: никто не получает очков',
    'Поле с 2 завершёнными городами — финальный подсчёт: Bob +6',
    'Поле — финальный подсчёт: Bob: 0 очков',
    'Монастырь из 5 квадратов — не завершён, финальный подсчёт: Ada +5',
    'Финальный подсчёт очков',
    'Игра окончена',
  ]);
});

test('Russian: expansions, plurals and decisions', () => {
  useLanguage('ru');
  assert.equal(text({ type: 'follower_placed', player: 1, feature: 'shrine', x: 0, y: 2 }), 'Bob ставит еретика в капище на (0, 2)');
  assert.equal(text({ type: 'follower_captured', player: 0, target_player: 1, x: 3, y: 1 }), 'Ada берёт в плен подданного игрока Bob на (3, 1)');
  assert.equal(text({ type: 'ransom_paid', player: 1, target_player: 0, points: 3 }), 'Bob платит игроку Ada выкуп: 3 очка');
  assert.equal(text({ type: 'count_moved', quarter: 'market' }), 'Граф переходит в квартал рынка');
  assert.equal(text({ type: 'follower_moved', player: 0, quarter: 'castle', x: 2, y: -1, feature: 'city' }), 'Ada переводит подданного из квартала замка в город на (2, -1)');
  assert.equal(text({ type: 'token_scored', player: 0, feature: 'city', count: 1, points: 1 }), 'Король: Ada +1 за 1 завершённый город');
  assert.equal(text({ type: 'token_scored', player: 0, feature: 'city', count: 3, points: 3 }), 'Король: Ada +3 за 3 завершённых города');
  assert.equal(text({ type: 'token_scored', player: 1, feature: 'road', count: 5, points: 5 }), 'Рыцарь-разбойник: Bob +5 за 5 завершённых дорог');
  assert.equal(text({ type: 'keep_scored', scorers: [1], points: 11, count: 11, tiles: [] }), 'Цитадель: 11 пустых мест, Bob +11');
  assert.equal(featureName('courtyard'), 'двор');
  assert.equal(describeAction({ type: 'move_count', quarter: 'cathedral' }, names), 'Перевести графа в квартал собора');
  assert.equal(describeAction({ type: 'pass' }, names), 'Пас');
  assert.equal(describeAction({ type: 'ransom', target: 0 }, names), 'Заплатить игроку Ada выкуп: 3 очка');
});

test("the engine's scoring details, re-worded piece by piece", () => {
  const details = ['3 tiles x 2 + 1 pennant x 2', '1 + 8 surrounding tiles', '2 completed cities x 3 (the City of Carcassonne included)',
    '4 tiles x 1 (well) x 2 (wall token 2)', '2 markets x 4 (wall token 7)', '11 empty spaces; keep house 3 against 2',
    'lost the challenge to the cloister at (1, -2)'];
  useLanguage('en');
  for (const d of details.slice(0, -1)) assert.equal(detailText(d), d);
  assert.equal(detailText(details.at(-1)), 'lost the challenge to the monastery at (1, -2)', "the client's word for cloister");
  useLanguage('ru');
  assert.deepEqual(details.map(detailText), ['3 квадрата × 2 + 1 щит × 2', '1 + соседних квадратов: 8', '2 завершённых города × 3 (включая Каркассон)',
    '4 квадрата × 1 (колодец) x 2 (жетон стены 2)', '2 рынка × 4 (жетон стены 7)', 'пустых мест: 11; дом цитадели 3 против 2',
    'проиграл противостояние: монастырь на (1, -2)']);
});

test('errors are worded from code and params, falling back to the message', () => {
  useLanguage('en');
  assert.equal(errorText({ code: 'not_your_turn', message: "it is Bob's decision", params: { name: 'Bob', seat: 1 } }), "It is Bob's turn.");
  assert.equal(errorText({ code: 'illegal_action', message: 'x', params: { rule: 'edges_mismatch' } }), 'The edges do not match their neighbours.');
  assert.equal(errorText({ code: 'seat_taken', message: 'x', params: { seat: 0 } }), 'Seat 1 is taken.');
  assert.equal(errorText({ code: 'bad_field', message: 'x', params: { field: 'text', min: 1, max: 500 } }), 'A chat message has 1 to 500 characters.');
  assert.equal(errorText({ code: 'wrong_status', message: 'x', params: { reason: 'game_started' } }), 'The game has started; you can watch it.');
  assert.equal(errorText({ code: 'brand_new_code', message: 'the server says so' }), 'the server says so');
  useLanguage('ru');
  assert.equal(errorText({ code: 'not_your_turn', message: 'x', params: { name: 'Bob' } }), 'Сейчас ходит Bob.');
  assert.equal(errorText({ code: 'illegal_action', message: 'x', rule: 'feature_occupied' }), 'На этом объекте уже есть подданный.');
  assert.equal(errorText({ code: 'wrong_status', message: 'x', params: { reason: 'seat_empty', seat: 1 } }), 'Место 2 ещё свободно.');
  assert.equal(errorText({ code: 'bad_field', message: 'x', params: { field: 'seats' } }), 'Неверное поле «seats».');
  assert.equal(errorText({ code: 'closed', message: 'connection closed' }), 'Соединение закрылось; подключаемся снова…');
});

test('the lobby list takes full lists and per-room changes; abandoned rooms are not open', () => {
  const list = new LobbyRooms();
  const room = (id, status, extra = {}) => ({ id, status, seats: 2, taken: 1, humans_online: 1, ...extra });
  list.apply({ type: 'lobby', rooms: [room('r1', 'waiting'), room('r2', 'playing'), room('r3', 'waiting', { humans_online: 0 })] });
  assert.deepEqual(list.open().map((r) => r.id), ['r1']);
  assert.deepEqual(list.running().map((r) => r.id), ['r2']);
  list.apply({ type: 'lobby_room', room: room('r1', 'playing') });
  list.apply({ type: 'lobby_room', room: room('r4', 'adjourned') });
  list.apply({ type: 'lobby_room_removed', room: 'r2' });
  assert.deepEqual(list.open().map((r) => r.id), []);
  assert.deepEqual(list.running().map((r) => r.id).sort(), ['r1', 'r4']);
  assert.equal(list.apply({ type: 'chat' }), false);
  list.apply({ type: 'lobby', rooms: [] });
  assert.equal(list.rooms.size, 0);
});

test('the lobby list takes a batch of changes: rooms replaced or added, others removed', () => {
  const list = new LobbyRooms();
  const room = (id, status) => ({ id, status, seats: 2, taken: 1, humans_online: 1 });
  list.apply({ type: 'lobby', rooms: [room('r1', 'waiting'), room('r2', 'waiting')] });
  assert.equal(list.apply({ type: 'lobby_changes', rooms: [room('r2', 'playing'), room('r3', 'waiting')], removed: ['r1', 'r9'] }), true);
  assert.deepEqual([...list.rooms.keys()].sort(), ['r2', 'r3']);
  assert.equal(list.rooms.get('r2').status, 'playing');
});
