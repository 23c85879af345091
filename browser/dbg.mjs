import { startServer, launch, personAt, createTable, playByClicks } from "./tests/helpers.js";
const server = await startServer();
const browser = await launch();
const page = await personAt(browser, server.url, "Gus", { width: 1280, height: 800 });
await createTable(page, { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "handout", "handout", "handout"] });
await playByClicks(page, async () => (await page.locator(".game-over").count()) > 0);
const url = page.url().replace("/t/", "/replay/");
await page.goto(url + "?review=0");
await page.locator(".review, .review-ask").first().waitFor();
await page.waitForTimeout(1500);
for (let i = 0; i < 12; i++) {
  const t = await page.locator("main").innerText();
  const m = t.match(/.{0,60}\bnull\b.{0,30}/s);
  if (m) console.log(i, JSON.stringify(m[0]));
  await page.keyboard.press("ArrowRight");
}
await page.screenshot({ path: "/tmp/shots/replay.png" });
await browser.close(); server.stop();
