// A table a person can follow: at the normal speed every computer card stays on screen at
// least half a second before the next change and every finished trick with its taker at
// least a second (measured from the page, as drawn). The suite runs this file alone
// (programs/cardtable/tests/browser.rs): a page starved of the CPU by other Chromiums draws
// two paced snapshots at once, and the measure would be of the machine, not the pace.

import assert from "node:assert/strict";
import { test } from "node:test";
import { createTable, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

/** Motion as a person meets it by default: the pace is measured as they see it. */
const MOTION = { reducedMotion: "no-preference" };

const shared = useServerAndBrowser(["--hand-pause-seconds", "0", "--table-speed", "normal"]);

const GAMES = [
  ["euchre", { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "handout", "handout", "handout"] }],
  ["straights", { game: "straights", seats: ["open", "handout", "handout", "handout"] }],
  ["teendopanch", { game: "teendopanch", points: 1, seats: ["open", "handout", "handout"] }],
];

/** Records, from the page, each change of what the middle of the table shows (the cards
 * there, and whether it is a trick taken) and each click of the person. */
function recordTheMiddle() {
  window.changes = [];
  const shown = () => {
    const centre = document.querySelector(".felt .centre");
    if (!centre) return "";
    const cards = [...centre.querySelectorAll(".card")].map((c) => c.getAttribute("aria-label") ?? c.dataset.card);
    return `${cards.join("|")}${centre.querySelector(".trick.previous") ? " (taken)" : ""}`;
  };
  let last = null;
  const look = () => {
    const now = shown();
    if (now !== last) {
      window.changes.push({ at: performance.now(), shown: now, cards: now ? now.split("|").length : 0 });
      last = now;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  document.addEventListener("click", () => window.changes.push({ at: performance.now(), click: true }), true);
}

/** Each shown state of the middle with how long it stayed: `{ shown, held, taken,
 * arrived }` (`arrived`: a card came with it). The person takes longer than any beat to
 * act (below), so every state, theirs included, is the pace's. */
function states(changes) {
  const views = changes.filter((c) => !c.click);
  const result = [];
  for (let i = 1; i + 1 < views.length; i++) {
    const [before, now, next] = [views[i - 1], views[i], views[i + 1]];
    result.push({
      shown: now.shown, held: next.at - now.at, taken: now.shown.endsWith("(taken)"),
      arrived: now.cards > before.cards && !now.shown.endsWith("(taken)"),
    });
  }
  return result;
}

for (const [game, spec] of GAMES) {
  test(`${game} at the normal speed: each computer card in view half a second, each trick taken a second`, async () => {
    const page = await personAt(shared.browser, shared.server.url, "Ivy", { width: 1280, height: 800 }, MOTION);
    await page.addInitScript(recordTheMiddle);
    await page.goto(shared.server.url);
    await page.locator("#connection[data-status=connected]").waitFor();
    await createTable(page, spec);
    const until = Date.now() + 16_000;
    // A person who looks before playing: longer than any beat at the normal speed.
    await playByClicks(page, async () => Date.now() > until, { onTurn: () => page.waitForTimeout(1700) });
    const seen = states(await page.evaluate(() => window.changes));
    const cards = seen.filter((s) => s.arrived);
    const tricks = seen.filter((s) => s.taken);
    assert.ok(cards.length >= 3, `${game}: ${cards.length} cards seen arriving`);
    for (const s of cards) assert.ok(s.held >= 480, `${game}: ${s.shown} held ${s.held.toFixed(0)} ms`);
    if (game !== "straights") {
      assert.ok(tricks.length >= 1, `${game}: ${tricks.length} tricks seen taken`);
      for (const s of tricks) assert.ok(s.held >= 980, `${game}: the trick ${s.shown} held ${s.held.toFixed(0)} ms`);
    }
    const shortest = (list) => Math.min(...list.map((s) => s.held)).toFixed(0);
    console.log(`# ${game}: ${cards.length} cards, the shortest in view ${shortest(cards)} ms;`
      + ` ${tricks.length} tricks taken, the shortest ${tricks.length ? shortest(tricks) : "-"} ms`);
  });
}
