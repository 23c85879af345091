use std::fmt;

use crate::{Card, Suit};

/// A set of cards as a 64-bit mask; iterates in card order (EECS 280's plain order).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set whose bit `card.index()` is set for each card.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 52) - 1))
    }

    /// The set as bits, one per card index.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Every card of one suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x0001_1111_1111_1111 << suit as u64)
    }

    /// Every card of this rank or higher.
    pub const fn ranks_from(rank: crate::Rank) -> CardSet {
        CardSet(((1u64 << 52) - 1) & !((1u64 << (rank as u64 * 4)) - 1))
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds the card; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.index();
        new
    }

    /// Removes the card; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 &= !(1 << card.index());
        was
    }

    /// The cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in this set and not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The lowest card in card order.
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_set_bit(self.0.trailing_zeros()))
    }

    /// The highest card in card order.
    pub fn last(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_set_bit(63 - self.0.leading_zeros()))
    }

    /// The card at this position in card order.
    pub fn nth(self, n: usize) -> Option<Card> {
        crate::select::nth_bit(self.0, n).map(Card::from_set_bit)
    }

    /// A card drawn uniformly: the one a random pick from the cards listed in card order
    /// gives, with the same draw (`random_range(0..len)`); `None` for an empty set.
    #[inline]
    pub fn random_card<R: rand::Rng + ?Sized>(self, rng: &mut R) -> Option<Card> {
        crate::select::random_bit(self.0, rng).map(Card::from_set_bit)
    }

    /// The position of the card in card order, if it is in the set.
    pub fn position(self, card: Card) -> Option<usize> {
        self.contains(card)
            .then(|| (self.0 & ((1u64 << card.index()) - 1)).count_ones() as usize)
    }

    /// The cards, lowest index first (EECS 280's plain order).
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Ascending iteration over a [`CardSet`].
#[derive(Clone)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card::from_set_bit(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

impl std::str::FromStr for CardSet {
    type Err = crate::ParseCardError;

    /// Cards separated by white space, in either notation's short form (`9S TH jd`).
    ///
    /// ```
    /// let hand: cards::CardSet = "9S TH JD".parse().unwrap();
    /// assert_eq!(hand.len(), 3);
    /// assert!("9S 1X".parse::<cards::CardSet>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<CardSet, Self::Err> {
        text.split_whitespace().map(str::parse::<Card>).collect()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;
    use proptest::prelude::*;

    #[test]
    fn suit_masks_hold_thirteen_cards_of_their_suit() {
        for suit in Suit::ALL {
            let set = CardSet::suit(suit);
            assert_eq!(set.len(), 13);
            assert!(set.iter().all(|c| c.suit() == suit));
        }
    }

    #[test]
    fn ranks_from_holds_the_higher_ranks() {
        let faces = CardSet::ranks_from(Rank::Jack);
        assert_eq!(faces.len(), 16);
        assert!(faces.iter().all(|c| c.rank() >= Rank::Jack));
        assert_eq!(CardSet::ranks_from(Rank::Two).len(), 52);
    }

    #[test]
    fn first_last_and_position() {
        let set: CardSet = ["9S", "AD", "JH"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(set.first(), Some(Card::new(Rank::Nine, Suit::Spades)));
        assert_eq!(set.last(), Some(Card::new(Rank::Ace, Suit::Diamonds)));
        assert_eq!(set.position(Card::new(Rank::Jack, Suit::Hearts)), Some(1));
        assert_eq!(set.nth(2), set.last());
        assert_eq!(set.position(Card::new(Rank::Two, Suit::Hearts)), None);
    }

    proptest! {
        #[test]
        fn nth_is_the_nth_card_in_order(bits in any::<u64>(), sparse in any::<u64>()) {
            // Dense sets and sparse ones (a hand's few cards).
            for set in [CardSet::from_bits(bits), CardSet::from_bits(bits & sparse & sparse.rotate_left(17))] {
                let cards: Vec<Card> = set.iter().collect();
                for n in 0..=cards.len() {
                    prop_assert_eq!(set.nth(n), cards.get(n).copied(), "{:?}, n = {}", set, n);
                }
            }
        }

        #[test]
        fn behaves_like_a_sorted_vec(indices in proptest::collection::vec(0usize..52, 0..40)) {
            let mut model: Vec<Card> = indices.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            let set: CardSet = model.iter().copied().collect();
            model.sort();
            model.dedup();
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), model.clone());
            prop_assert_eq!(set.iter().rev().collect::<Vec<_>>(), model.iter().rev().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.len(), model.len());
            for (i, card) in model.iter().enumerate() {
                prop_assert_eq!(set.position(*card), Some(i));
            }
        }
    }
}
