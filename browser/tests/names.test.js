// A name the server refuses (it reads as the table's own words, issue 40) is not a dead
// end: the lobby says why, and the page plays as "Player" until the name is changed.

import assert from "node:assert/strict";
import { test } from "node:test";
import { OUTPUT, createTable, lastSnapshot, personAt, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

for (const [label, viewport] of [["mobile", { width: 375, height: 667 }], ["desktop", { width: 1280, height: 800 }]]) {
  test(`a refused name is explained and the page plays as Player (${label})`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "You", viewport);
    const said = page.locator(".intro .error");
    await said.filter({ hasText: "reads as the table's own words" }).waitFor();
    await page.screenshot({ path: `${OUTPUT}/lobby-name-refused-${label}.png` });
    await createTable(page, { game: "euchre", seats: ["open", "handout", "handout", "handout"] });
    // The page watches first, then holds its seat: wait for the seat, then read it.
    await page.waitForFunction(() => window.cardtable.last?.scene.you === 0);
    assert.equal(await page.locator(".seat.bottom .name").textContent(), "Player (you)");
    assert.equal((await lastSnapshot(page)).seats[0].name, "Player");
  });
}
