// Browser test of the procedural tile art, through the gallery page (static/gallery.html).
// Needs `npm run build` first; runs Debian's chromium headless through playwright-core.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { start } from './serve.mjs';

const catalogue = JSON.parse(readFileSync(new URL('../../crates/engine/data/catalogue.json', import.meta.url), 'utf8'));
const tiles = catalogue.tiles;
const byId = new Map(tiles.map((t) => [t.id, t]));
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const SHAPES = 'path, rect, polygon, polyline, circle, ellipse, line';

let server;
let browser;

before(async () => {
  server = await start();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // the tests read English: a system in another language must not change that (a context's locale still can)
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--lang=en-US'],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Open the gallery; collects console errors and page errors. */
async function open(viewport, query = '', opts = {}) {
  const context = await browser.newContext({ viewport, ...opts });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/gallery.html${query}`);
  await page.waitForSelector('#gallery-root[data-ready]', { timeout: 60_000 });
  assert.equal(await page.getAttribute('#gallery-root', 'data-ready'), 'true', 'the catalogue loaded');
  return { page, errors, close: () => context.close() };
}

/** What every tile card shows, read from the DOM. */
function readCards(page) {
  return page.$$eval(
    '.tile-card',
    (cards, SHAPES) =>
      cards.map((card) => {
        const svg = card.querySelector('svg.tile-art');
        const body = svg?.querySelector('.tile-body');
        const ids = (sel) => [...(body?.querySelectorAll(sel) ?? [])].map((e) => e.getAttribute('data-feature'));
        return {
          id: card.dataset.tileId,
          svgId: svg?.getAttribute('data-tile-id') ?? null,
          shapes: body ? body.querySelectorAll(SHAPES).length : 0,
          cities: ids('.city'),
          roads: ids('.road'),
          rivers: ids('.river'),
          buildings: [...(body?.querySelectorAll('.building') ?? [])].map((e) => ({ id: e.getAttribute('data-feature'), cls: e.getAttribute('class') })),
          shields: body ? body.querySelectorAll('.shield').length : 0,
          sieges: body ? body.querySelectorAll('.siege').length : 0,
          cathedrals: body ? body.querySelectorAll('.cathedral').length : 0,
          inns: body ? body.querySelectorAll('.inn').length : 0,
          pigs: body ? body.querySelectorAll('.pig-herd').length : 0,
          bridges: body ? body.querySelectorAll('.bridge').length : 0,
          anchors: [...svg.querySelectorAll('.anchors .anchor')].map((a) => ({
            id: a.getAttribute('data-feature'),
            x: Number(a.getAttribute('data-x')),
            y: Number(a.getAttribute('data-y')),
          })),
          text: card.textContent,
        };
      }),
    SHAPES,
  );
}

test('every tile type of the catalogue is drawn with its features (desktop)', async () => {
  const { page, errors, close } = await open(DESKTOP);
  try {
    const cards = await readCards(page);
    assert.equal(cards.length, tiles.length, 'one card per tile type');
    assert.deepEqual(cards.map((c) => c.id).sort(), tiles.map((t) => t.id).sort(), 'the cards are the catalogue ids');
    for (const c of cards) {
      const t = byId.get(c.id);
      const of = (kind) => t.features.filter((f) => f.kind === kind);
      assert.equal(c.svgId, t.id, `${t.id}: svg present`);
      assert.ok(c.shapes >= 2, `${t.id}: drawing has ${c.shapes} shapes`);
      // the caption's name is worded by the UI from the features (i18n tileName), and the count
      assert.ok(c.text.includes(`× ${t.count}`), `${t.id}: caption shows the count`);
      if (!t.board_position) for (const [kind, word] of [['city', /\d+ cit(y|ies)/], ['road', /\d+ roads?/], ['field', /\d+ fields?/]]) assert.equal(word.test(c.text), of(kind).length > 0, `${t.id}: caption names its ${kind}: ${c.text}`);
      for (const f of of('city')) assert.ok(c.cities.includes(f.id), `${t.id}: ${f.id} drawn with class city`);
      for (const f of of('road')) assert.ok(c.roads.includes(f.id), `${t.id}: ${f.id} drawn with class road`);
      for (const f of of('river')) assert.ok(c.rivers.includes(f.id), `${t.id}: ${f.id} drawn with class river`);
      for (const kind of ['monastery', 'shrine', 'garden', 'volcano'])
        for (const f of of(kind))
          assert.ok(c.buildings.some((b) => b.id === f.id && b.cls.split(' ').includes(kind)), `${t.id}: ${f.id} drawn as ${kind}`);
      const pennants = of('city').reduce((n, f) => n + (f.pennants ?? 0), 0);
      assert.equal(c.shields, pennants, `${t.id}: ${pennants} shield(s)`);
      assert.equal(c.sieges, of('city').filter((f) => f.besieged).length, `${t.id}: siege camps`);
      assert.equal(c.cathedrals, of('city').filter((f) => f.cathedral).length, `${t.id}: cathedrals`);
      assert.equal(c.inns, of('road').filter((f) => f.inn).length, `${t.id}: inns`);
      assert.equal(c.pigs, of('field').filter((f) => f.pig_herd).length, `${t.id}: pig herds`);
      // a road crossing a river is a bridge
      const crossesRiver = of('river').length > 0 && of('road').length > 0 && /bridge/i.test(t.name);
      if (crossesRiver) assert.ok(c.bridges > 0, `${t.id}: bridge parapets drawn`);
      // follower spots: one per feature, distinct, inside the box
      assert.deepEqual(c.anchors.map((a) => a.id).sort(), t.features.map((f) => f.id).sort(), `${t.id}: one spot per feature`);
      for (const a of c.anchors) assert.ok(a.x > 0 && a.x < 100 && a.y > 0 && a.y < 100, `${t.id}: ${a.id} inside the tile`);
      for (let i = 0; i < c.anchors.length; i++)
        for (let j = i + 1; j < c.anchors.length; j++) {
          const a = c.anchors[i];
          const b = c.anchors[j];
          const d = Math.hypot(a.x - b.x, a.y - b.y);
          assert.ok(d >= 12, `${t.id}: spots ${a.id} and ${b.id} are ${d.toFixed(1)} apart`);
        }
    }
    await page.screenshot({ path: `${ARTIFACTS}gallery-desktop.png`, fullPage: true });
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

/**
 * For every follower spot, the element drawn under it belongs to that feature (field spots lie
 * on open field). Markers hidden, so the hit test sees the art itself.
 */
async function spotsOnTheirFeatures(page) {
  return page.evaluate(() => {
    const bad = [];
    let checked = 0;
    for (const card of document.querySelectorAll('.tile-card')) {
      const svg = card.querySelector('svg.tile-art');
      card.scrollIntoView({ block: 'center' });
      const box = svg.getBoundingClientRect();
      const k = box.width / 100;
      for (const a of svg.querySelectorAll('.anchors .anchor')) {
        const id = a.getAttribute('data-feature');
        const x = box.left + Number(a.getAttribute('data-x')) * k;
        const y = box.top + Number(a.getAttribute('data-y')) * k;
        const hit = document.elementFromPoint(x, y);
        const owner = hit?.closest('[data-feature]')?.getAttribute('data-feature') ?? null;
        const ok = id.startsWith('field') ? hit?.classList.contains('field') : owner === id;
        checked++;
        if (!ok) bad.push(`${card.dataset.tileId}:${id} → ${hit?.tagName}.${hit?.getAttribute('class')} (${owner})`);
      }
    }
    return { bad, checked };
  });
}

test('follower spots stand on their own feature, in every rotation used', async () => {
  const { page, errors, close } = await open(DESKTOP, '?anchors=0');
  try {
    const r0 = await spotsOnTheirFeatures(page);
    const total = tiles.reduce((n, t) => n + t.features.length, 0);
    assert.equal(r0.checked, total, 'every spot checked');
    assert.deepEqual(r0.bad, [], 'spots on their features (rotation 0)');
    // rotate the drawings by the transform and the spots by rotatePoint: they must still agree
    for (const r of [1, 2, 3]) {
      await page.selectOption('#rotation', String(r));
      await page.waitForFunction(
        (t) => document.querySelector('.tile-card svg.tile-art .tile-body')?.getAttribute('transform') === t,
        `rotate(${90 * r} 50 50)`,
      );
      const rr = await spotsOnTheirFeatures(page);
      assert.equal(rr.checked, total);
      assert.deepEqual(rr.bad, [], `spots on their features (rotation ${r})`);
    }
    const api = await page.evaluate(() => {
      const { rotatePoint, rotationTransform } = globalThis.__tileArt;
      let p = { x: 20, y: 0 };
      const seq = [];
      for (let r = 0; r < 4; r++) {
        p = rotatePoint(p, 1);
        seq.push([Math.round(p.x), Math.round(p.y)]);
      }
      return { n: rotatePoint({ x: 50, y: 0 }, 1), w: rotatePoint({ x: 50, y: 0 }, 3), seq, t: rotationTransform(2) };
    });
    assert.deepEqual(api.n, { x: 100, y: 50 }, 'N turns to E');
    assert.deepEqual(api.w, { x: 0, y: 50 }, 'N turns to W after 3 quarter turns');
    assert.deepEqual(api.seq, [[100, 20], [80, 100], [0, 80], [20, 0]], 'N1 → E1 → S1 → W1 → N1');
    assert.equal(api.t, 'rotate(180 50 50)');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('fields are kept apart as the catalogue says, each spot in its own field area', async () => {
  const { page, errors, close } = await open(DESKTOP, '?sets=base&anchors=0');
  try {
    const problems = await page.evaluate(async () => {
      const { layoutTile } = globalThis.__tileArt;
      const cat = await (await fetch('catalogue.json')).json();
      const out = [];
      for (const t of cat.tiles) {
        const l = layoutTile(t);
        const owner = new Map();
        for (const f of t.features.filter((x) => x.kind === 'field')) {
          const cells = l.fieldCells[f.id] ?? [];
          if (!cells.length) out.push(`${t.id}:${f.id} has no area`);
          for (const c of cells) {
            const k = `${c.x},${c.y}`;
            if (owner.has(k) && owner.get(k) !== f.id) {
              out.push(`${t.id}: ${f.id} and ${owner.get(k)} share the open area at ${k}`);
              break;
            }
            owner.set(k, f.id);
          }
          const a = l.anchors[f.id];
          if (cells.length && !cells.some((c) => Math.hypot(c.x - a.x, c.y - a.y) < 0.01)) out.push(`${t.id}:${f.id} spot outside its area`);
        }
      }
      return out;
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the follower-spot checkbox shows and hides the markers', async () => {
  const { page, errors, close } = await open(DESKTOP, '?sets=base');
  try {
    const visible = () => page.locator('.tile-card .anchors').first().isVisible();
    assert.equal(await visible(), true, 'markers shown by default');
    await page.uncheck('#show-anchors');
    assert.equal(await visible(), false, 'markers hidden');
    await page.screenshot({ path: `${ARTIFACTS}gallery-base-no-markers.png`, fullPage: true });
    await page.check('#show-anchors');
    assert.equal(await visible(), true, 'markers shown again');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the City of Carcassonne is assembled from its 12 cells, walls only inside the board', async () => {
  const { page, errors, close } = await open(DESKTOP, '?sets=ckr_city&anchors=0');
  try {
    const cells = await page.$$eval('svg.ckr-board .board-cell', (gs) =>
      gs.map((g) => ({
        id: g.getAttribute('data-tile-id'),
        transform: g.getAttribute('transform'),
        walls: [...g.querySelectorAll('.carcassonne .city-wall path')].map((p) => p.getAttribute('d')),
        interior: g.querySelectorAll('.carcassonne-interior').length,
      })),
    );
    const expected = tiles.filter((t) => t.set === 'ckr_city');
    assert.equal(cells.length, 12);
    assert.equal(cells.length, expected.length);
    for (const t of expected) {
      const c = cells.find((x) => x.id === t.id);
      assert.ok(c, `${t.id} on the board`);
      assert.equal(c.transform, `translate(${t.board_position.col * 100} ${t.board_position.row * 100})`, `${t.id} at its position`);
      assert.equal(c.interior, 1, `${t.id}: the walled city drawn`);
      const outer = ['N', 'E', 'S', 'W'].filter((s) => t.edges[s] !== 'internal');
      if (outer.length === 0) assert.equal(c.walls.length, 0, `${t.id}: an inner cell has no wall`);
      else assert.ok(c.walls.length > 0, `${t.id}: a border cell has a wall`);
      // no wall runs along an internal edge
      for (const d of c.walls) {
        const pts = [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
        for (let i = 1; i < pts.length; i++) {
          const [a, b] = [pts[i - 1], pts[i]];
          const along = (k, v) => Math.abs(a[k] - v) < 1 && Math.abs(b[k] - v) < 1 && Math.hypot(a[0] - b[0], a[1] - b[1]) > 2;
          assert.ok(!(along(0, 0) || along(0, 100) || along(1, 0) || along(1, 100)), `${t.id}: wall segment along a cell edge (${a} → ${b})`);
        }
      }
    }
    await page.locator('svg.ckr-board').screenshot({ path: `${ARTIFACTS}city-of-carcassonne.png` });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('follower pieces: meeple about 16 units, big meeple larger, abbot its own shape', async () => {
  const { page, errors, close } = await open(DESKTOP, '?sets=base,river2,inns_cathedrals');
  try {
    const f = await page.evaluate(() => {
      const one = (kind) => {
        const g = document.querySelector(`.follower-demo .follower-${kind}`);
        const b = g.getBBox();
        return { w: b.width, h: b.height, cx: b.x + b.width / 2, cy: b.y + b.height / 2, d: g.querySelector('.follower-body').getAttribute('d'), fill: g.querySelector('.follower-body').getAttribute('fill') };
      };
      // followers placed on the sample tiles: one per feature
      const samples = [...document.querySelectorAll('svg.follower-sample')].map((s) => ({
        id: s.getAttribute('data-tile-id'),
        n: s.querySelectorAll('.follower').length,
      }));
      return { meeple: one('meeple'), big: one('big_meeple'), abbot: one('abbot'), samples };
    });
    // getBBox is in the piece's own coordinates: centred at (0, 0)
    assert.ok(f.meeple.h >= 14 && f.meeple.h <= 19, `meeple height ${f.meeple.h}`);
    for (const k of ['meeple', 'big', 'abbot']) assert.ok(Math.hypot(f[k].cx, f[k].cy) < 1.5, `${k} centred at (0, 0): ${f[k].cx}, ${f[k].cy}`);
    assert.ok(f.big.h > f.meeple.h * 1.2, `big meeple ${f.big.h} vs ${f.meeple.h}`);
    assert.ok(f.abbot.h >= 14 && f.abbot.h <= 20, `abbot height ${f.abbot.h}`);
    assert.notEqual(f.abbot.d, f.meeple.d, 'the abbot has its own outline');
    assert.equal(f.meeple.fill, '#d7263d', 'filled with the given colour');
    assert.equal(f.samples.length, 4);
    for (const s of f.samples) assert.equal(s.n, byId.get(s.id).features.length, `${s.id}: a follower on every spot`);
    await page.locator('.followers-section').screenshot({ path: `${ARTIFACTS}followers.png` });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('phone viewport: the gallery fits 360 px and tiles stay readable', async () => {
  const { page, errors, close } = await open(PHONE, '', { deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const m = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      sizes: [...document.querySelectorAll('.tile-card svg.tile-art')].map((s) => s.getBoundingClientRect().width),
      board: document.querySelector('svg.ckr-board')?.getBoundingClientRect().width ?? 0,
    }));
    assert.equal(m.sizes.length, tiles.length, 'every tile drawn on the phone too');
    assert.ok(m.scroll <= m.client + 1, `no horizontal scrolling (${m.scroll} > ${m.client})`);
    assert.ok(Math.min(...m.sizes) >= 100, `tiles at least 100 px wide (smallest ${Math.min(...m.sizes)})`);
    assert.ok(m.board > 200 && m.board <= m.client, `the city board fits (${m.board})`);
    await page.screenshot({ path: `${ARTIFACTS}gallery-phone-top.png` });
    await page.screenshot({ path: `${ARTIFACTS}gallery-phone-full.png`, fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('sample tiles drawn big for a close look', async () => {
  const ids = [
    'base/start', 'base/city2_nw_road_curve_pennant', 'ic/cathedral', 'ic/city1x4_garden', 'river1/city1_road_bridge',
    'river2/road_bridge_inn', 'river2/lake_volcano', 'river2/fork', 'ckr_shrines/shrine_city1_road', 'ckr_land/city_bridge',
    'ckr_land/city2_nw_roads_s_e', 'cathars/city2_nw_road_curve',
  ];
  const { page, errors, close } = await open({ width: 1700, height: 1000 }, `?size=400&ids=${ids.join(',')}`);
  try {
    const sizes = await page.$$eval('.tile-card svg.tile-art', (s) => s.map((e) => Math.round(e.getBoundingClientRect().width)));
    assert.equal(sizes.length, ids.length);
    assert.ok(sizes.every((w) => w === 400), `drawn at 400 px: ${sizes}`);
    await page.screenshot({ path: `${ARTIFACTS}samples-400px.png`, fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
