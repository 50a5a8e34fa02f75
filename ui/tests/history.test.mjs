// Your games and the replay viewer (issue 29): every game listed with its status, filters,
// delete after confirming; a finished game stepped through action by action and turn by turn,
// sought, autoplayed, the board as the engine replays it; at a laptop's size and a phone's.
// Run: cd ui && npm run build && node --test tests/history.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, openApp, quickGame, startFastServer, tid } from './harness.mjs';

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

/** A game of bots played through the API for `n` actions (all of it by default). */
async function botGame(seats, sets, seed, n = Infinity) {
  const info = await server.api('app_info');
  let view = await server.api('new_game', {
    seats: Array.from({ length: seats }, (_, i) => ({ type: 'bot', bot: 'random', colour: info.colours[i] })),
    order: 'as_listed',
    sets,
    options: Object.fromEntries(info.options.map((o) => [o.key, o.default])),
    seed,
  });
  for (let i = 0; i < n && view.pending; i++) view = (await server.api('bot_move', { game: view.id })).view;
  return view;
}

const at = async (page) => Number(await tid(page, 'replay').getAttribute('data-at'));
const placed = (page) => page.locator('[data-testid="replay"] .placed-tile').count();

test('your games: listed with status and filters; a finished game replayed step by step; one deleted', { timeout: 180000 }, async () => {
  const finished = await botGame(3, ['abbot'], 7);
  const playing = await botGame(2, [], 8, 9);
  const abandoned = await botGame(2, ['inns_cathedrals'], 9, 3);
  await server.api('abandon_game', { game: abandoned.id });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const size = `${viewport.width}×${viewport.height}`;
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await tid(page, 'home-history').click();
      await page.locator('[data-testid="history"][data-ready="true"]').waitFor();
      const statuses = await page.$$eval('[data-testid="history-item"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.gameId, e.dataset.status])));
      assert.equal(statuses[finished.id], 'finished');
      assert.equal(statuses[playing.id], 'playing');
      if (viewport.width === 1280) assert.equal(statuses[abandoned.id], 'abandoned');
      const item = page.locator(`[data-testid="history-item"][data-game-id="${finished.id}"]`);
      for (const s of finished.seats) assert.match(await item.textContent(), new RegExp(`${s.name}\\s*${s.score}`), `${size}: ${s.name}'s score`);
      assert.equal(await item.locator('[data-winner="true"]').count(), finished.report.winners.length, 'the winner marked');
      // filters: three players leaves the finished game only
      await tid(page, 'history-players').selectOption('3');
      assert.deepEqual(await page.$$eval('[data-testid="history-item"]', (els) => els.map((e) => Number(e.dataset.gameId))), [finished.id]);
      await tid(page, 'history-players').selectOption('');
      await page.screenshot({ path: join(ARTIFACTS, `history-${viewport.width}x${viewport.height}.png`), fullPage: true });

      // the replay opens at the end: the final board
      await item.locator('[data-testid="history-replay"]').click();
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]')?.dataset.at) === n, finished.state);
      assert.equal(await placed(page), finished.tiles.length, `${size}: the final board`);
      // the score chart ends at each seat's final score
      const finals = await page.$$eval('[data-testid="replay"] [data-testid="score-chart"] polyline', (ls) => ls.map((l) => Number(l.dataset.final)));
      assert.deepEqual(finals, finished.seats.map((s) => s.score), `${size}: the chart's last points`);
      // Home key: the start; → one action; next turn: the next placement
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.querySelector('[data-testid="replay"]').dataset.at === '0');
      const startTiles = await placed(page);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('[data-testid="replay"]').dataset.at === '1');
      assert.equal(await placed(page), startTiles + 1, 'the first action placed a tile');
      const turnStarts = finished.turns.map((t) => t.first_action);
      await tid(page, 'replay-next-turn').click();
      const next = turnStarts.find((s) => s > 1);
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]').dataset.at) === n, next);
      // the seek bar: the middle of the game shows the engine's table at that action
      const middle = Math.floor(finished.state / 2);
      await tid(page, 'replay-seek').fill(String(middle));
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]').dataset.at) === n, middle);
      const truth = await server.api('replay', { game: finished.id, at: middle });
      assert.equal(await placed(page), truth.view.tiles.length, `${size}: the tiles at action ${middle}`);
      assert.equal(await page.locator('[data-testid="replay"] .layer-followers .follower').count(), truth.view.followers.length, 'the followers at that action');
      assert.deepEqual(await page.$$eval('[data-testid="seat-score"]', (els) => els.map((e) => Number(e.dataset.score))), truth.view.seats.map((s) => s.score));
      assert.match(await tid(page, 'replay-position').textContent(), new RegExp(`action ${middle} of ${finished.state}`));
      await page.screenshot({ path: join(ARTIFACTS, `replay-${viewport.width}x${viewport.height}.png`) });
      // autoplay at 4×: the position moves on by itself, and pauses
      await tid(page, 'replay-speed').selectOption('4');
      await tid(page, 'replay-play').click();
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]').dataset.at) >= n + 2, middle);
      await tid(page, 'replay-play').click();
      const paused = await at(page);
      assert.ok(paused >= middle + 2);
      await tid(page, 'back').click();
      await page.locator('[data-testid="history"][data-ready="true"]').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
  // delete: cancelling keeps the game, confirming removes it
  const { page, close } = await openApp(browser, server.url, { width: 1280, height: 800 });
  try {
    await tid(page, 'home-history').click();
    const gone = page.locator(`[data-testid="history-item"][data-game-id="${abandoned.id}"]`);
    await gone.locator('[data-testid="history-delete"]').click();
    await tid(page, 'confirm-cancel').click();
    assert.equal(await gone.count(), 1);
    await gone.locator('[data-testid="history-delete"]').click();
    await tid(page, 'confirm-ok').click();
    await gone.waitFor({ state: 'detached' });
    assert.equal((await server.api('history')).some((g) => g.id === abandoned.id), false, 'deleted from the database');
  } finally {
    await close();
  }
});

/** Drops a file named `name` with `text` on the history screen, as a file dragged from the desktop. */
async function dropFile(page, name, text) {
  await page.evaluate(
    ({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: 'application/json' }));
      const screen = document.querySelector('[data-testid="history"]');
      screen.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      screen.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

test('a game file: exported as a download, opened with the picker or dropped; a refused file says why and saves nothing', { timeout: 120000 }, async () => {
  const game = await botGame(2, ['abbot'], 21);
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await tid(page, 'home-history').click();
    await page.locator('[data-testid="history"][data-ready="true"]').waitFor();
    const item = page.locator(`[data-testid="history-item"][data-game-id="${game.id}"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('[data-testid="history-export"]').click()]);
    assert.match(download.suggestedFilename(), /\.json$/);
    const text = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
    const record = JSON.parse(text);
    assert.equal(record.format, 'carcassonne-record');
    assert.equal(record.actions.length, game.state);

    // the picker: the game opens in the replay viewer at its last move
    const count = (await server.api('history')).length;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tid(page, 'history-import').click()]);
    await chooser.setFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]')?.dataset.at) === n, game.state);
    assert.equal(await page.locator('[data-testid="replay"] .placed-tile').count(), game.tiles.length);
    assert.equal((await server.api('history')).length, count + 1, 'saved as a new game');
    await tid(page, 'back').click();
    await page.locator('[data-testid="history"][data-ready="true"]').waitFor();

    // refused: a newer format, and an illegal move (named by its number and its rule)
    const newer = text.replace('"version": 1', '"version": 99');
    await dropFile(page, 'newer.json', newer);
    await tid(page, 'toast').filter({ hasText: 'newer version' }).waitFor();
    const bad = JSON.parse(text);
    const i = bad.actions.findIndex((a, k) => k > 2 && a.type === 'place');
    bad.actions[i].at = [40, 40];
    await dropFile(page, 'bad.json', JSON.stringify(bad));
    await tid(page, 'toast').filter({ hasText: `action ${i + 1} of the record` }).filter({ hasText: 'R-BASE-4' }).waitFor();
    await dropFile(page, 'not.json', 'hello');
    await tid(page, 'toast').filter({ hasText: 'not a game record' }).waitFor();
    assert.equal((await server.api('history')).length, count + 1, 'nothing saved for a refused file');
    await page.screenshot({ path: join(ARTIFACTS, 'history-refused-390x844.png') });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('play on from here: a new game from a point of a replay, a seat turned into a guest, linked to its parent', { timeout: 120000 }, async () => {
  const parent = await botGame(3, [], 31);
  const at = parent.turns[Math.floor(parent.turns.length / 2)].first_action;
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await tid(page, 'home-history').click();
    await page.locator(`[data-testid="history-item"][data-game-id="${parent.id}"] [data-testid="history-replay"]`).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]')?.dataset.at) === n, parent.state);
    assert.equal(await tid(page, 'replay-branch').isVisible(), false, 'nothing to play on at the end');
    await tid(page, 'replay-seek').fill(String(at));
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="replay"]').dataset.at) === n, at);
    await tid(page, 'replay-branch').click();
    await tid(page, 'branch-dialog').waitFor();
    await tid(page, 'branch-dialog').locator('[data-testid="seat-select"]').first().selectOption('guest:');
    await tid(page, 'branch-dialog').locator('[data-testid="guest-name"]').fill('Zoé');
    await page.screenshot({ path: join(ARTIFACTS, 'branch-dialog-390x844.png') });
    await tid(page, 'branch-start').click();
    await tid(page, 'board').waitFor();
    const id = Number(await tid(page, 'game').getAttribute('data-game-id'));
    // the bots may already have played on: the new game's own start is compared
    const entry = (await server.api('history')).find((g) => g.id === id);
    assert.deepEqual(entry.branch_of, { game: parent.id, at }, 'a branch of the parent at that point');
    const start = await server.api('replay', { game: id, at });
    assert.equal(start.view.seats[0].name, 'Zoé');
    assert.equal(start.view.seats[0].bot, null, 'a person now');
    const then = await server.api('replay', { game: parent.id, at });
    assert.deepEqual(start.view.tiles, then.view.tiles, 'the same board');
    assert.deepEqual(start.view.pending?.decision, then.view.pending?.decision, 'the same tile to place');
    // Your games lists it as a branch, with the way back to where it branched
    await tid(page, 'back').click();
    await tid(page, 'home-history').click();
    const item = page.locator(`[data-testid="history-item"][data-game-id="${id}"]`);
    await item.locator('[data-testid="history-branch"]').waitFor();
    await item.locator('[data-testid="history-parent"]').click();
    await page.waitForFunction(({ game, n }) => {
      const r = document.querySelector('[data-testid="replay"]');
      return Number(r?.dataset.gameId) === game && Number(r.dataset.at) === n;
    }, { game: parent.id, n: at });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

/** Plays a game to its end through the API: people take their first legal choice, bots their own move. */
async function playOut(view) {
  while (view.pending) {
    const p = view.pending;
    const seat = p.decision.seat;
    if (view.seats[seat].bot) {
      view = (await server.api('bot_move', { game: view.id })).view;
      continue;
    }
    const pl = p.placements[0];
    const action = pl ? { type: 'place', at: pl.at, rotation: pl.rotations[0] } : p.choices[0].action;
    view = (await server.api('play', { game: view.id, seat, state: view.state, action })).view;
  }
  return view;
}

test('statistics: a profile\'s record, points per game, head to head and recent form match its finished games; phone sizes', { timeout: 180000 }, async () => {
  const ends = [
    await playOut(await quickGame(server.api, { names: ['Cleo', 'Dan'], seed: 21 })),
    await playOut(await quickGame(server.api, { names: ['Cleo'], bots: ['easy'], sets: ['abbot'], seed: 22 })),
    await playOut(await quickGame(server.api, { names: ['Dan', 'Cleo'], bots: ['random'], seed: 23 })),
  ];
  const cleo = (await server.api('profiles')).find((c) => c.profile.name === 'Cleo').profile;
  // what the page must show, from the games' own final views
  const mine = ends.map((v) => ({ v, seat: v.seats.findIndex((s) => s.profile === cleo.id) }));
  const wins = mine.filter(({ v, seat }) => v.report.winners.includes(seat)).length;
  const avg = (k) => mine.reduce((a, { v, seat }) => a + v.report.categories[seat][k], 0) / mine.length;
  const best = Math.max(...mine.map(({ v, seat }) => v.seats[seat].score));
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 320, height: 568 }]) {
    const { page, errors, close } = await openApp(browser, server.url, viewport);
    try {
      await tid(page, 'home-profiles').click();
      await page.locator(`[data-testid="profile-item"][data-profile-id="${cleo.id}"] [data-testid="profile-stats"]`).click();
      await page.locator('[data-testid="stats"][data-ready="true"]').waitFor();
      const stat = (k) => page.locator(`[data-testid="stats-summary"] [data-stat="${k}"] .stat-v`).textContent();
      assert.equal(await stat('played'), '3');
      assert.equal(await stat('wins'), String(wins));
      assert.equal(await stat('best'), String(best));
      for (const k of ['roads', 'cities', 'monasteries', 'fields', 'bonuses']) {
        const shown = Number(await page.locator(`[data-testid="stats-categories"] [data-category="${k}"]`).getAttribute('data-value'));
        assert.ok(Math.abs(shown - avg(k)) < 0.006, `${k}: ${shown} vs ${avg(k)}`);
      }
      const rows = (id) => page.locator(`[data-testid="${id}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
      assert.deepEqual((await rows('stats-by-players')).map((r) => [r.key, r.played]), [['2', '2'], ['3', '1']]);
      assert.deepEqual((await rows('stats-by-set')).map((r) => [r.key, r.played]), [['base', '2'], ['abbot', '1']]);
      const h2h = await rows('stats-opponents');
      assert.deepEqual(h2h.map((r) => [r.opponent.split(':')[0], r.games]).sort(), [['bot', '1'], ['bot', '1'], ['profile', '2']]);
      assert.equal(await tid(page, 'stats-form').locator('li').count(), 3);
      const chartFinal = await tid(page, 'stats-chart').locator('polyline').getAttribute('data-last');
      assert.equal(chartFinal, String(ends[2].seats[mine[2].seat].score));
      // nothing wider than the phone
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${viewport.width}: ${overflow} px too wide`);
      await page.screenshot({ path: join(ARTIFACTS, `stats-${viewport.width}x${viewport.height}.png`), fullPage: true });
      // the best game opens in the replay viewer
      await tid(page, 'stats-best').click();
      await tid(page, 'replay').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});
