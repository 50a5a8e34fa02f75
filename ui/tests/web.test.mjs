// The offline web app (issue 32): the app's API in WebAssembly in a Web Worker, its store kept
// in IndexedDB, every file kept by a service worker. Served as the static folder `make web`
// builds (WEB_APP, default ../target/web-app) by a plain static server on 127.0.0.1.
// Run: make web && cd ui && node --test tests/web.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { start } from './serve.mjs';
import { UI, launchBrowser, openApp, playTurn, tid, waitForHuman } from './harness.mjs';

const WEB_APP = process.env.WEB_APP ?? resolve(UI, '..', 'target', 'web-app');
const GOLDEN = resolve(UI, '..', 'tests', 'golden');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let server;
let browser;
before(async () => {
  assert.ok(existsSync(join(WEB_APP, 'carcassonne.wasm')), `${WEB_APP} holds the web app (make web)`);
  server = await start(0, WEB_APP);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The app's API through a worker of its own, in a page of the site that runs no app (so no
 * other worker holds the store meanwhile). */
async function workerApi(page) {
  await page.goto(`${server.url}/manifest.webmanifest`);
  await page.evaluate(() => {
    const w = new Worker('worker.js', { type: 'module' });
    let next = 1;
    const waiting = new Map();
    w.onmessage = (e) => {
      const p = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (e.data.ok) p.resolve(e.data.value);
      else p.reject(new Error(JSON.stringify(e.data.error)));
    };
    window.__api = (cmd, req) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, cmd, args: req === undefined ? undefined : { req } });
      });
  });
  return (cmd, req) => page.evaluate(([c, r]) => window.__api(c, r ?? undefined), [cmd, req ?? null]);
}

/** The first legal move of the pending decision (a placement, else the first choice). */
function firstMove(view) {
  const p = view.pending;
  if (p.placements.length) return { type: 'place', at: p.placements[0].at, rotation: p.placements[0].rotations[0] };
  return p.choices[0].action;
}

test('offline on a phone: a game against a bot, reloaded mid-game with the network off, finished, in the statistics', { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(browser, server.url, PHONE.viewport, PHONE);
  try {
    assert.equal(await tid(page, 'home-lan').count(), 0, 'no network tables in the web app');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now the service worker answers this page
    await tid(page, 'home').waitFor();
    await context.setOffline(true);

    await tid(page, 'quick-level').selectOption('easy');
    await tid(page, 'quick-bot').click();
    for (let i = 0; i < 3; i++) {
      await playTurn(page, i === 0);
      await waitForHuman(page);
    }
    const before = Number(await tid(page, 'game').getAttribute('data-state'));
    assert.ok(before >= 6, `turns were played (state ${before})`);

    await page.reload(); // offline: every file from the service worker, the game from IndexedDB
    await waitForHuman(page); // the address keeps the game's screen
    assert.equal(Number(await tid(page, 'game').getAttribute('data-state')), before, 'the reloaded game is where it was');
    await playTurn(page, false);
    await page.screenshot({ path: join(UI, 'tests', 'artifacts', 'web-offline-game.png') });
    await page.close();

    // the rest of the game through the same engine, in a page of the same site (same store)
    const api = await workerApi(await context.newPage());
    const [game] = await api('unfinished_games');
    let view = await api('open_game', { game: game.id });
    while (view.pending) {
      view = view.pending.by_bot
        ? (await api('bot_move', { game: view.id })).view
        : (await api('play', { game: view.id, seat: view.pending.decision.seat, state: view.state, action: firstMove(view) })).view;
    }
    assert.ok(view.over);

    const again = await context.newPage();
    await again.goto(`${server.url}/`);
    await tid(again, 'home').waitFor();
    await tid(again, 'home-history').click();
    await again.locator('[data-testid="history-item"]').first().waitFor();
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('the WebAssembly engine plays every golden record to its expected scores', { timeout: 300000 }, async () => {
  const context = await browser.newContext();
  try {
    const api = await workerApi(await context.newPage());
    const files = readdirSync(GOLDEN).filter((f) => f.endsWith('.json'));
    assert.ok(files.length > 50, 'the golden records');
    for (const file of files) {
      const record = JSON.parse(readFileSync(join(GOLDEN, file), 'utf8'));
      const imported = await api('import_record', { json: JSON.stringify(record) });
      const view = await api('game_view', { game: imported.game });
      const scores = view.seats.map((s) => s.score);
      assert.deepEqual(scores, record.expected.scores, file);
    }
  } finally {
    await context.close();
  }
});

test('a page benchmark: random playouts in WebAssembly', { timeout: 120000 }, async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const perPlayout = await page.evaluate(async () => {
      const { instance } = await WebAssembly.instantiate(await (await fetch('carcassonne.wasm')).arrayBuffer(), {
        carcassonne: { monotonic_ms: () => performance.now(), wall_ms: () => Date.now(), entropy: () => 2 },
      });
      instance.exports.web_random_playouts(50); // warm-up
      const t = performance.now();
      const actions = instance.exports.web_random_playouts(500);
      return { us: ((performance.now() - t) * 1000) / 500, actions: actions / 500 };
    });
    assert.ok(perPlayout.actions > 50, 'whole games were played');
    console.log(`web app: ${perPlayout.us.toFixed(1)} µs per random base playout in chromium (${perPlayout.actions.toFixed(0)} actions)`);
  } finally {
    await context.close();
  }
});
