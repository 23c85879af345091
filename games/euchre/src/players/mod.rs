//! Players choose actions through one interface, whatever decides them: a rule-based
//! bot, a search, or a person typing at a front end.

pub(crate) mod cs246;
mod reading;
pub(crate) mod simple;
mod stakes;
mod strong;

pub use cs246::{decide as cs246_decision, Cs246};
pub use simple::{decide as simple_decision, Simple};
pub use strong::Strong;

pub use table::{Leave, Player};
