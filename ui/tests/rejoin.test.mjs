// "Rejoin the table" after the app closed (issue 27): an app sits at a LAN table hosted by
// another app, plays a few turns, and quits. Started again on the same data folder, in a fresh
// browser (nothing kept by the page itself), Home and the network screen offer the table kept
// in the app's store; Rejoin takes the seat back with its token, the game goes on to its end
// and the app checks the draws with the pins it kept; then the table is no longer offered.
// Real UI servers, real host, real WebSockets on 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, launchBrowser, PHONE, startServer, tid, openGuest, takeSeat, playTableTurn, agreed } from './harness.mjs';

const SHOTS = '/tmp/tablepins-shots';
mkdirSync(SHOTS, { recursive: true });
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 320, height: 568 },
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const guest = (url, viewport, extra) => openGuest(browser, url, viewport, extra);

async function shots(page, name) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: false });
    // nothing wider than the screen
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `${name} at ${size.width}: ${wide}px too wide`);
  }
  await page.setViewportSize(DESKTOP);
}

test('an app that quit takes its seat back from its store with "Rejoin the table", plays on and checks the draws', { timeout: 400000 }, async () => {
  const hostApp = await startServer(['--lan-loopback']);
  let bobApp = await startServer(['--lan-loopback']);
  try {
    const hosted = await hostApp.api('lan_host', { name: 'Friday', seats: 2, sets: [], options: { farmers: true }, port: null, loopback_only: true });
    const address = hosted.join_url.replace('http://', '').split('/')[0];
    const ann = await guest(hosted.admin_url, DESKTOP);
    await takeSeat(ann.page, 'Ann');
    await tid(ann.page, 'admin').waitFor();

    // Bob's app joins by address and room code; nothing is offered before.
    let bob = await guest(`${bobApp.url}/`, PHONE);
    await tid(bob.page, 'home').waitFor();
    await tid(bob.page, 'rejoin-slot').and(bob.page.locator('[data-ready="true"]')).waitFor({ state: 'attached' });
    assert.equal(await tid(bob.page, 'rejoin-card').count(), 0, 'no table kept yet');
    await tid(bob.page, 'home-lan').click();
    await tid(bob.page, 'lan-address').fill(address);
    await tid(bob.page, 'lan-room-code').fill(hosted.room);
    await tid(bob.page, 'lan-join').click();
    await takeSeat(bob.page, 'Bob');

    await ann.page.locator('[data-testid="lobby-seat"][data-connected="true"]').nth(1).waitFor();
    await tid(ann.page, 'start').click();
    await tid(ann.page, 'game').waitFor();
    await tid(bob.page, 'game').waitFor();
    let turn = 0;
    for (; turn < 4; turn++) assert.ok(await playTableTurn([ann.page, bob.page], turn));
    assert.deepEqual(bob.errors, []);

    // Bob's app quits; started again on its folder, in a browser that kept nothing.
    await bob.context.close();
    const data = bobApp.data;
    await bobApp.stop({ keep: true });
    bobApp = await startServer(['--lan-loopback'], { data });
    const kept = await bobApp.api('lan_kept_link');
    assert.equal(kept.length, 1, 'the table is kept in the store');
    assert.equal(kept[0].room, hosted.room);
    assert.equal(kept[0].name, 'Bob');
    assert.equal(kept[0].seat, 1);
    bob = await guest(`${bobApp.url}/`, DESKTOP);
    await tid(bob.page, 'home').waitFor();
    await tid(bob.page, 'rejoin-card').waitFor();
    assert.match(await tid(bob.page, 'rejoin-card').textContent(), new RegExp(`Room ${hosted.room} at ${address.replace(/\./g, '\\.')}: your seat as Bob`));
    await shots(bob.page, 'home-rejoin');
    await tid(bob.page, 'home-lan').click();
    await tid(bob.page, 'rejoin-card').waitFor();
    await shots(bob.page, 'lan-rejoin');
    // "Forget" asks first: cancelled, the table stays
    await tid(bob.page, 'rejoin-forget').click();
    await tid(bob.page, 'confirm-cancel').click();
    assert.equal((await bobApp.api('lan_kept_link')).length, 1, 'a cancelled forget keeps it');

    await tid(bob.page, 'rejoin').click();
    await tid(bob.page, 'game').waitFor();
    await agreed([ann.page, bob.page]);
    await tid(bob.page, 'link').and(bob.page.locator('[data-link="open"]')).waitFor();

    while (await playTableTurn([ann.page, bob.page], turn)) turn++;
    assert.ok(turn > 40, `a whole game (${turn} turns)`);
    await tid(bob.page, 'fair').and(bob.page.locator('[data-ok="true"]')).waitFor({ timeout: 20000 });
    assert.equal(await tid(bob.page, 'fair').getAttribute('data-replayed'), 'true', 'the app replayed the draws');
    assert.deepEqual(await bobApp.api('lan_kept_link'), [], 'checked: no longer kept');
    await tid(bob.page, 'leave').first().click();
    await tid(bob.page, 'lan').waitFor();
    await tid(bob.page, 'rejoin-slot').and(bob.page.locator('[data-ready="true"]')).waitFor({ state: 'attached' });
    assert.equal(await tid(bob.page, 'rejoin-card').count(), 0, 'nothing offered once checked');
    assert.deepEqual(bob.errors, []);
    assert.deepEqual(ann.errors, []);
    await ann.context.close();
    await bob.context.close();
  } finally {
    await hostApp.api('lan_stop').catch(() => undefined);
    await hostApp.stop();
    await bobApp.stop();
  }
});
