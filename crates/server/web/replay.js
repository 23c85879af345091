// A finished game step by step, every hand face up (the server's /api/games/{id}/steps):
// each step carries the scene a spectator would have seen and every seat's cards.

import { el } from "./dom.js";
import { felt, rulesCard } from "./table.js";

export function renderReplay(root, game) {
  const steps = game.steps;
  let at = 0;
  const page = { rulesOpen: false };
  const draw = () => {
    const { scene, seat, hands } = steps[at];
    const what = seat == null ? "The deal" : scene.log[scene.log.length - 1].words.at(-1);
    const slider = el("input", {
      type: "range", min: 0, max: steps.length - 1, value: at, "aria-label": "Step",
      oninput: (e) => { at = Number(e.target.value); draw(); },
    });
    root.replaceChildren(
      el("div", { class: "bar" }, el("a", { href: "/games", "data-route": true }, "← Finished games"),
        el("span", { class: "rules" }, `Replay · ${scene.title}`),
        el("a", { href: `/api/games/${game.table}/record`, download: `${game.table}.json` }, "Download the record")),
      felt(scene, undefined, hands),
      el("div", { class: "status", role: "status", "aria-live": "polite" }, `Step ${at + 1} of ${steps.length}: ${what}`),
      el("div", { class: "choices" },
        el("button", { onclick: () => { at = 0; draw(); }, disabled: at === 0 }, "⏮ Start"),
        el("button", { class: "prev", onclick: () => { at = Math.max(0, at - 1); draw(); }, disabled: at === 0 }, "◀ Back"),
        el("button", { class: "next", onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); }, disabled: at === steps.length - 1 }, "Forward ▶"),
        el("button", { onclick: () => { at = steps.length - 1; draw(); }, disabled: at === steps.length - 1 }, "End ⏭")),
      slider,
      el("div", { class: "side" }, rulesCard(scene, page)),
    );
  };
  document.onkeydown = (e) => {
    if (!root.isConnected) { document.onkeydown = null; return; }
    if (e.key === "ArrowRight") { at = Math.min(steps.length - 1, at + 1); draw(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); draw(); }
  };
  draw();
}
