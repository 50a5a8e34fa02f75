// Play feel (issue 28): names on every phone scoreboard, no cut labels, the end screen on phones,
// fit to board, farmers lying in their fields.
// Run: cd ui && npm run build && node --test tests/feel.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, openApp, playTurn, quickGame, startFastServer, tid, visibleSpotIndex, waitForHuman } from './harness.mjs';

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

const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 740, height: 360 },
];
const TABLES = {
  2: { names: ['Ann'], bots: ['medium'] },
  4: { names: ['Ann', 'Bartholomew', 'Chloé'], bots: ['hard'] },
  6: { names: ['Ann', 'Bartholomew', 'Chloé', 'Dmitri'], bots: ['easy', 'hard'] },
};

/**
 * What the page shows of each seat's name, and every control in the top bar and the tray whose
 * text does not fit (measured in its font: a box with an ellipsis reports its cut width).
 */
function measure() {
  const ctx = document.createElement('canvas').getContext('2d');
  const width = (e) => {
    ctx.font = getComputedStyle(e).font;
    return ctx.measureText(e.textContent ?? '').width;
  };
  const visible = (e) => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== 'hidden';
  const names = [...document.querySelectorAll('[data-testid="seat-score"]')].map((seat) => {
    const box = seat.querySelector('.seat-name');
    const parts = box ? [...box.children].filter(visible) : [];
    const used = parts.reduce((a, p) => a + width(p), 0);
    return { text: box?.querySelector('.seat-name-text')?.textContent ?? '', shown: !!box && visible(box), fits: !!box && used <= box.clientWidth + 0.5 };
  });
  const cut = [];
  for (const e of document.querySelectorAll('.topbar button, .topbar .seat-points, .tray button, .tray button .label')) {
    if (!visible(e) || !e.textContent.trim()) continue;
    const style = getComputedStyle(e);
    const oneLine = style.whiteSpace === 'nowrap' && e.children.length === 0;
    const over = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 || (oneLine && width(e) > e.clientWidth + 0.5);
    const r = e.getBoundingClientRect();
    if (over || r.right > window.innerWidth + 0.5 || r.left < -0.5) cut.push(e.textContent.trim());
  }
  return { names, cut };
}

for (const [count, table] of Object.entries(TABLES)) {
  test(`${count} seats: each seat shows a name (or its short form), no clipped control label, at 320×568, 390×844 and 740×360`, { timeout: 120000 }, async () => {
    const view = await quickGame(server.api, { ...table, sets: ['abbot', 'inns_cathedrals'], seed: 5 });
    for (const viewport of SIZES) {
      const { page, errors, close } = await openApp(browser, server.url, viewport);
      try {
        await page.locator(`[data-testid="game-item"][data-game-id="${view.id}"]`).click();
        assert.equal(await waitForHuman(page), 'place');
        // before a tile is placed, Confirm is disabled and looks it: no colour in its face
        const face = await tid(page, 'confirm').evaluate((b) => ({ disabled: b.disabled, bg: getComputedStyle(b).backgroundImage }));
        assert.ok(face.disabled, 'Confirm is disabled before a placement');
        const saturation = Math.max(...[...face.bg.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)].map((m) => {
          const c = m.slice(1, 4).map(Number);
          return (Math.max(...c) - Math.min(...c)) / Math.max(1, Math.max(...c));
        }));
        assert.ok(saturation < 0.25, `a disabled Confirm is grey, not red (saturation ${saturation.toFixed(2)})`);
        // a tentative tile: every action of the tray is on screen, Confirm enabled
        await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
        await tid(page, 'confirm').waitFor();
        const size = `${viewport.width}×${viewport.height}`;
        const { names, cut } = await page.evaluate(measure);
        await page.screenshot({ path: join(ARTIFACTS, `phone-seats${count}-${viewport.width}x${viewport.height}.png`) });
        assert.equal(names.length, Number(count));
        for (const [i, n] of names.entries()) {
          assert.ok(n.shown && n.text.length >= 1, `${size}: seat ${i} shows a name (got ${JSON.stringify(n)})`);
          assert.ok(n.fits, `${size}: seat ${i}'s name "${n.text}" is not cut`);
          const full = table.names[i];
          if (full) assert.ok(full.startsWith(n.text), `${size}: "${n.text}" is a short form of "${full}"`);
        }
        assert.deepEqual(cut, [], `${size}: controls whose label is cut`);
        // whose turn it is: exactly one seat is marked, the first person's
        assert.equal(await page.locator('[data-testid="seat-score"].current').count(), 1);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  });
}

test('the end screen on phones: every category of every player in sight, a real button to save the picture', { timeout: 180000 }, async () => {
  const info = await server.api('app_info');
  const seats = [0, 1, 2].map((i) => ({ type: 'bot', bot: 'random', colour: info.colours[i] }));
  const game = await server.api('new_game', { seats, order: 'as_listed', sets: ['abbot'], options: { farmers: true }, seed: 11 });
  // the page's bots play the game to its end once; both sizes look at the same end screen
  const { page, errors, close } = await openApp(browser, server.url, { width: 320, height: 568 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
    await tid(page, 'end-screen').waitFor({ timeout: 150000 });
    for (const viewport of [{ width: 320, height: 568 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}×${viewport.height}`;
      const cells = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="breakdown"] td')].map((td) => {
          const r = td.getBoundingClientRect();
          return { cat: td.dataset.cat, label: getComputedStyle(td, '::before').content, left: r.left, right: r.right, width: r.width };
        }),
      );
      assert.equal(cells.length, 3 * 6, `${size}: six figures per player`);
      for (const c of cells) {
        assert.ok(c.width > 0 && c.left >= 0 && c.right <= viewport.width, `${size}: ${c.cat} in sight (${c.left}–${c.right})`);
        if (viewport.width < 600) assert.notEqual(c.label, 'none', `${size}: ${c.cat} carries its label`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size}: no sideways scroll`);
      const save = tid(page, 'save-picture');
      const look = await save.evaluate((b) => {
        const s = getComputedStyle(b);
        return { bg: s.backgroundImage, border: s.borderTopWidth, height: b.getBoundingClientRect().height, icon: !!b.querySelector('svg') };
      });
      assert.ok(look.bg !== 'none' && look.border !== '0px' && look.height >= 44 && look.icon, `${size}: the save button looks like a button (${JSON.stringify(look)})`);
      await page.screenshot({ path: join(ARTIFACTS, `phone-end-${viewport.width}x${viewport.height}.png`), fullPage: true });
    }
    // the final board shows the followers where they stood when final scoring began
    const end = await server.api('game_view', { game: game.id });
    const finals = await page.$$eval('[data-testid="end-screen"] [data-testid="score-chart"] polyline', (ls) => ls.map((l) => Number(l.dataset.final)));
    assert.deepEqual(finals, end.seats.map((s) => s.score), 'the score chart ends at the final scores');
    assert.match(await tid(page, 'score-chart').getAttribute('aria-label'), new RegExp(`${end.seats[0].name} ${end.seats[0].score}`), 'a text alternative');
    assert.ok(end.final_scoring.followers.length > 0, 'followers were out at the end');
    assert.equal(await page.locator('[data-testid="final-board"] .follower').count(), end.final_scoring.followers.length, 'every follower on the final board');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('fit to board: after zooming in and panning away, the button (phone) and F (desktop) bring every tile and legal cell into sight', { timeout: 120000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], seed: 8 });
  for (const [viewport, how] of [
    [{ width: 390, height: 844 }, 'button'],
    [{ width: 1280, height: 800 }, 'key'],
  ]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
      assert.equal(await waitForHuman(page), 'place');
      const inSight = () =>
        page.evaluate(() => {
          const box = document.querySelector('[data-testid="board"]').getBoundingClientRect();
          const all = [...document.querySelectorAll('[data-testid="board"] .placed-tile, [data-testid="spot"]')];
          const out = all.filter((e) => {
            const r = e.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
          });
          return { all: all.length, out: out.length };
        });
      // far in and away: most of the board leaves the screen
      for (let i = 0; i < 6; i++) await page.keyboard.press('+');
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
      await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
      assert.ok((await inSight()).out > 0, 'the board is partly out of sight before the fit');
      if (how === 'button') await tid(page, 'fit').click();
      else await page.keyboard.press('f');
      await page.waitForFunction(() => !document.querySelector('[data-testid="board"]').hasAttribute('data-moving'));
      const after = await inSight();
      assert.ok(after.all > 1, 'tiles and legal cells drawn');
      assert.equal(after.out, 0, `${how}: every tile and legal cell in sight`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test('farmers lie down: a meeple put in a field is drawn lying, one on a road or a city stands', { timeout: 120000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], seed: 5 });
  const { page, errors, close } = await openApp(browser, server.url, { width: 1280, height: 800 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
    const drawnNow = () => page.evaluate(() => [...document.querySelectorAll('.layer-followers .follower')].map((f) => ({ lying: f.dataset.lying === 'true', feature: f.dataset.featureId })));
    let drawn = await drawnNow();
    // a farmer and a standing meeple on the board at once (a scored road or city gives its meeple back)
    for (let turn = 0; turn < 16 && !(drawn.some((f) => f.lying) && drawn.some((f) => !f.lying)); turn++) {
      assert.equal(await waitForHuman(page), 'place');
      await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
      await tid(page, 'confirm').waitFor();
      await page.locator('[data-testid="follower-choice"]').first().waitFor();
      const meeples = page.locator('[data-testid="follower-choice"][data-kind="meeple"]');
      const wanted = drawn.some((f) => f.lying) ? meeples.filter({ hasNotText: 'Field' }) : meeples.filter({ hasText: 'Field' });
      const state = Number(await tid(page, 'game').getAttribute('data-state'));
      if (await wanted.count()) await wanted.first().click();
      await tid(page, 'confirm').click();
      await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s, state);
      drawn = await drawnNow();
    }
    assert.ok(drawn.some((f) => f.lying), `a lying farmer (${JSON.stringify(drawn)})`);
    assert.ok(drawn.some((f) => !f.lying), 'a standing meeple');
    // lying means on a field: the board's own feature ids say which followers are farmers
    const view = await server.api('open_game', { game: game.id });
    const tiles = new Map((await server.api('tiles')).map((t) => [t.id, t]));
    assert.equal(drawn.length, view.followers.length);
    for (const [i, f] of view.followers.entries()) {
      const placed = view.tiles.find((p) => p.at[0] === f.at[0] && p.at[1] === f.at[1]);
      const kind = tiles.get(placed.tile).features.find((x) => x.id === f.feature_id)?.kind;
      // the board draws the followers in the view's order
      const shown = drawn[i];
      assert.equal(shown.feature, f.feature_id);
      assert.equal(shown?.lying, kind === 'field', `${kind} follower at ${f.at} drawn ${shown?.lying ? 'lying' : 'standing'}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('follower spots on a phone: the camera zooms onto a tentative tile until its spots are 44 px apart; the tray stays', { timeout: 150000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], sets: ['abbot', 'inns_cathedrals'], seed: 5 });
  for (const viewport of [{ width: 320, height: 568 }, { width: 390, height: 844 }]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
      assert.equal(await waitForHuman(page), 'place');
      await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
      await tid(page, 'follower-spot').first().waitFor();
      await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="board"]').hasAttribute('data-moving'));
      const m = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="board"]').getBoundingClientRect();
        const spots = [...document.querySelectorAll('[data-testid="follower-spot"]')].map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        });
        let gap = Infinity;
        for (let i = 0; i < spots.length; i++) for (let j = i + 1; j < spots.length; j++) gap = Math.min(gap, Math.hypot(spots[i].x - spots[j].x, spots[i].y - spots[j].y));
        const inside = spots.every((p) => p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom);
        return { n: spots.length, gap, inside };
      });
      const size = `${viewport.width}×${viewport.height}`;
      assert.ok(m.n >= 4, `${size}: a tile with several spots (${m.n})`);
      assert.ok(m.gap >= 43.5, `${size}: spots ${m.gap.toFixed(1)} px apart`);
      assert.ok(m.inside, `${size}: every spot on the board`);
      for (const id of ['confirm', 'take-back', 'no-follower']) assert.ok(await tid(page, id).isVisible(), `${size}: ${id} still there`);
      await page.screenshot({ path: join(ARTIFACTS, `feel-spots-${viewport.width}x${viewport.height}.png`) });
      await tid(page, 'take-back').click();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

/** Places the drawn tile on a visible legal cell, with a follower when `deploy`, and waits for the next state. */

test('the turn log: one entry per turn with its tile, pointing rings the tile; undo takes the last turn back and the same tile comes again', { timeout: 150000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], seed: 9 });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const size = `${viewport.width}×${viewport.height}`;
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
      const before = (await server.api('game_view', { game: game.id })).turns.length;
      await playTurn(page, true);
      await waitForHuman(page);
      const handBefore = await tid(page, 'hand').getAttribute('data-tile');
      await playTurn(page, false);
      await waitForHuman(page);
      const view = await server.api('game_view', { game: game.id });
      assert.equal(view.turns.length, before + 2);
      // a side column on a desktop, a drawer on a phone
      if (await tid(page, 'toggle-log').isVisible()) {
        await tid(page, 'toggle-log').click();
        await page.waitForFunction(() => document.querySelector('.game').classList.contains('show-log'));
      }
      const entries = tid(page, 'turn-entry');
      assert.equal(await entries.count(), view.turns.length, `${size}: one entry per turn`);
      // newest first, with its tile's picture and its cell
      const newest = view.turns[view.turns.length - 1];
      const first = entries.first();
      assert.deepEqual([Number(await first.getAttribute('data-x')), Number(await first.getAttribute('data-y'))], newest.at);
      assert.ok((await first.locator('.turn-tile g').count()) > 0, 'a picture of the tile');
      assert.doesNotMatch((await tid(page, 'turn-log').textContent()) ?? '', /Nobody scores/, 'no "Nobody scores" lines');
      // pointing at (focusing) an entry rings its tile on the board
      await first.focus();
      const marked = tid(page, 'marked-tile');
      await marked.waitFor();
      assert.deepEqual([Number(await marked.getAttribute('data-x')), Number(await marked.getAttribute('data-y'))], newest.at);
      await page.screenshot({ path: join(ARTIFACTS, `turn-log-${viewport.width}x${viewport.height}.png`) });
      // undo: Bob's turn is taken back, the same tile is in hand again, saved as such
      const state = view.state;
      await tid(page, 'undo').click();
      await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) < s, state);
      await waitForHuman(page);
      assert.equal(await tid(page, 'hand').getAttribute('data-tile'), handBefore, `${size}: the same tile again`);
      assert.equal(await entries.count(), view.turns.length - 1);
      assert.equal((await server.api('game_view', { game: game.id })).turns.length, view.turns.length - 1, 'saved');
      await tid(page, 'toast').filter({ hasText: 'same tile' }).first().waitFor();
      // play it again for the next size's round
      await playTurn(page, false);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
  // off in the settings (tournament play): no undo button
  const settings = await server.api('settings');
  await server.api('save_settings', { ...settings, allow_undo: false });
  const { page, close } = await openApp(browser, server.url, { width: 1280, height: 800 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
    await waitForHuman(page);
    assert.equal(await tid(page, 'undo').isVisible(), false);
  } finally {
    await close();
    await server.api('save_settings', settings);
  }
});

test('a first game in seconds: with no profile, Quick game seats you (a guest) against a bot, or guests passing the device; New game says who is a person', { timeout: 150000 }, async () => {
  const srv = await startFastServer();
  try {
    // New game with no profile (and no setup to remember) offers a person first, and says which seats are people
    {
      const { page, errors, close } = await openApp(browser, srv.url, { width: 1280, height: 800 });
      await tid(page, 'home-new-game').click();
      await page.locator('.new-game[data-ready="true"]').waitFor();
      assert.deepEqual(await page.$$eval('[data-testid="seat-kind"]', (els) => els.map((e) => e.dataset.kind)), ['person', 'bot']);
      assert.equal(await tid(page, 'guest-name').first().inputValue(), 'Player 1');
      await page.screenshot({ path: join(ARTIFACTS, 'new-game-guest.png') });
      assert.deepEqual(errors, []);
      await close();
    }
    for (const viewport of [{ width: 1280, height: 800 }, { width: 320, height: 568 }]) {
      const size = `${viewport.width}×${viewport.height}`;
      const { page, errors, close } = await openApp(browser, srv.url, viewport);
      try {
        assert.equal((await srv.api('profiles')).length, 0, 'no profile on this device');
        await tid(page, 'quick-level').selectOption('easy');
        await tid(page, 'quick-bot').click();
        await tid(page, 'board').waitFor();
        assert.equal(await waitForHuman(page), 'place', `${size}: a person plays at once`);
        const id = Number(await tid(page, 'game').getAttribute('data-game-id'));
        const view = await srv.api('game_view', { game: id });
        assert.deepEqual(view.seats.map((s) => [s.name, s.bot, s.profile]), [['You', null, null], [view.seats[1].name, 'easy', null]]);
        await playTurn(page, false);
        assert.ok((await srv.api('game_view', { game: id })).turns.length >= 1, 'the guest played a turn');
        if (viewport.width === 320) await page.screenshot({ path: join(ARTIFACTS, 'quick-game-320x568.png') });
        await tid(page, 'back').click();
        await page.screenshot({ path: join(ARTIFACTS, `home-quick-${viewport.width}x${viewport.height}.png`), fullPage: true });
        // pass and play: three guests
        await tid(page, 'quick-count').selectOption('3');
        await tid(page, 'quick-guests').click();
        await tid(page, 'board').waitFor();
        await waitForHuman(page);
        const guests = await srv.api('game_view', { game: Number(await tid(page, 'game').getAttribute('data-game-id')) });
        assert.deepEqual(guests.seats.map((s) => s.name), ['Player 1', 'Player 2', 'Player 3']);
        assert.ok(guests.seats.every((s) => s.bot === null && s.profile === null));
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  } finally {
    await srv.stop();
  }
});

test('guests are offered to be kept as profiles at the end, in their name and colour', { timeout: 120000 }, async () => {
  const info = await server.api('app_info');
  let view = await server.api('new_game', {
    seats: [
      { type: 'guest', name: 'Zoé', colour: info.colours[2] },
      { type: 'bot', bot: 'random', colour: info.colours[1] },
    ],
    order: 'as_listed',
    sets: [],
    options: Object.fromEntries(info.options.map((o) => [o.key, o.default])),
    seed: 3,
  });
  // the game is played to its end through the API: the guest takes the first listed choice
  while (view.pending) {
    const p = view.pending;
    if (p.by_bot) view = (await server.api('bot_move', { game: view.id })).view;
    else {
      const action = p.placements.length ? { type: 'place', at: p.placements[0].at, rotation: p.placements[0].rotations[0] } : p.choices[0].action;
      view = (await server.api('play', { game: view.id, seat: p.decision.seat, state: view.state, action })).view;
    }
  }
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    // a reload with the game in the address opens it: a finished game opens at its end screen
    await page.goto(`${server.url}/#game=${view.id}`);
    await page.reload();
    await tid(page, 'end-screen').waitFor();
    const keep = tid(page, 'save-guest');
    assert.equal(await keep.count(), 1, 'one button for the one guest');
    assert.match(await keep.textContent(), /Zoé/);
    await keep.click();
    await tid(page, 'guest-saved').waitFor();
    const made = (await server.api('profiles')).find((p) => p.profile.name === 'Zoé');
    assert.ok(made, 'a profile named Zoé');
    assert.equal(made.profile.colour.toLowerCase(), info.colours[2].toLowerCase());
    await page.screenshot({ path: join(ARTIFACTS, 'end-keep-guest-390x844.png'), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('overlays step aside: a corner button over a legal cell turns faint and the tap goes through to the cell', { timeout: 120000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], seed: 4 });
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
    assert.equal(await waitForHuman(page), 'place');
    // drag the board so that a legal cell lies under the fit button
    const moved = await page.evaluate(async () => {
      const svg = document.querySelector('[data-testid="board"]');
      const spot = document.querySelector('[data-testid="spot"]').getBoundingClientRect();
      const fit = document.querySelector('[data-testid="fit"]').getBoundingClientRect();
      const dx = fit.left + fit.width / 2 - (spot.left + spot.width / 2);
      const dy = fit.top + fit.height / 2 - (spot.top + spot.height / 2);
      const r = svg.getBoundingClientRect();
      const x0 = r.left + r.width / 2;
      const y0 = r.top + r.height / 2;
      const at = (x, y, type) => svg.dispatchEvent(new PointerEvent(type, { pointerId: 9, pointerType: 'touch', clientX: x, clientY: y, bubbles: true, isPrimary: true, button: 0 }));
      at(x0, y0, 'pointerdown');
      for (let k = 1; k <= 8; k++) at(x0 + (dx * k) / 8, y0 + (dy * k) / 8, 'pointermove');
      at(x0 + dx, y0 + dy, 'pointerup');
      await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
      return { x: fit.left + fit.width / 2, y: fit.top + fit.height / 2 };
    });
    await page.locator('[data-testid="fit"][data-yield="true"]').waitFor();
    const look = await tid(page, 'fit').evaluate((b) => ({ opacity: Number(getComputedStyle(b).opacity), events: getComputedStyle(b).pointerEvents }));
    assert.ok(look.opacity < 0.5 && look.events === 'none', `the button steps aside (${JSON.stringify(look)})`);
    // every overlay over a legal cell has stepped aside; the others have not
    const wrong = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('[data-testid="spot"]')].map((s) => s.getBoundingClientRect());
      const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return [...document.querySelectorAll('.board-wrap .prompt, .board-wrap .zoom-controls .icon-btn')]
        .filter((o) => o.getBoundingClientRect().width > 0)
        .filter((o) => cells.some((c) => over(o.getBoundingClientRect(), c)) !== (o.dataset.yield === 'true'))
        .map((o) => o.dataset.testid);
    });
    assert.deepEqual(wrong, []);
    // the tap lands on the cell: the tile goes there, tentatively
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.dataset.testid, moved);
    assert.equal(hit, 'spot', 'the cell is what a tap there reaches');
    await page.mouse.click(moved.x, moved.y);
    await tid(page, 'confirm').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="game"]').dataset.mode === 'tentative');
    await page.screenshot({ path: join(ARTIFACTS, 'overlay-step-aside-390x844.png') });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the bag: the tiles-left counter opens every tile type still to come with how many, adding up to the count', { timeout: 90000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann', 'Bob'], sets: ['inns_cathedrals'], seed: 12 });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
      await waitForHuman(page);
      const left = Number((await tid(page, 'tiles-left').textContent()).trim());
      await tid(page, 'tiles-chip').click();
      await tid(page, 'bag').waitFor();
      const counts = await page.$$eval('[data-testid="bag-tile"]', (els) => els.map((e) => Number(e.dataset.count)));
      assert.equal(counts.reduce((a, b) => a + b, 0), left, 'the types add up to the tiles left');
      assert.ok(await page.locator('[data-testid="bag"] [data-set="inns_cathedrals"]').count(), 'a group per set');
      const view = await server.api('game_view', { game: game.id });
      assert.deepEqual(await page.$$eval('[data-testid="bag-tile"]', (els) => els.map((e) => [e.dataset.tile, Number(e.dataset.count)]).sort()), view.tiles_left_by_type.map((x) => [x.tile, x.count]).sort());
      await page.screenshot({ path: join(ARTIFACTS, `bag-${viewport.width}x${viewport.height}.png`) });
      await page.keyboard.press('Escape');
      await tid(page, 'bag').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});
