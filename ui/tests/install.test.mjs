// A table's page is an installable web app (issue 28): a manifest with PNG icons, a service
// worker that keeps the page, so a phone that joined once reloads it with the network gone and
// keeps a home-screen icon. Chromium's own installability check is asked over CDP.
// Run: cd ui && npm run build && node --test tests/install.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, startServer, tid } from './harness.mjs';

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

/** Width and height from a PNG's header. */
function pngSize(bytes) {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  assert.deepEqual([...bytes.subarray(0, 8)], sig, 'a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

test('a table page installs, and reloads from its kept copy with the network off', { timeout: 120000 }, async () => {
  const hosted = await server.api('lan_host', { name: 'Porch', seats: 2, sets: ['base'], options: { farmers: true }, port: null, loopback_only: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(hosted.join_url);
    await tid(page, 'table-room').waitFor();

    // the manifest and its icons, as served by the table
    const base = new URL(hosted.join_url);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await fetch(new URL(manifestHref, base));
    assert.match(res.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const manifest = await res.json();
    assert.equal(manifest.display, 'standalone');
    for (const want of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === want && i.type === 'image/png');
      assert.ok(icon, `a ${want} PNG icon`);
      const bytes = new Uint8Array(await (await fetch(new URL(icon.src, base))).arrayBuffer());
      assert.deepEqual(pngSize(bytes).map(String).join('x'), want);
    }

    // the service worker takes the page over
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await tid(page, 'table-room').waitFor();
    assert.equal(await page.evaluate(() => !!navigator.serviceWorker.controller), true, 'the page is under its service worker');

    // Chromium's installability check finds nothing missing
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // headless Chromium counts as incognito whatever its profile: every other criterion is checked
    const missing = installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
    assert.deepEqual(missing, [], JSON.stringify(installabilityErrors));
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifestErrors, [], 'the manifest parses without a complaint');

    // no network: the page still comes back, with the room code from its address
    await context.setOffline(true);
    await page.reload();
    await tid(page, 'table-room').waitFor();
    assert.equal(await tid(page, 'table-room').inputValue(), hosted.room);
    await page.screenshot({ path: join(ARTIFACTS, 'table-offline-390x844.png') });
    await context.setOffline(false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.api('lan_stop');
  }
});
