//! The HTTP routes: the WebSocket's upgrade, the lobby's and the finished games' JSON
//! ([`listings`], [`records`]), how to play a game (`learn`), people's accounts
//! (`account`), metrics, health, and the browser client, behind the edge's checks.

mod account;
mod learn;
pub(crate) mod listings;
pub(crate) mod people;
mod records;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Query, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Router;

use crate::lobby::PAGE;
use crate::server::Server;
use crate::{conn, edge, metrics, protocol, web};

/// The HTTP routes: `/ws`, `/healthz`, `/api/tables`, `/api/games`,
/// `/api/games/{id}/record` and `/api/games/{id}/steps` (these four counted against
/// the address's message bucket), and the browser client for every other path;
/// every answer with the security headers ([`edge::headers`]). Serve it with
/// `into_make_service_with_connect_info::<SocketAddr>()`: the edge needs the peer.
pub fn router(server: &Server) -> Router {
    let api = Router::new()
        .route("/api/tables", get(list_tables))
        .route("/api/catalogue", get(catalogue))
        .route("/api/how-to-play", get(learn::how_to_play))
        .route("/api/games", get(listings::list_games))
        .route("/api/games/{id}", get(listings::game_listing))
        .route("/api/games/{id}/record", get(records::record))
        .route("/api/games/{id}/steps", get(records::steps))
        .route("/api/games/{id}/review/{seat}", get(records::review))
        .merge(account::routes())
        .route("/api/users/{name}", get(people::profile))
        .route("/api/users/{name}/games", get(people::games))
        .route("/api/users/{name}/rating/{game}/{file}", get(people::graph))
        .route("/api/leaderboard/{game}/{rules}", get(people::leaderboard))
        .route("/api/account/games", get(people::my_games))
        .route_layer(middleware::from_fn_with_state(server.clone(), limit_api));
    Router::new()
        .route("/ws", get(conn::upgrade))
        .merge(api)
        .fallback(get(web::asset))
        .layer(middleware::from_fn_with_state(server.clone(), check_host))
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics_text))
        .layer(middleware::map_response(edge::headers))
        .with_state(server.clone())
}

/// The catalogue a create form offers, with the rated games a rating stays provisional
/// for ([`crate::ratings::PROVISIONAL_GAMES`]): a leaderboard says when a player is listed;
/// and this server's `--table-speed` as the speed offered first, the one a table that
/// names none plays at.
async fn catalogue(State(server): State<Server>) -> Json<serde_json::Value> {
    let offer = scene::offer::Offer {
        default_speed: server.edge.limits().table_speed.name(),
        ..scene::offer::offer()
    };
    let mut offer = serde_json::to_value(offer).expect("the offer serializes");
    offer["provisional_games"] = crate::ratings::PROVISIONAL_GAMES.into();
    Json(offer)
}

/// Refuses a request naming a host this server is not reached at ([`Edge::check_host`]).
async fn check_host(State(server): State<Server>, request: Request, next: Next) -> Response {
    match server.edge.check_host(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// Counts an API request against its address's message bucket.
async fn limit_api(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let address = server.edge.client(peer, request.headers());
    match server.edge.message(address) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// The lobby's page after `?after=` (see [`crate::lobby::Lobby::public_tables`]).
async fn list_tables(
    State(server): State<Server>,
    Query(page): Query<Page>,
) -> Json<Vec<protocol::TableSummary>> {
    let mut tables = server.public_tables(page.after.as_deref());
    tables.truncate(page.limit());
    Json(tables)
}

/// `?after=ID&limit=N`: the page after the entry `after`, of at most `limit` (and at
/// most [`PAGE`]) entries.
#[derive(serde::Deserialize)]
pub(crate) struct Page {
    pub(crate) after: Option<String>,
    pub(crate) limit: Option<usize>,
}

impl Page {
    pub(crate) fn limit(&self) -> usize {
        self.limit.unwrap_or(PAGE).clamp(1, PAGE)
    }
}

/// `/metrics`: Prometheus text, to loopback and the networks `--metrics-from` names
/// (the TCP peer's address: a forwarded one is the client's to forge); to anyone else
/// the page is not there.
async fn metrics_text(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    if !server.edge.may_scrape(peer.ip()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let tables = server.tables.count();
    let leases = server.leases.count();
    let text = metrics::metrics().render(tables, server.edge.connections(), leases);
    let kind = [(
        axum::http::header::CONTENT_TYPE,
        "text/plain; version=0.0.4",
    )];
    (kind, text).into_response()
}
