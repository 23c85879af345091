//! The handout's Simple player, with the reference solution's quirks where the rules
//! variant asks for them.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};

use crate::{Action, Game, Holding, Leave, Phase, Player, Round, View};

#[derive(Clone, Copy, Debug, Default)]
/// The handout's Simple player. It keeps no memory between decisions.
pub struct Simple;

impl Player<Game> for Simple {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        Ok(decide(view))
    }
}

/// The Simple player's choice.
pub fn decide(view: &View<'_>) -> Action {
    let holding = view.holding();
    let quirks = view.rules().simple;
    match view.phase() {
        Phase::Making(Round::One) => match longest_suit_with_face(holding, quirks.ace_is_face) {
            Some(suit) => Action::Call(suit),
            None => Action::Pass,
        },
        Phase::Making(Round::Two) => {
            let card = holding
                .get(quirks.round_two_card - 1)
                .expect("eight cards are dealt");
            Action::Call(card.suit())
        }
        // The handout has no such choice (house rule): hand over the lowest card.
        Phase::Giving => {
            let order = view.trump_order().expect("trump is made before pulling");
            Action::Give(order.lowest(view.cards()).expect("a victim holds cards"))
        }
        Phase::Pulling => {
            let order = view.trump_order().expect("trump is made before pulling");
            Action::Return(card_to_return(
                holding,
                order,
                quirks.suit_minimum_from_first_card,
            ))
        }
        Phase::Tricks | Phase::Over => {
            let order = view.trump_order().expect("tricks are played with trump");
            Action::Play(match view.trick().led() {
                None => lead(view.cards(), order),
                Some(led) => follow(view.cards(), order, order.suit_of(led)),
            })
        }
    }
}

/// Round one: the most common suit (ties to S, H, C, D) if it holds a face card.
fn longest_suit_with_face(holding: &Holding, ace_is_face: bool) -> Option<Suit> {
    let cards = holding.set();
    let count = |s: Suit| cards.intersection(CardSet::suit(s)).len();
    let longest = Suit::ALL.into_iter().rev().max_by_key(|&s| count(s))?;
    let is_face = |c: &Card| {
        matches!(c.rank(), Rank::Jack | Rank::Queen | Rank::King)
            || (ace_is_face && c.rank() == Rank::Ace)
    };
    cards
        .iter()
        .filter(|c| c.suit() == longest)
        .any(|c| is_face(&c))
        .then_some(longest)
}

/// The lowest of the lowest cards of each suit held three or more times (trump counts
/// high). With `from_first_card`, each suit's search starts from the first card held,
/// whatever its suit, as the reference solution's does.
fn card_to_return(holding: &Holding, order: TrumpOrder, from_first_card: bool) -> Card {
    let cards: Vec<Card> = holding.cards().collect();
    let mut options = Vec::new();
    for suit in Suit::ALL {
        if cards.iter().filter(|c| c.suit() == suit).count() < 3 {
            continue;
        }
        let start = if from_first_card {
            cards[0]
        } else {
            *cards.iter().find(|c| c.suit() == suit).unwrap()
        };
        let lowest = cards
            .iter()
            .filter(|c| c.suit() == suit)
            .fold(start, |low, &c| {
                if order.key(c) < order.key(low) {
                    c
                } else {
                    low
                }
            });
        options.push(lowest);
    }
    options
        .into_iter()
        .min_by_key(|&c| order.key(c))
        .expect("ten cards hold a suit of three")
}

/// The highest non-trump card, or the highest trump if that is all it holds.
fn lead(cards: CardSet, order: TrumpOrder) -> Card {
    let plain = cards.difference(CardSet::suit(order.trump()));
    order
        .highest(if plain.is_empty() { cards } else { plain })
        .expect("a leader holds a card")
}

/// The highest card of the led suit, or else the lowest card in hand.
fn follow(cards: CardSet, order: TrumpOrder, led: Suit) -> Card {
    let following = cards.intersection(order.cards_of(led));
    if following.is_empty() {
        order.lowest(cards)
    } else {
        order.highest(following)
    }
    .expect("a follower holds a card")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(text: &str) -> Holding {
        let mut h = Holding::default();
        for c in text.split_whitespace() {
            h.push(c.parse().unwrap());
        }
        h
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn round_one_calls_the_longest_suit_with_a_face() {
        assert_eq!(
            longest_suit_with_face(&holding("7S 9S QS 8H 9D"), false),
            Some(Suit::Spades)
        );
        // Two hearts and two clubs: ties go to hearts (S, H, C, D); no face in hearts.
        assert_eq!(
            longest_suit_with_face(&holding("7H 9H QC KC 9D"), false),
            None
        );
        // An ace is a face card only in the reference's reading.
        assert_eq!(
            longest_suit_with_face(&holding("AS 8S 9H TC 9D"), false),
            None
        );
        assert_eq!(
            longest_suit_with_face(&holding("AS 8S 9H TC 9D"), true),
            Some(Suit::Spades)
        );
    }

    #[test]
    fn returns_the_lowest_card_of_a_long_suit() {
        // Spades trump. Long suits: hearts (8H 9H KH) and clubs (TC JC AC); diamonds has
        // two. Lowest of each: 8H and TC; the lower overall is 8H.
        let h = holding("9D AC 8H TC KH JC 9H AS QD KS");
        let order = TrumpOrder::without_bowers(Suit::Spades);
        assert_eq!(card_to_return(&h, order, false), card("8H"));
        // Searching from the first card (9D) for each suit's lowest: 9D is lower than
        // TC, JC, AC and 8H? No: 8H < 9D, so hearts gives 8H; clubs gives 9D (< TC).
        // Lowest of 8H and 9D is 8H.
        assert_eq!(card_to_return(&h, order, true), card("8H"));
        let h = holding("8D AC 9H TC KH JC JH AS QD KS");
        // Hearts 9H JH KH and clubs TC JC AC are long. Handout: lowest 9H and TC -> 9H.
        assert_eq!(card_to_return(&h, order, false), card("9H"));
        // From the first card 8D: it is below every heart and club, so both suits offer 8D.
        assert_eq!(card_to_return(&h, order, true), card("8D"));
    }

    #[test]
    fn leads_high_off_suit_and_follows_high_or_throws_low() {
        let order = TrumpOrder::without_bowers(Suit::Hearts);
        let cards: CardSet = ["AH", "KS", "QD", "8C"].iter().map(|c| card(c)).collect();
        assert_eq!(lead(cards, order), card("KS"));
        assert_eq!(follow(cards, order, Suit::Diamonds), card("QD"));
        // Void in the led suit: the lowest card, trump counting high.
        let cards: CardSet = ["AH", "KS", "8C"].iter().map(|c| card(c)).collect();
        assert_eq!(follow(cards, order, Suit::Diamonds), card("8C"));
    }
}
