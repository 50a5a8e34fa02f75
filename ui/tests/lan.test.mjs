// The "Play on the network" screen: hosting a table (room code, address, QR code) whose page
// a phone browser opens, stopping it, and joining by a typed address. Tables stay on
// 127.0.0.1 (the UI server's --lan-loopback). A table over TLS with a certificate made here by
// openssl: its pinned link, the host's own seat through the app's client, a phone's page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** A self-signed certificate for 127.0.0.1 and its key, as PEM files (openssl). */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'carcassonne-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const fingerprint = new X509Certificate(readFileSync(cert)).fingerprint256.replace(/:/g, '').toLowerCase();
  return { cert, key, fingerprint };
}

test('host a table over TLS: both files or neither, a wrong file named, the pinned link, the host seated, a phone opens it', async () => {
  const files = certificate();
  const { page, errors, close } = await openApp(browser, server.url);
  await tid(page, 'home-lan').click();
  await tid(page, 'lan-tls').locator('summary').click();
  await tid(page, 'lan-tls-cert').fill(files.cert);
  await tid(page, 'lan-host').click();
  await page.getByTestId('toast').filter({ hasText: 'certificate and its key, or neither' }).waitFor();
  // the certificate given as the key: refused, the file named
  await tid(page, 'lan-tls-key').fill(files.cert);
  await tid(page, 'lan-host').click();
  await page.getByTestId('toast').filter({ hasText: `no PEM private key: ${files.cert}` }).waitFor();
  assert.equal(await tid(page, 'lan-hosted').count(), 0);

  await tid(page, 'lan-tls-key').fill(files.key);
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }], ['small', { width: 320, height: 568 }]]) {
    await page.setViewportSize(viewport);
    await tid(page, 'lan-tls').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `lan-tls-form-${name}.png`) });
    const overflow = await page.evaluate(() => [...document.querySelectorAll('[data-testid="lan-tls"] input, [data-testid="lan-tls"] summary')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).length);
    assert.equal(overflow, 0, `nothing of the TLS fields beyond a ${viewport.width} px screen`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/lan_host'));
  await tid(page, 'lan-host').click();
  assert.deepEqual((await asked).postDataJSON().req.tls, { cert: files.cert, key: files.key });
  await tid(page, 'lan-hosted').waitFor();
  const room = (await tid(page, 'lan-room').textContent()).trim();
  const joinUrl = (await tid(page, 'lan-join-url').textContent()).trim();
  assert.match(joinUrl, new RegExp(`^https://127\\.0\\.0\\.1:\\d+/\\?room=${room}&fp=${files.fingerprint}$`));
  assert.match(await tid(page, 'lan-fingerprint').textContent(), new RegExp(files.fingerprint));
  assert.equal(await tid(page, 'lan-open-page').count(), 0, 'no app window for a self-signed page');
  await page.screenshot({ path: join(ARTIFACTS, 'lan-tls-hosted.png') });

  // A phone that accepted the certificate opens the https page, the room filled in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });
  const p = await phone.newPage();
  await p.goto(joinUrl);
  assert.equal(await p.getByTestId('table-room').inputValue(), room);
  await phone.close();

  // The host sits at its own table through the app's client, over wss with the pin.
  await tid(page, 'lan-open-mine').click();
  await tid(page, 'table-name').fill('Ann');
  await tid(page, 'table-play').click();
  await tid(page, 'lobby').waitFor();
  await tid(page, 'admin').waitFor();
  await page.screenshot({ path: join(ARTIFACTS, 'lan-tls-lobby.png') });
  await page.goto(`${server.url}/`);
  await tid(page, 'home-lan').click();
  await tid(page, 'lan-stop').click();
  await tid(page, 'lan-host').waitFor();
  assert.deepEqual(errors, []);
  await close();
});
