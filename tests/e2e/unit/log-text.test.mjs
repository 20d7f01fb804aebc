// Unit tests of the sentences for decisions and events of The Tower and The Castle.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './catalogs.mjs';
import { describeAction, describeEvent, tokenName } from '../../../clients/web/js/log-text.js';

const names = { 0: 'Ada', 1: 'Bob' };
useLanguage('en');

test('Tower decisions name the tower and the captured follower', () => {
  assert.equal(describeAction({ type: 'add_floor', x: 2, y: -1 }, names), 'Add a tower floor at (2, -1)');
  assert.equal(describeAction({ type: 'tower_follower', x: 2, y: -1 }, names), 'Close the tower at (2, -1) with a follower');
  assert.equal(describeAction({ type: 'capture', target: 1 }, names, [{ owner: 0 }, { owner: 1, x: 3, y: 4 }]), "Capture Bob's follower at (3, 4)");
  assert.equal(describeAction({ type: 'ransom', target: 1 }, names), 'Pay 3 points ransom to Bob');
});

test('Castle decisions name the pending scoring and the token', () => {
  const castle = { pending: [{ owner: 1, feature: 'castle_tower' }, { owner: 0, feature: 'house' }] };
  assert.equal(describeAction({ type: 'choose_scoring', target: 0, token: -1 }, names, [], castle), "Score Bob's tower next");
  assert.equal(describeAction({ type: 'choose_scoring', target: 1, token: 3 }, names, [], castle), "Score Ada's house next, doubled by the double house token");
  assert.equal(describeAction({ type: 'use_token', target: 1 }, names), 'Use the token: take another turn');
  assert.equal(tokenName(9), '5 points');
  assert.equal(tokenName('market_bonus'), '4 per market on one courtyard');
});

test('Castle events are explained', () => {
  assert.match(describeEvent({ type: 'wall_token_taken', player: 0, count: 1, x: 0, y: 3 }, names).text, /Ada takes a wall token .*another turn/);
  assert.match(describeEvent({ type: 'keep_scored', scorers: [1], points: 11, count: 11, tiles: [] }, names).text, /Keep: 11 empty spaces, Bob \+11/);
  assert.match(describeEvent({ type: 'keep_placed', player: 1, count: 3, x: 4, y: 4 }, names).text, /Bob's keep stands on a house of 3 tiles/);
});
