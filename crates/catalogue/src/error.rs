use std::fmt;

use crate::{GameKind, MAX_SAMPLES};

/// A name the catalogue does not know, or a line-up that does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No game has this name.
    UnknownGame(String),
    /// The game has no rules variant of this name.
    UnknownVariant {
        /// The game asked for.
        game: GameKind,
        /// The name given.
        name: String,
    },
    /// The game has no player of this name.
    UnknownPlayer {
        /// The game asked for.
        game: GameKind,
        /// The name given.
        name: String,
    },
    /// `strong:N` with an N that is not a whole number from 1 to [`MAX_SAMPLES`].
    Samples(String),
    /// House rules the game's rules core refused.
    House {
        /// The game asked for.
        game: GameKind,
        /// Which option, and why.
        error: table::HouseError,
    },
    /// The line-up names the wrong number of players for the game's rules.
    SeatCount {
        /// The game asked for.
        game: GameKind,
        /// How many players the line-up named.
        given: usize,
        /// How many sit under the rules.
        seats: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownGame(name) => write!(
                f,
                "unknown game '{name}': one of {}",
                GameKind::ALL.map(GameKind::name).join(", ")
            ),
            Error::UnknownVariant { game, name } => write!(
                f,
                "{game} has no rules '{name}': one of {}",
                game.variants().join(", ")
            ),
            Error::UnknownPlayer { game, name } => write!(
                f,
                "unknown player '{name}' for {game}: one of {}, or strong:N (N from 1 to {MAX_SAMPLES})",
                game.players().join(", ")
            ),
            Error::Samples(text) => write!(
                f,
                "'{text}': strong:N takes N, the deals sampled per decision, as a whole number from 1 to {MAX_SAMPLES}"
            ),
            Error::House { game, error } => write!(f, "{game} house rules: {error}"),
            Error::SeatCount { game, given, seats } => {
                write!(f, "{game} needs {seats} players in the line-up, got {given}")?;
                match game.seats_option() {
                    Some(option) if *seats == game.seats() => {
                        write!(f, " (house rule {option}=N seats N)")
                    }
                    _ => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for Error {}
