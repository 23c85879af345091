//! What a table's bids say about the bidders' hands, whoever the bidders are: a soft
//! model of bidding that any sensible player roughly follows (strong trumps make, weak
//! ones pass), used to weight sampled deals when the other players are not the handout
//! player whose exact choices the strong player can replay.
//!
//! A hand's strength for a trump suit is the sum of its cards' worth (the bowers and
//! high trumps most, off-suit aces a little); the chance a player makes trump with it
//! rises smoothly around a threshold. Every published bidding guide (pagat.com's
//! Euchre strategy, the "three trumps and an ace" rule of thumb) counts hands this way.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};

use crate::{Hand, Phase, Round, Seat};

/// Strength at which a player is as likely to make trump as to pass.
const THRESHOLD: f64 = 6.0;
/// How gradually the chance of making rises with strength (a logistic's scale).
const SPREAD: f64 = 0.9;
/// The least chance given to any bid: people, and searching players, make odd ones.
const FLOOR: f64 = 0.03;

/// What a card is worth to its holder with `order` as trump.
fn worth(card: Card, order: TrumpOrder) -> f64 {
    if order.is_right_bower(card) {
        return 3.0;
    }
    if order.is_trump(card) {
        return match card.rank() {
            Rank::Jack => 2.5,
            Rank::Ace => 2.0,
            Rank::King => 1.6,
            Rank::Queen => 1.3,
            Rank::Ten => 1.1,
            _ => 1.0,
        };
    }
    if card.rank() == Rank::Ace {
        0.7
    } else {
        0.0
    }
}

/// How strong `cards` are with `trump` as trump.
pub fn strength(cards: CardSet, trump: Suit) -> f64 {
    let order = TrumpOrder::euchre(trump);
    cards.into_iter().map(|c| worth(c, order)).sum()
}

/// The strongest suit of `cards` for trump other than the upcard's (round two's choice),
/// and its strength; the first listed of equals.
fn strongest_other(cards: CardSet, upcard_suit: Suit) -> (f64, Suit) {
    Suit::ALL
        .into_iter()
        .filter(|&s| s != upcard_suit)
        .map(|s| (strength(cards, s), s))
        .fold(
            (f64::MIN, upcard_suit),
            |a, b| if b.0 > a.0 { b } else { a },
        )
}

/// Round one's strength for `seat`, who knows the upcard goes to the dealer: the dealer
/// counts it in place of its weakest card, the dealer's partner gains half of it, the
/// dealer's opponents lose half of it.
fn round_one_strength(cards: CardSet, seat: Seat, dealer: Seat, upcard: Card) -> f64 {
    let order = TrumpOrder::euchre(upcard.suit());
    let own = strength(cards, upcard.suit());
    let up = worth(upcard, order);
    if seat == dealer {
        let weakest = cards
            .into_iter()
            .map(|c| worth(c, order))
            .fold(f64::MAX, f64::min);
        own + up - weakest
    } else if seat.team() == dealer.team() {
        own + up / 2.0
    } else {
        own - up / 2.0
    }
}

/// The chance of making trump at `strength`.
fn makes(strength: f64) -> f64 {
    let p = 1.0 / (1.0 + (-(strength - THRESHOLD) / SPREAD).exp());
    p.clamp(FLOOR, 1.0 - FLOOR)
}

/// The chance, under the soft model, that the other players bid as they did in `hand`
/// (a sampled deal), each holding the cards the deal gives it. `me`'s own bids are not
/// weighed; nor is a dealer stuck with naming a suit, who had no choice to read.
pub fn bids_likelihood(hand: &Hand, me: Seat) -> f64 {
    let dealer = hand.dealer();
    let upcard = hand.upcard();
    let mut chance = 1.0;
    for (seat, bid) in bids(hand) {
        if seat == me {
            continue;
        }
        let cards = hand.dealt_cards(seat);
        chance *= match bid {
            Bid::Pass(Round::One) => 1.0 - makes(round_one_strength(cards, seat, dealer, upcard)),
            Bid::OrderUp => makes(round_one_strength(cards, seat, dealer, upcard)),
            Bid::Pass(Round::Two) => 1.0 - makes(strongest_other(cards, upcard.suit()).0),
            // A stuck dealer had no choice to read.
            Bid::Call(_) if seat == dealer && stuck(hand) => 1.0,
            Bid::Call(suit) => makes(strength(cards, suit)),
        };
    }
    chance
}

/// The soft model's likeliest bid for the seat to act in `view`: make trump when the
/// hand's strength passes the threshold (in round two, in its strongest suit; a stuck
/// dealer names that suit whatever it holds). Outside the bidding, the handout player's
/// choice (`fallback`).
pub fn likeliest(
    view: &crate::View<'_>,
    fallback: impl Fn(&crate::View<'_>) -> crate::Action,
) -> crate::Action {
    use crate::Action;
    let cards = view.cards();
    let upcard = view.upcard();
    match view.phase() {
        Phase::Making(Round::One) => {
            if round_one_strength(cards, view.seat(), view.dealer(), upcard) >= THRESHOLD {
                Action::OrderUp { alone: false }
            } else {
                Action::Pass
            }
        }
        Phase::Making(Round::Two) => {
            let (best, suit) = strongest_other(cards, upcard.suit());
            let must = view.is_dealer() && view.rules().all_pass == crate::AllPass::ScrewTheDealer;
            if best >= THRESHOLD || must {
                Action::Call { suit, alone: false }
            } else {
                Action::Pass
            }
        }
        _ => fallback(view),
    }
}

/// Whether the rules leave the dealer no pass in round two.
fn stuck(hand: &Hand) -> bool {
    hand.rules().all_pass == crate::AllPass::ScrewTheDealer
}

/// A bid seen at the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Bid {
    Pass(Round),
    OrderUp,
    Call(Suit),
}

impl Bid {
    /// The action that made the bid, by a maker going alone or not.
    pub(crate) fn action(self, alone: bool) -> crate::Action {
        match self {
            Bid::Pass(_) => crate::Action::Pass,
            Bid::OrderUp => crate::Action::OrderUp { alone },
            Bid::Call(suit) => crate::Action::Call { suit, alone },
        }
    }
}

/// The bids made so far in `hand`, in order: the seats left of the dealer pass until
/// the maker bids (or, while the bidding goes on, until the seat to act).
pub(crate) fn bids(hand: &Hand) -> Vec<(Seat, Bid)> {
    let dealer = hand.dealer();
    let upcard_suit = hand.upcard().suit();
    let mut seen = Vec::with_capacity(8);
    let (last_round, stop) = match (hand.maker(), hand.phase()) {
        (Some(maker), _) => {
            let round = if hand.trump() == Some(upcard_suit) {
                Round::One
            } else {
                Round::Two
            };
            (round, Some(maker))
        }
        (None, Phase::Making(round)) => (round, None),
        _ => return seen,
    };
    let mut seat = dealer.left();
    let mut round = Round::One;
    loop {
        let at_stop = round == last_round
            && match stop {
                Some(maker) => seat == maker,
                None => seat == hand.turn(),
            };
        if at_stop {
            if stop.is_some() {
                let bid = match round {
                    Round::One => Bid::OrderUp,
                    Round::Two => Bid::Call(hand.trump().expect("made")),
                };
                seen.push((seat, bid));
            }
            return seen;
        }
        seen.push((seat, Bid::Pass(round)));
        if seat == dealer {
            round = Round::Two;
        }
        seat = seat.left();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &str) -> CardSet {
        cards
            .split(' ')
            .map(|c| Card::parse_short(c).unwrap())
            .fold(CardSet::EMPTY, |mut s, c| {
                s.insert(c);
                s
            })
    }

    #[test]
    fn bowers_and_high_trumps_make_a_hand_small_ones_do_not() {
        // Both bowers and the ace of trumps with two off-suit aces: the classic order-up.
        let strong = strength(set("JH JD AH AS AC"), Suit::Hearts);
        // Three small trumps and nothing else.
        let weak = strength(set("9H TH QH 9S TC"), Suit::Hearts);
        assert!(makes(strong) > 0.95 && makes(weak) < 0.1, "{strong} {weak}");
        // The left bower counts as trump, the jack of another colour does not.
        assert!(strength(set("JD"), Suit::Hearts) > strength(set("JS"), Suit::Hearts));
    }

    #[test]
    fn the_bids_of_a_hand_are_read_in_turn() {
        let deck: Vec<Card> = cards::deck::EECS280_EUCHRE.to_vec();
        let mut hand = Hand::deal(crate::Rules::eecs280(10), Seat::new(0), &deck);
        hand.apply(crate::Action::Pass).unwrap();
        hand.apply(crate::Action::Pass).unwrap();
        let seen = bids(&hand);
        assert_eq!(
            seen,
            [
                (Seat::new(1), Bid::Pass(Round::One)),
                (Seat::new(2), Bid::Pass(Round::One))
            ]
        );
        hand.apply(crate::Action::OrderUp { alone: false }).unwrap();
        assert_eq!(bids(&hand).last(), Some(&(Seat::new(3), Bid::OrderUp)));
    }
}
