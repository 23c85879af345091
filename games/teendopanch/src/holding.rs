use cards::{Card, CardSet, Rank, Suit};

/// A hand's cards in the order they arrived. The order matters: the Simple player names
/// trump by the suit of a card by position, and a pull takes the last card dealt.
///
/// A card played stays in its slot and leaves only the set (a play is then one bit); the
/// slots are compacted when they run out. Two holdings are equal when they hold the same
/// cards in the same order, whatever their slots.
#[derive(Clone, Copy, Debug)]
pub struct Holding {
    /// Cards in arrival order, the first `slots` used; those not in `set` were removed.
    cards: [Card; SLOTS],
    slots: u8,
    /// The cards held.
    set: CardSet,
    /// Cards removed whose slots are still in `cards`: one coming back is pushed only
    /// after they are dropped, so the list never names a card twice.
    stale: CardSet,
}

const SLOTS: usize = 16;

/// What fills the slots not yet used, so that they read the same however they were left.
const EMPTY_SLOT: Card = Card::new(Rank::Two, Suit::Clubs);

impl Default for Holding {
    fn default() -> Holding {
        Holding {
            cards: [EMPTY_SLOT; SLOTS],
            slots: 0,
            set: CardSet::EMPTY,
            stale: CardSet::EMPTY,
        }
    }
}

impl PartialEq for Holding {
    fn eq(&self, other: &Holding) -> bool {
        self.set == other.set && self.cards().eq(other.cards())
    }
}

impl Eq for Holding {}

impl std::hash::Hash for Holding {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for card in self.cards() {
            card.hash(state);
        }
    }
}

impl Holding {
    /// How many cards.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The cards in arrival order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        let set = self.set;
        self.cards[..usize::from(self.slots)]
            .iter()
            .copied()
            .filter(move |&c| set.contains(c))
    }

    /// The card that arrived `index`-th among those still held.
    pub fn get(&self, index: usize) -> Option<Card> {
        self.cards().nth(index)
    }

    /// The card that arrived last.
    pub fn last(&self) -> Option<Card> {
        self.cards().last()
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.set
    }

    /// Whether `card` is held.
    pub fn contains(&self, card: Card) -> bool {
        self.set.contains(card)
    }

    /// Drops the slots of removed cards, keeping the order.
    fn compact(&mut self) {
        let mut kept = [EMPTY_SLOT; SLOTS];
        let mut n = 0;
        for card in self.cards() {
            kept[n] = card;
            n += 1;
        }
        self.cards = kept;
        self.slots = n as u8;
        self.stale = CardSet::EMPTY;
    }

    pub(crate) fn push(&mut self, card: Card) {
        if usize::from(self.slots) == SLOTS || self.stale.contains(card) {
            self.compact();
        }
        self.cards[usize::from(self.slots)] = card;
        self.slots += 1;
        self.set.insert(card);
    }

    /// Puts a card first: a card given back in a pull never counts as dealt.
    pub(crate) fn push_front(&mut self, card: Card) {
        self.compact();
        let used = usize::from(self.slots);
        self.cards.copy_within(0..used, 1);
        self.cards[0] = card;
        self.slots += 1;
        self.set.insert(card);
    }

    pub(crate) fn remove(&mut self, card: Card) -> bool {
        let held = self.set.remove(card);
        if held {
            self.stale.insert(card);
        }
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::parse as card;

    #[test]
    fn a_card_that_comes_back_is_listed_once_in_its_new_place() {
        // A card given away in one pull can come back in the next (a short player's
        // choice, or the puller's return): it is then the latest arrival, once.
        let mut h = Holding::default();
        for c in ["9S", "AH", "7S"] {
            h.push(card(c));
        }
        assert!(h.remove(card("AH")));
        h.push(card("KD"));
        h.push(card("AH"));
        let listed: Vec<String> = h.cards().map(|c| c.to_string()).collect();
        assert_eq!(listed, ["9S", "7S", "KD", "AH"]);
        assert_eq!(h.len(), 4);
        assert_eq!(h.last(), Some(card("AH")));
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

    #[test]
    fn equal_holdings_compare_equal_whatever_their_slots() {
        let mut played = Holding::default();
        for c in ["9S", "AH", "7S", "KD"] {
            played.push(card(c));
        }
        played.remove(card("AH"));
        let mut fresh = Holding::default();
        for c in ["9S", "7S", "KD"] {
            fresh.push(card(c));
        }
        assert_eq!(played, fresh);
        fresh.remove(card("9S"));
        fresh.push_front(card("9S"));
        assert_eq!(played, fresh, "same cards, same order");
        fresh.remove(card("7S"));
        fresh.push(card("7S"));
        assert_ne!(played, fresh, "another order");
        // Many arrivals and removals run past the slots: they compact.
        let mut busy = Holding::default();
        for round in 0..5 {
            for c in ["2H", "3H", "4H", "5H"] {
                busy.push(card(c));
            }
            for c in ["2H", "3H", "4H", "5H"] {
                assert!(busy.remove(card(c)), "round {round}");
            }
        }
        busy.push(card("AS"));
        assert_eq!(busy.cards().collect::<Vec<_>>(), [card("AS")]);
    }
}
