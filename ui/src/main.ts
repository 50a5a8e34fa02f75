// The app's UI: loads the catalogue and settings, then shows Home.
import { call } from './api';
import { setLanguage } from './i18n/index';
import { endScreen } from './screens/end';
import { gameScreen } from './screens/game';
import { galleryScreen } from './screens/gallery';
import { historyScreen } from './screens/history';
import { statsScreen } from './screens/stats';
import { homeScreen } from './screens/home';
import { lanScreen } from './screens/lan';
import { gameInAddress, go, setScreens } from './screens/nav';
import { newGameScreen } from './screens/newgame';
import { replayScreen } from './screens/replay';
import { rulesScreen } from './screens/rules';
import { profilesScreen } from './screens/profiles';
import { settingsScreen } from './screens/settings';
import { tableScreen } from './screens/table';
import { tableLanguage } from './table/join';
import { routeFor } from './tutorial/start';
import { errorText, showError, toast } from './screens/toast';
import { installKeyboardFocus } from './screens/keyboard-focus';
import { keepSoundInBrowser } from './sound/level';
import { app, applySettings } from './state';

window.addEventListener('error', (ev) => {
  toast(errorText(ev.error ?? ev.message));
});
window.addEventListener('unhandledrejection', (ev) => {
  showError(ev.reason);
});

async function start(): Promise<void> {
  installKeyboardFocus();
  const root = document.getElementById('app');
  if (!root) return;
  // A page served by a LAN table (`/?room=CODE`): only the table, as a guest of its host.
  const params = new URLSearchParams(location.search);
  const room = params.get('room');
  const atTable = room !== null;
  try {
    const [info, tiles, settings] = await Promise.all([
      call('app_info'),
      call('tiles'),
      atTable ? Promise.resolve(null) : call('settings').catch((e: unknown) => (showError(e), null)),
    ]);
    app.info = info;
    for (const tile of tiles) app.tiles.set(tile.id, tile);
    if (settings) app.settings = settings;
    if (atTable) {
      keepSoundInBrowser();
      keepTablePage();
    }
    // the phone page has no Settings: the language its browser chose, else the system's
    setLanguage(atTable ? tableLanguage() : app.settings.language);
    applySettings();
  } catch (e) {
    showError(e);
    root.textContent = errorText(e);
    return;
  }
  setScreens(root, {
    home: (r) => homeScreen(r),
    profiles: (r) => profilesScreen(r),
    'new-game': (r, route) => newGameScreen(r, route),
    game: (r, route) => gameScreen(r, route),
    end: (r, route) => endScreen(r, route),
    settings: (r) => settingsScreen(r),
    gallery: (r) => galleryScreen(r),
    rules: (r, route) => rulesScreen(r, route),
    lan: (r) => lanScreen(r),
    history: (r) => historyScreen(r),
    stats: (r, route) => statsScreen(r, route.profile),
    replay: (r, route) => replayScreen(r, route),
    table: (r, route) => tableScreen(r, route),
  });
  document.body.dataset.ready = 'true';
  if (atTable) go({ name: 'table', room: room ?? '', admin: params.get('admin'), address: null });
  else await resumeOrHome();
  // When the first screen was painted (a frame after it was built), as a wall-clock time in ms:
  // scripts/app-memory.sh's start-up figure, read against the process's start.
  requestAnimationFrame(() => requestAnimationFrame(() => (document.body.dataset.painted = String(Math.round(performance.timeOrigin + performance.now())))));
}

/**
 * A table's page keeps its files in a service worker, so a reload on a flaky Wi-Fi or a start
 * from the home-screen icon still shows it (static/sw.js). Browsers allow one only on a secure
 * origin: a table reached over HTTPS, or on this machine.
 */
function keepTablePage(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('sw.js').catch(() => {
    // the page works without it: only the offline copy is missing
  });
}

/** A reload comes back to the game it left (kept in the address), else Home. */
async function resumeOrHome(): Promise<void> {
  const id = gameInAddress();
  if (id === null) return go({ name: 'home' });
  try {
    go(await routeFor(await call('open_game', { game: id })));
  } catch (e) {
    go({ name: 'home' });
    showError(e);
  }
}

void start();
