// A table a person can follow (its pace is measured in pace.test.js): on a phone (375×667,
// 360×640) every card of the person's hand lies inside the screen at every turn, in every
// game, and the game-over dialog's buttons too. No page says `null`, `undefined` or
// `[object`.

import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { OUTPUT, audit, closeContexts, createTable, launch, personAt, playByClicks, schemaCheck, startServer } from "./helpers.js";
import { join } from "node:path";

const GAMES = [
  ["euchre", { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "handout", "handout", "handout"] }],
  ["straights", { game: "straights", seats: ["open", "handout", "handout", "handout"] }],
  ["teendopanch", { game: "teendopanch", points: 1, seats: ["open", "handout", "handout"] }],
];

const servers = {};
let browser;
before(async () => {
  servers.instant = await startServer();
  browser = await launch();
});
afterEach(closeContexts);
after(async () => {
  await browser?.close();
  for (const server of Object.values(servers)) server.stop();
  assert.deepEqual(schemaCheck.invalid, [], "every snapshot fits docs/scene.schema.json");
});

/** Whether every card of the hand and every `selector` lies inside the screen. */
async function outside(page, selector) {
  return page.locator(selector).evaluateAll((nodes) => nodes
    .map((n) => [n, n.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5))
    .map(([n, r]) => `${n.textContent.trim() || n.dataset.card} at ${r.left.toFixed(0)},${r.top.toFixed(0)}–${r.right.toFixed(0)},${r.bottom.toFixed(0)}`));
}

for (const viewport of [{ width: 375, height: 667 }, { width: 360, height: 640 }]) {
  for (const [game, spec] of GAMES) {
    test(`${game} on a ${viewport.width}×${viewport.height} phone: the whole hand in view at every turn`, async () => {
      const page = await personAt(browser, servers.instant.url, "Ivy", viewport, { reducedMotion: "reduce" });
      await createTable(page, spec);
      let turns = 0;
      const over = () => page.locator(".game-over").count().then((n) => n > 0);
      // At 375 the games play to their end (the game-over dialog's buttons in view); at
      // 360, and in Straights (no end within reach), the first turns, the hand at its widest.
      const toTheEnd = viewport.width === 375 && game !== "straights";
      const enough = toTheEnd ? 200 : 8;
      await playByClicks(page, async () => turns >= enough || over(), {
        onTurn: async () => {
          turns += 1;
          const off = await outside(page, ".hand .card");
          assert.deepEqual(off, [], `${game}, turn ${turns}: cards of the hand off the screen`);
          // The trick in the middle is in view too, above the hand and the choices.
          const hidden = await page.evaluate(() => {
            const dock = document.querySelector(".dock").getBoundingClientRect().top;
            return [...document.querySelectorAll(".felt .trick .card")].map((c) => c.getBoundingClientRect())
              .filter((r) => r.top < -0.5 || r.bottom > dock + 0.5).length;
          });
          if (hidden) await page.screenshot({ path: join(OUTPUT, `trick-hidden-${game}-${viewport.width}.png`) });
          assert.equal(hidden, 0, `${game}, turn ${turns}: cards of the trick under the hand`);
          const text = await page.locator("main").innerText();
          assert.doesNotMatch(text, /\bnull\b|\bundefined\b|\[object/, `${game}, turn ${turns}`);
        },
      });
      assert.ok(turns >= 5, `${game}: ${turns} turns`);
      if (toTheEnd) {
        await page.locator(".game-over").waitFor({ timeout: 60_000 });
        const off = await outside(page, ".game-over .choices button, .game-over .choices a");
        assert.deepEqual(off, [], `${game}: the game-over dialog's buttons off the screen`);
      }
    });
  }
}

test("a spectator is offered the rematch to watch; the replay and review say no null at any step", async () => {
  const page = await personAt(browser, servers.instant.url, "Ivy");
  const table = await createTable(page, GAMES[0][1]);
  // A spectator, offered the rematch to watch, not a seat in it.
  const watcher = await personAt(browser, table, "Max");
  await playByClicks(page, () => page.locator(".game-over").count().then((n) => n > 0));
  await page.getByRole("button", { name: "Play again" }).click();
  await watcher.getByRole("button", { name: "Watch the rematch" }).waitFor();
  assert.equal(await watcher.getByRole("button", { name: "Join the rematch" }).count(), 0);
  await page.goto(`${table.replace("/t/", "/replay/")}?review=0`);
  await page.locator(".review").waitFor();
  const steps = Number(await page.locator("input[type=range]").getAttribute("max")) + 1;
  // Every step, read as drawn: the range input moves the replay one step at a time.
  const texts = await page.evaluate(async (count) => {
    const range = document.querySelector("input[type=range]");
    const seen = [];
    for (let step = 0; step < count; step++) {
      range.value = String(step);
      range.dispatchEvent(new Event("input"));
      seen.push(document.querySelector("main").innerText);
    }
    return seen;
  }, steps);
  texts.forEach((text, step) => assert.doesNotMatch(text, /\bnull\b|\bundefined\b|\[object/, `step ${step + 1}`));
  assert.ok(steps > 10, `${steps} steps`);
});

for (const viewport of [{ width: 375, height: 667 }, { width: 1280, height: 800 }]) {
  test(`how to play Teen Do Panch at the table, ${viewport.width}×${viewport.height}: quotas, scoring, pulls, each with its source`, async () => {
    const page = await personAt(browser, servers.instant.url, "Ivy", viewport);
    await createTable(page, { ...GAMES[2][1], house: { direction: "right" } });
    await page.getByRole("button", { name: "How to play" }).click();
    const dialog = page.getByRole("dialog", { name: "How to play" });
    await dialog.getByRole("heading", { name: "Quotas" }).waitFor();
    const text = await dialog.innerText();
    // The handout: "The maker gets 2 points for reaching their quota"; the house rule in
    // force (play to the right) changes who the maker is, and is listed.
    assert.match(text, /2 points for reaching its quota/);
    assert.match(text, /dealer's right is the maker/);
    assert.match(text, /House rules at this table/);
    assert.match(text, /Source: the EECS 280 handout/);
    assert.doesNotMatch(text, /\bnull\b|\bundefined\b|\[object/);
    assert.deepEqual(await audit(page), [], "how to play");
    const close = dialog.getByRole("button", { name: "Back to the table" });
    assert.deepEqual(await outside(page, ".how-to-play .choices button"), [], "its button in view");
    await page.screenshot({ path: join(OUTPUT, `how-to-play-${viewport.width}.png`) });
    await close.click();
    assert.equal(await dialog.count(), 0);
  });
}

test("leaving a game in progress asks first; the game left is listed as left, not won or lost", async () => {
  const page = await personAt(browser, servers.instant.url, "Ivy", { width: 375, height: 667 });
  const table = await createTable(page, GAMES[0][1]);
  await page.locator(".hand button.card").first().waitFor();
  await page.getByRole("link", { name: "← Lobby" }).click();
  const asked = page.getByRole("dialog", { name: "Leave the game?" });
  await asked.waitFor();
  assert.deepEqual(await audit(page), [], "the question");
  await asked.getByRole("button", { name: "Stay at the table" }).click();
  assert.equal(new URL(page.url()).pathname, new URL(table).pathname, "staying stays");
  await page.getByRole("link", { name: "← Lobby" }).click();
  await asked.getByRole("button", { name: "Leave the game" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  // The computer plays the seat to the end at once; My games says so.
  await page.goto(new URL("/games", page.url()).href);
  const row = page.locator(".table-row.game", { hasText: "Left" });
  await row.waitFor({ timeout: 30_000 });
  const said = await row.innerText();
  assert.match(said, /Left · the computer finished it: (won|lost)/);
  assert.doesNotMatch(said, /\bWon\b|\bLost\b/);
});

test("Play now offers the points to win, and keeps the choice", async () => {
  const page = await personAt(browser, servers.instant.url, "Ivy");
  await page.selectOption("#play-points", "3");
  await page.getByRole("button", { name: "Play Teen Do Panch now" }).click();
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.locator(".bar .rules", { hasText: "first to 3 points" }).waitFor();
  await page.goto(new URL("/", page.url()).href);
  assert.equal(await page.locator("#play-points").inputValue(), "3");
});

test("the leaderboard says after how many rated games a player is listed", async () => {
  const page = await personAt(browser, servers.instant.url, "Ivy");
  await page.goto(new URL("/leaderboard", page.url()).href);
  // docs/PROTOCOL.md: "A rating is provisional until its 10th rated game".
  await page.locator(".leaderboard .hint", { hasText: "listed after 10 rated games" }).waitFor();
  await page.getByRole("status").filter({ hasText: "after 10 rated games" }).waitFor();
});
