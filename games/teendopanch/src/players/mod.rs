//! Players choose actions through one interface: the handout's Simple player here, a
//! person at a front end elsewhere.

pub(crate) mod simple;
mod strong;

pub use simple::{decide as simple_decision, Simple};
pub use strong::Strong;
pub use table::{Leave, Player};
