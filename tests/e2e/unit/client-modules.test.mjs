// The browser client's modules (clients/web/js): each is type-checked (`// @ts-check` on its
// first line; `tsc --noEmit` runs under the CTest label `lint`) and they import each other
// without a circle, so each one can be read and tested from its imports down.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

// Every module, named by its path under js/ (folders such as account/ included).
const dir = fileURLToPath(new URL('../../../clients/web/js/', import.meta.url));
const files = readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js')).sort();
const source = Object.fromEntries(files.map((f) => [f, readFileSync(dir + f, 'utf8')]));

// Runtime imports only: `import ... from './x.js'` statements (JSDoc `@import` is for types),
// resolved against the importing module's folder.
const importsOf = (f) =>
  [...source[f].matchAll(/^import\s[^;]*?from\s+'(\.{1,2}\/[\w/-]+\.js)';/gms)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(f), m[1])));

test('every module starts with // @ts-check', () => {
  for (const f of files) assert.ok(source[f].startsWith('// @ts-check\n'), f);
});

test('the modules import each other without a circle', () => {
  const state = new Map(); // file -> 'visiting' | 'done'
  const visit = (f, path) => {
    if (state.get(f) === 'done') return;
    assert.notEqual(state.get(f), 'visiting', `import circle: ${[...path, f].join(' -> ')}`);
    state.set(f, 'visiting');
    for (const g of importsOf(f)) {
      assert.ok(files.includes(g), `${f} imports a missing ${g}`);
      visit(g, [...path, f]);
    }
    state.set(f, 'done');
  };
  for (const f of files) visit(f, []);
  assert.ok(importsOf('main.js').includes('lobby.js'), 'the parser sees imports');
  assert.ok(importsOf('account/api.js').includes('i18n.js'), 'the parser resolves ../ imports');
});

// What main.js loads before the first screen: its imports and theirs (the other screens are
// loaded with import() when they open).
function firstLoad() {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    importsOf(f).forEach(visit);
  };
  visit('main.js');
  return seen;
}

test('a first visit loads the code of the lobby only: the other screens are loaded when they open', () => {
  const first = firstLoad();
  for (const screen of ['room-entry.js', 'replay.js', 'board.js', 'help.js', 'account/account-screen.js',
    'ratings/ratings-screen.js', 'tournaments/tournaments-screen.js'])
    assert.ok(!first.has(screen), `${screen} is not in the first load`);
  assert.ok(first.size <= 20, `${first.size} modules in the first load: ${[...first].join(', ')}`);
});

test('index.html preloads exactly the modules of the first load', () => {
  const html = readFileSync(fileURLToPath(new URL('../../../clients/web/index.html', import.meta.url)), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="js\/([\w/-]+\.js)"/g)].map((m) => m[1]).sort();
  assert.deepEqual(preloaded, [...firstLoad()].sort());
});
