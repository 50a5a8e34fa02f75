// Seats told apart without colour, text size and motion (issue 33 items 4 and 7): six seats'
// followers stay distinguishable in greyscale; high contrast thickens outlines; at 150 % text
// no main screen clips or overflows on a 390×844 phone, in English or French; with the system
// asking for reduced motion, nothing glides or animates after a placement.
// Run: cd ui && npm run build && node --test tests/a11y.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, botGame, clipped, launchBrowser, openApp, quickGame, startServer, tid, visibleSpotIndex, waitForHuman } from './harness.mjs';

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  server = await startServer();
  // a bot's move waits ten minutes: the board holds still while a test looks at it
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, bot_delay_ms: 600000, animation: 0 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A full load of the app at a game (from Home, a new address alone does not reload). */
async function openGame(page, id) {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#game=${id}`);
}

/**
 * A game of six random bots played through the API until every seat has a meeple standing (not
 * a farmer) on the board, so that six pieces of the same pose can be compared.
 */
async function sixSeatsOnTheBoard() {
  const info = await server.api('app_info');
  const tiles = new Map((await server.api('tiles')).map((t) => [t.id, t]));
  let view = await server.api('new_game', {
    seats: info.colours.map((colour) => ({ type: 'bot', bot: 'random', colour })),
    order: 'as_listed',
    // the base game seats five: Inns & Cathedrals brings the sixth
    sets: ['inns_cathedrals'],
    options: Object.fromEntries(info.options.map((o) => [o.key, o.default])),
    seed: 5,
  });
  const standing = (v) => {
    const kindAt = (f) => {
      const placed = v.tiles.find((p) => p.at[0] === f.at[0] && p.at[1] === f.at[1]);
      return tiles.get(placed?.tile)?.features.find((x) => x.id === f.feature_id)?.kind;
    };
    return new Set(v.followers.filter((f) => f.kind === 'meeple' && kindAt(f) !== 'field').map((f) => f.seat));
  };
  for (let i = 0; i < 400 && view.pending && standing(view).size < 6; i++) view = (await server.api('bot_move', { game: view.id })).view;
  assert.equal(standing(view).size, 6, 'every seat has a meeple standing on the board');
  return view;
}

/**
 * Copies one standing meeple of each seat from the board into a strip, six times larger, on one
 * flat ground, screenshots the strip, turns the picture to greyscale and returns, per seat, the
 * light pixels on the piece's chest (the seat's mark) and the greyscale picture as a data URL.
 */
async function greyChests(page) {
  const SCALE = 6;
  const CELL = 120;
  await page.evaluate(
    ({ SCALE, CELL }) => {
      const NS = 'http://www.w3.org/2000/svg';
      const strip = document.createElementNS(NS, 'svg');
      strip.setAttribute('data-testid', 'grey-probe');
      strip.setAttribute('width', String(CELL * 6));
      strip.setAttribute('height', String(CELL));
      strip.setAttribute('style', 'position:fixed;left:0;top:0;z-index:99999;background:#7fb44e');
      for (let seat = 0; seat < 6; seat++) {
        const piece = document.querySelector(`[data-testid="follower"][data-seat="${seat}"][data-kind="meeple"][data-lying="false"]`);
        const copy = piece.cloneNode(true);
        copy.setAttribute('transform', `translate(${CELL * seat + CELL / 2} ${CELL / 2}) scale(${SCALE})`);
        strip.appendChild(copy);
      }
      document.body.appendChild(strip);
    },
    { SCALE, CELL },
  );
  const png = await tid(page, 'grey-probe').screenshot();
  return page.evaluate(
    async ({ b64, SCALE, CELL }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      // greyscale: Rec. 709 luma, what a greyscale screen or print keeps of a colour
      for (let p = 0; p < img.data.length; p += 4) {
        const y = Math.round(0.2126 * img.data[p] + 0.7152 * img.data[p + 1] + 0.0722 * img.data[p + 2]);
        img.data[p] = img.data[p + 1] = img.data[p + 2] = y;
      }
      ctx.putImageData(img, 0, 0);
      // a meeple's chest, in its own units: inside its arms and above its legs, all body
      const box = { x0: -3.5, x1: 3.5, y0: -4.2, y1: 3 };
      const chests = [];
      for (let seat = 0; seat < 6; seat++) {
        const bits = [];
        for (let y = Math.round(CELL / 2 + box.y0 * SCALE); y < CELL / 2 + box.y1 * SCALE; y++)
          for (let x = Math.round(CELL * seat + CELL / 2 + box.x0 * SCALE); x < CELL * seat + CELL / 2 + box.x1 * SCALE; x++)
            bits.push(img.data[(y * img.width + x) * 4] > 235 ? 1 : 0);
        chests.push(bits);
      }
      return { chests, url: canvas.toDataURL('image/png') };
    },
    { b64: png.toString('base64'), SCALE, CELL },
  );
}

test('six seats’ followers on the board stay apart in greyscale: each carries its own mark', { timeout: 240000 }, async () => {
  const view = await sixSeatsOnTheBoard();
  const { page, errors, close } = await openApp(browser, server.url, DESKTOP);
  try {
    await openGame(page, view.id);
    await page.locator('[data-testid="follower"]').first().waitFor({ state: 'attached' });
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-six-seats.png') });
    const { chests, url } = await greyChests(page);
    writeFileSync(join(ARTIFACTS, 'a11y-six-seats-grey.png'), Buffer.from(url.split(',')[1], 'base64'));
    const area = chests[0].length;
    // the same silhouette and pose: in greyscale only the light mark on the chest tells two
    // seats apart (a body's grey is never that light, not even yellow's)
    for (let a = 0; a < 6; a++) {
      const marked = chests[a].reduce((n, b) => n + b, 0);
      assert.ok(marked > area * 0.1, `seat ${a}'s chest shows a light mark (${marked} of ${area} pixels)`);
      for (let b = a + 1; b < 6; b++) {
        const differ = chests[a].filter((bit, i) => bit !== chests[b][i]).length;
        assert.ok(differ > area * 0.05, `seats ${a} and ${b}: their marks differ in ${differ} of ${area} pixels`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

/** Changes some settings through the API (a page opened afterwards reads them). */
async function setSettings(patch) {
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, ...patch });
}

test('high contrast (Settings) thickens the followers’ outlines and darkens small text, at once', { timeout: 120000 }, async () => {
  const game = await quickGame(server.api, { names: ['Anne', 'Bruno'] });
  const { page, errors, close } = await openApp(browser, server.url, DESKTOP);
  try {
    await tid(page, 'home-settings').click();
    const looks = () =>
      page.evaluate(() => ({
        note: getComputedStyle(document.querySelector('.setting small')).color,
        select: getComputedStyle(document.querySelector('[data-testid="setting-language"]')).borderTopWidth,
      }));
    const before = await looks();
    await tid(page, 'setting-high-contrast').check();
    await page.waitForFunction(() => document.body.classList.contains('high-contrast'));
    const after = await looks();
    assert.notEqual(after.note, before.note, 'small text darker');
    assert.equal(after.select, '2px', 'thicker borders');
    assert.equal((await server.api('settings')).high_contrast, true, 'saved');
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-settings-contrast.png') });
    await openGame(page, game.id);
    await tid(page, 'seat-score').first().waitFor();
    const stroke = await page.evaluate(() => getComputedStyle(document.querySelector('.seat-piece .follower-body')).strokeWidth);
    assert.equal(stroke, '1.8px');
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-game-contrast.png') });
    assert.deepEqual(errors, []);
  } finally {
    await setSettings({ high_contrast: false });
    await close();
  }
});

const PHONE = { width: 390, height: 844 };
const LANGUAGES = { en: { locale: 'en-US' }, fr: { locale: 'fr-FR' } };

/** Boxes that scroll sideways (a table or a row of choices wider than the screen). */
function sideScrolls(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#app *')]
      .filter((e) => e instanceof HTMLElement && e.offsetParent && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} scrolls: ${e.scrollWidth}px in ${e.clientWidth}px`),
  );
}

/** Fails with what clips or has to be scrolled sideways, after a screenshot to look at. */
async function nothingClips(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `a11y-text150-${name}.png`) });
  assert.deepEqual([...(await clipped(page)), ...(await sideScrolls(page))], [], name);
}

/** Home's screens, each opened and left by its button: none clips. */
async function homeScreensFit(page, lang) {
  const screens = { 'home-new-game': 'new-game', 'home-profiles': 'profiles', 'home-history': 'history', 'home-lan': 'lan', 'home-gallery': 'gallery', 'home-settings': 'settings' };
  await nothingClips(page, `${lang}-home`);
  for (const [button, screen] of Object.entries(screens)) {
    await tid(page, button).click();
    await tid(page, screen).waitFor();
    await nothingClips(page, `${lang}-${screen}`);
    await tid(page, 'back').first().click();
    await tid(page, 'home').waitFor();
  }
}

test('text size: 150 % applies at once; at 150 % no main screen clips or overflows on a 390×844 phone, in English and French', { timeout: 300000 }, async () => {
  const human = await quickGame(server.api, { names: ['Anne', 'Bruno'], sets: ['inns_cathedrals', 'abbot'] });
  const running = await botGame(server.api, 24);
  const finished = await botGame(server.api);
  for (const [lang, extra] of Object.entries(LANGUAGES)) {
    const { page, errors, close } = await openApp(browser, server.url, PHONE, extra);
    try {
      const bodyPx = () => page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
      if (lang === 'en') {
        // chosen in Settings, the size applies at once, without a reload
        const normal = await bodyPx();
        await tid(page, 'home-settings').click();
        await tid(page, 'setting-text-size').selectOption('150');
        await page.waitForFunction((n) => parseFloat(getComputedStyle(document.body).fontSize) === n * 1.5, normal);
        assert.equal((await server.api('settings')).text_size, 150);
        await tid(page, 'back').first().click();
        await tid(page, 'home').waitFor();
      }
      assert.equal(await bodyPx(), 22.5, 'the body text at 150 %');
      await homeScreensFit(page, lang);

      await openGame(page, human.id);
      assert.equal(await waitForHuman(page), 'place');
      await nothingClips(page, `${lang}-game`);
      await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
      await tid(page, 'confirm').waitFor();
      await page.locator('[data-testid="follower-choice"]').first().waitFor();
      await nothingClips(page, `${lang}-choices`);

      await openGame(page, running.id);
      await tid(page, 'toggle-log').click();
      await tid(page, 'turn-entry').first().waitFor();
      await nothingClips(page, `${lang}-log`);

      await openGame(page, finished.id);
      await tid(page, 'end-screen').waitFor();
      await nothingClips(page, `${lang}-end`);
      // the chart's lines end in their seats' marks, beside the names' tokens
      assert.equal(await page.locator('[data-testid="score-chart"] .chart-mark').count(), finished.seats.length);
      assert.equal(await page.locator('[data-testid="breakdown"] .seat-token').count(), finished.seats.length);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
  await setSettings({ text_size: 100 });
});

test('reduced motion (system): after a placement the camera jumps, nothing glides or animates', { timeout: 120000 }, async () => {
  // animations on in the app: only the system's preference turns them off
  await setSettings({ animation: 1, bot_delay_ms: 0 });
  try {
    const game = await quickGame(server.api, { names: ['Anne'], bots: ['random'], seed: 3 });
    const { page, errors, close } = await openApp(browser, server.url, DESKTOP, { reducedMotion: 'reduce' });
    try {
      await openGame(page, game.id);
      assert.equal(await waitForHuman(page), 'place');
      await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
      await tid(page, 'confirm').waitFor();
      await page.locator('[data-testid="follower-choice"]').first().waitFor();
      // from the confirmation to the next turn, every frame: how long the board says it moves
      // (a glide says so for its whole length), and whether anything animates
      await page.evaluate(() => {
        const seen = (window.__motion = { longestMove: 0, animations: [] });
        const board = document.querySelector('[data-testid="board"]');
        let since = null;
        const frame = (now) => {
          if (board.hasAttribute('data-moving')) since ??= now;
          else since = null;
          if (since !== null) seen.longestMove = Math.max(seen.longestMove, now - since);
          for (const a of document.getAnimations()) seen.animations.push(a.animationName ?? a.transitionProperty ?? a.constructor.name);
          if (!seen.stop) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const state = Number(await tid(page, 'game').getAttribute('data-state'));
      await tid(page, 'confirm').click();
      // the bot's turn follows at once: wait for it and for Anne's next tile
      await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s + 1, state);
      assert.equal(await waitForHuman(page), 'place');
      await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
      const seen = await page.evaluate(() => ((window.__motion.stop = true), window.__motion));
      assert.ok(seen.longestMove < 100, `no glide: the board moved for ${seen.longestMove.toFixed(0)} ms`);
      assert.deepEqual([...new Set(seen.animations)], [], 'no CSS animation or transition');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  } finally {
    await setSettings({ animation: 0, bot_delay_ms: 600000 });
  }
});
