//! Why a stored table could not be started again: its own module, as the table that
//! replays it and the opening of tables (whose error carries it) both name it.

use table::ReplayError;

/// Why a table could not be rebuilt from storage.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// A prescribed deal is not the game's pack.
    #[error("a prescribed deal is not the game's pack")]
    NotADeck,
    /// A stored action came after the game's end.
    #[error("action {seq}: after the end")]
    AfterTheEnd {
        /// Its number.
        seq: u64,
    },
    /// A stored action is not one of this game's.
    #[error("action {seq}: not an action of this game")]
    NotAnAction {
        /// Its number.
        seq: u64,
    },
    /// The rules refused a stored action.
    #[error("action {seq}: {why}")]
    Refused {
        /// Its number.
        seq: u64,
        /// The rules' refusal.
        why: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl<E: std::error::Error + Send + Sync + 'static> From<ReplayError<E>> for RestoreError {
    /// The rules core's replay error, with the action's `seq` (its index plus one).
    fn from(e: ReplayError<E>) -> RestoreError {
        match e {
            ReplayError::Refused { index, refusal } => RestoreError::Refused {
                seq: index as u64 + 1,
                why: Box::new(refusal),
            },
            ReplayError::ActionsAfterEnd { index } => RestoreError::AfterTheEnd {
                seq: index as u64 + 1,
            },
            ReplayError::NotADeck { .. } | ReplayError::WrongGame { .. } => RestoreError::NotADeck,
        }
    }
}
