//! The decks the handouts start from, in their stated initial orders.

use crate::{Card, Rank, Suit};

/// Nine to ace: the last six of [`Rank::ALL`].
const EUCHRE_RANKS: [Rank; 6] = {
    let [.., nine, ten, jack, queen, king, ace] = Rank::ALL;
    [nine, ten, jack, queen, king, ace]
};

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

/// The new-pack order of a Euchre pack whose lowest rank is `RANKS` below the ace: 7 to
/// A (32 cards), 8 to A (28) or 9 to A (24, [`EECS280_EUCHRE`]) of Spades, Hearts, Clubs,
/// Diamonds.
/// One card more (25, 29, 33) adds the benny last: the two of spades standing for the
/// joker ([`crate::euchre_order::BENNY`]).
const fn euchre_pack<const N: usize>() -> [Card; N] {
    let ranks = N / 4;
    let mut cards = [crate::euchre_order::BENNY; N];
    let mut i = 0;
    while i < 4 * ranks {
        cards[i] = Card::new(Rank::ALL[13 - ranks + i % ranks], Suit::ALL[i / ranks]);
        i += 1;
    }
    cards
}

/// Euchre with the eights (a house rule): 8 to A of each suit, in new-pack order.
pub const EUCHRE_28: [Card; 28] = euchre_pack();

/// Euchre with the sevens and eights (a house rule; the piquet pack): 7 to A of each
/// suit, in new-pack order.
pub const EUCHRE_32: [Card; 32] = euchre_pack();

/// Euchre with the joker (a house rule): the 24 cards and the benny.
pub const EUCHRE_25: [Card; 25] = euchre_pack();

/// Euchre with the eights and the joker: 28 cards and the benny.
pub const EUCHRE_29: [Card; 29] = euchre_pack();

/// Euchre with the sevens, eights and the joker: 32 cards and the benny.
pub const EUCHRE_33: [Card; 33] = euchre_pack();

/// CS 246 Euchre's initial order: 9 to A of Hearts, Diamonds, Spades, Clubs.
pub fn cs246_euchre() -> Vec<Card> {
    by_suit(
        [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs],
        &EUCHRE_RANKS,
    )
}

/// CS 246 Straights' initial order: A to K of Clubs, Diamonds, Hearts, Spades.
pub fn cs246_straights() -> Vec<Card> {
    CS246_STRAIGHTS.to_vec()
}

/// [`cs246_straights`] as a constant, for shuffling without allocating.
pub const CS246_STRAIGHTS: [Card; 52] = {
    const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    let mut cards = [Card::new(Rank::Ace, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        // Ace low: A, then 2 to K (`Rank::ALL` runs 2 to A).
        let rank = if i % 13 == 0 {
            Rank::Ace
        } else {
            Rank::ALL[i % 13 - 1]
        };
        cards[i] = Card::new(rank, SUITS[i / 13]);
        i += 1;
    }
    cards
};

/// Teen Do Panch's 30 cards in "new pack" order: 7 to A of Spades and Hearts, then 8 to A
/// of Clubs and Diamonds.
pub fn teendopanch() -> Vec<Card> {
    TEENDOPANCH.to_vec()
}

/// [`teendopanch`] as a constant, for shuffling without allocating.
pub const TEENDOPANCH: [Card; 30] = {
    // (suit, lowest rank's index in `Rank::ALL`, cards)
    const RUNS: [(Suit, usize, usize); 4] = [
        (Suit::Spades, 5, 8),
        (Suit::Hearts, 5, 8),
        (Suit::Clubs, 6, 7),
        (Suit::Diamonds, 6, 7),
    ];
    let mut cards = [Card::new(Rank::Ace, Suit::Spades); 30];
    let (mut run, mut i) = (0, 0);
    while run < 4 {
        let (suit, low, count) = RUNS[run];
        let mut k = 0;
        while k < count {
            cards[i] = Card::new(Rank::ALL[low + k], suit);
            i += 1;
            k += 1;
        }
        run += 1;
    }
    cards
};

#[cfg(test)]
mod tests {
    use super::*;

    use crate::short_list as short;

    #[test]
    fn the_constant_pack_is_the_new_pack() {
        assert_eq!(&EECS280_EUCHRE[..], &by_suit(Suit::ALL, &EUCHRE_RANKS)[..]);
        let mut ace_low = vec![Rank::Ace];
        ace_low.extend_from_slice(&Rank::ALL[..12]);
        let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        assert_eq!(&CS246_STRAIGHTS[..], &by_suit(suits, &ace_low)[..]);
    }

    #[test]
    fn the_longer_euchre_packs_add_eights_then_sevens() {
        assert_eq!(euchre_pack::<24>(), EECS280_EUCHRE);
        assert!(short(&EUCHRE_28).starts_with("8S 9S TS JS QS KS AS 8H"));
        assert!(short(&EUCHRE_32).starts_with("7S 8S 9S TS JS QS KS AS 7H"));
        assert!(short(&EUCHRE_32).ends_with("QD KD AD"));
        assert_eq!(&EUCHRE_25[..24], &EECS280_EUCHRE[..]);
        assert_eq!(&EUCHRE_33[..32], &EUCHRE_32[..]);
        assert_eq!(EUCHRE_29[28].to_string(), "2S");
        for (pack, low) in [(&EUCHRE_28[..], Rank::Eight), (&EUCHRE_32[..], Rank::Seven)] {
            let set: crate::CardSet = pack.iter().copied().collect();
            assert_eq!(set.len(), pack.len());
            assert_eq!(set, crate::CardSet::ranks_from(low));
        }
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
