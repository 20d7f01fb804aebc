// The service worker's push and notification handlers (loaded by service-worker.js).
