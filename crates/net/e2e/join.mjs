// A real browser opens the host-served page, joins with the room code (as the host's
// operator, through the admin link), fills the other seat with a bot, starts, and plays a
// move chosen from the buttons the host's legal actions produced.
//
// Usage: node join.mjs <admin_url> [cert.pem]   (CHROMIUM=/path/to/chromium to override)
//
// PAGE_LOCALE (default en-US) is the browser's language; the page speaks it (English or
// French, ui/src/i18n/page.js). In French the page must show no English of its own.
//
// With a certificate (a host over TLS, `https://` link), the browser trusts that certificate's
// key and nothing else it would not trust anyway: chromium's SPKI pin, the SHA-256 of the
// certificate's public key in base64.
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { pageWords } from "../../../ui/src/i18n/page.js";

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
  const locale = process.env.PAGE_LOCALE || "en-US";
  const w = pageWords(null, [locale]);
  // A phone-sized screen (UX.md: works at 360×740).
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale });
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
  const empty = w.seatLine(null, "empty", false, false);
  await page.waitForFunction((empty) => document.querySelectorAll("#seats li").length === 2 &&
    [...document.querySelectorAll("#seats li")].every((li) => li.textContent !== empty), empty);
  await page.click("#start");
  // After the start the page contributes by itself; the game begins with our turn.
  const move = page.locator("#actions button").first();
  await move.waitFor();
  const label = await move.textContent();
  await move.click();
  await page.waitForFunction((l) => document.querySelector("#log").textContent.includes(l), w.seatDid(0, label));
  if (locale.startsWith("fr")) await inFrench(page);
  await aLateComerIsToldWhy(browser, url, locale, w);
  // The page's WebSocket went the way the page came: wss from an https page.
  const scheme = await page.evaluate(() => location.protocol);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/page-${locale}.png`, fullPage: true });
  console.log(JSON.stringify({ played: label, scheme, lang: await page.evaluate(() => document.documentElement.lang) }));
} finally {
  await browser.close();
}

/** The page in French: its own words are French, none of the English ones is left. */
async function inFrench(page) {
  const text = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    play: document.querySelector("#play").textContent,
    body: document.body.innerText,
    labels: [...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join(" | "),
  }));
  if (text.lang !== "fr") throw new Error(`lang ${text.lang}`);
  if (text.play !== "Rejoindre comme joueur") throw new Error(`join button: ${text.play}`);
  for (const english of ["Your turn", "Seat ", "Scores:", "Chat", "Send", "Bots in empty seats", "Place at", "Pass", "Your possible moves", "Host controls"]) {
    // whole words: "Pass" is not in "Passer"
    const word = new RegExp(`(^|\\W)${english.trim()}($|\\W)`);
    if (word.test(text.body) || word.test(text.labels)) throw new Error(`English left: "${english}" in ${text.body} | ${text.labels}`);
  }
}

/**
 * A phone that comes when every seat is taken reads the host's refusal, which stays once the
 * host closes the connection (not "reconnecting", which it would never do).
 */
async function aLateComerIsToldWhy(browser, url, locale, w) {
  const late = await browser.newPage({ viewport: { width: 320, height: 568 }, locale });
  try {
    await late.goto(url.replace(/&admin=[^&]*/, ""));
    await late.fill("#name", "Late");
    let refusal = null;
    const closed = new Promise((done) => late.on("websocket", (ws) => {
      ws.on("framereceived", (f) => { const m = JSON.parse(f.payload); if (m.type === "rejected") refusal = m.reason; });
      ws.on("close", done);
    }));
    await late.click("#play");
    await closed;
    if (!refusal) throw new Error("the host closed without a refusal");
    const expected = w.refused(refusal);
    const shown = await late.textContent("#error");
    if (shown !== expected) throw new Error(`a late comer reads "${shown}", not "${expected}"`);
    if (process.env.SHOTS) await late.screenshot({ path: `${process.env.SHOTS}/page-late-${locale}.png` });
  } finally {
    await late.close();
  }
}
