// @ts-check
// Knowing it is your turn without watching the board: the tab's title and favicon change, and
// with alerts on (the bell in the header) a short sound plays and, when the tab is hidden, a
// notification appears. The clock warns before your time runs out.

import { t } from './i18n.js';
import { toast } from './dom.js';

const ALERTS_KEY = 'carc.alerts';
const BASE_TITLE = () => t('common.brand');

let toggle = null;
let originalIcon = null;
let wasMyTurn = false;
let warnedStretch = null;

function alertsOn() {
  try {
    return localStorage.getItem(ALERTS_KEY) === '1';
  } catch {
    return false;
  }
}

// The favicon with a red dot: "something waits for you".
function dotIcon() {
  const svg =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='#78b356'/>" +
    "<path d='M0 0h16Q12 6 8 6T0 0' fill='#e3a862'/><circle cx='11.5' cy='11.5' r='4.5' fill='#d62839' stroke='#fff' stroke-width='1.2'/></svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setIcon(mine) {
  const link = document.getElementById('favicon');
  if (!link) return;
  originalIcon ??= link.getAttribute('href');
  link.setAttribute('href', mine ? dotIcon() : originalIcon);
  link.dataset.turn = mine ? 'yes' : 'no';
}

/** @type {AudioContext | null} */
let audio = null;

// Two soft notes from WebAudio: no sound file to load.
function chime(high = false) {
  if (!alertsOn()) return;
  try {
    const ctx = (audio ||= new AudioContext());
    const now = ctx.currentTime;
    [0, 0.16].forEach((delay, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = (high ? 880 : 660) * (i ? 1.5 : 1);
      gain.gain.setValueAtTime(0.0001, now + delay);
      gain.gain.exponentialRampToValueAtTime(0.15, now + delay + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + delay + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + delay);
      osc.stop(now + delay + 0.3);
    });
  } catch {
    /* no audio here */
  }
}

function notify(title, body) {
  if (!alertsOn() || !document.hidden || typeof Notification === 'undefined' || Notification.permission !== 'granted')
    return;
  try {
    const n = new Notification(title, { body, tag: 'carc-turn' });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* some browsers allow notifications only from a service worker */
  }
}

export const awareness = {
  setup(button) {
    toggle = button;
    toggle.addEventListener('click', async () => {
      const on = !alertsOn();
      try {
        localStorage.setItem(ALERTS_KEY, on ? '1' : '0');
      } catch {
        /* private mode */
      }
      if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') {
        try {
          await Notification.requestPermission();
        } catch {
          /* refused */
        }
      }
      this.drawToggle();
      if (on) chime();
    });
    this.drawToggle();
  },

  drawToggle() {
    if (!toggle) return;
    const on = alertsOn();
    // An SVG bell (emoji fonts are not everywhere), struck through when off.
    toggle.innerHTML =
      '<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6">' +
      '<path d="M5 14V9a5 5 0 0 1 10 0v5l1.5 1.5h-13Z"/><path d="M8.5 17.5a1.6 1.6 0 0 0 3 0"/>' +
      (on ? '<path d="M2.5 6.5 1 5M17.5 6.5 19 5" />' : '<path d="M3 3l14 14" stroke-width="1.8"/>') +
      '</svg>';
    toggle.setAttribute('aria-pressed', String(on));
    const label = t(on ? 'common.alerts_on' : 'common.alerts_off');
    toggle.title = label;
    toggle.setAttribute('aria-label', label);
  },

  // After every change of a room's view: is the viewer the one to decide?
  update({ roomName, myTurn }) {
    document.title = myTurn ? `● ${t('common.your_turn_title', { room: roomName })}` : `${roomName} · ${BASE_TITLE()}`;
    setIcon(myTurn);
    document.body.dataset.myTurn = myTurn ? 'yes' : 'no';
    if (myTurn && !wasMyTurn) {
      chime();
      notify(t('common.your_turn_notification'), roomName);
    }
    wasMyTurn = myTurn;
  },

  leftRoom() {
    document.title = BASE_TITLE();
    setIcon(false);
    delete document.body.dataset.myTurn;
    wasMyTurn = false;
    warnedStretch = null;
  },

  // Every clock tick: one warning per stretch when the viewer's own time runs low.
  clock(clock, me, settings) {
    if (!clock || me === null || me === undefined || clock.running !== me) return false;
    const left = clock.remaining_ms[me] - Math.max(0, Date.now() - clock.since);
    const threshold = lowTimeMs(settings);
    const low = left > 0 && left <= threshold;
    if (low && warnedStretch !== clock.since) {
      warnedStretch = clock.since;
      toast(t('common.clock_low', { seconds: Math.ceil(left / 1000) }), 'error');
      chime(true);
      notify(t('common.clock_low_notification'), t('common.clock_low', { seconds: Math.ceil(left / 1000) }));
    }
    return low;
  },
};

// "Low" is the last 30 seconds, or the last quarter of a shorter clock.
export function lowTimeMs(settings) {
  const initial = settings?.initial_ms ?? 60000;
  return Math.min(30000, Math.max(5000, initial / 4));
}
