// Screenshots of the lobby and of each game's table (and Straights for six) on a phone held upright (375×667)
// and on a desktop (1280×800), written to the test output folder; at both sizes nothing
// spills sideways and every card and choice is big enough to read and tap.

import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { OUTPUT, createTable, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

const SIZES = { phone: { width: 375, height: 667 }, desktop: { width: 1280, height: 800 } };

async function fits(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll}px wide in a ${width}px window`);
  const small = await page.locator("button.card, .choices button").evaluateAll((buttons) => buttons
    .map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 30 || r.height < 30)).length);
  assert.equal(small, 0, `${what}: every card and choice is at least 30px square`);
}

async function shoot(page, name) {
  const path = join(OUTPUT, `${name}.png`);
  await page.screenshot({ path });
  assert.ok(statSync(path).size > 10_000, `${path} holds a picture`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screenshots at ${viewport.width}×${viewport.height}`, async () => {
    // At rest: the pictures (and the measures of what spills) are not taken mid-glide.
    const page = await personAt(shared.browser, shared.server.url, "Gus", viewport, { reducedMotion: "reduce" });
    await page.getByRole("button", { name: "Play Euchre now" }).waitFor();
    await page.waitForFunction(() => !document.querySelector(".tables").textContent.includes("Loading"));
    await fits(page, "lobby");
    await shoot(page, `lobby-${size}`);

    const tables = [
      ["euchre", { game: "euchre", rules: "eecs280", seats: ["open", "handout", "handout", "handout"] }, 8],
      ["straights", { game: "straights", seats: ["open", "handout", "handout", "handout"] }, 6],
      // Six players (house rule): the seat list follows the option; the others sit in a row.
      ["straights-6", { game: "straights", house: { players: "6" }, seats: ["open", ...Array(5).fill("handout")] }, 6],
      ["teendopanch", { game: "teendopanch", seats: ["open", "handout", "handout"] }, 4],
    ];
    for (const [game, spec, moves] of tables) {
      await page.goto(shared.server.url);
      await createTable(page, spec);
      let clicks = 0;
      await playByClicks(page, async () => clicks++ >= moves);
      await page.locator(".hand button.card:enabled, .choices button.choice:enabled").first().waitFor();
      await fits(page, `${game} table`);
      await shoot(page, `${game}-${size}`);
    }
  });
}
