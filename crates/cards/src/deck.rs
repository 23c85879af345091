//! The decks the handouts start from, in their stated initial orders.

use crate::{Card, Rank, Suit};

const EUCHRE_RANKS: [Rank; 6] = [
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

fn by_suit(suits: [Suit; 4], ranks: &[Rank]) -> Vec<Card> {
    suits
        .into_iter()
        .flat_map(|suit| ranks.iter().map(move |&rank| Card::new(rank, suit)))
        .collect()
}

/// EECS 280's "new pack" order: 9 to A of Spades, Hearts, Clubs, Diamonds.
pub fn eecs280_euchre() -> Vec<Card> {
    EECS280_EUCHRE.to_vec()
}

/// [`eecs280_euchre`] as a constant, for shuffling without allocating.
pub const EECS280_EUCHRE: [Card; 24] = {
    let mut cards = [Card::new(Rank::Nine, Suit::Spades); 24];
    let mut i = 0;
    while i < 24 {
        cards[i] = Card::new(EUCHRE_RANKS[i % 6], Suit::ALL[i / 6]);
        i += 1;
    }
    cards
};

/// CS 246 Euchre's initial order: 9 to A of Hearts, Diamonds, Spades, Clubs.
pub fn cs246_euchre() -> Vec<Card> {
    by_suit(
        [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs],
        &EUCHRE_RANKS,
    )
}

/// CS 246 Straights' initial order: A to K of Clubs, Diamonds, Hearts, Spades.
pub fn cs246_straights() -> Vec<Card> {
    let mut ranks = vec![Rank::Ace];
    ranks.extend_from_slice(&Rank::ALL[..12]);
    by_suit(
        [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades],
        &ranks,
    )
}

/// Teen Do Panch's 30 cards in "new pack" order: 7 to A of Spades and Hearts, then 8 to A
/// of Clubs and Diamonds.
pub fn teendopanch() -> Vec<Card> {
    let from = |low: Rank, suit: Suit| {
        Rank::ALL[low.index()..]
            .iter()
            .map(move |&r| Card::new(r, suit))
    };
    from(Rank::Seven, Suit::Spades)
        .chain(from(Rank::Seven, Suit::Hearts))
        .chain(from(Rank::Eight, Suit::Clubs))
        .chain(from(Rank::Eight, Suit::Diamonds))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn short(cards: &[Card]) -> String {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_constant_pack_is_the_new_pack() {
        assert_eq!(&EECS280_EUCHRE[..], &by_suit(Suit::ALL, &EUCHRE_RANKS)[..]);
    }

    #[test]
    fn initial_orders_match_the_handouts() {
        assert!(short(&eecs280_euchre()).starts_with("9S TS JS QS KS AS 9H"));
        assert!(short(&eecs280_euchre()).ends_with("KD AD"));
        assert_eq!(
            short(&cs246_euchre()),
            "9H TH JH QH KH AH 9D TD JD QD KD AD 9S TS JS QS KS AS 9C TC JC QC KC AC"
        );
        let straights = short(&cs246_straights());
        assert!(straights.starts_with("AC 2C 3C"));
        assert!(straights.ends_with("QS KS"));
        assert_eq!(cs246_straights().len(), 52);
        let tdp = short(&teendopanch());
        assert!(tdp.starts_with("7S 8S 9S TS JS QS KS AS 7H 8H"));
        assert!(tdp.contains("AH 8C 9C") && tdp.ends_with("KD AD"));
        assert_eq!(teendopanch().len(), 30);
    }
}
