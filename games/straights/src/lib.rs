//! Straights as a pure state machine.
//!
//! A [`Game`] deals [`Round`]s until someone has 80 points. In a round the holder of the
//! seven of spades opens; then each player in turn plays onto the [`Layout`] (a seven, or
//! the next rank at either end of its suit's run) or, only when it cannot, discards. A
//! round scores the ranks each player discarded; the lowest total wins the game.

#![warn(missing_docs)]

mod game;
mod interface;
mod layout;
mod listing;
pub mod players;
mod roster;
mod round;
mod rules;
mod seat;
mod space;
mod staging;

pub use game::{Game, Public};
pub use layout::Layout;
pub use players::{Leave, Player};
pub use round::{
    Action, IllegalAction, Outcome, Points, PublicRound, Round, View, MAX_PLAYERS, VOLUNTARY_PASSES,
};
pub use rules::{End, Rules, Stuck};
pub use seat::Seat;
pub use table::Refused;

/// A player who reaches this many points at the end of a round ends the game.
pub const GAME_OVER_POINTS: u32 = 80;
