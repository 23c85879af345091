//! The card core shared by every cardtable game.
//!
//! Cards are numbered so that their natural order is the EECS 280 "plain" order
//! (rank first, then suit S < H < C < D). A [`CardSet`] is a 64-bit set whose
//! iteration order is therefore the order the handouts sort hands in.

#![warn(missing_docs)]

mod card;
pub mod deck;
pub mod euchre_order;
pub mod pack;
mod rank;
pub mod sample;
mod select;
mod set;
pub mod shuffle;
mod suit;
pub mod trick;

pub use card::{short_list, Card, ParseCardError};
pub use rank::Rank;
pub use select::random_bit;
pub use set::CardSet;
pub use suit::{Color, Suit};
