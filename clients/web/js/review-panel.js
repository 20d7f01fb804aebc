// @ts-check
// The move review on a finished game's replay (docs/protocol.md, "Move reviews"): asks the server
// for it (POST /api/games/{id}/review), polls until it is done, then shows a graph of each
// player's expected lead over the game (one point per decision, graded ones marked; a point
// goes to that move), the graded decisions as a list, and a summary per player. The replay asks
// it for the ghost of the better move at the step it shows.

import { h, clear, toast } from './dom.js';
import { styleOf } from './players.js';
import { t } from './i18n.js';

const GRADED = ['inaccuracy', 'mistake', 'blunder'];
const POLL_MS = 1000;
const W = 320; // the graph's drawing width and height (the SVG scales to its box)
const H = 140;

/**
 * @param {object} o
 * @param {string} o.gameId
 * @param {{seat: number, name: string}[]} o.players
 * @param {(step: number) => void} o.go  moves the replay to a step (actions done)
 * @param {() => void} o.changed  the review arrived: the replay redraws (its ghost)
 * @param {boolean} o.askNow  ask at once (the end dialog's offer)
 */
export function reviewPanel({ gameId, players, go, changed, askNow }) {
  const names = Object.fromEntries(players.map((p) => [p.seat, p.name]));
  const path = `/api/games/${encodeURIComponent(gameId)}/review`;
  const body = h('div', { class: 'review-body' });
  const strength = h(
    'select',
    { id: 'review-strength', 'aria-label': t('game.review.strength') },
    ...['easy', 'medium', 'hard'].map((s) =>
      h('option', { value: s, selected: s === 'medium' }, t(`game.review.strength_${s}`)),
    ),
  );
  const askButton = h(
    'button',
    { class: 'btn btn-primary', id: 'review-ask', onclick: () => ask() },
    t('game.review.ask'),
  );
  const panel = h(
    'section',
    { class: 'panel review-panel', id: 'review-panel' },
    h('h3', {}, t('game.review.title')),
    h('div', { class: 'review-ask' }, strength, askButton),
    body,
  );
  /** @type {any} */
  let review = null;
  let timer = 0;
  let stopped = false;

  function status(text) {
    clear(body);
    body.append(h('p', { class: 'muted review-status', id: 'review-status' }, text));
  }

  async function ask() {
    askButton.disabled = true;
    status(t('game.review.asking'));
    try {
      const r = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ strength: strength.value }),
        credentials: 'same-origin',
      });
      const job = await r.json();
      if (!r.ok) throw new Error(refusalText(r.status, job, r.headers.get('Retry-After')));
      show(job);
    } catch (e) {
      askButton.disabled = false;
      status(e.message);
      toast(e.message, 'error');
    }
  }

  async function poll() {
    if (stopped) return;
    try {
      const r = await fetch(`${path}?strength=${encodeURIComponent(strength.value)}`);
      const job = await r.json();
      if (r.status === 404) {
        askButton.disabled = false;
        clear(body);
        return;
      }
      if (!r.ok) throw new Error(refusalText(r.status, job, r.headers.get('Retry-After')));
      show(job);
    } catch (e) {
      status(e.message);
    }
  }

  function show(job) {
    if (stopped) return;
    if (job.state === 'done') {
      review = job.review;
      askButton.disabled = true;
      drawReview();
      changed();
      return;
    }
    if (job.state === 'failed') {
      askButton.disabled = false;
      status(t('game.review.failed', { error: job.error || '' }));
      return;
    }
    askButton.disabled = true;
    status(
      job.state === 'running' && job.decisions
        ? t('game.review.running', { judged: job.judged, decisions: job.decisions })
        : t('game.review.queued'),
    );
    timer = window.setTimeout(poll, POLL_MS);
  }

  function refusalText(statusCode, job, retryAfter) {
    const known = {
      review_busy: 'game.review.busy',
      review_daily_limit: 'game.review.daily_limit',
      review_queue_full: 'game.review.queue_full',
      game_not_finished: 'game.review.not_finished',
    }[job?.error];
    const wait = retryAfter ? Math.ceil(Number(retryAfter) / 60) : 0;
    return known ? t(known, { minutes: wait }) : job?.message || `HTTP ${statusCode}`;
  }

  const decisionText = (d) =>
    t('game.review.decision', {
      turn: d.turn,
      name: names[d.seat] ?? d.seat + 1,
      what: t(
        `game.review.phase_${d.phase === 'place_tile' ? 'tile' : d.phase === 'place_follower' ? 'follower' : 'other'}`,
      ),
    });
  const points = (x) => (x > 0 ? `+${x.toFixed(1)}` : x.toFixed(1));

  function drawReview() {
    clear(body);
    const ds = review.decisions;
    body.append(graph(ds), summary(), gradedList(ds));
  }

  // Each player's expected lead before every decision, and the final lead at the right end.
  function graph(ds) {
    const n = ds.length;
    const leads = players.map((p) => [
      ...ds.map((d) => d.before[p.seat] ?? 0),
      review.summary[p.seat]?.final_lead ?? 0,
    ]);
    const top = Math.max(10, ...leads.flat().map(Math.abs));
    const x = (i) => (n ? (i / n) * (W - 8) + 4 : W / 2);
    const y = (v) => H / 2 - (v / top) * (H / 2 - 6);
    let svg = `<line class="axis" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>`;
    players.forEach((p, k) => {
      const line = leads[k].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      svg += `<polyline class="lead" data-seat="${p.seat}" points="${line}" stroke="${styleOf(p.seat).colour}"/>`;
    });
    ds.forEach((d, i) => {
      const graded = GRADED.includes(d.grade);
      svg +=
        `<circle class="review-point grade-${d.grade}" data-index="${d.index}" tabindex="0" role="button"` +
        ` cx="${x(i).toFixed(1)}" cy="${y(d.before[d.seat] ?? 0).toFixed(1)}" r="${graded ? 4.5 : 2}"` +
        ` fill="${graded ? '' : styleOf(d.seat).colour}"><title>${decisionText(d)}${graded ? ` · ${t(`game.review.grade_${d.grade}`)} ${points(-d.loss)}` : ''}</title></circle>`;
    });
    const el = /** @type {SVGSVGElement} */ (document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
    el.setAttribute('class', 'review-graph');
    el.setAttribute('viewBox', `0 0 ${W} ${H}`);
    el.setAttribute('role', 'group');
    el.setAttribute('aria-label', t('game.review.graph'));
    el.innerHTML = svg;
    const pick = (e) => {
      const c = /** @type {Element} */ (e.target).closest?.('.review-point');
      if (!c) return;
      if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      go(Number(c.getAttribute('data-index')) + 1);
    };
    el.addEventListener('click', pick);
    el.addEventListener('keydown', pick);
    return el;
  }

  function summary() {
    const rows = review.summary.map((s) =>
      h(
        'li',
        { class: 'review-player', dataset: { seat: s.seat }, style: `--pc:${styleOf(s.seat).colour}` },
        h('strong', {}, names[s.seat] ?? s.seat + 1),
        h(
          'dl',
          {},
          h('dt', {}, t('game.review.average_loss')),
          h('dd', { class: 'r-average' }, s.average_loss.toFixed(2)),
          h('dt', {}, t('game.review.luck')),
          h('dd', { class: 'r-luck' }, points(s.luck)),
          h('dt', {}, t('game.review.final_lead')),
          h('dd', {}, points(s.final_lead)),
          h('dt', {}, t('game.review.without_luck')),
          h('dd', { class: 'r-without-luck' }, points(s.without_luck)),
          h('dt', {}, t('game.review.mistakes')),
          h(
            'dd',
            {},
            t('game.review.counts', { inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders }),
          ),
        ),
        s.costliest.length
          ? h(
              'div',
              { class: 'r-costliest' },
              t('game.review.costliest'),
              ' ',
              ...s.costliest.map((i) =>
                h(
                  'button',
                  { class: 'link', dataset: { index: i }, onclick: () => go(i + 1) },
                  `${t('game.review.turn', { turn: review.decisions[i].turn })} ${points(-review.decisions[i].loss)}`,
                ),
              ),
            )
          : null,
      ),
    );
    return h('ul', { class: 'review-summary' }, ...rows);
  }

  function gradedList(ds) {
    const graded = ds.filter((d) => GRADED.includes(d.grade));
    return h(
      'ol',
      { class: 'review-moves', 'aria-label': t('game.review.graded') },
      ...graded.map((d) =>
        h(
          'li',
          { class: `grade-${d.grade}`, dataset: { index: d.index } },
          h(
            'button',
            { class: 'link', onclick: () => go(d.index + 1) },
            `${decisionText(d)} · ${t(`game.review.grade_${d.grade}`)} ${points(-d.loss)}`,
          ),
        ),
      ),
    );
  }

  // The better move of the decision that led to `step`, to draw over the board; null when the
  // move played was the search's (or no review yet). `frame.last` is where the played tile lies.
  function ghostAt(step, frame) {
    const d = review?.decisions?.[step - 1];
    if (!d || d.played_is_best || !d.best) return null;
    if (d.best.type === 'place_tile')
      return { x: d.best.x, y: d.best.y, tile: d.tile, rotation: d.best.rotation, showTile: true, seat: d.seat };
    if (d.best.type === 'place_follower' && frame?.last) {
      const tile = frame.board.find((b) => b.x === frame.last.x && b.y === frame.last.y);
      if (tile) return { ...tile, showTile: false, segment: d.best.segment, seat: d.seat };
    }
    return null;
  }

  // Marks the decision shown in the graph and the list.
  function mark(step) {
    for (const el of panel.querySelectorAll('.current')) el.classList.remove('current');
    for (const el of panel.querySelectorAll(`[data-index="${step - 1}"]`)) el.classList.add('current');
  }

  if (askNow) ask();
  else poll();
  return {
    element: panel,
    ghostAt,
    mark,
    destroy() {
      stopped = true;
      window.clearTimeout(timer);
    },
  };
}
