// @ts-check
// The WebSocket session: hello with the saved token, request/reply matching by id, pushes to
// listeners, and automatic reconnection (the server then re-sends a snapshot of each room).
// With several server nodes a node may answer `redirect` (docs/protocol.md): the session moves
// to the named node with the same token and repeats the redirected request there; when that
// node cannot be reached, it goes back to the address it started from.

const PROTOCOL = 1;
const TOKEN_KEY = 'carc.token';
const NAME_KEY = 'carc.name';

export class Connection extends EventTarget {
  constructor(url = defaultUrl()) {
    super();
    this.url = url;
    this.home = url; // where to go back to when a node we were sent to is gone
    this.welcomedHere = false;
    this.replay = []; // requests a node redirected, sent again after the next welcome
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.ws = null;
    this.welcome = null;
    this.status = 'offline';
    this.retry = 0;
    this.closedByUs = false;
  }

  get name() {
    return localStorage.getItem(NAME_KEY) || '';
  }
  set name(v) {
    localStorage.setItem(NAME_KEY, v);
  }
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  }

  // `ready`: the hello waits for it (the page's first connection opens while the page still
  // loads its language, which the first hello's suggested name is in).
  /** @param {Promise<unknown> | null} [ready] */
  connect(ready = null) {
    this.closedByUs = false;
    this.setStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.welcomedHere = false;
    ws.onopen = () => {
      if (!ready) return this.hello();
      ready.then(() => {
        if (this.ws === ws && ws.readyState === WebSocket.OPEN) this.hello();
      });
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.welcome = null;
      for (const p of this.pending.values())
        p.reject(Object.assign(new Error('connection closed'), { code: 'closed' }));
      this.pending.clear();
      this.setStatus('offline');
      // 4003: the account's session ended (signed out here or elsewhere); the next hello is a guest's.
      this.dispatchEvent(new CustomEvent('closed', { detail: e.code }));
      // 4000: another tab took over this token; do not fight it.
      if (this.closedByUs || e.code === 4000 || e.code === 1008) return;
      // A node we were sent to and never reached (it died): start again where we started.
      if (!this.welcomedHere && this.url !== this.home) this.url = this.home;
      const delay = Math.min(8000, 400 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  async hello() {
    const msg = { type: 'hello', protocol: PROTOCOL, name: this.name || 'Guest' };
    if (this.token) msg.token = this.token;
    try {
      this.welcomed(await this.request(msg));
    } catch (err) {
      if (err.code !== 'unknown_token') throw err;
      localStorage.removeItem(TOKEN_KEY); // expired: start as a new person
      delete msg.token;
      this.welcomed(await this.request(msg));
    }
  }

  welcomed(w) {
    this.welcome = w;
    this.welcomedHere = true;
    this.retry = 0;
    localStorage.setItem(TOKEN_KEY, w.token);
    if (w.name) this.name = w.name;
    this.setStatus('online');
    this.dispatchEvent(new CustomEvent('welcome', { detail: w }));
    for (const p of this.replay.splice(0)) this.request(p.msg).then(p.resolve, p.reject);
  }

  // A node sent us to the one that owns our game or the room we asked for.
  follow(msg) {
    const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (p) {
      this.pending.delete(msg.id);
      if (p.msg.type !== 'hello') this.replay.push(p);
    }
    this.url = msg.ws;
    this.reconnect();
  }

  // Renaming: the server takes the name at hello, so say hello again on a fresh connection.
  rename(name) {
    this.name = name;
    this.reconnect();
  }

  reconnect() {
    if (this.ws) {
      this.closedByUs = true;
      this.ws.close();
    }
    this.connect();
  }

  setStatus(s) {
    this.status = s;
    this.dispatchEvent(new CustomEvent('status', { detail: s }));
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN)
      throw Object.assign(new Error('not connected'), { code: 'offline' });
    this.ws.send(JSON.stringify(msg));
  }

  // Sends a request and resolves with the reply that echoes its id (rejects on `error`).
  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, msg });
      try {
        this.send({ ...msg, id });
      } catch (e) {
        this.pending.delete(id);
        reject(e);
      }
    });
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.type === 'redirect') {
      this.follow(msg);
      return;
    }
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      // A request may get several messages (room_created, then snapshot): the first settles it.
      this.pending.delete(msg.id);
      if (msg.type === 'error') p.reject(Object.assign(new Error(msg.message || msg.code), msg));
      else p.resolve(msg);
    } else if (msg.type === 'error') {
      this.dispatchEvent(new CustomEvent('server-error', { detail: msg }));
    }
    this.dispatchEvent(new CustomEvent('message', { detail: msg }));
    this.dispatchEvent(new CustomEvent(msg.type, { detail: msg }));
  }

  // Resolves once a welcome arrived (now or after the next connect).
  ready() {
    if (this.welcome) return Promise.resolve(this.welcome);
    return new Promise((resolve) =>
      this.addEventListener('welcome', (e) => resolve(/** @type {CustomEvent} */ (e).detail), { once: true }),
    );
  }
}

function defaultUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws`;
}
