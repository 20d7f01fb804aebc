// Minimal service worker: only Web Push (push-worker.js). The installable app's own worker
// (offline shell) takes this file's place and imports push-worker.js the same way.
importScripts('push-worker.js');
