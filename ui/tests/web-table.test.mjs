// The web app at a LAN table (issue 32): `carcassonne host --ui target/web-app` on 127.0.0.1
// serves the installable offline app (its service worker, manifest and WebAssembly by their
// media types), a phone joins the table from it, plays a whole game against the host's bot,
// and at the end its own engine replays the record and checks the draws; a game whose record
// was altered on its way to the page is caught, with the tile that differs. The checked game is
// kept in the phone's history (once, whatever reloads); the altered one is not.
// Run: make web && cargo build -p carcassonne-cli, then
//   CARCASSONNE_BIN=…/carcassonne WEB_APP=…/target/web-app node --test tests/web-table.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ARTIFACTS, UI, clickableSpot, launchBrowser, tableMode, tid } from './harness.mjs';

const WEB_APP = process.env.WEB_APP ?? resolve(UI, '..', 'target', 'web-app');
const BIN = process.env.CARCASSONNE_BIN ?? resolve(UI, '..', 'target', 'release-tests', 'carcassonne');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let browser;
const hosts = [];
before(async () => {
  assert.ok(existsSync(join(WEB_APP, 'carcassonne.wasm')), `${WEB_APP} holds the web app (make web)`);
  assert.ok(existsSync(BIN), `${BIN}: the carcassonne command (cargo build -p carcassonne-cli)`);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const h of hosts) h.stop();
});

/** `carcassonne host` on 127.0.0.1 serving the web app; its addresses as it prints them. */
function startHost(extra) {
  const proc = spawn(BIN, ['host', '--bind', '127.0.0.1', '--port', '0', '--seats', '2', '--ui', WEB_APP, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => proc.kill('SIGKILL');
  hosts.push({ stop });
  return new Promise((resolveHost, reject) => {
    const timer = setTimeout(() => reject(new Error('the host did not print its addresses')), 20000);
    const got = {};
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith('Room code: ')) got.room = line.slice('Room code: '.length).trim();
      if (line.startsWith('Join at:')) got.join = line.slice('Join at:'.length).trim();
      const admin = /&admin=([0-9a-zA-Z]+)/.exec(line);
      if (admin) got.admin = admin[1];
      if (got.room && got.join && got.admin) {
        clearTimeout(timer);
        resolveHost({ ...got, url: new URL('/', got.join).href.replace(/\/$/, ''), stop });
      }
    });
    proc.on('exit', (code) => reject(new Error(`the host stopped (${code})`)));
  });
}

async function phonePage(init) {
  const context = await browser.newContext(PHONE);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/** Plays the phone's turns (a cell, no follower, Confirm) until the game is over. */
async function playToTheEnd(page) {
  let turns = 0;
  for (;;) {
    const m = await tableMode(page);
    if (m.mode === 'end') return turns;
    if (m.mode === 'place') {
      await tid(page, 'spot').nth(await clickableSpot(page)).click();
      await page.locator('[data-testid="follower-row"], .follower-row:not(.loading)').first().waitFor();
      await tid(page, 'confirm').click();
      await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]')?.dataset.state ?? s) > s || !!document.querySelector('[data-testid="table-end"]'), m.state, { timeout: 30000 });
      turns++;
    } else if (m.mode === 'choose') {
      await tid(page, 'choice').first().click();
    } else await page.waitForTimeout(30);
  }
}

test('the host serves the installable web app: service worker, manifest and WebAssembly by their types; the phone joins from its home and checks the draws by replay at a LAN table', { timeout: 420000 }, async () => {
  const host = await startHost(['--bots', 'easy']);
  const types = {};
  for (const file of ['manifest.webmanifest', 'carcassonne.wasm', 'sw.js', 'worker.js']) types[file] = (await fetch(`${host.url}/${file}`)).headers.get('content-type');
  assert.equal(types['manifest.webmanifest'], 'application/manifest+json');
  assert.equal(types['carcassonne.wasm'], 'application/wasm');
  assert.match(types['sw.js'], /^text\/javascript/);

  const { context, page, errors } = await phonePage();
  try {
    await page.goto(`${host.url}/`);
    await tid(page, 'home').waitFor();
    assert.equal(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href')), 'manifest.webmanifest');
    // the service worker takes the page: the app is kept for offline starts
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, `${host.url}/`);
    assert.equal(await tid(page, 'home-lan').count(), 0, 'the web app hosts no table');

    // Join the table that served the page, from its home: the room code as the host shows it.
    await tid(page, 'home-join-here').click();
    await tid(page, 'table-room').fill(host.room);
    await tid(page, 'table-name').fill('Pia');
    await tid(page, 'table-play').click();
    await tid(page, 'lobby').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'web-table-lobby.png') });
    await page.evaluate((token) => window.__table.admin(token, { command: 'start' }), host.admin);
    await tid(page, 'game').waitFor();

    const turns = await playToTheEnd(page);
    assert.ok(turns >= 30, `a whole game (${turns} turns by the phone)`);
    await tid(page, 'table-end').waitFor();
    const fair = tid(page, 'fair');
    await fair.and(page.locator('[data-ok="true"], [data-ok="false"]')).waitFor();
    assert.equal(await fair.getAttribute('data-ok'), 'true', await fair.textContent());
    assert.equal(await fair.getAttribute('data-replayed'), 'true', 'the web app replayed the draws');
    // the checked game is kept in the phone's own history (issue 29), once: a reload checks
    // the draws again and keeps nothing more
    await tid(page, 'table-kept').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'web-table-end.png') });
    // back at the table after a reload (the page's token resumes Pia's seat): checked again
    await page.reload();
    await tid(page, 'home-join-here').click();
    await tid(page, 'table-room').fill(host.room);
    await tid(page, 'table-name').fill('Pia');
    await tid(page, 'table-play').click();
    await fair.and(page.locator('[data-ok="true"], [data-ok="false"]')).waitFor();
    assert.equal(await fair.getAttribute('data-ok'), 'true', await fair.textContent());
    await tid(page, 'table-kept').waitFor();
    await page.goto(`${host.url}/`);
    await tid(page, 'home-history').click();
    const kept = tid(page, 'history-item');
    await kept.first().waitFor();
    assert.equal(await kept.count(), 1, 'kept once');
    assert.equal(await kept.getAttribute('data-status'), 'finished');
    assert.match(await kept.textContent(), /Pia/);
    await page.screenshot({ path: join(ARTIFACTS, 'web-table-history.png') });
    await tid(page, 'history-replay').click();
    await tid(page, 'replay').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    host.stop();
  }
});

/** Alters the record of the `game_over` message before the page reads it: the tile of its
 * fifth placement becomes another one (a host that lies about the draws, or damaged data). */
function tamperRecord() {
  const Native = window.WebSocket;
  const alter = (text) => {
    if (!text.includes('"type":"game_over"')) return text;
    const re = /"tile":"([^"]+)"/g;
    re.lastIndex = text.indexOf('"record"');
    const tiles = [];
    for (let m = re.exec(text); m; m = re.exec(text)) tiles.push(m);
    const fifth = tiles[4];
    const other = tiles.find((m) => m[1] !== fifth[1])[1];
    window.__tampered = { was: fifth[1], now: other };
    return text.slice(0, fifth.index) + `"tile":"${other}"` + text.slice(fifth.index + fifth[0].length);
  };
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => fn({ data: alter(String(e.data)) });
    }
    get onmessage() {
      return super.onmessage;
    }
  };
}

test("the phone's draw check by replay at a LAN table catches a record whose tile the seed does not draw, and names it", { timeout: 300000 }, async () => {
  // two bots play; the phone watches from the join link
  const host = await startHost(['--bots', 'easy,easy']);
  const { context, page, errors } = await phonePage(tamperRecord);
  try {
    await page.goto(host.join);
    assert.equal(await tid(page, 'table-room').inputValue(), host.room);
    await tid(page, 'table-name').fill('Eve');
    await tid(page, 'table-watch').click();
    await page.waitForFunction(() => !!window.__table?.lobby);
    await page.evaluate((token) => window.__table.admin(token, { command: 'start' }), host.admin);
    await tid(page, 'table-end').waitFor({ timeout: 240000 });
    const fair = tid(page, 'fair');
    await fair.and(page.locator('[data-ok="true"], [data-ok="false"]')).waitFor();
    assert.ok(await page.evaluate(() => window.__tampered), 'the record was altered');
    assert.equal(await fair.getAttribute('data-ok'), 'false', await fair.textContent());
    assert.equal(await fair.getAttribute('data-replayed'), 'true');
    assert.match(await fair.textContent(), /does not draw tile 5 /);
    await page.screenshot({ path: join(ARTIFACTS, 'web-table-tampered.png') });
    assert.equal(await tid(page, 'table-kept').count(), 0);
    // a game whose draws do not check out is not kept
    await page.goto(`${host.url}/`);
    await tid(page, 'home-history').click();
    await tid(page, 'history-empty').waitFor();
    assert.equal(await tid(page, 'history-item').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    host.stop();
  }
});
