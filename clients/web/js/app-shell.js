// @ts-check
// The installable app: registers the service worker (service-worker.js) and hands it the list
// of files this page loaded before the worker controlled it, so the next visit without a network
// still opens the page. `kept` settles with how many it kept (or 0 with no service worker).

/** @returns {Promise<number>} */
export function installShell() {
  if (!('serviceWorker' in navigator)) return Promise.resolve(0);
  return navigator.serviceWorker
    .register('/service-worker.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = [
        location.pathname,
        ...performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(location.origin)),
      ];
      return new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data.count);
        registration.active?.postMessage({ type: 'keep', urls }, [channel.port2]);
      });
    })
    .catch((e) => {
      console.warn('service worker', e);
      return 0;
    });
}
