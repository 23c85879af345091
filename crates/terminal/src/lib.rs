//! `cardtable`'s terminal game: every game at a drawn table (ratatui), or in line mode
//! where there is no terminal, on one [`session::Session`] per game.

pub mod draw;
pub mod error;
pub mod fit;
pub mod line;
pub mod menu;
pub mod replay;
pub mod session;
pub mod terminal;
pub mod ui;
pub mod words;
