//! `/api/account/…`: the HTTP face of the accounts' desk ([`crate::accounts::Desk`]).
//! Every answer is JSON; a refusal is the edge's `{code, message}` with its status. A
//! `POST` from another origin's page is refused before anything else, and a request from
//! another origin is a guest's whatever cookie it carries (docs/SECURITY.md, "Accounts
//! and sessions").

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;
use webauthn_rs::prelude::{PublicKeyCredential, RegisterPublicKeyCredential};

use crate::accounts::SignedIn;
use crate::blocking::blocking;
use crate::edge::Refusal;
use crate::server::Server;
use crate::store::Claim;

/// The account routes (plan58.md's HTTP API, the accounts' part).
pub(super) fn routes() -> Router<Server> {
    Router::new()
        .route("/api/account", get(overview))
        .route("/api/account/register/start", post(register_start))
        .route("/api/account/register/finish", post(register_finish))
        .route("/api/account/login/start", post(login_start))
        .route("/api/account/login/finish", post(login_finish))
        .route("/api/account/recover", post(recover))
        .route("/api/account/passkeys/start", post(passkeys_start))
        .route("/api/account/passkeys/finish", post(passkeys_finish))
        .route("/api/account/claim", post(claim))
        .route("/api/account/logout", post(logout))
        .route("/api/account/logout-all", post(logout_all))
        .route("/api/account/export", get(export))
        .route("/api/account/delete", post(delete))
}

/// The request's body as `T`, or `malformed` saying what is wrong.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, Refusal> {
    serde_json::from_slice(bytes).map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            format!("the request's JSON: {e}"),
        )
    })
}

/// The answer, or the refusal.
fn answer(result: Result<Response, Refusal>) -> Response {
    result.unwrap_or_else(IntoResponse::into_response)
}

/// `value` with `Set-Cookie` (a secret's answer is never cached).
fn with_cookie(cookie: String, value: serde_json::Value) -> Response {
    let headers = [
        (header::SET_COOKIE, cookie),
        (header::CACHE_CONTROL, "no-store".to_string()),
    ];
    (headers, Json(value)).into_response()
}

/// A new session's answer: its cookie, the name, a new recovery code if one was made.
fn signed_in(server: &Server, done: SignedIn) -> Response {
    let mut value = json!({"name": done.name});
    if let Some(code) = &done.recovery {
        value["recovery"] = code.shown().into();
    }
    if done.claimed > 0 {
        value["claimed"] = done.claimed.into();
    }
    with_cookie(server.accounts.set_cookie(&done.token), value)
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

#[derive(Deserialize)]
struct Registered {
    ceremony: String,
    credential: RegisterPublicKeyCredential,
    #[serde(default)]
    seats: Vec<Claim>,
}

#[derive(Deserialize)]
struct Authenticated {
    ceremony: String,
    credential: PublicKeyCredential,
}

#[derive(Deserialize)]
struct Recovery {
    name: String,
    code: String,
}

#[derive(Deserialize)]
struct Seats {
    seats: Vec<Claim>,
}

async fn register_start(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let asked: Named = body(&bytes)?;
        let address = server.edge.client(peer, &headers);
        let started = desk.register_start(address, &asked.name)?;
        Ok(Json(started).into_response())
    }))
}

async fn register_finish(
    State(server): State<Server>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let asked: Registered = body(&bytes)?;
        let done = desk.register_finish(&asked.ceremony, &asked.credential, &asked.seats)?;
        Ok(signed_in(&server, done))
    }))
}

async fn login_start(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let asked: Named = body(&bytes)?;
        let address = server.edge.client(peer, &headers);
        Ok(Json(desk.login_start(address, &asked.name)?).into_response())
    }))
}

async fn login_finish(State(server): State<Server>, headers: HeaderMap, bytes: Bytes) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let asked: Authenticated = body(&bytes)?;
        let done = desk.login_finish(&asked.ceremony, &asked.credential)?;
        Ok(signed_in(&server, done))
    }))
}

async fn recover(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let asked: Recovery = body(&bytes)?;
        let address = server.edge.client(peer, &headers);
        let done = desk.recover(address, &asked.name, &asked.code)?;
        Ok(signed_in(&server, done))
    }))
}

async fn overview(State(server): State<Server>, headers: HeaderMap) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        let session = desk.signed_in(&headers)?;
        let mut shown = Json(desk.overview(&session.signed)?).into_response();
        let no_store = header::HeaderValue::from_static("no-store");
        shown.headers_mut().insert(header::CACHE_CONTROL, no_store);
        Ok(shown)
    }))
}

async fn passkeys_start(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let session = desk.signed_in(&headers)?;
        let address = server.edge.client(peer, &headers);
        Ok(Json(desk.passkeys_start(address, &session.signed)?).into_response())
    }))
}

async fn passkeys_finish(
    State(server): State<Server>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let session = desk.signed_in(&headers)?;
        let asked: AddedPasskey = body(&bytes)?;
        let count = desk.passkeys_finish(&session.signed, &asked.ceremony, &asked.credential)?;
        Ok(Json(json!({"passkeys": count})).into_response())
    }))
}

/// A new passkey's finish: the ceremony and the browser's registration.
#[derive(Deserialize)]
struct AddedPasskey {
    ceremony: String,
    credential: RegisterPublicKeyCredential,
}

async fn claim(State(server): State<Server>, headers: HeaderMap, bytes: Bytes) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let session = desk.signed_in(&headers)?;
        let asked: Seats = body(&bytes)?;
        let claimed = desk.claim(&session.signed, &asked.seats)?;
        Ok(Json(json!({"claimed": claimed})).into_response())
    }))
}

/// Signs this session out; a request with no live session only has its cookie cleared.
async fn logout(State(server): State<Server>, headers: HeaderMap) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        if let Some(session) = desk.session(&headers)? {
            desk.sign_out(&session)?;
        }
        Ok(with_cookie(desk.clear_cookie(), json!({"signed_out": 1})))
    }))
}

async fn logout_all(State(server): State<Server>, headers: HeaderMap) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let session = desk.signed_in(&headers)?;
        let ended = desk.sign_out_everywhere(&session.signed)?;
        Ok(with_cookie(
            desk.clear_cookie(),
            json!({"signed_out": ended}),
        ))
    }))
}

async fn export(State(server): State<Server>, headers: HeaderMap) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        let session = desk.signed_in(&headers)?;
        let held = desk.export(&session.signed)?;
        let headers = [
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"cardtable-account.json\"",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ];
        Ok((headers, Json(held)).into_response())
    }))
}

async fn delete(State(server): State<Server>, headers: HeaderMap) -> Response {
    answer(blocking(|| {
        let desk = &server.accounts;
        desk.refuse_foreign(&headers)?;
        let session = desk.signed_in(&headers)?;
        desk.delete(&session.signed)?;
        Ok(with_cookie(desk.clear_cookie(), json!({"deleted": true})))
    }))
}
