// @ts-check
// Every user-facing string of the browser client comes from a catalog:
// clients/web/i18n/<language>/<area>.json holds {"key": "text"} and t('area.key', params) finds it.
// Texts interpolate {name} placeholders; a text that depends on a number is an object keyed by
// Intl.PluralRules categories ({"one": "...", "few": "...", "many": "...", "other": "..."}),
// chosen by params.count; an "=N" key is the text for exactly N (Russian "one" also covers 21, 31...). A key missing in the chosen language falls back to English, then to the
// key itself (so a missing string is visible, not blank).

export const LANGUAGES = ['en', 'ru'];
// One catalog file per area of the client; each area's file is owned by the code that uses it.
export const AREAS = [
  'common',
  'lobby',
  'game',
  'board',
  'log',
  'errors',
  'help',
  'account',
  'ratings',
  'friends',
  'tournaments',
  'moderation',
];
const STORAGE_KEY = 'carc.lang';

let current = 'en';
let strings = new Map();
let fallback = new Map();
let pluralRules = new Intl.PluralRules('en');
const listeners = new Set();

// The language to use: a stored choice, else the first browser language we have, else English.
export function pickLanguage(stored, browserLanguages = []) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

function flatten(area, table, into) {
  for (const [key, text] of Object.entries(table)) into.set(`${area}.${key}`, text);
}

// Installs catalogs directly ({area: {key: text}}); the loader below and the unit tests use it.
export function setCatalogs(language, catalogs, englishCatalogs = catalogs) {
  const next = new Map();
  const base = new Map();
  for (const [area, table] of Object.entries(catalogs)) flatten(area, table, next);
  for (const [area, table] of Object.entries(englishCatalogs)) flatten(area, table, base);
  current = language;
  strings = next;
  fallback = base;
  pluralRules = new Intl.PluralRules(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const fn of listeners) fn(language);
}

// The server answers i18n/<language>.json with every area's file in one object; a server of
// plain files (the tile gallery's) has only the areas' files.
async function fetchCatalogs(language, fetchJson) {
  try {
    return await fetchJson(`i18n/${language}.json`);
  } catch {
    return fetchAreas(language, fetchJson);
  }
}

async function fetchAreas(language, fetchJson) {
  const entries = await Promise.all(
    AREAS.map(async (area) => {
      try {
        return [area, await fetchJson(`i18n/${language}/${area}.json`)];
      } catch {
        return [area, {}];
      }
    }),
  );
  return Object.fromEntries(entries);
}

const defaultFetchJson = async (url) => {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.json();
};

// Loads `language` (and English as the fallback) and makes it current.
export async function loadLanguage(language, fetchJson = defaultFetchJson) {
  const english = await fetchCatalogs('en', fetchJson);
  const chosen = language === 'en' ? english : await fetchCatalogs(language, fetchJson);
  setCatalogs(language, chosen, english);
}

// The start-up choice: stored switch, else the browser's languages.
export function initialLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* private mode */
  }
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages || [navigator.language])];
  return pickLanguage(stored, browser);
}

// The language switch: remembers the choice and reloads the catalogs.
export async function switchLanguage(language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    /* private mode */
  }
  await loadLanguage(language);
}

export function language() {
  return current;
}

// Called after every language change (to re-render).
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function t(key, params = {}) {
  let text = strings.get(key) ?? fallback.get(key);
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const count = Number(params.count ?? 0);
    text = text[`=${count}`] ?? text[pluralRules.select(count)] ?? text.other ?? ''; // "=1": that number exactly
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
