use cards::{Card, CardSet, Rank, Suit};

/// The cards on the table: for each suit, the unbroken run of ranks played so far,
/// which always contains its seven. Aces are low (1) and Kings high (13); they are not
/// adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    runs: [Option<(u8, u8)>; 4],
    /// The cards that fit now (a function of `runs`, kept so that legality is one mask).
    fits: CardSet,
}

/// The four sevens: what fits an empty layout.
const SEVENS: CardSet = CardSet::from_bits(
    1 << Card::new(Rank::Seven, Suit::Clubs).index()
        | 1 << Card::new(Rank::Seven, Suit::Diamonds).index()
        | 1 << Card::new(Rank::Seven, Suit::Hearts).index()
        | 1 << Card::new(Rank::Seven, Suit::Spades).index(),
);

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            runs: [None; 4],
            fits: SEVENS,
        }
    }
}

fn pips(card: Card) -> u8 {
    card.rank().pips() as u8
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
    pub(crate) fn place(&mut self, card: Card) {
        debug_assert!(self.accepts(card));
        let pip = pips(card);
        let suit = card.suit();
        let run = &mut self.runs[suit.index()];
        let (low, high) = match *run {
            None => (pip, pip),
            Some((low, high)) => (low.min(pip), high.max(pip)),
        };
        *run = Some((low, high));
        self.fits.remove(card);
        if low > 1 {
            self.fits.insert(Card::new(rank_of_pips(low - 1), suit));
        }
        if high < 13 {
            self.fits.insert(Card::new(rank_of_pips(high + 1), suit));
        }
    }

    /// Places a card the layout accepts (for search players trying plays out).
    pub fn place_public(&mut self, card: Card) {
        self.place(card);
    }

    /// The ranks of a suit on the table, lowest first.
    pub fn run(&self, suit: Suit) -> Vec<Rank> {
        match self.runs[suit.index()] {
            None => Vec::new(),
            Some((low, high)) => (low..=high).map(rank_of_pips).collect(),
        }
    }

    /// How many cards are on the layout.
    pub fn len(&self) -> usize {
        self.runs
            .iter()
            .flatten()
            .map(|(low, high)| (high - low + 1) as usize)
            .sum()
    }

    /// Whether no card is on the layout.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn rank_of_pips(pips: u8) -> Rank {
    match pips {
        1 => Rank::Ace,
        n => Rank::from_index(n as usize - 2).expect("pips 2 to 13"),
    }
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

    /// The rule as the handout states it, card by card.
    fn fits_by_rule(layout: &Layout, card: Card) -> bool {
        match layout.runs[card.suit().index()] {
            None => card.rank() == Rank::Seven,
            Some((low, high)) => pips(card) + 1 == low || pips(card) == high + 1,
        }
    }

    #[test]
    fn the_kept_mask_is_the_rule_after_every_placement() {
        use rand::seq::IndexedRandom;
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let deck = cards::deck::cs246_straights();
        for _ in 0..200 {
            let mut layout = Layout::default();
            loop {
                for &card in &deck {
                    assert_eq!(layout.accepts(card), fits_by_rule(&layout, card), "{card}");
                }
                let fitting: Vec<Card> = deck
                    .iter()
                    .copied()
                    .filter(|&c| layout.accepts(c))
                    .collect();
                let Some(&card) = fitting.choose(&mut rng) else {
                    break;
                };
                layout.place(card);
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
