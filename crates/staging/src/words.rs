//! The words every game's scene uses: cards, suits, verbs said of "you" or of a seat,
//! and sides named by their seats.

use cards::{Card, Rank, Suit};

/// `♠`.
pub fn suit_symbol(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
    }
}

/// `10♥`, `J♦`. Written straight into one string: every log line of every snapshot
/// names its card this way, and `format!` cost each one a further string.
pub fn card_text(card: Card) -> String {
    let mut text = String::with_capacity(5);
    match card.rank() {
        Rank::Ten => text.push_str("10"),
        other => text.push(other.symbol()),
    }
    text.push(suit_symbol(card.suit()));
    text
}

/// The joker's name, in running text and in full.
pub const JOKER: &str = "Joker";

/// `10♥`, or `Joker` for the card that stands for the joker at this table (Euchre's
/// benny, the two of spades, under the joker house rule).
pub fn card_text_at(joker: Option<Card>, card: Card) -> String {
    if joker == Some(card) {
        JOKER.into()
    } else {
        card_text(card)
    }
}

/// `Hearts ♥`.
pub fn suit_words(suit: Suit) -> String {
    format!("{} {}", suit.name(), suit_symbol(suit))
}

/// Cards in words, `9♠ 10♠`.
pub fn cards_text(cards: impl IntoIterator<Item = Card>) -> String {
    cards
        .into_iter()
        .map(card_text)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The verb as said of the person reading (`you` true: "play") or of someone else
/// ("plays"): both forms are written out, never derived from each other.
pub fn verb(you: bool, of_you: &str, of_them: &str) -> String {
    if you { of_you } else { of_them }.to_string()
}

/// `first` then `rest` after a space (`West plays J♥`), written straight into one
/// string: every line of a log is worded again for every snapshot, and `format!` with
/// the strings it is given costs several times this.
pub fn sentence(first: &str, rest: &str) -> String {
    let mut said = String::with_capacity(first.len() + 1 + rest.len());
    said.push_str(first);
    said.push(' ');
    said.push_str(rest);
    said
}

/// [`verb`] then `object` ([`sentence`]): `plays J♥`, the most common phrase of every log.
pub fn verb_then(you: bool, of_you: &str, of_them: &str, object: &str) -> String {
    sentence(if you { of_you } else { of_them }, object)
}

/// `1 point`, `2 points`.
pub fn points(n: impl Into<f64>) -> String {
    let n = n.into();
    if n == 1.0 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

/// A hand grouped by suit as the game ranks it, for faces to draw: trump first (with its
/// bowers, under `order`), the other suits alternating colour, each strongest first; with
/// `ace_low` (Straights) ace to king.
pub fn by_suit(
    hand: cards::CardSet,
    order: Option<cards::euchre_order::TrumpOrder>,
    ace_low: bool,
) -> Vec<Vec<cards::Card>> {
    use cards::Suit;
    let mut suits = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    if let Some(order) = order {
        let at = suits.iter().position(|&s| s == order.trump()).unwrap_or(0);
        suits.rotate_left(at);
    }
    let groups: Vec<Vec<cards::Card>> = suits
        .into_iter()
        .map(|suit| {
            let of_suit = order.map_or(cards::CardSet::suit(suit), |o| o.cards_of(suit));
            let mut group: Vec<cards::Card> = hand.intersection(of_suit).iter().collect();
            match (order, ace_low) {
                (_, true) => group.sort_by_key(|c| c.rank().pips()),
                (Some(order), false) => group.sort_by_key(|&c| std::cmp::Reverse(order.key(c))),
                (None, false) => group.sort_by_key(|&c| std::cmp::Reverse(c.index())),
            }
            group
        })
        .filter(|group| !group.is_empty())
        .collect();
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card as the handouts print it: the rank (`10` for the ten, its letter for a
    /// picture card or the ace, else its pips) and the suit's symbol, with nothing else.
    #[test]
    fn every_card_is_its_rank_then_its_suits_symbol() {
        // Two to ace, as `Rank::ALL` lists them.
        let ranks = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ];
        let suits = [
            (Suit::Spades, "♠"),
            (Suit::Hearts, "♥"),
            (Suit::Clubs, "♣"),
            (Suit::Diamonds, "♦"),
        ];
        for (suit, symbol) in suits {
            for (rank, written) in Rank::ALL.into_iter().zip(ranks) {
                let card = Card::new(rank, suit);
                assert_eq!(card_text(card), format!("{written}{symbol}"), "{card:?}");
            }
        }
        assert_eq!(verb_then(true, "play", "plays", "10♥"), "play 10♥");
        assert_eq!(verb_then(false, "play", "plays", "10♥"), "plays 10♥");
    }
    use cards::euchre_order::TrumpOrder;
    use cards::{CardSet, Suit};

    fn hand(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn groups(hand: Vec<Vec<cards::Card>>) -> Vec<Vec<String>> {
        hand.iter()
            .map(|g| g.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    #[test]
    fn a_euchre_hand_puts_both_bowers_at_the_head_of_trump() {
        // Hearts trump: J♥ right bower, J♦ left bower, A♥; then clubs, then spades
        // (colours alternate from trump: hearts, clubs, diamonds, spades).
        let order = TrumpOrder::euchre(Suit::Hearts);
        let shown = by_suit(hand("9S JD AH JH QC AS"), Some(order), false);
        assert_eq!(
            groups(shown),
            [vec!["JH", "JD", "AH"], vec!["QC"], vec!["AS", "9S"]]
        );
    }

    #[test]
    fn straights_hands_run_ace_to_king_and_unmade_trump_keeps_suit_order() {
        let shown = by_suit(hand("KS AS 7S 2H"), None, true);
        assert_eq!(groups(shown), [vec!["AS", "7S", "KS"], vec!["2H"]]);
        let shown = by_suit(hand("9D JD AC"), None, false);
        assert_eq!(groups(shown), [vec!["AC"], vec!["JD", "9D"]]);
        // Without bowers (Teen Do Panch) a jack stays in its own suit.
        let order = TrumpOrder::without_bowers(Suit::Hearts);
        let shown = by_suit(hand("JD AH 8H"), Some(order), false);
        assert_eq!(groups(shown), [vec!["AH", "8H"], vec!["JD"]]);
    }
}
