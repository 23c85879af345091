// A finished game step by step, every hand face up (the server's /api/games/{id}/steps):
// each step carries the scene a spectator would have seen and every seat's cards.

import { el } from "./dom.js";
import { coachPanel, felt, rulesCard } from "./table.js";

/** The step buttons' icons, drawn (font glyphs such as ⏮ are missing on many desktops):
 * each a 16×16 shape in the text's colour, hidden from screen readers, which read the
 * button's word. */
const ICONS = {
  start: ["M3 3h2v10H3z", "M13 3v10L6 8z"],
  back: ["M11 3v10L4 8z"],
  forward: ["M5 3v10l7-5z"],
  end: ["M3 3v10l7-5z", "M11 3h2v10h-2z"],
};

function icon(name) {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  for (const [key, value] of [["viewBox", "0 0 16 16"], ["width", "16"], ["height", "16"], ["class", "icon"], ["aria-hidden", "true"], ["focusable", "false"]]) {
    svg.setAttribute(key, value);
  }
  for (const d of ICONS[name]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "currentColor");
    svg.append(path);
  }
  return svg;
}

/** The people who sat at the game, by seat: those a review is offered for. */
const people = (game) => game.players.flatMap((p, seat) => (p.person ? [{ seat, name: p.name }] : []));

/** A verdict as a badge: its word, never its colour alone. */
const VERDICT = { good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const badge = (verdict) => el("span", { class: `verdict ${verdict}` }, VERDICT[verdict]);

/** The review's panel: the game's summary, then each hand's, each decision a link to its step. */
function reviewPanel(review, name, at, go) {
  return el("section", { class: "review", "aria-label": "Review" },
    el("h2", {}, `Review of ${name}'s play`),
    el("p", { class: "summary" }, review.summary),
    el("p", { class: "reading" }, review.reading),
    // A hand is open where it holds a costly choice or the step shown, and always when it
    // is the game's only hand; the others fold to their summary line.
    review.hands.map((hand) => el("details", { open: review.hands.length === 1 || hand.decisions.some((d) => d.step === at) || hand.costly > 0 },
      el("summary", {}, hand.summary),
      el("ol", {}, hand.decisions.map((d) => el("li", { class: d.step === at ? "here" : "" },
        badge(d.verdict), " ",
        el("button", { class: "link", onclick: () => go(d.step), "aria-label": `Step ${d.step + 1}: ${d.words}` }, d.words)))))));
}

export function renderReplay(root, game) {
  const steps = game.steps;
  let at = 0;
  const page = { rulesOpen: false };
  const seated = people(game);
  const asked = new URLSearchParams(location.search).get("review");
  const review = { seat: asked !== null ? Number(asked) : seated[0]?.seat, data: null, error: "", loading: false };
  const load = () => {
    review.loading = true;
    review.error = "";
    draw();
    fetch(`/api/games/${game.table}/review/${review.seat}`).then(async (r) => {
      if (!r.ok) throw new Error((await r.json().catch(() => ({}))).message ?? r.statusText);
      return r.json();
    }).then((data) => { review.data = data; }, (e) => { review.error = e.message; })
      .finally(() => { review.loading = false; draw(); });
  };
  const goTo = (step) => { at = step; draw(); };
  const draw = () => {
    const { scene, seat, hands } = steps[at];
    const what = seat == null ? "The deal" : scene.log[scene.log.length - 1].words.at(-1);
    const marked = review.data?.hands.flatMap((h) => h.decisions).find((d) => d.step === at);
    const name = seated.find((p) => p.seat === review.seat)?.name ?? `seat ${review.seat + 1}`;
    const reviewing = review.data
      ? reviewPanel(review.data, name, at, goTo)
      : seated.length ? el("div", { class: "review-ask" },
        el("label", { for: "review-seat" }, "Review the play of"),
        el("select", { id: "review-seat", onchange: (e) => { review.seat = Number(e.target.value); } },
          seated.map((p) => el("option", { value: p.seat, selected: p.seat === review.seat }, p.name))),
        el("button", { class: "primary", onclick: load, disabled: review.loading }, review.loading ? "Reviewing…" : "Show the review"),
        review.error ? el("span", { class: "error" }, ` ${review.error}`) : null) : null;
    const slider = el("input", {
      type: "range", min: 0, max: steps.length - 1, value: at, "aria-label": "Step",
      oninput: (e) => { at = Number(e.target.value); draw(); },
    });
    // Only what there is: a part absent this step (no marked decision, no review) is left
    // out, never written as text.
    root.replaceChildren(...[
      el("div", { class: "bar" }, el("a", { href: "/games", "data-route": true }, "← Finished games"),
        el("span", { class: "rules" }, `Replay · ${scene.title}`),
        el("a", { href: `/api/games/${game.table}/record`, download: `${game.table}.json` }, "Download the record")),
      felt(scene, undefined, hands),
      el("div", { class: "status", role: "status", "aria-live": "polite" }, `Step ${at + 1} of ${steps.length}: ${what}`,
        marked ? el("div", { class: "marked" }, badge(marked.verdict), ` ${marked.words}`) : null),
      // The coach on the marked decision, as it answered at the table then.
      marked ? coachPanel(marked.coaching) : null,
      el("div", { class: "choices" },
        el("button", { class: "first", onclick: () => { at = 0; draw(); }, disabled: at === 0 }, icon("start"), " Start"),
        el("button", { class: "prev", onclick: () => { at = Math.max(0, at - 1); draw(); }, disabled: at === 0 }, icon("back"), " Back"),
        el("button", { class: "next", onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); }, disabled: at === steps.length - 1 }, "Forward ", icon("forward")),
        el("button", { class: "last", onclick: () => { at = steps.length - 1; draw(); }, disabled: at === steps.length - 1 }, "End ", icon("end"))),
      slider,
      reviewing,
      el("div", { class: "side" }, rulesCard(scene, page)),
    ].filter(Boolean));
  };
  if (asked !== null) load();
  document.onkeydown = (e) => {
    if (!root.isConnected) { document.onkeydown = null; return; }
    if (e.key === "ArrowRight") { at = Math.min(steps.length - 1, at + 1); draw(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); draw(); }
  };
  draw();
}
