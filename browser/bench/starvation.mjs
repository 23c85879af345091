// Does thinking at some tables hold up others? Two all-strong Euchre tables play flat out
// while a person at a Straights table acts 40 times; prints how long each answer took.
// Run: cargo build --release && node --experimental-websocket browser/bench/starvation.mjs
import { startServer } from "../tests/helpers.js";
const server = await startServer();
const ws = (name) => new Promise((ok) => {
  const s = new WebSocket(server.url.replace("http", "ws") + "ws");
  const queue = []; let waiter = null;
  s.onmessage = (e) => { const m = JSON.parse(e.data); if (waiter) { const w = waiter; waiter = null; w(m); } else queue.push(m); };
  s.next = () => queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => (waiter = r));
  s.until = async (t) => { for (;;) { const m = await s.next(); if (m.type === t) return m; } };
  s.onopen = async () => { s.send(JSON.stringify({ type: "hello", protocol: 1, name })); await s.until("welcome"); ok(s); };
});
const busy = await ws("busy");
for (let i = 0; i < 2; i++) {
  busy.send(JSON.stringify({ type: "create", game: "euchre", points: 100, seats: ["strong:2000", "strong:2000", "strong:2000", "strong:2000"] }));
  await busy.until("created");
}
const me = await ws("me");
me.send(JSON.stringify({ type: "create", game: "straights", seats: ["open", "random", "random", "random"] }));
const { table } = await me.until("created");
me.send(JSON.stringify({ type: "join", table, seat: 0 }));
let snap = await me.until("snapshot");
const times = [];
while (times.length < 40 && !snap.finished) {
  if (snap.turn === 0 && snap.own?.actions.length) {
    const t = performance.now();
    me.send(JSON.stringify({ type: "act", table, seq: snap.seq, action: snap.own.actions[0] }));
    snap = await me.until("snapshot");
    times.push(performance.now() - t);
  } else snap = await me.until("snapshot");
}
times.sort((a, b) => a - b);
console.log(`answers to 40 actions: median ${times[20].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
server.stop(); process.exit(0);
