// Unit tests of the turn panel's words: decisions name what they do (the follower's feature on
// the right tile, captures, the market move, Castle scorings with their doubling token), Pass
// says what passing means, and counts are plural-correct in English and Russian.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setCatalogs, t } from '../../../clients/web/js/i18n.js';
import { actionLabel, passLabel, phaseReason, featureText } from '../../../clients/web/js/decision-text.js';

const read = (lang, area) => JSON.parse(fs.readFileSync(new URL(`../../../clients/web/i18n/${lang}/${area}.json`, import.meta.url)));
const catalogs = (lang) => ({ game: read(lang, 'game'), board: read(lang, 'board') });

const tiles = new Map([
  ['ROAD', { id: 'ROAD', segments: [{ kind: 'road' }, { kind: 'field' }] }],
  ['CITY', { id: 'CITY', segments: [{ kind: 'city' }, { kind: 'field' }] }],
]);
const names = { 0: 'Ada', 1: 'Bob' };

test('a follower spot names the feature of the right tile', () => {
  setCatalogs('en', catalogs('en'));
  const board = [{ x: 0, y: 0, tile: 'CITY', rotation: 0 }];
  // Placing: the tile in hand (ROAD), not the last one laid (CITY).
  assert.equal(actionLabel({ type: 'place_follower', segment: 0 }, { names, tiles, game: { phase: 'place_tile', drawn_tile: 'ROAD', board } }), 'a follower on the road');
  // After laying: the tile just laid.
  assert.equal(actionLabel({ type: 'place_follower', segment: 0 }, { names, tiles, game: { phase: 'place_follower', board } }), 'a follower on the city');
});

test('captures, market moves and Castle scorings say what they do', () => {
  setCatalogs('en', catalogs('en'));
  const game = { followers: [{ owner: 1, x: 2, y: -1, segment: 0 }], castle: { pending: [{ owner: 0, feature: 'castle_tower', tiles: [[1, 1]] }] } };
  assert.equal(actionLabel({ type: 'capture', target: 0 }, { names, game }), "capture Bob's follower at (2, -1)");
  assert.equal(actionLabel({ type: 'market_move', x: -3, y: 2, segment: 0 }, { names, game }), 'move a follower from the market onto the field at (-3, 2)');
  assert.equal(actionLabel({ type: 'choose_scoring', target: 0, token: 2 }, { names, game }), "score Ada's tower next, doubled by the token “double tower”");
  assert.equal(actionLabel({ type: 'use_token', target: 1 }, { names, game }), 'Use the token “another turn”');
});

test('Pass says what passing means', () => {
  setCatalogs('en', catalogs('en'));
  assert.equal(passLabel({ phase: 'tower_capture' }), 'Pass: capture nobody');
  assert.equal(passLabel({ phase: 'move_count', count_quarter: 'market' }), 'Pass: leave the Count in the market quarter');
});

test('counts are plural-correct ("1 place", Russian forms)', () => {
  setCatalogs('en', catalogs('en'));
  assert.equal(t('game.places_fit', { count: 1 }), 'It fits in 1 place: tap the highlighted square');
  assert.equal(t('game.places_fit', { count: 3 }), 'It fits in 3 places: tap a highlighted square');
  setCatalogs('ru', catalogs('ru'), catalogs('en'));
  assert.equal(t('game.places_fit', { count: 1 }), 'Подходит 1 клетка: коснитесь подсвеченной');
  assert.equal(t('game.places_fit', { count: 3 }), 'Подходят 3 клетки: коснитесь подсвеченной');
  assert.equal(t('game.places_fit', { count: 5 }), 'Подходят 5 клеток: коснитесь подсвеченной');
  assert.equal(t('board.feature.field'), 'поле');
  setCatalogs('en', catalogs('en'));
});

test('every expansion decision says why it is offered, in both languages', () => {
  const phases = ['tower_capture', 'city_follower', 'move_count', 'redeploy', 'market_move', 'choose_scoring', 'extra_turn'];
  for (const lang of ['en', 'ru']) {
    setCatalogs(lang, catalogs(lang));
    for (const phase of phases) {
      const why = phaseReason(phase);
      assert.ok(why && why.length > 40 && !why.includes('game.reason'), `${lang} ${phase}: ${why}`);
    }
    assert.equal(phaseReason('place_follower'), null, 'the base game needs no reason');
  }
  setCatalogs('en', catalogs('en'));
  assert.match(phaseReason('city_follower'), /none to you/);
  assert.match(phaseReason('choose_scoring'), /token/);
});

test('a feature says who holds it and what it is worth', () => {
  setCatalogs('en', catalogs('en'));
  assert.equal(featureText({ actions: [0], kind: 'city', complete: false, points: 4, followers: [2, 1], segments: [] }, names), 'Held by Ada ×2, Bob · worth 4 points now');
  assert.equal(featureText({ actions: [0], kind: 'field', complete: false, points: 6, followers: [0, 0], segments: [] }, names), 'Nobody holds it yet · worth 6 points at the end (3 for each completed city it touches)');
  assert.equal(featureText({ actions: [0], kind: 'courtyard', complete: false, points: null, followers: [0, 1], segments: [] }, names), 'Held by Bob');
  setCatalogs('ru', catalogs('ru'));
  assert.equal(featureText({ actions: [0], kind: 'road', complete: true, points: 5, followers: [1, 0], segments: [] }, names), 'Занят: Ada · сейчас стоит 5 очков');
});
