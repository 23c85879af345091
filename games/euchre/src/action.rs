use std::fmt;

use cards::{Card, Suit};

/// Everything a player can do in a hand of Euchre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "EuchreAction")
)]
pub enum Action {
    /// Decline the upcard's suit (round one) or decline to name a suit (round two).
    Pass,
    /// Round one: make the upcard's suit trump; the dealer picks the upcard up.
    OrderUp {
        /// Whether the bidder plays without its partner.
        alone: bool,
    },
    /// Round two: name a suit other than the upcard's.
    Call {
        /// The suit named.
        suit: Suit,
        /// Whether the bidder plays without its partner.
        alone: bool,
    },
    /// The dealer, having picked up the upcard, puts one card away.
    Discard(Card),
    /// A defender against a lone maker plays alone too (house rule); its partner sits out.
    DefendAlone,
    /// Right after the deal: declare a McEvoy, a hand with no card above a ten (house
    /// rule); the same dealer deals again.
    McEvoy,
    /// Right after the deal: show three cards of this rank (nines or tens) and swap them
    /// for the kitty's three unexposed cards: a farmer's hand (house rule).
    Farmer(cards::Rank),
    /// Lead or follow in a trick.
    Play(Card),
}

/// The legal actions at one moment: at most 8 (pass plus three suits, alone or not).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Actions {
    list: [Action; 8],
    len: u8,
}

impl Actions {
    /// No actions.
    pub const fn new() -> Actions {
        Actions {
            list: [Action::Pass; 8],
            len: 0,
        }
    }

    pub(crate) fn push(&mut self, action: Action) {
        self.list[self.len as usize] = action;
        self.len += 1;
    }

    /// The actions, in the order the rules list them.
    pub fn as_slice(&self) -> &[Action] {
        &self.list[..self.len as usize]
    }

    /// How many actions.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none (the hand is over).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `action` is one of them.
    pub fn contains(&self, action: Action) -> bool {
        self.as_slice().contains(&action)
    }

    /// The actions, in order.
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, Action>> {
        self.as_slice().iter().copied()
    }
}

impl fmt::Debug for Actions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Default for Actions {
    fn default() -> Actions {
        Actions::new()
    }
}
