// One person plays a whole game of Straights and of Teen Do Panch against computers.

import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

const finished = (page) => async () => Boolean((await lastSnapshot(page))?.finished);

test("one person plays a Straights table to the end", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Eve");
  await createTable(page, { game: "straights", seats: ["open", "handout", "random", "handout"] });
  let layoutSeen = false;
  const clicks = await playByClicks(page, finished(page), {
    limit: 1500,
    onTurn: async () => {
      // The layout shows exactly the cards the snapshot says are on it.
      const snapshot = await lastSnapshot(page);
      const onLayout = await page.locator(".layout [data-card]").evaluateAll((c) => c.map((x) => x.dataset.card).sort());
      assert.deepEqual(onLayout, snapshot.scene.middle.rows.flatMap((r) => r.slots.filter(Boolean)).sort());
      layoutSeen ||= onLayout.length > 0;
    },
  });
  const end = await lastSnapshot(page);
  assert.ok(end.finished, `the game ended (after ${clicks} clicks)`);
  assert.ok(layoutSeen);
  assert.ok(Math.max(...end.scene.seats.map((s) => s.points)) >= 80, `someone reached 80 points: ${end.scene.seats.map((s) => s.points)}`);
  const over = page.getByRole("dialog", { name: "Game over" });
  await over.waitFor();
  assert.match(await over.textContent(), /Eve \(you\): \d+ points/);
  // One click: the person is taken to the rematch, into the same seat.
  await over.getByRole("button", { name: "Play again" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith(end.table));
  await page.locator(".hand").waitFor();
  const rematch = await lastSnapshot(page);
  assert.equal(rematch.scene.game, "straights");
  assert.equal(rematch.scene.you, 0, "the same seat at the rematch");
  assert.equal(rematch.seats.filter((s) => s.kind === "computer").length, 3);
});

test("one person plays a Teen Do Panch table to the end, and replays it", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Fay");
  await createTable(page, { game: "teendopanch", rules: "handout", points: 3, seats: ["open", "handout", "handout"] });
  let quotasSeen = false;
  const clicks = await playByClicks(page, finished(page), {
    limit: 1500,
    onTurn: async () => {
      const text = await page.locator(".scores").textContent();
      quotasSeen ||= /Quota/.test(text);
    },
  });
  const end = await lastSnapshot(page);
  assert.ok(end.finished, `the game ended (after ${clicks} clicks)`);
  assert.ok(quotasSeen, "the quotas were shown");
  assert.ok(Math.max(...end.scene.seats.map((s) => s.points)) >= 3, `someone reached 3 points: ${end.scene.seats.map((s) => s.points)}`);

  // The finished game replays step by step, every hand face up.
  await page.getByRole("link", { name: "Replay this game" }).click();
  await page.locator(".replay .felt").waitFor();
  const status = page.getByRole("status").last();
  assert.match(await status.textContent(), /^Step 1 of \d+: The deal/);
  assert.equal(await page.locator(".seat .faceup [data-card]").count(), 3 * 5, "three hands of five, face up");
  await page.getByRole("button", { name: "Forward", exact: true }).click();
  assert.match(await status.textContent(), /^Step 2 of/);
  await page.keyboard.press("ArrowRight");
  assert.match(await status.textContent(), /^Step 3 of/);
  await page.getByRole("button", { name: "Back", exact: true }).click();
  assert.match(await status.textContent(), /^Step 2 of/);
  // The replay shows the table's rules card too: the points to win it was played to.
  await page.locator(".replay details.rules-card summary").click();
  assert.match(await page.locator(".replay details.rules-card").textContent(), /Points to win\s*3/);
});
