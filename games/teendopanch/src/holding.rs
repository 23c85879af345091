use cards::{Card, CardSet, Rank, Suit};

/// A hand's cards in the order they arrived. The order matters: the Simple player names
/// trump by the suit of a card by position, and a pull takes the last card dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Holding {
    /// The first `len` are the cards; the rest are always [`EMPTY_SLOT`].
    cards: [Card; 12],
    len: u8,
    /// The same cards as a set (kept with `cards`: legality asks it at every action).
    set: CardSet,
}

/// What fills the slots past the cards, so that equal holdings compare equal.
const EMPTY_SLOT: Card = Card::new(Rank::Two, Suit::Clubs);

impl Default for Holding {
    fn default() -> Holding {
        Holding {
            cards: [EMPTY_SLOT; 12],
            len: 0,
            set: CardSet::EMPTY,
        }
    }
}

impl Holding {
    /// How many cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in arrival order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().copied()
    }

    /// The card that arrived `index`-th, if still held.
    pub fn get(&self, index: usize) -> Option<Card> {
        (index < self.len()).then(|| self.cards[index])
    }

    /// The card that arrived last.
    pub fn last(&self) -> Option<Card> {
        self.len.checked_sub(1).and_then(|i| self.get(i as usize))
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.set
    }

    /// Whether `card` is held.
    pub fn contains(&self, card: Card) -> bool {
        self.set.contains(card)
    }

    pub(crate) fn push(&mut self, card: Card) {
        self.cards[self.len()] = card;
        self.len += 1;
        self.set.insert(card);
    }

    /// Puts a card first: a card given back in a pull never counts as dealt.
    pub(crate) fn push_front(&mut self, card: Card) {
        let len = self.len();
        self.cards.copy_within(0..len, 1);
        self.cards[0] = card;
        self.len += 1;
        self.set.insert(card);
    }

    pub(crate) fn remove(&mut self, card: Card) -> bool {
        if !self.set.remove(card) {
            return false;
        }
        // Shift the later cards down by one, in place (a plain loop: these are a dozen
        // bytes, and this runs at every play).
        let len = self.len();
        let mut at = 0;
        while at < len && self.cards[at] != card {
            at += 1;
        }
        for i in at..len.saturating_sub(1) {
            self.cards[i] = self.cards[i + 1];
        }
        self.len -= 1;
        self.cards[self.len()] = EMPTY_SLOT;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn keeps_arrival_order() {
        let mut h = Holding::default();
        for c in ["9S", "AH", "7S"] {
            h.push(card(c));
        }
        h.push_front(card("KD"));
        assert_eq!(
            h.cards().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["KD", "9S", "AH", "7S"]
        );
        assert!(h.remove(card("AH")));
        assert!(!h.remove(card("AH")));
        assert_eq!(h.last(), Some(card("7S")));
        assert_eq!(h.get(1), Some(card("9S")));
        assert_eq!(h.get(3), None);
        assert_eq!(h.len(), 3);
    }
}
