use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Game, Progress};

/// A whole game as (game, variant, seed, seats, actions): dealing from an RNG seeded
/// with `seed` and applying `actions` in order reaches the same final state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord<A> {
    /// The game's name (`euchre`).
    pub game: String,
    /// The rules variant's name (`eecs280`).
    pub variant: String,
    /// Points to win (games that play to a score; records without it were played to 10).
    #[serde(default = "ten")]
    pub points: u32,
    /// House rules on top of the variant, as [`Game::house`] writes them (`alone=off`);
    /// none for a game played as its variant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<String>,
    /// Seeds the RNG of chance (shuffles).
    pub seed: u64,
    /// Prescribed decks for the first hands (duplicate play, tests), each the pack in
    /// the order dealt; the seed shuffles the hands after them. Usually empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<Vec<cards::Card>>,
    /// The player in each seat, by name.
    pub seats: Vec<String>,
    /// Every action taken, in order.
    pub actions: Vec<A>,
}

fn ten() -> u32 {
    10
}

/// `euchre eecs280`, with ` alone=off,renege=2` when house rules apply.
fn described(game: &str, variant: &str, house: &[String]) -> String {
    match house {
        [] => format!("{game} {variant}"),
        _ => format!("{game} {variant} {}", house.join(",")),
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<R> {
    /// The record is of another game or rules variant than the game it was replayed on.
    WrongGame {
        /// The record's `game variant`.
        recorded: String,
        /// The given game's `game variant`.
        given: String,
    },
    /// The rules refused the action at this index of the record.
    Refused {
        /// The action's place in the record's `actions`, from 0.
        index: usize,
        /// Why the rules refused it.
        refusal: R,
    },
    /// The game ended before the record's actions did; the first extra is at `index`.
    ActionsAfterEnd {
        /// The first extra action's place in the record's `actions`.
        index: usize,
    },
    /// A prescribed deck is not the game's pack in some order.
    NotADeck {
        /// Its place in the record's `deals`, from 0.
        index: usize,
    },
}

impl<R: fmt::Display> fmt::Display for ReplayError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::WrongGame { recorded, given } => {
                write!(f, "a {recorded} record cannot be replayed on {given}")
            }
            ReplayError::Refused { index, refusal } => {
                write!(f, "action {index} of the record is refused: {refusal}")
            }
            ReplayError::ActionsAfterEnd { index } => {
                write!(f, "the game is over before action {index} of the record")
            }
            ReplayError::NotADeck { index } => {
                write!(f, "deal {index} of the record is not the game's pack")
            }
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for ReplayError<R> {}

impl<A: Copy + fmt::Debug> GameRecord<A> {
    /// The record of `game`, played from its start with a random player in every seat
    /// (`random`), dealt from `seed`, to `points`, taking `actions`: what tests and the
    /// arena's checks write.
    pub fn of_random<G: Game<Action = A>>(
        game: &G,
        seed: u64,
        points: u32,
        actions: Vec<A>,
    ) -> GameRecord<A> {
        GameRecord {
            game: game.name().to_string(),
            variant: game.variant().to_string(),
            points,
            house: game.house(),
            seed,
            deals: Vec::new(),
            seats: vec!["random".to_string(); game.seats()],
            actions,
        }
    }

    /// Whether `game` is of the record's game, rules variant and house rules.
    pub fn check_game<G: Game<Action = A>>(&self, game: &G) -> Result<(), ReplayError<G::Refusal>> {
        if game.name() != self.game || game.variant() != self.variant || game.house() != self.house
        {
            return Err(ReplayError::WrongGame {
                recorded: described(&self.game, &self.variant, &self.house),
                given: described(game.name(), game.variant(), &game.house()),
            });
        }
        Ok(())
    }

    /// Replays onto `game` (a fresh game of the recorded variant) through
    /// [`Progress::replay`], the one replay loop.
    pub fn replay<G: Game<Action = A>>(&self, game: G) -> Result<G, ReplayError<G::Refusal>> {
        Progress::from_record(game, self).map(Progress::into_game)
    }
}
