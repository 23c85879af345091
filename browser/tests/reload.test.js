// A page reloaded in the middle of a hand takes its seat and hand back and plays on.

import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

const handCards = (page) => page.locator(".hand [data-card]").evaluateAll((cards) => cards.map((c) => c.dataset.card).sort());

test("a page reloaded mid-hand gets its seat and hand back and plays on", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Cleo");
  await createTable(page, { game: "euchre", rules: "cs246", seats: ["open", "handout", "handout", "handout"] });
  // Play into the tricks, so the hand is part-played when the page goes away.
  await playByClicks(page, async () => (await lastSnapshot(page))?.scene.phase.kind === "tricks"
    && (await lastSnapshot(page)).own.hand.groups.flat().length <= 4);
  await page.locator(".hand button.card:enabled").first().waitFor();
  const before = await lastSnapshot(page);
  const hand = await handCards(page);
  assert.ok(hand.length > 0 && hand.length < 5, `a part-played hand (${hand})`);

  await page.reload();
  await page.locator("#connection[data-status=connected]").waitFor();
  await page.locator(".hand button.card:enabled").first().waitFor();
  const after = await lastSnapshot(page);
  assert.equal(after.scene.you, 0, "the same seat");
  assert.equal(after.seq, before.seq, "nothing happened meanwhile");
  assert.deepEqual(await handCards(page), hand, "the same hand");
  assert.equal(await page.locator(".seat.bottom .name").textContent(), "Cleo (you)");

  // And it plays on, by keyboard: the first legal card has the focus and Enter plays it.
  const focused = await page.evaluate(() => document.activeElement?.querySelector(".visually-hidden")?.textContent);
  assert.match(focused ?? "", /^(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (Clubs|Diamonds|Hearts|Spades)$/);
  await page.keyboard.press("Enter");
  await page.waitForFunction((seq) => (window.cardtable.last?.seq ?? 0) > seq, before.seq);
  const played = (await lastSnapshot(page)).scene.log.find((e) => e.seat === 0 && e.seq > before.seq);
  assert.ok(played, "its play is in the log");
  assert.ok(hand.includes(played.action.Play), `it played a card of its hand (${played.action.Play})`);
});

test("the page says when it is offline, waits, and reconnects by itself", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Dan");
  await createTable(page, { game: "teendopanch", seats: ["open", "random", "random"] });
  await page.locator(".hand").waitFor();
  const context = page.context();
  await context.setOffline(true);
  // Going offline does not close an open WebSocket by itself; the page's socket is closed
  // as a dropped network would.
  await page.evaluate(() => window.cardtable.connection.socket?.close());
  await page.locator("#connection[data-status=disconnected], #connection[data-status=connecting]").waitFor();
  const clickable = await page.evaluate(() => document.body.dataset.connection === "connected"
    ? null
    : document.querySelectorAll(".hand button.card:enabled, .choices button.choice:enabled").length);
  assert.ok(clickable === null || clickable === 0, `nothing is clickable while offline (${clickable})`);
  await context.setOffline(false);
  await page.locator("#connection[data-status=connected]").waitFor({ timeout: 15000 });
  await page.locator(".hand button.card:enabled, .choices button.choice:enabled").first().waitFor();
  assert.equal((await lastSnapshot(page)).scene.you, 0);
});
