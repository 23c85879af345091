//! People's public pages as JSON and SVG (issue 58): a profile (`/api/users/{name}`: the
//! ratings and the last public games), the next pages of its games, a rating graph drawn
//! by the server, a leaderboard per game and rules, and the signed-in person's own games
//! (`/api/account/games`, private tables too). Each public answer is kept a few seconds
//! ([`Brief`]) and every request is counted against its address's message bucket, so
//! nobody makes the store work per request without bound.

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use catalogue::{GameKind, Variant};
use serde::Serialize;

use super::Page;
use crate::blocking::blocking;
use crate::brief::Brief;
use crate::edge::Refusal;
use crate::graph;
use crate::ids::{Signed, TableId};
use crate::lobby::PAGE;
use crate::ratings::PROVISIONAL_GAMES;
use crate::server::Server;
use crate::store::{Played, RatingRow, Store, StoreError};

/// Games a profile shows; the rest come a page at a time from `/games`.
const PROFILE_GAMES: usize = 20;

/// Rated games a graph draws: the last so many.
const GRAPH_GAMES: usize = 500;

/// The furthest a leaderboard pages (`?after=`): past it, a query's offset would make the
/// store walk ever more rows for one page.
pub(crate) const BOARD_DEPTH: usize = 10_000;

/// `/api/users/{name}`.
#[derive(Serialize)]
struct Profile {
    /// The name as the server keeps it.
    name: String,
    /// One per rating key, by key.
    ratings: Vec<RatingEntry>,
    /// The last public games, newest first.
    games: Vec<GameEntry>,
}

/// A person's rating under one key.
#[derive(Serialize)]
struct RatingEntry {
    /// `euchre`.
    game: String,
    /// `eecs280`.
    rules: String,
    /// `euchre/eecs280`.
    key: String,
    /// The rating shown and ranked by: `mu - 3 sigma`.
    rating: f64,
    mu: f64,
    sigma: f64,
    games: u32,
    wins: u32,
    /// Fewer than [`PROVISIONAL_GAMES`] games: the rating still moves fast.
    provisional: bool,
}

/// A finished game a person sat at.
#[derive(Serialize)]
struct GameEntry {
    table: TableId,
    game: GameKind,
    rules: String,
    title: String,
    /// When it ended, in seconds since 1970.
    ended: Option<u64>,
    seat: usize,
    /// Whether the person's side won: rated games say; `null` for an unrated one.
    won: Option<bool>,
    rated: bool,
}

/// A leaderboard's entry.
#[derive(Serialize)]
struct BoardEntry {
    /// From 1.
    place: usize,
    name: String,
    /// `mu - 3 sigma`.
    rating: f64,
    games: u32,
}

/// `?after=N&limit=N`: the leaderboard's page after its first `after` entries.
#[derive(serde::Deserialize)]
pub(crate) struct Places {
    after: Option<usize>,
    limit: Option<usize>,
}

impl Places {
    /// The first page.
    #[cfg(test)]
    pub(crate) fn first() -> Places {
        Places {
            after: None,
            limit: None,
        }
    }
}

impl RatingEntry {
    fn of(row: RatingRow) -> RatingEntry {
        let (game, rules) = row.key.split_once('/').unwrap_or((&row.key, ""));
        RatingEntry {
            game: game.to_string(),
            rules: rules.to_string(),
            rating: row.rating.shown(),
            mu: row.rating.mu,
            sigma: row.rating.sigma,
            games: row.games,
            wins: row.wins,
            provisional: row.games < PROVISIONAL_GAMES,
            key: row.key,
        }
    }
}

impl GameEntry {
    fn of(played: Played) -> GameEntry {
        GameEntry {
            title: crate::table::row_title(&played.row),
            table: played.row.id,
            game: played.row.game,
            rules: played.row.rules,
            ended: played.ended,
            seat: played.seat,
            won: played.won,
            rated: played.row.rated,
        }
    }
}

/// A store failure as a refusal.
fn failed(e: StoreError) -> Refusal {
    Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
}

/// The account named `name` (compared by [`crate::names::key`]), or `no_user`.
fn person(store: &dyn Store, name: &str) -> Result<Signed, Refusal> {
    store
        .profile_of(&crate::names::key(name))
        .map_err(failed)?
        .ok_or_else(|| Refusal::new(StatusCode::NOT_FOUND, "no_user", "nobody has that name"))
}

/// The rating key of `game` and `rules` as a path names them, or `no_game`.
fn rating_key(game: &str, rules: &str) -> Result<(GameKind, Variant, String), Refusal> {
    let unknown =
        |e: catalogue::Error| Refusal::new(StatusCode::NOT_FOUND, "no_game", e.to_string());
    let kind: GameKind = game.parse().map_err(unknown)?;
    let variant = Variant::named(kind, Some(rules)).map_err(unknown)?;
    Ok((kind, variant, crate::ratings::key(kind, variant.rules())))
}

fn json(value: &impl Serialize) -> Bytes {
    Bytes::from(serde_json::to_vec(value).expect("answers serialize"))
}

/// A kept body as a response of `kind`, or its refusal.
fn answer(body: Result<Bytes, Refusal>, kind: &'static str, brief: &Brief) -> Response {
    match body {
        Ok(body) => {
            let age = format!("public, max-age={}", brief.ttl().as_secs());
            (
                [
                    (header::CONTENT_TYPE, kind),
                    (header::CACHE_CONTROL, age.as_str()),
                ],
                body,
            )
                .into_response()
        }
        Err(refusal) => refusal.into_response(),
    }
}

/// `/api/users/{name}`: the person's ratings and last public games.
pub(crate) async fn profile(
    State(server): State<Server>,
    UrlPath(name): UrlPath<String>,
) -> Response {
    let store = server.store.clone();
    let key = format!("user/{}", crate::names::key(&name));
    let body = server
        .brief
        .get(key, move || {
            let who = person(&*store, &name)?;
            let ratings = store.ratings(&who.id).map_err(failed)?;
            let games = store
                .played(&who.id, false, None, PROFILE_GAMES)
                .map_err(failed)?;
            Ok(json(&Profile {
                name: who.name,
                ratings: ratings.into_iter().map(RatingEntry::of).collect(),
                games: games.into_iter().map(GameEntry::of).collect(),
            }))
        })
        .await;
    answer(body, "application/json", &server.brief)
}

/// `/api/users/{name}/games?after=TABLE&limit=N`: the next page of the person's public
/// games.
pub(crate) async fn games(
    State(server): State<Server>,
    UrlPath(name): UrlPath<String>,
    Query(page): Query<Page>,
) -> Response {
    let store = server.store.clone();
    let limit = page.limit();
    let after = page.after;
    let key = format!(
        "games/{}/{}/{limit}",
        crate::names::key(&name),
        after.as_deref().unwrap_or("")
    );
    let body = server
        .brief
        .get(key, move || {
            let who = person(&*store, &name)?;
            let games = store
                .played(&who.id, false, after.as_deref(), limit)
                .map_err(failed)?;
            Ok(json(
                &games.into_iter().map(GameEntry::of).collect::<Vec<_>>(),
            ))
        })
        .await;
    answer(body, "application/json", &server.brief)
}

/// `/api/users/{name}/rating/{game}/{rules}.svg`: the person's rating graph under the
/// key, drawn by the server.
pub(crate) async fn graph(
    State(server): State<Server>,
    UrlPath((name, game, file)): UrlPath<(String, String, String)>,
) -> Response {
    let Some(rules) = file.strip_suffix(".svg").map(str::to_string) else {
        return Refusal::new(
            StatusCode::NOT_FOUND,
            "no_game",
            "a graph is GAME/RULES.svg",
        )
        .into_response();
    };
    let store = server.store.clone();
    let key = format!("graph/{}/{game}/{rules}", crate::names::key(&name));
    let body = server
        .brief
        .get(key, move || {
            let (kind, variant, key) = rating_key(&game, &rules)?;
            let who = person(&*store, &name)?;
            let history = store.history(&who.id, &key, GRAPH_GAMES).map_err(failed)?;
            let points: Vec<graph::Point> = (history.iter())
                .map(|change| graph::Point {
                    n: change.n,
                    rating: change.rating.shown(),
                })
                .collect();
            let title = format!(
                "{}'s {} rating ({})",
                who.name,
                kind.title(),
                scene::offer::variant_title(variant)
            );
            Ok(Bytes::from(graph::draw(&title, &points)))
        })
        .await;
    answer(body, "image/svg+xml", &server.brief)
}

/// `/api/leaderboard/{game}/{rules}?after=N&limit=N`: people past their provisional
/// games, best shown rating first.
pub(crate) async fn leaderboard(
    State(server): State<Server>,
    UrlPath((game, rules)): UrlPath<(String, String)>,
    Query(page): Query<Places>,
) -> Response {
    let skip = page.after.unwrap_or(0);
    if skip > BOARD_DEPTH {
        let why = format!("a leaderboard pages to its first {BOARD_DEPTH} places");
        return Refusal::new(StatusCode::BAD_REQUEST, "bad_page", why).into_response();
    }
    let limit = page.limit.unwrap_or(PAGE).clamp(1, PAGE);
    let store = server.store.clone();
    let key = format!("board/{game}/{rules}/{skip}/{limit}");
    let body = server
        .brief
        .get(key, move || {
            let (_, _, key) = rating_key(&game, &rules)?;
            let ranked = store.leaderboard(&key, skip, limit).map_err(failed)?;
            let entries: Vec<BoardEntry> = (ranked.into_iter().zip(skip + 1..))
                .map(|(r, place)| BoardEntry {
                    place,
                    name: r.name,
                    rating: r.rating.shown(),
                    games: r.games,
                })
                .collect();
            Ok(json(&entries))
        })
        .await;
    answer(body, "application/json", &server.brief)
}

/// `/api/account/games?after=TABLE&limit=N`: the signed-in person's finished games,
/// private tables too, from every device; `signed_out` for a guest. Not kept: it is one
/// person's, and changes as they play.
pub(crate) async fn my_games(
    State(server): State<Server>,
    headers: HeaderMap,
    Query(page): Query<Page>,
) -> Response {
    let accounts = server.accounts.clone();
    let account = match blocking(move || accounts.signed_in(&headers)) {
        Ok(session) => session.signed.id,
        Err(refusal) => return refusal.into_response(),
    };
    let store = server.store.clone();
    let limit = page.limit();
    let played = blocking(move || store.played(&account, true, page.after.as_deref(), limit));
    match played {
        Ok(games) => {
            let entries: Vec<GameEntry> = games.into_iter().map(GameEntry::of).collect();
            ([(header::CONTENT_TYPE, "application/json")], json(&entries)).into_response()
        }
        Err(e) => failed(e).into_response(),
    }
}
