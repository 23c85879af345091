//! Passkey ceremonies between their start and their finish: webauthn-rs's state (the
//! challenge) stays on the server's side, never in the browser (a state sent back by the
//! client could be replayed), under a random id, for [`CEREMONY_SECONDS`] at most. It is
//! kept in the shared store (table `ceremonies`), not in one node's memory, so that a
//! finish sent by a load balancer to another node than its start finds it; a finish takes
//! it out in one statement, so it finishes once whichever nodes are asked. Ceremonies are
//! bounded per address and in total, counted in the store over every node, so a flood of
//! starts cannot fill it.

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{PasskeyAuthentication, PasskeyRegistration, Uuid};

use super::stored;
use crate::edge::Refusal;
use crate::ids::AccountId;
use crate::store::{new_token, Begun, CeremonyRow, Store, StoreError};

/// How long a ceremony may take: the browser's own timeout for a passkey is five minutes.
pub const CEREMONY_SECONDS: u64 = 300;

/// What a ceremony began, with webauthn-rs's state for its finish. It serializes (the
/// store keeps it as JSON); its `Debug` leaves the state out.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ceremony {
    /// A sign-up under `name`.
    SignUp {
        /// The name, cleaned.
        name: String,
        /// Its key.
        key: String,
        /// The new account's WebAuthn user handle.
        handle: Uuid,
        /// The challenge.
        state: PasskeyRegistration,
    },
    /// A sign-in to `account`.
    SignIn {
        /// The account.
        account: AccountId,
        /// Its name.
        name: String,
        /// The challenge.
        state: PasskeyAuthentication,
    },
    /// Another passkey for `account`, signed in.
    AddPasskey {
        /// The account.
        account: AccountId,
        /// The challenge.
        state: PasskeyRegistration,
    },
}

impl Ceremony {
    /// Its kind, as the store's `kind` column and the JSON's `kind` say it.
    pub fn kind(&self) -> &'static str {
        match self {
            Ceremony::SignUp { .. } => "sign_up",
            Ceremony::SignIn { .. } => "sign_in",
            Ceremony::AddPasskey { .. } => "add_passkey",
        }
    }
}

impl std::fmt::Debug for Ceremony {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hidden = format_args!("(not shown)");
        match self {
            Ceremony::SignUp {
                name, key, handle, ..
            } => f
                .debug_struct("SignUp")
                .field("name", name)
                .field("key", key)
                .field("handle", handle)
                .field("state", &hidden)
                .finish(),
            Ceremony::SignIn { account, name, .. } => f
                .debug_struct("SignIn")
                .field("account", account)
                .field("name", name)
                .field("state", &hidden)
                .finish(),
            Ceremony::AddPasskey { account, .. } => f
                .debug_struct("AddPasskey")
                .field("account", account)
                .field("state", &hidden)
                .finish(),
        }
    }
}

/// The ceremonies under way, in the store.
pub struct Ceremonies {
    store: Arc<dyn Store>,
    per_address: usize,
    total: usize,
}

fn no_ceremony(id: &str) -> Refusal {
    Refusal::new(
        StatusCode::BAD_REQUEST,
        "no_ceremony",
        format!(
            "no passkey ceremony {id:.40} is under way (each lasts {} minutes and finishes once): start again",
            CEREMONY_SECONDS / 60
        ),
    )
}

impl Ceremonies {
    /// At most `per_address` from one address and `total` in all at once, in `store`.
    pub fn new(store: Arc<dyn Store>, per_address: usize, total: usize) -> Ceremonies {
        Ceremonies {
            store,
            per_address,
            total,
        }
    }

    /// Keeps `ceremony` begun from `address` at `now`: its id, or a refusal when the
    /// address or the server (every node together) has as many under way as it may.
    pub fn begin(&self, address: IpAddr, ceremony: Ceremony, now: i64) -> Result<String, Refusal> {
        let data = serde_json::to_string(&ceremony)
            .map_err(|e| stored(StoreError::Unreadable(format!("a ceremony's state: {e}"))))?;
        let row = CeremonyRow {
            id: new_token(),
            kind: ceremony.kind().into(),
            ceremony: data,
            address: address.to_string(),
            began: now,
            expires: now + CEREMONY_SECONDS as i64,
        };
        match self
            .store
            .begin_ceremony(&row, self.per_address, self.total)
            .map_err(stored)?
        {
            Begun::Stored => Ok(row.id),
            Begun::Full => Err(Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                format!(
                    "the server has {} passkey ceremonies under way, its most: try again in a few minutes",
                    self.total
                ),
            )),
            Begun::AddressFull => Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} passkey ceremonies under way from one address: finish one, or wait {} minutes",
                    self.per_address,
                    CEREMONY_SECONDS / 60
                ),
            )),
        }
    }

    /// Takes the ceremony `id` out of the store (it finishes once, whatever the outcome),
    /// if it is under way and not expired at `now`.
    pub fn take(&self, id: &str, now: i64) -> Result<Ceremony, Refusal> {
        let row = (self.store.finish_ceremony(id, now).map_err(stored)?)
            .ok_or_else(|| no_ceremony(id))?;
        serde_json::from_str(&row.ceremony).map_err(|e| {
            stored(StoreError::Unreadable(format!(
                "ceremony {:.40} ({}): {e}",
                row.id, row.kind
            )))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ceremony's state reads back as written, and never shows in `Debug`.
    #[test]
    fn a_ceremony_serializes_and_its_state_stays_out_of_debug() {
        let relying = super::super::relying::relying_party(&[]).unwrap();
        let handle = Uuid::new_v4();
        let (_, state) = relying
            .start_passkey_registration(handle, "Ada", "Ada", None)
            .unwrap();
        let challenge = serde_json::to_value(&state).unwrap();
        let ceremony = Ceremony::SignUp {
            name: "Ada".into(),
            key: "ada".into(),
            handle,
            state,
        };
        let text = serde_json::to_string(&ceremony).unwrap();
        let back: Ceremony = serde_json::from_str(&text).unwrap();
        let Ceremony::SignUp { state, .. } = &back else {
            panic!("{back:?}");
        };
        assert_eq!(serde_json::to_value(state).unwrap(), challenge);
        let shown = format!("{back:?}");
        assert!(
            shown.contains("Ada") && shown.contains("not shown"),
            "{shown}"
        );
        // No long string of the state (its challenge, base64url) appears in Debug.
        fn strings(value: &serde_json::Value, found: &mut Vec<String>) {
            match value {
                serde_json::Value::String(s) if s.len() >= 16 => found.push(s.clone()),
                serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, found)),
                serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, found)),
                _ => {}
            }
        }
        let mut found = Vec::new();
        strings(&challenge, &mut found);
        assert!(!found.is_empty(), "{challenge}");
        for secret in found {
            assert!(!shown.contains(&secret), "{shown}");
        }
    }
}
