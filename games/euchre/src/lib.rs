//! Euchre as a pure state machine.
//!
//! A [`Game`] holds the score and the current [`Hand`]; a hand moves through making
//! trump, the dealer's discard and five tricks by [`Action`]s, each checked against the
//! [`Rules`] variant. Nothing here prints, prompts or reads files: players see the game
//! through a [`View`] and answer with actions; front ends translate for people.

#![warn(missing_docs)]

mod action;
mod disclosed;
mod game;
mod hand;
mod hand_over;
mod house;
mod interface;
mod listing;
pub mod players;
mod position;
mod refusal;
mod roster;
mod rules;
mod seat;
pub mod solver;
mod space;
mod staging;
mod view;

pub use action::{Action, Actions};
pub use cards::trick::Round;
pub use disclosed::Disclosed;
pub use game::Game;
pub use hand::{Hand, HandResult, Outcome, Phase, Trick};
pub use hand_over::HandOver;
pub use players::{Leave, Player};
pub use position::{Making, Position, PositionError};
pub use refusal::IllegalAction;
pub use rules::{AllPass, DealStyle, LoneLead, Pack, Preset, Rules, Scoring};
pub use seat::{Seat, Team};
pub use table::Refused;
pub use view::{Public, PublicHand, View};
