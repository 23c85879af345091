//! Players choose actions through one interface, whatever decides them: a rule-based
//! bot, a search, or a person typing at a front end.

pub mod bid_inputs;
pub(crate) mod cs246;
pub mod learned;
mod reading;
pub(crate) mod simple;
mod stakes;
mod strong;

pub use cs246::{decide as cs246_decision, Cs246};
pub use learned::Learned;
pub use simple::{decide as simple_decision, Simple};
pub use strong::Strong;

pub use table::{Leave, Player};

/// The handout players' call when the benny is turned up and they deal (joker house
/// rule): their handouts have no joker, and a blind dealer sees no cards to judge by, so
/// they name the first suit of the plain order, spades, with their partners.
pub(crate) fn blind_call() -> crate::Action {
    crate::Action::Call {
        suit: cards::Suit::Spades,
        alone: false,
    }
}
