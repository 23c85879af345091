//! The CS 246 Euchre program (`euchre`): its flags, display, command interpreter and saved games, as a library for the binary and for fuzzing.

pub mod args;
pub mod driver;
pub mod human;
pub mod program;
pub mod readings;
pub mod saved;
