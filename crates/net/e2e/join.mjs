// A real browser opens the host-served page, joins with the room code (as the host's
// operator, through the admin link), fills the other seat with a bot, starts, and plays a
// move chosen from the buttons the host's legal actions produced.
//
// Usage: node join.mjs <admin_url>   (CHROMIUM=/path/to/chromium to override)
import { chromium } from "playwright-core";

const url = process.argv[2];
if (!url) {
  console.error("usage: node join.mjs <admin_url>");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  // A phone-sized screen (UX.md: works at 360×740).
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  page.setDefaultTimeout(10_000);
  await page.goto(url);
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
  console.log(JSON.stringify({ played: label }));
} finally {
  await browser.close();
}
