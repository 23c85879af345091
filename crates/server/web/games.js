// The lobby's list of games, rules variants and seat kinds (what the create form offers).
// Nothing here draws a table or decides a rule: tables draw the server's scene.

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
