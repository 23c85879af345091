// A lobby that is alive: tables pushed as they open and fill, never polled; Play now seats
// the person at once against computers of the level chosen last.

import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

test("the lobby shows a table the moment it opens, without asking for the list", async () => {
  const watcher = await personAt(shared.browser, shared.server.url, "Lou");
  const sent = [];
  watcher.on("websocket", (socket) => socket.on("framesent", ({ payload }) => sent.push(JSON.parse(payload).type)));
  await watcher.reload();
  await watcher.locator("#connection[data-status=connected]").waitFor();
  await watcher.getByText("No public tables yet").waitFor();
  const host = await personAt(shared.browser, shared.server.url, "Hal");
  await createTable(host, { game: "euchre", rules: "eecs280", seats: ["open", "open", "handout", "handout"] });
  // Pushed: the table and its seats appear, Hal's taken, with no reload and no `list`.
  const row = watcher.locator(".table-row", { hasText: "Euchre" });
  await row.waitFor({ timeout: 5000 });
  await row.getByText("Hal").waitFor({ timeout: 5000 });
  assert.equal(await row.getByRole("button", { name: "Sit in seat 2" }).count(), 1);
  await watcher.waitForTimeout(3500);
  assert.deepEqual(sent.filter((t) => t === "list"), [], `no polling: ${sent.join()}`);
  assert.ok(sent.includes("lobby"));
});

test("Play now seats the person against computers of the level chosen, and keeps the level", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Pia");
  await page.selectOption("#level", "hard");
  await page.getByRole("button", { name: "Play Teen Do Panch now" }).click();
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.locator(".hand").waitFor();
  const snapshot = await lastSnapshot(page);
  assert.equal(snapshot.scene.you, 0);
  assert.deepEqual(snapshot.seats.map((s) => s.name), ["Pia", "hard", "hard"]);
  assert.equal(snapshot.coach, true, "alone with computers: the coach is on");
  await page.goto(shared.server.url);
  // The levels arrive with the catalogue, just before the games' buttons: read the choice
  // once they are there (reading it earlier raced the fetch and saw an empty menu).
  await page.getByRole("button", { name: "Play Teen Do Panch now" }).waitFor();
  assert.equal(await page.locator("#level").inputValue(), "hard", "the level is kept");
});

test("my games: a private game this browser sat at, with its replay and the review of my play", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Mo");
  await createTable(page, { game: "euchre", rules: "eecs280", points: 1, listed: false, seats: ["open", "handout", "handout", "handout"] });
  await playByClicks(page, async () => Boolean((await lastSnapshot(page))?.finished), { limit: 400 });
  const table = (await lastSnapshot(page)).table;
  await page.goto(new URL("/games", shared.server.url).href);
  const mine = page.locator("section", { has: page.getByRole("heading", { name: "My games" }) });
  const row = mine.locator(".table-row", { hasText: "Euchre" });
  await row.waitFor();
  assert.match(await row.textContent(), /first to 1 point/);
  // Private: not among the public finished games.
  const listed = await (await page.request.get(new URL("/api/games", shared.server.url).href)).json();
  assert.ok(!listed.some((g) => g.table === table));
  await row.getByRole("link", { name: "Review my play" }).click();
  await page.getByRole("region", { name: "Review" }).waitFor({ timeout: 60000 });
  assert.match(await page.locator(".review h2").textContent(), /Mo's play/);
});

test("the table's creator decides the coach: off by default for two people, on when ticked", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Cy");
  await page.locator("details.new-table > summary").click();
  await page.selectOption("#game", "euchre");
  assert.equal(await page.isChecked("#coach"), true, "one person and computers: on");
  for (const [i, kind] of ["open", "open", "handout", "handout"].entries()) {
    await page.selectOption(`select[name=seat${i}]`, kind);
  }
  assert.equal(await page.isChecked("#coach"), false, "two people: off unless the creator says");
  await page.check("#coach");
  await page.getByRole("button", { name: "Open the table" }).click();
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForFunction(() => window.cardtable.last != null);
  assert.equal((await lastSnapshot(page)).coach, true);
});
