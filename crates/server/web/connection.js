// One WebSocket to the server, kept open: it reconnects by itself after a close, when the
// page becomes visible again and when the network returns, and then takes back every
// seat it holds (tokens in localStorage). An action is sent once and never resent.

const TOKEN = (table) => `cardtable.token.${table}`;

export function savedSeat(table) {
  try {
    return JSON.parse(localStorage.getItem(TOKEN(table)));
  } catch {
    return null;
  }
}

function saveSeat(table, seat, token) {
  localStorage.setItem(TOKEN(table), JSON.stringify({ seat, token, at: Date.now() }));
}

/** This browser's person left `table`'s game at `seq`, before its end: kept with the seat,
 * so "my games" shows the game as left, never as their win or loss. */
export function markLeft(table, seq) {
  const saved = savedSeat(table);
  if (saved) localStorage.setItem(TOKEN(table), JSON.stringify({ ...saved, left: seq }));
}

/** Every seat this browser keeps: `{ table, saved }`, `saved` as `savedSeat` reads it. */
function keptSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("cardtable.token.")) continue;
    const table = key.slice("cardtable.token.".length);
    const saved = savedSeat(table);
    if (saved) seats.push({ table, saved });
  }
  return seats;
}

/** The tables this browser holds a seat at, the latest first (at most `most`): the
 * browser-held identity "my games" is made of — no account, no password. */
export function mySeats(most = 20) {
  return keptSeats()
    .map(({ table, saved }) => ({ table, seat: saved.seat, at: saved.at ?? 0, left: saved.left ?? null }))
    .sort((a, b) => b.at - a.at).slice(0, most);
}

/** Every seat this browser holds, with its token: what a guest who signs up hands to
 * their new account (`seats` of `/api/account/register/finish`), so they keep those games. */
export function seatTokens() {
  return keptSeats().filter(({ saved }) => saved.token)
    .map(({ table, saved }) => ({ table, seat: saved.seat, token: saved.token }));
}

export function forgetSeat(table) {
  localStorage.removeItem(TOKEN(table));
}

export class Connection extends EventTarget {
  constructor(name) {
    super();
    /** The name wanted; `said`, the one this socket's hello (or last `name`) asked for,
     * and `held`, the one the server last accepted. */
    this.name = name;
    this.said = null;
    this.held = null;
    this.socket = null;
    this.ready = false; // hello answered
    this.retry = 250;
    this.timer = null;
    /** The tables this page follows: table id → "seat" or "watch". */
    this.following = new Map();
    /** The action sent and not yet answered: { table, seq }. */
    this.pending = null;
    /** Tables whose fresh snapshot has not come since (re)connecting: clicks wait. */
    this.syncing = new Set();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.connectSoon(0);
    });
    window.addEventListener("online", () => this.connectSoon(0));
    this.connect();
  }

  get status() {
    if (this.ready) return "connected";
    return this.socket ? "connecting" : "disconnected";
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    this.emit("status", this.status);
    socket.addEventListener("open", () => {
      this.said = this.name;
      socket.send(JSON.stringify({ type: "hello", protocol: 4, name: this.name }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.pending = null; // answered by the resync: what was accepted shows there
      this.emit("status", this.status);
      this.connectSoon(this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    });
  }

  /** Closes the socket and opens another at once: after signing in or out, so the server
   * reads the session cookie (or its absence) at the new upgrade. The tables followed are
   * taken back as after any reconnection. */
  reconnect() {
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.pending = null;
    socket?.close();
    this.connect();
  }

  /** Connects after `delay` ms unless already connected or about to. */
  connectSoon(delay) {
    if (this.socket) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /**
   * Changes the name this page sits down under, on the open socket (`name`): nothing is
   * reconnected, so a message sent right after it (a click's `create`) is answered in
   * turn. Resolves with the server's answer — `named`, or an `error` `bad_name` (the name
   * before is kept) — or null when not connected (the next hello says the new name).
   */
  rename(name) {
    this.name = name;
    if (!this.ready) return Promise.resolve(null);
    const answer = this.next((m) => m.type === "named" || (m.type === "error" && m.code === "bad_name" && !m.table));
    this.said = name;
    this.socket.send(JSON.stringify({ type: "name", name }));
    return answer;
  }

  receive(message) {
    if (message.type === "error" && message.code === "bad_name" && !this.ready) {
      // The server refused the name (it reads as the table's own words): play as
      // "Player" meanwhile, and say why beside the name.
      this.name = "Player";
      this.said = this.name;
      this.socket?.send(JSON.stringify({ type: "hello", protocol: 4, name: this.name }));
      this.emit("name-refused", { message: message.message, name: this.name });
      return;
    }
    if (message.type === "error" && message.code === "bad_name" && !message.table) {
      // A `name` refused: the server keeps the one before, and so does this page.
      this.name = this.held ?? "Player";
      this.said = this.name;
      this.emit("name-refused", { message: message.message, name: this.name });
    }
    if (message.type === "named") this.held = message.name;
    if (message.type === "welcome") {
      this.ready = true;
      this.held = this.said;
      // The name changed while the hello was on its way: say the new one.
      if (this.said !== this.name) this.rename(this.name);
      this.retry = 250;
      this.syncing = new Set(this.following.keys());
      this.emit("status", this.status);
      for (const [table, how] of this.following) this.resume(table, how);
      return;
    }
    if (message.type === "joined") {
      saveSeat(message.table, message.seat, message.token);
      this.following.set(message.table, "seat");
    }
    if (message.type === "error" && message.table && message.code === "no_seat"
        && this.following.get(message.table) === "rejoin") {
      // The token is no longer good (another browser's, or a reset server): watch.
      forgetSeat(message.table);
      this.following.set(message.table, "watch");
      this.send({ type: "watch", table: message.table });
    }
    if (message.type === "snapshot") this.syncing.delete(message.table);
    if (this.pending && message.table === this.pending.table
        && (message.type === "error" || (message.type === "snapshot" && message.seq > this.pending.seq))) {
      this.pending = null;
    }
    this.emit("message", message);
  }

  send(message) {
    if (!this.ready) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Follows a table: as its seat if this browser holds one, else as a spectator. */
  follow(table) {
    const how = savedSeat(table) ? "rejoin" : "watch";
    this.following.set(table, how);
    this.syncing.add(table);
    if (this.ready) this.resume(table, how);
  }

  resume(table, how) {
    const saved = savedSeat(table);
    if (saved) {
      this.following.set(table, "rejoin");
      this.send({ type: "rejoin", table, token: saved.token });
    } else {
      this.send({ type: "watch", table });
    }
  }

  unfollow(table) {
    if (this.following.delete(table)) this.send({ type: "leave", table });
  }

  join(table, seat) {
    this.following.set(table, "seat");
    return this.send({ type: "join", table, seat });
  }

  /** Sends an action once; refused while another is unanswered or while resyncing. */
  act(table, seq, action) {
    if (this.pending || !this.ready || this.syncing.has(table)) return false;
    if (!this.send({ type: "act", table, seq, action })) return false;
    this.pending = { table, seq };
    return true;
  }

  /** The next message `accept` takes, or null after `ms`. */
  next(accept, ms = 5000) {
    return new Promise((resolve) => {
      const listener = (event) => {
        if (accept(event.detail)) done(event.detail);
      };
      const done = (value) => {
        clearTimeout(timer);
        this.removeEventListener("message", listener);
        resolve(value);
      };
      const timer = setTimeout(() => done(null), ms);
      this.addEventListener("message", listener);
    });
  }
}
