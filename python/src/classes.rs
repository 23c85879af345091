//! The data of the two classes that take each other as arguments (`Batch.step_player`
//! takes a Player, `Player.act_batch` a Batch), kept below both files of methods so
//! that neither imports the other.

use crate::errors::refused;
use ::catalogue::{GameKind, PlayerSpec};
use pyo3::prelude::*;
use table::Rng;

/// `n` games of one Game stepped together in Rust (see docs/PYTHON.md).
#[pyclass(module = "cardtable._cardtable")]
pub(crate) struct Batch {
    pub(crate) game: GameKind,
    pub(crate) inner: Box<dyn research::Batch>,
}

/// One of the catalogue's computer players: a level ("beginner", "easy", "medium", "hard",
/// "expert"), "random", "handout", "strong" or "strong:N".
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
