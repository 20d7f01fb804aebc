// @ts-check
// Tells the server which room this tab shows (the `watch` message, docs/protocol.md), so that
// no turn notice or mail goes out while the player is looking at the game: after each welcome (a
// new connection counts as watching all its rooms) and on every change of screen. And whether
// the tab is visible at all (`visibility`, the Page Visibility API): a tab left open in the
// background watches nothing, so its player is told of their turn.

/** @import { Connection } from './net.js' */

/** @param {Connection} conn */
export function reportWatching(conn) {
  const tell = () => {
    if (conn.status !== 'online') return; // the next welcome tells
    const m = location.hash.match(/^#\/room\/([^/]+)$/);
    conn.request({ type: 'watch', room: m ? decodeURIComponent(m[1]) : null }).catch(() => {});
  };
  const tellVisibility = () => {
    if (conn.status !== 'online') return;
    conn.request({ type: 'visibility', visible: document.visibilityState === 'visible' }).catch(() => {});
  };
  conn.addEventListener('welcome', () => {
    tell();
    tellVisibility();
  });
  window.addEventListener('hashchange', tell);
  document.addEventListener('visibilitychange', tellVisibility);
}
