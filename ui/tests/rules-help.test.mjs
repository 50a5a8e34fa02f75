// Rules help (issue 33 item 3): the rules reference opens from Home (a screen with a section per
// expansion, each with tiles drawn by the app's art), from the new-game screen beside each
// expansion (at its section, the setup kept) and from a score line's rule ID in a game, at its end
// and in a replay (at that rule's paragraph, in a window over the screen: Escape closes it, the
// focus goes back to the link, the turn in progress and the replay's position are as they were).
// axe finds no serious or critical violation at 1280×800 and 390×844 in English and French, the
// French shows no English word, and nothing is cut off at 320×568.
// Run: cd ui && npm run build && node --test tests/rules-help.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axe } from './axe.mjs';
import { ARTIFACTS, botGame, clipped, launchBrowser, openApp, quickGame, startServer, tid, unspaced, visibleSpotIndex, waitForHuman } from './harness.mjs';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 }, small: { width: 320, height: 568 } };
const LANGUAGES = { en: 'en-US', fr: 'fr-FR' };
/** The section each expansion's button opens (ui/src/rules/sections.ts). */
const SECTION = { river1: 'river1', river2: 'river1', abbot: 'abbot', inns_cathedrals: 'inns_cathedrals', city_of_carcassonne: 'city_of_carcassonne', king_robber: 'king_robber', shrines: 'shrines', ckr_land: 'ckr_land', besiegers: 'besiegers', cathars: 'besiegers', siege: 'besiegers' };

let browser;
let server;
let human;
let finished;
before(async () => {
  browser = await launchBrowser();
  server = await startServer();
  // a bot's move waits ten minutes: the game holds still while a test looks at it
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, bot_delay_ms: 600000, animation: 0 });
  human = await scoredPosition();
  finished = await botGame(server.api);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Ann (playing the hints) against a bot, through the API, until a line was scored and Ann is to place a tile. */
async function scoredPosition() {
  const game = await quickGame(server.api, { names: ['Ann'], bots: ['easy'], seed: 4 });
  let v = await server.api('game_view', { game: game.id });
  for (let i = 0; i < 300 && !v.over; i++) {
    const p = v.pending;
    if (p.by_bot) {
      v = (await server.api('bot_move', { game: v.id })).view;
      continue;
    }
    if (p.decision.kind === 'place_tile' && v.scores.some((l) => l.entry.winners.length)) return v;
    const hint = await server.api('hint', { game: v.id });
    for (const action of hint.actions) v = (await server.api('play', { game: v.id, seat: p.decision.seat, state: v.state, action })).view;
  }
  assert.fail('no scored line before a turn of Ann');
}

/** A full load of the app at a game. */
async function openGame(page, id) {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#game=${id}`);
}

/** English words shown (texts and labels) under `root`, none of which French has (as i18n.test.mjs looks for them). */
async function english(page, root) {
  const text = await page.evaluate((root) => {
    const texts = [...document.querySelectorAll(root)].map((e) => e.innerText);
    for (const e of document.querySelectorAll(`${root} [title], ${root} [aria-label]`)) for (const a of ['title', 'aria-label']) if (e.getAttribute(a)) texts.push(e.getAttribute(a));
    return texts.join('\n');
  }, root);
  return [...new Set(text.match(/\b(the|and|of|with|your|you|is|tiles?|players?|games?|turns?|cit(y|ies)|roads?|fields?|shields?|followers?|rules?|default|nobody|none)\b/gi) ?? [])];
}

/** Where the rules window stands: open, its focused element's id, and whether that element is in sight in the window. */
async function rulesWindow(page) {
  return page.evaluate(() => {
    const d = document.querySelector('[data-testid="rules-dialog"]');
    if (!d) return { open: false };
    const focus = document.activeElement;
    const box = d.querySelector('.rules-scroll').getBoundingClientRect();
    const r = focus?.getBoundingClientRect();
    const inSight = !!r && r.top >= box.top - 1 && r.top < box.bottom - 20;
    const dr = d.getBoundingClientRect();
    return { open: true, focus: focus?.id ?? '', inSight, inside: dr.left >= 0 && dr.top >= 0 && dr.right <= innerWidth && dr.bottom <= innerHeight };
  });
}

test('Home opens the Rules screen: a section per expansion with its tiles, paragraphs by rule ID, options', { timeout: 60000 }, async () => {
  const { page, errors, close } = await openApp(browser, server.url);
  try {
    await tid(page, 'home-rules').click();
    await tid(page, 'rules').waitFor();
    const sections = await page.locator('[data-testid="rules-section"]').evaluateAll((els) => els.map((e) => ({ id: e.dataset.section, tiles: e.querySelectorAll('.rules-tile svg').length, rules: [...e.querySelectorAll('[data-testid="rule"]')].map((p) => p.id) })));
    assert.deepEqual(sections.map((s) => s.id), ['base', 'river1', 'abbot', 'inns_cathedrals', 'city_of_carcassonne', 'king_robber', 'shrines', 'ckr_land', 'besiegers']);
    for (const s of sections) {
      assert.ok(s.tiles >= 1 && s.tiles <= 3, `${s.id}: ${s.tiles} tile pictures`);
      assert.ok(s.rules.length > 0 && s.rules.every((id) => /^rule-R-[A-Z]+-\d+$/.test(id)), `${s.id}: ${s.rules}`);
    }
    assert.ok(sections[0].rules.includes('rule-R-BASE-13'), 'farmers in the base game');
    // the options of a section, with the option's rule linked within the page
    const farmers = page.locator('[data-section="base"] [data-option="farmers"]');
    assert.match(await farmers.innerText(), /Farmers/);
    await farmers.locator('[data-testid="rule-link"]').click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'rule-R-BASE-13');
    // the list of sections goes to each
    await page.locator('[data-testid="rules-goto"][data-section="shrines"]').click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules-shrines');
    await tid(page, 'back').click();
    await tid(page, 'home').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the new-game screen opens each expansion’s rules at its section, over the setup, which stays as it was', { timeout: 90000 }, async () => {
  const { page, errors, close } = await openApp(browser, server.url);
  try {
    await tid(page, 'home-new-game').click();
    await page.locator('[data-testid="new-game"][data-ready="true"]').waitFor();
    await tid(page, 'set-abbot').check();
    for (const [e, section] of Object.entries(SECTION)) {
      const help = tid(page, `rules-${e}`);
      await help.click();
      await tid(page, 'rules-dialog').waitFor();
      const w = await rulesWindow(page);
      assert.equal(w.focus, `rules-${section}`, `${e} opens its section`);
      assert.ok(w.inSight, `${e}: the section is in sight`);
      await page.keyboard.press('Escape');
      await tid(page, 'rules-dialog').waitFor({ state: 'detached' });
      assert.equal(await help.evaluate((b) => b === document.activeElement), true, `${e}: the focus is back on its button`);
    }
    assert.equal(await tid(page, 'set-abbot').isChecked(), true, 'the setup is kept');
    await tid(page, 'new-game').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a score line’s rule ID opens its paragraph over the game; closing it leaves the turn in progress as it was', { timeout: 90000 }, async () => {
  const { page, errors, close } = await openApp(browser, server.url);
  try {
    await openGame(page, human.id);
    assert.equal(await waitForHuman(page), 'place');
    // a tile put down, not confirmed: the turn in progress
    await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
    await tid(page, 'confirm').waitFor();
    await page.locator('[data-testid="follower-choice"]').first().waitFor();
    const before = await page.evaluate(() => ({ state: document.querySelector('[data-testid="game"]').dataset.state, hash: location.hash, tentative: document.querySelectorAll('[data-testid="follower-choice"]').length, log: document.querySelector('[data-testid="turn-log"]').innerText }));
    assert.ok(before.tentative > 0);
    const link = page.locator('[data-testid="turn-log"] [data-testid="score-line"] [data-testid="rule-link"]').first();
    const rule = await link.getAttribute('data-rule');
    assert.match(rule, /^R-[A-Z]+-\d+$/);
    await link.click();
    await tid(page, 'rules-dialog').waitFor();
    const w = await rulesWindow(page);
    assert.equal(w.focus, `rule-${rule}`, 'the rule’s paragraph has the focus');
    assert.ok(w.inSight, 'and is in sight');
    assert.match(await page.locator(`#rule-${rule}`).innerText(), new RegExp(`^${rule} `));
    await page.screenshot({ path: join(ARTIFACTS, 'rules-help-game.png') });
    // Escape closes the window only: the tile put down stays (on the board, Escape takes it back)
    await page.keyboard.press('Escape');
    await tid(page, 'rules-dialog').waitFor({ state: 'detached' });
    assert.equal(await link.evaluate((b) => b === document.activeElement), true, 'the focus is back on the link');
    const afterward = await page.evaluate(() => ({ state: document.querySelector('[data-testid="game"]').dataset.state, hash: location.hash, tentative: document.querySelectorAll('[data-testid="follower-choice"]').length, log: document.querySelector('[data-testid="turn-log"]').innerText }));
    assert.deepEqual(afterward, before, 'the same game, the same turn in progress');
    // and the turn goes on
    await tid(page, 'confirm').click();
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]')?.dataset.state) > s, Number(before.state));

    // the end screen's lines too
    await openGame(page, finished.id);
    await tid(page, 'end-screen').waitFor();
    const end = page.locator('[data-testid="end-screen"] [data-testid="score-line"] [data-testid="rule-link"]').last();
    const endRule = await end.getAttribute('data-rule');
    await end.click();
    assert.equal((await rulesWindow(page)).focus, `rule-${endRule}`);
    await tid(page, 'rules-close').click();
    await tid(page, 'rules-dialog').waitFor({ state: 'detached' });
    await tid(page, 'end-screen').waitFor();

    // and the replay's: its keys wait while the window is open, Escape closes only the window
    await tid(page, 'end-home').click();
    await tid(page, 'home-history').click();
    await page.locator(`[data-testid="history-item"][data-game-id="${finished.id}"] [data-testid="history-replay"]`).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="replay"]')?.dataset.at);
    const at = await tid(page, 'replay').getAttribute('data-at');
    const steps = [];
    page.on('request', (r) => r.url().includes('/api/replay') && steps.push(r.url()));
    await page.locator('[data-testid="turn-log"] [data-testid="rule-link"]').first().click();
    await tid(page, 'rules-dialog').waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('Escape');
    await tid(page, 'rules-dialog').waitFor({ state: 'detached' });
    assert.equal(await tid(page, 'replay').getAttribute('data-at'), at);
    // one step back once the window is shut: the only step asked for since it opened
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((at) => document.querySelector('[data-testid="replay"]').dataset.at !== at, at);
    assert.equal(steps.length, 1, `the replay moved only once the window was shut: ${steps}`);
    assert.equal(Number(await tid(page, 'replay').getAttribute('data-at')), Number(at) - 1);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

for (const [lang, locale] of Object.entries(LANGUAGES))
  for (const [size, viewport] of Object.entries(SIZES))
    test(`the rules in ${lang} at ${viewport.width}×${viewport.height}: ${size === 'small' ? 'nothing cut off' : 'axe finds no serious or critical violation'}${lang === 'fr' ? ', no English word' : ''}`, { timeout: 120000 }, async () => {
      const { page, errors, close } = await openApp(browser, server.url, viewport, { locale, bypassCSP: true, reducedMotion: 'reduce' });
      const found = [];
      const check = async (screen, root) => {
        await page.screenshot({ path: join(ARTIFACTS, `rules-help-${lang}-${size}-${screen}.png`) });
        if (lang === 'fr') found.push(...(await english(page, root)).map((w) => `${screen}: English “${w}”`));
        if (lang === 'fr') found.push(...(await unspaced(page, root)).map((w) => `${screen}: French needs a no-break space in “${w}”`));
        if (size === 'small') found.push(...(await clipped(page, root)).map((c) => `${screen}: ${c}`));
        else found.push(...(await axe(page, `${lang} ${size} ${screen}`)));
      };
      try {
        await tid(page, 'home-rules').click();
        await tid(page, 'rules').waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), lang);
        await check('screen', '#app');
        await tid(page, 'back').click();
        await tid(page, 'home-new-game').click();
        await page.locator('[data-testid="new-game"][data-ready="true"]').waitFor();
        await tid(page, 'rules-city_of_carcassonne').click();
        await tid(page, 'rules-dialog').waitFor();
        assert.ok((await rulesWindow(page)).inside, 'the window fits the screen');
        await check('new-game', '.rules-dialog');
        await page.keyboard.press('Escape');
        await openGame(page, finished.id);
        await tid(page, 'end-screen').waitFor();
        await page.locator('[data-testid="end-screen"] [data-testid="rule-link"]').first().click();
        await tid(page, 'rules-dialog').waitFor();
        assert.ok((await rulesWindow(page)).inside, 'the window fits the screen');
        await check('end', '.rules-dialog');
        assert.deepEqual(found, []);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
