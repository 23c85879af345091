// Starting the real `cardtable serve` and Debian's Chromium for the browser tests.

import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { after, afterEach, before } from "node:test";
import Ajv2020 from "ajv/dist/2020.js";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
/** Where screenshots go: CARDTABLE_TEST_OUTPUT, or browser/test-output. */
export const OUTPUT = process.env.CARDTABLE_TEST_OUTPUT ?? resolve(here, "..", "test-output");
mkdirSync(OUTPUT, { recursive: true });

/** The binary under test: CARDTABLE_BIN (cargo test sets it), else the release build. */
const BIN = process.env.CARDTABLE_BIN ?? resolve(here, "..", "..", "target", "release", "cardtable");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const docs = resolve(here, "..", "..", "docs");
const schemaOf = (file) => JSON.parse(readFileSync(resolve(docs, file), "utf8"));
/** The scene's schema (docs/scene.schema.json, made from the Rust types). */
const validScene = new Ajv2020({ allErrors: true, strict: false }).compile(schemaOf("scene.schema.json"));
/** Every message the server sends (docs/protocol.schema.json's `ServerMsg`, made from the
 * Rust types). */
const protocol = schemaOf("protocol.schema.json");
const validServerMsg = new Ajv2020({ allErrors: true, strict: false })
  .compile({ $defs: protocol.$defs, $ref: "#/$defs/ServerMsg" });
/** axe-core's source (the npm package), evaluated into a page to audit it. */
const AXE = readFileSync(resolve(here, "..", "node_modules", "axe-core", "axe.min.js"), "utf8");

/**
 * axe-core's audit of what `page` shows now (WCAG 2 A and AA rules and best practices): the
 * violations at `serious` or `critical` impact, each as "rule: how many nodes (a target)".
 */
export async function audit(page) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0]?.target.join(" "), help: v.help }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes} node(s), e.g. ${v.target} — ${v.help}`);
}

/** Every snapshot any page received: how many, and those that broke a schema. */
export const schemaCheck = { snapshots: 0, invalid: [] };

/** Validates every message `page` receives over its WebSocket against the protocol's
 * schema, and every snapshot's scene against the scene's. */
function checkSnapshots(page) {
  page.on("websocket", (socket) => socket.on("framereceived", ({ payload }) => {
    let message;
    try { message = JSON.parse(payload); } catch { return; }
    if (!validServerMsg(message)) {
      schemaCheck.invalid.push(JSON.stringify(validServerMsg.errors).slice(0, 500));
    }
    if (message.type !== "snapshot") return;
    schemaCheck.snapshots += 1;
    if (!validScene({ scene: message.scene, own: message.own })) {
      schemaCheck.invalid.push(JSON.stringify(validScene.errors).slice(0, 500));
    }
  }));
}

/** Starts `cardtable serve` on a free loopback port with a fresh SQLite file. Hands are
 * dealt one after another at once (`--hand-pause-seconds 0`) unless `flags` say otherwise:
 * the tests of the pause between hands ask for it. Computers act at once
 * (`--table-speed instant`) unless `flags` set a speed: the tests of the pace do. */
export async function startServer(flags = ["--hand-pause-seconds", "0"]) {
  const folder = mkdtempSync(join(tmpdir(), "cardtable-browser-"));
  const data = join(folder, "tables.sqlite");
  const speed = flags.includes("--table-speed") ? [] : ["--table-speed", "instant"];
  const child = spawn(BIN, ["serve", "--listen", "127.0.0.1:0", "--data", data, ...flags, ...speed], {
    env: { ...process.env, RUST_LOG: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 20 s")), 20000);
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    lines.once("line", (line) => {
      clearTimeout(timer);
      const match = line.match(/^cardtable serves on (http:\/\/\S+\/)$/);
      if (match) resolveUrl(match[1]);
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
  // `localhost`, not 127.0.0.1: an IP address is no WebAuthn relying party, so the pages with
  // passkeys are browsed at `local` (the server answers both: a loopback `Host`).
  const local = url.replace("//127.0.0.1:", "//localhost:");
  // Stopped, the server's folder goes too (Linux unlinks a file still open).
  const stop = () => {
    child.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  };
  return { url, local, stop };
}

/** Debian's Chromium, headless, with the flags this sandbox needs. */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
  });
}

/** The browser profiles a test opened: closed after it, so no test's sockets count against
 * the next one's address (the server caps them per address, as it should). */
const contexts = [];

/** What every test's browser profile asks for unless it says otherwise: less motion. The
 * pages draw the same states either way, and with Chromium rendering in software each
 * glide costs the CPU (a Straights game to 80 points took 109 s with motion, 74 s without);
 * motion is tested where it is the subject (cards.test.js, pace.test.js). */
export const LESS_MOTION = { reducedMotion: "reduce" };

/** A fresh browser profile (its own localStorage) with a page at `url` under `name`. */
export async function personAt(browser, url, name, viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, ...LESS_MOTION, ...options });
  contexts.push(context);
  await context.addInitScript((n) => localStorage.setItem("cardtable.name", n), name);
  const page = await context.newPage();
  page.on("pageerror", (error) => { throw error; });
  checkSnapshots(page);
  await page.goto(url);
  await page.locator("#connection[data-status=connected]").waitFor();
  return page;
}

/** Opens a table from the lobby form: seat kinds per seat ("open", "strong", …). */
export async function createTable(page, { game, rules, points, seats, house, listed = true, rated = false, refused = false }) {
  // The full form is folded under "Play now".
  const folded = page.locator("details.new-table");
  if (!(await folded.evaluate((d) => d.open))) await folded.locator(":scope > summary").click();
  await page.selectOption("#game", game);
  if (rules) await page.selectOption("#rules", rules);
  if (points) await page.fill("#points", String(points));
  if (house) {
    await page.locator("details.house summary").click();
    for (const [option, value] of Object.entries(house)) {
      await page.selectOption(`select[name=house-${option}]`, value);
    }
  }
  for (const [i, kind] of seats.entries()) {
    await page.selectOption(`select[name=seat${i}]`, kind);
  }
  if (!listed) await page.uncheck("#public");
  if (rated) await page.check("#rated");
  await page.getByRole("button", { name: "Open the table" }).click();
  if (refused) {
    await page.locator("form .error:not(:empty)").waitFor();
    return page.locator("form .error").textContent();
  }
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.locator(".felt").waitFor();
  return page.url();
}

/** The snapshot the page last drew (read through the page's own connection). */
export function lastSnapshot(page) {
  return page.evaluate(() => window.cardtable.last ?? null);
}

/** The page's latest snapshot once it gives the person its turn with at least `choices`
 * legal actions (within 30 s). */
export async function untilMyTurn(page, choices = 1) {
  for (let i = 0; i < 300; i++) {
    const s = await lastSnapshot(page);
    if (s?.own?.actions.length >= choices && s.scene.turn === s.scene.you) return s;
    await page.waitForTimeout(100);
  }
  throw new Error(`the person never had ${choices} choices on its turn`);
}

/**
 * Plays on `page` until `done()` says stop: on its turn it clicks the first enabled
 * card or choice button, as a person would. Returns the number of clicks.
 */
export async function playByClicks(page, done, { limit = 2000, onTurn } = {}) {
  let clicks = 0;
  while (!(await done()) && clicks < limit) {
    const button = page.locator(".hand button.card:enabled, .choices button.choice:enabled").first();
    try {
      await button.waitFor({ timeout: 500 });
    } catch {
      continue;
    }
    if (onTurn) await onTurn();
    await button.click({ timeout: 2000 }).catch(() => {});
    clicks += 1;
  }
  return clicks;
}

/** Closes every browser profile a test opened (`personAt`): their sockets with them, so
 * the tests of a file stay within the server's per-address connection limits. */
export async function closeContexts() {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
}

/**
 * A server and a browser for the tests of one file: started before them, stopped after.
 * Read `.server` and `.browser` inside the tests. `flags`, if given, replace
 * `startServer`'s.
 */
export function useServerAndBrowser(flags) {
  const shared = {};
  before(async () => {
    shared.server = await startServer(flags);
    shared.browser = await launch();
  });
  afterEach(closeContexts);
  after(async () => {
    await shared.browser?.close();
    shared.server?.stop();
    assert.deepEqual(schemaCheck.invalid, [], "every snapshot fits docs/scene.schema.json");
    assert.ok(schemaCheck.snapshots > 0, "snapshots were checked against the schema");
  });
  return shared;
}
