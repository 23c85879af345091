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
/** What a card shows in its corner: "10" for a ten. */
export const face = (card) => (rank(card) === "T" ? "10" : rank(card));

// The card the scene says stands for the joker (Euchre's benny: the two of spades under
// the joker house rule), drawn and named as a joker; set from each scene drawn.
let joker = null;
/** Takes the scene's `joker` (absent: none). */
export const setJoker = (card) => { joker = card ?? null; };

/** "Jack of Hearts": the text name of a card button. */
export const cardName = (card) => (card === joker ? jokerWords : words[card])?.name ?? card;


/** A card face as an element (a button when `onPick` is given). */
export function cardElement(card, { onPick, enabled = true, small = false, label } = {}) {
  const element = document.createElement(onPick ? "button" : "span");
  const isJoker = card === joker;
  const { symbol, red } = isJoker ? { symbol: "★", red: false } : SUITS[suit(card)];
  element.className = `card ${isJoker ? "joker" : red ? "red" : "black"}${small ? " small" : ""}`;
  element.dataset.card = card;
  element.setAttribute(onPick ? "aria-label" : "title", label ?? cardName(card));
  if (!onPick) element.setAttribute("role", "img"), element.setAttribute("aria-label", label ?? cardName(card));
  const corner = isJoker ? "JK" : face(card);
  element.innerHTML = `<span class="corner">${corner}<br>${symbol}</span><span class="pip">${symbol}</span>`;
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
  element.setAttribute("aria-label", `${count} card${count === 1 ? "" : "s"}`);
  for (let i = 0; i < Math.min(count, 13); i++) {
    const back = document.createElement("span");
    back.className = "back";
    element.append(back);
  }
  const number = document.createElement("span");
  number.className = "count";
  number.textContent = count;
  element.append(number);
  return element;
}
