// A person's profile, `/u/NAME` (the server's `/api/users/{name}`): a rating per game with
// the server's graph of it, and the last games with their replays and reviews. Every
// number is the server's: nothing here counts, ranks or decides who won.

import { api, Refused } from "./account.js";
import { el } from "./dom.js";

/** A game's and a variant's titles from the catalogue, or their ids when it has none. */
export function gameTitle(offer, game, rules) {
  const g = offer?.games?.find((x) => x.game === game);
  const v = g?.variants?.find((x) => x.rules === rules);
  if (!g) return rules ? `${game} (${rules})` : game;
  return v && g.variants.length > 1 ? `${g.title} (${v.title})` : g.title;
}

/** When a game ended, in this browser's words. */
export function endedAt(seconds) {
  if (seconds == null) return null;
  const at = new Date(seconds * 1000);
  return el("time", { datetime: at.toISOString() }, at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }));
}

/** A rating as the server sends it (`mu - 3 sigma`, a real number), to one decimal: the
 * number is the server's, only its printing is ours. */
export const ratingText = (rating) => Number(rating).toFixed(1);

/** How a rating moved at one game (the server's `{before, after}`): "Rating 3.1 → 4.9
 * (+1.8)". The figures are the server's; the difference is only printed. */
export function ratingWords({ before, after }) {
  const change = Number(after) - Number(before);
  const sign = change >= 0 ? "+" : "−";
  return `Rating ${ratingText(before)} → ${ratingText(after)} (${sign}${Math.abs(change).toFixed(1)})`;
}

/** One game a person played, as the server lists it (`{table, title, ended, seat, won,
 * rated}`): its outcome in the server's words, its replay and the review of that seat. */
export function gameRow(g, review = "Review the play") {
  const row = el("li", { class: "table-row game", "data-table": g.table },
    el("strong", {}, g.title),
    g.rated ? el("span", { class: "badge rated" }, "Rated") : null,
    endedAt(g.ended),
    g.won != null ? el("span", { class: `outcome ${g.won ? "won" : "lost"}` }, g.won ? "Won" : "Lost") : null,
    el("a", { href: `/replay/${g.table}`, "data-route": true }, "Replay"),
    el("a", { href: `/replay/${g.table}?review=${g.seat}`, "data-route": true }, review));
  // The final score, and with and against whom, from the game's own listing: added once
  // it comes (the row stands without it).
  api(`/api/games/${g.table}`).then((full) => {
    const me = full.result?.seats.find((s) => s.seat === g.seat);
    if (!full.result || !me) return;
    if (me.rating) row.append(el("span", { class: "rating-moved" }, ratingWords(me.rating)));
    row.append(el("div", { class: "summary" },
      el("span", { class: "standings" }, full.result.standings.join(" · ")),
      el("span", { class: "sides" }, [
        me.partners.length ? `With ${me.partners.join(", ")}` : null,
        me.opponents.length ? `Against ${me.opponents.join(", ")}` : null,
      ].filter(Boolean).join(" · "))));
  }, () => {});
  return row;
}

/** How many games a profile lists at first (the server's `/api/users/{name}`, its last 20
 * public games), and a page of older ones: a full first page may have more behind it. */
const PAGE = 20;

export function profilePage(main, name, { catalogue }) {
  document.title = `cardtable · ${name}`;
  const root = el("section", { class: "panel profile" }, el("h1", {}, name), el("p", {}, "Loading…"));
  main.append(root);
  const base = `/api/users/${encodeURIComponent(name)}`;
  Promise.all([api(base), catalogue.catch(() => null)]).then(([user, offer]) => {
    const games = el("ul", { class: "games-list" }, user.games.map((g) => gameRow(g)));
    const more = el("button", { type: "button" }, "Older games");
    const moreError = el("p", { class: "error", role: "alert" });
    more.addEventListener("click", async () => {
      more.disabled = true;
      try {
        const last = games.lastElementChild?.dataset.table;
        const page = await api(`${base}/games?after=${encodeURIComponent(last)}&limit=${PAGE}`);
        const entries = Array.isArray(page) ? page : page.games ?? [];
        games.append(...entries.map((g) => gameRow(g)));
        more.hidden = entries.length < PAGE;
      } catch (e) {
        moreError.textContent = e.message;
      }
      more.disabled = false;
    });
    more.hidden = user.games.length < PAGE;
    document.title = `cardtable · ${user.name}`;
    root.replaceChildren(...[
      el("h1", {}, user.name),
      el("h2", {}, "Ratings"),
      user.ratings.length
        ? [el("p", { class: "hint" }, "A rating is the server's cautious estimate of skill at a game: it starts at 0, and a win against stronger players moves it most. It is provisional while there are few rated games to go on."),
          el("div", { class: "ratings" }, user.ratings.map((r) => ratingCard(user.name, r, offer)))]
        : el("p", {}, "No rated games yet."),
      el("p", {}, el("a", { href: "/leaderboard", "data-route": true }, "Leaderboards")),
      el("h2", {}, "Last games"),
      user.games.length ? games : el("p", {}, "No games yet."),
      moreError, more].flat());
  }).catch((e) => {
    root.replaceChildren(el("h1", {}, name),
      el("p", { class: "error", role: "alert" }, e instanceof Refused && e.status === 404 ? `Nobody is called ${name} here.` : `The profile did not load: ${e.message}`),
      el("p", {}, el("a", { href: "/", "data-route": true }, "Back to the lobby")));
  });
  return {};
}

/** A rating as the server gives it, its graph (drawn by the server) and its games. */
function ratingCard(name, r, offer) {
  const title = gameTitle(offer, r.game, r.rules);
  const graph = `/api/users/${encodeURIComponent(name)}/rating/${encodeURIComponent(r.game)}/${encodeURIComponent(r.rules)}.svg`;
  return el("section", { class: "rating card-box", "aria-label": `${title} rating` },
    el("h3", {}, title),
    el("p", { class: "rating-line" },
      el("span", { class: "number" }, ratingText(r.rating)),
      r.provisional ? el("span", { class: "badge provisional", title: "A new rating moves fast and is not yet on the leaderboard." }, "Provisional") : null),
    el("p", {}, `${r.games} rated ${r.games === 1 ? "game" : "games"}, ${r.wins} won`),
    el("img", { src: graph, alt: `${name}'s ${title} rating after each rated game; now ${ratingText(r.rating)}.`, width: 320, height: 120, loading: "lazy" }),
    el("p", {}, el("a", { href: `/leaderboard/${encodeURIComponent(r.game)}/${encodeURIComponent(r.rules)}`, "data-route": true }, `${title} leaderboard`)));
}
