// Keeps each room's view in step with the server: snapshots replace it, patches apply in
// version order, and a gap or a patch that does not apply asks for a fresh snapshot.
// Each room also keeps its history: every event of the game (snapshots bring the whole log,
// patches add theirs) and the last chat lines (snapshots bring the last 100), so a reload,
// a reconnect or a late spectator shows the same log and chat as everyone else.

import { applyPatch } from './patch.js';

export const CHAT_KEEP = 100;

export class RoomStore extends EventTarget {
  constructor(conn) {
    super();
    this.conn = conn;
    this.rooms = new Map(); // id -> {version, view, log: [event], chat: [{from,name,text,time}]}
    conn.addEventListener('snapshot', (e) => this.onSnapshot(e.detail));
    conn.addEventListener('patch', (e) => this.onPatch(e.detail));
    conn.addEventListener('chat', (e) => this.onChat(e.detail));
    conn.addEventListener('kicked', (e) => { this.rooms.delete(e.detail.room); this.emit(e.detail.room, { kicked: true }); });
  }

  get(id) { return this.rooms.get(id); }

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

  onPatch(msg) {
    const cur = this.rooms.get(msg.room);
    if (!cur) return;
    if (msg.version <= cur.version) return; // already have it (snapshot raced the patch)
    if (msg.version !== cur.version + 1) { this.resync(msg.room); return; }
    try {
      cur.view = applyPatch(cur.view, msg.patch);
      cur.version = msg.version;
    } catch (err) {
      console.warn('patch failed, asking for a snapshot', err);
      this.resync(msg.room);
      return;
    }
    const events = msg.events || [];
    cur.log.push(...events);
    this.emit(msg.room, { events });
  }

  onChat(msg) {
    const cur = this.rooms.get(msg.room);
    const line = { from: msg.from, name: msg.name, text: msg.text, time: msg.time };
    if (cur) {
      cur.chat.push(line);
      if (cur.chat.length > CHAT_KEEP) cur.chat.splice(0, cur.chat.length - CHAT_KEEP);
    }
    this.emit(msg.room, { chat: line });
  }

  resync(room) {
    this.conn.request({ type: 'snapshot', room }).catch(() => {});
  }

  emit(room, detail) {
    this.dispatchEvent(new CustomEvent('change', { detail: { room, ...detail } }));
  }
}
