// The app's memory at three moments of a first game, and its start-up time (scripts/app-memory.sh).
//
// Each run starts the real app (Tauri + WebKitGTK) under its own Xvfb through tauri-driver with
// an empty data folder, then reads /proc/PID/smaps_rollup of the app and every process below
// it (WebKitWebProcess, WebKitNetworkProcess) once the total has settled:
//   home  — the home screen, just started;
//   mid   — a quick game against the easiest bot, once 35 tiles are on the board (your turn);
//   end   — the same game played to its end, on the end screen.
// Start-up is the time from the app's exec (its start in /proc) to the first frame painted
// after the first screen was built (the page's `data-painted` mark).
//
// Usage: node scripts/app-memory.mjs [runs]   (APP_BIN, TAURI_DRIVER as for the app test;
// any other environment, e.g. WEBKIT_DISABLE_COMPOSITING_MODE=1, is passed on to the app).
import { readFileSync, readdirSync, readlinkSync, realpathSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, startDriver, startXvfb, until } from '../ui/tests/e2e/webdriver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const app = resolve(process.env.APP_BIN ?? join(here, '../target/release/carcassonne-app'));
const runs = Number(process.argv[2] ?? 1);
const MID_TILES = 35;

if (!existsSync(app)) {
  console.error(`build the app first: ${app}`);
  process.exit(1);
}

/** The processes `pid` started. */
function children(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** `pid` and every process below it. */
const tree = (pid) => [pid, ...children(pid).flatMap(tree)];

function exe(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return '';
  }
}

/** kB fields of /proc/PID/smaps_rollup. */
function rollup(pid) {
  const out = { Pss: 0, Private_Clean: 0, Private_Dirty: 0 };
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n')) {
      const m = line.match(/^(\w+):\s+(\d+) kB/);
      if (m && m[1] in out) out[m[1]] = Number(m[2]);
    }
  } catch {
    // gone
  }
  return out;
}

/** kB of PSS in mappings of files (libraries, the app's binary), from /proc/PID/smaps. */
function filePss(pid) {
  let kb = 0;
  let file = false;
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const m = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/);
      if (m) file = m[1].startsWith('/') && !m[1].startsWith('/memfd:') && !m[1].startsWith('/SYSV');
      else if (file && line.startsWith('Pss:')) kb += Number(line.match(/(\d+)/)[1]);
    }
  } catch {
    // gone
  }
  return kb;
}

const comm = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
};

/** The memory of the app's processes once the total PSS has moved by less than 1 MB over three
 * readings a second apart (at most 30 s): { name: { pss, uss } } in kB, and the total. */
async function settled(appPid) {
  let last = 0;
  let steady = 0;
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    const total = tree(appPid).reduce((a, p) => a + rollup(p).Pss, 0);
    if (Math.abs(total - last) < 1024) {
      if (++steady >= 3) break;
    } else steady = 0;
    last = total;
  }
  const procs = {};
  let pss = 0;
  let uss = 0;
  let files = 0;
  for (const p of tree(appPid)) {
    files += filePss(p);
    const r = rollup(p);
    const name = p === appPid ? 'app' : comm(p);
    const cur = procs[name] ?? { pss: 0, uss: 0 };
    cur.pss += r.Pss;
    cur.uss += r.Private_Clean + r.Private_Dirty;
    procs[name] = cur;
    pss += r.Pss;
    uss += r.Private_Clean + r.Private_Dirty;
  }
  return { procs, pss, uss, files };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** When `pid` was exec'd, in ms since the epoch (10 ms steps). */
function startedAt(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  const btime = Number(readFileSync('/proc/stat', 'utf8').match(/^btime (\d+)/m)[1]);
  return btime * 1000 + ticks * 10;
}

/** Plays your turns (the first legal cell, no follower) in the page until `stop` says so; the
 * bot plays its own. Returns the tiles left. */
const PLAY = `
const [until, done] = [arguments[0], arguments[arguments.length - 1]];
const q = (s) => document.querySelector(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const left = () => parseInt((q('[data-testid=tiles-left]')?.textContent ?? '').match(/\\d+/)?.[0] ?? 'NaN', 10);
async function wait(what, fn, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) { const v = fn(); if (v) return v; await sleep(50); }
  throw new Error('timed out waiting for ' + what);
}
const click = (e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
(async () => {
  for (;;) {
    const next = await wait('a turn', () => q('[data-testid=see-results]') || q('[data-testid=spot]'));
    if (next.dataset.testid === 'see-results') return done({ over: true, left: left() });
    if (until !== 'end' && left() <= until) return done({ over: false, left: left() });
    const before = left();
    click(next);
    click(await wait('no follower', () => q('[data-testid=no-follower]')));
    click(await wait('confirm', () => { const c = q('[data-testid=confirm]'); return c && !c.disabled && c; }));
    await wait('the tile played', () => left() < before || q('[data-testid=see-results]'));
  }
})().catch((e) => done({ error: String(e) }));
`;

async function domCounts(s) {
  return s.script(`return {
    dom: document.getElementsByTagName('*').length,
    svg: document.querySelectorAll('svg *').length,
    webgl: !!document.createElement('canvas').getContext('webgl'),
    heap: (performance.memory && performance.memory.usedJSHeapSize) || null,
  };`);
}

async function oneRun() {
  const data = mkdtempSync(join(tmpdir(), 'carcassonne-mem-'));
  const xvfb = await startXvfb();
  const driver = await startDriver({ DISPLAY: xvfb.display, CARCASSONNE_DATA_DIR: data });
  let s;
  try {
    s = await Session.start(driver.url, app);
    await s.cmd('POST', '/timeouts', { script: 600000 });
    const appPid = await until('the app process', async () => tree(driver.pid).find((p) => exe(p) === realpathSync(app)), 20000);
    await s.one('[data-testid=home]', 30000);
    const painted = Number(await until('the painted mark', async () => s.script('return document.body.dataset.painted || null;')));
    const startup = painted - startedAt(appPid);
    const out = { startup, load: loadavg()[0] };
    out.home = { ...(await settled(appPid)), ...(await domCounts(s)) };

    // A quick game against the easiest bot.
    await s.script(
      `const l = document.querySelector('[data-testid=quick-level]'); l.value = l.options[0].value;
       l.dispatchEvent(new Event('change', { bubbles: true }));`,
    );
    await s.clickCss('[data-testid=quick-bot]');
    await s.one('[data-testid=board]', 20000);
    const first = Number((await s.text(await s.one('[data-testid=tiles-left]'))).match(/\d+/)[0]);
    const r1 = await s.cmd('POST', '/execute/async', { script: PLAY, args: [first + 1 - MID_TILES] });
    if (r1.error) throw new Error(r1.error);
    out.mid = { ...(await settled(appPid)), ...(await domCounts(s)), tiles: first + 1 - r1.left + 1 };
    const r2 = await s.cmd('POST', '/execute/async', { script: PLAY, args: ['end'] });
    if (r2.error) throw new Error(r2.error);
    await s.clickCss('[data-testid=see-results]');
    await s.one('[data-testid=end-screen]', 20000);
    out.end = { ...(await settled(appPid)), ...(await domCounts(s)) };
    return out;
  } finally {
    await s?.end();
    driver.stop();
    xvfb.stop();
    await sleep(500);
    rmSync(data, { recursive: true, force: true });
  }
}

const MB = (kb) => (kb / 1024).toFixed(0);
const all = [];
for (let i = 0; i < runs; i++) {
  const r = await oneRun();
  all.push(r);
  console.log(`run ${i + 1}: start-up ${r.startup} ms (load ${r.load.toFixed(2)}, mid-game at ${r.mid.tiles} tiles, WebGL ${r.home.webgl ? 'on' : 'off'})`);
  const names = [...new Set(['home', 'mid', 'end'].flatMap((k) => Object.keys(r[k].procs)))];
  console.log(`  ${'MB PSS / USS'.padEnd(24)} ${['home', 'mid', 'end'].map((k) => k.padStart(11)).join('')}`);
  for (const n of names) {
    console.log(`  ${n.padEnd(24)} ${['home', 'mid', 'end'].map((k) => `${MB(r[k].procs[n]?.pss ?? 0)}/${MB(r[k].procs[n]?.uss ?? 0)}`.padStart(11)).join('')}`);
  }
  console.log(`  ${'total'.padEnd(24)} ${['home', 'mid', 'end'].map((k) => `${MB(r[k].pss)}/${MB(r[k].uss)}`.padStart(11)).join('')}`);
  console.log(`  ${'of which files (libs)'.padEnd(24)} ${['home', 'mid', 'end'].map((k) => MB(r[k].files).padStart(11)).join('')}`);
  console.log(`  ${'DOM elements (in SVG)'.padEnd(24)} ${['home', 'mid', 'end'].map((k) => `${r[k].dom} (${r[k].svg})`.padStart(11)).join('')}`);
}
const range = (xs) => (Math.min(...xs) === Math.max(...xs) ? `${xs[0]}` : `${Math.min(...xs)}–${Math.max(...xs)}`);
console.log(
  `summary over ${runs} run(s), MB PSS | USS: home ${range(all.map((r) => +MB(r.home.pss)))} | ${range(all.map((r) => +MB(r.home.uss)))}; ` +
    `mid ${range(all.map((r) => +MB(r.mid.pss)))} | ${range(all.map((r) => +MB(r.mid.uss)))}; ` +
    `end ${range(all.map((r) => +MB(r.end.pss)))} | ${range(all.map((r) => +MB(r.end.uss)))}; ` +
    `start-up ${range(all.map((r) => r.startup))} ms; load ${range(all.map((r) => +r.load.toFixed(1)))}`,
);
