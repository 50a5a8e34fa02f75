// A purist LAN table (issue 30, item 6) in the app's own UI: the host ticks it in the lobby,
// every player's lobby says so, and once the game starts no page shows an aid, because the
// host's views carry none of their facts. Real host, real WebSockets on 127.0.0.1.
// Run: cd ui && npm run build && node --test tests/purist-table.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, launchBrowser, startServer, tid, openGuest, takeSeat } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer(['--lan-loopback']);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const guest = (url, viewport, extra) => openGuest(browser, url, viewport, extra);

test('the host makes the table purist in the lobby; every page then shows no aid', { timeout: 180000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Purist', seats: 2, sets: ['base'], options: { farmers: true }, port: null, loopback_only: true });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  await tid(ann.page, 'admin').waitFor();
  const bob = await guest(hosted.join_url, { width: 390, height: 844 });
  await takeSeat(bob.page, 'Bob');
  assert.equal(await tid(bob.page, 'lobby-purist').count(), 0, 'not purist until the host says so');
  assert.equal(await tid(bob.page, 'table-purist').count(), 0, 'only the host chooses');
  await tid(ann.page, 'table-purist').check();
  await tid(bob.page, 'lobby-purist').waitFor();
  await tid(ann.page, 'lobby-purist').waitFor();
  await bob.page.screenshot({ path: join(ARTIFACTS, 'purist-lobby-390x844.png') });
  await ann.page.screenshot({ path: join(ARTIFACTS, 'purist-lobby-host-1280x800.png') });

  await tid(ann.page, 'start').click();
  for (const { page } of [ann, bob]) {
    await tid(page, 'game').waitFor();
    await page.waitForFunction(() => !!window.__table?.view);
    // the host sent no aid's facts
    const view = await page.evaluate(() => window.__table.view);
    assert.equal(view.purist, true);
    assert.deepEqual([view.hard_cells.length, view.tiles_left_by_type.length, view.projection, view.farms], [0, 0, null, null]);
    // and the page shows none
    assert.equal(await tid(page, 'farm-toggle').isVisible(), false, 'no farm view with farmers on');
    assert.equal(await tid(page, 'hole').count(), 0);
    assert.equal(await tid(page, 'seat-projected').count(), 0);
    assert.equal(await tid(page, 'tiles-chip').isDisabled(), true, 'no bag by type');
    assert.equal(await page.locator('.aids-panel').isVisible(), false);
  }
  await bob.page.screenshot({ path: join(ARTIFACTS, 'purist-table-390x844.png') });
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  await ann.context.close();
  await bob.context.close();
  await server.api('lan_stop');
});

test('a table that is not purist: the desktop and the phone both show the aids from the host facts', { timeout: 180000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Aids', seats: 2, sets: ['base'], options: { farmers: true }, port: null, loopback_only: true });
  const ann = await guest(hosted.admin_url, DESKTOP);
  await takeSeat(ann.page, 'Ann');
  await tid(ann.page, 'admin').waitFor();
  const bob = await guest(hosted.join_url, { width: 390, height: 844 });
  await takeSeat(bob.page, 'Bob');
  await tid(ann.page, 'start').click();
  for (const { page } of [ann, bob]) {
    await tid(page, 'game').waitFor();
    await page.waitForFunction(() => !!window.__table?.view);
    const view = await page.evaluate(() => window.__table.view);
    assert.equal(view.purist, false);
    assert.ok(view.tiles_left_by_type.length > 10, 'the bag by type');
    assert.notEqual(view.projection, null, 'projected points');
    assert.notEqual(view.farms, null, 'the fields');
    assert.equal(await tid(page, 'tiles-chip').isDisabled(), false, 'the bag by type opens');
    await tid(page, 'tiles-chip').click();
    await tid(page, 'bag').waitFor();
    assert.equal(await tid(page, 'bag').locator('[data-testid="bag-tile"]').count(), view.tiles_left_by_type.length, 'a card per tile type left');
    await tid(page, 'bag-close').click();
  }
  await bob.page.screenshot({ path: join(ARTIFACTS, 'aids-table-390x844.png') });
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  await ann.context.close();
  await bob.context.close();
  await server.api('lan_stop');
});
