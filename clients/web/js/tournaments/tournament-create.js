// @ts-check
// The form that creates a tournament: name, Swiss (rounds) or round robin (table size), the
// rule system, live or turn-based, rated, and an optional start time.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { createTournament } from './tournaments-api.js';

const MOVE_TIMES = [0, 4 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400, 7 * 86400];

/** @param {(hash: string) => void} navigate */
export function tournamentCreateForm(navigate) {
  const name = h('input', { id: 'tournament-name', maxlength: 64, required: true });
  const format = h(
    'select',
    { id: 'tournament-format' },
    h('option', { value: 'swiss' }, t('tournaments.swiss')),
    h('option', { value: 'round_robin' }, t('tournaments.round_robin')),
  );
  const rounds = h('input', { id: 'tournament-rounds', type: 'number', min: 1, max: 20, value: 4 });
  const tableSize = h('input', { id: 'tournament-table-size', type: 'number', min: 2, max: 5, value: 2 });
  const rules = h(
    'select',
    { id: 'tournament-rules' },
    h('option', { value: 'carcassonne' }, 'Carcassonne'),
    h('option', { value: 'castle' }, 'The Castle'),
  );
  const moveTime = h(
    'select',
    { id: 'tournament-move-time' },
    ...MOVE_TIMES.map((s) =>
      h('option', { value: s }, s ? t('tournaments.move_time', { hours: s / 3600 }) : t('tournaments.live')),
    ),
  );
  const rated = h('input', { id: 'tournament-rated', type: 'checkbox' });
  const startsAt = h('input', { id: 'tournament-starts-at', type: 'datetime-local' });
  const error = h('p', { class: 'error', role: 'alert' });
  const showFormat = () => {
    rounds.parentElement && (rounds.parentElement.hidden = format.value !== 'swiss');
    tableSize.parentElement && (tableSize.parentElement.hidden = format.value === 'swiss');
  };
  format.addEventListener('change', showFormat);
  const form = h(
    'form',
    { class: 'account-form tournament-create', id: 'tournament-create' },
    h('h3', {}, t('tournaments.create')),
    h('label', {}, t('tournaments.name'), ' ', name),
    h('label', {}, t('tournaments.format'), ' ', format),
    h('label', {}, t('tournaments.rounds'), ' ', rounds),
    h('label', { hidden: true }, t('tournaments.table_size'), ' ', tableSize),
    h('label', {}, t('tournaments.rules'), ' ', rules),
    h('label', {}, t('tournaments.pace'), ' ', moveTime),
    h('label', {}, rated, ' ', t('tournaments.rated')),
    h('label', {}, t('tournaments.starts_at'), ' ', startsAt),
    h('button', { type: 'submit', class: 'btn btn-primary' }, t('tournaments.create_button')),
    error,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    /** @type {any} */
    const game = { rules: rules.value, rated: rated.checked };
    if (Number(moveTime.value)) game.move_time_s = Number(moveTime.value);
    /** @type {any} */
    const fields = { name: name.value, format: format.value, game };
    if (format.value === 'swiss') fields.rounds = Number(rounds.value);
    else fields.table_size = Number(tableSize.value);
    if (startsAt.value) fields.starts_at_ms = new Date(startsAt.value).getTime();
    createTournament(fields)
      .then((made) => navigate(`#/tournament/${encodeURIComponent(made.id)}`))
      .catch((err) => (error.textContent = err.message));
  });
  return form;
}
