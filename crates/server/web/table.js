// A table drawn from the server's scene: seats around the felt, the trick or layout in
// the middle, the person's hand along the bottom with its legal cards raised. Every word
// and every fact (whose turn, who is winning, the score, the result) is the scene's: this
// file lays them out and turns a click into one of the seat's legal actions.

import { SUIT_LETTER, SUITS, backsElement, cardElement, cardName, setJoker } from "./cards.js";
import { el } from "./dom.js";
import { ratingWords } from "./profile.js";

/** Seats in screen places, from the viewer's: bottom, then clockwise. */
function places(count, me) {
  const names = count === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
  return names.map((place, i) => ({ place, seat: (me + i) % count }));
}

const PRESENCE = {
  computer: "Computer", open: "Open seat", autopilot: "Away: on autopilot",
  away: "Disconnected", person: "Connected",
};
const PRESENCE_CLASS = { computer: "computer", open: "open", autopilot: "autopilot", away: "offline", person: "online" };

const colour = (suitName) => (SUITS[SUIT_LETTER[suitName]]?.red ? "red" : "black");

/** One seat's panel. */
function seatPanel(scene, panel, place, sit, hands) {
  const presence = PRESENCE_CLASS[panel.presence];
  const node = el("div", {
    class: `seat ${place}${panel.turn ? " turn" : ""}`, "data-seat": panel.seat,
    "aria-label": `${panel.name}${panel.turn ? ", to act" : ""}`,
  },
  el("div", { class: "who" },
    el("span", { class: `presence ${presence}`, role: "img", title: PRESENCE[panel.presence], "aria-label": PRESENCE[panel.presence] }),
    el("span", { class: "name" }, panel.name),
    panel.presence === "autopilot" || panel.presence === "away"
      ? el("span", { class: "badge away" }, panel.presence === "autopilot" ? "autopilot" : "away")
      : null,
    panel.marks.map((m) => el("span", { class: `badge ${m.kind}` }, m.text))),
  // Each part whole: a narrow seat box wraps between them, never inside one.
  el("div", { class: "tally" }, el("span", {}, panel.tally.text), " · ", el("span", {}, `Score ${panel.points}`)));
  if (panel.presence === "open" && sit && scene.you == null) {
    node.append(el("button", { class: "sit", onclick: () => sit(panel.seat) }, `Sit here (seat ${panel.seat + 1})`));
  }
  const held = hands?.[panel.seat];
  if (held) {
    node.append(el("div", { class: "faceup" }, held.map((c) => cardElement(c, { small: true }))));
  } else if (place !== "bottom") {
    node.append(backsElement(panel.cards));
  }
  return node;
}

// What the middle showed when last drawn: a card new to it glides in from its player's
// place, and a trick newly taken glides toward its taker (the style sheet's animations,
// which `prefers-reduced-motion` turns off).
let drawnPlays = new Set();
let drawnTaken = "";

function trickElement(scene, trick, previous = false) {
  const spots = places(scene.seats.length, scene.you ?? 0);
  const placeOf = (seat) => spots.find((p) => p.seat === seat)?.place ?? "top";
  const key = (play) => `${play.seat}:${play.card}`;
  const taken = previous ? trick.plays.map(key).join() : "";
  const going = previous && trick.winner != null && taken !== drawnTaken ? ` taken to-${placeOf(trick.winner)}` : "";
  const node = el("div", { class: `trick${previous ? " previous" : ""}${going}`, "aria-label": trick.caption },
    el("div", { class: "caption" }, trick.caption),
    trick.plays.map((play) => {
      const card = cardElement(play.card, { label: `${scene.seats[play.seat].name}: ${cardName(play.card)}` });
      card.classList.add(`at-${placeOf(play.seat)}`);
      if (!previous && !drawnPlays.has(key(play))) card.classList.add("fresh");
      return card;
    }));
  if (previous) drawnTaken = taken;
  else drawnPlays = new Set(trick.plays.map(key));
  return node;
}

function layoutElement(rows) {
  return el("div", { class: "layout", "aria-label": "The layout" },
    rows.map((row) => el("div", { class: `row ${colour(row.suit)}`, "aria-label": row.label },
      el("span", { class: "suit-label" }, SUITS[SUIT_LETTER[row.suit]].symbol),
      row.slots.map((card) => (card
        ? cardElement(card, { small: true })
        : el("span", { class: "slot", "aria-hidden": "true" }))))));
}

/** How each kind of fact is set off (the class names the style sheet knows). */
const FACT_CLASS = {
  trump: "trump", upcard: "upcard", turned_down: "upcard",
  farmers_hand: "pull", declined: "pull", dealt: "pull", pull: "pull",
};

function factElement(fact) {
  const kind = fact.kind === "trump" ? `trump ${colour(fact.suit)}` : FACT_CLASS[fact.kind];
  return el("span", { class: kind }, fact.text, fact.card ? " " : null,
    fact.card ? cardElement(fact.card, { small: true }) : null);
}

function centre(scene, showLast = true) {
  const { middle } = scene;
  if (middle.kind === "layout") return el("div", { class: "centre" }, layoutElement(middle.rows));
  const parts = [el("div", { class: "facts" }, scene.facts.map(factElement))];
  if (middle.current) parts.push(trickElement(scene, middle.current));
  else if (middle.last && showLast) parts.push(trickElement(scene, middle.last, true));
  return el("div", { class: "centre" }, parts);
}

/** The felt with every seat and the middle; shared by tables and replays (whose step
 * gives every seat's cards, `hands`, drawn face up). Five seats or more (Straights for up
 * to eight): the viewer's at the bottom, the others in a row along the top in playing
 * order from its left. */
export function felt(scene, sit, hands) {
  setJoker(scene.joker);
  const count = scene.seats.length;
  const me = scene.you ?? 0;
  const panels = count > 4
    ? [seatPanel(scene, scene.seats[me], "bottom", sit, hands),
      el("div", { class: "others" }, Array.from({ length: count - 1 }, (_, i) =>
        seatPanel(scene, scene.seats[(me + 1 + i) % count], "other", sit, hands)))]
    : places(count, me).map(({ place, seat }) => seatPanel(scene, scene.seats[seat], place, sit, hands));
  return el("div", { class: `felt seats-${count}${count > 4 ? " many" : ""} game-${scene.game}` },
    panels, centre(scene));
}

/** The rules card: the points to win and every house rule, those changed marked. */
export function rulesCard(scene, page) {
  const changed = scene.rules.filter((r) => r.house).length;
  const summary = changed ? `Rules · ${changed} house rule${changed === 1 ? "" : "s"}` : "Rules";
  return el("details", { class: "rules-card", open: !!page.rulesOpen, ontoggle: (e) => { page.rulesOpen = e.target.open; } },
    el("summary", {}, summary),
    el("dl", {}, scene.rules.map((r) => [
      el("dt", { class: r.house ? "house" : "" }, r.title),
      el("dd", { class: r.house ? "house" : "" }, r.value, r.house ? el("span", { class: "badge" }, "house rule") : null),
    ])));
}

function scoreboard(score, heading) {
  return el("table", { class: "scores" }, el("caption", {}, heading),
    el("tr", {}, score.columns.map((c) => el("th", {}, c))),
    score.rows.map((row) => el("tr", { class: row.mine ? "mine" : "" }, row.cells.map((c) => el("td", {}, c)))));
}

// A hand's log: each action's sentences, a line each.
const logList = (entries) => el("ol", { class: "log", tabindex: 0, "aria-label": "What happened" },
  entries.flatMap((entry) => entry.words).map((line) => el("li", {}, line)));

/** The coach's answer beside the choices: the pick in a sentence, how to read the values
 * (which way is better), each legal choice in its words with its value and how it stands
 * against the pick, all as the server worked them out. The replay's review shows a
 * decision's coaching with it too. */
export function coachPanel(coaching) {
  const value = (c) => (c.value == null ? "" : `${c.value >= 0 ? "+" : ""}${c.value.toFixed(2)}`);
  return el("section", { class: "coach", "aria-label": "Coach" },
    el("p", { class: "advice" }, coaching.advice),
    el("p", { class: "reading" }, coaching.reading),
    coaching.notes.map((note) => el("p", { class: "reading" }, note)),
    el("table", {},
      coaching.choices.map((c, i) => el("tr", { class: i === coaching.pick ? "pick" : "" },
        el("th", { scope: "row" }, i === coaching.pick ? "★ " : "", c.words),
        el("td", { class: "value" }, value(c)),
        el("td", {}, c.against)))),
    el("p", { class: "note" }, "The coach knows only what you know: it tries many deals of the cards you have not seen."));
}

function handRow(own, acting, act, pick) {
  // Cards held but not to be looked at (a dealer naming trump blind): their backs.
  if (own.hand.kind === "face_down") {
    return el("div", { class: "hand", role: "group", "aria-label": "Your hand, face down" }, backsElement(own.hand.count));
  }
  // How many cards, for the style sheet to overlap them where the row is too narrow.
  const count = own.hand.groups.reduce((n, group) => n + group.length, 0);
  const row = el("div", { class: "hand", role: "group", "aria-label": "Your hand" },
    own.hand.groups.map((group) => el("div", { class: "suit-group" }, group.map((c) => {
      const node = cardElement(c.card, {
        onPick: () => c.action != null && act(own.actions[c.action]),
        enabled: c.action != null && acting,
        label: `${c.verb ? `${c.verb} ${cardName(c.card)}` : cardName(c.card)}${c.action != null && c.action === pick ? " (the coach's pick)" : ""}`,
      });
      if (c.action != null && c.action === pick) node.classList.add("coach-pick");
      return node;
    }))));
  // Set through the CSSOM: the page's content security policy refuses style attributes.
  row.style.setProperty("--cards", count);
  row.style.setProperty("--groups", own.hand.groups.length);
  return row;
}

/** How the hand just played ended, side by side, as the scene states it: the sentence,
 * each side's tally, what it gained and has now, Straights' discards face up, Teen Do
 * Panch's pulls. */
function handEndElement(end, score) {
  // The columns in the score table's own words (`Team`, `Player`; `Points`).
  const [side, points] = [score.columns[0], score.columns.at(-1)];
  return el("div", { class: "hand-end-body" },
    el("p", { class: "sentence" }, end.sentence),
    el("table", { class: "sides" },
      el("tr", {}, el("th", { scope: "col" }, side), el("th", { scope: "col" }, end.heading),
        el("th", { scope: "col" }, points)),
      end.sides.map((side) => el("tr", { class: side.mine ? "mine" : "" },
        el("th", { scope: "row" }, side.side,
          side.made ? [" ", el("span", { class: "badge maker" }, side.alone ? "made trump, alone" : "made trump")] : null),
        el("td", {}, side.tally.text,
          side.cards.length ? el("div", { class: "discards", "aria-label": `${side.side}: discards` },
            side.cards.map((c) => cardElement(c, { small: true }))) : null,
          side.notes.map((n) => el("div", { class: "note" }, n))),
        el("td", { class: "points" }, el("strong", {}, `+${side.gained}`), el("br"), `${side.points} in all`)))));
}

/** Between hands: the hand's end over the table until its person continues (the server
 * deals once everyone at the table has, or its pause is over). */
function handEndDialog(snapshot, page, ctx) {
  const end = snapshot.scene.hand_end;
  const seated = snapshot.scene.you != null;
  const read = page.continued === snapshot.seq;
  const button = seated
    ? el("button", { class: "primary continue", disabled: read, onclick: () => ctx.continue() },
      read ? "Waiting for the others…" : "Continue")
    : el("p", { class: "note" }, "The next hand is dealt when the players are ready.");
  return el("div", { class: "overlay" },
    el("div", { class: "dialog hand-end", role: "dialog", "aria-modal": "true", "aria-label": `${end.heading} is over` },
      el("h2", {}, `${end.heading} is over`),
      handEndElement(end, snapshot.scene.score),
      el("div", { class: "choices" }, button)));
}

function gameOver(snapshot, page, ctx) {
  const { result } = snapshot.scene;
  const seat = snapshot.scene.you;
  // Put aside: its way back is in the status line, over nothing.
  if (page.resultClosed) return null;
  let rematch = null;
  if (snapshot.next && seat != null) {
    rematch = el("button", { class: "primary", onclick: () => ctx.go(`/t/${snapshot.next}?seat=${seat}`) }, "Join the rematch");
  } else if (snapshot.next) {
    // A spectator watches it: the seats are the players'.
    rematch = el("button", { class: "primary", onclick: () => ctx.go(`/t/${snapshot.next}`) }, "Watch the rematch");
  } else if (seat != null) {
    rematch = el("button", { class: "primary", onclick: ctx.rematch }, "Play again");
  }
  const end = snapshot.scene.hand_end;
  return el("div", { class: "overlay" }, el("div", { class: "dialog game-over", role: "dialog", "aria-modal": "true", "aria-label": "Game over" },
    el("h2", {}, "Game over"),
    el("p", { class: "winners" }, result.sentence),
    el("ol", { class: "standings" }, result.standings.map((s) => el("li", {}, s))),
    ratingLine(snapshot, page),
    end ? el("h3", {}, `${end.heading}, the last`) : null,
    end ? handEndElement(end, snapshot.scene.score) : null,
    el("div", { class: "choices" }, rematch,
      el("button", { class: "button", onclick: ctx.closeResult }, "See the table"),
      el("a", { class: "button", href: `/replay/${snapshot.table}`, "data-route": true }, "Replay this game"),
      seat != null ? el("a", { class: "button", href: `/replay/${snapshot.table}?review=${seat}`, "data-route": true }, "Review my play") : null,
      el("a", { class: "button", href: "/", "data-route": true }, "Lobby"))));
}

/** A rated game's end, for its seat: how the rating moved (the server's figures). */
function ratingLine(snapshot, page) {
  if (!snapshot.rated || snapshot.scene.you == null || !page.rating) return null;
  const { rating } = page;
  // The server's listing says this seat's person left: rated a loss, whoever won.
  const forfeited = rating.left === true;
  const words = rating.loading ? "Your rating: reading it…"
    : rating.missing ? "Your rating: not available."
      : `Your ${ratingWords(rating).replace(/^Rating/, "rating:")}${forfeited ? " · rated a loss: you left the game" : ""}`;
  return el("p", { class: "rating-moved", role: "status" }, words);
}

/** How to play this table's game under its rules, as the server works it out: each
 * lesson with its source, over the table until closed. */
function howToPlayDialog(page, ctx) {
  const how = page.howTo;
  const body = how?.lessons
    ? [el("h2", {}, how.title),
      how.lessons.map((lesson) => el("section", { class: "lesson" },
        el("h3", {}, lesson.heading),
        lesson.lines.map((line) => el("p", {}, line)),
        el("p", { class: "source" }, `Source: ${lesson.source}`)))]
    : [el("h2", {}, "How to play"), el("p", { class: how?.error ? "error" : "" }, how?.error ?? "Loading…")];
  return el("div", { class: "overlay" },
    el("div", { class: "dialog how-to-play", role: "dialog", "aria-modal": "true", "aria-label": "How to play" },
      body,
      el("div", { class: "choices" }, el("button", { class: "primary close-how", onclick: ctx.closeHowToPlay }, "Back to the table"))));
}

/** Asked before leaving a game in progress: what leaving does, and the choice. At a rated
 * table, the server's grace period. */
function leaveDialog(ctx, snapshot) {
  const grace = snapshot?.leave_grace_seconds;
  const result = grace != null
    ? `This game is rated: unless you are back within ${grace} seconds, it counts as your loss, however the computer finishes it.`
    : "Your games list shows it as left, not as your win or loss.";
  return el("div", { class: "overlay" },
    el("div", { class: "dialog leave", role: "dialog", "aria-modal": "true", "aria-label": "Leave the game?" },
      el("h2", {}, "Leave the game?"),
      el("p", {}, `The game goes on without you: a computer plays your seat to the end. ${result}`),
      el("div", { class: "choices" },
        el("button", { class: "primary stay", onclick: ctx.stay }, "Stay at the table"),
        el("button", { class: "danger", onclick: ctx.leave }, "Leave the game"))));
}

export function renderTable(root, page, ctx) {
  const snapshot = page.snapshot;
  if (!snapshot) {
    root.replaceChildren(el("p", { class: page.missing ? "error" : "" },
      page.missing ? "There is no such table." : "Joining the table…"),
    el("a", { href: "/", "data-route": true }, "Back to the lobby"));
    return;
  }
  const { scene, own } = snapshot;
  setJoker(scene.joker);
  document.title = `cardtable · ${scene.title}`;
  const online = ctx.connection.status === "connected" && !ctx.connection.syncing.has(snapshot.table);
  const waiting = Boolean(ctx.connection.pending);
  const yours = Boolean(own && own.actions.length > 0 && !scene.result);
  // A hand just ended and the next is not dealt: its end is shown until continued — once
  // its last trick has been seen for the table's beat (`hold_ms`, the server's pace).
  const betweenHands = Boolean(scene.hand_end && scene.turn == null && !scene.result);
  let endInView = true;
  if (scene.hand_end) {
    if (page.endDue?.seq !== scene.hand_end.seq) {
      page.endDue = { seq: scene.hand_end.seq, at: Date.now() + (snapshot.hold_ms ?? 0) };
    }
    const wait = page.endDue.at - Date.now();
    if (wait > 0) {
      endInView = false;
      clearTimeout(page.endTimer);
      page.endTimer = setTimeout(ctx.redraw, wait + 20);
    }
  }
  const acting = online && !waiting && yours;
  let status;
  if (scene.result) status = scene.status;
  else if (!online) status = "Reconnecting: your moves wait until the table is back";
  else if (waiting) status = "Sending your move…";
  else if (snapshot.scene.you == null) status = `Watching · ${scene.status}`;
  else status = scene.status;

  // The coach's answer for this very decision (an older one is gone with its seq).
  const coaching = yours && page.coaching?.seq === snapshot.seq ? page.coaching.coaching : null;
  const pick = coaching?.pick;
  const choices = (own?.choices ?? []).map((c) => el("button", {
    class: `choice${c.action === pick ? " coach-pick" : ""}`, disabled: !acting, onclick: () => ctx.act(own.actions[c.action]),
    "aria-label": c.action === pick ? `${c.label} (the coach's pick)` : null,
  }, c.label));
  // A computer to act waits for the table's pace (the server's): a seated person may hurry it.
  const toAct = scene.turn != null && !scene.result ? scene.seats[scene.turn] : null;
  const computerNext = Boolean(toAct && (toAct.presence === "computer" || toAct.presence === "autopilot"));
  const hurry = computerNext && scene.you != null && online
    ? el("button", { class: "hurry", onclick: ctx.hurry, title: "The computers play their next card without waiting" }, "Hurry »")
    : null;
  const asking = page.coachAsked === snapshot.seq && !coaching;
  const coachButton = snapshot.coach && yours && !coaching
    ? el("button", { class: "ask-coach", disabled: !acting || asking, onclick: ctx.coach }, asking ? "The coach is thinking…" : "Ask the coach")
    : null;

  const share = el("input", { class: page.copied === "refused" ? "share by-hand" : "share", readonly: true, value: ctx.link, "aria-label": "Link to this table" });
  // "Copied" for a moment after copying; a clipboard refused is said, and the link left
  // selected to copy by hand.
  const copy = el("button", { class: "copy", onclick: ctx.copy }, page.copied === "copied" ? "Copied" : "Copy link");
  const refused = page.copied === "refused"
    ? el("span", { class: "copy-refused", role: "status" }, "The browser would not copy: the link is selected, copy it by hand")
    : null;
  const selectShare = page.copied === "refused" && (page.selectShare || document.activeElement?.classList.contains("share"));
  const last = scene.middle.kind === "tricks" ? scene.middle.last : null;
  const showLast = last ? el("button", { "aria-pressed": String(page.lastTrick), onclick: ctx.toggleLastTrick }, page.lastTrick ? "Hide last trick" : "Last trick") : null;

  // A rated table seats people signed in (the server refuses a guest `sign_in`): a guest
  // watching it is shown the way to sign in, not seats to be refused.
  const guestAtRated = snapshot.rated && !ctx.signedIn() && scene.you == null;
  root.replaceChildren(...[
    el("div", { class: "bar" }, el("a", { href: "/", "data-route": true }, "← Lobby"),
      el("span", { class: "rules" }, scene.title),
      snapshot.rated ? el("span", { class: "badge rated" }, "Rated") : null,
      el("button", { class: "how", onclick: ctx.howToPlay, "aria-pressed": String(Boolean(page.howToOpen)) }, "How to play"),
      share, copy, refused),
    guestAtRated && !snapshot.finished ? el("p", { class: "notes" }, "A rated game: its result changes the players' ratings. ",
      el("a", { href: "/account", "data-route": true }, "Sign in or sign up"), " to sit at a rated table.") : null,
    felt(scene, guestAtRated ? null : ctx.sit),
    // Whose turn, the choices and the hand stay at the foot of the screen: on a phone the
    // table scrolls under them, and the hand is always in view.
    el("div", { class: "dock" },
      el("div", { class: `status${yours ? " yours" : ""}`, role: "status", "aria-live": "polite" }, status,
        // The coach's pick where the eye already is (on a phone the panel is below the hand).
        coaching ? el("span", { class: "coach-says" }, ` · ${coaching.advice}`) : null,
        page.error ? el("span", { class: "error" }, ` · ${page.error}`) : null,
        hurry,
        scene.result && page.resultClosed
          ? el("button", { class: "primary reopen", onclick: ctx.showResult }, "Game over: see the result") : null,
        // What the seat alone knows (a discard, a card pulled), under whose turn it is.
        own?.notes.length ? el("span", { class: "own-notes" }, own.notes.join(" · ")) : null),
      choices.length || coachButton ? el("div", { class: "choices", role: "group", "aria-label": "Choices" }, choices, coachButton) : null,
      own ? handRow(own, acting, ctx.act, pick) : null),
    coaching ? coachPanel(coaching) : null,
    el("div", { class: "side" },
      el("div", { class: "score-wrap" }, scoreboard(scene.score, scene.heading)),
      rulesCard(scene, page),
      showLast,
      page.lastTrick && last ? el("div", { class: "last-trick", "aria-label": "Last trick" },
        el("div", {}, last.caption),
        last.plays.map(({ seat, card }) => el("span", {}, `${scene.seats[seat].name}: `, cardElement(card, { small: true })))) : null,
      el("details", { open: true }, el("summary", {}, "This hand"), logList(scene.log)),
      scene.last_hand.length ? el("details", {}, el("summary", {}, "The hand before"), logList(scene.last_hand)) : null),
    scene.result && endInView ? gameOver(snapshot, page, ctx) : null,
    betweenHands && endInView && !page.howToOpen && !page.leaving ? handEndDialog(snapshot, page, ctx) : null,
    page.howToOpen ? howToPlayDialog(page, ctx) : null,
    page.leaving ? leaveDialog(ctx, snapshot) : null,
  ].filter(Boolean));
  if (selectShare) {
    page.selectShare = false;
    share.focus();
    share.select();
  }
  // The hand's end and the game's end take the keyboard: Enter continues.
  const dialogButton = root.querySelector(".overlay .stay, .overlay .continue:not([disabled]), .overlay .game-over .primary, .overlay .close-how");
  if (dialogButton && !root.querySelector(".overlay")?.contains(document.activeElement)) {
    dialogButton.focus({ preventScroll: true });
  }
  // Keyboard play: keep focus on the hand after a redraw (never moving the page: a
  // browser that ignores preventScroll is put back).
  if (acting && !root.contains(document.activeElement)) {
    const y = window.scrollY;
    root.querySelector(".hand .legal, .choices .choice")?.focus({ preventScroll: true });
    if (window.scrollY !== y) window.scrollTo(window.scrollX, y);
  }
  // The coach's answer gone with its decision: a person who scrolled down to read it
  // (below the hand on a phone) gets the table back in view for the rest of the game.
  const middle = root.querySelector(".felt .centre");
  if (page.coachShown && !coaching && middle && middle.getBoundingClientRect().top < 0) {
    root.querySelector(".felt").scrollIntoView({ block: "start" });
  }
  page.coachShown = Boolean(coaching);
}
