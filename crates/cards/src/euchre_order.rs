//! Card values in a trick-taking hand with a trump suit.
//!
//! EECS 280 Euchre defines three contexts (handout, "Value of cards"): plain order
//! (card order), order with trump (right bower > left bower > other trump > the rest),
//! and order with trump and a led suit (trump > led suit > the rest). Teen Do Panch
//! uses the same contexts without bowers, or with its house rule's two sevens above every
//! trump (7♠, then 7♥). Each context is a key: a higher key wins.

use crate::{Card, CardSet, Rank, Suit};

/// Which two cards, if any, rank above every other trump and count as trump whatever
/// suit they print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tops {
    /// None: trump is its own suit in rank order (Teen Do Panch).
    None = 0,
    /// Euchre's bowers: the jack of trump, then the other jack of its colour.
    Jacks = 1,
    /// Teen Do Panch's house rule: the seven of spades, then the seven of hearts.
    Sevens = 2,
    /// Euchre with the joker (house rule): the benny above both bowers. The two of spades
    /// stands for the joker, as it often does in Britain (pagat.com).
    JacksAndBenny = 3,
}

/// The kinds of [`Tops`], for the tables.
const TOPS: usize = 4;

/// The card that stands for the joker, the benny (best bower), in Euchre with the joker.
pub const BENNY: Card = Card::new(Rank::Two, Suit::Spades);

/// The benny of `tops`, if it has one.
const fn benny_of(tops: usize) -> Option<Card> {
    if tops == 3 {
        Some(BENNY)
    } else {
        None
    }
}

/// The two top cards of `tops` under `trump`, highest first.
const fn top_cards(tops: usize, trump: Suit) -> Option<(Card, Card)> {
    match tops {
        1 | 3 => Some((
            Card::new(Rank::Jack, trump),
            Card::new(Rank::Jack, trump.same_color()),
        )),
        2 => Some((
            Card::new(Rank::Seven, Suit::Spades),
            Card::new(Rank::Seven, Suit::Hearts),
        )),
        _ => None,
    }
}

/// The trump suit of a hand and which cards rank above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrumpOrder {
    trump: Suit,
    tops: Tops,
}

const LED: u8 = 64;
const TRUMP: u8 = 128;
const LEFT_BOWER: u8 = 253;
const RIGHT_BOWER: u8 = 254;
const BENNY_KEY: u8 = 255;

/// Entries a card table has: one per bit of a [`CardSet`], the 52 cards and 12 never read.
const SLOTS: usize = 64;

/// A card's entry in a table of [`SLOTS`]: its index, masked so that the compiler sees
/// it is in bounds (a card's index is below 52, which it cannot know) and checks nothing
/// on the tables read at every card played.
const fn slot(card: Card) -> usize {
    card.index() & (SLOTS - 1)
}

/// [`TrumpOrder::key`] of each card: the two tops (right bower, left bower), other trump
/// by rank, then the rest by card number.
const fn key_of(trump: Suit, tops: usize, card: Card) -> u8 {
    let (high, second) = match top_cards(tops, trump) {
        Some((a, b)) => (a.index() as i32, b.index() as i32),
        None => (-1, -1),
    };
    if benny_of(tops).is_some() && card.index() == BENNY.index() {
        BENNY_KEY
    } else if card.index() as i32 == high {
        RIGHT_BOWER
    } else if card.index() as i32 == second {
        LEFT_BOWER
    } else if card.suit().index() == trump.index() {
        TRUMP + card.index() as u8
    } else {
        card.index() as u8
    }
}

/// Every card's key under every order, worked out at compile time: a trick's winner is
/// asked for at every trick of every simulated hand, and a load beats the comparisons
/// (the led suit's lift is one more comparison, in [`TrumpOrder::led_key`]).
/// Indexed `[tops][trump][card]`.
const KEYS: [[[u8; SLOTS]; 4]; TOPS] = {
    let mut table = [[[0; SLOTS]; 4]; TOPS];
    let mut i = 0;
    while i < TOPS * 4 * 52 {
        let (tops, trump, card) = (i / 208, i / 52 % 4, i % 52);
        table[tops][trump][card] = key_of(Suit::ALL[trump], tops, Card::from_set_bit(card as u32));
        i += 1;
    }
    table
};

/// The cards that follow each card led, under every order: `cards_of(suit_of(card))`.
/// Legal plays are looked up at every card of every simulated trick. Indexed like
/// [`KEYS`]; bits of a [`CardSet`].
const FOLLOWING: [[[u64; SLOTS]; 4]; TOPS] = {
    let mut table = [[[0; SLOTS]; 4]; TOPS];
    let mut i = 0;
    while i < TOPS * 4 * 52 {
        let (tops, trump, card) = (i / 208, i / 52 % 4, i % 52);
        let order = TrumpOrder::at(tops, trump);
        table[tops][trump][card] = order
            .cards_of(order.suit_of(Card::from_set_bit(card as u32)))
            .bits();
        i += 1;
    }
    table
};

/// [`TrumpOrder::cards_of`] under every order, indexed `[tops][trump][suit]`; bits
/// of a [`CardSet`].
const CARDS_OF: [[[u64; 4]; 4]; TOPS] = {
    let mut table = [[[0; 4]; 4]; TOPS];
    let mut i = 0;
    while i < TOPS * 4 * 4 {
        let (tops, trump, suit) = (i / 16, i / 4 % 4, i % 4);
        table[tops][trump][suit] = TrumpOrder::at(tops, trump)
            .cards_of_suit(Suit::ALL[suit])
            .bits();
        i += 1;
    }
    table
};

impl TrumpOrder {
    /// The order at the tables' indices `[tops][trump]`.
    const fn at(tops: usize, trump: usize) -> TrumpOrder {
        TrumpOrder {
            trump: Suit::ALL[trump],
            tops: match tops {
                1 => Tops::Jacks,
                2 => Tops::Sevens,
                3 => Tops::JacksAndBenny,
                _ => Tops::None,
            },
        }
    }

    /// `trump` with `tops` above it.
    pub const fn new(trump: Suit, tops: Tops) -> TrumpOrder {
        TrumpOrder { trump, tops }
    }

    /// Euchre: the jack of trump and the jack of the same colour are the two highest trumps.
    pub const fn euchre(trump: Suit) -> TrumpOrder {
        TrumpOrder::new(trump, Tops::Jacks)
    }

    /// Euchre with the joker: the benny, then the bowers.
    pub const fn euchre_with_benny(trump: Suit) -> TrumpOrder {
        TrumpOrder::new(trump, Tops::JacksAndBenny)
    }

    /// Trump without bowers (Teen Do Panch).
    pub const fn without_bowers(trump: Suit) -> TrumpOrder {
        TrumpOrder::new(trump, Tops::None)
    }

    /// The two top trumps, highest first, if any.
    const fn tops(self) -> Option<(Card, Card)> {
        top_cards(self.tops as usize, self.trump)
    }

    /// The benny above the bowers, under the joker house rule.
    pub const fn benny(self) -> Option<Card> {
        benny_of(self.tops as usize)
    }

    /// The trump suit.
    pub const fn trump(self) -> Suit {
        self.trump
    }

    /// Which cards rank above the rest of trump.
    pub const fn tops_kind(self) -> Tops {
        self.tops
    }

    /// Whether `card` is the highest trump of the tops (the jack of trump; never
    /// without tops).
    pub fn is_right_bower(self, card: Card) -> bool {
        matches!(self.tops(), Some((high, _)) if high == card)
    }

    /// Whether `card` is the second of the tops (the jack of trump's colour mate; never
    /// without tops).
    pub const fn is_left_bower(self, card: Card) -> bool {
        matches!(self.tops(), Some((_, second)) if second.index() == card.index())
    }

    /// The suit a card counts as: the tops belong to trump.
    pub const fn suit_of(self, card: Card) -> Suit {
        let top = match self.tops() {
            Some((high, second)) => high.index() == card.index() || second.index() == card.index(),
            None => false,
        } || matches!(self.benny(), Some(benny) if benny.index() == card.index());
        if top {
            self.trump
        } else {
            card.suit()
        }
    }

    /// Whether `card` is a trump, bowers included.
    pub fn is_trump(self, card: Card) -> bool {
        self.suit_of(card) == self.trump
    }

    /// Every card that counts as `suit` (trump gains the left bower, next loses it).
    /// A load from [`CARDS_OF`]: the handout players ask at nearly every decision.
    #[inline]
    pub const fn cards_of(self, suit: Suit) -> CardSet {
        CardSet::from_bits(CARDS_OF[self.tops as usize][self.trump as usize][suit as usize])
    }

    /// [`TrumpOrder::cards_of`] worked out, for the table.
    const fn cards_of_suit(self, suit: Suit) -> CardSet {
        let set = CardSet::suit(suit).bits();
        let Some((high, second)) = self.tops() else {
            return CardSet::from_bits(set);
        };
        let benny = match self.benny() {
            Some(benny) => 1 << benny.index(),
            None => 0,
        };
        let tops = (1 << high.index()) | (1 << second.index()) | benny;
        CardSet::from_bits(if suit.index() == self.trump.index() {
            set | tops
        } else {
            set & !tops
        })
    }

    /// The cards that follow `led` when it leads a trick: those of its suit as this order
    /// counts suits (so the left bower follows trump, and trump follows it).
    #[inline]
    pub fn following(self, led: Card) -> CardSet {
        CardSet::from_bits(FOLLOWING[self.tops as usize][self.trump.index()][slot(led)])
    }

    /// The key of a card when only trump matters (used to pick a lowest card to discard).
    #[inline]
    pub fn key(self, card: Card) -> u8 {
        KEYS[self.tops as usize][self.trump.index()][slot(card)]
    }

    /// The key of a card in a trick whose led suit (as counted by [`suit_of`](Self::suit_of)) is `led`.
    #[inline]
    pub fn led_key(self, card: Card, led: Suit) -> u8 {
        let key = self.key(card);
        // Arithmetic, not a branch (see `key_following`).
        key + LED * u8::from((key < TRUMP) & (card.suit() == led))
    }

    /// [`led_key`](Self::led_key) for a trick whose led card is followed by `follow`
    /// (from [`following`](Self::following)), without working out the led suit again.
    #[inline]
    pub fn key_following(self, card: Card, follow: CardSet) -> u8 {
        let key = self.key(card);
        // Below TRUMP a card is not the left bower, so it follows exactly when its
        // printed suit is the one led. Arithmetic, not a branch: which way it goes is
        // the random play's, and a mispredicted branch cost more than the sum.
        key + LED * u8::from((key < TRUMP) & follow.contains(card))
    }

    fn groups(self, cards: CardSet, led: Option<Suit>) -> [CardSet; 3] {
        let trump = cards.intersection(self.cards_of(self.trump));
        let rest = cards.difference(trump);
        let led = match led {
            Some(suit) if suit != self.trump => rest.intersection(CardSet::suit(suit)),
            _ => CardSet::EMPTY,
        };
        [rest.difference(led), led, trump]
    }

    fn highest_trump(self, trumps: CardSet) -> Option<Card> {
        if let Some(benny) = self.benny().filter(|&b| trumps.contains(b)) {
            return Some(benny);
        }
        match self.tops() {
            Some((high, _)) if trumps.contains(high) => Some(high),
            Some((_, second)) if trumps.contains(second) => Some(second),
            Some((high, second)) => {
                let mut ordinary = trumps;
                ordinary.remove(high);
                ordinary.remove(second);
                ordinary.last()
            }
            None => trumps.last(),
        }
    }

    fn lowest_trump(self, trumps: CardSet) -> Option<Card> {
        let Some((high, second)) = self.tops() else {
            return trumps.first();
        };
        let mut ordinary = trumps;
        ordinary.remove(high);
        ordinary.remove(second);
        let benny = self.benny().filter(|&b| trumps.contains(b));
        if let Some(benny) = benny {
            ordinary.remove(benny);
        }
        ordinary
            .first()
            .or_else(|| trumps.contains(second).then_some(second))
            .or_else(|| trumps.contains(high).then_some(high))
            .or(benny)
    }

    /// Always inlined (as is [`TrumpOrder::lowest_of`]): the public forms know whether a
    /// suit was led, and the handout players' decisions are mostly these (Simple against
    /// Simple: −3.8% instructions, 1.09×).
    #[inline(always)]
    fn highest_of(self, cards: CardSet, led: Option<Suit>) -> Option<Card> {
        let [plain, led, trump] = self.groups(cards, led);
        self.highest_trump(trump)
            .or_else(|| led.last())
            .or_else(|| plain.last())
    }

    #[inline(always)]
    fn lowest_of(self, cards: CardSet, led: Option<Suit>) -> Option<Card> {
        let [plain, led, trump] = self.groups(cards, led);
        plain
            .first()
            .or_else(|| led.first())
            .or_else(|| self.lowest_trump(trump))
    }

    /// The highest card of the set with trump only; `None` if the set is empty.
    pub fn highest(self, cards: CardSet) -> Option<Card> {
        self.highest_of(cards, None)
    }

    /// The lowest of `cards` in trump order.
    pub fn lowest(self, cards: CardSet) -> Option<Card> {
        self.lowest_of(cards, None)
    }

    /// The highest of `cards` with `led` the suit led.
    pub fn highest_led(self, cards: CardSet, led: Suit) -> Option<Card> {
        self.highest_of(cards, Some(led))
    }

    /// The lowest of `cards` with `led` the suit led.
    pub fn lowest_led(self, cards: CardSet, led: Suit) -> Option<Card> {
        self.lowest_of(cards, Some(led))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// `cards` (written `AS JH`) from highest to lowest, as `order` ranks them with
    /// `led` led (or out of any trick), written the same way.
    fn ranked(order: TrumpOrder, led: Option<Suit>, cards: &str) -> String {
        let mut cards: Vec<Card> = cards.split_whitespace().map(card).collect();
        cards.sort_by_key(|&c| match led {
            Some(led) => order.led_key(c, led),
            None => order.key(c),
        });
        let texts: Vec<String> = cards.iter().rev().map(|c| c.to_string()).collect();
        texts.join(" ")
    }

    /// Hands ranked by hand: trump, then the led suit, then the rest.
    #[test]
    fn hands_rank_as_worked_by_hand() {
        use Suit::*;
        #[rustfmt::skip]
        let cases = [
            // The handout's example: diamonds trump, the Jack of Hearts counts as a Diamond.
            (TrumpOrder::euchre(Diamonds), None, "AS JH JD 9D AD KC 9S", "JD JH AD 9D AS KC 9S"),
            // Clubs led, spades trump: JC is the left bower, so it is trump, not clubs.
            (TrumpOrder::euchre(Spades), Some(Clubs), "9C AD JC 9S AC JS KH", "JS JC 9S AC 9C AD KH"),
            // Without bowers jacks are ordinary.
            (TrumpOrder::without_bowers(Clubs), Some(Hearts), "JC AC JS 7H AS", "AC JC 7H AS JS"),
            // euchrelinks.com: the benny (joker) is the highest trump at all times; the
            // two of spades stands for it (pagat.com: in Britain the spade two is the benny).
            (TrumpOrder::euchre_with_benny(Hearts), Some(Spades), "AS JH 2S JD AH KS", "2S JH JD AH AS KS"),
        ];
        for (order, led, cards, expected) in cases {
            assert_eq!(
                ranked(order, led, cards),
                expected,
                "{order:?}, {led:?} led"
            );
        }
        let diamonds = TrumpOrder::euchre(Diamonds);
        assert_eq!(diamonds.suit_of(card("JH")), Diamonds);
        assert_eq!(diamonds.suit_of(card("JS")), Spades);
    }

    #[test]
    fn trump_led_is_ordered_like_trump() {
        let order = TrumpOrder::euchre(Suit::Hearts);
        for a in CardSet::from_bits(u64::MAX) {
            for b in CardSet::from_bits(u64::MAX) {
                assert_eq!(
                    order.led_key(a, Suit::Hearts) > order.led_key(b, Suit::Hearts),
                    order.key(a) > order.key(b)
                );
            }
        }
    }

    #[test]
    fn the_benny_counts_as_trump() {
        let order = TrumpOrder::euchre_with_benny(Suit::Hearts);
        assert_eq!(order.suit_of(BENNY), Suit::Hearts);
        assert!(order.cards_of(Suit::Hearts).contains(BENNY));
        assert!(!order.cards_of(Suit::Spades).contains(BENNY));
        assert_eq!(order.cards_of(Suit::Hearts).len(), 15);
        assert!(order.following(card("9H")).contains(BENNY));
        assert!(!order.following(card("9S")).contains(BENNY));
        // Without the house rule the two of spades is a plain spade.
        assert_eq!(
            TrumpOrder::euchre(Suit::Hearts).suit_of(BENNY),
            Suit::Spades
        );
    }

    #[test]
    fn cards_of_moves_the_left_bower() {
        let order = TrumpOrder::euchre(Suit::Hearts);
        assert!(order.cards_of(Suit::Hearts).contains(card("JD")));
        assert!(!order.cards_of(Suit::Diamonds).contains(card("JD")));
        assert_eq!(order.cards_of(Suit::Hearts).len(), 14);
        assert_eq!(order.cards_of(Suit::Diamonds).len(), 12);
    }

    proptest::proptest! {
        /// The set queries agree with the keys they summarise.
        #[test]
        fn highest_and_lowest_follow_the_keys(bits in proptest::prelude::any::<u64>(), t in 0usize..4, l in 0usize..4, tops in 0usize..4) {
            let cards = CardSet::from_bits(bits);
            let order = TrumpOrder::at(tops, t);
            let led = Suit::from_index(l);
            proptest::prop_assert_eq!(order.highest(cards), cards.iter().max_by_key(|&c| order.key(c)));
            proptest::prop_assert_eq!(order.lowest(cards), cards.iter().min_by_key(|&c| order.key(c)));
            proptest::prop_assert_eq!(order.highest_led(cards, led), cards.iter().max_by_key(|&c| order.led_key(c, led)));
            proptest::prop_assert_eq!(order.lowest_led(cards, led), cards.iter().min_by_key(|&c| order.led_key(c, led)));
        }
    }

    #[test]
    fn following_is_the_led_cards_suit_as_the_order_counts_it() {
        // Hearts trump: the jack of diamonds led is trump, so trump and it follow it.
        let order = TrumpOrder::euchre(Suit::Hearts);
        let after_left = order.following(card("JD"));
        assert!(after_left.contains(card("9H")) && after_left.contains(card("JD")));
        assert!(!after_left.contains(card("AD")));
        assert_eq!(after_left.len(), 14);
        // The ace of diamonds led: diamonds follow, but not the left bower.
        let after_ace = order.following(card("AD"));
        assert!(after_ace.contains(card("9D")) && !after_ace.contains(card("JD")));
        assert_eq!(after_ace.len(), 12);
        // Without bowers a jack follows its own suit.
        let plain = TrumpOrder::without_bowers(Suit::Hearts).following(card("JD"));
        assert_eq!(plain, CardSet::suit(Suit::Diamonds));
    }

    #[test]
    fn keys_following_a_led_card_are_its_led_suits_keys() {
        let every = CardSet::from_bits(u64::MAX);
        for order in Suit::ALL
            .into_iter()
            .flat_map(|t| [TrumpOrder::euchre(t), TrumpOrder::without_bowers(t)])
        {
            for led in every {
                let follow = order.following(led);
                for card in every {
                    assert_eq!(
                        order.key_following(card, follow),
                        order.led_key(card, order.suit_of(led)),
                        "{order:?}, {led} led, {card}"
                    );
                }
            }
        }
    }

    #[test]
    fn keys_are_a_total_order_on_distinct_cards() {
        for trump in Suit::ALL {
            for led in Suit::ALL {
                let order = TrumpOrder::euchre(trump);
                let mut keys: Vec<u8> = CardSet::from_bits(u64::MAX)
                    .iter()
                    .map(|c| order.led_key(c, led))
                    .collect();
                keys.sort();
                keys.dedup();
                assert_eq!(keys.len(), 52);
            }
        }
    }
}

#[cfg(test)]
mod sevens {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn the_sevens_rank_spade_then_heart_above_every_trump() {
        // Wikipedia, "3-2-5": "the order goes 7 of spades, 7 of hearts, ace of trumps,
        // and so on down", whatever suit is trump.
        let clubs = TrumpOrder::new(Suit::Clubs, Tops::Sevens);
        let cards = ["8C", "AC", "7H", "7S", "AD"].map(card);
        let mut ranked = cards.to_vec();
        ranked.sort_by_key(|&c| std::cmp::Reverse(clubs.key(c)));
        assert_eq!(ranked, ["7S", "7H", "AC", "8C", "AD"].map(card));
        assert_eq!(clubs.suit_of(card("7H")), Suit::Clubs);
        assert!(clubs.cards_of(Suit::Clubs).contains(card("7S")));
        assert!(!clubs.cards_of(Suit::Hearts).contains(card("7H")));
        // Hearts led, clubs trump: the seven of hearts is no heart, it trumps.
        assert!(!clubs.following(card("AH")).contains(card("7H")));
        assert_eq!(clubs.highest(CardSet::from_iter(cards)), Some(card("7S")));
        assert_eq!(
            clubs.lowest(CardSet::from_iter(["7H", "8C"].map(card))),
            Some(card("8C"))
        );
        // Spades trump: the seven of spades is already a spade and still the best.
        let spades = TrumpOrder::new(Suit::Spades, Tops::Sevens);
        assert!(spades.key(card("7S")) > spades.key(card("7H")));
        assert!(spades.key(card("7H")) > spades.key(card("AS")));
    }
}
