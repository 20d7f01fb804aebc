// Loads the browser client's catalogs from disk for unit tests (no fetch in node).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setCatalogs, AREAS } from '../../../clients/web/js/i18n.js';

const root = fileURLToPath(new URL('../../../clients/web/i18n/', import.meta.url));
export const loadCatalogs = (lang) => Object.fromEntries(AREAS.map((a) => [a, JSON.parse(readFileSync(`${root}${lang}/${a}.json`, 'utf8'))]));
export const useLanguage = (lang) => setCatalogs(lang, loadCatalogs(lang), loadCatalogs('en'));
