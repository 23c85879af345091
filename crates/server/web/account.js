// A person's account (docs/PROTOCOL.md, "Accounts and sessions"): sign up with a name and a
// passkey, sign in, a one-time recovery code, the passkeys, signing out, the data export and
// deleting the account. Guests need none of it: an account is for coming back.

import { seatTokens } from "./connection.js";
import { el } from "./dom.js";
import * as webauthn from "./webauthn.js";

/** A refused request: the server's `{code, message}` and the status. */
export class Refused extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A JSON request to the server: its answer, or a `Refused`. Same origin, so the session
 * cookie goes with it. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new Refused(0, "offline", "The server could not be reached: check the connection and try again");
  }
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: said below */ }
  if (!response.ok) {
    throw new Refused(response.status, json?.code ?? "http", json?.message ?? (text || response.statusText));
  }
  return json;
}

/**
 * Who this browser is signed in as: `account.me` is `{name, passkeys, sessions}` or null (a
 * guest); `change` fires after each `refresh`. Asked once at load and again after each
 * sign-in, sign-out or change.
 */
class Account extends EventTarget {
  constructor() {
    super();
    this.me = null;
    this.known = false;
    this.ready = this.refresh();
  }

  async refresh() {
    try {
      this.me = await api("/api/account");
    } catch {
      // 401 `signed_out`, or a server without accounts: a guest either way.
      this.me = null;
    }
    this.known = true;
    this.dispatchEvent(new Event("change"));
    return this.me;
  }
}

export const account = new Account();

/** The server's words as a sentence: its refusals begin in lower case, without a stop. */
const sentence = (words) => {
  const text = String(words).trim();
  return text ? `${text[0].toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}` : text;
};

/** A profile's address. */
export const profileLink = (name) => `/u/${encodeURIComponent(name)}`;

/** When, in this browser's words, from seconds since 1970. */
function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The page `/account`. `connection` is reconnected after each sign-in and sign-out, so the
 * server reads the new session at the upgrade. */
export function accountPage(main, { go, connection }) {
  document.title = "cardtable · account";
  const root = el("section", { class: "panel account" });
  main.append(root);
  // Said in a live region: screen readers hear what happened, whatever has the focus.
  const said = el("p", { id: "account-said", class: "said", role: "status", "aria-live": "polite" });
  let recovery = null; // a code to show once, after sign-up or recovery

  const after = async (answer) => {
    if (answer?.recovery) recovery = answer.recovery;
    connection.reconnect();
    await account.refresh();
  };

  /** A button's work, with its error in the form's alert and the button held meanwhile. */
  const acting = (button, error, work) => async (event) => {
    event?.preventDefault();
    error.textContent = "";
    said.textContent = "";
    button.disabled = true;
    try {
      await work();
    } catch (e) {
      error.textContent = e instanceof Refused ? sentence(e.message) : webauthn.failure(e);
      button.disabled = false;
    }
  };

  // The view drawn (loading, recovery, in, out): when it changes after a click, the focus
  // goes to its heading, so a keyboard or screen reader starts at the top of the new view.
  let shown = null;
  const draw = () => {
    const view = !account.known ? "loading" : recovery ? "recovery" : account.me ? "in" : "out";
    if (view === "loading") {
      root.replaceChildren(el("p", {}, "Loading…"));
    } else if (view === "recovery") {
      root.replaceChildren(recoveryPanel(recovery, () => { recovery = null; draw(); }));
    } else if (view === "in") {
      root.replaceChildren(...signedIn(account.me).filter(Boolean));
    } else {
      root.replaceChildren(...signedOut().filter(Boolean));
    }
    if (shown && shown !== "loading" && shown !== view) root.querySelector("h1")?.focus();
    shown = view;
  };

  const signedOut = () => {
    const noPasskeys = webauthn.supported() ? null
      : el("p", { class: "error" }, "This browser cannot use passkeys: sign up and sign in from one that can (any recent Chrome, Edge, Firefox or Safari). The recovery code works anywhere.");

    const upName = el("input", { id: "signup-name", maxlength: 32, autocomplete: "username", required: true });
    const upError = el("p", { class: "error", role: "alert" });
    const upButton = el("button", { type: "submit", class: "primary" }, "Sign up with a passkey");
    const signUp = acting(upButton, upError, async () => {
      const { ceremony, options } = await api("/api/account/register/start", { name: upName.value.trim() });
      const credential = await webauthn.create(options);
      await after(await api("/api/account/register/finish", { ceremony, credential, seats: seatTokens() }));
    });

    const inName = el("input", { id: "signin-name", maxlength: 32, autocomplete: "username webauthn", required: true });
    const inError = el("p", { class: "error", role: "alert" });
    const inButton = el("button", { type: "submit", class: "primary" }, "Sign in with a passkey");
    const signIn = acting(inButton, inError, async () => {
      const { ceremony, options } = await api("/api/account/login/start", { name: inName.value.trim() });
      const credential = await webauthn.get(options);
      await after(await api("/api/account/login/finish", { ceremony, credential }));
    });

    const reName = el("input", { id: "recover-name", maxlength: 32, autocomplete: "username", required: true });
    const reCode = el("input", { id: "recover-code", autocomplete: "one-time-code", required: true, spellcheck: "false" });
    const reError = el("p", { class: "error", role: "alert" });
    const reButton = el("button", { type: "submit" }, "Sign in with the recovery code");
    const recover = acting(reButton, reError, async () => {
      await after(await api("/api/account/recover", { name: reName.value.trim(), code: reCode.value.trim() }));
    });

    return [
      el("h1", { tabindex: "-1" }, "Your account"),
      el("p", {}, "You can play without one, as now. An account keeps your name for you alone, your games on every device, and your ratings. There is no password: a passkey — your phone's or computer's screen lock — signs you in."),
      noPasskeys, said,
      el("div", { class: "account-forms" },
        el("form", { class: "card-box", onsubmit: signUp, "aria-labelledby": "signup-heading" },
          el("h2", { id: "signup-heading" }, "Sign up"),
          el("label", { for: "signup-name" }, "A name (yours alone on this server; others see it)"), upName,
          el("p", { class: "hint" }, "The games this browser played as a guest become your account's."),
          upError, upButton),
        el("form", { class: "card-box", onsubmit: signIn, "aria-labelledby": "signin-heading" },
          el("h2", { id: "signin-heading" }, "Sign in"),
          el("label", { for: "signin-name" }, "Your name"), inName,
          inError, inButton)),
      el("details", { class: "recover" },
        el("summary", {}, "Use a recovery code"),
        el("form", { onsubmit: recover },
          el("p", {}, "Lost your passkeys? The code you saved at sign-up signs you in once; you are then given a new one."),
          el("label", { for: "recover-name" }, "Your name"), reName,
          el("label", { for: "recover-code" }, "Recovery code"), reCode,
          reError, reButton)),
      el("p", {}, el("a", { href: "/", "data-route": true }, "Back to the lobby")),
    ];
  };

  const signedIn = (me) => {
    const error = el("p", { class: "error", role: "alert" });
    const add = el("button", { type: "button" }, "Add a passkey");
    add.addEventListener("click", acting(add, error, async () => {
      const { ceremony, options } = await api("/api/account/passkeys/start", {});
      const credential = await webauthn.create(options);
      await api("/api/account/passkeys/finish", { ceremony, credential });
      await account.refresh();
      said.textContent = "Passkey added.";
      add.disabled = false;
    }));
    const out = el("button", { type: "button" }, "Sign out");
    out.addEventListener("click", acting(out, error, async () => {
      await api("/api/account/logout", {});
      await after(null);
      said.textContent = "Signed out.";
    }));
    const everywhere = el("button", { type: "button" }, "Sign out everywhere");
    everywhere.addEventListener("click", acting(everywhere, error, async () => {
      await api("/api/account/logout-all", {});
      await after(null);
      said.textContent = "Signed out on every device.";
    }));

    // Deleting asks first, naming what goes and what stays.
    const confirmBox = el("div", { class: "confirm", role: "group", "aria-labelledby": "delete-heading", hidden: true });
    const askDelete = el("button", { type: "button", class: "danger", "aria-expanded": "false", "aria-controls": "delete-confirm" }, "Delete my account");
    const reallyDelete = el("button", { type: "button", class: "danger" }, `Delete ${me.name}'s account for good`);
    const keep = el("button", { type: "button" }, "Keep my account");
    const deleteError = el("p", { class: "error", role: "alert" });
    confirmBox.id = "delete-confirm";
    confirmBox.append(
      el("h3", { id: "delete-heading", tabindex: "-1" }, "Delete your account?"),
      el("p", {}, "Gone for good: your name (anyone may take it after), your passkeys, your sessions on every device, your ratings and their history, your profile."),
      el("p", {}, "Kept: the games you finished stay for the others who played them, with your seat shown as \u201ca deleted player\u201d."),
      el("p", {}, "Download your data first if you want a copy."),
      deleteError,
      el("div", { class: "choices" }, reallyDelete, keep));
    askDelete.addEventListener("click", () => {
      confirmBox.hidden = false;
      askDelete.setAttribute("aria-expanded", "true");
      confirmBox.querySelector("h3").focus();
    });
    keep.addEventListener("click", () => {
      confirmBox.hidden = true;
      askDelete.setAttribute("aria-expanded", "false");
      askDelete.focus();
    });
    reallyDelete.addEventListener("click", acting(reallyDelete, deleteError, async () => {
      await api("/api/account/delete", {});
      await after(null);
      said.textContent = `The account ${me.name} is deleted.`;
    }));

    const keys = me.passkeys ?? [];
    return [
      el("h1", { tabindex: "-1" }, `Signed in as ${me.name}`),
      said,
      el("p", {}, el("a", { href: profileLink(me.name), "data-route": true }, "Your profile: ratings and games"),
        " · ", el("a", { href: "/games", "data-route": true }, "My games")),
      el("section", { "aria-labelledby": "passkeys-heading" },
        el("h2", { id: "passkeys-heading" }, "Passkeys"),
        el("p", {}, "Add one on each device you play on, so losing one never locks you out."),
        el("ul", { class: "passkeys" }, keys.map((k, i) => el("li", {},
          el("strong", {}, `Passkey ${i + 1}`), ` · added ${when(k.created)} · `,
          k.used == null ? "not used to sign in yet" : `last used ${when(k.used)}`))),
        add),
      el("section", { "aria-labelledby": "sessions-heading" },
        el("h2", { id: "sessions-heading" }, "Signed in"),
        me.sessions != null ? el("p", {}, me.sessions === 1 ? "On this device only." : `On ${me.sessions} devices or browsers, this one included.`) : null,
        el("div", { class: "choices" }, out, everywhere)),
      error,
      el("section", { "aria-labelledby": "data-heading" },
        el("h2", { id: "data-heading" }, "Your data"),
        el("p", {}, "Everything this server holds about you, as one JSON file."),
        el("div", { class: "choices" },
          el("a", { class: "button", href: "/api/account/export", download: "" }, "Download my data"),
          askDelete),
        confirmBox),
    ];
  };

  const onChange = () => draw();
  account.addEventListener("change", onChange);
  draw();
  return { close: () => account.removeEventListener("change", onChange) };
}

/** The recovery code, shown once after sign-up (or after one was spent): "save this". */
function recoveryPanel(code, done) {
  // Shown whole, wrapping on a phone (an input would hide its end), and selected with one
  // click to copy by hand.
  const field = el("code", { id: "recovery-code" }, code);
  const copied = el("span", { class: "said", role: "status", "aria-live": "polite" });
  const copy = el("button", { type: "button" }, "Copy the code");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code);
      copied.textContent = "Copied.";
    } catch {
      getSelection().selectAllChildren(field);
      copied.textContent = "The browser refused the clipboard: the code is selected, copy it by hand.";
    }
  });
  return el("div", { class: "recovery" },
    el("h1", { tabindex: "-1" }, "Save your recovery code"),
    el("p", {}, el("strong", {}, "It is shown this once."), " If you lose every passkey, this code signs you in (once; you are then given a new one). Keep it somewhere safe: a password manager, or on paper."),
    el("p", { class: "label" }, "Your recovery code:"),
    el("p", { class: "code" }, field),
    el("div", { class: "code-row" }, copy, copied),
    el("button", { type: "button", class: "primary", onclick: done }, "I have saved it"));
}
