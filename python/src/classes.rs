//! The data of the two classes that take each other as arguments (`Batch.step_player`
//! takes a Player, `Player.act_batch` a Batch), kept below both files of methods so
//! that neither imports the other; and the base class of a Game and a Batch.

use crate::errors::refused;
use ::catalogue::{GameKind, PlayerSpec};
use pyo3::prelude::*;
use table::Rng;

/// What a Game and a Batch both tell of the arrays a learning program sizes by them
/// (set once: they never change).
#[pyclass(module = "cardtable._cardtable", name = "_Sizes", subclass, frozen)]
pub(crate) struct Sizes {
    /// Seats at the table: a row of rewards.
    #[pyo3(get)]
    seats: usize,
    /// How many action numbers there are (every action is below this): a mask's length.
    #[pyo3(get)]
    num_actions: usize,
    /// Numbers in one observation tensor.
    #[pyo3(get)]
    observation_len: usize,
}

impl Sizes {
    /// The sizes of `state`'s game.
    pub(crate) fn of_state(state: &dyn research::State) -> Sizes {
        Sizes {
            seats: state.seats(),
            num_actions: state.action_count(),
            observation_len: state.observation_len(),
        }
    }

    /// The sizes of `batch`'s games.
    pub(crate) fn of_batch(batch: &dyn research::Batch) -> Sizes {
        Sizes {
            seats: batch.seats(),
            num_actions: batch.action_count(),
            observation_len: batch.observation_len(),
        }
    }
}

/// `n` games of one Game stepped together in Rust (see docs/PYTHON.md).
#[pyclass(module = "cardtable._cardtable", extends = Sizes)]
pub(crate) struct Batch {
    pub(crate) game: GameKind,
    pub(crate) inner: Box<dyn research::Batch>,
}

/// One of the catalogue's computer players: a level ("beginner", "easy", "medium", "hard",
/// "expert"), "random", "handout", "strong" or "strong:N"; in Euchre "learned" or
/// "learned:N" too.
#[pyclass(module = "cardtable._cardtable")]
pub(crate) struct Player {
    pub(crate) game: GameKind,
    pub(crate) spec: PlayerSpec,
    pub(crate) name: String,
    pub(crate) rng: Rng,
    /// The player itself, made for the rules of the last state it played.
    pub(crate) agent: Option<research::Player>,
}

impl Player {
    /// Refuses a game of another kind than the player's.
    pub(crate) fn same_game(&self, kind: GameKind) -> PyResult<()> {
        if kind == self.game {
            return Ok(());
        }
        Err(refused(format!(
            "a {} player cannot play {}",
            self.game, kind
        )))
    }
}
