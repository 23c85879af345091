//! Checking what a client or the operator asks a new table to be: its game, rules, seats
//! and players, against the catalogue and this server's limits, into the row it is
//! stored as.

use catalogue::{GameKind, PlayerSpec, Ruleset, Variant};

use crate::edge::{Limits, Refusal};
use crate::protocol::TableSpec;
use crate::restore::RestoreError;
use crate::store::{self, Deals, Seed, StoreError, TableRow};

/// Why a table could not be opened (the `bad_table` refusal's message).
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// A game, rules variant or player the catalogue does not know.
    #[error(transparent)]
    Unknown(#[from] catalogue::Error),
    /// Not one seat kind per seat.
    #[error("{game} has {seats} seats")]
    Seats {
        /// The game asked for.
        game: GameKind,
        /// How many seats its rules have.
        seats: usize,
    },
    /// Points to win outside 1 to 100.
    #[error("points to win are 1 to 100")]
    Points,
    /// A strong player asked to sample more deals than this server allows.
    #[error("this server's strong players sample at most {0} deals a decision")]
    Samples(u32),
    /// Too many computer-only tables from one address, or none allowed.
    #[error(transparent)]
    Limit(#[from] Refusal),
    /// An autopilot wait over an hour.
    #[error("the autopilot waits at most 3600 seconds")]
    Autopilot,
    /// The table could not be stored.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored table could not be started again.
    #[error(transparent)]
    Restore(#[from] RestoreError),
    /// Another node holds the table's lease: it runs there.
    #[error("the table runs on another node")]
    Elsewhere,
    /// A rated table asked for a computer player: ratings compare people only.
    #[error("a rated table is for people only: every seat must be open, not {0}")]
    RatedComputer(String),
}

/// How many people `spec` seats, once its computer players are within what a network
/// table may ask of the computer ([`Limits::max_samples`]).
pub fn people(spec: &TableSpec, limits: &Limits) -> Result<usize, SpecError> {
    let game: GameKind = spec.game.parse()?;
    let mut people = 0;
    for seat in &spec.seats {
        match seat.as_str() {
            "open" => people += 1,
            name => {
                if let Some(n) = PlayerSpec::parse(game, name)?.samples() {
                    if n > limits.max_samples {
                        return Err(SpecError::Samples(limits.max_samples));
                    }
                }
            }
        }
    }
    Ok(people)
}

/// The row a table opened as `spec` asks is stored as, with a new id and seed, at `speed`
/// where the spec names none; refused if the catalogue or the rules do not allow it.
pub fn row(spec: &TableSpec, speed: scene::Speed) -> Result<TableRow, SpecError> {
    let game: GameKind = spec.game.parse()?;
    let variant = Variant::named(game, spec.rules.as_deref())?;
    if !(1..=100).contains(&spec.points) {
        return Err(SpecError::Points);
    }
    let rules = Ruleset::new(variant, spec.points, &spec.house)?;
    // How many sit is the rules' (Straights' house rule `players`).
    if spec.seats.len() != rules.seats() {
        return Err(SpecError::Seats {
            game,
            seats: rules.seats(),
        });
    }
    if spec.autopilot_seconds > 3600 {
        return Err(SpecError::Autopilot);
    }
    if spec.rated {
        if let Some(computer) = spec.seats.iter().find(|seat| *seat != "open") {
            return Err(SpecError::RatedComputer(computer.clone()));
        }
    }
    let bots = spec
        .seats
        .iter()
        .map(|seat| match seat.as_str() {
            "open" => Ok(None),
            name => PlayerSpec::parse(game, name).map(|spec| Some(spec.to_string())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TableRow {
        // The whole token: a private table's id is the secret of its link.
        id: store::new_token(),
        game,
        rules: variant.rules().to_string(),
        points: spec.points,
        house: rules.house().to_vec(),
        seed: Seed::from_os()?,
        deals: Deals::default(),
        public: spec.public,
        bots,
        autopilot_seconds: spec.autopilot_seconds,
        coach: spec
            .coach
            .unwrap_or(spec.seats.iter().filter(|s| *s == "open").count() <= 1),
        rated: spec.rated,
        speed: spec.speed.unwrap_or(speed),
    })
}
