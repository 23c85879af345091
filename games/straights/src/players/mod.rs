//! Players choose actions through one interface: the handout's computer player here, a
//! person at a front end elsewhere.

pub(crate) mod computer;
mod strong;

pub use computer::{decide as computer_decision, Computer};
pub use strong::Strong;
pub use table::Leave;

use crate::{Action, View};

/// Anything that can hold a seat at a Straights table.
pub trait Player {
    /// Chooses one of `view.legal_actions()`; called only on the seat's turn.
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave>;
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        (**self).act(view)
    }
}
