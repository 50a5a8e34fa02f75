// Registers the service worker that keeps the app for offline starts, and asks the browser
// to keep this site's storage (saved games) when it runs short of space.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((e) => console.warn('offline copy unavailable:', e));
}
if (navigator.storage && navigator.storage.persist) {
  navigator.storage.persist().catch(() => {});
}
