// Ad-hoc screenshots (not a test): node shots.mjs
import { startServer, launch, personAt, createTable, playByClicks, lastSnapshot } from "./tests/helpers.js";
const server = await startServer(["--hand-pause-seconds", "0", ...(process.env.SPEED ? ["--table-speed", process.env.SPEED] : [])]);
const browser = await launch();
const sizes = (process.env.SIZES ?? "375x667").split(",").map((s) => s.split("x").map(Number));
const tables = [
  ["euchre", { game: "euchre", rules: "eecs280", seats: ["open", "handout", "handout", "handout"] }, [2, 6, 9]],
  ["straights", { game: "straights", seats: ["open", "handout", "handout", "handout"] }, [1, 5]],
  ["teendopanch", { game: "teendopanch", seats: ["open", "handout", "handout"] }, [1, 4, 12]],
];
for (const [w, h] of sizes) {
  const page = await personAt(browser, server.url, "Gus", { width: w, height: h }, { reducedMotion: "reduce" });
  for (const [game, spec, stops] of tables) {
    if (process.env.GAME && process.env.GAME !== game) continue;
    await page.goto(server.url);
    await createTable(page, spec);
    let clicks = 0;
    for (const stop of stops) {
      await playByClicks(page, async () => clicks >= stop, { onTurn: async () => { clicks++; } });
      await page.locator(".hand button.card:enabled, .choices button.choice:enabled").first().waitFor({ timeout: 15000 }).catch(() => {});
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots/${game}-${w}-${stop}.png` });
    }
  }
}
await browser.close();
server.stop();
