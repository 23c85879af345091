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

/// The Simple player's action for the seat to move. Always inlined into the agent's
/// `act`, its one caller in a simulation (-3% instructions for Simple against Simple).
#[inline(always)]
pub fn decide(view: &View<'_>) -> Action {
    let cards = view.cards();
    if view.blind() {
        return super::blind_call();
    }
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
        // The handout has no defending alone: its player always plays with its partner;
        // nor a McEvoy: it plays the hand it is dealt.
        Phase::Defending | Phase::Declaring => Action::Pass,
        Phase::Discard => {
            let order = view
                .trump_order()
                .expect("trump is made before the discard");
            Action::Discard(order.lowest(cards).expect("the dealer holds six cards"))
        }
        Phase::Tricks | Phase::Over => {
            // Each order a constant in its branch, so its top cards fold into the code.
            let trump = view.trump().expect("tricks are played with trump");
            if view.rules().joker {
                play(view, cards, TrumpOrder::euchre_with_benny(trump))
            } else {
                play(view, cards, TrumpOrder::euchre(trump))
            }
        }
    }
}

/// The card to lead or follow with under `order`.
#[inline(always)]
fn play(view: &View<'_>, cards: CardSet, order: TrumpOrder) -> Action {
    Action::Play(match view.trick().led() {
        None => lead(cards, order),
        Some(led) => follow(cards, order, led),
    })
}

/// Right and left bowers and the Q, K, A of `trump` ("trump face cards").
fn trump_faces(cards: CardSet, trump: Suit) -> usize {
    let trumps = cards.intersection(TrumpOrder::euchre(trump).cards_of(trump));
    trumps.intersection(CardSet::ranks_from(Rank::Jack)).len()
}

/// The highest non-trump card, or the highest trump if that is all it holds.
fn lead(cards: CardSet, order: TrumpOrder) -> cards::Card {
    let plain = cards.difference(order.cards_of(order.trump()));
    // Cards outside trump rank by card order alone.
    match plain.last() {
        Some(card) => card,
        None => order.highest(cards).expect("a leader holds a card"),
    }
}

/// The highest card of the led suit, or else the lowest card in hand.
fn follow(cards: CardSet, order: TrumpOrder, led: cards::Card) -> cards::Card {
    let following = cards.intersection(order.following(led));
    // Void in the suit led, no card gains from it: the lowest is the lowest with trump.
    // Following, the cards are all trump, or all of a plain suit in card order.
    let card = if following.is_empty() {
        order.lowest(cards)
    } else if order.is_trump(led) {
        order.highest(following)
    } else {
        following.last()
    };
    card.expect("a follower holds a card")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Rules, Seat};
    use cards::Card;
    use testkit::parse as set;

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
        let card = |text: &str| text.parse::<Card>().unwrap();
        assert_eq!(follow(set("JD 9D AD 9S"), order, card("KD")), card("AD"));
        // Void in clubs: lowest card with hearts trump and clubs led is 9S.
        assert_eq!(follow(set("JD 9H AD 9S"), order, card("KC")), card("9S"));
        // The left bower led is trump: the highest trump follows, the right bower first.
        assert_eq!(follow(set("9H JH AD"), order, card("JD")), card("JH"));
        assert_eq!(follow(set("9H AH JD 9S"), order, card("9H")), card("JD"));
        // Diamonds led, a diamond to follow: the left bower (a heart now) is not one.
        assert_eq!(follow(set("JD 9D 9S"), order, card("AD")), card("9D"));
    }

    proptest::proptest! {
        /// Lead and follow pick as the handout words them, card by card with the order's
        /// keys: "the highest non-trump card" (else the highest trump), "the highest card
        /// that follows suit" (else the lowest card in hand).
        #[test]
        fn picks_are_the_handouts_words(hand in 1u32..(1 << 24), t in 0usize..4, led in 0usize..24) {
            let deck = cards::deck::eecs280_euchre();
            let cards: CardSet = (0..24).filter(|i| hand >> i & 1 == 1).map(|i| deck[i]).collect();
            let order = TrumpOrder::euchre(Suit::from_index(t));
            let led = deck[led];
            let led_suit = order.suit_of(led);
            let plain: Vec<Card> = cards.iter().filter(|&c| !order.is_trump(c)).collect();
            let highest = |pool: &[Card]| pool.iter().copied().max_by_key(|&c| order.key(c));
            let expected = highest(&plain).or_else(|| highest(&cards.iter().collect::<Vec<_>>()));
            proptest::prop_assert_eq!(Some(lead(cards, order)), expected);

            let by_led = |c: &Card| order.led_key(*c, led_suit);
            let following: Vec<Card> = cards.iter().filter(|&c| order.suit_of(c) == led_suit).collect();
            let expected = match following.iter().copied().max_by_key(by_led) {
                Some(card) => card,
                None => cards.iter().min_by_key(by_led).unwrap(),
            };
            proptest::prop_assert_eq!(follow(cards, order, led), expected);
        }
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
