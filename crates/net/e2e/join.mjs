// A real browser opens the host-served page, joins with the room code (as the host's
// operator, through the admin link), fills the other seat with a bot, starts, and plays a
// move chosen from the buttons the host's legal actions produced.
//
// Usage: node join.mjs <admin_url> [cert.pem]   (CHROMIUM=/path/to/chromium to override)
//
// With a certificate (a host over TLS, `https://` link), the browser trusts that certificate's
// key and nothing else it would not trust anyway: chromium's SPKI pin, the SHA-256 of the
// certificate's public key in base64.
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const url = process.argv[2];
const certFile = process.argv[3];
if (!url) {
  console.error("usage: node join.mjs <admin_url> [cert.pem]");
  process.exit(2);
}
const args = ["--no-sandbox"];
if (certFile) {
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: "spki", format: "der" });
  args.push(`--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args,
});
try {
  // A phone-sized screen (UX.md: works at 360×740).
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  page.setDefaultTimeout(10_000);
  await page.goto(url);
  if (new URL(page.url()).protocol !== new URL(url).protocol) throw new Error(`opened ${page.url()}`);
  // The room code comes from the link; the player types a name.
  const room = new URL(url).searchParams.get("room");
  if ((await page.inputValue("#room")) !== room) throw new Error("room code not prefilled");
  await page.fill("#name", "Browser");
  await page.click("#play");
  await page.waitForSelector("#table:not(.hidden)");
  await page.click("#bots");
  await page.waitForFunction(() => document.querySelectorAll("#seats li").length === 2 &&
    [...document.querySelectorAll("#seats li")].every((li) => !li.textContent.includes("(empty)")));
  await page.click("#start");
  // After the start the page contributes by itself; the game begins with our turn.
  const move = page.locator("#actions button").first();
  await move.waitFor();
  const label = await move.textContent();
  await move.click();
  await page.waitForFunction((l) => document.querySelector("#log").textContent.includes("Seat 1: " + l), label);
  // The page's WebSocket went the way the page came: wss from an https page.
  const scheme = await page.evaluate(() => location.protocol);
  console.log(JSON.stringify({ played: label, scheme }));
} finally {
  await browser.close();
}
