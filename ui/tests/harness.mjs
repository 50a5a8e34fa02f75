// Test harness for the app's UI: a real UI server (real API, real SQLite file in a fresh
// temporary directory) and Debian's chromium driven by playwright-core, plus game helpers.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const UI = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const ARTIFACTS = join(UI, 'tests', 'artifacts');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
mkdirSync(ARTIFACTS, { recursive: true });

/**
 * Starts `carcassonne-ui-server` on a free port with a fresh data directory.
 * Returns { url, api(cmd, req), stop() }. The server stops when its stdin closes.
 */
export async function startServer(extraArgs = [], { data: given } = {}) {
  const bin = process.env.UI_SERVER_BIN ? resolve(process.env.UI_SERVER_BIN) : resolve(UI, '..', 'target', 'release', 'carcassonne-ui-server');
  // `data`: the folder of an app that stopped, to start it again on the same files.
  const data = given ?? mkdtempSync(join(tmpdir(), 'carcassonne-ui-test-'));
  const proc = spawn(bin, ['--data', data, '--dist', join(UI, 'dist'), '--port', '0', ...extraArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
  // A test that fails before it stops its server must not keep the test file running: the
  // server does not hold node's event loop, and quits by itself when node exits (its input
  // closes, as in `stop`).
  proc.unref();
  for (const stream of [proc.stdin, proc.stdout, proc.stderr]) stream.unref();
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((done) => proc.on('exit', done));
  const url = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the UI server did not start in time: ${stderr}`)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    proc.on('error', (e) => {
      clearTimeout(timer);
      fail(new Error(`cannot start ${bin}: ${e.message} (build it: cargo build --release -p carcassonne-ui-server)`));
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the UI server exited (${code}): ${stderr}`));
    });
  });
  // The API answers only the page the server serves: take this run's token from it as the
  // page does (ui/src/api.ts).
  const page = await (await fetch(`${url}/`)).text();
  const token = page.match(/<meta name="carcassonne-api-token" content="([0-9a-f]+)">/)?.[1];
  if (!token) throw new Error(`the UI server's page carries no API token: ${page.slice(0, 300)}`);
  /** Calls a command of the API over HTTP, as the UI does in a browser. */
  const api = async (cmd, req) => {
    const res = await fetch(`${url}/api/${cmd}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-carcassonne-token': token },
      body: JSON.stringify(req === undefined ? {} : { req }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${cmd}: ${body.message ?? JSON.stringify(body)}`);
    return body;
  };
  /** Quits the app; `keep` leaves its files for an app started again on them. */
  const stop = async ({ keep = false } = {}) => {
    proc.stdin.end();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    if (!keep) rmSync(data, { recursive: true, force: true });
  };
  return { url, api, stop, data };
}

/** A server whose bots move at once and whose board does not animate (tests about play). */
export async function startFastServer(extraArgs = []) {
  const srv = await startServer(extraArgs);
  const settings = await srv.api('settings');
  await srv.api('save_settings', { ...settings, bot_delay_ms: 0, animation: 0 });
  return srv;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    // the tests read English: a system in another language must not change that (a context's locale still can)
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--lang=en-US'],
  });
}

/** A new page on the app's Home screen; `errors` collects page errors and failed console output. */
export async function openApp(browser, url, viewport = DESKTOP, extra = {}) {
  const context = await browser.newContext({ viewport, ...extra });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // a refused command is an HTTP 422 that chromium logs; the UI shows those in toasts
    if (m.type() === 'error' && !/status of 422/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  await page.goto(`${url}/`);
  await page.getByTestId('home').waitFor();
  return { page, errors, context, close: () => context.close() };
}

export const tid = (page, id) => page.locator(`[data-testid="${id}"]`);

/** Profiles and a started game through the API (for tests that are not about setting up). */
export async function quickGame(api, { names = ['Ann', 'Bob'], bots = [], sets = [], seed = null } = {}) {
  const info = await api('app_info');
  const colours = info.colours;
  const existing = await api('profiles');
  const seats = [];
  let c = 0;
  for (const name of names) {
    let p = existing.find((x) => x.profile.name === name)?.profile;
    if (!p) p = await api('create_profile', { name, colour: colours[c] });
    c++;
    seats.push({ type: 'human', profile: p.id });
  }
  for (const bot of bots) seats.push({ type: 'bot', bot, colour: colours[c++] });
  const options = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  return api('new_game', { seats, order: 'as_listed', sets, options, seed });
}

/** The game screen's state number (actions applied). */
export async function gameState(page) {
  return Number(await tid(page, 'game').getAttribute('data-state'));
}

/** Waits until a person decides (placing or choosing) or the game ended; returns the mode. */
export async function waitForHuman(page, timeout = 60000) {
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="end-screen"]')) return 'end';
      const g = document.querySelector('[data-testid="game"]');
      if (!g || g.dataset.busy === 'true') return false;
      const m = g.dataset.mode;
      return m === 'place' || m === 'choose' || m === 'over' ? m : false;
    },
    null,
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

/** Index of a legal cell fully inside the visible board (dragging the board if none is). */
export async function visibleSpotIndex(page) {
  const find = async () => {
    await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
    return page.evaluate(() => {
      const board = document.querySelector('[data-testid="board"]').getBoundingClientRect();
      const spots = [...document.querySelectorAll('[data-testid="spot"]')];
      const inside = (r) => r.left >= board.left + 4 && r.top >= board.top + 48 && r.right <= board.right - 64 && r.bottom <= board.bottom - 4;
      const i = spots.findIndex((s) => inside(s.getBoundingClientRect()));
      if (i >= 0) return { i };
      const r = spots[0]?.getBoundingClientRect();
      if (!r) return { i: -1 };
      // how far the first cell is from the middle of the board
      return { i: -1, dx: board.left + board.width / 2 - (r.left + r.width / 2), dy: board.top + board.height / 2 - (r.top + r.height / 2), cx: board.left + board.width / 2, cy: board.top + board.height / 2, w: board.width, h: board.height };
    });
  };
  let f = await find();
  for (let tries = 0; f.i < 0 && f.dx !== undefined && tries < 12; tries++) {
    // drag the board by at most a third of its size at a time, from its middle
    const dx = Math.max(-f.w / 3, Math.min(f.w / 3, f.dx));
    const dy = Math.max(-f.h / 3, Math.min(f.h / 3, f.dy));
    await page.mouse.move(f.cx, f.cy);
    await page.mouse.down();
    await page.mouse.move(f.cx + dx, f.cy + dy, { steps: 4 });
    await page.mouse.up();
    f = await find();
  }
  if (f.i < 0) throw new Error('no legal cell on screen');
  return f.i;
}

/** A game of two random bots (Inns & Cathedrals, King & Robber) played through the API for `n` actions (all of it by default). */
export async function botGame(api, n = Infinity, seed = 11) {
  const info = await api('app_info');
  let view = await api('new_game', {
    seats: [0, 1].map((i) => ({ type: 'bot', bot: 'random', colour: info.colours[i] })),
    order: 'as_listed',
    sets: ['inns_cathedrals', 'king_robber'],
    options: Object.fromEntries(info.options.map((o) => [o.key, o.default])),
    seed,
  });
  for (let i = 0; i < n && view.pending; i++) view = (await api('bot_move', { game: view.id })).view;
  return view;
}

/**
 * What is cut off on the page: the page wider than the screen, and any element showing text
 * whose content is wider than its box where the box hides the rest (or ends it with "…"); the
 * players' names aside. `root`: where to look (the screen by default; a window over it).
 */
export async function clipped(page, root = '#app') {
  return page.evaluate((root) => {
    const out = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`page ${document.documentElement.scrollWidth}px wide > ${window.innerWidth}px`);
    for (const e of document.querySelectorAll(`${root} *`)) {
      // a player's name is the player's own: a long one ends in "…" in any language
      // (and text only a screen reader reads: it is hidden on purpose)
      if (!(e instanceof HTMLElement) || !e.offsetParent || !e.innerText?.trim() || e.classList.contains('name') || e.closest('.sr-only')) continue;
      const s = getComputedStyle(e);
      const hides = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
      if (hides && e.scrollWidth > e.clientWidth + 1 && s.overflowX !== 'auto' && s.overflowX !== 'scroll')
        out.push(`${e.tagName.toLowerCase()}.${e.className} “${e.innerText.trim().slice(0, 40)}” ${e.scrollWidth}px in ${e.clientWidth}px`);
    }
    return out;
  }, root);
}

/** Plays a person's turn through the board: a legal cell on screen, the first follower choice when `deploy`, confirm. */
export async function playTurn(page, deploy) {
  assert.equal(await waitForHuman(page), 'place');
  await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
  await tid(page, 'confirm').waitFor();
  await page.locator('[data-testid="follower-choice"]').first().waitFor();
  if (deploy) await page.locator('[data-testid="follower-choice"]').first().click();
  const state = Number(await tid(page, 'game').getAttribute('data-state'));
  await tid(page, 'confirm').click();
  await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s, state);
}

/** A table game screen's mode and state on a page ('place', 'wait', 'over', … 'end', or 'busy'). */
export const tableMode = (page) =>
  page.evaluate(() => {
    if (document.querySelector('[data-testid="table-end"]')) return { mode: 'end', state: -1 };
    const g = document.querySelector('[data-testid="game"]');
    if (!g || g.dataset.busy === 'true') return { mode: 'busy', state: -1 };
    return { mode: g.dataset.mode, state: Number(g.dataset.state) };
  });

/** A legal cell whose centre is not covered by anything (the LAN bar, the prompt). */
export async function clickableSpot(page) {
  await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
  const i = await page.evaluate(() => {
    const spots = [...document.querySelectorAll('[data-testid="spot"]')];
    return spots.findIndex((s) => {
      const r = s.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === s || s.contains(hit));
    });
  });
  if (i >= 0) return i;
  await tid(page, 'centre').click();
  await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
  return 0;
}

/** A new browser context at `viewport` (and `extra` context options) opened on `url`, its page errors collected. */
export async function openGuest(browser, url, viewport, extra = {}) {
  const context = await browser.newContext({ viewport, ...extra });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return { page, errors, context };
}

/** Takes a seat at the table on the join screen as `name`, and waits for the lobby. */
export async function takeSeat(page, name) {
  await tid(page, 'table-name').fill(name);
  await tid(page, 'table-play').click();
  await tid(page, 'lobby').waitFor();
}

/** One turn at a table on whichever page must act: a cell, sometimes a follower, Confirm (false: the game is over). */
export async function playTableTurn(pages, turn) {
  for (;;) {
    for (const page of pages) {
      const m = await tableMode(page);
      if (m.mode === 'end') return false;
      if (m.mode === 'place') {
        const i = await clickableSpot(page);
        await tid(page, 'spot').nth(i).click();
        await page.locator('[data-testid="follower-row"], .follower-row:not(.loading)').first().waitFor();
        if (turn % 4 === 0 && (await tid(page, 'follower-spot').count()) > 0) await tid(page, 'follower-spot').first().click();
        await tid(page, 'confirm').click();
        await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]')?.dataset.state ?? s) > s || !!document.querySelector('[data-testid="table-end"]'), m.state, { timeout: 30000 });
        return true;
      }
      if (m.mode === 'choose') {
        await tid(page, 'choice').first().click();
        return true;
      }
    }
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** The state number every page shows, once they all show the same one and none is waiting for
 * its own move. A turn reaches the pages one message at a time (a placement, then a
 * deployment), so one page's number alone may be a message behind the other's. */
export async function agreed(pages, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  let seen = [];
  while (Date.now() < end) {
    seen = await Promise.all(
      pages.map((p) =>
        p.evaluate(() => {
          const g = document.querySelector('[data-testid="game"]');
          return g && g.dataset.busy !== 'true' ? Number(g.dataset.state) : null;
        }),
      ),
    );
    if (seen[0] !== null && seen.every((s) => s === seen[0])) return seen[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the pages did not come to the same state in ${timeoutMs} ms: ${JSON.stringify(seen)}`);
}

/** French punctuation set the English way on the page: “Roi:” or “Roi :” where French puts a no-break space before “:”, “;”, “?” and “!”. */
export async function unspaced(page, root = '#app') {
  const text = await page.evaluate((r) => document.querySelector(r)?.innerText ?? '', root);
  return [...new Set(text.match(/\S{0,12}(\S|\x20)[:;?!](?=\s|$)/g) ?? [])];
}
