use crate::{GameKind, MAX_SAMPLES};

/// A name the catalogue does not know, or a line-up that does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No game has this name.
    #[error("unknown game '{0}': one of {games}", games = GameKind::ALL.map(GameKind::name).join(", "))]
    UnknownGame(String),
    /// The game has no rules variant of this name.
    #[error("{game} has no rules '{name}': one of {variants}", variants = game.variants().join(", "))]
    UnknownVariant {
        /// The game asked for.
        game: GameKind,
        /// The name given.
        name: String,
    },
    /// The game has no player of this name.
    #[error(
        "unknown player '{name}' for {game}: one of {players}, or strong:N (N from 1 to {MAX_SAMPLES})",
        players = game.players().join(", ")
    )]
    UnknownPlayer {
        /// The game asked for.
        game: GameKind,
        /// The name given.
        name: String,
    },
    /// `strong:N` (or Euchre's `learned:N`) with an N that is not a whole number from 1
    /// to [`MAX_SAMPLES`].
    #[error(
        "'{0}': strong:N (and Euchre's learned:N) takes N, the deals sampled per decision, as a whole number from 1 to {MAX_SAMPLES}"
    )]
    Samples(String),
    /// House rules the game's rules core refused.
    #[error("{game} house rules: {error}")]
    House {
        /// The game asked for.
        game: GameKind,
        /// Which option, and why.
        error: table::HouseError,
    },
    /// The line-up names the wrong number of players for the game's rules.
    #[error("{game} needs {seats} players in the line-up, got {given}{}", seats_hint(*game, *seats))]
    SeatCount {
        /// The game asked for.
        game: GameKind,
        /// How many players the line-up named.
        given: usize,
        /// How many sit under the rules.
        seats: usize,
    },
}

/// After a line-up of the wrong size for a game whose seats a house rule sets, and whose
/// default it was: how to seat another number.
fn seats_hint(game: GameKind, seats: usize) -> String {
    match game.seats_option() {
        Some(option) if seats == game.seats() => format!(" (house rule {option}=N seats N)"),
        _ => String::new(),
    }
}
