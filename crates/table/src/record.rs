use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::{Game, Rng, Turn};

/// A whole game as (game, variant, seed, seats, actions): dealing from an RNG seeded
/// with `seed` and applying `actions` in order reaches the same final state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord<A> {
    pub game: String,
    pub variant: String,
    /// Seeds the RNG of chance (shuffles).
    pub seed: u64,
    /// The player in each seat, by name.
    pub seats: Vec<String>,
    pub actions: Vec<A>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError(pub String);

impl<A: Copy + std::fmt::Debug> GameRecord<A> {
    /// Replays onto `game` (a fresh game of the recorded variant).
    pub fn replay<G: Game<Action = A>>(&self, mut game: G) -> Result<G, ReplayError> {
        if game.name() != self.game || game.variant() != self.variant {
            return Err(ReplayError(format!(
                "a {} {} record replayed on {} {}",
                self.game,
                self.variant,
                game.name(),
                game.variant()
            )));
        }
        let mut chance = Rng::seed_from_u64(self.seed);
        let mut actions = self.actions.iter();
        loop {
            match game.turn() {
                Turn::Chance => game.deal(&mut chance),
                Turn::Over => break,
                Turn::Seat(_) => match actions.next() {
                    Some(&action) => game
                        .apply(action)
                        .map_err(|e| ReplayError(format!("{action:?}: {}", e.0)))?,
                    None => break,
                },
            }
        }
        match actions.next() {
            Some(extra) => Err(ReplayError(format!(
                "actions left after the game ended: {extra:?}"
            ))),
            None => Ok(game),
        }
    }
}
