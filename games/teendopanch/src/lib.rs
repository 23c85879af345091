//! Teen Do Panch (3-2-5) as a pure state machine.
//!
//! Three players get 5, then 3, then 2 cards. The dealer's left neighbour is the maker:
//! it names trump after five cards, or after eight. From the second hand on, whoever
//! beat its quota of tricks last hand pulls a card from whoever fell short and gives one
//! back. Ten tricks follow (trump, then the led suit, win; there are no bowers), and
//! each player scores for the tricks above its quota: 5 for the maker, 3 for the third
//! player, 2 for the dealer.
//!
//! The [`Rules`] value also holds the switches that reproduce the handout author's
//! reference solution where it departs from the handout.

#![warn(missing_docs)]

mod game;
mod hand;
mod hand_over;
mod holding;
mod house;
mod interface;
mod listing;
pub mod players;
mod refusal;
mod roster;
mod rules;
mod seat;
mod space;
mod staging;

pub use cards::trick::Round;
pub use game::{Game, Public};
pub use hand::{Action, Hand, HandResult, Outcome, Phase, PublicHand, Pull, Trick, View};
pub use hand_over::HandOver;
pub use holding::Holding;
pub use players::{Leave, Player};
pub use refusal::IllegalAction;
pub use rules::{
    Declined, Direction, Packets, PullChoice, QuotaRule, Rules, SimpleQuirks, VictimOrder,
};
pub use seat::Seat;
pub use table::Refused;
