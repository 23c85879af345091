// What each game's snapshot means to a person: prompts, action names, the hand's order.

import { SUITS, SUIT_LETTER, cardText, suit } from "./cards.js";

export const GAMES = {
  euchre: { title: "Euchre", seats: 4, rules: ["eecs280", "cs246"], points: true },
  straights: { title: "Straights", seats: 4, rules: ["cs246"], points: false },
  teendopanch: { title: "Teen Do Panch", seats: 3, rules: ["handout", "reference"], points: true },
};

/** The rules variants as people name them. */
export const RULE_NAMES = {
  eecs280: "EECS 280", cs246: "CS 246", handout: "handout rules", reference: "reference rules",
};
export const rulesName = (game, rules) => (game === "euchre" && rules === "cs246"
  ? "CS 246, going alone" : RULE_NAMES[rules] ?? rules);

export const PLAYERS = ["open", "strong", "handout", "random"];
export const PLAYER_NAMES = {
  open: "A person (open seat)", strong: "Computer: strong", handout: "Computer: the handout's",
  random: "Computer: random",
};

/** An action's kind ("Pass", "Play", …) and what it carries. */
export const kindOf = (action) => (typeof action === "string" ? action : Object.keys(action)[0]);
export const payload = (action) => (typeof action === "string" ? null : Object.values(action)[0]);

/** The card an action plays, discards or gives back, if any. */
export function cardOf(action) {
  const kind = kindOf(action);
  return ["Play", "Discard", "Return"].includes(kind) ? payload(action) : null;
}

const suitWords = (name) => `${name} ${SUITS[SUIT_LETTER[name]].symbol}`;

/** A choice button's words. */
export function choiceLabel(action) {
  const kind = kindOf(action);
  const value = payload(action);
  if (kind === "Pass") return "Pass";
  if (kind === "OrderUp") return value.alone ? "Order up, alone" : "Order up";
  if (kind === "Call" && typeof value === "string") return suitWords(value);
  if (kind === "Call") return value.alone ? `${suitWords(value.suit)}, alone` : suitWords(value.suit);
  return JSON.stringify(action);
}

/** A log line's verb phrase; `action` is null where it was hidden from this page. */
export function describe(game, action, entry) {
  if (action === null) {
    if (game === "teendopanch") return "gives back a card";
    return "discards a card face down";
  }
  const kind = kindOf(action);
  const value = payload(action);
  switch (kind) {
    case "Pass": return "passes";
    case "OrderUp": return value.alone ? "orders up and goes alone" : "orders up";
    case "Call":
      if (typeof value === "string") return `names ${suitWords(value)} trump`;
      return `names ${suitWords(value.suit)} trump${value.alone ? " and goes alone" : ""}`;
    case "Discard": return `discards ${cardText(value)}${game === "straights" ? " face down" : ""}`;
    case "Return": return `gives back ${cardText(value)}`;
    case "Play": return `plays ${cardText(value)}`;
    default: return JSON.stringify(entry);
  }
}

/** What the page asks of its person now, from the phase and the legal actions. */
export function prompt(snapshot) {
  const { game, view, legal } = snapshot;
  const kinds = new Set(legal.map(kindOf));
  if (game === "straights") {
    return kinds.has("Play") ? "Play a card onto the layout" : "No card fits the layout: discard one face down";
  }
  if (kinds.has("OrderUp")) return `Order up the ${cardText(view.upcard)} or pass`;
  if (kinds.has("Call")) return kinds.has("Pass") ? "Name trump or pass" : "Name trump: you may not pass";
  if (kinds.has("Discard")) return "Discard a card: you took the upcard";
  if (kinds.has("Return")) return "Give back a card for the one you pulled";
  return "Play a card";
}

/** How many cards a trick of this hand holds. */
export function trickSize(game, log) {
  if (game === "teendopanch") return 3;
  const alone = log.some((e) => e.action && ["OrderUp", "Call"].includes(kindOf(e.action)) && payload(e.action).alone);
  return alone ? 3 : 4;
}

/** The last finished trick as [{seat, card}], with the seat that won it where known. */
export function lastTrick(snapshot) {
  if (snapshot.game === "straights") return null;
  const plays = (log) => log.filter((e) => e.action && kindOf(e.action) === "Play")
    .map((e) => ({ seat: e.seat, card: payload(e.action) }));
  const now = plays(snapshot.log);
  const done = now.length - (snapshot.view.trick?.length ?? 0);
  const size = trickSize(snapshot.game, snapshot.log);
  if (done >= size) {
    const cards = now.slice(done - size, done);
    const next = now[done];
    const winner = next ? next.seat : snapshot.view.trick?.length === 0 ? snapshot.turn : null;
    return { cards, winner };
  }
  const before = plays(snapshot.last_hand);
  const lastSize = trickSize(snapshot.game, snapshot.last_hand);
  if (before.length >= lastSize) return { cards: before.slice(-lastSize), winner: null };
  return null;
}

/** The hand grouped by suit as the rules core ranks it (the view's `hand_by_suit`). */
export function groupHand(view) {
  return (view.hand_by_suit ?? []).map((cards) => ({ suit: suit(cards[0]), cards }));
}

/** Each seat's standing at the end: whether it won. */
export function winners(snapshot) {
  const { game, scores } = snapshot;
  const best = game === "straights" ? Math.min(...scores) : Math.max(...scores);
  return scores.map((s) => s === best);
}
