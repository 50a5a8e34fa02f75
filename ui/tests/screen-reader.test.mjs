// Screen readers (issue 33 item 5): axe-core (npm) on every screen — Home, New game, a game at a
// person's turn and with a tile put down, a game under way with its log and bag, Settings,
// Profiles, Statistics, Your games, the replay, the end, the tile gallery and the network page —
// at 1280×800 and 390×844, in English and French: no serious or critical violation, colour
// contrast AA. Then the board described: a placed tile names its cell, features and the
// follower's owner; the legal cells are listed with their rotations; the live region announces
// a scoring with its points.
// Run: cd ui && npm run build && node --test tests/screen-reader.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axe } from './axe.mjs';
import { ARTIFACTS, botGame, launchBrowser, openApp, quickGame, startServer, tid, unspaced, visibleSpotIndex, waitForHuman } from './harness.mjs';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LANGUAGES = { en: 'en-US', fr: 'fr-FR' };

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  server = await startServer();
  // a bot's move waits ten minutes: every screen holds still while axe looks at it
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, bot_delay_ms: 600000, animation: 0 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A full load of the app at a game. */
async function openGame(page, id) {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#game=${id}`);
}

/** Home, and every screen it leads to, each checked; back to Home after each. */
async function homeScreens(page, check, replayed) {
  await check('home');
  const screens = { 'home-new-game': 'new-game', 'home-profiles': 'profiles', 'home-history': 'history', 'home-lan': 'lan', 'home-gallery': 'gallery', 'home-settings': 'settings' };
  for (const [button, screen] of Object.entries(screens)) {
    await tid(page, button).click();
    await tid(page, screen).waitFor();
    if (screen === 'gallery') await page.locator('[data-testid="gallery"] svg').first().waitFor();
    await check(screen);
    if (screen === 'profiles') {
      await tid(page, 'profile-stats').first().click();
      await page.locator('[data-testid="stats"][data-ready="true"]').waitFor();
      await check('stats');
      await tid(page, 'back').first().click();
      await tid(page, 'profiles').waitFor();
    }
    if (screen === 'history') {
      await page.locator(`[data-testid="history-item"][data-game-id="${replayed}"] [data-testid="history-replay"]`).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="replay"]')?.dataset.at);
      await check('replay');
      await tid(page, 'replay-prev-turn').click();
      await check('replay-earlier');
      await tid(page, 'back').first().click();
      await tid(page, 'history').waitFor();
    }
    await tid(page, 'back').first().click();
    await tid(page, 'home').waitFor();
  }
}

for (const [lang, locale] of Object.entries(LANGUAGES))
  for (const [size, viewport] of Object.entries(SIZES))
    test(`axe: no serious or critical violation, contrast AA, on every screen (${lang}, ${size})`, { timeout: 300000 }, async () => {
      const human = await quickGame(server.api, { names: ['Anne', 'Bruno'], sets: ['inns_cathedrals', 'abbot'], seed: 21 });
      const running = await botGame(server.api, 30);
      const finished = await botGame(server.api);
      const { page, errors, close } = await openApp(browser, server.url, viewport, { locale, bypassCSP: true, reducedMotion: 'reduce' });
      const found = [];
      const check = async (screen) => {
        found.push(...(await axe(page, `${lang} ${size} ${screen}`)));
        await page.screenshot({ path: join(ARTIFACTS, `axe-${lang}-${size}-${screen}.png`) });
        if (lang === 'fr') found.push(...(await unspaced(page)).map((w) => `${size} ${screen}: French needs a no-break space in “${w}”`));
      };
      try {
        // the check can fail: grey on white text, put on Home for a moment, is a contrast violation
        await page.evaluate(() => document.querySelector('#app').insertAdjacentHTML('beforeend', '<p id="probe" style="color:#bbb;background:#fff">Probe</p>'));
        const probe = await axe(page, 'probe');
        assert.ok(probe.some((v) => v.id === 'color-contrast' && v.nodes.some((n) => n.startsWith('#probe'))), JSON.stringify(probe));
        await page.evaluate(() => document.querySelector('#probe').remove());
        await homeScreens(page, check, finished.id);

        // a person's turn, then the tile put down with its follower choices
        await openGame(page, human.id);
        assert.equal(await waitForHuman(page), 'place');
        await check('game');
        await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
        await tid(page, 'confirm').waitFor();
        await page.locator('[data-testid="follower-choice"]').first().waitFor();
        await check('game-tentative');

        // a game under way: followers on the board, the turn log, the bag by tile type
        await openGame(page, running.id);
        await tid(page, 'turn-entry').first().waitFor({ state: 'attached' });
        if (size === 'phone') await tid(page, 'toggle-log').click();
        await check('game-log');
        // the drawer covers the top bar on a phone: its own button closes it
        if (size === 'phone') await page.locator('.info-close').click();
        await tid(page, 'tiles-chip').click();
        await tid(page, 'bag').waitFor();
        await check('bag');
        await tid(page, 'bag-close').click();

        await openGame(page, finished.id);
        await tid(page, 'end-screen').waitFor();
        await check('end');
        assert.deepEqual(found, [], JSON.stringify(found, null, 1));
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });

const SIDES = ['N', 'E', 'S', 'W'];
const SIDE_WORDS = { en: { N: 'north', E: 'east', S: 'south', W: 'west' }, fr: { N: 'au nord', E: 'à l’est', S: 'au sud', W: 'à l’ouest' } };
/** The sides a feature reaches on a tile turned `rotation` quarter turns clockwise, in words. */
function sideWords(feature, rotation, lang) {
  const turned = new Set(feature.ports.map((p) => SIDES[(SIDES.indexOf(p[0]) + rotation) % 4]));
  return new Intl.ListFormat(lang).format(SIDES.filter((s) => turned.has(s)).map((s) => SIDE_WORDS[lang][s]));
}

test('the board described: a placed tile names its cell, features and its follower’s owner; the legal cells list their rotations; the decision is said', { timeout: 120000 }, async () => {
  const tiles = new Map((await server.api('tiles')).map((x) => [x.id, x]));
  let v = await quickGame(server.api, { names: ['Anne', 'Bruno'], seed: 5 });
  // Anne puts her tile on the first legal cell and a meeple in a field (fields score only at the end)
  const pl = v.pending.placements[0];
  const act = async (action) => (v = (await server.api('play', { game: v.id, seat: v.pending.decision.seat, state: v.state, action })).view);
  await act({ type: 'place', at: pl.at, rotation: pl.rotations[0] });
  const deploy = v.pending.choices.find((c) => c.action.type === 'deploy' && c.feature_kind === 'field') ?? v.pending.choices.find((c) => c.action.type === 'deploy');
  await act(deploy.action);
  const [x, y] = pl.at;
  const placed = v.tiles.find((p) => p.at[0] === x && p.at[1] === y);
  const tile = tiles.get(placed.tile);
  const follower = v.followers.find((f) => f.seat === 0 && f.at[0] === x && f.at[1] === y);
  assert.ok(follower, 'Anne’s meeple stands on her tile');
  const feature = tile.features.find((f) => f.id === follower.feature_id);
  const words = {
    en: { tile: `Tile at (${x}, ${y}): `, follower: `Anne’s meeple on the ${{ field: 'field', city: 'city', road: 'road', monastery: 'monastery' }[feature.kind]} ${sideWords(feature, placed.rotation, 'en')}`, kinds: { city: 'city', road: 'road', field: 'field', monastery: 'monastery' } },
    fr: { tile: `Tuile en (${x}, ${y})\u00a0: `, follower: `Meeple d’Anne ${{ field: 'dans le pré', city: 'dans la ville', road: 'sur la route', monastery: 'dans l’abbaye' }[feature.kind]} ${sideWords(feature, placed.rotation, 'fr')}`, kinds: { city: 'ville', road: 'route', field: 'pré', monastery: 'abbaye' } },
  };
  for (const [lang, locale] of Object.entries(LANGUAGES)) {
    const { page, errors, close } = await openApp(browser, server.url, SIZES.desktop, { locale });
    try {
      await openGame(page, v.id);
      assert.equal(await waitForHuman(page), 'place');
      const w = words[lang];
      // the tile, found by its accessible name as chromium computes it
      const named = page.getByRole('img', { name: w.tile });
      assert.equal(await named.count(), 1, `one tile named “${w.tile}…”`);
      const name = await named.getAttribute('aria-label');
      assert.ok(name.includes(w.follower), `${name} names the follower and its owner: ${w.follower}`);
      for (const f of tile.features) if (w.kinds[f.kind]) assert.ok(name.includes(w.kinds[f.kind]), `${name} names its ${f.kind}`);
      if (lang !== 'en') continue;
      // every legal cell of Bruno's tile, each with the rotations that fit there and no other
      const places = v.pending.placements;
      assert.equal(await page.getByRole('group', { name: `Cells the tile fits: ${places.length}` }).count(), 1);
      for (const p of places) {
        const label = await page.locator(`[data-testid="spot"][data-x="${p.at[0]}"][data-y="${p.at[1]}"]`).getAttribute('aria-label');
        assert.match(label, new RegExp(`^Place the tile at \\(${p.at[0]}, ${p.at[1]}\\), ${p.rotations.length} ways?: `));
        for (const r of [0, 1, 2, 3]) assert.equal(label.includes(`turned ${r * 90}°`), p.rotations.includes(r), `${label}: rotation ${r}`);
      }
      const said = await tid(page, 'decision-description').textContent();
      assert.match(said, new RegExp(`^Bruno: place the tile\\. The tile: .+\\. It fits ${places.length} cells?\\.$`));
      assert.equal(await page.locator('[data-testid="board"]').getAttribute('aria-describedby'), await tid(page, 'decision-description').getAttribute('id'));
      // a cell chosen by keyboard: the tile put down is said with how it is turned, and again once turned
      const two = places.find((p) => p.rotations.length > 1) ?? places[0];
      await page.locator(`[data-testid="spot"][data-x="${two.at[0]}"][data-y="${two.at[1]}"]`).focus();
      await page.keyboard.press('Enter');
      await tid(page, 'tentative').waitFor({ state: 'attached' });
      const turnedTo = async () => Number(await tid(page, 'tentative').getAttribute('data-rotation'));
      const first = await turnedTo();
      const tentative = () => tid(page, 'tentative-description').textContent();
      assert.match(await tentative(), new RegExp(`^Tile put down at \\(${two.at[0]}, ${two.at[1]}\\), not confirmed, turned ${first * 90}°: `));
      assert.equal(await tid(page, 'tentative-description').getAttribute('role'), 'status');
      assert.equal(await tid(page, 'tentative').getAttribute('aria-label'), await tentative());
      if (two.rotations.length > 1) {
        await tid(page, 'rotate').click();
        await page.waitForFunction((r) => document.querySelector('[data-testid="tentative"]')?.dataset.rotation !== String(r), first);
        const next = await turnedTo();
        assert.ok(two.rotations.includes(next));
        assert.match(await tentative(), new RegExp(`not confirmed, turned ${next * 90}°: `));
      }
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test('the live region announces the other seats’ turns and every scoring with its points', { timeout: 240000 }, async () => {
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, bot_delay_ms: 0 });
  try {
    const game = await quickGame(server.api, { names: ['Anne'], bots: ['random'], seed: 8 });
    const { page, errors, close } = await openApp(browser, server.url, SIZES.desktop);
    try {
      await openGame(page, game.id);
      assert.equal(await waitForHuman(page), 'place');
      assert.equal(await tid(page, 'announcer').getAttribute('aria-live'), 'polite');
      assert.equal(await tid(page, 'announcer').textContent(), '', 'a game just opened says nothing');
      // everything the region ever says, as a screen reader hears it
      await page.evaluate(() => {
        window.__heard = [];
        const region = document.querySelector('[data-testid="announcer"]');
        new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__heard.push(n.textContent)))).observe(region, { childList: true });
      });
      const scoring = /^(.+) scores? (\d+) for the .+ \((R-[A-Z]+-\d+)\)$/;
      for (let turn = 0; turn < 30 && !(await page.evaluate((re) => window.__heard.some((s) => new RegExp(re).test(s)), scoring.source)); turn++) {
        if ((await waitForHuman(page)) !== 'place') break;
        await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
        await tid(page, 'confirm').waitFor();
        await page.locator('[data-testid="follower-choice"]').first().waitFor();
        await page.locator('[data-testid="follower-choice"]').first().click();
        const state = Number(await tid(page, 'game').getAttribute('data-state'));
        await tid(page, 'confirm').click();
        await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s + 1, state);
      }
      const heard = await page.evaluate(() => window.__heard);
      const view = await server.api('game_view', { game: game.id });
      const bot = view.seats[1].name;
      // the bot's turns are told (where its tile went); Anne's own are not
      assert.ok(heard.some((s) => s.startsWith(`${bot} placed a tile at (`)), heard.join('\n'));
      assert.ok(!heard.some((s) => s.startsWith('Anne placed a tile')), heard.join('\n'));
      const said = heard.map((s) => scoring.exec(s)).filter(Boolean);
      assert.ok(said.length > 0, `a scoring announced: ${heard.join('\n')}`);
      for (const [, who, points, rule] of said)
        assert.ok(
          view.scores.some((l) => l.entry.points === Number(points) && l.entry.rule === rule && l.entry.winners.some((w) => who.includes(view.seats[w].name))),
          `“${who} ${points} ${rule}” is a scoring of the game`,
        );
      await page.screenshot({ path: join(ARTIFACTS, 'screen-reader-announced.png') });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  } finally {
    await server.api('save_settings', { ...(await server.api('settings')), bot_delay_ms: 600000 });
  }
});
