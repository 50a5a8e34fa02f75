// Hints and bots that explain (issue 30 item 5): the hint shows the whole turn on the board (the
// tile's ghost in its cell, turned, and its follower's spot) with one sentence of why, in English
// and French; taking it puts the tile there with that follower chosen; the turn log says why each
// bot played its turn; purist play hides both.
// Run: cd ui && npm run build && node --test tests/explain.test.mjs
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

const WORDS = {
  en: { move: /^Tile at \(-?\d+, -?\d+\)/, why: /^Why: /, then: /then (a|the) / },
  fr: { move: /^Tuile en \(-?\d+, -?\d+\)/, why: /^Pourquoi\u00a0: /, then: /puis (un|le|l’) / },
};

/** The numbers a reason carries (each must be in its sentence). */
const numbersOf = (r) => Object.entries(r).filter(([k, v]) => typeof v === 'number' && k !== 'features').map(([, v]) => v);

/**
 * Ann (following the hints) against an easy bot, through the API, until it is Ann's turn, a bot
 * turn with a why is in the log and Ann's hint puts a follower on the tile; returns the game, its
 * view and that hint.
 */
async function position() {
  const game = await quickGame(server.api, { names: ['Ann'], bots: ['easy'], seed: 4 });
  let v = await server.api('game_view', { game: game.id });
  for (let i = 0; i < 200 && !v.over; i++) {
    const p = v.pending;
    if (p.by_bot) {
      v = (await server.api('bot_move', { game: v.id })).view;
      continue;
    }
    const hint = await server.api('hint', { game: v.id });
    const botWhy = v.turns.some((t) => v.seats[t.seat].bot && t.why.length);
    if (botWhy && hint.placement && hint.choice?.action.type === 'deploy' && hint.reasons.length) return { game, view: v, hint };
    for (const action of hint.actions) v = (await server.api('play', { game: v.id, seat: p.decision.seat, state: v.state, action })).view;
  }
  assert.fail('no position with a bot turn explained and a hint that deploys');
}

async function setLanguage(language, extra = {}) {
  const s = await server.api('settings');
  await server.api('save_settings', { ...s, language, ...extra });
}

test('a hint shows the whole move and its sentence; the turn log says why the bot played; in English and French', { timeout: 180000 }, async () => {
  const { game, view, hint } = await position();
  const [x, y] = hint.placement.at;
  try {
    for (const lang of ['en', 'fr']) {
      await setLanguage(lang);
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 320, height: 568 }]) {
        const size = `${viewport.width}x${viewport.height}`;
        const { page, errors, close } = await openApp(browser, server.url, viewport);
        try {
          await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
          await waitForHuman(page);
          await tid(page, 'hint').click();
          const item = tid(page, 'hint-item');
          await item.waitFor();
          assert.equal(await item.count(), 1, 'one hint: the whole turn');
          const move = await tid(page, 'hint-move').innerText();
          assert.match(move, WORDS[lang].move, `${lang} ${size}: the cell`);
          assert.ok(move.includes(`(${x}, ${y})`), move);
          assert.match(move, WORDS[lang].then, `${lang} ${size}: then the follower`);
          if (hint.placement.rotation) assert.ok(move.includes(`${hint.placement.rotation * 90}°`), move);
          const why = await tid(page, 'hint-reason').innerText();
          for (const n of numbersOf(hint.reasons[0])) assert.ok(why.includes(String(n)), `${lang}: “${why}” says ${n}`);
          // on the board: the ghost in the cell, turned, and the follower's spot on it
          const mark = tid(page, 'hint-mark');
          assert.deepEqual([await mark.getAttribute('data-x'), await mark.getAttribute('data-y'), await mark.getAttribute('data-rotation')], [String(x), String(y), String(hint.placement.rotation)]);
          assert.equal(await tid(page, 'hint-spot').count(), 1, 'the follower spot on the ghost');
          // the hinted cell is brought into sight
          await page.locator('[data-testid="board"]:not([data-moving])').waitFor();
          const inside = await page.evaluate(() => {
            const b = document.querySelector('[data-testid="board"]').getBoundingClientRect();
            const m = document.querySelector('[data-testid="hint-mark"] rect').getBoundingClientRect();
            return m.left >= b.left - 1 && m.top >= b.top - 1 && m.right <= b.right + 1 && m.bottom <= b.bottom + 1;
          });
          assert.ok(inside, `${size}: the hinted cell is on screen`);
          await page.screenshot({ path: join(ARTIFACTS, `explain-hint-${lang}-${size}.png`) });
          // taking the hint: the tile there, turned so, its follower chosen
          await item.click();
          const tt = tid(page, 'tentative');
          await tt.waitFor();
          assert.deepEqual([await tt.getAttribute('data-x'), await tt.getAttribute('data-y'), await tt.getAttribute('data-rotation')], [String(x), String(y), String(hint.placement.rotation)]);
          const chosen = page.locator('[data-testid="follower-spot"].selected');
          await chosen.waitFor();
          assert.deepEqual(JSON.parse(await chosen.getAttribute('data-action')), JSON.parse(JSON.stringify(hint.choice.action)), 'the hinted follower is chosen');
          assert.equal(await page.locator('[data-testid="follower-choice"].hinted').count(), 1, 'its button marked as the hint’s');
          // the turn log: the bot's turns say why, the person's do not
          if (await tid(page, 'toggle-log').isVisible()) {
            await tid(page, 'toggle-log').click();
            await page.waitForFunction(() => document.querySelector('.game').classList.contains('show-log'));
          }
          const whys = tid(page, 'turn-why');
          await whys.first().waitFor();
          const botTurns = view.turns.filter((t) => view.seats[t.seat].bot && t.why.length).length;
          assert.equal(await whys.count(), botTurns, 'one why per bot turn');
          assert.match(await whys.first().innerText(), WORDS[lang].why);
          assert.equal(await page.locator('[data-testid="turn-entry"][data-seat="0"] [data-testid="turn-why"]').count(), 0, 'no why for a person’s turn');
          await page.screenshot({ path: join(ARTIFACTS, `explain-log-${lang}-${size}.png`) });
          assert.deepEqual(errors, []);
        } finally {
          await close();
        }
      }
    }
    // purist play: no hint, no bot's why
    await setLanguage('en', { purist: true });
    const { page, close } = await openApp(browser, server.url);
    try {
      await page.locator(`[data-testid="game-item"][data-game-id="${game.id}"]`).click();
      await waitForHuman(page);
      assert.equal(await tid(page, 'hint').isVisible(), false, 'purist: no hint');
      assert.ok((await tid(page, 'turn-entry').count()) > 0);
      assert.equal(await tid(page, 'turn-why').count(), 0, 'purist: no bot’s why');
    } finally {
      await close();
    }
  } finally {
    await setLanguage('', { purist: false });
  }
});
