// Cards as the server spells them ("JH": rank symbol, suit letter), drawn, and named in
// the server's words (the catalogue's `cards` and `joker`).

export const SUITS = {
  C: { name: "Clubs", symbol: "♣", red: false },
  D: { name: "Diamonds", symbol: "♦", red: true },
  H: { name: "Hearts", symbol: "♥", red: true },
  S: { name: "Spades", symbol: "♠", red: false },
};

/** Suit letters by the full name the actions use ("Hearts" → "H"). */
export const SUIT_LETTER = Object.fromEntries(
  Object.entries(SUITS).map(([letter, suit]) => [suit.name, letter]),
);

// Every card's words ({text: "J♥", name: "Jack of Hearts"}) and the joker's, from the
// server's catalogue: set once it has loaded, before anything is drawn.
let words = {};
let jokerWords = { text: "", name: "" };
/** Takes the catalogue's `cards` and `joker`. */
export const setCardWords = (cards, joker) => {
  words = Object.fromEntries(cards.map((c) => [c.card, { text: c.text, name: c.name }]));
  jokerWords = joker;
};

export const rank = (card) => card[0];
export const suit = (card) => card[1];

// The card the scene says stands for the joker (Euchre's benny: the two of spades under
// the joker house rule), drawn and named as a joker; set from each scene drawn.
let joker = null;
/** Takes the scene's `joker` (absent: none). */
export const setJoker = (card) => { joker = card ?? null; };

/** "Jack of Hearts": the text name of a card button. */
export const cardName = (card) => (card === joker ? jokerWords : words[card])?.name ?? card;


// Where a number card's pips stand on the 60 × 84 face (the usual layouts); those in the
// lower half are drawn upside down, as on a printed card.
const PIPS = {
  1: [[30, 42]],
  2: [[30, 20], [30, 64]],
  3: [[30, 20], [30, 42], [30, 64]],
  4: [[19, 20], [41, 20], [19, 64], [41, 64]],
  5: [[19, 20], [41, 20], [30, 42], [19, 64], [41, 64]],
  6: [[19, 20], [41, 20], [19, 42], [41, 42], [19, 64], [41, 64]],
  7: [[19, 20], [41, 20], [30, 31], [19, 42], [41, 42], [19, 64], [41, 64]],
  8: [[19, 20], [41, 20], [30, 31], [19, 42], [41, 42], [30, 53], [19, 64], [41, 64]],
  9: [[19, 20], [41, 20], [19, 35], [41, 35], [30, 42], [19, 49], [41, 49], [19, 64], [41, 64]],
  10: [[19, 20], [41, 20], [30, 28], [19, 35], [41, 35], [19, 49], [41, 49], [30, 56], [19, 64], [41, 64]],
};
const PIP_COUNT = { A: 1, T: 10 };

/** The face's drawing: corner indices (rank over suit, and upside down in the far
 * corner), then the pips, a court card's framed letter, or the joker's star. A small card
 * (the layout, a seat's face-up cards) has only its rank and suit, large. Drawn by the project. */
function face(card, isJoker, symbol, small) {
  const rank = isJoker ? "★" : face10(card);
  const index = `<text x="7" y="17" class="rank">${rank}</text><text x="7" y="31" class="suit">${isJoker ? "" : symbol}</text>`;
  if (small) {
    return `<text x="30" y="36" class="small-rank">${rank}</text><text x="30" y="72" class="small-suit">${isJoker ? "★" : symbol}</text>`;
  }
  const corners = `${index}<g transform="rotate(180 30 42)">${index}</g>`;
  if (isJoker) return `${corners}<text x="30" y="52" class="court">★</text>`;
  const r = card[0];
  if ("JQK".includes(r)) {
    return `${corners}<rect x="15" y="16" width="30" height="52" rx="3" class="frame"/>`
      + `<text x="30" y="40" class="court">${r}</text><text x="30" y="60" class="court-suit">${symbol}</text>`;
  }
  const count = PIP_COUNT[r] ?? Number(r);
  const pip = ([x, y]) => `<text x="${x}" y="${y + 5}" class="${count === 1 ? "ace" : "pip"}"${y > 42 ? ` transform="rotate(180 ${x} ${y})"` : ""}>${symbol}</text>`;
  return corners + PIPS[count].map(pip).join("");
}

/** What a card shows in its corner: "10" for a ten. */
const face10 = (card) => (card[0] === "T" ? "10" : card[0]);

/** A card face as an element (a button when `onPick` is given): an SVG drawing for the
 * eye, and the card's name for everyone else. */
export function cardElement(card, { onPick, enabled = true, small = false, label } = {}) {
  const element = document.createElement(onPick ? "button" : "span");
  const isJoker = card === joker;
  const { symbol, red } = isJoker ? { symbol: "★", red: false } : SUITS[suit(card)];
  element.className = `card ${isJoker ? "joker" : red ? "red" : "black"} suit-${isJoker ? "joker" : suit(card)}${small ? " small" : ""}`;
  element.dataset.card = card;
  const name = label ?? cardName(card);
  if (!onPick) element.setAttribute("role", "img"), element.setAttribute("aria-label", name), element.title = name;
  element.innerHTML = `<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false">${face(card, isJoker, symbol, small)}</svg>`;
  // A button is named by its words, hidden from the eye: its drawn indices are not words.
  if (onPick) element.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: name }));
  if (onPick) {
    element.type = "button";
    element.disabled = !enabled;
    element.classList.add(enabled ? "legal" : "illegal");
    element.addEventListener("click", () => onPick(card));
  }
  return element;
}

/** `count` face-down cards, fanned. */
export function backsElement(count) {
  const element = document.createElement("span");
  element.className = "backs";
  element.setAttribute("role", "img");
  // A hand played out says so in words (a lone "0" read as a score).
  const words = count === 0 ? "no cards" : `${count} card${count === 1 ? "" : "s"}`;
  element.setAttribute("aria-label", words);
  for (let i = 0; i < Math.min(count, 13); i++) {
    const back = document.createElement("span");
    back.className = "back";
    element.append(back);
  }
  const number = document.createElement("span");
  number.className = "count";
  number.textContent = count === 0 ? words : count;
  element.append(number);
  return element;
}
