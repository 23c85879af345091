// The cardtable client: a lobby, tables and replays over the server's protocol
// (docs/PROTOCOL.md). Every page is drawn again from the latest snapshot; nothing here
// knows the rules beyond what the snapshot says is legal.

import { Connection, markLeft, mySeats, savedSeat } from "./connection.js";
import { setCardWords } from "./cards.js";
import { el } from "./dom.js";
import { renderTable } from "./table.js";
import { renderReplay } from "./replay.js";
import { account, accountPage, api, profileLink } from "./account.js";
import { gameRow, profilePage, ratingWords } from "./profile.js";
import { leaderboardPage } from "./leaderboard.js";

const main = document.querySelector("main");
const statusPill = document.querySelector("#connection");

// The four-colour deck (clubs green, diamonds blue), kept in the browser.
const FOUR = "cardtable.fourColour";
const deckToggle = el("button", { class: "deck", type: "button", "aria-pressed": String(localStorage.getItem(FOUR) === "1") }, "Four-colour deck");
const setDeck = (on) => {
  document.body.classList.toggle("four-colour", on);
  deckToggle.setAttribute("aria-pressed", String(on));
  localStorage.setItem(FOUR, on ? "1" : "0");
};
deckToggle.addEventListener("click", () => setDeck(deckToggle.getAttribute("aria-pressed") !== "true"));
statusPill.before(deckToggle);
setDeck(localStorage.getItem(FOUR) === "1");

// Who is signed in, in the header: the name, a link to the profile; else "Sign in". A
// guest is never asked: the link is there for who wants it.
const who = el("a", { id: "me", href: "/account", "data-route": true }, "Sign in");
const accountLink = el("a", { id: "account-link", href: "/account", "data-route": true, hidden: true }, "Account");
document.querySelector(".brand").after(who, accountLink);
account.addEventListener("change", () => {
  const me = account.me;
  who.textContent = me ? me.name : "Sign in";
  who.setAttribute("href", me ? profileLink(me.name) : "/account");
  who.setAttribute("aria-label", me ? `${me.name}: your profile` : "Sign in or sign up");
  accountLink.hidden = !me;
  // A signed-in person sits under their account's name; one who signs out goes back to the
  // name kept here. A guest's name is left as it is (a refused one stays refused).
  const now = me?.name ?? null;
  if (now !== signedAs) {
    if (now) connection.rename(now);
    else if (signedAs) connection.rename(name || "Player");
    signedAs = now;
  }
});
/** The account name the connection last took, or null for a guest. */
let signedAs = null;

const NAME = "cardtable.name";
let name = localStorage.getItem(NAME) || "";
const connection = new Connection(name || "Player");
window.cardtable = { connection }; // for the browser tests and the curious

connection.addEventListener("status", (event) => {
  const words = { connected: "Connected", connecting: "Connecting…", disconnected: "Offline: reconnecting…" };
  statusPill.textContent = words[event.detail];
  statusPill.dataset.status = event.detail;
  document.body.dataset.connection = event.detail;
  if (current?.redraw) current.redraw();
});

/** The page on screen: { table?, redraw?, message?(msg), close?() }. */
let current = null;

connection.addEventListener("message", (event) => current?.message?.(event.detail));


export function go(path) {
  history.pushState(null, "", path);
  route();
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-route]");
  if (link && !event.metaKey && !event.ctrlKey) {
    event.preventDefault();
    // A page may ask first (a game in progress): it goes on once the person says so.
    if (current?.holds?.(link.getAttribute("href"))) return;
    go(link.getAttribute("href"));
  }
});
window.addEventListener("popstate", route);

function route() {
  current?.close?.();
  current = null;
  main.replaceChildren();
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/t\/([0-9a-f]+)$/))) current = tablePage(match[1]);
  else if ((match = path.match(/^\/replay\/([0-9a-f]+)$/))) current = replayPage(match[1]);
  else if (path === "/games") current = gamesPage();
  else if (path === "/account") current = accountPage(main, { go, connection });
  else if ((match = path.match(/^\/u\/([^/]+)$/))) current = profilePage(main, decodeURIComponent(match[1]), { catalogue });
  else if ((match = path.match(/^\/leaderboard(?:\/([^/]+)\/([^/]+))?$/))) {
    current = leaderboardPage(main, match[1] ? { game: decodeURIComponent(match[1]), rules: decodeURIComponent(match[2]) } : null, { catalogue, go });
  }
  else current = lobbyPage();
}

// ---------------------------------------------------------------- lobby

/** Whether this page showed the lobby, whose name field a person passed on their way to a
 * table (a link opened from elsewhere did not). */
let sawLobby = false;

function lobbyPage() {
  document.title = "cardtable";
  sawLobby = true;
  const nameInput = el("input", { id: "name", value: name, maxlength: 32, autocomplete: "nickname", placeholder: "Your name" });
  const nameRefused = el("p", { class: "error", role: "status", "aria-live": "polite" });
  connection.addEventListener("name-refused", (event) => {
    nameRefused.textContent = `Refused: ${event.detail.message}. Meanwhile you play as ${event.detail.name}.`;
  });
  // A new name is said on the open socket (`name`), never by reconnecting: the click
  // that follows it (Play now, Open the table) goes out after it on the same socket.
  const saveName = () => {
    const next = nameInput.value.trim();
    if (next === name) return;
    nameRefused.textContent = "";
    name = next;
    localStorage.setItem(NAME, name);
    connection.rename(name || "Player");
  };
  nameInput.addEventListener("change", saveName);

  const list = el("div", { class: "tables", "aria-live": "polite" }, el("p", {}, "Loading tables…"));
  const form = createForm(saveName);
  // A guest types a name (kept in this browser); a signed-in person plays under their
  // account's, which the server gives their connection.
  const guestName = el("div", { class: "guest-name" },
    el("label", { for: "name" }, "Your name"), nameInput, nameRefused,
    el("p", { class: "hint" }, "No account needed. ", el("a", { href: "/account", "data-route": true }, "Sign up"),
      " to keep your name, your games on every device and a rating."));
  const signedName = el("p", { class: "signed-name" });
  const showWho = () => {
    const me = account.me;
    guestName.hidden = Boolean(me);
    signedName.hidden = !me;
    if (me) signedName.replaceChildren("You play as ", el("a", { href: profileLink(me.name), "data-route": true }, me.name), ".");
    if (known.size) showTables();
  };
  main.append(el("div", { class: "lobby" },
    el("section", { class: "panel intro" },
      el("h1", {}, "Play cards with friends"), guestName, signedName),
    el("section", { class: "panel" }, el("h2", {}, "Play now"), playNow(saveName),
      el("details", { class: "new-table" }, el("summary", {}, "A table of your own: rules, points, seats, house rules"), form)),
    el("section", { class: "panel" },
      el("h2", {}, "Open tables"), list,
      el("p", {}, el("a", { href: "/games", "data-route": true }, "My games, finished games and replays"),
        " · ", el("a", { href: "/leaderboard", "data-route": true }, "Leaderboards")))));

  // The lobby is pushed: the page once, then what changes (`lobby`), never polled.
  const known = new Map();
  const showTables = () => {
    const tables = [...known.values()].sort((a, b) => a.table.localeCompare(b.table));
    const rows = tables.filter((t) => !t.finished).map((t) => tableRow(t));
    list.replaceChildren(...(rows.length ? rows : [el("p", {}, "No public tables yet: open one.")]));
  };
  const follow = () => connection.send({ type: "lobby" });
  follow();
  account.addEventListener("change", showWho);
  showWho();
  return {
    message(msg) {
      if (msg.type === "tables") {
        known.clear();
        for (const t of msg.tables) known.set(t.table, t);
        showTables();
      } else if (msg.type === "lobby") {
        for (const id of msg.gone) known.delete(id);
        for (const t of msg.tables) known.set(t.table, t);
        showTables();
      }
    },
    // Followed again on every (re)connection: the server forgets a closed socket's.
    redraw: () => { if (connection.status === "connected") follow(); },
    close: () => {
      account.removeEventListener("change", showWho);
      connection.send({ type: "lobby", follow: false });
    },
  };
}

/** The computers' level a person last chose, kept in the browser. */
const LEVEL = "cardtable.level";
/** The points to win a person last chose for "Play now", kept in the browser. */
const POINTS = "cardtable.points";

/** One button per game that seats the person at once, against computers of the level
 * chosen last (a private table: its link is the way in). The levels are the server's
 * (`/api/catalogue`), in its words. */
function playNow(saveName) {
  const level = el("select", { id: "level", onchange: (e) => localStorage.setItem(LEVEL, e.target.value) });
  catalogue.then((offer) => {
    const kept = localStorage.getItem(LEVEL);
    const chosen = offer.levels.some((l) => l.kind === kept) ? kept : offer.default_level;
    level.replaceChildren(...offer.levels.map((l) => el("option", { value: l.kind, selected: l.kind === chosen }, l.title)));
  });
  // How long a game: points to win (Straights ends by its own rule), kept like the level.
  const points = el("select", { id: "play-points", onchange: (e) => localStorage.setItem(POINTS, e.target.value) },
    [3, 5, 10, 15].map((n) => el("option", { value: n, selected: String(n) === (localStorage.getItem(POINTS) ?? "10") }, `${n} points`)));
  const error = el("p", { class: "error", role: "alert" });
  const buttons = el("div", { class: "choices play-now" });
  const start = async (g) => {
    saveName();
    error.textContent = "";
    localStorage.setItem(LEVEL, level.value);
    const seats = ["open", ...Array.from({ length: g.seats - 1 }, () => level.value)];
    const spec = { type: "create", game: g.game, seats };
    if (g.points_to_win) spec.points = Number(points.value);
    await createAndSit(spec, error);
  };
  catalogue.then((offer) => buttons.replaceChildren(...offer.games.map((g) =>
    el("button", { class: "primary", onclick: () => start(g) }, `Play ${g.title} now`))))
    .catch(() => { error.textContent = "Could not load the games: reload the page."; });
  return el("div", {}, el("label", { for: "level" }, "Computers' level"), level,
    el("label", { for: "play-points" }, "Points to win (Euchre, Teen Do Panch)"), points, buttons, error);
}

/** Opens a table as `spec` asks and goes to it, into its first open seat; a refusal or
 * silence is said in `error`. */
async function createAndSit(spec, error) {
  const answer = connection.next((m) => m.type === "created" || (m.type === "error" && !m.table));
  if (!connection.send(spec)) {
    error.textContent = "Not connected: try again in a moment.";
    return;
  }
  const reply = await answer;
  if (!reply) error.textContent = "The server did not answer: try again.";
  else if (reply.type === "error") error.textContent = reply.message;
  else {
    const seat = spec.seats.indexOf("open");
    go(`/t/${reply.table}${seat >= 0 ? `?seat=${seat}` : ""}`);
  }
}

/** The server's catalogue (`/api/catalogue`): games, their variants and the seat kinds. */
const catalogue = fetch("/api/catalogue").then((r) => r.json());

function tableRow(t) {
  // A rated table seats people signed in (the server refuses a guest): a guest is shown
  // the way to sign in instead of seats they could not take.
  const guestAtRated = t.rated && !account.me;
  const seats = t.seats.map((s, i) => s.kind === "open"
    ? (guestAtRated ? null : el("button", { class: "join", onclick: () => { go(`/t/${t.table}?seat=${i}`); } }, `Sit in seat ${i + 1}`))
    : el("span", { class: "taken" }, `${s.name}${s.kind === "computer" ? " (computer)" : ""}`));
  if (guestAtRated && t.seats.some((s) => s.kind === "open")) {
    seats.push(el("a", { href: "/account", "data-route": true, class: "join" }, "Sign in to sit"));
  }
  return el("div", { class: "table-row" },
    el("strong", {}, t.title),
    t.rated ? el("span", { class: "badge rated" }, "Rated") : null,
    t.house?.length ? el("small", { class: "house" }, `House rules: ${t.house.join(", ")}`) : null,
    el("span", { class: "seats" }, seats),
    el("a", { href: `/t/${t.table}`, "data-route": true }, "Watch"));
}

function createForm(saveName) {
  const game = el("select", { id: "game", name: "game" });
  const rules = el("select", { id: "rules", name: "rules" });
  const points = el("input", { id: "points", name: "points", type: "number", min: 1, max: 100, value: 10 });
  const pointsLabel = el("label", { for: "points" }, "Points to win");
  const seats = el("fieldset", { class: "seat-kinds" });
  const house = el("fieldset", { class: "house-rules", "aria-label": "House rules" });
  const isPublic = el("input", { id: "public", type: "checkbox", checked: true });
  // The coach: the creator's to allow; until touched it follows the server's default (on
  // where at most one seat is a person's).
  const coach = el("input", { id: "coach", type: "checkbox", checked: true, onchange: () => { coach.dataset.touched = "1"; } });
  const coachDefault = () => {
    if (coach.dataset.touched) return;
    coach.checked = [...seats.querySelectorAll("select")].filter((s) => s.value === "open").length <= 1;
  };
  seats.addEventListener("change", coachDefault);
  // Rated: offered to a signed-in person for a table of people only (every seat open), as
  // the server accepts; otherwise said why, never offered to be refused.
  const rated = el("input", { id: "rated", type: "checkbox" });
  const ratedWhy = el("small", { id: "rated-why", class: "hint" });
  const ratedBox = el("div", { class: "rated-choice" },
    el("label", { class: "check" }, rated, " Rated: the result changes each player's rating (everyone must be signed in)"), ratedWhy);
  const ratedOffer = () => {
    const people = [...seats.querySelectorAll("select")].every((s) => s.value === "open");
    ratedBox.hidden = !account.me;
    rated.disabled = !people;
    if (!people) rated.checked = false;
    if (people) {
      rated.removeAttribute("aria-describedby");
      ratedWhy.textContent = "";
    } else {
      rated.setAttribute("aria-describedby", "rated-why");
      ratedWhy.textContent = "Rated tables are for people only: make every seat open to rate it.";
    }
  };
  seats.addEventListener("change", ratedOffer);
  account.addEventListener("change", ratedOffer);
  // How long each computer's card and each finished trick stay in view: the server's
  // speeds in its words, its own default first chosen (filled once the catalogue is in).
  const speed = el("select", { id: "speed", name: "speed" });
  const error = el("p", { class: "error", role: "alert" });
  let offer = { games: [], seats: [] };
  // Each house rule a select, set to the chosen variant's value; every one is sent (the
  // server keeps those that differ from the variant).
  const houseDefaults = () => {
    const g = offer.games.find((x) => x.game === game.value);
    return new Map((g?.house ?? []).map((h) => [h.name, (h.defaults.find(([v]) => v === rules.value) ?? h.defaults[0])[1]]));
  };
  const refreshHouse = () => {
    const g = offer.games.find((x) => x.game === game.value);
    const defaults = houseDefaults();
    house.replaceChildren(...(g?.house ?? []).map((h) => el("label", { class: "option", title: h.summary },
        el("span", {}, h.title),
        el("select", { name: `house-${h.name}`, "data-option": h.name, "aria-label": h.title },
          h.values.map((v) => el("option", { value: v, selected: v === defaults.get(h.name) },
            v === defaults.get(h.name) ? `${v} (standard)` : v))),
        el("small", {}, h.summary, h.source ? ` Source: ${h.source}.` : ""))));
  };
  // A seat selector for each seat: as many as the game has, or as its house option
  // that sets how many sit (Straights' players) says; the choices made are kept.
  const refreshSeats = () => {
    const g = offer.games.find((x) => x.game === game.value);
    if (!g) return;
    const chosen = house.querySelector(`select[data-option="${g.seats_option}"]`);
    const count = g.seats_option && chosen ? Number(chosen.value) : g.seats;
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    const kinds = Array.from({ length: count }, (_, i) => before[i] ?? (i === 0 ? "open" : "medium"));
    seats.replaceChildren(el("legend", {}, "Seats (you take the first open one)"),
      ...kinds.map((kind, i) => el("label", {}, `Seat ${i + 1} `,
        el("select", { name: `seat${i}`, "aria-label": `Seat ${i + 1}` },
          offer.seats.map((s) => el("option", { value: s.kind, selected: s.kind === kind }, s.title))))));
    coachDefault();
    ratedOffer();
  };
  // A variant may sit another number of players by default: the seats follow its house rules.
  rules.addEventListener("change", () => { refreshHouse(); refreshSeats(); });
  house.addEventListener("change", (event) => {
    const g = offer.games.find((x) => x.game === game.value);
    if (g?.seats_option && event.target.dataset?.option === g.seats_option) refreshSeats();
  });
  const refresh = () => {
    const g = offer.games.find((x) => x.game === game.value);
    if (!g) return;
    rules.replaceChildren(...g.variants.map((v) => el("option", { value: v.rules }, v.title)));
    refreshHouse();
    pointsLabel.hidden = points.hidden = !g.points_to_win;
    seats.replaceChildren();
    refreshSeats();
  };
  game.addEventListener("change", refresh);
  catalogue.then((loaded) => {
    offer = loaded;
    game.replaceChildren(...offer.games.map((g) => el("option", { value: g.game }, g.title)));
    speed.replaceChildren(...offer.speeds.map((s) =>
      el("option", { value: s.speed, selected: s.speed === offer.default_speed }, s.title)));
    refresh();
  }).catch(() => { error.textContent = "Could not load the games: reload the page."; });
  const submit = async (event) => {
    event.preventDefault();
    saveName();
    error.textContent = "";
    const kinds = [...seats.querySelectorAll("select")].map((s) => s.value);
    const settings = [...house.querySelectorAll("select")].map((s) => `${s.dataset.option}=${s.value}`);
    const spec = {
      type: "create", game: game.value, rules: rules.value, points: Number(points.value) || 10,
      house: settings, seats: kinds, public: isPublic.checked, coach: coach.checked,
      speed: speed.value,
    };
    // Sent only when chosen: a server without rated tables refuses unknown fields.
    if (account.me && rated.checked && !rated.disabled) spec.rated = true;
    await createAndSit(spec, error);
  };
  return el("form", { onsubmit: submit },
    el("label", { for: "game" }, "Game"), game,
    el("label", { for: "rules" }, "Rules"), rules,
    pointsLabel, points, seats,
    el("label", { for: "speed" }, "Computer play speed"), speed,
    el("details", { class: "house" }, el("summary", {}, "House rules"), house),
    el("label", { class: "check" }, isPublic, " List it in the lobby (otherwise only its link lets people in)"),
    el("label", { class: "check" }, coach, " Allow the coach: the strong player's advice on request (on by default when you play alone with computers)"),
    ratedBox,
    error,
    el("button", { type: "submit", class: "primary" }, "Open the table"));
}

// ---------------------------------------------------------------- a table

/** A table's link opened in a browser that has no name yet (a friend sent it): the table
 * is watched meanwhile, so the page says which game, who invites them and which seat is
 * theirs; the name is asked once, kept like the lobby's, and the friend sits in that seat
 * in the same click. */
function askName(table, start) {
  const input = el("input", { id: "table-name", maxlength: 32, autocomplete: "nickname", required: true, placeholder: "Your name" });
  const error = el("p", { class: "error", role: "alert" });
  const button = el("button", { type: "submit", class: "primary" }, "Go to the table");
  const about = el("p", { class: "invite", role: "status" }, "Looking up the table…");
  let page = null;
  let open = null;
  // What the table's snapshot says: its title, who sits there, the first open seat.
  const shown = (snapshot) => {
    const { scene } = snapshot;
    const people = scene.seats.filter((s) => s.presence === "person" || s.presence === "away").map((s) => s.name);
    open = snapshot.finished ? null : scene.seats.find((s) => s.presence === "open")?.seat ?? null;
    const host = people.length ? `${people.join(" and ")} ${people.length === 1 ? "invites" : "invite"} you to ` : "You are invited to ";
    about.textContent = open == null
      ? `${scene.title}: every seat is taken, so you will watch.`
      : `${host}${scene.title}, in seat ${open + 1}.`;
    button.textContent = open == null ? "Watch the table" : `Sit in seat ${open + 1}`;
  };
  const submit = async (event) => {
    event.preventDefault();
    const given = input.value.trim();
    if (!given) {
      error.textContent = "Type a name first: the others at the table will see it.";
      return;
    }
    button.disabled = true;
    error.textContent = "";
    const answer = await connection.rename(given);
    button.disabled = false;
    if (answer?.type === "error") {
      error.textContent = `Refused: ${answer.message}.`;
      return;
    }
    name = answer?.name ?? given;
    localStorage.setItem(NAME, name);
    form.remove();
    // The seat offered is taken as the page opens (as the lobby's "Sit in seat" does).
    if (open != null) history.replaceState(null, "", `/t/${table}?seat=${open}`);
    page = start();
  };
  const form = el("form", { class: "panel ask-name", onsubmit: submit },
    el("h1", {}, "Join the table"),
    about,
    el("label", { for: "table-name" }, "Your name, as the others at the table will see it"),
    input, error, button);
  main.append(form);
  input.focus();
  connection.follow(table);
  return {
    table,
    redraw: () => page?.redraw(),
    message: (msg) => {
      if (page) page.message(msg);
      else if (msg.table === table && msg.type === "snapshot") shown(msg);
      else if (msg.table === table && msg.type === "error" && msg.code === "no_table") about.textContent = "There is no such table.";
    },
    close: () => (page ? page.close() : connection.unfollow(table)),
  };
}

function tablePage(table) {
  // A friend who opens the link with no name saved, and no seat here, is asked first
  // (not one who came through the lobby, which asked, nor one signed in: their account
  // names them). Whether this browser is signed in is known after one request: until
  // then the page waits, following nothing.
  const asking = () => !name && !savedSeat(table) && !sawLobby && !account.me;
  if (!asking()) return openTable(table);
  if (account.known) return askName(table, () => openTable(table));
  let page = null;
  let closed = false;
  account.ready.then(() => {
    if (closed) return;
    page = asking() ? askName(table, () => openTable(table)) : openTable(table);
  });
  return {
    table,
    redraw: () => page?.redraw?.(),
    message: (msg) => page?.message?.(msg),
    close: () => { closed = true; page?.close?.(); },
  };
}

function openTable(table) {
  document.title = "cardtable · table";
  const wanted = new URLSearchParams(location.search).get("seat");
  history.replaceState(null, "", `/t/${table}`);
  const root = el("section", { class: "table-page" });
  // Each play and trick, read out by screen readers: the log's new sentences, in a live
  // region that outlasts the redraws (one drawn anew would not be read).
  const announce = el("div", { id: "announce", class: "visually-hidden", "aria-live": "polite", "aria-atomic": "true" });
  main.append(root, announce);
  const page = { snapshot: null, error: "", lastTrick: false, announced: null };
  const redraw = () => renderTable(root, page, {
    connection,
    redraw: () => redraw(),
    act: (action) => {
      const s = page.snapshot;
      if (connection.act(table, s.seq, action)) redraw();
    },
    sit: (seat) => connection.join(table, seat),
    coach: () => {
      page.coachAsked = page.snapshot.seq;
      connection.send({ type: "coach", table, seq: page.snapshot.seq });
      redraw();
    },
    // Who asks for the rematch is taken to it, into their seat, once the server names it
    // (`next`); the others at the table are shown "Join the rematch".
    rematch: () => {
      page.rematching = connection.send({ type: "rematch", table });
    },
    copy: async () => {
      try {
        await navigator.clipboard.writeText(`${location.origin}/t/${table}`);
        page.copied = "copied";
      } catch {
        // No clipboard (an http page not on this machine) or refused: select it to copy
        // by hand.
        page.copied = "refused";
        page.selectShare = true;
      }
      const said = page.copied;
      redraw();
      if (said === "copied") {
        setTimeout(() => { if (page.copied === said) { page.copied = null; redraw(); } }, 2000);
      }
    },
    toggleLastTrick: () => { page.lastTrick = !page.lastTrick; redraw(); },
    // How to play the table's game under its rules in force (its house rules included),
    // fetched once.
    howToPlay: async () => {
      page.howToOpen = true;
      redraw();
      if (page.howTo?.lessons) return;
      const s = page.snapshot;
      const house = s.scene.rules.filter((r) => r.house && r.name !== "points").map((r) => `${r.name}=${r.value}`);
      const query = new URLSearchParams({ game: s.scene.game, rules: s.rules, points: s.points, house: house.join(",") });
      try {
        const answer = await fetch(`/api/how-to-play?${query}`);
        page.howTo = answer.ok ? await answer.json() : { error: (await answer.json().catch(() => ({}))).message ?? answer.statusText };
      } catch (e) {
        page.howTo = { error: `Could not load it: ${e.message}` };
      }
      redraw();
    },
    closeHowToPlay: () => { page.howToOpen = false; redraw(); },
    // Leaving a game in progress, once asked: the seat is left to the computer, and this
    // browser keeps the game as left.
    stay: () => { page.leaving = null; redraw(); },
    leave: () => {
      const to = page.leaving;
      markLeft(table, page.snapshot.seq);
      page.leaving = null;
      go(to);
    },
    // The computers' next action now, not after the table's pace (this moment's only).
    hurry: () => { connection.send({ type: "hurry", table, seq: page.snapshot.seq }); },
    // The hand's end read: said to the server once for this moment (`seq`).
    continue: () => {
      const seq = page.snapshot.seq;
      if (connection.send({ type: "continue", table, seq })) page.continued = seq;
      redraw();
    },
    // The game's end can be put aside to read the table and its log, and brought back.
    closeResult: () => { page.resultClosed = true; redraw(); },
    showResult: () => { page.resultClosed = false; redraw(); },
    link: `${location.origin}/t/${table}`,
    signedIn: () => Boolean(account.me),
    go,
  });
  connection.follow(table);
  let asked = false;
  return {
    table,
    redraw,
    // Asks before leaving a game in progress from a seat (a spectator just goes).
    holds(to) {
      const s = page.snapshot;
      if (!s || s.finished || s.scene.you == null || page.leaving) return false;
      page.leaving = to;
      redraw();
      return true;
    },
    message(msg) {
      if (msg.table !== table) return;
      if (msg.type === "snapshot") {
        const entries = [...msg.scene.last_hand, ...msg.scene.log];
        const fresh = page.announced == null ? entries.slice(-1) : entries.filter((e) => e.seq > page.announced);
        if (fresh.length) announce.textContent = fresh.flatMap((e) => e.words).join(" ");
        page.announced = entries.at(-1)?.seq ?? page.announced;
        page.snapshot = msg;
        window.cardtable.last = msg;
        if (msg.finished && msg.rated && msg.scene.you != null && !page.rating) ratingMoved(page, redraw);
        page.error = "";
        if (page.rematching && msg.next) {
          const seat = msg.scene.you;
          go(`/t/${msg.next}${seat != null ? `?seat=${seat}` : ""}`);
          return;
        }
        // Sit where the lobby said, once, if this browser has no seat here yet.
        if (!asked && wanted !== null && msg.scene.you === null && !savedSeat(table)) {
          asked = true;
          if (msg.seats[Number(wanted)]?.kind === "open") connection.join(table, Number(wanted));
        }
      } else if (msg.type === "coach") {
        page.coaching = msg;
      } else if (msg.type === "error") {
        page.error = msg.message;
        if (msg.code === "no_table") page.missing = true;
      } else return;
      redraw();
    },
    close: () => connection.unfollow(table),
  };
}

/** A rated game's end: how this seat's rating moved, from the game's listing (the store
 * rates it in the commit that ends the game, so it is there by the first finished
 * snapshot), fetched once. */
async function ratingMoved(page, redraw) {
  const { table, scene } = page.snapshot;
  page.rating = { loading: true };
  try {
    const answer = await fetch(`/api/games/${table}`);
    const listing = answer.ok ? await answer.json() : null;
    const mine = listing?.result?.seats.find((s) => s.seat === scene.you);
    // The server says whether this seat's person left (`left`): the face only draws it.
    page.rating = mine?.rating ? { ...mine.rating, left: mine.left != null } : { missing: true };
  } catch {
    page.rating = { missing: true };
  }
  redraw();
}

// ---------------------------------------------------------------- finished games

function gamesPage() {
  document.title = "cardtable · finished games";
  const list = el("div", { class: "tables" }, el("p", {}, "Loading…"));
  const mine = el("div", { class: "tables" }, el("p", {}, "Loading…"));
  const said = el("p", {}, "");
  main.append(el("section", { class: "panel" }, el("h1", {}, "My games"), said, mine));
  // Signed in: the account's games, from the server (every device's). A guest: this
  // browser's seats.
  account.ready.then((me) => {
    if (me) {
      said.replaceChildren(`The games ${me.name} played, on every device: their replays and reviews of your play.`);
      accountGames(mine);
    } else {
      said.replaceChildren("The games this browser sat at, kept here (no account): their replays and reviews of your play. ",
        el("a", { href: "/account", "data-route": true }, "Sign up"), " to keep them on every device.");
      browserGames(mine);
    }
  });
  main.append(el("section", { class: "panel" }, el("h1", {}, "Finished games"), list,
    el("p", {}, el("a", { href: "/", "data-route": true }, "Back to the lobby"))));
  fetch("/api/games").then((r) => r.json()).then((games) => {
    const rows = games.map((g) => el("div", { class: "table-row" },
      el("strong", {}, g.title),
      ended(g),
      el("span", {}, `${g.actions} actions`),
      el("a", { href: `/replay/${g.table}`, "data-route": true }, "Replay"),
      el("a", { href: `/api/games/${g.table}/record`, download: `${g.table}.json` }, "Record")));
    list.replaceChildren(...(rows.length ? rows : [el("p", {}, "No finished games yet.")]));
  }).catch(() => list.replaceChildren(el("p", { class: "error" }, "Could not load the games.")));
  return {};
}

/** A signed-in person's games, a page at a time (`/api/account/games`). */
function accountGames(mine) {
  const rows = el("ul", { class: "games-list" });
  const more = el("button", { type: "button", hidden: true }, "Older games");
  const PAGE = 20;
  const load = async () => {
    more.disabled = true;
    try {
      const last = rows.lastElementChild?.dataset.table;
      const page = await api(`/api/account/games?limit=${PAGE}${last ? `&after=${encodeURIComponent(last)}` : ""}`);
      const games = Array.isArray(page) ? page : page.games ?? [];
      // Each with its result, as a guest's are (`/api/games/{table}`); the account's
      // listing alone if that fails.
      rows.append(...await Promise.all(games.map((g) => api(`/api/games/${g.table}`)
        .then((full) => finishedRow(full, g.seat, { rated: g.rated, tag: "li", left: savedSeat(g.table)?.left ?? null }),
          () => gameRow(g, "Review my play")))));
      more.hidden = games.length < PAGE;
      if (!rows.children.length) mine.replaceChildren(el("p", {}, "None yet: the games you play signed in, on any device, will be here."));
      else if (!rows.isConnected) mine.replaceChildren(rows, more);
    } catch (e) {
      mine.replaceChildren(el("p", { class: "error", role: "alert" }, `Could not load your games: ${e.message}`));
    }
    more.disabled = false;
  };
  more.addEventListener("click", load);
  load();
}

/** A finished game of "my games" (`/api/games/{table}`, its `result`), read for `seat`:
 * whether its side won, the final standings, who played with and against it. */
function finishedRow(g, seat, { rated = false, tag = "div", left = null } = {}) {
  const me = g.result?.seats.find((s) => s.seat === seat);
  // A game left before its end is the leaver's neither win nor loss: said as left, with
  // how the computer that took the seat finished it.
  const gone = left ?? me?.left ?? null;
  // A rated game left is the leaver's loss, whoever finished it (the rating says so).
  const leftWords = me?.rating
    ? "Left · rated a loss"
    : `Left · the computer finished it: ${me?.won ? "won" : "lost"}`;
  const outcome = gone != null
    ? el("span", { class: "outcome left" }, leftWords)
    : me ? el("span", { class: `outcome ${me.won ? "won" : "lost"}` }, me.won ? "Won" : "Lost") : null;
  return el(tag, { class: "table-row game", "data-table": g.table }, el("strong", {}, g.title),
    rated ? el("span", { class: "badge rated" }, "Rated") : null,
    ended(g),
    outcome,
    me?.rating ? el("span", { class: "rating-moved" }, ratingWords(me.rating)) : null,
    g.result ? el("div", { class: "summary" },
      el("span", { class: "standings" }, g.result.standings.join(" · ")),
      me ? el("span", { class: "sides" }, [
        me.partners.length ? `With ${me.partners.join(", ")}` : null,
        me.opponents.length ? `Against ${me.opponents.join(", ")}` : null,
      ].filter(Boolean).join(" · ")) : null) : null,
    el("a", { href: `/replay/${g.table}`, "data-route": true }, "Replay"),
    el("a", { href: `/replay/${g.table}?review=${seat}`, "data-route": true }, "Review my play"));
}

/** The games this browser holds a seat at (a guest's "my games"). */
function browserGames(mine) {
  // Each table this browser holds a seat at: finished (a listing), in play (403), or gone.
  Promise.all(mySeats().map(({ table, seat, left }) => fetch(`/api/games/${table}`).then(async (r) => {
    if (r.ok) return finishedRow(await r.json(), seat, { left });
    if (r.status === 403) {
      return el("div", { class: "table-row" }, el("span", {}, "A game in play"),
        el("a", { href: `/t/${table}`, "data-route": true }, "Back to the table"));
    }
    return null;
  }).catch(() => null))).then((rows) => {
    const shown = rows.filter(Boolean);
    mine.replaceChildren(...(shown.length ? shown : [el("p", {}, "None yet: the games you play in this browser will be here.")]));
  });
}

/** When a listed game ended, in this browser's words for a date and time. */
function ended(g) {
  if (g.ended == null) return null;
  const at = new Date(g.ended * 1000);
  return el("time", { datetime: at.toISOString() }, `Finished ${at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`);
}

function replayPage(table) {
  document.title = "cardtable · replay";
  const root = el("section", { class: "table-page replay" }, el("p", {}, "Loading the game…"));
  main.append(root);
  fetch(`/api/games/${table}/steps`).then(async (r) => {
    if (!r.ok) throw new Error(await r.text());
    return r.json();
  }).then(async (game) => {
    await catalogue.catch(() => {});
    renderReplay(root, game, { go });
  })
    .catch((e) => root.replaceChildren(el("p", { class: "error" }, `No replay: ${e.message}`),
      el("a", { href: "/", "data-route": true }, "Back to the lobby")));
  return {};
}

route();
// Cards are named in the catalogue's words: a table drawn before they came is drawn again
// (until then, or if they never come, a card's name is its code).
catalogue.then((c) => {
  setCardWords(c.cards, c.joker);
  current?.redraw?.();
}).catch(() => {});
