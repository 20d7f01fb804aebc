import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setCatalogs, t, pickLanguage, AREAS, LANGUAGES } from '../../../clients/web/js/i18n.js';

const root = fileURLToPath(new URL('../../../clients/web/i18n/', import.meta.url));
const load = (lang) => Object.fromEntries(AREAS.map((a) => [a, JSON.parse(readFileSync(`${root}${lang}/${a}.json`, 'utf8'))]));

test('Russian plurals follow Intl.PluralRules', () => {
  setCatalogs('ru', load('ru'), load('en'));
  assert.equal(t('common.tiles_left', { count: 1 }), 'остался 1 квадрат');
  assert.equal(t('common.tiles_left', { count: 3 }), 'осталось 3 квадрата');
  assert.equal(t('common.tiles_left', { count: 11 }), 'осталось 11 квадратов');
  assert.equal(t('common.tiles_left', { count: 21 }), 'остался 21 квадрат');
});

test('English plurals, fallback to English, then to the key', () => {
  setCatalogs('en', load('en'));
  assert.equal(t('common.tiles_left', { count: 1 }), '1 tile left');
  assert.equal(t('common.tiles_left', { count: 2 }), '2 tiles left');
  setCatalogs('ru', { common: {} }, { common: { only_en: 'hi {who}' } });
  assert.equal(t('common.only_en', { who: 'Ada' }), 'hi Ada');
  assert.equal(t('common.nowhere'), 'common.nowhere');
});

test('language choice: stored, then browser, then English', () => {
  assert.equal(pickLanguage('ru', ['en-US']), 'ru');
  assert.equal(pickLanguage(null, ['de-DE', 'ru-RU']), 'ru');
  assert.equal(pickLanguage('xx', ['fr']), 'en');
});

test('every key of every catalog exists in every language', () => {
  for (const area of AREAS) {
    const keys = LANGUAGES.map((lang) => Object.keys(JSON.parse(readFileSync(`${root}${lang}/${area}.json`, 'utf8'))).sort());
    for (const k of keys.slice(1)) assert.deepEqual(k, keys[0], `catalog ${area} differs between languages`);
  }
  assert.deepEqual(readdirSync(root).sort(), [...LANGUAGES].sort());
});
