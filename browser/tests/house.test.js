// House rules chosen in the lobby's form reach the table, show on its rules card, and a
// combination the rules refuse is answered in the form with the option's name.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { OUTPUT, createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

const shared = useServerAndBrowser();

const SIZES = { phone: { width: 375, height: 667 }, desktop: { width: 1280, height: 800 } };

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`house rules from the form are on the table's rules card (${size})`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Hal", viewport);
    await createTable(page, {
      game: "euchre", rules: "cs246", seats: ["open", "handout", "handout", "handout"],
      house: { alone: "off", "partner-alone": "off", march: "3" },
    });
    const snapshot = await lastSnapshot(page);
    assert.match(snapshot.scene.title, /house rules$/);
    const changed = snapshot.scene.rules.filter((r) => r.house).map((r) => `${r.name}=${r.value}`);
    assert.deepEqual(changed, ["alone=off", "partner-alone=off", "march=3"]);
    const card = page.locator("details.rules-card");
    assert.equal(await card.locator("summary").textContent(), "Rules · 3 house rules");
    await card.locator("summary").click();
    assert.equal(await card.locator("dd.house").count(), 3);
    // The card stays open across the next snapshots.
    let clicks = 0;
    await playByClicks(page, async () => clicks++ >= 2);
    assert.equal(await page.locator("details.rules-card[open]").count(), 1);
    await page.screenshot({ path: join(OUTPUT, `house-rules-${size}.png`), fullPage: true });
    // Someone in the lobby sees the table listed with its house rules.
    const other = await personAt(shared.browser, shared.server.url, "Kim", viewport);
    const row = other.locator(".table-row", { hasText: "Hal" }).first();
    await row.waitFor();
    assert.match(await row.textContent(), /House rules: alone=off, partner-alone=off, march=3/);
    await other.context().close();
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the lobby offers every house rule with the variant's own marked (${size})`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Jo", viewport);
    await page.locator("details.new-table > summary").click();
    await page.selectOption("#game", "teendopanch");
    await page.locator("details.house summary").click();
    const catalogue = await (await page.request.get(new URL("/api/catalogue", shared.server.url).href)).json();
    const offered = catalogue.games.find((g) => g.game === "teendopanch").house;
    assert.equal(await page.locator("details.house select").count(), offered.length);
    // Each select starts at the handout's value, marked standard.
    for (const option of offered) {
      const select = page.locator(`select[name=house-${option.name}]`);
      assert.equal(await select.inputValue(), option.defaults[0][1]);
      // Its one-line explanation and the source it follows, beside it.
      const said = await page.locator("label.option", { has: select }).locator("small").textContent();
      assert.ok(said.includes(option.summary) && said.includes(`Source: ${option.source}`), said);
    }
    assert.match(await page.locator("select[name=house-sevens] option:checked").textContent(), /\(standard\)$/);
    await page.selectOption("select[name=house-sevens]", "top");
    await page.screenshot({ path: join(OUTPUT, `lobby-house-${size}.png`), fullPage: true });
  });
}

test("a combination the rules refuse is answered in the form, naming the option", async () => {
  const page = await personAt(shared.browser, shared.server.url, "Ida");
  const message = await createTable(page, {
    game: "euchre", rules: "cs246", seats: ["open", "handout", "handout", "handout"],
    house: { alone: "off" }, refused: true,
  });
  assert.match(message, /partner-alone/);
  assert.match(page.url(), /\/$/, "still in the lobby");
});

test("the speed menu is the server's: its speeds in its words, its own --table-speed chosen, and a table plays at it", async () => {
  // This suite's server runs with `--table-speed instant` (helpers.js).
  const page = await personAt(shared.browser, shared.server.url, "Kit");
  await page.locator("details.new-table > summary").click();
  const speed = page.locator("#speed");
  await speed.locator("option").nth(3).waitFor({ state: "attached" });
  assert.deepEqual(await speed.locator("option").evaluateAll((o) => o.map((x) => [x.value, x.textContent])),
    [["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"], ["instant", "Instant (no waiting)"]]);
  assert.equal(await speed.inputValue(), "instant");
  await createTable(page, { game: "euchre", seats: ["open", "handout", "handout", "handout"] });
  // An instant table holds nothing: a trick just taken is kept in view 0 ms, not the
  // normal speed's 1600 (PROTOCOL.md, "Pace").
  const taken = async () => {
    const middle = (await lastSnapshot(page))?.scene.middle;
    return Boolean(middle?.last && !middle.current);
  };
  await playByClicks(page, taken, { limit: 40 });
  assert.ok(await taken(), "a trick was taken");
  assert.equal((await lastSnapshot(page)).hold_ms, 0);
});
