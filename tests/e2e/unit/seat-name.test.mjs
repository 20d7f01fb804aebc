// Seat names on screen: the server names bots in English, the client in its own language.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './catalogs.mjs';
import { seatName, BOT_KINDS_BY_STRENGTH } from '../../../clients/web/js/seat-name.js';

const greedyBot = { seat: 2, kind: 'bot', bot: 'greedy', name: 'Bot 3 (greedy)' };
const hardBot = { seat: 1, kind: 'bot', bot: 'hard', name: 'Bot 2 (hard)' };
const human = { seat: 0, kind: 'human', name: 'Ada' };
const unnamed = { seat: 3, kind: 'human', name: '' };

test('bots are named in the reader\'s language, people by their own name', () => {
  useLanguage('ru');
  assert.equal(seatName(greedyBot), 'Бот 3 (жадный)');
  assert.equal(seatName(hardBot), 'Бот 2 (сильный)');
  assert.equal(seatName(greedyBot, { short: true }), 'Бот 3');
  assert.equal(seatName(human), 'Ada');
  assert.equal(seatName(unnamed), 'Место 4');
  useLanguage('en');
  assert.equal(seatName(greedyBot), greedyBot.name, 'English matches the server\'s own name');
  assert.equal(seatName(hardBot), hardBot.name);
  assert.equal(seatName(greedyBot, { short: true }), 'Bot 3');
  assert.equal(seatName(unnamed), 'Seat 4');
  // Every kind the server takes (protocol/src/settings.cpp), weakest first, as the menus show them.
  assert.deepEqual(BOT_KINDS_BY_STRENGTH, ['random', 'beginner', 'greedy', 'apprentice', 'amateur', 'easy', 'medium', 'hard']);
  useLanguage('ru');
  assert.equal(seatName({ seat: 1, kind: 'bot', bot: 'beginner' }), 'Бот 2 (начинающий)');
  assert.equal(seatName({ seat: 1, kind: 'bot', bot: 'amateur' }), 'Бот 2 (любитель)');
  useLanguage('en');
  assert.equal(seatName({ seat: 1, kind: 'bot', bot: 'apprentice' }), 'Bot 2 (apprentice)');
  for (const kind of BOT_KINDS_BY_STRENGTH) {
    for (const lang of ['en', 'ru']) {
      useLanguage(lang);
      assert.doesNotMatch(seatName({ seat: 0, kind: 'bot', bot: kind }), /bot_kind|undefined/);
    }
  }
});
