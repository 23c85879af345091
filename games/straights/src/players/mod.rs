//! Players choose actions through one interface: the handout's computer player here, a
//! person at a front end elsewhere.

pub(crate) mod computer;
mod strong;

pub use computer::{decide as computer_decision, Computer};
pub use strong::Strong;
pub use table::{Leave, Player};
