//! People's accounts (issue 58): signing up and in with a passkey ([`relying`],
//! [`ceremonies`]), a one-time recovery code and the session cookie ([`secret`],
//! [`cookie`]), names unique by their key, guest seats claimed, export and deletion —
//! each bounded ([`limits`]). [`Desk`] is what the HTTP routes and the WebSocket's
//! upgrade ask; it knows nothing of HTTP beyond headers, and every answer it refuses is
//! an [`edge::Refusal`] with a code and a reason.

pub mod ceremonies;
pub mod cookie;
pub mod limits;
pub mod relying;
pub mod secret;

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode};
use serde_json::json;
use webauthn_rs::prelude::{
    CreationChallengeResponse, Passkey, PublicKeyCredential, RegisterPublicKeyCredential,
    RequestChallengeResponse, Uuid, Webauthn,
};

use crate::edge::{self, Edge, Refusal};
use crate::ids::{AccountId, Signed};
use crate::names;
use crate::store::{
    self, AccountRow, Claim, NewAccount, PasskeyRow, SessionRow, SignedUp, Store, StoreError,
};
use ceremonies::{Ceremonies, Ceremony};
use cookie::{Cookie, SESSION_SECONDS};
use secret::{RecoveryCode, SessionToken};

/// The most guest seats one sign-up or claim may name (a browser keeps far fewer).
pub const MOST_CLAIMS: usize = 500;

/// A ceremony begun: its id and what the browser passes to `navigator.credentials`.
#[derive(Debug, serde::Serialize)]
pub struct Started<T> {
    /// The ceremony's id, sent back with its finish.
    pub ceremony: String,
    /// WebAuthn's options (`{publicKey: …}`).
    pub options: T,
}

/// A session begun: the cookie's token, the account's name, and a recovery code when a
/// new one was made (a sign-up, a recovery).
#[derive(Debug)]
pub struct SignedIn {
    /// The cookie's token.
    pub token: SessionToken,
    /// The account's name.
    pub name: String,
    /// The new recovery code, shown once.
    pub recovery: Option<RecoveryCode>,
    /// Guest seats made the account's.
    pub claimed: usize,
}

/// The session a request carries: who, the session's id (its token's hash), and the
/// cookie that presents it.
#[derive(Clone, Debug)]
pub struct Session {
    /// Who is signed in.
    pub signed: Signed,
    /// The session (what signing out ends).
    pub id: String,
    /// The cookie, as a relay presents it to the node that runs a table.
    pub cookie: cookie::SessionCookie,
}

/// The accounts' front desk: the store, the relying party, the ceremonies under way, the
/// buckets and the cookie.
pub struct Desk {
    store: Arc<dyn Store>,
    edge: Arc<Edge>,
    relying: Result<Webauthn, String>,
    ceremonies: Ceremonies,
    buckets: limits::Buckets,
    cookie: Cookie,
    sessions_per_account: usize,
}

/// Seconds since 1970.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A store failure, as a refusal.
fn stored(error: StoreError) -> Refusal {
    Refusal::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "storage",
        error.to_string(),
    )
}

fn signed_out() -> Refusal {
    Refusal::new(
        StatusCode::UNAUTHORIZED,
        "signed_out",
        "sign in first (no session cookie from this origin, or it expired or was signed out)",
    )
}

fn name_taken(name: &str) -> Refusal {
    Refusal::new(
        StatusCode::CONFLICT,
        "name_taken",
        format!("{name:?} is an account's name (or looks like one): choose another"),
    )
}

fn bad_passkey(error: impl std::fmt::Display) -> Refusal {
    Refusal::new(
        StatusCode::BAD_REQUEST,
        "passkey",
        format!("the passkey did not verify: {error}"),
    )
}

fn too_many_claims(claims: &[Claim]) -> Result<(), Refusal> {
    match claims.len() > MOST_CLAIMS {
        true => Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            "too_many",
            format!("at most {MOST_CLAIMS} seats at once"),
        )),
        false => Ok(()),
    }
}

impl Desk {
    /// The desk of a server over `store` behind `edge`, its relying party from the
    /// edge's public origins.
    pub fn new(store: Arc<dyn Store>, edge: Arc<Edge>, config: &edge::Config) -> Desk {
        let relying = relying::relying_party(&config.public_origins);
        if let Err(why) = &relying {
            tracing::warn!("no passkeys on this server: {why}");
        }
        let limits = &config.limits;
        Desk {
            store: store.clone(),
            edge,
            relying,
            ceremonies: Ceremonies::new(
                store.clone(),
                limits.ceremonies_per_address,
                limits.ceremonies,
            ),
            buckets: limits::Buckets::new(limits),
            cookie: Cookie::new(&config.public_origins),
            sessions_per_account: limits.sessions_per_account.max(1),
        }
    }

    fn relying(&self) -> Result<&Webauthn, Refusal> {
        self.relying.as_ref().map_err(|why| {
            Refusal::new(StatusCode::SERVICE_UNAVAILABLE, "accounts_off", why.clone())
        })
    }

    /// `Set-Cookie` for `token`'s session.
    pub fn set_cookie(&self, token: &SessionToken) -> String {
        self.cookie.set(token)
    }

    /// `Set-Cookie` ending the session cookie.
    pub fn clear_cookie(&self) -> String {
        self.cookie.clear()
    }

    /// Refuses a state-changing request from another origin's page.
    pub fn refuse_foreign(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        cookie::refuse_foreign(&self.edge, headers)
    }

    /// The session the request's cookie names, if it is live — none for a request from
    /// another origin, whatever it carries.
    pub fn session(&self, headers: &HeaderMap) -> Result<Option<Session>, Refusal> {
        if cookie::foreign(&self.edge, headers) {
            return Ok(None);
        }
        let Some(token) = self.cookie.token(headers) else {
            return Ok(None);
        };
        let id = token.id();
        let found = self.store.session(&id, now()).map_err(stored)?;
        Ok(found.map(|(account, _)| Session {
            signed: Signed {
                id: account.id,
                name: account.name,
            },
            id,
            cookie: self.cookie.presented(&token),
        }))
    }

    /// The request's session, or `signed_out`.
    pub fn signed_in(&self, headers: &HeaderMap) -> Result<Session, Refusal> {
        self.session(headers)?.ok_or_else(signed_out)
    }

    /// Whether a connection that is `signed` may sit under `name`: not if the name's key
    /// is another account's (a guest cannot pass for a person with an account).
    pub fn may_use_name(&self, name: &str, signed: Option<&Signed>) -> Result<(), Refusal> {
        let found = self
            .store
            .account_named(&names::key(name))
            .map_err(stored)?;
        match found {
            Some(account) if signed.is_none_or(|s| s.id != account.id) => Err(name_taken(name)),
            _ => Ok(()),
        }
    }

    /// A new session for `account`.
    fn open_session(&self, account: &AccountId) -> Result<SessionToken, Refusal> {
        let token = SessionToken::random();
        let at = now();
        let session = SessionRow {
            id: token.id(),
            account: account.clone(),
            created: at,
            expires: at + SESSION_SECONDS,
        };
        self.store
            .open_session(&session, self.sessions_per_account)
            .map_err(stored)?;
        Ok(token)
    }

    /// Begins a sign-up under `name` from `address`.
    pub fn register_start(
        &self,
        address: IpAddr,
        name: &str,
    ) -> Result<Started<CreationChallengeResponse>, Refusal> {
        let relying = self.relying()?;
        self.buckets.sign_up(address)?;
        let name = names::clean(name)
            .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "bad_name", e.to_string()))?;
        if name == "Player" {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "bad_name",
                "an account needs a name of its own",
            ));
        }
        let key = names::key(&name);
        if self.store.account_named(&key).map_err(stored)?.is_some() {
            return Err(name_taken(&name));
        }
        let handle = Uuid::new_v4();
        let (options, state) = relying
            .start_passkey_registration(handle, &name, &name, None)
            .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "passkey", e.to_string()))?;
        let ceremony = Ceremony::SignUp {
            name,
            key,
            handle,
            state,
        };
        let ceremony = self.ceremonies.begin(address, ceremony, now())?;
        Ok(Started { ceremony, options })
    }

    /// Finishes a sign-up: the account, its passkey, a session and a recovery code, and
    /// the guest seats of `claims` whose tokens match.
    pub fn register_finish(
        &self,
        ceremony: &str,
        credential: &RegisterPublicKeyCredential,
        claims: &[Claim],
    ) -> Result<SignedIn, Refusal> {
        too_many_claims(claims)?;
        let relying = self.relying()?;
        let Ceremony::SignUp {
            name,
            key,
            handle,
            state,
        } = self.ceremonies.take(ceremony, now())?
        else {
            return Err(self.wrong_kind());
        };
        let passkey = relying
            .finish_passkey_registration(credential, &state)
            .map_err(bad_passkey)?;
        let (id, at) = (AccountId(store::new_token()), now());
        let (token, recovery) = (SessionToken::random(), RecoveryCode::random());
        let new = NewAccount {
            account: AccountRow {
                id: id.clone(),
                name: name.clone(),
                name_key: key,
                handle: handle.to_string(),
                created: at,
            },
            recovery: recovery.hash(),
            passkey: passkey_row(&passkey, &id, at)?,
            session: SessionRow {
                id: token.id(),
                account: id,
                created: at,
                expires: at + SESSION_SECONDS,
            },
            claims: claims.to_vec(),
        };
        match self.store.sign_up(&new).map_err(stored)? {
            SignedUp::Made { claimed } => Ok(SignedIn {
                token,
                name,
                recovery: Some(recovery),
                claimed,
            }),
            SignedUp::NameTaken => Err(name_taken(&name)),
            SignedUp::PasskeyTaken => Err(Refusal::new(
                StatusCode::CONFLICT,
                "passkey_taken",
                "this passkey already signs in to an account here",
            )),
        }
    }

    fn wrong_kind(&self) -> Refusal {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "no_ceremony",
            "that ceremony is not this route's (a sign-up, a sign-in and a new passkey each finish at their own route): start again",
        )
    }

    /// The account named `name`, or `no_account`.
    fn named(&self, name: &str) -> Result<AccountRow, Refusal> {
        let key = names::key(name.trim());
        self.store
            .account_named(&key)
            .map_err(stored)?
            .ok_or_else(|| {
                Refusal::new(
                    StatusCode::NOT_FOUND,
                    "no_account",
                    format!("no account is named {name:?}"),
                )
            })
    }

    /// The passkeys of `account`, as webauthn-rs reads them.
    fn passkeys(&self, account: &AccountId) -> Result<Vec<(PasskeyRow, Passkey)>, Refusal> {
        let rows = self.store.passkeys(account).map_err(stored)?;
        rows.into_iter()
            .map(|row| {
                let passkey = serde_json::from_str(&row.passkey).map_err(|e| {
                    stored(StoreError::Unreadable(format!("passkey {}: {e}", row.id)))
                })?;
                Ok((row, passkey))
            })
            .collect()
    }

    /// Begins a sign-in to the account named `name` from `address`.
    pub fn login_start(
        &self,
        address: IpAddr,
        name: &str,
    ) -> Result<Started<RequestChallengeResponse>, Refusal> {
        let relying = self.relying()?;
        self.buckets.sign_in(address)?;
        let account = self.named(name)?;
        let passkeys: Vec<Passkey> = (self.passkeys(&account.id)?.into_iter())
            .map(|(_, p)| p)
            .collect();
        let (options, state) = relying
            .start_passkey_authentication(&passkeys)
            .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "passkey", e.to_string()))?;
        let ceremony = Ceremony::SignIn {
            account: account.id,
            name: account.name,
            state,
        };
        let ceremony = self.ceremonies.begin(address, ceremony, now())?;
        Ok(Started { ceremony, options })
    }

    /// Finishes a sign-in: a session.
    pub fn login_finish(
        &self,
        ceremony: &str,
        credential: &PublicKeyCredential,
    ) -> Result<SignedIn, Refusal> {
        let relying = self.relying()?;
        let Ceremony::SignIn {
            account,
            name,
            state,
        } = self.ceremonies.take(ceremony, now())?
        else {
            return Err(self.wrong_kind());
        };
        let result = relying
            .finish_passkey_authentication(credential, &state)
            .map_err(bad_passkey)?;
        for (row, mut passkey) in self.passkeys(&account)? {
            if passkey.cred_id() == result.cred_id() {
                passkey.update_credential(&result);
                let text = serde_json::to_string(&passkey).expect("a passkey serializes");
                self.store
                    .passkey_used(&row.id, &text, now())
                    .map_err(stored)?;
            }
        }
        let token = self.open_session(&account)?;
        Ok(SignedIn {
            token,
            name,
            recovery: None,
            claimed: 0,
        })
    }

    /// Signs in to the account named `name` with its recovery code, which is spent: a
    /// session and the new code.
    pub fn recover(&self, address: IpAddr, name: &str, code: &str) -> Result<SignedIn, Refusal> {
        self.buckets.sign_in(address)?;
        let wrong = || {
            Refusal::new(
                StatusCode::UNAUTHORIZED,
                "bad_code",
                "that is not this account's recovery code (each code works once)",
            )
        };
        let code = RecoveryCode::parse(code).ok_or_else(wrong)?;
        let next = RecoveryCode::random();
        let key = names::key(name.trim());
        let account = self
            .store
            .recover(&key, &code.hash(), &next.hash())
            .map_err(stored)?
            .ok_or_else(wrong)?;
        let token = self.open_session(&account.id)?;
        Ok(SignedIn {
            token,
            name: account.name,
            recovery: Some(next),
            claimed: 0,
        })
    }

    /// Begins adding a passkey to the signed-in account.
    pub fn passkeys_start(
        &self,
        address: IpAddr,
        signed: &Signed,
    ) -> Result<Started<CreationChallengeResponse>, Refusal> {
        let relying = self.relying()?;
        let account = self.named(&signed.name)?;
        if account.id != signed.id {
            return Err(signed_out());
        }
        let handle = Uuid::parse_str(&account.handle)
            .map_err(|e| stored(StoreError::Unreadable(format!("the account's handle: {e}"))))?;
        let known = (self.passkeys(&account.id)?.into_iter())
            .map(|(_, p)| p.cred_id().clone())
            .collect();
        let (options, state) = relying
            .start_passkey_registration(handle, &account.name, &account.name, Some(known))
            .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "passkey", e.to_string()))?;
        let ceremony = Ceremony::AddPasskey {
            account: account.id,
            state,
        };
        let ceremony = self.ceremonies.begin(address, ceremony, now())?;
        Ok(Started { ceremony, options })
    }

    /// Finishes adding a passkey: how many the account has now.
    pub fn passkeys_finish(
        &self,
        signed: &Signed,
        ceremony: &str,
        credential: &RegisterPublicKeyCredential,
    ) -> Result<usize, Refusal> {
        let relying = self.relying()?;
        let Ceremony::AddPasskey { account, state } = self.ceremonies.take(ceremony, now())? else {
            return Err(self.wrong_kind());
        };
        if account != signed.id {
            return Err(self.wrong_kind());
        }
        let passkey = relying
            .finish_passkey_registration(credential, &state)
            .map_err(bad_passkey)?;
        let row = passkey_row(&passkey, &account, now())?;
        if !self.store.add_passkey(&row).map_err(stored)? {
            return Err(Refusal::new(
                StatusCode::CONFLICT,
                "passkey_taken",
                "this passkey already signs in to an account here",
            ));
        }
        Ok(self.store.passkeys(&account).map_err(stored)?.len())
    }

    /// What `GET /api/account` shows its holder.
    pub fn overview(&self, signed: &Signed) -> Result<serde_json::Value, Refusal> {
        let passkeys = self.store.passkeys(&signed.id).map_err(stored)?;
        let sessions = self.store.sessions(&signed.id, now()).map_err(stored)?;
        let passkeys: Vec<_> = (passkeys.iter())
            .map(|p| json!({"id": p.id, "created": p.created, "used": p.used}))
            .collect();
        Ok(json!({"name": signed.name, "passkeys": passkeys, "sessions": sessions.len()}))
    }

    /// Gives the signed-in account the guest seats of `claims` whose tokens match.
    pub fn claim(&self, signed: &Signed, claims: &[Claim]) -> Result<usize, Refusal> {
        too_many_claims(claims)?;
        self.store.claim_seats(&signed.id, claims).map_err(stored)
    }

    /// Ends the session `session`.
    pub fn sign_out(&self, session: &Session) -> Result<(), Refusal> {
        self.store.close_session(&session.id).map_err(stored)
    }

    /// Ends every session of the signed-in account: how many.
    pub fn sign_out_everywhere(&self, signed: &Signed) -> Result<usize, Refusal> {
        self.store.close_sessions(&signed.id).map_err(stored)
    }

    /// Everything the server holds about the signed-in account, as JSON: never the
    /// secrets' hashes, nor the passkeys' public keys (they are the browser's already).
    pub fn export(&self, signed: &Signed) -> Result<serde_json::Value, Refusal> {
        let held = self
            .store
            .held(&signed.id)
            .map_err(stored)?
            .ok_or_else(signed_out)?;
        let account = &held.account;
        Ok(json!({
            "account": {
                "id": account.id.0,
                "name": account.name,
                "name_key": account.name_key,
                "handle": account.handle,
                "created": account.created,
            },
            "passkeys": held.passkeys.iter()
                .map(|p| json!({"id": p.id, "created": p.created, "used": p.used}))
                .collect::<Vec<_>>(),
            "sessions": held.sessions.iter()
                .map(|s| json!({"created": s.created, "expires": s.expires}))
                .collect::<Vec<_>>(),
            "games": held.games,
            "ratings": held.ratings,
            "rating_changes": held.rating_changes,
        }))
    }

    /// Deletes the signed-in account.
    pub fn delete(&self, signed: &Signed) -> Result<(), Refusal> {
        self.store.delete(&signed.id).map_err(stored)?;
        Ok(())
    }

    /// Forgets the buckets of addresses idle long enough to be full again.
    pub fn forget_idle(&self) {
        self.buckets.forget_idle();
    }
}

/// A passkey as the store keeps it.
fn passkey_row(passkey: &Passkey, account: &AccountId, at: i64) -> Result<PasskeyRow, Refusal> {
    use base64::Engine;
    let id = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(passkey.cred_id().as_ref());
    let text = serde_json::to_string(passkey).map_err(bad_passkey)?;
    Ok(PasskeyRow {
        id,
        account: account.clone(),
        passkey: text,
        created: at,
        used: None,
    })
}
