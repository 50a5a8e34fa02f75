// Sounds on the right events, observed as the Web Audio calls the page makes (not heard): the
// turn chime, a tile's knock, a note per scoring, the end fanfare; the mute silences them all.
// Run: cd ui && npm run build && node --test tests/sound.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, launchBrowser, openApp, quickGame, startFastServer, tid, visibleSpotIndex, waitForHuman } from './harness.mjs';

// The frequencies src/sound/player.ts gives each cue.
const KNOCK = 140;
const CHIME = 880;
const FANFARE_TOP = 1046.5;

/** Records every note's frequency the page schedules, in window.__notes. */
function recordNotes() {
  window.__notes = [];
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    const osc = make.call(this);
    const set = osc.frequency.setValueAtTime.bind(osc.frequency);
    osc.frequency.setValueAtTime = (v, t) => {
      window.__notes.push(Math.round(v * 100) / 100);
      return set(v, t);
    };
    return osc;
  };
}

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

const notes = (page) => page.evaluate(() => window.__notes.slice());
const clearNotes = (page) => page.evaluate(() => (window.__notes.length = 0));

async function openGame(id) {
  const opened = await openApp(browser, server.url, DESKTOP);
  await opened.page.addInitScript(recordNotes);
  await opened.page.reload();
  await tid(opened.page, 'home').waitFor();
  await opened.page.locator(`[data-testid="game-item"][data-game-id="${id}"]`).click();
  return opened;
}

/** Places the drawn tile on a cell in sight, confirms, and passes any follower choice. */
async function playTurn(page) {
  await tid(page, 'spot').nth(await visibleSpotIndex(page)).click();
  await tid(page, 'confirm').click();
  if ((await waitForHuman(page)) === 'choose') await page.keyboard.press('Enter');
}

test('a person against a bot: silence on opening, then the knock of each tile and the chime of the next turn; muted, nothing', { timeout: 120000 }, async () => {
  const game = await quickGame(server.api, { names: ['Ann'], bots: ['easy'], seed: 4 });
  const { page, errors, close } = await openGame(game.id);
  try {
    assert.equal(await waitForHuman(page), 'place');
    assert.deepEqual(await notes(page), [], 'opening a game makes no sound');
    const state = Number(await tid(page, 'game').getAttribute('data-state'));
    await playTurn(page);
    // the bot answers and it is Ann's turn again
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s + 1 && document.querySelector('[data-testid="game"]').dataset.mode === 'place', state);
    const heard = await notes(page);
    assert.ok(heard.filter((f) => f === KNOCK).length >= 2, `a knock for Ann's tile and the bot's (${heard})`);
    assert.ok(heard.includes(CHIME), `the chime for Ann's turn (${heard})`);

    await tid(page, 'mute').click();
    assert.equal(await tid(page, 'mute').getAttribute('aria-pressed'), 'true');
    await clearNotes(page);
    const muted = Number(await tid(page, 'game').getAttribute('data-state'));
    await playTurn(page);
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]').dataset.state) > s + 1 && document.querySelector('[data-testid="game"]').dataset.mode === 'place', muted);
    assert.deepEqual(await notes(page), [], 'muted: no sound at all');
    // the mute is a setting: kept for the next time
    assert.equal((await server.api('settings')).muted, true);
    await tid(page, 'mute').click();
    assert.equal((await server.api('settings')).muted, false);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('bots to the end: a note per scoring with points (higher for more) and the fanfare', { timeout: 200000 }, async () => {
  const info = await server.api('app_info');
  const seats = [0, 1].map((i) => ({ type: 'bot', bot: 'random', colour: info.colours[i] }));
  const game = await server.api('new_game', { seats, order: 'as_listed', sets: [], options: { farmers: true }, seed: 2 });
  const { page, errors, close } = await openGame(game.id);
  try {
    await tid(page, 'end-screen').waitFor({ timeout: 180000 });
    const heard = await notes(page);
    const view = await server.api('open_game', { game: game.id });
    const scored = view.scores.filter((l) => l.entry.winners.length && l.entry.points > 0).map((l) => l.entry.points);
    const pitches = new Set(scored.map((p) => Math.round(440 * 2 ** (Math.min(24, p) / 12) * 100) / 100));
    assert.ok(scored.length > 0, 'the game had scorings');
    assert.ok([...pitches].some((f) => heard.includes(f)), `a scoring's pitch was played (${[...pitches]} in ${heard.length} notes)`);
    assert.ok(heard.includes(FANFARE_TOP), 'the end fanfare');
    assert.ok(!heard.includes(CHIME), 'no turn chime: no person plays here');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
