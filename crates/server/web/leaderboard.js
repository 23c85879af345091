// The leaderboard of one game and rules, `/leaderboard/{game}/{rules}` (the server's
// `/api/leaderboard/...`): places, names and ratings exactly as the server ranks them
// (settled ratings only; a provisional one is on its owner's profile).

import { api } from "./account.js";
import { el } from "./dom.js";
import { gameTitle, ratingText } from "./profile.js";

const PAGE = 50;

export function leaderboardPage(main, chosen, { catalogue, go }) {
  document.title = "cardtable · leaderboard";
  const root = el("section", { class: "panel leaderboard" }, el("h1", {}, "Leaderboard"), el("p", {}, "Loading…"));
  main.append(root);
  catalogue.then((offer) => {
    // Every game and rules variant the catalogue offers, in its order.
    const boards = offer.games.flatMap((g) => g.variants.map((v) => ({ game: g.game, rules: v.rules, title: gameTitle(offer, g.game, v.rules) })));
    const board = boards.find((b) => b.game === chosen?.game && b.rules === chosen?.rules) ?? boards[0];
    if (!board) {
      root.replaceChildren(el("h1", {}, "Leaderboard"), el("p", {}, "This server offers no games."));
      return;
    }
    const pick = el("select", { id: "board" }, boards.map((b) =>
      el("option", { value: `${b.game}/${b.rules}`, selected: b === board }, b.title)));
    pick.addEventListener("change", () => go(`/leaderboard/${pick.value}`));
    const body = el("tbody");
    const status = el("p", { role: "status", "aria-live": "polite" }, "Loading…");
    const threshold = el("p", { class: "hint" }, `A player is listed after ${offer.provisional_games} rated games of these rules; until then their rating is provisional (on their profile).`);
    const ranks = el("table", { class: "scores board", hidden: true },
      el("caption", {}, board.title),
      el("thead", {}, el("tr", {}, ["Place", "Name", "Rating", "Games"].map((h) => el("th", { scope: "col" }, h)))),
      body);
    const more = el("button", { type: "button", hidden: true }, "More");
    let last = null;
    const load = async () => {
      more.disabled = true;
      try {
        const after = last == null ? "" : `&after=${last}`;
        const rows = await api(`/api/leaderboard/${encodeURIComponent(board.game)}/${encodeURIComponent(board.rules)}?limit=${PAGE}${after}`);
        body.append(...rows.map((r) => el("tr", {},
          el("td", {}, String(r.place)),
          el("td", {}, el("a", { href: `/u/${encodeURIComponent(r.name)}`, "data-route": true }, r.name)),
          el("td", {}, ratingText(r.rating)),
          el("td", {}, String(r.games)))));
        if (rows.length) last = rows.at(-1).place;
        more.hidden = rows.length < PAGE;
        status.textContent = body.children.length ? "" : `Nobody yet: a player is listed here after ${offer.provisional_games} rated games of ${board.title}.`;
        ranks.hidden = !body.children.length;
      } catch (e) {
        status.textContent = `The leaderboard did not load: ${e.message}`;
        status.classList.add("error");
      }
      more.disabled = false;
    };
    more.addEventListener("click", load);
    document.title = `cardtable · ${board.title} leaderboard`;
    root.replaceChildren(
      el("h1", {}, "Leaderboard"),
      el("label", { for: "board" }, "Game"), pick,
      threshold,
      ranks,

      status, more,
      el("p", {}, el("a", { href: "/", "data-route": true }, "Back to the lobby")));
    load();
  }).catch(() => root.replaceChildren(el("h1", {}, "Leaderboard"), el("p", { class: "error" }, "Could not load the games: reload the page.")));
  return {};
}
