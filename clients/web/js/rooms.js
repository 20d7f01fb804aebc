// @ts-check
// Keeps each room's view in step with the server: snapshots replace it, patches apply in
// version order, and a gap or a patch that does not apply asks for a fresh snapshot.
// Each room also keeps its history: every event of the game (snapshots bring the whole log,
// patches add theirs) and the last chat lines (snapshots bring the last 100), so a reload,
// a reconnect or a late spectator shows the same log and chat as everyone else. When a patch
// shows that the server moved for a seat whose time ran out (view.game.clock.timeouts), the
// history gets a `clock_timeout` event of the client's own at that point.

import { applyPatch } from './patch.js';

/** @import { RoomState, GameEvent, View, Clock } from './types.js' */

export const CHAT_KEEP = 100;

/**
 * The seats for which the server moved between two clocks (view.game.clock.timeouts counts them).
 * @param {Clock | null | undefined} before
 * @param {Clock | null | undefined} after
 * @returns {number[]}
 */
export function newTimeouts(before, after) {
  const a = before?.timeouts || [],
    b = after?.timeouts || [];
  /** @type {number[]} */
  const out = [];
  b.forEach((n, seat) => {
    if (n > (a[seat] || 0)) out.push(seat);
  });
  return out;
}

/**
 * The client's own events for those timeouts, worded by log-text.js like the server's.
 * @param {View} before
 * @param {View} after
 * @returns {GameEvent[]}
 */
export function timeoutEvents(before, after) {
  const forfeit = after.room?.settings?.clock?.on_timeout === 'forfeit';
  return newTimeouts(before.game?.clock, after.game?.clock).map((player) => ({
    type: 'clock_timeout',
    player,
    forfeit,
  }));
}

export class RoomStore extends EventTarget {
  /** @param {import('./net.js').Connection} conn */
  constructor(conn) {
    super();
    this.conn = conn;
    /** @type {Map<string, RoomState>} */
    this.rooms = new Map();
    const on = (/** @type {string} */ type, /** @type {(msg: any) => void} */ fn) =>
      conn.addEventListener(type, (e) => fn(/** @type {CustomEvent} */ (e).detail));
    on('snapshot', (msg) => this.onSnapshot(msg));
    on('patch', (msg) => this.onPatch(msg));
    on('chat', (msg) => this.onChat(msg));
    on('chat_removed', (msg) => this.onChatRemoved(msg));
    on('kicked', (msg) => {
      this.rooms.delete(msg.room);
      this.emit(msg.room, { kicked: true });
    });
  }

  /** @param {string} id */
  get(id) {
    return this.rooms.get(id);
  }

  /** @param {any} msg */
  onSnapshot(msg) {
    if (!msg.room || !msg.view) return;
    const old = this.rooms.get(msg.room);
    this.rooms.set(msg.room, {
      version: msg.version,
      view: msg.view,
      // Servers before the history change send neither: keep what we had.
      log: Array.isArray(msg.log) ? msg.log.slice() : old?.log || [],
      chat: Array.isArray(msg.chat) ? msg.chat.slice(-CHAT_KEEP) : old?.chat || [],
    });
    this.emit(msg.room, { snapshot: true });
  }

  /** @param {any} msg */
  onPatch(msg) {
    const cur = this.rooms.get(msg.room);
    if (!cur) return;
    if (msg.version <= cur.version) return; // already have it (snapshot raced the patch)
    if (msg.version !== cur.version + 1) {
      this.resync(msg.room);
      return;
    }
    const before = cur.view;
    try {
      cur.view = applyPatch(cur.view, msg.patch);
      cur.version = msg.version;
    } catch (err) {
      console.warn('patch failed, asking for a snapshot', err);
      this.resync(msg.room);
      return;
    }
    const events = [...(msg.events || []), ...timeoutEvents(before, cur.view)];
    cur.log.push(...events);
    this.emit(msg.room, { events });
  }

  /** @param {any} msg */
  onChat(msg) {
    const cur = this.rooms.get(msg.room);
    const line = { from: msg.from, name: msg.name, text: msg.text, time: msg.time };
    if (cur) {
      cur.chat.push(line);
      if (cur.chat.length > CHAT_KEEP) cur.chat.splice(0, cur.chat.length - CHAT_KEEP);
    }
    this.emit(msg.room, { chat: line });
  }

  /**
   * The operator removed a line (docs/moderation.md): it stays, shown removed, without its text.
   * A new array, so the chat is drawn again; the line keeps its identity, so it is not news.
   * @param {any} msg
   */
  onChatRemoved(msg) {
    const cur = this.rooms.get(msg.room);
    if (!cur) return;
    for (const line of cur.chat) {
      if (line.from !== msg.from || line.time !== msg.time) continue;
      line.removed = true;
      delete line.text;
    }
    cur.chat = cur.chat.slice();
    this.emit(msg.room, {});
  }

  /** @param {string} room */
  resync(room) {
    this.conn.request({ type: 'snapshot', room }).catch(() => {});
  }

  /**
   * Tells the screens: `change` with {room, snapshot?, events?, chat?, kicked?}.
   * @param {string} room
   * @param {{ snapshot?: boolean, events?: GameEvent[], chat?: import('./types.js').ChatLine, kicked?: boolean }} detail
   */
  emit(room, detail) {
    this.dispatchEvent(new CustomEvent('change', { detail: { room, ...detail } }));
  }
}
