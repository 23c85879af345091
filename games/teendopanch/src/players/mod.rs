//! Players choose actions through one interface: the handout's Simple player here, a
//! person at a front end elsewhere.

pub(crate) mod simple;
mod strong;

pub use simple::{decide as simple_decision, Simple};
pub use strong::Strong;
pub use table::Leave;

use crate::{Action, View};

/// Anything that can hold a seat at a Teen Do Panch table.
pub trait Player {
    /// Chooses one of `view.legal_actions()`; called only on the seat's turn.
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave>;
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        (**self).act(view)
    }
}
