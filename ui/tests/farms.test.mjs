// The farm view (issue 30, item 4): a board button and the V key shade each field with its
// owners' colours (striped when contested, neutral when nobody farms it) and mark the completed
// cities it supplies, exactly as the view's `farms` (the engine's) says; without farmers there
// is no switch.
// Run: cd ui && npm run build && node --test tests/farms.test.mjs
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
 * Plays a two-person game through the API (a fixed pseudo-random walk that deploys often)
 * until, between turns, each seat owns a field, one of them supplies a completed city and a
 * field nobody farms is left (and `more` holds); returns that view.
 */
async function farmedGame(more = () => true) {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], seed: 11 });
  let v = await server.api('game_view', { game: game.id });
  let rng = 3;
  const rand = (n) => {
    rng = (rng * 1103515245 + 12345) % 2147483648;
    return rng % n;
  };
  const ready = (x) =>
    x.pending?.tile &&
    [0, 1].every((s) => x.farms.fields.some((f) => f.owners.includes(s))) &&
    x.farms.fields.some((f) => f.owners.length && f.cities.length) &&
    x.farms.fields.some((f) => !f.owners.length) &&
    more(x);
  for (let i = 0; i < 400 && !v.over && !ready(v); i++) {
    const p = v.pending;
    let action;
    if (p.placements.length) {
      const pl = p.placements[rand(p.placements.length)];
      action = { type: 'place', at: pl.at, rotation: pl.rotations[0] };
    } else {
      // farmers first, so that fields fill up
      const dep = p.choices.filter((c) => c.action.type === 'deploy');
      const farm = dep.filter((c) => c.feature_kind === 'field');
      const pick = farm.length && rand(2) === 0 ? farm : dep.length && rand(3) === 0 ? dep : [];
      action = (pick.length ? pick[rand(pick.length)] : p.choices.find((c) => c.action.type === 'pass') ?? p.choices[0]).action;
    }
    v = (await server.api('play', { game: v.id, seat: p.decision.seat, state: v.state, action })).view;
  }
  assert.ok(ready(v), 'the walk reached a board with both seats farming, a supplied city and an empty field');
  return v;
}

const stateOf = (f) => (f.owners.length === 0 ? 'unowned' : f.owners.length === 1 ? 'owned' : 'contested');

test('the farm view shades every field as the view says and marks the cities it supplies', { timeout: 150000 }, async () => {
  const view = await farmedGame();
  const expected = view.farms.fields.map((f) => `${f.id}|${stateOf(f)}|${f.owners.join(',')}|${f.segments.length}`).sort();
  const colour = (s) => view.seats[s].colour;
  const cityColours = view.farms.cities
    .map((c, i) => {
      const paid = [...new Set(view.farms.fields.filter((f) => f.cities.includes(i)).flatMap((f) => f.owners))].sort((a, b) => a - b);
      return `${c.segments[0].at.join(',')}|${paid.map(colour).join(',')}`;
    })
    .sort();
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 320, height: 568 }]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    const size = `${viewport.width}x${viewport.height}`;
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${view.id}"]`).click();
      await waitForHuman(page);
      assert.equal(await tid(page, 'farm').count(), 0, 'off until switched on');
      const toggle = tid(page, 'farm-toggle');
      assert.ok(await toggle.isVisible());
      // the button on a desktop, the key on the phone's keyboard-less screen is still a key test
      if (viewport.width > 600) await toggle.click();
      else await page.keyboard.press('v');
      await tid(page, 'farm').first().waitFor();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      const shown = await page.$$eval('[data-testid="farm"]', (els) =>
        els.map((e) => `${e.dataset.id}|${e.dataset.state}|${e.dataset.owners}|${e.querySelectorAll('.farm-segment').length}`).sort(),
      );
      assert.deepEqual(shown, expected, 'one shaded field per field of the view, with its owners');
      // owned fields wear their owner's colour; contested ones a stripe pattern; the rest neutral
      for (const f of view.farms.fields) {
        const fill = await page.locator(`[data-testid="farm"][data-id="${f.id}"]`).getAttribute('fill');
        if (f.owners.length === 1) assert.equal(fill, colour(f.owners[0]));
        else if (f.owners.length > 1) assert.match(fill, /^url\(#/);
        const label = await page.locator(`[data-testid="farm"][data-id="${f.id}"]`).getAttribute('aria-label');
        assert.ok(label && label.length > 8, 'each field is named for assistive tech');
      }
      const marks = await page.$$eval('[data-testid="farm-city"]', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}|${e.dataset.colours}`).sort());
      assert.deepEqual(marks, cityColours, 'one mark per supplied city, with the colours of the seats it pays');
      // a field segment's shape lies on its tile
      const seg = view.farms.fields.find((f) => f.owners.length).segments[0];
      const box = await page.locator(`[data-testid="farm"] .farm-segment[data-x="${seg.at[0]}"][data-y="${seg.at[1]}"][data-feature-id="${seg.feature_id}"] path`).boundingBox();
      assert.ok(box && box.width > 2 && box.height > 2, 'the segment is drawn with an area');
      await tid(page, 'fit').click();
      await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `farms-${size}.png`) });
      await page.keyboard.press('V');
      await page.waitForFunction(() => !document.querySelector('[data-testid="farm"]'));
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test('without farmers there is no farm view', { timeout: 60000 }, async () => {
  const info = await server.api('app_info');
  const options = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  const ann = (await server.api('profiles')).find((x) => x.profile.name === 'Ann')?.profile ?? (await server.api('create_profile', { name: 'Ann', colour: info.colours[0] }));
  const game = await server.api('new_game', {
    seats: [{ type: 'human', profile: ann.id }, { type: 'bot', bot: 'random', colour: info.colours[1] }],
    order: 'as_listed',
    sets: [],
    options: { ...options, farmers: false },
    seed: 2,
  });
  assert.equal(game.farms, null);
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
    await waitForHuman(page);
    assert.equal(await tid(page, 'farm-toggle').isVisible(), false);
    await page.keyboard.press('v');
    assert.equal(await tid(page, 'farm').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('purist play hides every aid in pass-and-play, whatever the aids’ own switches say', { timeout: 150000 }, async () => {
  const view = await farmedGame((x) => x.hard_cells.length > 0);
  assert.ok(view.hard_cells.length && view.projection && view.tiles_left_by_type.length, 'the view has aids to hide');
  const base = await server.api('settings');
  const aidsOn = { ...base, show_holes: true, show_projection: true, learning_aids: true };
  const open = async (purist) => {
    await server.api('save_settings', { ...aidsOn, purist });
    const o = await openApp(browser, server.url, { width: 390, height: 844 });
    await o.page.locator(`[data-testid="game-item"][data-game-id="${view.id}"]`).click();
    await waitForHuman(o.page);
    return o;
  };
  try {
    // with aids: each aid is there (so that their absence below means something)
    {
      const { page, errors, close } = await open(false);
      try {
        assert.ok(await tid(page, 'hole').count());
        assert.ok(await tid(page, 'seat-projected').count());
        assert.ok(await tid(page, 'farm-toggle').isVisible());
        assert.ok(await tid(page, 'hint').isVisible());
        assert.ok(await page.locator('.follower-tappable').count());
        await tid(page, 'tiles-chip').click();
        await tid(page, 'bag').waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
    const { page, errors, close } = await open(true);
    try {
      assert.equal(await tid(page, 'hole').count(), 0, 'no holes');
      assert.equal(await tid(page, 'seat-projected').count(), 0, 'no projected scores');
      assert.equal(await tid(page, 'farm-toggle').isVisible(), false, 'no farm view switch');
      await page.keyboard.press('v');
      assert.equal(await tid(page, 'farm').count(), 0, 'no farm view by key');
      assert.equal(await tid(page, 'hint').isVisible(), false, 'no hint');
      assert.equal(await page.locator('.follower-tappable').count(), 0, 'followers tell no projection');
      assert.ok(await tid(page, 'tiles-left').isVisible(), 'the count of tiles left stays');
      await tid(page, 'tiles-chip').click({ force: true });
      assert.equal(await tid(page, 'bag').count(), 0, 'no bag by type');
      await page.screenshot({ path: join(ARTIFACTS, 'purist-board-390x844.png') });
      await tid(page, 'toggle-log').click();
      assert.equal(await page.locator('.aids-panel').isVisible(), false, 'no aid switches');
      await page.screenshot({ path: join(ARTIFACTS, 'purist-390x844.png') });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  } finally {
    await server.api('save_settings', base);
  }
});

test('the settings screen switches purist play', { timeout: 60000 }, async () => {
  const base = await server.api('settings');
  await server.api('save_settings', { ...base, purist: false });
  const { page, errors, close } = await openApp(browser, server.url, { width: 320, height: 568 });
  try {
    await tid(page, 'home-settings').click();
    const box = tid(page, 'setting-purist');
    assert.equal(await box.isChecked(), false);
    await box.check();
    for (let i = 0; i < 50 && !(await server.api('settings')).purist; i++) await page.waitForTimeout(100);
    assert.equal((await server.api('settings')).purist, true, 'saved');
    await page.screenshot({ path: join(ARTIFACTS, 'purist-settings-320x568.png') });
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.api('save_settings', base);
  }
});
