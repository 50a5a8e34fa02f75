// The phone page's check of the fair draws (issue #27, finding 1), driven by
// tests/browser.rs: the page joins seat 1 through the admin link and prints "joined"; the
// test fills seat 2, starts, restarts the host (its table's entropy edited or not) and writes
// "play" once the page is back and a bot plays seat 2; the page then plays to the end. Prints
// what the page's draw check showed when it was back and at the end, as JSON.
//
// Usage: node fair.mjs <admin_url> <label>   (SHOTS=dir for screenshots at 390×844)
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const [url, label = "fair"] = process.argv.slice(2);
if (!url) {
  console.error("usage: node fair.mjs <admin_url> <label>");
  process.exit(2);
}
const input = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const fair = (page) => page.evaluate(() => {
  const f = document.querySelector("#fair");
  return { class: f.className, text: f.textContent };
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  await page.fill("#name", "Phone");
  await page.click("#play");
  await page.waitForSelector("#table:not(.hidden)");
  console.log("joined");
  const go = await input.next();
  if (go.value !== "play") throw new Error(`asked ${go.value}`);
  // Back in its seat: the welcome clears the page's "Connection lost".
  await page.waitForFunction(() => document.querySelector("#error").textContent === "");
  const back = await fair(page);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/page-${label}-back.png`, fullPage: true });
  // Every turn: the first move the host offers, until the game is over.
  for (;;) {
    const state = await page.waitForFunction(() =>
      document.querySelector("#status").textContent === "Game over" ? "over"
        : document.querySelector("#actions button") ? "move" : null, null, { timeout: 60_000 });
    if ((await state.jsonValue()) === "over") break;
    await page.locator("#actions button").first().click().catch(() => {});
  }
  await page.waitForFunction(() => !document.querySelector("#fair").classList.contains("hidden"));
  const end = await fair(page);
  if (process.env.SHOTS) {
    await page.screenshot({ path: `${process.env.SHOTS}/page-${label}-end.png` });
    await page.screenshot({ path: `${process.env.SHOTS}/page-${label}-end-full.png`, fullPage: true });
  }
  console.log(JSON.stringify({ back, end }));
} finally {
  await browser.close();
  process.stdin.destroy();
}
