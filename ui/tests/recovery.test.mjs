// A damaged store does not stop the app: it starts, keeps what can be read, and says so on Home
// (what was kept, where the damaged file now is); the damaged file is left as it was.
// Run: cd ui && UI_SERVER_BIN=... node --test tests/recovery.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, PHONE, botGame, launchBrowser, openApp, quickGame, startServer, tid } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The store's bytes with the cell count of the page holding the last saved action flipped. */
function damaged(bytes) {
  const page = bytes.readUInt16BE(16);
  const at = bytes.lastIndexOf(Buffer.from('"type":"place"'));
  assert.ok(at > 0, 'a saved placement in the file');
  const out = Buffer.from(bytes);
  out[Math.floor(at / page) * page + 3] ^= 0x01;
  return out;
}

for (const [size, viewport, lang] of [
  ['desktop', DESKTOP, 'en-US'],
  ['phone', PHONE, 'fr-FR'],
]) {
  test(`a damaged store on ${size}: the app starts, keeps what can be read and says so (${lang})`, { timeout: 120000 }, async () => {
    const first = await startServer();
    await quickGame(first.api, { names: ['Ann', 'Bob'] });
    await botGame(first.api); // a finished game of many actions
    await first.stop({ keep: true });
    const file = join(first.data, 'carcassonne.sqlite3');
    const broken = damaged(readFileSync(file));
    writeFileSync(file, broken);

    const server = await startServer([], { data: first.data });
    const { page, errors, close } = await openApp(browser, server.url, viewport, { locale: lang });
    try {
      const notice = tid(page, 'recovery');
      await notice.waitFor();
      assert.equal(await notice.getAttribute('data-profiles'), '2', 'both profiles kept');
      const kept = Number(await notice.getAttribute('data-games')) + Number(await notice.getAttribute('data-partial'));
      assert.ok(kept >= 1, 'the game before the damage kept');
      const aside = readdirSync(first.data).filter((f) => f.startsWith('carcassonne.sqlite3.damaged-'));
      assert.equal(aside.length, 1, `the damaged file set aside: ${readdirSync(first.data)}`);
      assert.ok(readFileSync(join(first.data, aside[0])).equals(broken), 'left exactly as it was');
      assert.match(await notice.textContent(), new RegExp(aside[0].replace(/\./g, '\\.')), 'the notice says where it is');
      await page.screenshot({ path: join(ARTIFACTS, `recovery-${size}.png`) });

      const profiles = await server.api('profiles');
      assert.deepEqual(profiles.map((p) => p.profile.name).sort(), ['Ann', 'Bob']);
      await tid(page, 'recovery-dismiss').click();
      await notice.waitFor({ state: 'detached' });
      await page.reload();
      await tid(page, 'home-continue').locator('[data-testid="game-item"]').first().waitFor();
      assert.equal(await notice.count(), 0, 'dismissed for good');
      assert.deepEqual(errors, []);
    } finally {
      await close();
      await server.stop();
    }
  });
}
