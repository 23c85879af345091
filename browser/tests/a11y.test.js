// For everyone: axe-core finds no serious or critical violation on the lobby, a table of
// each game, the replay and the review; a whole hand is played with keys alone; each play
// and trick is announced to screen readers.

import assert from "node:assert/strict";
import { test } from "node:test";
import { audit, createTable, lastSnapshot, personAt, playByClicks, untilMyTurn, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
  test(`axe-core: the lobby and a table of each game at ${viewport.width}×${viewport.height}`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Ann", viewport);
    assert.deepEqual(await audit(page), [], "the lobby");
    const tables = [
      { game: "euchre", rules: "eecs280", seats: ["open", "handout", "handout", "handout"] },
      { game: "straights", seats: ["open", "handout", "handout", "handout"] },
      { game: "teendopanch", seats: ["open", "handout", "handout"] },
    ];
    for (const table of tables) {
      await page.goto(shared.server.url);
      await createTable(page, table);
      await untilMyTurn(page);
      assert.deepEqual(await audit(page), [], `a ${table.game} table`);
      await page.getByRole("button", { name: "Ask the coach" }).click();
      await page.getByRole("region", { name: "Coach" }).waitFor();
      assert.deepEqual(await audit(page), [], `a ${table.game} table with the coach`);
    }
  });
}

test("axe-core: the replay and the review of a finished game", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Bo");
  await createTable(page, { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "handout", "handout", "handout"] });
  await playByClicks(page, async () => Boolean((await lastSnapshot(page))?.finished), { limit: 400 });
  const over = page.getByRole("dialog", { name: "Game over" });
  await over.waitFor();
  assert.deepEqual(await audit(page), [], "the game's end");
  await over.getByRole("link", { name: "Replay this game" }).click();
  await page.locator(".replay .felt").waitFor();
  assert.deepEqual(await audit(page), [], "the replay");
  await page.getByRole("button", { name: "Show the review" }).click();
  await page.getByRole("region", { name: "Review" }).waitFor({ timeout: 60000 });
  assert.deepEqual(await audit(page), [], "the review");
});

test("a whole hand played with keys alone, each play announced", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Kit");
  // From the lobby by keys: Tab to "Play Euchre now" and press Enter.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === "Play Euchre now") break;
  }
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  const first = await untilMyTurn(page);
  const hand = first.scene.heading;
  let presses = 0;
  while (presses < 400) {
    const s = await lastSnapshot(page);
    if (s.scene.heading !== hand || s.finished) break;
    if (s.own?.actions.length > 0 && s.scene.turn === s.scene.you && !(await page.evaluate(() => window.cardtable.connection.pending))) {
      // Tab until a card or choice that acts has the focus, then Enter.
      for (let i = 0; i < 40; i++) {
        const acts = await page.evaluate(() => {
          const a = document.activeElement;
          return Boolean(a?.matches(".hand button.card:enabled, .choices button.choice:enabled"));
        });
        if (acts) break;
        await page.keyboard.press("Tab");
      }
      await page.keyboard.press("Enter");
      presses += 1;
    }
    await page.waitForTimeout(50);
  }
  const after = await lastSnapshot(page);
  assert.ok(after.scene.heading !== hand || after.finished, `the hand ended by keys alone (${presses} presses)`);
  // Each play is announced: the live region says the log's latest sentence.
  const live = page.locator("#announce");
  assert.equal(await live.getAttribute("aria-live"), "polite");
  const said = (await live.textContent()).trim();
  const logged = [...after.scene.last_hand, ...after.scene.log].flatMap((e) => e.words);
  assert.ok(said.length > 0 && logged.some((w) => said.includes(w)), `announced: ${said}`);
});
