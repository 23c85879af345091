//! `/api/how-to-play`: how to play a game under the rules a table is set to, as the
//! scene works it out ([`scene::how_to_play`]): the browser's "How to play".

use axum::extract::Query;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use catalogue::{GameKind, Ruleset, Variant};
use serde::Deserialize;

use crate::edge::Refusal;

/// The rules asked about: `?game=euchre&rules=cs246&points=10&house=alone%3Doff,pack%3D32`.
#[derive(Deserialize)]
pub(crate) struct Asked {
    game: String,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default = "ten")]
    points: u32,
    /// House rules, `OPTION=VALUE` each, separated by commas.
    #[serde(default)]
    house: String,
}

fn ten() -> u32 {
    10
}

/// How to play the game asked about; `400` `bad_table` naming what the catalogue refused.
pub(crate) async fn how_to_play(Query(asked): Query<Asked>) -> Response {
    match ruleset(&asked) {
        Ok(rules) => Json(scene::how_to_play(&rules)).into_response(),
        Err(why) => Refusal::new(StatusCode::BAD_REQUEST, "bad_table", why).into_response(),
    }
}

/// The rules `asked` names, checked as `create` checks them.
fn ruleset(asked: &Asked) -> Result<Ruleset, String> {
    let game: GameKind = asked
        .game
        .parse()
        .map_err(|e: catalogue::Error| e.to_string())?;
    let variant = Variant::named(game, asked.rules.as_deref()).map_err(|e| e.to_string())?;
    if !(1..=100).contains(&asked.points) {
        return Err("points to win are 1 to 100".into());
    }
    let house: Vec<&str> = (asked.house.split(',')).filter(|h| !h.is_empty()).collect();
    Ruleset::new(variant, asked.points, &house).map_err(|e| e.to_string())
}
