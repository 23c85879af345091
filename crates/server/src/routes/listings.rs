//! The finished games' lists: `/api/games` a page at a time, and one game's listing
//! with how it ended, replayed to its end.

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use catalogue::WithGame;
use catalogue::{Roster, Ruleset, Variant};

use super::records::{finished, record_seats, seated};
use super::Page;
use crate::ids::AccountId;
use crate::protocol;
use crate::server::Server;
use crate::store::{RatingMove, Stored, TableRow};
use crate::table;

/// Finished public games, newest first, a page at a time (`?after=` the last one's
/// `table`), as `/api/games/{id}/record` serves them; read without their actions. A
/// private table's id is the secret of its link (and of its rematch's), so it is never
/// listed.
pub(crate) async fn list_games(State(server): State<Server>, Query(page): Query<Page>) -> Response {
    let store = server.store.clone();
    let limit = page.limit();
    let games = tokio::task::spawn_blocking(move || store.games(page.after.as_deref(), limit))
        .await
        .expect("the store does not panic");
    match games {
        Ok(games) => Json(
            games
                .iter()
                .map(|g| listing(&g.row, g.actions, g.ended))
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// One finished game as `/api/games` lists it, found by its table's id (the secret of a
/// private table's link), with how it ended ([`ended_listing`]): what a browser's "my
/// games" shows of a game it sat at. A game in progress is refused like its record.
pub(crate) async fn game_listing(
    State(server): State<Server>,
    UrlPath(id): UrlPath<String>,
) -> Response {
    let store = server.store.clone();
    let found = tokio::task::spawn_blocking(move || {
        let stored = finished(&*store, &id)?;
        // A rating that cannot be read is left out: the game's result still shows.
        let moves = store.moves(&id).unwrap_or_default();
        Ok::<_, crate::edge::Refusal>(ended_listing(stored, &moves))
    })
    .await
    .expect("the store does not panic");
    match found {
        Ok(listing) => Json(listing).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// A finished table as the finished games' lists show it.
fn listing(row: &TableRow, actions: u64, ended: Option<u64>) -> protocol::GameListing {
    protocol::GameListing {
        table: row.id.clone(),
        game: row.game,
        rules: row.rules.clone(),
        title: table::row_title(row),
        points: row.points,
        actions,
        ended,
        result: None,
    }
}

/// A finished table's listing with its `result`: the game replayed to its end and seen as
/// a spectator sees it — the scene's sentence, standings, winners and sides — each seat's
/// share of it told apart (won, points, partners, opponents). No word of it is made here:
/// the names are the table's, the rest the scene's.
fn ended_listing(stored: Stored, moves: &[RatingMove]) -> protocol::GameListing {
    let mut listed = listing(&stored.row, stored.actions.len() as u64, stored.ended);
    let nameplates = seated(&record_seats(&stored));
    let rules = Variant::named(stored.row.game, Some(&stored.row.rules))
        .ok()
        .and_then(|v| Ruleset::new(v, stored.row.points, &stored.row.house).ok());
    let end = rules.and_then(|rules| {
        let at_end = AtTheEnd {
            stored: &stored,
            nameplates: &nameplates,
        };
        rules.with_game(at_end)
    });
    let Some(end) = end else {
        return listed;
    };
    let Some(result) = end.result else {
        return listed;
    };
    let side_of = |seat: usize| end.score.rows.iter().find(|r| r.seats.contains(&seat));
    let seats = (nameplates.iter().enumerate())
        .map(|(seat, nameplate)| {
            let side = side_of(seat).map(|r| r.seats.clone()).unwrap_or(vec![seat]);
            let named = |keep: &dyn Fn(usize) -> bool| {
                (0..nameplates.len())
                    .filter(|&s| keep(s))
                    .map(|s| nameplates[s].name.clone())
                    .collect::<Vec<_>>()
            };
            let person = nameplate.presence == scene::Presence::Person;
            let stored_seat = stored.seats.iter().find(|s| s.seat == seat);
            protocol::SeatOutcome {
                seat,
                name: nameplate.name.clone(),
                kind: if person { "person" } else { "computer" }.into(),
                won: result.winners.contains(&seat),
                points: end.seats.get(seat).map_or(0.0, |s| s.points),
                partners: named(&|s| s != seat && side.contains(&s)),
                opponents: named(&|s| !side.contains(&s)),
                left: stored_seat.and_then(|s| s.left).map(|left| left.seq),
                rating: stored_seat.and_then(|s| moved(moves, s.account.as_ref()?)),
            }
        })
        .collect();
    listed.result = Some(protocol::GameOutcome { result, seats });
    listed
}

/// How `account`'s rating moved, from the game's `moves`, in the figure profiles show.
fn moved(moves: &[RatingMove], account: &AccountId) -> Option<protocol::RatingMoved> {
    let found = moves.iter().find(|m| &m.account == account)?;
    Some(protocol::RatingMoved {
        before: found.before.shown(),
        after: found.after.shown(),
        won: found.won,
    })
}

/// A stored game's scene at its end, as a spectator sees it; `None` if it does not replay
/// to an end.
struct AtTheEnd<'a> {
    stored: &'a Stored,
    nameplates: &'a [scene::Nameplate],
}

impl WithGame for AtTheEnd<'_> {
    type Output = Option<scene::Scene>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let actions = (self.stored.actions.iter())
            .map(|&stored| G::from_any(stored))
            .collect::<Option<Vec<_>>>()?;
        let row = &self.stored.row;
        let deals = row.deals.reveal().to_vec();
        let progress =
            ::table::Progress::replay(new(), row.seed.reveal(), deals, actions, |_, _| {}).ok()?;
        let shown = scene::shown(&progress, None, self.nameplates, row.points);
        shown.scene.result.is_some().then_some(shown.scene)
    }
}
