// The web app's service worker: every file of the app is kept at install, so it starts from
// the home-screen icon with the network off. The kept copy answers first (the app is the
// same until a new version is put on the server); a new version (another VERSION, written by
// the build from the files' bytes) is fetched whole in the background and replaces the old
// one at the next start, never half of it.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `carcassonne-web-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('carcassonne-web-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const key = request.mode === 'navigate' ? new URL('./', self.location.href).href : request;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(key, { ignoreSearch: true })) ?? fetch(request)),
  );
});
