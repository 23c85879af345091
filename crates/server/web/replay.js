// A finished game step by step, every hand face up (the server's /api/games/{id}/steps).

import { el } from "./dom.js";
import { GAMES, describe, rulesName } from "./games.js";
import { felt } from "./table.js";

function seatsOf(names) {
  return names.map((name) => {
    const person = name.startsWith("person:");
    return { name: person ? name.slice(7) : name, kind: person ? "person" : "computer", connected: true, autopilot: false };
  });
}

export function renderReplay(root, game, { go }) {
  const seats = seatsOf(game.seats);
  const steps = game.steps;
  let at = 0;
  const draw = () => {
    const step = steps[at];
    const view = { ...step.views[0] };
    const turn = view.turn ?? null;
    const what = step.seat == null
      ? "The deal"
      : `${seats[step.seat].name} ${describe(game.game, step.action, step)}`;
    const slider = el("input", {
      type: "range", min: 0, max: steps.length - 1, value: at, "aria-label": "Step",
      oninput: (e) => { at = Number(e.target.value); draw(); },
    });
    root.replaceChildren(
      el("div", { class: "bar" }, el("a", { href: "/games", "data-route": true }, "← Finished games"),
        el("span", { class: "rules" }, `Replay · ${GAMES[game.game]?.title ?? game.game} · ${rulesName(game.game, game.rules)}`),
        el("a", { href: `/api/games/${game.table}/record`, download: `${game.table}.json` }, "Download the record")),
      felt({
        game: game.game, view, seats, you: null, turn, scores: step.points,
        hands: step.views.map((v) => v.hand ?? []), last: null,
      }),
      el("div", { class: "status", role: "status", "aria-live": "polite" }, `Step ${at + 1} of ${steps.length}: ${what}`),
      el("div", { class: "choices" },
        el("button", { onclick: () => { at = 0; draw(); }, disabled: at === 0 }, "⏮ Start"),
        el("button", { class: "prev", onclick: () => { at = Math.max(0, at - 1); draw(); }, disabled: at === 0 }, "◀ Back"),
        el("button", { class: "next", onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); }, disabled: at === steps.length - 1 }, "Forward ▶"),
        el("button", { onclick: () => { at = steps.length - 1; draw(); }, disabled: at === steps.length - 1 }, "End ⏭")),
      slider,
    );
  };
  document.onkeydown = (e) => {
    if (!root.isConnected) { document.onkeydown = null; return; }
    if (e.key === "ArrowRight") { at = Math.min(steps.length - 1, at + 1); draw(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); draw(); }
  };
  draw();
}
