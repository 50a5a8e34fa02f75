// French (issue 33): a browser in French sees the app in French (Home, New game, a game's prompt,
// scoreboard and scorings, the end screen, the phone page); choosing English in Settings shows
// English at once, without a reload, and back; French words, longer, clip nowhere on a phone.
// Run: cd ui && npm run build && node --test tests/i18n.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, botGame as botGameOn, clipped, launchBrowser, openApp, quickGame, startServer, tid, unspaced, visibleSpotIndex } from './harness.mjs';

const FR = { locale: 'fr-FR' };
const SIZES = { phone: { width: 390, height: 844 }, small: { width: 320, height: 568 }, desktop: { width: 1280, height: 800 } };

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  server = await startServer();
  // bots wait a while before each move: a game's words can be read between them
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, bot_delay_ms: 3000, animation: 0 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A game of bots played through the API for `n` actions (all of it by default). */
const botGame = (n = Infinity, seed = 11) => botGameOn(server.api, n, seed);

/** A full load of the app at a game (the address keeps the open game; a reload comes back to it). */
async function openGame(page, id) {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#game=${id}`);
}

/** English words a French player would meet on the page: in its text, titles, labels and placeholders (players' names aside). */
async function english(page) {
  const words = await page.evaluate(() => {
    const texts = [document.querySelector('#app')?.innerText ?? ''];
    for (const e of document.querySelectorAll('#app [title], #app [aria-label], #app [placeholder], #app [alt]'))
      for (const a of ['title', 'aria-label', 'placeholder', 'alt']) if (e.getAttribute(a)) texts.push(e.getAttribute(a));
    return texts.join('\n');
  });
  const text = words.replace(/Random bot \d|\b(Anne|Bruno)\b/g, '');
  return [...new Set(text.match(/\b(the|and|of|with|your|you|is|tiles?|players?|games?|turns?|cit(y|ies)|roads?|fields?|left|back|settings|new|play|join|host|seats?|none|nobody|followers?)\b/gi) ?? [])];
}

async function shoot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `i18n-${name}.png`) });
}

test('a browser in French sees French on Home, New game, in a game and at its end; nothing clips on a phone', { timeout: 240000 }, async () => {
  const human = await quickGame(server.api, { names: ['Anne', 'Bruno'], sets: ['inns_cathedrals', 'abbot', 'king_robber'] });
  const running = await botGame(24);
  const finished = await botGame();
  for (const [size, viewport] of Object.entries(SIZES)) {
    const { page, errors, close } = await openApp(browser, server.url, viewport, FR);
    try {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
      assert.equal((await tid(page, 'home-new-game').innerText()).trim(), 'Nouvelle partie');
      assert.match(await tid(page, 'home-settings').innerText(), /Réglages/);
      await shoot(page, `home-${size}`);
      assert.deepEqual(await clipped(page), [], `Home at ${size}`);
      assert.deepEqual(await english(page), [], `Home at ${size}`);
      assert.deepEqual(await unspaced(page), [], `Home at ${size}`);

      await tid(page, 'home-new-game').click();
      await tid(page, 'new-game').waitFor();
      assert.match(await page.locator('[data-testid="new-game"] h1').innerText(), /Nouvelle partie/);
      assert.match(await tid(page, 'start-game').innerText(), /Lancer la partie/);
      await shoot(page, `newgame-${size}`);
      assert.deepEqual(await clipped(page), [], `New game at ${size}`);
      assert.deepEqual(await english(page), [], `New game at ${size}`);
      assert.deepEqual(await unspaced(page), [], `New game at ${size}`);

      // a person's turn: the prompt and the scoreboard
      await openGame(page, human.id);
      await tid(page, 'game').waitFor();
      await page.waitForFunction(() => /placer la tuile/.test(document.querySelector('[data-testid="prompt"]')?.textContent ?? ''));
      assert.match(await tid(page, 'prompt').innerText(), /Anne\s:\splacer la tuile/);
      assert.match(await tid(page, 'seat-score').first().getAttribute('aria-label') ?? (await tid(page, 'seat-score').first().innerText()), /Anne/);
      await shoot(page, `game-${size}`);
      assert.deepEqual(await clipped(page), [], `the game at ${size}`);
      assert.deepEqual(await english(page), [], `the game at ${size}`);
      assert.deepEqual(await unspaced(page), [], `the game at ${size}`);

      // the tile put down: the followers' choices, in French, and nothing cut
      await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
      await tid(page, 'confirm').waitFor();
      await page.locator('[data-testid="follower-choice"]').first().waitFor();
      assert.match(await page.locator('.tray').innerText(), /Pas de meeple|Meeple|Grand meeple|Abbé/);
      await shoot(page, `choose-${size}`);
      assert.deepEqual(await clipped(page), [], `the choices at ${size}`);
      assert.deepEqual(await english(page), [], `the choices at ${size}`);
      assert.deepEqual(await unspaced(page), [], `the choices at ${size}`);

      // a game under way: its turn log says each scoring in French, with the rule
      await openGame(page, running.id);
      await tid(page, 'game').waitFor();
      if (size !== 'desktop') await tid(page, 'toggle-log').click();
      const log = await tid(page, 'turn-log').innerText();
      assert.match(log, /a placé une tuile en/);
      assert.match(log, /(marque(nt)? \d+ points? pour|personne ne marque) .*\(R-[A-Z]+-\d+\)/);
      assert.doesNotMatch(log, /\b(scores?|placed|tiles?|nobody)\b/);

      // the end: standings and every scoring
      await openGame(page, finished.id);
      await tid(page, 'end-screen').waitFor();
      const end = await tid(page, 'end-screen').innerText();
      assert.match(end, /Classement/);
      assert.match(end, /marque(nt)? \d+ points? pour (la|le|l’)/);
      assert.doesNotMatch(end, /\b(Standings|completed|unfinished|nobody|Game over)\b| scores? \d/);
      await shoot(page, `end-${size}`);
      assert.deepEqual(await clipped(page), [], `the end at ${size}`);
      assert.deepEqual(await english(page), [], `the end at ${size}`);
      assert.deepEqual(await unspaced(page), [], `the end at ${size}`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test('every screen from Home reads French and clips nothing on a phone', { timeout: 90000 }, async () => {
  const { page, errors, close } = await openApp(browser, server.url, SIZES.phone, FR);
  try {
    const screens = { 'home-profiles': ['profiles', /Profils/], 'home-history': ['history', /Vos parties/], 'home-lan': ['lan', /Jouer en réseau/], 'home-gallery': ['gallery', /Galerie des tuiles/], 'home-settings': ['settings', /Réglages/] };
    for (const [button, [screen, title]] of Object.entries(screens)) {
      await tid(page, button).click();
      await tid(page, screen).waitFor();
      assert.match(await page.locator(`[data-testid="${screen}"] h1`).first().innerText(), title);
      await shoot(page, `${screen}-phone`);
      assert.deepEqual(await clipped(page), [], screen);
      assert.deepEqual(await english(page), [], screen);
      assert.deepEqual(await unspaced(page), [], screen);
      await tid(page, 'back').first().click();
      await tid(page, 'home').waitFor();
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('choosing English in Settings shows English at once, without a reload, and French again', { timeout: 60000 }, async () => {
  const { page, errors, close } = await openApp(browser, server.url, SIZES.phone, FR);
  try {
    await page.evaluate(() => ((window).__samePage = true));
    await tid(page, 'home-settings').click();
    await tid(page, 'settings').waitFor();
    assert.match(await page.locator('[data-testid="settings"] h1').innerText(), /Réglages/);
    await shoot(page, 'settings-phone');
    assert.deepEqual(await clipped(page), []);
    assert.deepEqual(await tid(page, 'setting-language').locator('option').allTextContents(), ['English', 'Français']);
    assert.equal(await tid(page, 'setting-language').inputValue(), 'fr', 'the system’s language until one is chosen');

    await tid(page, 'setting-language').selectOption('en');
    await page.waitForFunction(() => document.querySelector('[data-testid="settings"] h1')?.textContent === 'Settings');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.match(await page.locator('[data-testid="settings"]').innerText(), /Animations[\s\S]*Learning aids/);
    assert.equal((await server.api('settings')).language, 'en', 'the choice is saved with the settings');
    await tid(page, 'back').click();
    assert.equal((await tid(page, 'home-new-game').innerText()).trim(), 'New game');

    await tid(page, 'home-settings').click();
    await tid(page, 'setting-language').selectOption('fr');
    await page.waitForFunction(() => document.querySelector('[data-testid="settings"] h1')?.textContent === 'Réglages');
    await tid(page, 'back').click();
    assert.equal((await tid(page, 'home-new-game').innerText()).trim(), 'Nouvelle partie');
    assert.equal(await page.evaluate(() => (window).__samePage), true, 'no reload');
    assert.deepEqual(errors, []);
  } finally {
    await close();
    // the next tests find the system's language again
    const s = await server.api('settings');
    await server.api('save_settings', { ...s, language: '' });
  }
});

test('the phone page follows the browser’s language and switches at once', { timeout: 60000 }, async () => {
  const context = await browser.newContext({ viewport: SIZES.phone, ...FR });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/?room=ABCD`);
    await tid(page, 'table-play').waitFor();
    assert.match(await page.locator('.table-join h1').innerText(), /Rejoindre la table/);
    assert.match(await tid(page, 'table-watch').innerText(), /Regarder/);
    assert.deepEqual(await clipped(page), []);
    assert.deepEqual(await english(page), []);
    await shoot(page, 'phone-page');
    await tid(page, 'table-language').selectOption('en');
    await page.waitForFunction(() => document.querySelector('.table-join h1')?.textContent === 'Join the table');
    assert.match(await tid(page, 'table-watch').innerText(), /Watch/);
    assert.ok((await english(page)).length > 0, 'the check for English words sees them');
    await page.reload();
    await tid(page, 'table-play').waitFor();
    assert.match(await page.locator('.table-join h1').innerText(), /Join the table/, 'the choice is remembered by this browser');
  } finally {
    await context.close();
  }
});
