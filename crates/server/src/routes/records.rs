//! A finished game's record, its every step and each seat's review: refused while the
//! game is in progress (they would show every hand), the last two computed once and
//! counted against the address's replays a minute.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path as UrlPath, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Json, Response};

use crate::edge;
use crate::protocol;
use crate::replays;
use crate::server::Server;
use ::table::RecordSeat;

use crate::store::{Store, Stored};

/// A finished table's game record in the arena's `--record` format. A game in progress
/// is refused: its seed deals every hand.
pub(super) async fn record(State(server): State<Server>, UrlPath(id): UrlPath<String>) -> Response {
    let store = server.store.clone();
    let record = tokio::task::spawn_blocking(move || finished_record(&*store, &id))
        .await
        .expect("the store does not panic");
    match record {
        Ok(record) => Json(record).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// Every moment of a finished table's game, all hands face up ([`scene::steps`]), for
/// the client's replay page, computed once ([`replays::Replays`]) and downloaded at most
/// [`edge::Limits::replays_per_minute`] times a minute by one address (a long game's are
/// megabytes). A game in progress is refused: its hands are secret.
pub(super) async fn steps(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    UrlPath(id): UrlPath<String>,
) -> Response {
    let (store, table) = (server.store.clone(), id.clone());
    kept(&server, peer, &headers, &server.replays, id, move || {
        let record = finished_record(&*store, &table)?;
        let steps = scene::record_steps(&record).map_err(|e| {
            edge::Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
        })?;
        Ok(protocol::encode(&protocol::Replay {
            table: &table,
            game: &record.game,
            rules: &record.variant,
            points: record.points,
            seats: &record.seats,
            players: (seated(&record.seats).into_iter())
                .map(|nameplate| protocol::ReplayPlayer {
                    person: nameplate.presence == scene::Presence::Person,
                    name: nameplate.name,
                })
                .collect(),
            steps,
        }))
    })
    .await
}

/// A seat's review of a finished table's game ([`scene::record_review`]): each of its
/// decisions weighed from its own information at that moment. Computed once per seat,
/// one at a time, and counted against the address's replays a minute (each decision is a
/// strong player's search). A game in progress is refused like its steps.
pub(super) async fn review(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    UrlPath((id, seat)): UrlPath<(String, usize)>,
) -> Response {
    let store = server.store.clone();
    kept(
        &server,
        peer,
        &headers,
        &server.reviews,
        format!("{id}/{seat}"),
        move || {
            let record = finished_record(&*store, &id)?;
            let review = scene::record_review(&record, seat).map_err(|e| match e {
                scene::ReviewError::NoSeat(_) => {
                    edge::Refusal::new(StatusCode::NOT_FOUND, "no_seat", e.to_string())
                }
                _ => {
                    edge::Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
                }
            })?;
            Ok(protocol::encode(&review))
        },
    )
    .await
}

/// A finished game's JSON that `compute` makes once and `cache` keeps under `key`, taken
/// from the asking address's replays a minute.
async fn kept(
    server: &Server,
    peer: SocketAddr,
    headers: &axum::http::HeaderMap,
    cache: &replays::Replays,
    key: String,
    compute: impl FnOnce() -> Result<String, edge::Refusal> + Send + 'static,
) -> Response {
    let address = server.edge.client(peer, headers);
    if let Err(refusal) = server.edge.replay(address) {
        return refusal.into_response();
    }
    let body = cache
        .get(&key, move || compute().map(axum::body::Bytes::from))
        .await;
    match body {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// A stored table as a game record, once its game is over: the one place the seed and
/// prescribed deals leave the server.
fn finished_record(store: &dyn Store, id: &str) -> Result<protocol::GameRecord, edge::Refusal> {
    let stored = finished(store, id)?;
    let seats = record_seats(&stored);
    Ok(protocol::GameRecord {
        game: stored.row.game.name().into(),
        variant: stored.row.rules,
        points: stored.row.points,
        house: stored.row.house,
        seed: stored.row.seed.reveal(),
        deals: stored.row.deals.reveal().to_vec(),
        seats,
        actions: stored.actions,
    })
}

/// Who sat where at a stored table: its computer players, the people who took a seat,
/// and the seats nobody took.
pub(super) fn record_seats(stored: &Stored) -> Vec<RecordSeat> {
    (stored.row.bots.iter().enumerate())
        .map(|(seat, bot)| match bot {
            Some(kind) => RecordSeat::Computer(kind.clone()),
            None => (stored.seats.iter())
                .find(|s| s.seat == seat)
                .map_or(RecordSeat::Open, |s| RecordSeat::Person(s.name.clone())),
        })
        .collect()
}

/// Each seat's player of a finished table as its pages name them
/// ([`scene::seat_name`]), a person told apart from a computer.
pub(super) fn seated(seats: &[RecordSeat]) -> Vec<scene::Nameplate> {
    (seats.iter().enumerate())
        .map(|(seat, sat)| scene::Nameplate {
            name: scene::seat_name(seat, sat),
            presence: match sat {
                RecordSeat::Person(_) => scene::Presence::Person,
                _ => scene::Presence::Computer,
            },
        })
        .collect()
}

/// A stored table whose game is over; one in progress is refused (its record would show
/// every hand), a missing one not found.
pub(super) fn finished(store: &dyn Store, id: &str) -> Result<Stored, edge::Refusal> {
    match store.table(id) {
        Ok(Some(stored)) if !stored.finished => Err(edge::Refusal::new(
            StatusCode::FORBIDDEN,
            "in_progress",
            "the game is not over: its record would show every hand",
        )),
        Ok(Some(stored)) => Ok(stored),
        Ok(None) => Err(edge::Refusal::new(
            StatusCode::NOT_FOUND,
            "no_table",
            "no such table",
        )),
        Err(e) => Err(edge::Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage",
            e.to_string(),
        )),
    }
}
