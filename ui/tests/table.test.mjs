// A LAN game in the app's own UI, served by the table's host: two browsers (a desktop with the
// host's controls, a phone) join with the room code, the host starts, both draw their shares,
// they play a whole game on the drawn board by clicks, one drops and comes back (and reloads),
// they chat, and at the end both check the draws. Real host, real WebSockets on 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axe } from './axe.mjs';
import { ARTIFACTS, DESKTOP, PHONE, launchBrowser, startServer, tableMode, tid, openGuest, takeSeat, playTableTurn, unspaced, agreed } from './harness.mjs';

let server;
let other;
let browser;

before(async () => {
  server = await startServer(['--lan-loopback']);
  // a second app on the same network
  other = await startServer(['--lan-loopback']);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await other?.stop();
});

const guest = (url, viewport, extra) => openGuest(browser, url, viewport, extra);

/** The game's state number on a page once it is not waiting for its own move. */
async function settled(page) {
  const h = await page.waitForFunction(() => {
    const g = document.querySelector('[data-testid="game"]');
    return g && g.dataset.busy !== 'true' ? Number(g.dataset.state) : false;
  });
  return h.jsonValue();
}

test('two devices play a whole LAN game on the board, survive a drop and a reload, and check the draws', { timeout: 300000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Test', seats: 2, sets: ['base'], options: { farmers: true }, port: null, loopback_only: true });
  assert.ok(hosted.join_url.startsWith('http://127.0.0.1:'), hosted.join_url);

  // The host's own page (admin address) and a phone.
  const ann = await guest(hosted.admin_url, DESKTOP);
  assert.equal(await tid(ann.page, 'table-room').inputValue(), hosted.room);
  await takeSeat(ann.page, 'Ann');
  await tid(ann.page, 'admin').waitFor();
  const bob = await guest(hosted.join_url, PHONE);
  assert.equal(await tid(bob.page, 'admin').count(), 0, 'no host controls without the admin token');
  await takeSeat(bob.page, 'Bob');
  await ann.page.locator('[data-testid="lobby-seat"][data-connected="true"]').nth(1).waitFor();
  assert.match(await tid(bob.page, 'lobby-seat').nth(1).textContent(), /Bob \(you\)/);

  // The host chooses the rules in the lobby (farmers off, an expansion and its option);
  // every player sees them before the start, and the game plays them.
  const rules = (page) => tid(page, 'lobby-rules').textContent();
  assert.match(await rules(bob.page), /Farmers: On/);
  await tid(ann.page, 'option-farmers').selectOption({ label: 'Off' });
  await bob.page.locator('[data-testid="lobby-rules"]', { hasText: 'Farmers: Off' }).waitFor();
  await tid(ann.page, 'table-set-city_of_carcassonne').check();
  await tid(ann.page, 'option-count_moves').waitFor();
  await tid(ann.page, 'table-set-city_of_carcassonne').uncheck();
  await bob.page.locator('[data-testid="lobby-sets"]', { hasText: 'Expansions: none, the base game' }).waitFor();
  // The host's page redraws from the same broadcast, which may reach it after the phone's.
  await tid(ann.page, 'option-count_moves').waitFor({ state: 'detached' });
  assert.equal(await tid(ann.page, 'option-count_moves').count(), 0, "an expansion's option goes with it");
  assert.match(await rules(bob.page), /Farmers: Off/, 'a change of expansions keeps the chosen rules');
  assert.equal(await tid(bob.page, 'table-options').count(), 0, 'players see the rules, the host chooses them');
  await ann.page.screenshot({ path: join(ARTIFACTS, 'table-lobby.png') });

  // Start: both pages commit and reveal their shares by themselves; the board appears.
  await tid(ann.page, 'start').click();
  await tid(ann.page, 'game').waitFor();
  await tid(bob.page, 'game').waitFor();
  assert.equal(await tid(ann.page, 'hint').isHidden(), true, 'no hints at a LAN table');
  for (const page of [ann.page, bob.page]) assert.equal(await page.evaluate(() => window.__table.view.options.farmers), false);
  const pages = [ann.page, bob.page];

  for (let turn = 0; turn < 6; turn++) assert.ok(await playTableTurn(pages, turn));
  // Both see the same table.
  await agreed(pages);
  const tilesOf = (page) => page.locator('[data-testid="board"] [data-tile]').count();
  assert.ok((await tilesOf(ann.page)) >= 7, 'the start tile and six placed');
  assert.equal(await tilesOf(bob.page), await tilesOf(ann.page));

  // Chat and a reaction.
  await tid(ann.page, 'chat-toggle').click();
  await tid(ann.page, 'chat-input').fill('good luck');
  await tid(ann.page, 'chat-send').click();
  await bob.page.locator('[data-testid="chat-toggle"]', { hasText: '(1)' }).waitFor();
  await tid(bob.page, 'chat-toggle').click();
  await tid(bob.page, 'chat-line').filter({ hasText: 'Ann: good luck' }).waitFor();
  await tid(bob.page, 'chat-toggle').click();
  await tid(ann.page, 'chat-toggle').click();

  // Bob's connection drops: the banner shows, the page reconnects with its token, same table.
  const before = await agreed(pages);
  await bob.page.evaluate(() => window.__table.dropForTest());
  await tid(bob.page, 'reconnecting').waitFor();
  await tid(bob.page, 'link').and(bob.page.locator('[data-link="open"]')).waitFor();
  assert.ok((await agreed(pages)) >= before, 'back at the same table');
  await tid(bob.page, 'reconnecting').waitFor({ state: 'hidden' });
  for (let turn = 6; turn < 10; turn++) assert.ok(await playTableTurn(pages, turn));

  // Bob reloads the page: straight back to his seat, same table.
  await bob.page.reload();
  await tid(bob.page, 'game').waitFor();
  await agreed(pages);
  assert.match(await tid(bob.page, 'seat-score').nth(1).getAttribute('aria-label'), /^Bob/);
  // On the phone a working link is a dot that still says what it is; on the desktop, words.
  const pill = async (page) => tid(page, 'link').evaluate((e) => ({ width: e.getBoundingClientRect().width, text: e.textContent }));
  const [phonePill, desktopPill] = [await pill(bob.page), await pill(ann.page)];
  assert.ok(phonePill.width <= 16, `phone: ${JSON.stringify(phonePill)}`);
  assert.ok(desktopPill.width > 60, `desktop: ${JSON.stringify(desktopPill)}`);
  assert.equal(phonePill.text, desktopPill.text);
  await bob.page.screenshot({ path: join(ARTIFACTS, 'table-phone.png') });
  await ann.page.screenshot({ path: join(ARTIFACTS, 'table-desktop.png') });

  // Bob leaves the page: the host sees him away and may hand his seat to a bot, but only
  // after a grace period (the refusal says how long); Bob comes back to his seat meanwhile.
  await bob.page.goto('about:blank');
  await tid(ann.page, 'bots-for-away-bar').waitFor();
  await tid(ann.page, 'bots-for-away-bar').click();
  await ann.page.getByTestId('toast').filter({ hasText: 'a moment ago' }).waitFor();
  await bob.page.goto(hosted.join_url);
  await tid(bob.page, 'game').waitFor();
  await tid(ann.page, 'bots-for-away-bar').waitFor({ state: 'hidden' });

  // To the end.
  let turn = 10;
  while (await playTableTurn(pages, turn)) turn++;
  assert.ok(turn > 40, `a whole game (${turn} turns)`);
  for (const page of pages) {
    await tid(page, 'table-end').waitFor();
    assert.equal(await tid(page, 'fair').getAttribute('data-ok'), 'true', await tid(page, 'fair').textContent());
    assert.equal(await page.locator('[data-testid="standings"] li').count(), 2);
    assert.ok((await tid(page, 'score-line').count()) > 0, 'every scoring explained');
  }
  await bob.page.screenshot({ path: join(ARTIFACTS, 'table-end.png') });
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  await ann.context.close();
  await bob.context.close();
  await server.api('lan_stop');
});

test('two apps play at a table through their own clients, a phone watches, and each app replays the draws', { timeout: 300000 }, async () => {
  // The first app hosts and sits at its own table (host controls) from its network screen.
  const ann = await guest(`${server.url}/`, DESKTOP);
  await tid(ann.page, 'home').waitFor();
  await tid(ann.page, 'home-lan').click();
  await tid(ann.page, 'lan-host').click();
  await tid(ann.page, 'lan-hosted').waitFor();
  const room = (await tid(ann.page, 'lan-room').textContent()).trim();
  const joinUrl = (await tid(ann.page, 'lan-join-url').textContent()).trim();
  const address = joinUrl.replace('http://', '').split('/')[0];
  await tid(ann.page, 'lan-open-mine').click();
  assert.equal(await tid(ann.page, 'table-room').inputValue(), room);
  await takeSeat(ann.page, 'Ann');
  await tid(ann.page, 'admin').waitFor();

  // The second app joins by the address and room code the host shows.
  const bob = await guest(`${other.url}/`, PHONE);
  await tid(bob.page, 'home').waitFor();
  await tid(bob.page, 'home-lan').click();
  await tid(bob.page, 'lan-address').fill(address);
  await tid(bob.page, 'lan-room-code').fill(room);
  await tid(bob.page, 'lan-join').click();
  assert.equal(await tid(bob.page, 'table-room').inputValue(), room);
  await takeSeat(bob.page, 'Bob');

  // A phone browser watches, on the page the table serves.
  const eve = await guest(joinUrl, PHONE);
  await tid(eve.page, 'table-name').fill('Eve');
  await tid(eve.page, 'table-watch').click();
  await tid(eve.page, 'lobby').waitFor();

  await ann.page.locator('[data-testid="lobby-seat"][data-connected="true"]').nth(1).waitFor();
  await tid(ann.page, 'start').click();
  for (const p of [ann.page, bob.page, eve.page]) await tid(p, 'game').waitFor();
  const pages = [ann.page, bob.page];
  let turn = 0;
  for (; turn < 8; turn++) assert.ok(await playTableTurn(pages, turn));

  // The second app loses its connection: it reconnects through its client, same table.
  const before = await agreed(pages);
  await bob.page.evaluate(() => window.__table.dropForTest());
  await tid(bob.page, 'reconnecting').waitFor();
  await tid(bob.page, 'link').and(bob.page.locator('[data-link="open"]')).waitFor();
  assert.ok((await agreed(pages)) >= before, 'back at the same table');
  assert.equal(await tableMode(eve.page).then((m) => m.mode), 'wait', 'the spectator only watches');

  while (await playTableTurn(pages, turn)) turn++;
  assert.ok(turn > 40, `a whole game (${turn} turns)`);
  for (const p of [ann.page, bob.page]) {
    await tid(p, 'fair').and(p.locator('[data-ok="true"]')).waitFor({ timeout: 20000 });
    assert.equal(await tid(p, 'fair').getAttribute('data-replayed'), 'true', 'the app replayed the draws');
  }
  await tid(eve.page, 'table-end').waitFor();
  assert.equal(await tid(eve.page, 'fair').getAttribute('data-ok'), 'true');
  assert.equal(await tid(eve.page, 'fair').getAttribute('data-replayed'), 'false', 'a browser checks the hashes only');
  await ann.page.screenshot({ path: join(ARTIFACTS, 'table-app-end.png') });
  // each app keeps the game in its own history, and it replays from there
  for (const [g, app] of [[ann, server], [bob, other]]) {
    await tid(g.page, 'table-kept').waitFor();
    const kept = (await app.api('history')).filter((e) => e.status === 'finished' && e.seats.map((s) => s.name).join() === 'Ann,Bob');
    assert.equal(kept.length, 1, 'kept once on each device');
    await tid(g.page, 'table-replay').click();
    await g.page.locator(`[data-testid="replay"]`).waitFor();
    assert.equal(await g.page.locator('[data-testid="replay"] .placed-tile').count() > 0, true);
  }
  for (const g of [ann, bob, eve]) {
    assert.deepEqual(g.errors, []);
    await g.context.close();
  }
  await server.api('lan_stop');
});

test('a table whose host app quits mid-game is taken up again: players come back to their seats and play on', { timeout: 300000 }, async () => {
  let hostApp = await startServer(['--lan-loopback']);
  const hosted = await hostApp.api('lan_host', { name: 'Kept', seats: 2, sets: ['base'], options: { farmers: true }, port: null, loopback_only: true });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  await tid(ann.page, 'admin').waitFor();
  const bob = await guest(hosted.join_url, PHONE);
  await takeSeat(bob.page, 'Bob');
  await ann.page.locator('[data-testid="lobby-seat"][data-connected="true"]').nth(1).waitFor();
  await tid(ann.page, 'start').click();
  await tid(ann.page, 'game').waitFor();
  await tid(bob.page, 'game').waitFor();
  const pages = [ann.page, bob.page];
  for (let turn = 0; turn < 4; turn++) assert.ok(await playTableTurn(pages, turn));
  const state = await agreed(pages);
  const tiles = await ann.page.locator('[data-testid="board"] [data-tile]').count();

  // The hosting app quits: both pages lose the table and keep trying.
  const data = hostApp.data;
  await hostApp.stop({ keep: true });
  for (const page of pages) await tid(page, 'reconnecting').waitFor();

  // Started again, the app offers the table on its network screen; taken up, it listens
  // where it did and both pages come back to their seats by themselves.
  hostApp = await startServer(['--lan-loopback'], { data });
  const host = await guest(`${hostApp.url}/`, DESKTOP);
  await tid(host.page, 'home-lan').click();
  await tid(host.page, 'lan-saved').waitFor();
  assert.match(await tid(host.page, 'lan-saved-text').textContent(), /Kept \(room [A-Z0-9]+\): Ann, Bob\. \d+ moves played\./);
  await host.page.screenshot({ path: join(ARTIFACTS, 'lan-saved-table.png') });
  await tid(host.page, 'lan-resume').click();
  await tid(host.page, 'lan-hosted').waitFor();
  assert.equal((await tid(host.page, 'lan-join-url').textContent()).trim(), hosted.join_url);
  for (const page of pages) {
    await tid(page, 'link').and(page.locator('[data-link="open"]')).waitFor({ timeout: 20000 });
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid="game"]')?.dataset.state) === s, state);
    assert.equal(await page.locator('[data-testid="board"] [data-tile]').count(), tiles, 'the same board');
  }
  for (let turn = 4; turn < 8; turn++) assert.ok(await playTableTurn(pages, turn), 'the game goes on');
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  for (const g of [ann, bob, host]) await g.context.close();
  await hostApp.api('lan_stop');
  await hostApp.stop();
});


test('at a table a player asks to take back a turn: declined, it stands; accepted, the same tile comes again', { timeout: 120000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Undo', seats: 2, sets: ['base'], options: {}, port: null, loopback_only: true });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  const bob = await guest(hosted.join_url, PHONE);
  await takeSeat(bob.page, 'Bob');
  await ann.page.locator('[data-testid="lobby-seat"][data-connected="true"]').nth(1).waitFor();
  await tid(ann.page, 'start').click();
  for (const p of [ann.page, bob.page]) await tid(p, 'game').waitFor();
  const pages = [ann.page, bob.page];
  const table = (page) => page.evaluate(() => ({ seat: window.__table.seat, turns: window.__table.view.turns.map((t) => ({ seat: t.seat, tile: t.tile })), tile: window.__table.view.pending?.tile ?? null }));
  // play until Ann (seat 0) has just played a turn and it is Bob's
  let turn = 0;
  for (;;) {
    assert.ok(await playTableTurn(pages, turn++));
    const v = await table(ann.page);
    if (v.turns.length > 0 && v.turns.at(-1).seat === 0) break;
  }
  const before = await table(ann.page);
  const annsTile = before.turns.at(-1).tile;
  assert.equal(await tid(bob.page, 'undo').isVisible(), false, 'only the player of the last turn may ask');

  // declined: everyone is told, the turn stands
  await settled(ann.page);
  await tid(ann.page, 'undo').click();
  await tid(bob.page, 'undo-accept').waitFor();
  assert.match(await tid(ann.page, 'undo-asked-text').textContent(), /Ann asks.*Waiting for Bob/);
  await bob.page.screenshot({ path: join(ARTIFACTS, 'table-undo-asked-phone.png') });
  await tid(bob.page, 'undo-decline').click();
  await ann.page.locator('[data-testid="toast"]', { hasText: 'Bob declined' }).first().waitFor();
  await tid(bob.page, 'undo-asked').waitFor({ state: 'hidden' });
  assert.deepEqual((await table(bob.page)).turns, before.turns, 'nothing changed');

  // accepted: the table goes back before Ann's turn, and she has the same tile again
  await settled(ann.page);
  await tid(ann.page, 'undo').click();
  await tid(bob.page, 'undo-accept').click();
  await ann.page.locator('[data-testid="toast"]', { hasText: 'same tile comes again' }).first().waitFor();
  await bob.page.locator('[data-testid="toast"]', { hasText: 'Ann took back' }).first().waitFor();
  for (const page of pages) {
    const v = await table(page);
    assert.deepEqual(v.turns, before.turns.slice(0, -1), 'the turn is gone on every device');
    assert.equal(v.tile, annsTile, 'Ann draws the same tile again');
  }
  assert.equal((await tableMode(ann.page)).mode, 'place', 'Ann plays the turn again');
  await ann.page.screenshot({ path: join(ARTIFACTS, 'table-undo-ann.png') });
  for (const g of [ann, bob]) {
    assert.deepEqual(g.errors, []);
    await g.context.close();
  }
});

test('everyone sees the turn timer and the rules the host chose in the lobby, in their language', async () => {
  const hosted = await server.api('lan_host', { name: 'Timer', seats: 3, sets: ['base'], options: {}, port: null, loopback_only: true, turn_timer: 120 });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  const eve = await guest(hosted.join_url, PHONE, { locale: 'fr-FR' });
  await tid(eve.page, 'table-name').fill('Eve');
  await tid(eve.page, 'table-watch').click();
  await tid(eve.page, 'lobby').waitFor();
  assert.equal(await tid(ann.page, 'lobby-turn-timer').textContent(), 'Turn timer: 2 minutes');
  assert.equal(await tid(eve.page, 'lobby-turn-timer').textContent(), 'Minuteur de tour\u00a0: 2 minutes');
  // French spaces its colons, and a free seat is named by its number, one seat
  assert.equal(await tid(eve.page, 'lobby-sets').textContent(), 'Extensions\u00a0: aucune, le jeu de base');
  assert.match(await tid(eve.page, 'lobby-rules').textContent(), /Paysans\u00a0: /);
  assert.deepEqual(await tid(eve.page, 'ask-seat').allTextContents(), ['Demander le siège\u00a0: Siège 2', 'Demander le siège\u00a0: Siège 3']);
  await eve.page.screenshot({ path: join(ARTIFACTS, 'table-turn-timer-phone-fr.png') });
  for (const g of [ann, eve]) {
    assert.deepEqual(g.errors, []);
    await g.context.close();
  }
  await server.api('lan_stop');
});

test('the host picks each bot level, and a spectator takes the bot seat mid-game with the host consent', { timeout: 180000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Reseat', seats: 2, sets: ['base'], options: {}, port: null, loopback_only: true, away_level: 'easy' });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  // seat 2 to a bot; the host picks its level, every lobby shows it
  await tid(ann.page, 'seat-toggle').click();
  await tid(ann.page, 'seat-level').waitFor();
  await tid(ann.page, 'seat-level').selectOption('hard');
  await ann.page.locator('[data-testid="lobby-seat"][data-kind="bot"]', { hasText: 'Hard' }).waitFor();
  assert.match(await tid(ann.page, 'lobby-away-level').textContent(), /Easy/);
  assert.equal(await tid(ann.page, 'lobby-turn-timer').textContent(), 'Turn timer: off', 'no turn timer was chosen');
  const eve = await guest(hosted.join_url, PHONE);
  await tid(eve.page, 'table-name').fill('Eve');
  await tid(eve.page, 'table-watch').click();
  await eve.page.locator('[data-testid="lobby-seat"][data-kind="bot"]', { hasText: 'Hard' }).waitFor();
  await eve.page.screenshot({ path: join(ARTIFACTS, 'table-bot-level-phone.png') });
  // a quick bot for the game itself
  await tid(ann.page, 'seat-level').selectOption('easy');
  await ann.page.locator('[data-testid="lobby-seat"][data-kind="bot"]', { hasText: 'Easy' }).waitFor();
  await tid(ann.page, 'start').click();
  for (const p of [ann.page, eve.page]) await tid(p, 'game').waitFor();
  assert.ok(await playTableTurn([ann.page], 0));
  // the bot's turn says why in the log, as in a game on one device
  await ann.page.locator('[data-testid="turn-entry"][data-seat="1"] [data-testid="turn-why"]').first().waitFor();
  // Eve asks for the bot's seat; the host lets her play it
  await tid(eve.page, 'ask-seat-bar').click();
  await tid(eve.page, 'seat-asked-mine').waitFor();
  await eve.page.screenshot({ path: join(ARTIFACTS, 'table-seat-asking-phone.png') });
  await eve.page.setViewportSize({ width: 320, height: 568 });
  await eve.page.screenshot({ path: join(ARTIFACTS, 'table-seat-asking-320.png') });
  await tid(ann.page, 'seat-ask').waitFor();
  assert.match(await tid(ann.page, 'seat-ask').textContent(), /Eve asks to play/);
  await ann.page.screenshot({ path: join(ARTIFACTS, 'table-seat-asked.png') });
  await tid(ann.page, 'seat-ask-accept').click();
  await eve.page.waitForFunction(() => window.__table.seat === 1);
  await tid(ann.page, 'seat-ask').waitFor({ state: 'hidden' });
  await ann.page.waitForFunction(() => window.__table.lobby.seats[1].kind === 'human' && window.__table.lobby.seats[1].name === 'Eve');
  // Eve plays the seat now: the game goes on between Ann and Eve
  const pages = [ann.page, eve.page];
  for (let turn = 1; turn < 5; turn++) assert.ok(await playTableTurn(pages, turn));
  const seats = await ann.page.evaluate(() => window.__table.view.turns.map((t) => t.seat));
  assert.ok(seats.includes(1));
  assert.ok(await eve.page.evaluate(() => window.__table.view.turns.some((t) => t.seat === 1 && !window.__table.view.seats[1].bot)));
  for (const g of [ann, eve]) {
    assert.deepEqual(g.errors, []);
    await g.context.close();
  }
});

test('the table pages pass axe-core in both languages on a desktop and a phone: joining, the lobby, the host\'s lobby', { timeout: 180000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Axe', seats: 3, sets: ['base'], options: {}, port: null, loopback_only: true });
  const found = [];
  try {
    for (const [lang, locale] of [['en', 'en-US'], ['fr', 'fr-FR']]) {
      const host = await guest(hosted.admin_url, DESKTOP, { locale });
      await takeSeat(host.page, lang === 'en' ? 'Ann' : 'Anne');
      found.push(...(await axe(host.page, `host lobby ${lang} desktop`)));
      if (lang === 'fr') assert.deepEqual(await unspaced(host.page), [], 'host lobby: French spaces its colons');
      for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
        const g = await guest(hosted.join_url, viewport, { locale });
        await tid(g.page, 'table-name').waitFor();
        assert.equal(await g.page.evaluate(() => document.documentElement.lang), lang);
        found.push(...(await axe(g.page, `join ${lang} ${size}`)));
        await tid(g.page, 'table-name').fill(`${size} ${lang}`);
        await tid(g.page, 'table-watch').click();
        await tid(g.page, 'lobby').waitFor();
        found.push(...(await axe(g.page, `lobby ${lang} ${size}`)));
        if (lang === 'fr') assert.deepEqual(await unspaced(g.page), [], `lobby ${size}: French spaces its colons`);
        assert.deepEqual(g.errors, []);
        await g.context.close();
      }
      assert.deepEqual(host.errors, []);
      await host.context.close();
    }
  } finally {
    await server.api('lan_stop');
  }
  assert.deepEqual(found, [], JSON.stringify(found, null, 1));
});
