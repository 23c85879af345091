//! The EECS 280 Euchre program (`euchre280`): its table and Human player, as a library for the binary and for fuzzing.

pub mod args;
pub mod driver;
pub mod human;
pub mod program;
