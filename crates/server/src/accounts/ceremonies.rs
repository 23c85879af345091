//! Passkey ceremonies between their start and their finish: webauthn-rs's state (the
//! challenge) stays here, in memory, never in the browser (a state sent back by the
//! client could be replayed), under a random id, for [`CEREMONY_SECONDS`] at most, and
//! bounded per address and in total so a flood of starts cannot fill the memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use webauthn_rs::prelude::{PasskeyAuthentication, PasskeyRegistration, Uuid};

use crate::edge::Refusal;
use crate::ids::AccountId;
use crate::store::{new_token, AccountRow};

/// How long a ceremony may take: the browser's own timeout for a passkey is five minutes.
pub const CEREMONY_SECONDS: u64 = 300;

/// What a ceremony began, with webauthn-rs's state for its finish.
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
        account: AccountRow,
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

struct Pending {
    address: IpAddr,
    started: Instant,
    ceremony: Ceremony,
}

/// The ceremonies under way.
pub struct Ceremonies {
    pending: Mutex<HashMap<String, Pending>>,
    per_address: usize,
    total: usize,
    lasts: Duration,
}

impl Ceremonies {
    /// At most `per_address` from one address and `total` in all at once.
    pub fn new(per_address: usize, total: usize) -> Ceremonies {
        Ceremonies {
            pending: Mutex::default(),
            per_address,
            total,
            lasts: Duration::from_secs(CEREMONY_SECONDS),
        }
    }

    /// Keeps `ceremony` begun from `address`: its id, or a refusal when the address or
    /// the server has as many under way as it may.
    pub fn begin(&self, address: IpAddr, ceremony: Ceremony) -> Result<String, Refusal> {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        pending.retain(|_, p| now.duration_since(p.started) < self.lasts);
        if pending.len() >= self.total {
            return Err(Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                format!(
                    "the server has {} passkey ceremonies under way, its most: try again in a few minutes",
                    self.total
                ),
            ));
        }
        let mine = pending.values().filter(|p| p.address == address).count();
        if mine >= self.per_address {
            return Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {} passkey ceremonies under way from one address: finish one, or wait {} minutes",
                    self.per_address,
                    CEREMONY_SECONDS / 60
                ),
            ));
        }
        let id = new_token();
        pending.insert(
            id.clone(),
            Pending {
                address,
                started: now,
                ceremony,
            },
        );
        Ok(id)
    }

    /// Takes the ceremony `id` (it finishes once, whatever the outcome), if it is under
    /// way and not expired.
    pub fn take(&self, id: &str) -> Result<Ceremony, Refusal> {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        match pending.remove(id) {
            Some(p) if p.started.elapsed() < self.lasts => Ok(p.ceremony),
            _ => Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "no_ceremony",
                format!(
                    "no passkey ceremony {id:.40} is under way (each lasts {} minutes and finishes once): start again",
                    CEREMONY_SECONDS / 60
                ),
            )),
        }
    }
}
