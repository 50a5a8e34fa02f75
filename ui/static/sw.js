// The table page's service worker: the page's files are kept so that a reload on a flaky
// Wi-Fi, or a start from the home-screen icon, still shows the page. The network comes first
// (a new version of the app is picked up at once); the copy is used only when it fails. The
// read-only commands the page asks at start (app_info, tiles) are kept the same way; nothing
// else the page sends is touched, and the table's WebSocket never passes here.
const CACHE = 'carcassonne-table-v1';
const SHELL = ['./', 'index.html', 'main.js', 'style.css', 'manifest.webmanifest', 'icon-192.png', 'icon-512.png'];
const KEPT_COMMANDS = ['api/app_info', 'api/tiles'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept for next time; the kept answer when the network fails. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (e) {
    const kept = await cache.match(key, { ignoreSearch: true });
    if (kept) return kept;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname.replace(/^\//, '');
  if (request.method === 'POST' && KEPT_COMMANDS.includes(path)) {
    // a POST cannot be a cache key: the answer is kept under the command's address
    event.respondWith(networkFirst(request, new Request(url.href, { method: 'GET' })));
    return;
  }
  if (request.method !== 'GET' || path === 'ws' || path.startsWith('api/')) return;
  const key = request.mode === 'navigate' ? new Request(new URL('./', self.location.href).href) : request;
  event.respondWith(networkFirst(request, key));
});
