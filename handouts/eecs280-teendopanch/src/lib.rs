//! The EECS 280 Teen Do Panch program (`teendopanch`): its rules modes, table and Human player, as a library for the binary and for fuzzing.

pub mod args;
pub mod driver;
pub mod human;
pub mod program;
