// Unit tests of the account screens' words: the time left to move (the two largest units,
// plural-correct in English and Russian), a room's pace (a turn-based game's time per move) and
// a session's device named from its User-Agent.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setCatalogs } from '../../../clients/web/js/i18n.js';
import { timeLeftText } from '../../../clients/web/js/account/my-games-view.js';
import { deviceName } from '../../../clients/web/js/account/device-name.js';
import { paceText } from '../../../clients/web/js/room-pace.js';

const read = (lang, part = 'account') =>
  JSON.parse(fs.readFileSync(new URL(`../../../clients/web/i18n/${lang}/${part}.json`, import.meta.url)));
const MINUTE = 60_000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

test('the time left to move: the two largest units', () => {
  setCatalogs('en', { account: read('en') });
  assert.equal(timeLeftText(2 * DAY + 3 * HOUR + 5 * MINUTE), '2 days 3 hours left');
  assert.equal(timeLeftText(DAY + 20 * MINUTE), '1 day left');
  assert.equal(timeLeftText(5 * HOUR + MINUTE), '5 hours 1 minute left');
  assert.equal(timeLeftText(30 * 1000), '1 minute left', 'under a minute still says a minute');
  assert.equal(timeLeftText(-5), 'time is up');
});

test('the time left in Russian', () => {
  setCatalogs('ru', { account: read('ru') }, { account: read('en') });
  assert.equal(timeLeftText(5 * DAY + 2 * HOUR), 'осталось 5 дней 2 часа');
  assert.equal(timeLeftText(21 * HOUR + 11 * MINUTE), 'осталось 21 час 11 минут');
  assert.equal(timeLeftText(3 * MINUTE), 'осталось 3 минуты');
});

test("a room's pace: its time per move, its live clock, or neither", () => {
  setCatalogs('en', { account: read('en'), lobby: read('en', 'lobby') });
  assert.equal(paceText({ move_time_s: 86400, clock: null }), '1 day a move');
  assert.equal(paceText({ move_time_s: 14 * 86400 }), '14 days a move');
  assert.equal(paceText({ move_time_s: 12 * 3600 }), '12 hours a move');
  assert.equal(paceText({ move_time_s: 5 }), '1 minute a move', 'a test server\'s seconds read as a minute');
  assert.equal(paceText({ clock: { initial_ms: 300000, increment_ms: 10000 }, move_time_s: null }), '5 min + 10 s');
  assert.equal(paceText({ clock: null, move_time_s: null }), 'no clock');
  setCatalogs('ru', { account: read('ru'), lobby: read('ru', 'lobby') }, { account: read('en'), lobby: read('en', 'lobby') });
  assert.equal(paceText({ move_time_s: 2 * 86400 }), '2 дня на ход');
  assert.equal(paceText({ move_time_s: 5 * 86400 }), '5 дней на ход');
});

test('a device is named by its browser and system', () => {
  const say = (browser, system) => `${browser} on ${system}`;
  assert.equal(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', say), 'Firefox on Windows');
  assert.equal(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', say), 'Chrome on Android');
  assert.equal(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', say), 'Safari on iPhone');
  assert.equal(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', say), 'Edge on Windows');
  assert.equal(deviceName('carc-term 0.1', say), 'carc-term 0.1', 'an unknown device as it was named');
});
