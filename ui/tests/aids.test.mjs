// Learning aids the engine computes (issue 30): holes and single-fit cells on the board where the
// view says, a tapped follower's projected points as the API gives them, the projected scores on
// the scoreboard, and the switches that hide them.
// Run: cd ui && npm run build && node --test tests/aids.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, openApp, quickGame, startFastServer, tid, waitForHuman } from './harness.mjs';

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  server = await startFastServer();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Plays a two-person game through the API (a fixed pseudo-random walk that deploys often) until,
 * between turns, the board has a hole, a single-fit cell and an open city or road with a
 * follower; returns that view.
 */
async function midGame() {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], sets: ['inns_cathedrals'], seed: 5 });
  let v = await server.api('game_view', { game: game.id });
  let rng = 7;
  const rand = (n) => {
    rng = (rng * 1103515245 + 12345) % 2147483648;
    return rng % n;
  };
  const ready = (x) =>
    x.pending?.tile &&
    x.hard_cells.some((c) => c.fit === 'dead') &&
    x.hard_cells.some((c) => c.fit === 'single') &&
    x.projection.features.some((f) => f.if_completed && f.at_end.points !== f.if_completed.points);
  for (let i = 0; i < 400 && !v.over && !ready(v); i++) {
    const p = v.pending;
    let action;
    if (p.placements.length) {
      const pl = p.placements[rand(p.placements.length)];
      action = { type: 'place', at: pl.at, rotation: pl.rotations[0] };
    } else {
      const dep = p.choices.filter((c) => c.action.type === 'deploy');
      action = (dep.length && rand(2) === 0 ? dep[rand(dep.length)] : p.choices.find((c) => c.action.type === 'pass') ?? p.choices[0]).action;
    }
    v = (await server.api('play', { game: v.id, seat: p.decision.seat, state: v.state, action })).view;
  }
  assert.ok(ready(v), 'the walk reached a board with a hole, a single-fit cell and an open occupied feature');
  return v;
}

const cellsOf = (page) => page.$$eval('[data-testid="hole"]', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y},${e.dataset.fit}`).sort());

test('holes and single-fit cells show where the view says; a tapped follower shows the API projection', { timeout: 150000 }, async () => {
  const view = await midGame();
  const expected = view.hard_cells.map((c) => `${c.at[0]},${c.at[1]},${c.fit}`).sort();
  const feature = view.projection.features.find((f) => f.if_completed && f.at_end.points !== f.if_completed.points);
  const follower = feature.followers[0];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    const size = `${viewport.width}x${viewport.height}`;
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${view.id}"]`).click();
      await waitForHuman(page);
      assert.deepEqual(await cellsOf(page), expected, 'one mark per hard cell, of its kind');
      // each mark is named for assistive tech, and the two kinds differ in shape, not only colour
      const labels = await page.$$eval('[data-testid="hole"]', (els) => els.map((e) => e.getAttribute('aria-label')));
      assert.ok(labels.every((l) => l && l.length > 10));
      assert.ok(await page.locator('[data-testid="hole"][data-fit="dead"] .hole-cross').count());
      assert.ok(await page.locator('[data-testid="hole"][data-fit="single"] text').count());
      await tid(page, 'fit').click();
      await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `aids-holes-${size}.png`) });

      const piece = page.locator(`[data-testid="follower"][data-x="${follower.at[0]}"][data-y="${follower.at[1]}"][data-feature-id="${follower.feature_id}"]`);
      await piece.click();
      const pop = tid(page, 'projection');
      await pop.waitFor();
      assert.equal(Number(await tid(page, 'projection-end').getAttribute('data-points')), feature.at_end.points);
      assert.equal(Number(await tid(page, 'projection-completed').getAttribute('data-points')), feature.if_completed.points);
      const box = await pop.boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, 'the popover is inside the window');
      await page.screenshot({ path: join(ARTIFACTS, `aids-projection-${size}.png`) });
      await page.keyboard.press('Escape');
      await pop.waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test('the aids switches hide the holes and show each seat’s score if the game ended now', { timeout: 150000 }, async () => {
  const view = await midGame();
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${view.id}"]`).click();
    await waitForHuman(page);
    assert.equal(await tid(page, 'seat-projected').count(), 0, 'projected scores are off by default');
    await tid(page, 'toggle-log').click();
    await tid(page, 'aid-holes').uncheck();
    await page.waitForFunction(() => !document.querySelector('[data-testid="hole"]'));
    await tid(page, 'aid-projection').check();
    await tid(page, 'seat-projected').first().waitFor();
    const shown = await page.$$eval('[data-testid="seat-projected"]', (els) => els.map((e) => Number(e.dataset.points)));
    assert.deepEqual(shown, view.projection.scores);
    await page.screenshot({ path: join(ARTIFACTS, 'aids-switches-390x844.png') });
    await page.locator('.info-close').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="game"]').classList.contains('show-log'));
    await page.screenshot({ path: join(ARTIFACTS, 'aids-scoreboard-390x844.png') });
    await tid(page, 'toggle-log').click();
    // saved with the settings
    const s = await server.api('settings');
    assert.equal(s.show_holes, false);
    assert.equal(s.show_projection, true);
    await tid(page, 'aid-holes').check();
    await tid(page, 'hole').first().waitFor();
    await tid(page, 'aid-projection').uncheck();
    await page.waitForFunction(() => !document.querySelector('[data-testid="seat-projected"]'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
