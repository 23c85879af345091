use cards::{Card, CardSet, Rank, Suit};

/// The cards on the table: for each suit, the unbroken run of ranks played so far,
/// which always contains its seven. Aces are low (1) and Kings high (13); they are not
/// adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The cards on the table: each suit's run, as a set (a run is unbroken, so its cards
    /// say where it starts and ends).
    placed: CardSet,
    /// The cards that fit now (a function of `placed`, kept so that legality is one mask).
    fits: CardSet,
}

/// The four sevens: what fits an empty layout.
const SEVENS: CardSet = CardSet::from_bits(
    1 << Card::new(Rank::Seven, Suit::Clubs).index()
        | 1 << Card::new(Rank::Seven, Suit::Diamonds).index()
        | 1 << Card::new(Rank::Seven, Suit::Hearts).index()
        | 1 << Card::new(Rank::Seven, Suit::Spades).index(),
);

/// What each card (by index) newly lets fit once placed: a seven the six and eight of its
/// suit, a card below the seven the rank below it (nothing below an ace), a card above it
/// the rank above (nothing above a king). The card at the run's other end already fits,
/// so placing a card is a table lookup instead of working out the run's ends.
const OPENS: [CardSet; 52] = {
    let mut opens = [CardSet::EMPTY; 52];
    let mut index = 0;
    while index < 52 {
        let card = Card::from_index(index).expect("below 52");
        let pips = card.rank().pips();
        let below = if pips <= 7 && pips > 1 {
            1 << of_pips(pips - 1, card.suit()).index()
        } else {
            0
        };
        let above = if pips >= 7 && pips < 13 {
            1 << of_pips(pips + 1, card.suit()).index()
        } else {
            0
        };
        opens[index] = CardSet::from_bits(below | above);
        index += 1;
    }
    opens
};

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            placed: CardSet::EMPTY,
            fits: SEVENS,
        }
    }
}

impl Layout {
    /// Whether `card` may be played now: a seven opens its suit; any other card must be
    /// next to an end of its suit's run.
    pub fn accepts(&self, card: Card) -> bool {
        self.fits.contains(card)
    }

    /// Every card that fits now: a seven of a suit not started, or the card next to either
    /// end of its suit's run.
    pub fn fits(&self) -> CardSet {
        self.fits
    }

    /// Places a card the layout accepts.
    #[inline]
    pub(crate) fn place(&mut self, card: Card) {
        debug_assert!(self.accepts(card));
        self.placed.insert(card);
        self.fits.remove(card);
        self.fits = self.fits.union(OPENS[card.index()]);
    }

    /// Places a card the layout accepts (for search players trying plays out).
    pub fn place_public(&mut self, card: Card) {
        self.place(card);
    }

    /// The ranks of a suit on the table, lowest first.
    pub fn run(&self, suit: Suit) -> Vec<Rank> {
        (1..=13)
            .map(|pips| of_pips(pips, suit))
            .filter(|&card| self.placed.contains(card))
            .map(Card::rank)
            .collect()
    }

    /// The cards on the layout, as a set.
    pub fn cards(&self) -> CardSet {
        self.placed
    }

    /// How many cards are on the layout.
    pub fn len(&self) -> usize {
        self.placed.len()
    }

    /// Whether no card is on the layout.
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }
}

/// The card of `suit` whose rank counts `pips` (Ace 1 … King 13).
const fn of_pips(pips: u32, suit: Suit) -> Card {
    let rank = match pips {
        1 => Rank::Ace,
        n => Rank::ALL[n as usize - 2],
    };
    Card::new(rank, suit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::parse as card;

    #[test]
    fn the_handouts_example_of_legal_plays() {
        // "if the 7 of spades is the only card on the table, then the legal plays are: the
        // 7 of diamonds, the 7 of hearts, the 7 of clubs, the 8 of spades, and the 6 of spades."
        let mut layout = Layout::default();
        layout.place(card("7S"));
        let legal: Vec<String> = cards::deck::cs246_straights()
            .into_iter()
            .filter(|&c| layout.accepts(c))
            .map(|c| c.to_string())
            .collect();
        assert_eq!(legal, ["7C", "7D", "7H", "6S", "8S"]);
        layout.place(card("8S"));
        assert!(layout.accepts(card("9S")) && layout.accepts(card("6S")));
        assert!(!layout.accepts(card("8S")) && !layout.accepts(card("TS")));
    }

    /// The runs as the handout states them: for each suit, the lowest and highest pips
    /// on the table, kept by hand beside the layout.
    #[derive(Default)]
    struct Runs([Option<(u32, u32)>; 4]);

    impl Runs {
        fn place(&mut self, card: Card) {
            let (pips, run) = (card.rank().pips(), &mut self.0[card.suit().index()]);
            *run = Some(run.map_or((pips, pips), |(low, high)| (low.min(pips), high.max(pips))));
        }

        /// The handout's rule, card by card: a seven opens its suit; any other card must be
        /// next to an end of its suit's run (ace and king not adjacent).
        fn fits(&self, card: Card) -> bool {
            let pips = card.rank().pips();
            match self.0[card.suit().index()] {
                None => pips == 7,
                Some((low, high)) => pips + 1 == low || pips == high + 1,
            }
        }

        /// A suit's run, lowest first.
        fn run(&self, suit: Suit) -> Vec<u32> {
            self.0[suit.index()].map_or(Vec::new(), |(low, high)| (low..=high).collect())
        }
    }

    #[test]
    fn the_kept_masks_are_the_rule_after_every_placement() {
        use rand::seq::IndexedRandom;
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let deck = cards::deck::cs246_straights();
        for _ in 0..200 {
            let (mut layout, mut runs, mut placed) = (Layout::default(), Runs::default(), 0);
            loop {
                for &card in &deck {
                    assert_eq!(layout.accepts(card), runs.fits(card), "{card}");
                }
                for suit in Suit::ALL {
                    let run: Vec<u32> = layout.run(suit).iter().map(|r| r.pips()).collect();
                    assert_eq!(run, runs.run(suit), "{suit:?}");
                }
                assert_eq!((layout.len(), layout.is_empty()), (placed, placed == 0));
                let on_table: CardSet = deck
                    .iter()
                    .copied()
                    .filter(|&c| runs.run(c.suit()).contains(&c.rank().pips()))
                    .collect();
                assert_eq!(layout.cards(), on_table);
                let fitting: Vec<Card> = deck
                    .iter()
                    .copied()
                    .filter(|&c| layout.accepts(c))
                    .collect();
                let Some(&card) = fitting.choose(&mut rng) else {
                    break;
                };
                layout.place(card);
                runs.place(card);
                placed += 1;
            }
            assert_eq!(layout.len(), 52);
        }
    }

    #[test]
    fn king_and_ace_are_not_adjacent() {
        let mut layout = Layout::default();
        for rank in ["7S", "8S", "9S", "TS", "JS", "QS", "KS"] {
            layout.place(card(rank));
        }
        assert!(
            !layout.accepts(card("AS")),
            "the ace does not wrap onto the king"
        );
        for rank in ["6S", "5S", "4S", "3S", "2S"] {
            layout.place(card(rank));
        }
        assert!(layout.accepts(card("AS")));
        layout.place(card("AS"));
        assert_eq!(layout.run(Suit::Spades).len(), 13);
        assert_eq!(layout.run(Suit::Spades)[0], Rank::Ace);
        assert_eq!(layout.len(), 13);
    }
}
