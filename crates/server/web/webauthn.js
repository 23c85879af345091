// Passkeys through the browser's WebAuthn, in the JSON the server speaks (webauthn-rs's
// `CreationChallengeResponse` / `RequestChallengeResponse` out, `RegisterPublicKeyCredential`
// / `PublicKeyCredential` back). The browser's own JSON helpers do the base64url work.

/** Whether this browser can make and use passkeys with JSON options (Chromium 129+,
 * Firefox 119+, Safari 18.4+). */
export function supported() {
  return typeof window.PublicKeyCredential === "function"
    && typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function"
    && typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function";
}

/**
 * The two places where webauthn-rs's JSON and the WebAuthn Level 3 JSON differ, and only
 * those:
 * - out: webauthn-rs writes an absent optional member as `null` in places, where the
 *   browser's parser wants it left out (a `null` enum member is a TypeError there);
 * - back: the browser's `toJSON()` names the extensions' outputs `clientExtensionResults`,
 *   where webauthn-rs reads `extensions`.
 */
const withoutNulls = (value) => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
};
function forServer(credential) {
  const { clientExtensionResults, ...json } = credential.toJSON();
  return { ...json, extensions: clientExtensionResults ?? {} };
}

/** Makes a passkey from the server's `options` (`{publicKey: …}`): the credential to send
 * back. Throws the browser's error (`NotAllowedError` when the person said no). */
export async function create(options) {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(withoutNulls(options.publicKey));
  return forServer(await navigator.credentials.create({ publicKey }));
}

/** Signs with a passkey the server's `options` allow: the assertion to send back. */
export async function get(options) {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(withoutNulls(options.publicKey));
  return forServer(await navigator.credentials.get({ publicKey }));
}

/** A WebAuthn failure in a person's words. */
export function failure(error) {
  if (error?.name === "NotAllowedError") return "The passkey prompt was closed or timed out: nothing was changed. Try again when ready.";
  if (error?.name === "InvalidStateError") return "This device already holds a passkey for this account.";
  if (error?.name === "SecurityError") return "Passkeys work only at this server's own address (https, or localhost).";
  return error?.message ?? String(error);
}
