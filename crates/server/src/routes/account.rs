//! `/api/account/…`: the HTTP face of the accounts' desk ([`crate::accounts::Desk`]).
//! Every answer is JSON; a refusal is the edge's `{code, message}` with its status. A
//! `POST` from another origin's page is refused before anything else, and a request from
//! another origin is a guest's whatever cookie it carries (docs/SECURITY.md, "Accounts
//! and sessions").

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
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
fn read<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, Refusal> {
    serde_json::from_slice(bytes).map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            format!("the request's JSON: {e}"),
        )
    })
}

/// A request to a route that changes something, from this server's own pages: one from
/// another origin's page is refused (`403` `origin`) before anything else is read.
struct Own {
    /// The client's address, as the edge counts it.
    address: IpAddr,
    /// The request's headers: its session cookie.
    headers: HeaderMap,
}

impl FromRequestParts<Server> for Own {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Server) -> Result<Own, Response> {
        let refused = server.accounts.refuse_foreign(&parts.headers);
        refused.map_err(IntoResponse::into_response)?;
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, server)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Own {
            address: server.edge.client(peer, &parts.headers),
            headers: parts.headers.clone(),
        })
    }
}

/// An [`Own`] request with its JSON body read as `T` (`400` `malformed` otherwise).
struct Asked<T> {
    own: Own,
    body: T,
}

impl<T: DeserializeOwned> FromRequest<Server> for Asked<T> {
    type Rejection = Response;

    async fn from_request(request: Request, server: &Server) -> Result<Asked<T>, Response> {
        let (mut parts, body) = request.into_parts();
        let own = Own::from_request_parts(&mut parts, server).await?;
        let bytes = Bytes::from_request(Request::from_parts(parts, body), server)
            .await
            .map_err(IntoResponse::into_response)?;
        let body = read(&bytes).map_err(IntoResponse::into_response)?;
        Ok(Asked { own, body })
    }
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

async fn register_start(State(server): State<Server>, asked: Asked<Named>) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let started = desk.register_start(asked.own.address, &asked.body.name)?;
        Ok(Json(started).into_response())
    }))
}

async fn register_finish(State(server): State<Server>, asked: Asked<Registered>) -> Response {
    let (desk, asked) = (&server.accounts, asked.body);
    answer(blocking(|| {
        let done = desk.register_finish(&asked.ceremony, &asked.credential, &asked.seats)?;
        Ok(signed_in(&server, done))
    }))
}

async fn login_start(State(server): State<Server>, asked: Asked<Named>) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let started = desk.login_start(asked.own.address, &asked.body.name)?;
        Ok(Json(started).into_response())
    }))
}

async fn login_finish(State(server): State<Server>, asked: Asked<Authenticated>) -> Response {
    let (desk, asked) = (&server.accounts, asked.body);
    answer(blocking(|| {
        let done = desk.login_finish(&asked.ceremony, &asked.credential)?;
        Ok(signed_in(&server, done))
    }))
}

async fn recover(State(server): State<Server>, asked: Asked<Recovery>) -> Response {
    let (desk, address, asked) = (&server.accounts, asked.own.address, asked.body);
    answer(blocking(|| {
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

async fn passkeys_start(State(server): State<Server>, own: Own) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let session = desk.signed_in(&own.headers)?;
        Ok(Json(desk.passkeys_start(own.address, &session.signed)?).into_response())
    }))
}

async fn passkeys_finish(State(server): State<Server>, asked: Asked<AddedPasskey>) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let session = desk.signed_in(&asked.own.headers)?;
        let (ceremony, credential) = (&asked.body.ceremony, &asked.body.credential);
        let count = desk.passkeys_finish(&session.signed, ceremony, credential)?;
        Ok(Json(json!({"passkeys": count})).into_response())
    }))
}

/// A new passkey's finish: the ceremony and the browser's registration.
#[derive(Deserialize)]
struct AddedPasskey {
    ceremony: String,
    credential: RegisterPublicKeyCredential,
}

async fn claim(State(server): State<Server>, asked: Asked<Seats>) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let session = desk.signed_in(&asked.own.headers)?;
        let claimed = desk.claim(&session.signed, &asked.body.seats)?;
        Ok(Json(json!({"claimed": claimed})).into_response())
    }))
}

/// Signs this session out; a request with no live session only has its cookie cleared.
async fn logout(State(server): State<Server>, own: Own) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        if let Some(session) = desk.session(&own.headers)? {
            desk.sign_out(&session)?;
        }
        Ok(with_cookie(desk.clear_cookie(), json!({"signed_out": 1})))
    }))
}

async fn logout_all(State(server): State<Server>, own: Own) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let session = desk.signed_in(&own.headers)?;
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

async fn delete(State(server): State<Server>, own: Own) -> Response {
    let desk = &server.accounts;
    answer(blocking(|| {
        let session = desk.signed_in(&own.headers)?;
        desk.delete(&session.signed)?;
        Ok(with_cookie(desk.clear_cookie(), json!({"deleted": true})))
    }))
}
