// A whole game with the keyboard alone (issue 33, item 6), in chromium against the real UI
// server: two people passing one device, the City of Carcassonne (its quarters, the Count,
// redeploys, the final redeploy), the Abbot (gardens, the abbot, his recall) and the Siege
// (besieged cities, escapes). Every input is a key press (page.keyboard); the page is only
// read. Also the keys' help and the focus ring, in screenshots at three sizes.
// Run: cd ui && npm run build && node --test tests/keyboard.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, clipped, gameState, launchBrowser, openApp, startFastServer, tid, waitForHuman } from './harness.mjs';
import { policy, rng, same } from './keyboard-policy.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// seed 29 meets every decision of the three sets with these choices (found through the API, keyboard-policy.mjs)
const SEED = Number(process.env.KEYBOARD_SEED ?? 29);
const SETS = ['city_of_carcassonne', 'abbot', 'siege'];

/** Two people (profiles) at one device, the three sets, escapes from any city tile, the final redeploy on. */
async function newGame(api, seed) {
  const info = await api('app_info');
  const seats = [];
  for (const [i, name] of ['Ann', 'Bob'].entries()) {
    const p = await api('create_profile', { name, colour: info.colours[i] });
    seats.push({ type: 'human', profile: p.id });
  }
  const options = { ...Object.fromEntries(info.options.map((o) => [o.key, o.default])), final_redeploy: true, siege_escape: 'any_city_tile' };
  return api('new_game', { seats, order: 'as_listed', sets: SETS, options, seed });
}

/** The focused element: its test id and data (reading the page, not acting on it). */
const focused = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e && e !== document.body ? { testid: e.getAttribute('data-testid'), x: e.getAttribute('data-x'), y: e.getAttribute('data-y'), gameId: e.getAttribute('data-game-id') } : null;
  });

/** Presses Tab until `want(focus)` holds (at most `max` times). */
async function tabTo(page, want, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (want(await focused(page))) return;
  }
  assert.fail('Tab reached the element');
}

/** The choices under the board with their digit keys, as the page shows them. */
const choices = (page) =>
  page.$$eval('.choice-area button[data-key]', (bs) =>
    bs.map((b) => ({ key: b.dataset.key, testid: b.dataset.testid, action: b.dataset.action ? JSON.parse(b.dataset.action) : null, on: b.getAttribute('aria-pressed') === 'true', text: b.textContent })),
  );

/** Waits until the game's state passed `state` (a decision played). */
const played = (page, state) => page.waitForFunction((s) => document.querySelector('[data-testid="end-screen"]') || Number(document.querySelector('[data-testid="game"]')?.dataset.state) > s, state, { polling: 20 });

/** Presses `key` until `done()` holds (at most `max` times). */
async function pressUntil(page, key, done, max, what) {
  for (let i = 0; i < max && !(await done()); i++) await page.keyboard.press(key);
  assert.ok(await done(), what);
}

/** Presses the digit of the choice whose action is `action` (K first when it is another follower kind's). */
async function pressChoice(page, action) {
  if (action.follower && (await page.locator('.kind-row button').count()) > 1)
    await pressUntil(page, 'k', async () => (await page.locator(`.kind-row button.on[data-kind="${action.follower}"]`).count()) > 0, 3, `K shows the ${action.follower}`);
  const list = await choices(page);
  const c = list.find((x) => x.action && same(x.action) === same(action));
  assert.ok(c, `a choice with a digit for ${same(action)} among ${list.map((x) => same(x.action)).join(' ')}`);
  await page.keyboard.press(c.key);
  return c;
}

/** A placement by keys: N to the cell, Enter, R to the rotation, a digit (and K) for the follower, Enter. */
async function placeByKeys(page, api, id, pending, rand, met) {
  const state = await gameState(page);
  const action = policy(pending, rand);
  const at = `${action.at[0]},${action.at[1]}`;
  await pressUntil(page, 'n', async () => {
    const f = await focused(page);
    return f?.testid === 'spot' && `${f.x},${f.y}` === at;
  }, pending.placements.length + 1, `N reaches the legal cell ${at}`);
  await page.keyboard.press('Enter');
  await tid(page, 'tentative').waitFor();
  assert.equal(await tid(page, 'tentative').evaluate((e) => `${e.dataset.x},${e.dataset.y}`), at, 'Enter puts the tile on the focused cell');
  const turned = async () => Number(await tid(page, 'tentative').getAttribute('data-rotation')) === action.rotation;
  if (!(await turned())) met.add('rotate');
  await pressUntil(page, 'r', turned, 4, 'R turns the tile');
  await page.waitForFunction(() => !document.querySelector('.follower-row.loading') && document.querySelector('[data-testid="no-follower"]'));
  const preview = (await api('preview', { game: id, state, at: action.at, rotation: action.rotation })).choices;
  const deploy = policy({ placements: [], choices: preview }, rand);
  if (deploy.type !== 'pass') {
    const c = await pressChoice(page, deploy);
    await page.waitForFunction((k) => document.querySelector(`.choice-area button[data-key="${k}"]`)?.getAttribute('aria-pressed') === 'true', c.key);
    met.add(deploy.type === 'deploy' ? `deploy:${deploy.follower}` : deploy.type);
  }
  await page.keyboard.press('Enter');
  await played(page, state);
  met.add('place');
}

/** Another decision (the City's, an escape): the digit of the policy's choice. */
async function chooseByKeys(page, pending, rand, met) {
  const state = await gameState(page);
  const action = policy(pending, rand);
  assert.equal(await tid(page, 'game').getAttribute('data-decision'), pending.decision.kind);
  await pressChoice(page, action);
  await played(page, state);
  met.add(`${pending.decision.kind}:${action.type}`);
}

test('a whole game with the keyboard alone: the City of Carcassonne, the Abbot and the Siege, to the end screen', { timeout: 900000 }, async () => {
  const server = await startFastServer();
  const game = await newGame(server.api, SEED);
  const { page, errors, close } = await openApp(browser, server.url, DESKTOP);
  const met = new Set();
  const rand = rng(SEED);
  try {
    // Home: Tab to the game in progress, Enter opens it
    await tabTo(page, (f) => f?.testid === 'game-item' && f.gameId === String(game.id));
    await page.keyboard.press('Enter');
    await tid(page, 'game').waitFor();
    // the help: ? opens it with the focus inside, Escape closes it
    await page.keyboard.press('?');
    await tid(page, 'keys-help').waitFor();
    assert.equal((await focused(page))?.testid, 'keys-close', 'the help takes the focus');
    assert.ok((await tid(page, 'keys-row').count()) >= 12, 'every key listed');
    await page.keyboard.press('Escape');
    await tid(page, 'keys-help').waitFor({ state: 'detached' });
    for (let turn = 0; turn < 600; turn++) {
      const mode = await waitForHuman(page);
      if (mode === 'end') break;
      if (mode === 'over') {
        // the last board, then Enter for the results
        await tid(page, 'see-results').waitFor();
        await page.keyboard.press('Enter');
        await tid(page, 'end-screen').waitFor();
        break;
      }
      // what the page shows is what the API says is pending (read, to follow the seeded choices)
      const { pending } = await server.api('game_view', { game: game.id });
      if (mode === 'place') await placeByKeys(page, server.api, game.id, pending, rand, met);
      else await chooseByKeys(page, pending, rand, met);
    }
    await tid(page, 'end-screen').waitFor();
    const view = await server.api('game_view', { game: game.id });
    assert.equal(view.over, true, 'the game is over');
    console.log(`seed ${SEED}: ${[...met].sort().join(', ')}`);
    // every kind of decision of the three sets was made by keys
    for (const want of ['place', 'rotate', 'deploy:meeple', 'deploy:abbot', 'recall_abbot', 'city_deploy:city_deploy', 'move_count:move_count', 'redeploy:redeploy', 'escape:escape', 'final_redeploy:final_redeploy'])
      assert.ok(met.has(want), `${want} made by keys (met: ${[...met].join(', ')})`);
    // the end screen by keys: Tab to Home, Enter
    await tabTo(page, (f) => f?.testid === 'end-home');
    await page.keyboard.press('Enter');
    await tid(page, 'home').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.stop();
  }
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', { width: 390, height: 844 }],
  ['small phone', { width: 320, height: 568 }],
]) {
  test(`the focus ring and the keys' help: ${name}`, { timeout: 120000 }, async () => {
    const server = await startFastServer();
    const game = await newGame(server.api, SEED);
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).focus();
      await page.keyboard.press('Enter');
      assert.equal(await waitForHuman(page), 'place');
      // a legal cell with the focus: ringed, in sight, the tile shown there
      await page.keyboard.press('n');
      const ring = await page.evaluate(() => {
        const s = document.activeElement;
        const mark = s.querySelector('.spot-mark');
        const b = document.querySelector('[data-testid="board"]').getBoundingClientRect();
        const r = s.getBoundingClientRect();
        return { stroke: getComputedStyle(mark).strokeWidth, inside: r.left >= b.left && r.top >= b.top && r.right <= b.right && r.bottom <= b.bottom, ghost: document.querySelectorAll('.layer-ghost .ghost').length };
      });
      assert.equal(ring.stroke, '8px', 'the focused cell has its thick ring');
      assert.ok(ring.inside, 'the focused cell is in sight');
      assert.equal(ring.ghost, 1, 'the tile shows on the focused cell');
      await page.screenshot({ path: `${ARTIFACTS}/keys-cell-${name.replace(' ', '-')}.png` });
      // the tile placed: the choices show their digits; Tab shows the ring on a button
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid="no-follower"]'));
      const digits = await page.$$eval('.choice-area button[data-key]', (bs) => bs.map((b) => getComputedStyle(b, '::after').content));
      assert.ok(digits.length > 0 && digits.every((d, i) => d === `"${(i + 1) % 10}"`), `the choices show their digits: ${digits}`);
      await tid(page, 'no-follower').focus();
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      assert.equal(outline, 'solid', 'a button with the focus has its ring');
      await page.screenshot({ path: `${ARTIFACTS}/keys-choices-${name.replace(' ', '-')}.png` });
      // the help: the button on the board, every row in the window, nothing cut
      assert.ok(await tid(page, 'keys-open').isVisible(), 'the help has a visible button');
      await page.keyboard.press('?');
      await tid(page, 'keys-help').waitFor();
      const box = await tid(page, 'keys-help').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width && box.y >= 0 && box.y + box.height <= viewport.height, 'the help fits the screen');
      assert.deepEqual(await clipped(page), [], 'nothing cut in the help');
      await page.screenshot({ path: `${ARTIFACTS}/keys-help-${name.replace(' ', '-')}.png` });
      // Tab stays in the window
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => !!document.activeElement.closest('[data-testid="keys-help"]')), 'Tab stays in the help');
      await page.keyboard.press('?');
      await tid(page, 'keys-help').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
    } finally {
      await close();
      await server.stop();
    }
  });
}
