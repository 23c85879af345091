//! What a Euchre action makes known to everyone beyond itself, for every log to name.

use cards::Card;

/// What an action showed the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disclosed {
    /// The upcard an order-up made trump, which the action itself does not carry.
    OrderedUp {
        /// The upcard.
        card: Card,
        /// Whether the dealer itself took it (the CS 246 handout: it "picks up the card").
        by_dealer: bool,
    },
    /// The three cards a farmer's hand swapped for the kitty (house rule), shown.
    FarmersHand([Card; 3]),
}
