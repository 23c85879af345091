//! What a table's game must be for this server: the catalogue seats its players and the
//! scene shows it. At the bottom, as the table, its secret game and the starts all name it.

use catalogue::Roster;
use scene::Staged;

/// A game a server table can hold: the catalogue seats its players and the scene shows it.
pub trait Served: Roster + Staged {}

impl<G: Roster + Staged> Served for G {}
