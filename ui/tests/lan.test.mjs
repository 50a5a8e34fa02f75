// The "Play on the network" screen: hosting a table (room code, address, QR code) whose page
// a phone browser opens, stopping it, and joining by a typed address. Tables stay on
// 127.0.0.1 (the UI server's --lan-loopback).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, openApp, startServer, tid } from './harness.mjs';

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

test('host a table, a phone opens its page, stop it', async () => {
  const { page, errors, close } = await openApp(browser, server.url);
  await tid(page, 'home-lan').click();
  await tid(page, 'lan-name').fill('Kitchen table');
  await tid(page, 'lan-seats').selectOption('3');
  await tid(page, 'lan-turn-timer').selectOption({ label: '2 min per turn' });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/lan_host'));
  await tid(page, 'lan-host').click();
  assert.equal((await asked).postDataJSON().req.turn_timer, 120, 'the chosen turn timer, in seconds');
  await tid(page, 'lan-hosted').waitFor();
  const room = (await tid(page, 'lan-room').textContent()).trim();
  const joinUrl = (await tid(page, 'lan-join-url').textContent()).trim();
  assert.match(room, /^[A-Z0-9]{4,8}$/);
  assert.ok(joinUrl.startsWith('http://127.0.0.1:') && joinUrl.endsWith(`?room=${room}`), joinUrl);
  assert.equal(await page.locator('[data-testid="lan-qr"] svg').count(), 1, 'a QR code');
  await page.screenshot({ path: join(ARTIFACTS, 'lan-host.png') });

  // A phone opens the address: the table's page with the room code filled in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const p = await phone.newPage();
  await p.goto(joinUrl);
  assert.equal(await p.getByTestId('table-room').inputValue(), room);
  await phone.close();

  // Coming back to the screen shows the table still hosted; stopping closes it.
  await tid(page, 'back').click();
  await tid(page, 'home-lan').click();
  await tid(page, 'lan-hosted').waitFor();
  await tid(page, 'lan-stop').click();
  await tid(page, 'lan-host').waitFor();
  await assert.rejects(fetch(joinUrl), 'the table is closed');
  assert.deepEqual(errors, []);
  await close();
});

test('joining needs an address like the host shows', async () => {
  const { page, close } = await openApp(browser, server.url);
  await tid(page, 'home-lan').click();
  await tid(page, 'lan-address').fill('not an address');
  await tid(page, 'lan-join').click();
  await page.getByTestId('toast').filter({ hasText: '192.168.1.20:7878' }).waitFor();
  await close();
});
