// The tutorial (issue 30, item 7): from Home, a guided game on the app's own board, each step
// one sentence and its target shown (the ringed cell, the tile as it must lie, the follower's
// spot); a move off the script refused with its sentence and not played; left half-way and
// resumed from Home at the same step (and after a reload); played to its end screen at phone size; in English and
// French, nothing clipped at 390×844 and 320×568, axe-clean.
// Run: cd ui && npm run build && node --test tests/tutorial.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, UI, clipped, launchBrowser, openApp, startFastServer, tid, waitForHuman } from './harness.mjs';

const AXE = join(UI, 'node_modules', 'axe-core', 'axe.min.js');
const SHOTS = process.env.TUTORIAL_SHOTS ?? ARTIFACTS;

let browser;
let server;
let script;
before(async () => {
  browser = await launchBrowser();
  server = await startFastServer();
  script = (await server.api('tutorial')).turns;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const WORDS = {
  en: { placing: /^Tap the ringed square/, wrongCell: 'Not there: put the tile on the ringed square.', wrongRotation: /^Turn the tile \(R\)/, step: (n) => `Step ${n} of 8` },
  fr: { placing: /^Touchez la case entourée/, wrongCell: 'Pas ici\u00a0: posez la tuile sur la case entourée.', wrongRotation: /^Tournez la tuile \(R\)/, step: (n) => `Étape ${n} sur 8` },
};

/** The action as the board's markers name it (keys sorted, as ui/src/board/labels.ts). */
const canonical = (v) =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}` : JSON.stringify(v);

async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast');
}

const card = (page) => tid(page, 'tutorial-card');
const cell = (page, [x, y]) => page.locator(`[data-testid="spot"][data-x="${x}"][data-y="${y}"]`);

/** Waits for the learner's turn `index` of the script (its card, the board waiting for a tile). */
async function learnersTurn(page, index) {
  await page.locator(`[data-testid="tutorial-card"][data-turn="${index}"]`).waitFor({ timeout: 30000 });
  assert.equal(await waitForHuman(page), 'place');
  await page.locator('[data-testid="hint-mark"]').waitFor();
}

/** Plays the learner's turn `index` as its card says: the ringed cell, turned like the card's
 * picture, the marked follower (or none), confirm. */
async function playStep(page, index, words) {
  const turn = script[index];
  await learnersTurn(page, index);
  // the ringed cell is the script's, drawn turned as the tile must lie
  const mark = tid(page, 'hint-mark');
  assert.deepEqual([Number(await mark.getAttribute('data-x')), Number(await mark.getAttribute('data-y'))], turn.at);
  assert.equal(Number(await mark.getAttribute('data-rotation')), turn.rotations[0]);
  await cell(page, turn.at).click();
  const tentative = tid(page, 'tentative');
  await tentative.waitFor();
  if (turn.topic === 'rotating') {
    // the tile comes turned otherwise: confirming is refused, with its sentence
    assert.ok(!turn.rotations.includes(Number(await tentative.getAttribute('data-rotation'))));
    const state = await tid(page, 'game').getAttribute('data-state');
    await tid(page, 'confirm').click();
    await page.locator('[data-testid="tutorial-note"][data-refusal="rotation"]').waitFor();
    assert.match(await tid(page, 'tutorial-note').innerText(), words.wrongRotation);
    assert.equal(await tid(page, 'game').getAttribute('data-state'), state, 'nothing was played');
    for (let i = 0; i < 4 && !turn.rotations.includes(Number(await tentative.getAttribute('data-rotation'))); i++) await tid(page, 'rotate').click();
  }
  assert.ok(turn.rotations.includes(Number(await tentative.getAttribute('data-rotation'))), 'the tile lies as the card shows');
  if (turn.follower.type === 'deploy') {
    const spot = page.locator(`[data-testid="follower-spot"][data-action='${canonical(turn.follower)}']`);
    await spot.click();
    await page.locator(`[data-testid="follower-spot"].selected[data-action='${canonical(turn.follower)}']`).waitFor();
  } else await tid(page, 'follower-choice').first().waitFor();
  const state = Number(await tid(page, 'game').getAttribute('data-state'));
  await tid(page, 'confirm').click();
  await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]')?.dataset.state ?? 1e9) > s, state);
}

/** Nothing cut off, nothing of the card hidden under something else, no axe violation. */
async function looksRight(page, what) {
  assert.deepEqual(await clipped(page), [], `${what}: clipped`);
  const box = await card(page).boundingBox();
  const vp = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= vp.height + 1 && box.x >= 0 && box.x + box.width <= vp.width + 1, `${what}: the card is on screen`);
  const covered = await page.evaluate(() => {
    const leave = document.querySelector('[data-testid="tutorial-leave"]').getBoundingClientRect();
    const top = document.elementFromPoint(leave.left + leave.width / 2, leave.top + leave.height / 2);
    return top?.closest('[data-testid="tutorial-leave"]') ? null : top?.outerHTML.slice(0, 80);
  });
  assert.equal(covered, null, `${what}: the leave button is covered`);
  assert.deepEqual(await axe(page), [], `${what}: axe`);
}

test('the tutorial runs to its end at phone size: a wrong move refused, left half-way and resumed from Home', { timeout: 300000 }, async () => {
  const words = WORDS.en;
  const { page, errors, close } = await openApp(browser, server.url, { width: 390, height: 844 });
  try {
    await page.locator('[data-testid="home-tutorial"][data-ready="true"]').waitFor();
    await tid(page, 'home-tutorial').click();
    await learnersTurn(page, 0);
    assert.equal(await card(page).getAttribute('data-step'), '1');
    assert.match(await tid(page, 'tutorial-step').innerText(), new RegExp(words.step(1)));
    assert.match(await tid(page, 'tutorial-sentence').innerText(), words.placing);
    await looksRight(page, 'step 1');
    await page.screenshot({ path: join(SHOTS, 'tutorial-390-step1.png') });

    // another legal cell: refused with its sentence, the tile stays in hand
    const other = script[0].at[0] === -1 ? [1, 0] : [-1, 0];
    await cell(page, other).click();
    await page.locator('[data-testid="tutorial-note"][data-refusal="cell"]').waitFor();
    assert.equal(await tid(page, 'tutorial-note').innerText(), words.wrongCell);
    assert.equal(await tid(page, 'tentative').count(), 0, 'the tile is not put there');
    await page.screenshot({ path: join(SHOTS, 'tutorial-390-refused.png') });

    const learners = script.map((t, i) => (t.seat === 0 ? i : -1)).filter((i) => i >= 0);
    const half = learners[3];
    for (const i of learners) {
      if (i === half) {
        // leave at the thief's step: Home offers to resume, and the board comes back at the same step
        await learnersTurn(page, i);
        const step = await card(page).getAttribute('data-step');
        await tid(page, 'tutorial-leave').click();
        await tid(page, 'home').waitFor();
        await page.locator('[data-testid="home-tutorial"][data-resume="true"]').waitFor();
        assert.match(await tid(page, 'home-tutorial').innerText(), /Resume the tutorial/);
        assert.equal(await page.locator('[data-testid="game-item"]').count(), 0, 'the tutorial is not among the games to continue');
        await tid(page, 'home-tutorial').click();
        await learnersTurn(page, i);
        assert.equal(await card(page).getAttribute('data-step'), step, 'resumed at the same step');
        // a reload comes back to the tutorial's board, not a plain game
        await page.reload();
        await learnersTurn(page, i);
        assert.equal(await card(page).getAttribute('data-step'), step, 'reloaded at the same step');
      }
      await playStep(page, i, words);
      if (script[i].topic === 'scoring') {
        await page.waitForFunction(() => /\b8\b/.test(document.querySelector('.seat .seat-points')?.textContent ?? ''));
        await page.screenshot({ path: join(SHOTS, 'tutorial-390-scored.png') });
      }
      if (script[i].topic === 'monk') await page.screenshot({ path: join(SHOTS, 'tutorial-390-monk.png') });
    }
    await tid(page, 'end-screen').waitFor({ timeout: 30000 });
    const view = await server.api('game_view', { game: Number(await page.evaluate(() => /game=(\d+)/.exec(location.hash)?.[1])) });
    assert.ok(view.over);
    assert.deepEqual(view.seats.map((s) => s.score), [24, 4]);
    await page.screenshot({ path: join(SHOTS, 'tutorial-390-end.png') });
    // finished: Home starts a new one
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid="home-tutorial"][data-ready="true"]').waitFor();
    assert.equal(await tid(page, 'home-tutorial').getAttribute('data-resume'), null);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the tutorial in French at 320×568 and in English at 1280×800: its words, nothing clipped, axe-clean', { timeout: 180000 }, async () => {
  const s = await server.api('settings');
  try {
    for (const [lang, viewport] of [['fr', { width: 320, height: 568 }], ['en', { width: 1280, height: 800 }]]) {
      await server.api('save_settings', { ...s, language: lang });
      const left = (await server.api('tutorial')).game;
      if (left !== null) await server.api('abandon_game', { game: left });
      const words = WORDS[lang];
      const { page, errors, close } = await openApp(browser, server.url, viewport);
      try {
        await page.locator('[data-testid="home-tutorial"][data-ready="true"]').waitFor();
        await page.screenshot({ path: join(SHOTS, `tutorial-${lang}-${viewport.width}-home.png`) });
        await tid(page, 'home-tutorial').click();
        await learnersTurn(page, 0);
        assert.match(await tid(page, 'tutorial-sentence').innerText(), words.placing);
        assert.match(await tid(page, 'tutorial-step').innerText(), new RegExp(words.step(1)));
        await cell(page, [-1, 0]).click();
        await page.locator('[data-testid="tutorial-note"][data-refusal="cell"]').waitFor();
        assert.equal(await tid(page, 'tutorial-note').innerText(), words.wrongCell);
        await looksRight(page, `${lang} ${viewport.width} step 1`);
        await playStep(page, 0, words);
        await learnersTurn(page, 2);
        assert.match(await tid(page, 'tutorial-step').innerText(), new RegExp(words.step(2)));
        await cell(page, script[2].at).click();
        await tid(page, 'tentative').waitFor();
        await looksRight(page, `${lang} ${viewport.width} step 2, the tile put down`);
        await page.screenshot({ path: join(SHOTS, `tutorial-${lang}-${viewport.width}-step2.png`) });
        // the keyboard alone: the leave button is reached by Tab and pressed by Enter
        let reached = false;
        for (let i = 0; i < 40 && !reached; i++) {
          await page.keyboard.press('Tab');
          reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'tutorial-leave');
        }
        assert.ok(reached, 'Tab reaches the leave button');
        await page.keyboard.press('Enter');
        await tid(page, 'home').waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  } finally {
    await server.api('save_settings', s);
  }
});
