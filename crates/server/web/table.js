// A table drawn from a snapshot: seats around the felt, the trick or layout in the
// middle, the person's hand along the bottom with its legal cards raised.

import { SUITS, backsElement, cardElement, cardName, cardText } from "./cards.js";
import { el } from "./dom.js";
import {
  GAMES, cardOf, choiceLabel, describe, groupHand, kindOf, lastTrick, prompt, rulesName, winners,
} from "./games.js";

/** Seats in screen places, from the viewer's: bottom, then clockwise. */
function places(count, me) {
  const names = count === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
  return names.map((place, i) => ({ place, seat: (me + i) % count }));
}

export function seatName(seats, seat, you) {
  const s = seats[seat];
  const name = s.kind === "open" ? `Seat ${seat + 1} (open)`
    : s.kind === "computer" ? `Computer ${seat + 1} (${s.name})` : s.name;
  return seat === you ? `${name} (you)` : name;
}

function presence(info) {
  if (info.kind === "computer") return ["computer", "Computer"];
  if (info.kind === "open") return ["open", "Open seat"];
  if (info.autopilot) return ["autopilot", "Away: on autopilot"];
  return info.connected ? ["online", "Connected"] : ["offline", "Disconnected"];
}

function badges(game, view, seat) {
  const list = [];
  if (view.dealer === seat) list.push("Dealer");
  if (game === "euchre" && view.maker === seat) list.push(view.alone ? "Maker, alone" : "Maker");
  if (game === "euchre" && view.sitting_out === seat) list.push("Sitting out");
  if (game === "teendopanch" && view.maker === seat) list.push("Names trump");
  return list.map((b) => el("span", { class: "badge" }, b));
}

function tally(game, view, seat) {
  if (game === "straights") return `Discards: ${view.discard_counts?.[seat] ?? 0}`;
  const tricks = view.tricks_won?.[seat] ?? 0;
  if (game === "teendopanch") return `Tricks: ${tricks} of ${view.quotas?.[seat] ?? "?"}`;
  return `Tricks: ${tricks}`;
}

/** One seat's panel; `hand` is its cards face up (a replay) or null (card backs). */
function seatPanel(model, seat, place) {
  const { game, view, seats, you, turn } = model;
  const info = seats[seat];
  const [state, stateWords] = presence(info);
  const hand = model.hands?.[seat];
  const panel = el("div", {
    class: `seat ${place}${turn === seat ? " turn" : ""}`, "data-seat": seat,
    "aria-label": `${seatName(seats, seat, you)}${turn === seat ? ", to act" : ""}`,
  },
  el("div", { class: "who" },
    el("span", { class: `presence ${state}`, title: stateWords, "aria-label": stateWords }),
    el("span", { class: "name" }, seatName(seats, seat, you)),
    state === "autopilot" || state === "offline"
      ? el("span", { class: "badge away" }, state === "autopilot" ? "autopilot" : "away")
      : null,
    badges(game, view, seat)),
  el("div", { class: "tally" }, tally(game, view, seat), ` · Score ${model.scores[seat] ?? 0}`));
  if (info.kind === "open" && model.sit && you == null) {
    panel.append(el("button", { class: "sit", onclick: () => model.sit(seat) }, `Sit here (seat ${seat + 1})`));
  }
  if (place !== "bottom" || model.hands) {
    if (hand) {
      panel.append(el("div", { class: "faceup" }, hand.map((c) => cardElement(c, { small: true }))));
    } else if (place !== "bottom") {
      panel.append(backsElement(view.hand_sizes?.[seat] ?? 0));
    }
  }
  return panel;
}

function trickElement(model, trick, caption, previous = false) {
  const spots = places(model.seats.length, model.you ?? 0);
  return el("div", { class: `trick${previous ? " previous" : ""}`, "aria-label": caption },
    el("div", { class: "caption" }, caption),
    trick.map(({ seat, card }) => {
      const place = spots.find((p) => p.seat === seat)?.place ?? "top";
      const card_ = cardElement(card, { label: `${seatName(model.seats, seat, model.you)}: ${cardName(card)}` });
      card_.classList.add(`at-${place}`);
      return card_;
    }));
}

function layoutElement(view) {
  const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
  return el("div", { class: "layout", "aria-label": "The layout" },
    ["S", "H", "C", "D"].map((letter) => {
      const played = new Set(view.layout?.[letter] ?? []);
      return el("div", { class: `row ${SUITS[letter].red ? "red" : "black"}`, "aria-label": `${SUITS[letter].name}: ${[...played].map(cardText).join(" ") || "none"}` },
        el("span", { class: "suit-label" }, SUITS[letter].symbol),
        ranks.map((r) => played.has(`${r}${letter}`)
          ? cardElement(`${r}${letter}`, { small: true })
          : el("span", { class: "slot", "aria-hidden": "true" })));
    }));
}

function centre(model) {
  const { game, view } = model;
  const parts = [];
  if (game === "straights") {
    parts.push(layoutElement(view));
    return el("div", { class: "centre" }, parts);
  }
  const facts = [];
  if (view.trump) facts.push(el("span", { class: `trump ${SUITS[view.trump].red ? "red" : "black"}` }, `Trump ${SUITS[view.trump].symbol} ${SUITS[view.trump].name}`));
  if (game === "euchre" && view.phase === "Making(One)") {
    facts.push(el("span", { class: "upcard" }, "Upcard ", cardElement(view.upcard, { small: true })));
  } else if (game === "euchre" && view.phase === "Making(Two)") {
    facts.push(el("span", { class: "upcard" }, `Turned down: ${cardText(view.upcard)}`));
  }
  if (game === "teendopanch" && view.pulling) {
    const { puller, victim } = view.pulling;
    facts.push(el("span", { class: "pull" }, `${seatName(model.seats, puller, model.you)} pulls a card from ${seatName(model.seats, victim, model.you)}`));
  }
  if (game === "teendopanch" && view.taken) facts.push(el("span", { class: "pull" }, "You pulled ", cardElement(view.taken, { small: true })));
  parts.push(el("div", { class: "facts" }, facts));
  const trick = view.trick ?? [];
  if (trick.length > 0) {
    const winning = view.winning != null ? `: ${seatName(model.seats, view.winning, model.you)} winning` : "";
    parts.push(trickElement(model, trick, `This trick${winning}`));
  }
  else if (model.last) {
    const by = model.last.winner != null ? `, won by ${seatName(model.seats, model.last.winner, model.you)}` : "";
    parts.push(trickElement(model, model.last.cards, `Last trick${by}`, true));
  }
  return el("div", { class: "centre" }, parts);
}

/** The felt with every seat and the middle; shared by tables and replays. */
export function felt(model) {
  const count = model.seats.length;
  return el("div", { class: `felt seats-${count} game-${model.game}` },
    places(count, model.you ?? 0).map(({ place, seat }) => seatPanel(model, seat, place)),
    centre(model));
}

function scoreboard(model) {
  const { game, view, seats, you, scores } = model;
  if (game === "euchre") {
    const teams = [[0, 2], [1, 3]];
    return el("table", { class: "scores" },
      el("tr", {}, el("th", {}, "Team"), el("th", {}, "Tricks"), el("th", {}, "Points")),
      teams.map((team, t) => el("tr", { class: team.includes(you) ? "mine" : "" },
        el("td", {}, team.map((s) => seatName(seats, s, you)).join(" & ")),
        el("td", {}, team.reduce((sum, s) => sum + (view.tricks_won?.[s] ?? 0), 0)),
        el("td", {}, view.team_scores?.[t] ?? scores[team[0]]))));
  }
  return el("table", { class: "scores" },
    el("tr", {}, el("th", {}, "Player"),
      game === "teendopanch" ? [el("th", {}, "Tricks"), el("th", {}, "Quota")] : el("th", {}, "Discards"),
      el("th", {}, "Points")),
    seats.map((_, s) => el("tr", { class: s === you ? "mine" : "" },
      el("td", {}, seatName(seats, s, you)),
      game === "teendopanch"
        ? [el("td", {}, view.tricks_won?.[s] ?? 0), el("td", {}, view.quotas?.[s] ?? "")]
        : el("td", {}, view.discard_counts?.[s] ?? 0),
      el("td", {}, scores[s]))));
}

function logList(snapshot, entries) {
  return el("ol", { class: "log" }, entries.map((e) => el("li", {},
    `${seatName(snapshot.seats, e.seat, snapshot.you)} ${describe(snapshot.game, e.action, e)}`)));
}

function handRow(snapshot, acting, act) {
  const { game, view, legal } = snapshot;
  const byCard = new Map();
  for (const action of legal) {
    const card = cardOf(action);
    // Straights: a card is played where it may be, else discarded.
    if (card && !(byCard.has(card) && kindOf(byCard.get(card)) === "Play")) byCard.set(card, action);
  }
  const groups = groupHand(view);
  return el("div", { class: "hand", role: "group", "aria-label": "Your hand" },
    groups.map((g) => el("div", { class: "suit-group" }, g.cards.map((card) => {
      const action = byCard.get(card);
      return cardElement(card, {
        onPick: () => action && act(action),
        enabled: Boolean(action) && acting,
        label: action && kindOf(action) !== "Play" ? `${kindOf(action) === "Return" ? "Give back" : "Discard"} ${cardName(card)}` : cardName(card),
      });
    }))));
}

function gameOver(snapshot, ctx) {
  const won = winners(snapshot);
  const names = snapshot.seats.map((_, s) => seatName(snapshot.seats, s, snapshot.you));
  const winnerNames = names.filter((_, s) => won[s]);
  const seated = snapshot.you != null;
  let rematch = null;
  if (snapshot.next) {
    const seat = snapshot.you;
    rematch = el("button", { class: "primary", onclick: () => ctx.go(`/t/${snapshot.next}${seat != null ? `?seat=${seat}` : ""}`) }, "Join the rematch");
  } else if (seated) {
    rematch = el("button", { class: "primary", onclick: ctx.rematch }, "Play again");
  }
  return el("div", { class: "game-over", role: "dialog", "aria-label": "Game over" },
    el("h2", {}, "Game over"),
    el("p", { class: "winners" }, `${winnerNames.join(" & ")} ${winnerNames.length > 1 ? "win" : "wins"}`),
    el("ul", {}, names.map((n, s) => el("li", {}, `${n}: ${snapshot.scores[s]} points`))),
    el("div", { class: "choices" }, rematch,
      el("a", { class: "button", href: `/replay/${snapshot.table}`, "data-route": true }, "Replay this game"),
      el("a", { class: "button", href: "/", "data-route": true }, "Lobby")));
}

export function renderTable(root, page, ctx) {
  const snapshot = page.snapshot;
  if (!snapshot) {
    root.replaceChildren(el("p", { class: page.missing ? "error" : "" },
      page.missing ? "There is no such table." : "Joining the table…"),
    el("a", { href: "/", "data-route": true }, "Back to the lobby"));
    return;
  }
  const { game, you, turn, legal } = snapshot;
  document.title = `cardtable · ${GAMES[game].title}`;
  const online = ctx.connection.status === "connected" && !ctx.connection.syncing.has(snapshot.table);
  const waiting = Boolean(ctx.connection.pending);
  const acting = online && !waiting && legal.length > 0 && !snapshot.finished;
  const model = { ...snapshot, sit: ctx.sit, last: lastTrick(snapshot) };
  const moving = turn == null ? "" : seatName(snapshot.seats, turn, you);
  let status;
  if (snapshot.finished) status = "The game is over";
  else if (!online) status = "Reconnecting: your moves wait until the table is back";
  else if (waiting) status = "Sending your move…";
  else if (legal.length > 0) status = `Your turn: ${prompt(snapshot)}`;
  else if (you == null) status = `Watching · ${moving ? `${moving} to act` : "between hands"}`;
  else status = moving ? `Waiting for ${moving}` : "Waiting";

  const choices = legal.filter((a) => !cardOf(a)).map((action) => el("button", {
    class: "choice", disabled: !acting, onclick: () => ctx.act(action),
  }, choiceLabel(action)));

  const share = el("input", { class: "share", readonly: true, value: ctx.link, "aria-label": "Link to this table" });
  const copy = el("button", {
    onclick: () => { share.select(); navigator.clipboard?.writeText(ctx.link).catch(() => {}); },
  }, "Copy link");
  const showLast = model.last ? el("button", { "aria-pressed": String(page.lastTrick), onclick: ctx.toggleLastTrick }, page.lastTrick ? "Hide last trick" : "Last trick") : null;
  const rules = `${GAMES[game].title} · ${rulesName(game, snapshot.rules)}${GAMES[game].points ? ` · to ${snapshot.points} points` : ""}`;

  root.replaceChildren(...[
    el("div", { class: "bar" }, el("a", { href: "/", "data-route": true }, "← Lobby"),
      el("span", { class: "rules" }, rules), share, copy),
    felt(model),
    el("div", { class: `status${legal.length && !snapshot.finished ? " yours" : ""}`, role: "status", "aria-live": "polite" }, status,
      page.error ? el("span", { class: "error" }, ` · ${page.error}`) : null),
    choices.length ? el("div", { class: "choices", role: "group", "aria-label": "Choices" }, choices) : null,
    you != null ? handRow(snapshot, acting, ctx.act) : null,
    el("div", { class: "side" },
      scoreboard(model),
      showLast,
      page.lastTrick && model.last ? el("div", { class: "last-trick", "aria-label": "Last trick" },
        model.last.cards.map(({ seat, card }) => el("span", {}, `${seatName(snapshot.seats, seat, you)}: `, cardElement(card, { small: true })))) : null,
      el("details", { open: true }, el("summary", {}, "This hand"), logList(snapshot, snapshot.log)),
      snapshot.last_hand.length ? el("details", {}, el("summary", {}, "The hand before"), logList(snapshot, snapshot.last_hand)) : null),
    snapshot.finished ? gameOver(snapshot, ctx) : null,
  ].filter(Boolean));
  // Keyboard play: keep focus on the hand after a redraw.
  if (acting && !root.contains(document.activeElement)) {
    root.querySelector(".hand .legal, .choices .choice")?.focus({ preventScroll: true });
  }
}
