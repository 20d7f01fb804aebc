// @ts-check
// Tells the server which room this tab shows (the `watch` message, docs/protocol.md), so that
// no turn notice or mail goes out while the player is looking at the game: after each welcome (a
// new connection counts as watching all its rooms) and on every change of screen.

/** @import { Connection } from './net.js' */

/** @param {Connection} conn */
export function reportWatching(conn) {
  const tell = () => {
    if (conn.status !== 'online') return; // the next welcome tells
    const m = location.hash.match(/^#\/room\/([^/]+)$/);
    conn.request({ type: 'watch', room: m ? decodeURIComponent(m[1]) : null }).catch(() => {});
  };
  conn.addEventListener('welcome', tell);
  window.addEventListener('hashchange', tell);
}
