use std::fmt;

use cards::{Card, Suit};

/// Everything a player can do in a hand of Euchre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Decline the upcard's suit (round one) or decline to name a suit (round two).
    Pass,
    /// Round one: make the upcard's suit trump; the dealer picks the upcard up.
    OrderUp { alone: bool },
    /// Round two: name a suit other than the upcard's.
    Call { suit: Suit, alone: bool },
    /// The dealer, having picked up the upcard, puts one card away.
    Discard(Card),
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

    pub fn as_slice(&self) -> &[Action] {
        &self.list[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, action: Action) -> bool {
        self.as_slice().contains(&action)
    }

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
