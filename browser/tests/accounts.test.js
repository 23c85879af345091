// People who come back (issue 58): sign up with a passkey, sign out, sign in on another
// browser with the same passkey, a second passkey, the one-time recovery code, the export,
// deleting the account — through Chromium's virtual authenticator (the DevTools protocol's
// WebAuthn domain), at a phone's size and a laptop's, each page audited by axe-core and
// photographed into browser/test-output/.
//
// Pages are browsed at http://localhost:PORT (`server.local`): WebAuthn takes no IP address
// as its relying party.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { OUTPUT, audit, createTable, lastSnapshot, personAt, playByClicks, useServerAndBrowser } from "./helpers.js";

// Several people on one machine are one address to the server: its per-address limits on
// TCP connections (each browser profile keeps a few open) and on sign-ups are raised for
// the five profiles and eight accounts of this file.
const shared = useServerAndBrowser([
  "--hand-pause-seconds", "0", "--tcp-per-address", "256", "--sign-ups-per-hour", "100", "--sign-ins-per-minute", "100",
]);

const VIRTUAL = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true };

/** A virtual authenticator in `page` (a device's screen lock that always says yes):
 * `{cdp, id}`. */
async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL });
  return { cdp, id: authenticatorId };
}

/** The credentials an authenticator holds (each a passkey). */
async function credentials({ cdp, id }) {
  return (await cdp.send("WebAuthn.getCredentials", { authenticatorId: id })).credentials;
}

const at = (page, path) => page.goto(new URL(path, shared.server.local).href);

/** A person's page at /account on its own browser profile, with a virtual authenticator. */
async function personWithPasskeys(name, viewport) {
  const page = await personAt(shared.browser, shared.server.local, name, viewport);
  const key = await authenticator(page);
  await at(page, "/account");
  return { page, key };
}

/** What `/api/account` says of this browser's session: the account, or null. */
async function signedInAs(page) {
  return page.evaluate(async () => {
    const r = await fetch("/api/account");
    return r.ok ? (await r.json()).name : null;
  });
}

async function shoot(page, name, viewport) {
  await page.screenshot({ path: join(OUTPUT, `accounts-${name}-${viewport.width}.png`), fullPage: true });
}

async function clean(page, what) {
  assert.deepEqual(await audit(page), [], what);
}

async function signUp(page, name) {
  await page.getByLabel(/^A name/).fill(name);
  await page.getByRole("button", { name: "Sign up with a passkey" }).click();
  await page.getByRole("heading", { name: "Save your recovery code" }).waitFor();
  return page.locator("#recovery-code").textContent();
}

async function signIn(page, name) {
  await page.getByLabel("Your name", { exact: true }).first().fill(name);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
}

const signedInHeading = (page, name) => page.getByRole("heading", { name: `Signed in as ${name}` });

for (const viewport of [{ width: 375, height: 667 }, { width: 1280, height: 800 }]) {
  test(`a person's account from sign-up to deletion at ${viewport.width}×${viewport.height}`, async () => {
    const name = `Ada${viewport.width}`;
    const first = await personWithPasskeys("Guest", viewport);
    const page = first.page;
    await clean(page, "the account page, signed out");
    await shoot(page, "signed-out", viewport);

    // Sign up: a name, the passkey prompt (the virtual authenticator says yes), then the
    // recovery code, shown once.
    const code = await signUp(page, name);
    assert.match(code, /\S{8,}/, "a recovery code is shown");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Save your recovery code",
      "the focus moves to the new view's heading");
    await clean(page, "the recovery code");
    await shoot(page, "recovery-code", viewport);
    await page.getByRole("button", { name: "I have saved it" }).click();
    await signedInHeading(page, name).waitFor();
    assert.equal(await signedInAs(page), name);
    assert.equal((await page.locator("#me").textContent()).trim(), name, "the header names the person");
    assert.equal(await page.locator("#me").getAttribute("href"), `/u/${name}`);
    assert.equal(await page.locator(".passkeys li").count(), 1);
    await clean(page, "the account page, signed in");
    await shoot(page, "signed-in", viewport);
    const held = await credentials(first.key);
    assert.equal(held.length, 1, "one passkey made");

    // The same name again, in another case, is refused.
    const other = await personWithPasskeys("Other", viewport);
    await other.page.getByLabel(/^A name/).fill(name.toUpperCase());
    await other.page.getByRole("button", { name: "Sign up with a passkey" }).click();
    const refused = other.page.locator(".account form .error").first();
    await refused.waitFor();
    assert.match(await refused.textContent(), /\S/, "the name is taken: said");

    // Another browser (a second device) with the same passkey signs in.
    await other.page.context().close();
    const second = await personAt(shared.browser, shared.server.local, "Second", viewport);
    const secondKey = await authenticator(second);
    for (const credential of held) {
      await secondKey.cdp.send("WebAuthn.addCredential", { authenticatorId: secondKey.id, credential });
    }
    await at(second, "/account");
    await signIn(second, name);
    await signedInHeading(second, name).waitFor();
    assert.equal(await signedInAs(second), name);

    // A second passkey, made on that device's own authenticator (a fresh one: the copied
    // passkey is the account's already).
    await secondKey.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: secondKey.id });
    const { authenticatorId: fresh } = await secondKey.cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL });
    await second.getByRole("button", { name: "Add a passkey" }).click();
    await second.locator(".passkeys li").nth(1).waitFor();
    assert.equal(await second.locator(".passkeys li").count(), 2, "two passkeys listed");
    assert.equal((await secondKey.cdp.send("WebAuthn.getCredentials", { authenticatorId: fresh })).credentials.length, 1);
    // ... which signs in by itself.
    await second.getByRole("button", { name: "Sign out", exact: true }).click();
    await second.getByRole("heading", { name: "Your account" }).waitFor();
    assert.equal(await signedInAs(second), null);
    await signIn(second, name);
    await signedInHeading(second, name).waitFor();

    // Sign out on the first browser: the header offers "Sign in" again.
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    assert.equal(await signedInAs(page), null);
    assert.equal((await page.locator("#me").textContent()).trim(), "Sign in");

    // The recovery code signs in once, and gives a new one.
    await page.getByText("Use a recovery code").click();
    await page.locator("#recover-name").fill(name);
    await page.locator("#recover-code").fill(code);
    await page.getByRole("button", { name: "Sign in with the recovery code" }).click();
    await page.getByRole("heading", { name: "Save your recovery code" }).waitFor();
    const next = await page.locator("#recovery-code").textContent();
    assert.notEqual(next, code, "a new code replaces the spent one");
    await page.getByRole("button", { name: "I have saved it" }).click();
    await signedInHeading(page, name).waitFor();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    await page.getByText("Use a recovery code").click();
    await page.locator("#recover-name").fill(name);
    await page.locator("#recover-code").fill(code);
    await page.getByRole("button", { name: "Sign in with the recovery code" }).click();
    const spent = page.locator(".recover .error");
    await spent.waitFor();
    assert.match(await spent.textContent(), /\S/, "a spent code is refused, and said");
    assert.equal(await signedInAs(page), null);
    await shoot(page, "recovery-refused", viewport);

    // Sign in again with the passkey, then sign out everywhere: the other device too.
    await signIn(page, name);
    await signedInHeading(page, name).waitFor();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    assert.equal(await signedInAs(second), null, "the other device's session ended too");
    await signIn(page, name);
    await signedInHeading(page, name).waitFor();

    // The profile and the leaderboard render, audited.
    await page.locator("#me").click();
    await page.waitForURL(/\/u\//);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Ratings" }).waitFor();
    await clean(page, "the profile");
    await shoot(page, "profile", viewport);
    await at(page, "/leaderboard");
    await page.locator(".leaderboard #board").waitFor();
    await page.locator(".leaderboard [role=status]:not(:has-text('Loading'))").waitFor();
    await clean(page, "the leaderboard");
    await shoot(page, "leaderboard", viewport);

    // The export: one JSON file with the account's name.
    await at(page, "/account");
    await signedInHeading(page, name).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.ok(JSON.stringify(exported).includes(`"${name}"`), "the export names the account");

    // Deleting asks first, naming what goes and what stays.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("group", { name: "Delete your account?" });
    await confirm.waitFor();
    assert.match(await confirm.textContent(), /a deleted player/);
    await clean(page, "the deletion's question");
    await shoot(page, "delete-confirm", viewport);
    await confirm.getByRole("button", { name: /for good/ }).click();
    await page.getByText(`The account ${name} is deleted.`).waitFor();
    assert.equal(await signedInAs(page), null);
    // Signing in fails now, and the profile is gone.
    await signIn(page, name);
    const gone = page.locator(".account form .error").nth(1);
    await gone.waitFor();
    assert.match(await gone.textContent(), /\S/);
    await shoot(page, "after-delete", viewport);
    // Public profiles are kept a few seconds by the server (its brief cache): gone within
    // them.
    const goneAt = Date.now() + 15000;
    for (;;) {
      await at(page, `/u/${name}`);
      await page.locator(".profile h1 ~ *").first().waitFor();
      if (await page.getByText(`Nobody is called ${name} here.`).count()) break;
      assert.ok(Date.now() < goneAt, "the deleted account's profile is gone within 15 s");
      await page.waitForTimeout(1000);
    }
  });
}

test("a guest who signs up at the address serve prints keeps this browser's games: My games from the server", async () => {
  // The printed address (127.0.0.1): the browser is sent to localhost, where passkeys work.
  const page = await personAt(shared.browser, shared.server.url, "Mo");
  assert.equal(new URL(page.url()).hostname, "localhost");
  const key = await authenticator(page);
  await createTable(page, { game: "euchre", rules: "eecs280", points: 1, listed: false, seats: ["open", "handout", "handout", "handout"] });
  await playByClicks(page, async () => Boolean((await lastSnapshot(page))?.finished), { limit: 400 });
  const table = (await lastSnapshot(page)).table;
  await page.goto(new URL("/account", shared.server.url).href);
  await signUp(page, "Mona");
  await page.getByRole("button", { name: "I have saved it" }).click();
  await signedInHeading(page, "Mona").waitFor();
  // Another device: the same passkey, no seat tokens — My games comes from the server.
  const other = await personAt(shared.browser, shared.server.local, "Elsewhere");
  const otherKey = await authenticator(other);
  for (const credential of await credentials(key)) {
    await otherKey.cdp.send("WebAuthn.addCredential", { authenticatorId: otherKey.id, credential });
  }
  await at(other, "/account");
  await signIn(other, "Mona");
  await signedInHeading(other, "Mona").waitFor();
  await at(other, "/games");
  const mine = other.locator("section", { has: other.getByRole("heading", { name: "My games" }) });
  const row = mine.locator(`[data-table="${table}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Euchre/);
  assert.equal(await row.getByRole("link", { name: "Review my play" }).count(), 1);
  await shoot(other, "my-games", { width: 1280 });
  // Signed in, a person sits under the account's name, not the one this browser kept.
  await at(other, "/");
  await other.locator(".signed-name", { hasText: "You play as Mona" }).waitFor();
  await other.getByRole("button", { name: "Play Teen Do Panch now" }).click();
  await other.waitForURL(/\/t\/[0-9a-f]+$/);
  await other.waitForFunction(() => window.cardtable.last?.scene?.you === 0);
  assert.equal((await lastSnapshot(other)).seats[0].name, "Mona");
});

/** A person signed up on their own browser profile at `viewport`: `{page, key}`. */
async function signedUp(name, viewport) {
  const person = await personWithPasskeys(name, viewport);
  await signUp(person.page, name);
  await person.page.getByRole("button", { name: "I have saved it" }).click();
  await signedInHeading(person.page, name).waitFor();
  return person;
}

test("a rated game of four people: the table says so before it starts, the profiles and the leaderboard show it", async () => {
  const names = ["Rae", "Sol", "Tam", "Uma"];
  const people = [];
  for (const name of names) people.push((await signedUp(name, { width: 1280, height: 800 })).page);
  const [host, ...others] = people;
  // Rated is offered for people only: off with a computer seat, on when every seat is open.
  await at(host, "/");
  await host.locator("details.new-table > summary").click();
  await host.selectOption("#game", "euchre");
  await host.selectOption("select[name=seat1]", "medium");
  assert.equal(await host.isDisabled("#rated"), true, "a computer seat: not rated");
  const guest = await personAt(shared.browser, shared.server.local, "Guest");
  await createTable(host, { game: "euchre", rules: "eecs280", points: 1, seats: ["open", "open", "open", "open"], rated: true });
  const table = (await lastSnapshot(host)).table;
  // The lobby says it is rated, and a guest is asked to sign in rather than offered a seat.
  const row = guest.locator(".table-row", { hasText: "Euchre" });
  await row.getByText("Rated", { exact: true }).waitFor();
  assert.equal(await row.getByRole("button", { name: /Sit in seat/ }).count(), 0);
  await row.getByRole("link", { name: "Sign in to sit" }).waitFor();
  await guest.screenshot({ path: join(OUTPUT, "accounts-lobby-rated-guest-1280.png"), fullPage: true });
  for (const [i, page] of others.entries()) {
    await at(page, `/t/${table}?seat=${i + 1}`);
    await page.waitForFunction(() => window.cardtable.last?.scene?.you != null);
  }
  // Leaving is asked first, and at a rated table the dialog gives the server's grace
  // period (`serve --leave-grace-seconds`, 60 by default): staying changes nothing.
  await host.getByRole("link", { name: "← Lobby" }).click();
  const asked = host.getByRole("dialog", { name: "Leave the game?" });
  assert.match(await asked.textContent(), /unless you are back within 60 seconds, it counts as your loss/);
  await asked.getByRole("button", { name: "Stay at the table" }).click();
  // Everyone plays by clicks, as people would, until the game ends.
  const finished = async () => Boolean((await lastSnapshot(host))?.finished);
  for (let round = 0; round < 400 && !(await finished()); round++) {
    for (const page of people) {
      const button = page.locator(".hand button.card:enabled, .choices button.choice:enabled").first();
      if (await button.count()) await button.click({ timeout: 1000 }).catch(() => {});
    }
    await host.waitForTimeout(50);
  }
  assert.ok(await finished(), "the rated game finished");
  // Each game-over dialog says how its person's rating moved: newcomers' partnerships go
  // from 0 (25 − 3 × 25/3) to 26.964 − 3 × 8.178 = 2.4 for the winners and 23.036 −
  // 3 × 8.178 = −1.5 for the losers (Weng and Lin's figures, worked by hand in
  // crates/server/tests/ratings.rs).
  const winners = (await lastSnapshot(host)).scene.result.winners;
  for (const [seat, page] of people.entries()) {
    const line = page.locator(".game-over .rating-moved");
    await line.filter({ hasText: "→" }).waitFor();
    const want = winners.includes(seat) ? "Your rating: 0.0 → 2.4 (+2.4)" : "Your rating: 0.0 → -1.5 (−1.5)";
    assert.equal(await line.textContent(), want, names[seat]);
  }
  await shoot(people[0], "game-over-rated", { width: 1280 });
  // Each player's profile: a Euchre rating after one rated game, provisional, its graph.
  await at(host, `/u/${names[0]}`);
  const card = host.getByRole("region", { name: /Euchre.*rating/ });
  await card.waitFor();
  assert.match(await card.textContent(), /1 rated game/);
  assert.match(await card.textContent(), /Provisional/);
  const graph = card.locator("img");
  assert.match(await graph.getAttribute("alt"), /rating/);
  await host.waitForFunction((img) => img.complete && img.naturalWidth > 0, await graph.elementHandle());
  const last = host.locator(`[data-table="${table}"]`);
  await last.getByText("Rated", { exact: true }).waitFor();
  await last.getByRole("link", { name: "Replay" }).waitFor();
  // With whom and against whom, and the final score: Rae sat in seat 1, Tam across.
  const sides = last.locator(".sides");
  await sides.waitFor();
  assert.match(await sides.textContent(), /With Tam · Against (Sol, Uma|Uma, Sol)/);
  assert.match(await last.locator(".standings").textContent(), /Rae & Tam: \d+ point/);
  await clean(host, "a profile with a rating");
  await shoot(host, "profile-rated", { width: 1280 });
  await host.setViewportSize({ width: 375, height: 667 });
  await shoot(host, "profile-rated", { width: 375 });
  await clean(host, "a profile with a rating, on a phone");
  // The leaderboard lists only settled ratings: after one game, nobody yet.
  await at(host, "/leaderboard/euchre/eecs280");
  await host.locator(".leaderboard [role=status]:not(:has-text('Loading'))").waitFor();
  await clean(host, "the Euchre leaderboard");
});
