//! The CS 246 Straights program (`straights`): its arguments, display, commands and saved games, as a library for the binary and for fuzzing.

pub mod args;
pub mod driver;
pub mod human;
pub mod program;
pub mod saved;
