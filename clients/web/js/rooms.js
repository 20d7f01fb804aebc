// Keeps each room's view in step with the server: snapshots replace it, patches apply in
// version order, and a gap or a patch that does not apply asks for a fresh snapshot.

import { applyPatch } from './patch.js';

export class RoomStore extends EventTarget {
  constructor(conn) {
    super();
    this.conn = conn;
    this.rooms = new Map(); // id -> {version, view}
    conn.addEventListener('snapshot', (e) => this.onSnapshot(e.detail));
    conn.addEventListener('patch', (e) => this.onPatch(e.detail));
    conn.addEventListener('chat', (e) => this.emit(e.detail.room, { chat: e.detail }));
    conn.addEventListener('kicked', (e) => { this.rooms.delete(e.detail.room); this.emit(e.detail.room, { kicked: true }); });
  }

  get(id) { return this.rooms.get(id); }

  onSnapshot(msg) {
    if (!msg.room || !msg.view) return;
    this.rooms.set(msg.room, { version: msg.version, view: msg.view });
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
    this.emit(msg.room, { events: msg.events || [] });
  }

  resync(room) {
    this.conn.request({ type: 'snapshot', room }).catch(() => {});
  }

  emit(room, detail) {
    this.dispatchEvent(new CustomEvent('change', { detail: { room, ...detail } }));
  }
}
