// Two people and two computer players at a Euchre table, by clicks in two browsers.

import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

/** Every face-up card a page draws but the last trick (it may be the hand before's,
 * whose cards are dealt again). */
const shownCards = (page) => page.locator("[data-card]").evaluateAll((cards) => cards
  .filter((c) => !c.closest(".trick.previous, .last-trick")).map((c) => c.dataset.card));
const handCards = (page) => page.locator(".hand [data-card]").evaluateAll((cards) => cards.map((c) => c.dataset.card).sort());

test("two pages and two computers play a whole hand of Euchre; each page shows only its own cards", async () => {
  const ada = await personAt(shared.browser, shared.server.url, "Ada");
  const link = await createTable(ada, { game: "euchre", rules: "eecs280", seats: ["open", "handout", "open", "handout"] });
  const bob = await personAt(shared.browser, link, "Bob");
  await bob.getByRole("button", { name: "Sit here (seat 3)" }).click();
  await bob.locator(".hand").waitFor();
  await ada.locator(".seat.top .name", { hasText: "Bob" }).waitFor();

  let checks = 0;
  // On each person's turn the others wait, so both pictures hold still: compare them.
  const check = async (me, other) => {
    const mine = await lastSnapshot(me);
    const theirs = await lastSnapshot(other);
    if (!mine || !theirs || mine.seq !== theirs.seq) return;
    assert.deepEqual(await handCards(me), mine.own.hand.groups.flat().map((c) => c.card).sort(), "the hand drawn is the seat's hand");
    // The upcard a dealer took up stays on show: every player saw it taken.
    const takenUp = new Set(mine.scene.facts.filter((f) => f.kind === "upcard").map((f) => f.card));
    const secret = new Set(theirs.own.hand.groups.flat().map((c) => c.card).filter((c) => !takenUp.has(c)));
    for (const card of await shownCards(me)) {
      assert.ok(!secret.has(card), `${card} is in the other person's hand but shows on this page`);
    }
    assert.equal(await me.locator(".seat:not(.bottom) [data-card]").count(), 0, "other seats show backs only");
    checks += 1;
  };
  const handDone = async () => ((await lastSnapshot(ada))?.scene.last_hand.length ?? 0) > 0;
  const [adaClicks, bobClicks] = await Promise.all([
    playByClicks(ada, handDone, { onTurn: () => check(ada, bob) }),
    playByClicks(bob, handDone, { onTurn: () => check(bob, ada) }),
  ]);
  const end = await lastSnapshot(ada);
  const plays = end.scene.last_hand.filter((e) => e.action && e.action.Play);
  assert.ok(plays.length === 20 || plays.length === 15, `a whole hand was played (${plays.length} cards)`);
  const bySeat = (seat) => end.scene.last_hand.filter((e) => e.seat === seat).length;
  assert.ok(bySeat(0) > 0 && bySeat(2) > 0, "both people acted");
  assert.ok(adaClicks >= 4 && bobClicks >= 4, `both clicked their cards (${adaClicks}, ${bobClicks})`);
  assert.ok(checks >= 4, `pictures compared ${checks} times`);
  // The two computer seats show as computers, and both people as connected.
  assert.equal(await ada.locator(".presence.computer").count(), 2);
  assert.equal(await ada.locator(".presence.online").count(), 2);
});
