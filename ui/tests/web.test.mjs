// The offline web app (issue 32): the app's API in WebAssembly in a Web Worker, its store kept
// in IndexedDB, every file kept by a service worker. Served as the static folder `make web`
// builds (WEB_APP, default ../target/web-app) by a plain static server on 127.0.0.1.
// Run: make web && cd ui && node --test tests/web.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { join, resolve } from 'node:path';
import { start } from './serve.mjs';
import { UI, launchBrowser, openApp, playTurn, tid, visibleSpotIndex, waitForHuman } from './harness.mjs';

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

    // a profile made offline: the quick game seats it, its statistics count the game
    await tid(page, 'home-profiles').click();
    await tid(page, 'profile-name').fill('Zoé');
    await tid(page, 'profile-create').click();
    await tid(page, 'profile-item').waitFor();
    await tid(page, 'back').click();
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
    assert.match(await tid(again, 'history-item').first().textContent(), /Zoé/);

    // the finished game in its player's statistics, still offline
    await tid(again, 'back').click();
    await tid(again, 'home-profiles').click();
    await tid(again, 'profile-stats').click();
    await again.locator('[data-testid="stats"][data-ready="true"]').waitFor();
    const [zoe] = view.seats.filter((s) => s.name === 'Zoé');
    const played = await again.locator('[data-testid="stats-summary"] [data-stat="played"] .stat-v').textContent();
    assert.equal(played, '1', 'one game played');
    const best = await tid(again, 'stats-best').locator('.stat-v').textContent();
    assert.equal(Number(best), zoe.score, 'her score in the game is her best');
    await again.screenshot({ path: join(UI, 'tests', 'artifacts', 'web-offline-stats.png') });
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

/** Plays the person's decision on screen: a cell in sight and confirm, or the first choice. */
async function playDecision(page) {
  const mode = await waitForHuman(page);
  if (mode === 'place') {
    await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
    await tid(page, 'confirm').click();
  } else if (mode === 'choose') {
    await tid(page, 'choice').first().click();
  } else return mode;
  await page.waitForFunction(() => document.querySelector('[data-testid="game"]')?.dataset.busy !== 'true' || !!document.querySelector('[data-testid="end-screen"]'));
  return mode;
}

test('every expansion on a phone: set up on the new-game screen, played on the board against a bot, ended by the same engine', { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(browser, server.url, PHONE.viewport, PHONE);
  try {
    await tid(page, 'home-new-game').click();
    await page.locator('.new-game[data-ready="true"]').waitFor();
    await tid(page, 'seat-select').nth(0).selectOption('guest:');
    await tid(page, 'seat-select').nth(1).selectOption('bot:easy');
    const boxes = await page.locator('[data-testid^="set-"]').all();
    assert.ok(boxes.length >= 10, 'every expansion has a box');
    // on a phone the start bar stays at the foot of the screen: each box is brought to the middle
    const middle = (l) => l.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    for (const cb of boxes) if (!(await cb.isChecked())) await middle(cb).then(() => cb.check());
    await middle(tid(page, 'set-siege')).then(() => tid(page, 'set-siege').uncheck()); // the Cathars and the Siege are alternatives
    const discard = tid(page, 'option-river_with_city_discard'); // River II with the City: its discard rule
    await middle(discard).then(() => discard.selectOption('true'));
    await page.locator('[data-testid="setup-problems"][data-state="ok"]').waitFor();
    await tid(page, 'start-game').click();
    await tid(page, 'board').waitFor();

    const modes = [];
    while (modes.filter((m) => m === 'place').length < 4) {
      const m = await playDecision(page);
      if (m === 'end' || m === 'over') break;
      modes.push(m);
    }
    assert.ok(modes.filter((m) => m === 'place').length >= 4, `the person placed tiles (${modes})`);
    await page.screenshot({ path: join(UI, 'tests', 'artifacts', 'web-every-set.png') });
    await page.close();

    const api = await workerApi(await context.newPage());
    const unfinished = await api('unfinished_games');
    assert.equal(unfinished.length, 1, 'the game on the board');
    let view = await api('open_game', { game: unfinished[0].id });
    const sets = (list) => list.filter((e) => e !== 'base' && e !== 'siege').sort();
    assert.deepEqual(sets(view.sets), sets((await api('app_info')).expansions.map((e) => e.id)), 'every set but the Siege');
    while (view.pending) {
      view = view.pending.by_bot
        ? (await api('bot_move', { game: view.id })).view
        : (await api('play', { game: view.id, seat: view.pending.decision.seat, state: view.state, action: firstMove(view) })).view;
    }
    assert.ok(view.over, 'the game ended');
    assert.equal(view.tiles_left, 0, 'every tile was played or discarded');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('installable: chromium finds the manifest, its icons and the service worker enough to install the app', { timeout: 60000 }, async () => {
  // a browser profile on disk: chromium never offers to install from a private (incognito) window
  const profile = mkdtempSync(join(tmpdir(), 'carcassonne-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'], ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await tid(page, 'home').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'no reason not to install');
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'the manifest parses');
    assert.equal(JSON.parse(manifest.data).display, 'standalone');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
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
      // V8 runs a module first from its baseline compiler and swaps in optimised code in the
      // background: the first playouts are 4-5x slower, so time only after a long warm-up
      const batch = (n) => {
        const t = performance.now();
        const actions = instance.exports.web_random_playouts(n);
        return { us: ((performance.now() - t) * 1000) / n, actions: actions / n };
      };
      const cold = batch(50);
      batch(1000);
      const runs = Array.from({ length: 7 }, () => batch(300)).sort((x, y) => x.us - y.us);
      return { cold: cold.us, us: runs[3].us, actions: runs[3].actions };
    });
    assert.ok(perPlayout.actions > 50, 'whole games were played');
    console.log(`web app: ${perPlayout.us.toFixed(1)} µs per random base playout in chromium, median of 7 runs of 300 after a warm-up (the first 50: ${perPlayout.cold.toFixed(1)} µs; ${perPlayout.actions.toFixed(0)} actions)`);
  } finally {
    await context.close();
  }
});
