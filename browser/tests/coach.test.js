// The coach at a browser table: asked on the person's turn, its answer shown beside the
// choices without hiding the table, its pick marked on the very card or button; and the
// review of a finished game, each of the person's decisions marked on its step.

import assert from "node:assert/strict";
import { test } from "node:test";
import { join } from "node:path";
import { OUTPUT, createTable, lastSnapshot, personAt, playByClicks, untilMyTurn, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
  test(`the coach answers beside the choices at ${viewport.width}×${viewport.height}`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Cora", viewport);
    await createTable(page, { game: "euchre", rules: "eecs280", seats: ["open", "handout", "handout", "handout"] });
    const snapshot = await untilMyTurn(page, 2);
    assert.equal(snapshot.coach, true, "one person and computers: the coach is on");
    await page.getByRole("button", { name: "Ask the coach" }).click();
    const coach = page.getByRole("region", { name: "Coach" });
    await coach.waitFor();
    // A row per legal choice, one of them the pick, in the words the server sent.
    const rows = coach.locator("tr");
    assert.equal(await rows.count(), snapshot.own.actions.length);
    assert.equal(await coach.locator("tr.pick").count(), 1);
    assert.match(await coach.locator(".advice").textContent(), /^The coach's pick: .+\.$/);
    // Which way is better, in words; the pick's row is the best value shown.
    assert.match(await coach.locator(".reading").first().textContent(), /^Each value is .+\. Higher is better\.$/);
    const values = (await coach.locator("td.value").allTextContents()).map(Number);
    const best = Number(await coach.locator("tr.pick td.value").textContent());
    assert.equal(best, Math.max(...values));
    // The pick is marked on the card or button that takes it, and named for screen readers.
    const marked = page.locator(".hand .coach-pick, .choices .coach-pick");
    assert.equal(await marked.count(), 1);
    assert.match(await marked.evaluate((n) => n.getAttribute("aria-label") ?? n.querySelector(".visually-hidden")?.textContent), /the coach's pick/);
    // The table stays in view: the panel covers no seat and not the middle.
    const panel = await coach.boundingBox();
    for (const box of await page.locator(".felt .seat, .felt .centre").evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON()))) {
      const apart = panel.y >= box.bottom || panel.y + panel.height <= box.top || panel.x >= box.right || panel.x + panel.width <= box.left;
      assert.ok(apart, `the coach covers part of the table: ${JSON.stringify({ panel, box })}`);
    }
    await page.screenshot({ path: join(OUTPUT, `coach-${viewport.width}.png`), fullPage: true });
    // Taking the pick plays it; the answer goes with the decision.
    await marked.click();
    await page.waitForFunction((seq) => (window.cardtable.last?.seq ?? 0) > seq, snapshot.seq);
    assert.equal(await page.getByRole("region", { name: "Coach" }).count(), 0);
  });
}

test("on a phone the coach's answer leaves the table in view, and the table comes back after the decision", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Pia", { width: 375, height: 667 }, { isMobile: true, hasTouch: true });
  await createTable(page, { game: "straights", seats: ["open", "handout", "handout", "handout"] });
  // The first turn with a choice (the 7♠ is led without one).
  let snapshot = await untilMyTurn(page, 1);
  while (snapshot.own.actions.length < 2) {
    await page.locator(".hand .legal").first().tap();
    await page.waitForFunction((seq) => (window.cardtable.last?.seq ?? 0) > seq, snapshot.seq);
    snapshot = await untilMyTurn(page, 1);
  }
  const middleInView = () => page.evaluate(() => {
    const box = document.querySelector(".felt .centre").getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  assert.ok(await middleInView(), "the layout is in view on the person's turn");
  const before = await page.evaluate(() => window.scrollY);
  await page.getByRole("button", { name: "Ask the coach" }).tap();
  const coach = page.getByRole("region", { name: "Coach" });
  await coach.waitFor();
  // Asked and answered, the page has not moved: the layout is where it was, and the pick
  // is said in the status line, where the eye already is.
  assert.equal(await page.evaluate(() => window.scrollY), before);
  assert.ok(await middleInView(), "the layout stays in view once the coach answers");
  const said = await coach.locator(".advice").textContent();
  assert.ok((await page.locator(".status").textContent()).includes(said), said);
  await page.screenshot({ path: join(OUTPUT, "coach-phone-answered.png") });
  // A person scrolls down to read the values under the hand, the layout leaves the screen,
  // and they take the pick: once the decision is taken the layout is back in view.
  await page.locator(".hand").evaluate((hand) => hand.scrollIntoView({ block: "start" }));
  assert.ok(!(await middleInView()), "scrolled down to the coach, the layout is off screen");
  await page.screenshot({ path: join(OUTPUT, "coach-phone-reading.png") });
  await page.locator(".hand .coach-pick").tap();
  await page.waitForFunction((seq) => (window.cardtable.last?.seq ?? 0) > seq, snapshot.seq);
  await page.waitForFunction(() => !document.querySelector(".coach"));
  assert.ok(await middleInView(), "after the decision the layout is back in view");
  await page.screenshot({ path: join(OUTPUT, "coach-phone-after.png") });
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
  test(`a finished game's review marks the person's decisions at ${viewport.width}×${viewport.height}`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Rhea", viewport);
    await createTable(page, { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "handout", "handout", "handout"] });
    await playByClicks(page, async () => Boolean((await lastSnapshot(page))?.finished), { limit: 400 });
    const over = page.getByRole("dialog", { name: "Game over" });
    await over.waitFor();
    await over.getByRole("link", { name: "Review my play" }).click();
    const review = page.getByRole("region", { name: "Review" });
    await review.waitFor({ timeout: 60000 });
    assert.match(await review.locator("h2").textContent(), /Rhea's play/);
    assert.match(await review.locator(".summary").textContent(), /^(No|\d+) costly choices?; \d+\.\d\d points? given up against the coach's picks\.$/);
    assert.match(await review.locator(".reading").first().textContent(), /^Each value is .+\. Higher is better\.$/);
    // Every mark names its verdict in words, and leads to its step, where the status says it.
    const marks = review.locator("li button.link");
    assert.ok(await marks.count() > 0, "the person's decisions are marked");
    const verdicts = await review.locator(".verdict").allTextContents();
    assert.ok(verdicts.every((v) => ["Good", "Inaccuracy", "Mistake", "Blunder"].includes(v)), verdicts.join());
    const first = marks.first();
    const words = await first.textContent();
    // A hand with nothing costly may be folded to its summary: a person opens it first.
    if (!(await first.isVisible())) {
      await review.locator("details").filter({ has: first }).locator("summary").click();
    }
    await first.click();
    const status = page.getByRole("status").last();
    assert.ok((await status.textContent()).includes(words), `${await status.textContent()} names ${words}`);
    // And the coach's answer at that decision, as it would have answered live: its pick
    // starred, named in the decision's words.
    const coach = page.getByRole("region", { name: "Coach" });
    assert.equal(await coach.locator("tr.pick").count(), 1);
    const pick = (await coach.locator("tr.pick th").textContent()).replace(/^★ /, "");
    assert.ok(words.endsWith(": the coach's pick.") || words.includes(`(${pick})`), `${words} names the pick ${pick}`);
    // The step's caption says what happened then (its last sentence may be the trick's end).
    assert.match(await status.textContent(), /^Step \d+ of \d+: /);
    await page.screenshot({ path: join(OUTPUT, `review-${viewport.width}.png`), fullPage: true });
  });
}
