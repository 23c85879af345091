//! What a table's game must be for this server: the catalogue seats its players and the
//! scene shows it. At the bottom, as the table, its secret game and the starts all name it.

use catalogue::Roster;

/// A game a server table can hold: the catalogue seats its players, and the scene shows
/// it (every catalogued game is staged).
pub trait Served: Roster {}

impl<G: Roster> Served for G {}
