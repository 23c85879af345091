//! The EECS 280 Simple player, exactly as the handout's "Simple Player strategy".

use cards::euchre_order::TrumpOrder;
use cards::{CardSet, Rank, Suit};

use crate::{Action, Game, Leave, Phase, Player, Round, View};

/// EECS 280's Simple player. It keeps no memory between decisions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simple;

impl Player<Game> for Simple {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        Ok(decide(view))
    }
}

/// The Simple player's action for the seat to move.
pub fn decide(view: &View<'_>) -> Action {
    let cards = view.cards();
    match view.phase() {
        Phase::Making(Round::One) => {
            if trump_faces(cards, view.upcard().suit()) >= 2 {
                Action::OrderUp { alone: false }
            } else {
                Action::Pass
            }
        }
        Phase::Making(Round::Two) => {
            let next = view.upcard().suit().same_color();
            if view.is_dealer() || trump_faces(cards, next) >= 1 {
                Action::Call {
                    suit: next,
                    alone: false,
                }
            } else {
                Action::Pass
            }
        }
        Phase::Discard => {
            let order = view
                .trump_order()
                .expect("trump is made before the discard");
            Action::Discard(order.lowest(cards).expect("the dealer holds six cards"))
        }
        Phase::Tricks | Phase::Over => {
            let order = view.trump_order().expect("tricks are played with trump");
            Action::Play(match view.trick().led() {
                None => lead(cards, order),
                Some(led) => follow(cards, order, order.suit_of(led)),
            })
        }
    }
}

/// Right and left bowers and the Q, K, A of `trump` ("trump face cards").
fn trump_faces(cards: CardSet, trump: Suit) -> usize {
    let trumps = cards.intersection(TrumpOrder::euchre(trump).cards_of(trump));
    trumps.intersection(CardSet::ranks_from(Rank::Jack)).len()
}

/// The highest non-trump card, or the highest trump if that is all it holds.
fn lead(cards: CardSet, order: TrumpOrder) -> cards::Card {
    let plain = cards.difference(order.cards_of(order.trump()));
    let pool = if plain.is_empty() { cards } else { plain };
    order.highest(pool).expect("a leader holds a card")
}

/// The highest card of the led suit, or else the lowest card in hand.
fn follow(cards: CardSet, order: TrumpOrder, led: Suit) -> cards::Card {
    let following = cards.intersection(order.cards_of(led));
    if following.is_empty() {
        order.lowest_led(cards, led)
    } else {
        order.highest_led(following, led)
    }
    .expect("a follower holds a card")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Rules, Seat};
    use cards::Card;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn trump_faces_count_bowers_and_q_k_a() {
        // Hearts: JH right, JD left, QH KH AH; TH and 9H are not faces, JS is not trump.
        assert_eq!(trump_faces(set("JH JD QH KH AH TH 9H JS"), Suit::Hearts), 5);
        assert_eq!(trump_faces(set("9H TH AS KC"), Suit::Hearts), 0);
        // "if the upcard is a Heart and the player has the King of Diamonds in their
        // hand, they will order up Diamonds" (round two): one face of the next suit.
        assert_eq!(trump_faces(set("KD 9S TS 9C TC"), Suit::Diamonds), 1);
    }

    #[test]
    fn leads_highest_non_trump_then_highest_trump() {
        let order = TrumpOrder::euchre(Suit::Spades);
        // JC is the left bower: trump, so not "non-trump".
        assert_eq!(lead(set("JC AS 9H KD QD"), order), "KD".parse().unwrap());
        assert_eq!(lead(set("JC AS 9S"), order), "JC".parse().unwrap());
    }

    #[test]
    fn follows_high_or_throws_low() {
        let order = TrumpOrder::euchre(Suit::Hearts);
        // Diamonds led; JD is the left bower (a Heart), so it cannot follow diamonds.
        assert_eq!(
            follow(set("JD 9D AD 9S"), order, Suit::Diamonds),
            "AD".parse().unwrap()
        );
        // Void in clubs: lowest card with hearts trump and clubs led is 9S.
        assert_eq!(
            follow(set("JD 9H AD 9S"), order, Suit::Clubs),
            "9S".parse().unwrap()
        );
    }

    #[test]
    fn first_hand_of_the_official_pack_goes_as_appendix_a() {
        // Appendix A: noshuffle pack, Jack of Diamonds turned up; all pass in round one,
        // then Bob (seat 1) orders up Hearts, the suit of the same colour.
        let deck: Vec<Card> = cards::deck::eecs280_euchre();
        let mut game = Game::new(Rules::eecs280(1));
        game.deal(&deck);
        assert_eq!(game.hand().unwrap().upcard(), "JD".parse().unwrap());
        let mut bids = Vec::new();
        while game.hand().unwrap().trump().is_none() {
            let seat = game.turn().unwrap();
            let action = decide(&game.view(seat).unwrap());
            bids.push((seat, action));
            game.apply(action).unwrap();
        }
        let expected_passes: Vec<(Seat, Action)> =
            [1, 2, 3, 0].map(|s| (Seat::new(s), Action::Pass)).to_vec();
        assert_eq!(&bids[..4], &expected_passes[..]);
        assert_eq!(
            bids[4],
            (
                Seat::new(1),
                Action::Call {
                    suit: Suit::Hearts,
                    alone: false
                }
            )
        );
    }
}
