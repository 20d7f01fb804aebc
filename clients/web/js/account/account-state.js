// @ts-check
// Who is signed in, and the games this person holds a seat in (docs/accounts.md). Signed in is
// what the server's `welcome` says (`account`); the settings come from GET /api/me. My games
// come from the WebSocket's `my_games`, asked again on every welcome, on a `notice` and after
// room changes, so "your turn" is never stale for long. The count of games waiting for you is
// shown on the My games tab and as "(N)" in front of the page title (the games other than the
// one on screen); a `notice` of your turn in
// a game you are not looking at shows a toast and, where allowed, a browser notification.
// The account's language (what its mails are written in) is the page's: sent at sign-up, and
// saved again whenever the page's language changes while signed in.

import { accountCall } from './api.js';
import { t, language, onLanguageChange } from '../i18n.js';
import { toast } from '../dom.js';

const TOKEN_KEY = 'carc.token';
const SESSION_ENDED = 4003;
const REFRESH_AFTER_MS = 700; // room changes come in bursts (a move, the bots' answers)

class AccountState extends EventTarget {
  constructor() {
    super();
    /** @type {string | null} the account's name while signed in */
    this.name = null;
    /** @type {any} GET /api/me's answer (null until it came) */
    this.me = null;
    /** @type {any[] | null} my_games' list (null until it came) */
    this.games = null;
    /** @type {import('../net.js').Connection | null} */
    this.conn = null;
    this.signingOut = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.refreshTimer = null;
  }

  get signedIn() {
    return this.name !== null;
  }

  yourTurnCount() {
    return (this.games || []).filter((g) => g.your_turn).length;
  }

  /** @param {import('../net.js').Connection} conn */
  attach(conn) {
    this.conn = conn;
    const on = (/** @type {string} */ type, /** @type {(detail: any) => void} */ fn) =>
      conn.addEventListener(type, (e) => fn(/** @type {CustomEvent} */ (e).detail));
    on('welcome', (w) => {
      this.name = w.account ?? null;
      if (!this.signedIn) this.me = null;
      this.changed();
      if (this.signedIn) this.loadMe();
      this.loadGames();
    });
    on('closed', (code) => {
      if (code !== SESSION_ENDED) return;
      // The next hello must not resume the account's person with a token this browser kept.
      localStorage.removeItem(TOKEN_KEY);
      if (this.signedIn && !this.signingOut) toast(t('account.session_ended'), 'error');
      this.signingOut = false;
      this.name = null;
      this.me = null;
      this.games = null;
      this.changed();
    });
    on('notice', (n) => this.onNotice(n));
    // A change in a game this person sits in may change whose turn it is (spectating does not).
    on('patch', (p) => {
      if (this.games?.some((g) => g.room === p.room)) this.refreshSoon();
    });
    // A seat taken (created, joined) shows as the room's snapshot.
    on('snapshot', (m) => {
      const seated = m.view?.you?.seat !== null && m.view?.you?.seat !== undefined;
      if (seated && !this.games?.some((g) => g.room === m.room)) this.refreshSoon();
    });
    onLanguageChange(() => this.saveLanguage());
    new MutationObserver(() => this.showCountInTitle()).observe(document.head, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }

  changed() {
    document.body.dataset.account = this.signedIn ? 'in' : 'out';
    // An account's name is its own: `hello` cannot rename it (account.css hides Rename).
    const nameInput = document.getElementById('my-name');
    if (nameInput instanceof HTMLInputElement) nameInput.readOnly = this.signedIn;
    for (const el of document.querySelectorAll('.games-count')) {
      const n = this.yourTurnCount();
      el.textContent = n ? String(n) : '';
      el.toggleAttribute('hidden', !n);
    }
    this.showCountInTitle();
    this.dispatchEvent(new Event('change'));
  }

  // The room on screen says "your turn" in the title itself; "(N)" counts the other games.
  showCountInTitle() {
    const viewed = decodeURIComponent(location.hash.match(/^#\/room\/([^/]+)$/)?.[1] ?? '');
    const n = (this.games || []).filter((g) => g.your_turn && g.room !== viewed).length;
    const base = document.title.replace(/^\(\d+\) /, '');
    const wanted = n ? `(${n}) ${base}` : base;
    if (document.title !== wanted) document.title = wanted;
  }

  async loadMe() {
    try {
      this.me = await accountCall('GET', '/api/me');
      this.changed();
    } catch {
      /* the welcome said signed in; the settings come with the next welcome */
      return;
    }
    // An account made before languages were kept takes the page's.
    if (this.me && this.me.language === null) this.saveLanguage();
  }

  // The page's language becomes the account's, for its mails.
  async saveLanguage() {
    if (!this.signedIn || (this.me && this.me.language === language())) return;
    try {
      const me = await accountCall('PATCH', '/api/me', { language: language() });
      if (this.me) this.me = { ...this.me, language: me.language };
    } catch {
      /* kept as it was; the next change tries again */
    }
  }

  async loadGames() {
    if (!this.conn?.welcome) return;
    try {
      const answer = await this.conn.request({ type: 'my_games' });
      this.games = answer.games || [];
      this.changed();
    } catch {
      /* a server without a store keeps no games; the list stays as it was */
    }
  }

  refreshSoon() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.loadGames();
    }, REFRESH_AFTER_MS);
  }

  // The server's notice: a turn-based game waits for this person's move, or the operator renamed
  // the account (docs/moderation.md).
  /** @param {{kind?: string, room?: string, deadline_ms?: number | null, name?: string}} n */
  onNotice(n) {
    if (n.kind === 'renamed' && n.name) {
      this.name = n.name;
      toast(t('moderation.renamed', { name: n.name }), 'error');
      this.changed();
      return;
    }
    this.loadGames();
    if (n.kind !== 'your_turn' || !n.room) return;
    const looking = location.hash === `#/room/${encodeURIComponent(n.room)}` && !document.hidden;
    if (looking) return;
    const name = this.games?.find((g) => g.room === n.room)?.name || n.room;
    const text = t('account.notice_your_turn', { room: name });
    toast(text);
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    try {
      const shown = new Notification(text, { tag: `carc-notice-${n.room}` });
      shown.onclick = () => {
        window.focus();
        location.hash = `#/room/${encodeURIComponent(n.room ?? '')}`;
        shown.close();
      };
    } catch {
      /* some browsers allow notifications only from a service worker */
    }
  }

  /** @param {{name: string, password: string}} body */
  async signIn(body) {
    const answer = await accountCall('POST', '/api/sessions', body);
    this.conn?.reconnect(); // the new socket carries the cookie: its hello is the account's
    return answer;
  }

  // A guest signing up hands over their reconnect token: their seats, games and name stay.
  /** @param {{name: string, password: string, email?: string}} body */
  async signUp(body) {
    const token = this.conn?.token;
    const made = { ...body, language: language() }; // its mails in the page's language
    let answer;
    try {
      answer = await accountCall('POST', '/api/accounts', token ? { ...made, token } : made);
    } catch (e) {
      if (e.code !== 'unknown_token') throw e;
      answer = await accountCall('POST', '/api/accounts', made); // the guest had expired
    }
    this.conn?.reconnect();
    return answer;
  }

  // The server ends the session and closes its sockets (4003); the page reconnects as a guest.
  async signOut() {
    this.signingOut = true;
    try {
      await accountCall('POST', '/api/sessions/end', {});
    } catch (e) {
      this.signingOut = false;
      throw e;
    }
  }

  // Deleting the account ends every session (4003) like signing out; the page reconnects as a
  // new guest.
  /** @param {string} password */
  async deleteAccount(password) {
    this.signingOut = true;
    try {
      await accountCall('DELETE', '/api/me', { password });
    } catch (e) {
      this.signingOut = false;
      throw e;
    }
  }
}

export const account = new AccountState();
