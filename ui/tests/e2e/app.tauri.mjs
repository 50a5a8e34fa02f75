// End-to-end on the real app (Tauri + WebKitGTK under Xvfb, driven by tauri-driver):
// two profiles, a base game played by clicking highlighted positions, a meeple deployed, a
// score shown; the app killed mid-game, started again, and the game continued from the
// same state; a game file opened and saved through the platform's own Open and Save dialogs
// (GTK's, answered by xdotool as a person types a path). Screenshots go to tests/artifacts/.
//
// Run: node --test tests/e2e/app.tauri.mjs   (needs target/release/carcassonne-app built)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, startDriver, startXvfb, until } from './webdriver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const app = resolve(process.env.APP_BIN ?? join(here, '../../../target/release/carcassonne-app'));
const artifacts = join(here, '../artifacts');
const data = mkdtempSync(join(tmpdir(), 'carcassonne-e2e-'));

let xvfb;
let driver;
let session;

function shot(name, png) {
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, `${name}.png`), png);
}

/** xdotool on the app's display. */
function xdo(...args) {
  return execFileSync('xdotool', args, { env: { ...process.env, DISPLAY: xvfb.display }, encoding: 'utf8' }).trim();
}

/** The visible window titled `title` (GTK's file dialogs: "Open File", "Save File"), or null. */
function dialog(title) {
  try {
    return xdo('search', '--onlyvisible', '--name', `^${title}$`).split('\n')[0];
  } catch {
    return null; // xdotool exits 1 when no window matches
  }
}

/** Answers a file dialog as a person would: the path typed into it and Enter, or Escape. */
async function answerDialog(title, path) {
  const w = await until(`the ${title} dialog`, async () => dialog(title));
  const closed = (ms) => until(`the ${title} dialog closed`, async () => dialog(title) === null, ms);
  if (path === null) {
    xdo('windowfocus', '--sync', w);
    xdo('key', 'Escape');
    await closed();
    return;
  }
  // CI once saw the Open dialog stay open after its path and Enter (why is not known: keys
  // typed before GTK was ready for them, or a path changed by the field's completion). A person
  // would look and type the path again; so does this, keeping the screen it saw. The app's
  // part (the file opened or written) is checked by the caller either way.
  for (let attempt = 1; ; attempt++) {
    if (dialog(title) === null) return;
    xdo('windowfocus', '--sync', w);
    // A later try starts with ctrl+L, which leaves a search (where a path typed without its
    // "/" goes) for the location field, or hides a location field that took no Enter (then
    // the path's "/" opens it again). The Save dialog's name field, or the location field,
    // holds text: ctrl+a selects it, so typing replaces it. On a first try in the Open
    // dialog, the path's leading "/" opens the location field.
    if (attempt > 1) xdo('key', '--clearmodifiers', 'ctrl+l');
    if (title === 'Save File' || attempt > 1) xdo('key', '--clearmodifiers', 'ctrl+a');
    xdo('type', '--delay', '30', path);
    xdo('key', 'Return');
    try {
      await closed(attempt < 4 ? 8000 : 20000);
      return;
    } catch (e) {
      if (attempt === 4) throw e;
      mkdirSync(artifacts, { recursive: true });
      const kept = join(artifacts, `dialog-still-open-${attempt}.xwd`);
      copyFileSync(xvfb.screen, kept);
      console.log(`the ${title} dialog was still open after the path and Enter (try ${attempt}, screen kept in ${kept}): typing it again`);
    }
  }
}

/** Kills the app's process (as a crash or a user killing it would). */
function killApp() {
  const pids = execFileSync('pgrep', ['-f', app], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  assert.ok(pids.length > 0, 'the app is running');
  for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
  return pids.map(Number);
}

/** Whether `pid` is still a live process (a zombie, killed but not yet reaped, is not). */
function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The driver's log, kept with the screenshots: what to read when a session does not start. */
function keepDriverLog() {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, 'tauri-driver.log');
  writeFileSync(path, driver?.log() ?? '');
  return path;
}

async function openApp() {
  const started = Date.now();
  const s = await Session.start(driver.url, app).catch((e) => {
    throw new Error(`${e.message} (the driver's log: ${keepDriverLog()})`);
  });
  await s.one('[data-testid=home]', 30000);
  const ms = Date.now() - started;
  console.log(`cold start to the home screen (WebDriver session included): ${ms} ms`);
  return s;
}

async function texts(s, css) {
  const out = [];
  for (const el of await s.all(css)) out.push(await s.text(el));
  return out;
}

before(async () => {
  assert.ok(existsSync(app), `build the app first: ${app}`);
  xvfb = await startXvfb();
  // Tables hosted from the app stay on 127.0.0.1, unadvertised (CARCASSONNE_LAN_LOOPBACK).
  driver = await startDriver({ DISPLAY: xvfb.display, CARCASSONNE_DATA_DIR: data, CARCASSONNE_LAN_LOOPBACK: '1' });
});

after(async () => {
  keepDriverLog();
  await session?.end();
  driver?.stop();
  xvfb?.stop();
  rmSync(data, { recursive: true, force: true });
});

/** The turn log's score lines: won (score-line) or nobody's (score-unclaimed, folded in a turn). */
const SCORED = '[data-testid=score-line], [data-testid=score-unclaimed]';

test('play a base game, kill the app mid-game, continue from the same state', async () => {
  session = await openApp();
  const s = session;

  // Two profiles.
  await s.clickCss('[data-testid=home-profiles]');
  for (const name of ['Ann', 'Bob']) {
    const input = await s.one('[data-testid=profile-name]');
    await s.cmd('POST', `/element/${input}/clear`, {});
    await s.type(input, name);
    const before = (await s.all('[data-testid=profile-item]')).length;
    await s.clickCss('[data-testid=profile-create]');
    await until(`profile ${name}`, async () => (await s.all('[data-testid=profile-item]')).length === before + 1);
  }
  assert.equal((await s.all('[data-testid=profile-item]')).length, 2);
  await s.clickCss('[data-testid=back]');

  // A base game between them.
  await s.clickCss('[data-testid=home-new-game]');
  const selects = await until('two seats', async () => {
    const all = await s.all('[data-testid=seat-select]');
    return all.length >= 2 ? all : null;
  });
  const profileValues = await s.script(
    `return [...document.querySelectorAll('[data-testid=seat-select]')[0].options]
       .map(o => o.value).filter(v => v.startsWith('profile:'));`,
  );
  assert.equal(profileValues.length, 2, 'both profiles offered');
  for (let i = 0; i < 2; i++) {
    await s.script(
      `const sel = document.querySelectorAll('[data-testid=seat-select]')[arguments[0]];
       sel.value = arguments[1]; sel.dispatchEvent(new Event('change', { bubbles: true }));`,
      i,
      profileValues[i],
    );
  }
  assert.ok(selects.length >= 2);
  // Base game only: untick every expansion.
  await s.script(
    `for (const c of document.querySelectorAll('[data-testid^=set-]')) {
       if (c.checked) { c.checked = false; c.dispatchEvent(new Event('change', { bubbles: true })); }
     }`,
  );
  await until('start enabled', async () => {
    const el = await s.one('[data-testid=start-game]');
    return (await s.attr(el, 'disabled')) === null;
  });
  await s.clickCss('[data-testid=start-game]');
  await s.one('[data-testid=board]', 20000);

  // Turns: click a highlighted position, deploy a meeple once, confirm; until a score shows.
  let deployed = false;
  let turns = 0;
  const tilesLeftStart = parseInt(await s.text(await s.one('[data-testid=tiles-left]')).then((t) => t.match(/\d+/)[0]), 10);
  while ((await s.all(SCORED)).length === 0) {
    assert.ok(turns < 60, 'a feature completes within 60 turns');
    await s.clickCss('[data-testid=spot]');
    await s.one('[data-testid=no-follower]');
    const spots = await s.all('[data-testid=follower-spot]');
    if (spots.length > 0 && (!deployed || turns % 3 === 0)) {
      await s.click(spots[0]);
      deployed = true;
    } else {
      await s.clickCss('[data-testid=no-follower]');
    }
    await s.clickCss('[data-testid=confirm]');
    turns += 1;
    // One tile per turn, or more when a drawn tile fits nowhere and is set aside.
    await until('the next turn', async () => {
      const t = await s.text(await s.one('[data-testid=tiles-left]'));
      return parseInt(t.match(/\d+/)[0], 10) <= tilesLeftStart - turns;
    });
  }
  assert.ok(deployed, 'a meeple was deployed');
  const scores = await texts(s, '[data-testid=seat-score]');
  const lines = await texts(s, SCORED);
  assert.ok(lines.some((l) => /R-BASE-\d+/.test(l)), `a score line names its rule: ${lines}`);
  const tilesLeft = await s.text(await s.one('[data-testid=tiles-left]'));
  shot('app-board-before-kill', await s.screenshot());

  // Kill the app mid-game, start it again, continue.
  const killed = killApp();
  await s.end();
  // Once in CI the new session hung for five minutes right after the kill (cause not
  // found); starting it only once the killed process has died rules out a half-dead app.
  await until('the killed app gone', async () => !killed.some(alive));
  session = await openApp();
  const s2 = session;
  await s2.clickCss('[data-testid=game-item]');
  await s2.one('[data-testid=board]', 20000);
  await until('the same tiles left', async () => (await s2.text(await s2.one('[data-testid=tiles-left]'))) === tilesLeft);
  assert.deepEqual(await texts(s2, '[data-testid=seat-score]'), scores);
  assert.deepEqual(await texts(s2, SCORED), lines);
  shot('app-board-after-restart', await s2.screenshot());

  // And the game goes on.
  await s2.clickCss('[data-testid=spot]');
  await s2.clickCss('[data-testid=no-follower]');
  await s2.clickCss('[data-testid=confirm]');
  await until('one more turn', async () => (await s2.text(await s2.one('[data-testid=tiles-left]'))) !== tilesLeft);
});

test('host a LAN table from the app, sit at it through the app, and open the phones’ page in a window', async () => {
  await session?.end();
  session = await openApp();
  const s = session;
  await s.clickCss('[data-testid=home-lan]');
  await s.clickCss('[data-testid=lan-host]');
  const url = await s.text(await s.one('[data-testid=lan-join-url]'));
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?room=[A-Z0-9]+$/);
  assert.equal((await s.all('[data-testid=lan-qr] svg')).length, 1, 'a QR code');
  const room = url.split('room=')[1];
  shot('app-lan-host', await s.screenshot());

  // The host sits at its own table in the app's window, through the app's Rust client.
  await s.clickCss('[data-testid=lan-open-mine]');
  const nameInput = await s.one('[data-testid=table-name]');
  assert.equal(await s.script("return document.querySelector('[data-testid=table-room]').value;"), room);
  // (the name field remembers the last name typed on this machine)
  await s.script("document.querySelector('[data-testid=table-name]').value = '';");
  await s.type(nameInput, 'Ann');
  await s.clickCss('[data-testid=table-play]');
  await s.one('[data-testid=admin]');
  // The other seat to a bot, start: the shares are drawn and the board appears.
  await s.clickCss('[data-testid=seat-toggle]');
  await s.one('[data-testid=lobby-seat][data-kind=bot]');
  await s.clickCss('[data-testid=start]');
  await s.one('[data-testid=game][data-mode=place]', 20000);
  const state = Number(await s.attr(await s.one('[data-testid=game]'), 'data-state'));
  await s.clickCss('[data-testid=spot]');
  await s.clickCss('[data-testid=no-follower]');
  await s.clickCss('[data-testid=confirm]');
  // Ann's move and the bot's answer come back from the table.
  await until('the bot answered', async () => {
    const g = await s.one('[data-testid=game]');
    return Number(await s.attr(g, 'data-state')) >= state + 3 && (await s.attr(g, 'data-mode')) === 'place';
  });
  assert.equal(await s.attr(await s.one('[data-testid=link]'), 'data-link'), 'open');
  shot('app-lan-table', await s.screenshot());

  // Back to the network screen; the phones' page opens in a window of its own: the app's UI
  // served by the table, at its join form.
  await s.clickCss('[data-testid=back]');
  await s.one('[data-testid=lan-hosted]');
  const main = await s.cmd('GET', '/window');
  await s.clickCss('[data-testid=lan-open-page]');
  const handles = await until('a second window', async () => {
    const h = await s.cmd('GET', '/window/handles');
    return h.length === 2 ? h : null;
  });
  await s.cmd('POST', '/window', { handle: handles.find((h) => h !== main) });
  await s.one('[data-testid=table-room]', 20000);
  assert.equal(await s.script("return document.querySelector('[data-testid=table-room]').value;"), room);
  await s.cmd('POST', '/window', { handle: main });
  await s.clickCss('[data-testid=lan-stop]');
  await s.one('[data-testid=lan-host]');
});

test("a game file opened through the Open dialog and saved again through the Save dialog", async () => {
  await session?.end();
  session = await openApp();
  const s = session;
  const source = resolve(here, '../../../tests/records-v1/app_base_3_players.json');
  await s.clickCss('[data-testid=home-history]');
  await s.one('[data-testid=history]');
  const listed = async () => (await s.all('[data-testid=history-item]')).length;
  const before = await listed();

  // Cancelled: nothing is imported.
  await s.clickCss('[data-testid=history-import]');
  await answerDialog('Open File', null);
  assert.equal(await listed(), before, 'a cancelled Open imports nothing');

  await s.clickCss('[data-testid=history-import]');
  await answerDialog('Open File', source);
  await s.one('[data-testid=replay]', 20000);
  shot('app-imported-replay', await s.screenshot());

  const saved = join(data, 'saved game.json');
  await s.clickCss('[data-testid=replay-export]');
  await answerDialog('Save File', saved);
  await until('the file written', async () => existsSync(saved) && readFileSync(saved, 'utf8').length > 0);
  assert.equal(readFileSync(saved, 'utf8'), readFileSync(source, 'utf8'), 'opened then saved: the same record, byte for byte');

  await s.clickCss('[data-testid=back]');
  await s.one('[data-testid=history]');
  assert.equal(await listed(), before + 1, 'the opened game is in the history');
});
