//! A hand worked from the EECS 280 handout's Appendix A and B deal (noshuffle, Alice seat 0
//! deals, the Jack of Diamonds turned up): the deal, the making, the first trick, and what
//! the hand's record says of each player (who has shown a void, the five cards each was
//! dealt).

use cards::{CardSet, Suit};
use euchre::{Action, Hand, IllegalAction, Outcome, Phase, Round, Rules, Seat};

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn appendix_deal() -> Hand {
    Hand::deal(
        Rules::eecs280(10),
        Seat::new(0),
        &cards::deck::eecs280_euchre(),
    )
}

#[test]
fn three_two_deal_matches_appendix_b() {
    // Appendix B (noshuffle): Bob holds 9S TS JS KH AH, Alice (dealer) 9D TD JH QH AC,
    // and the Jack of Diamonds is turned up.
    let hand = appendix_deal();
    assert_eq!(hand.cards(Seat::new(1)), set("9S TS JS KH AH"));
    assert_eq!(hand.cards(Seat::new(2)), set("9C TC JC QS KS"));
    assert_eq!(hand.cards(Seat::new(3)), set("9H TH QC KC AS"));
    assert_eq!(hand.cards(Seat::new(0)), set("9D TD JH QH AC"));
    assert_eq!(hand.upcard(), "JD".parse().unwrap());
    assert_eq!(hand.turn(), Seat::new(1));
}

#[test]
fn screw_the_dealer_takes_away_the_dealers_pass() {
    let mut hand = appendix_deal();
    for _ in 0..7 {
        hand.apply(Action::Pass).unwrap();
    }
    assert_eq!(
        (hand.phase(), hand.turn()),
        (Phase::Making(Round::Two), Seat::new(0))
    );
    let legal = hand.legal_actions();
    assert!(!legal.contains(Action::Pass));
    assert_eq!(
        legal.len(),
        3,
        "three suits other than the upcard's: {legal:?}"
    );
    assert_eq!(hand.apply(Action::Pass), Err(IllegalAction::DealerMustCall));
    let diamonds = Action::Call {
        suit: Suit::Diamonds,
        alone: false,
    };
    assert_eq!(
        hand.apply(diamonds),
        Err(IllegalAction::TurnedDown(Suit::Diamonds)),
        "the upcard's suit was turned down"
    );
}

#[test]
fn bids_are_listed_pass_first_then_each_suit_not_alone_before_alone() {
    // CS 246 rules: going alone, and a thrown-in hand instead of a stuck dealer.
    let mut hand = Hand::deal(Rules::cs246(), Seat::new(0), &cards::deck::eecs280_euchre());
    let listed = |hand: &Hand| hand.legal_actions().as_slice().to_vec();
    let order_up = |alone| Action::OrderUp { alone };
    assert_eq!(
        listed(&hand),
        [Action::Pass, order_up(false), order_up(true)]
    );
    for _ in 0..4 {
        hand.apply(Action::Pass).unwrap();
    }
    // The Jack of Diamonds was turned down: spades, hearts, clubs remain.
    let call = |suit, alone| Action::Call { suit, alone };
    let mut round_two = vec![Action::Pass];
    for suit in [Suit::Spades, Suit::Hearts, Suit::Clubs] {
        round_two.extend([call(suit, false), call(suit, true)]);
    }
    assert_eq!(listed(&hand), round_two);
    assert_eq!(hand.nth_legal_action(round_two.len()), None);
}

#[test]
fn ordering_up_gives_the_dealer_the_upcard_to_discard() {
    let mut hand = appendix_deal();
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    assert_eq!((hand.phase(), hand.turn()), (Phase::Discard, Seat::new(0)));
    assert_eq!(hand.cards(Seat::new(0)).len(), 6);
    hand.apply(Action::Discard("JD".parse().unwrap())).unwrap();
    assert_eq!(hand.discard(), Some("JD".parse().unwrap()));
    assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, Seat::new(1)));
    assert_eq!(hand.maker(), Some(Seat::new(1)));
}

#[test]
fn failing_to_follow_shows_a_void() {
    let mut hand = appendix_deal();
    for _ in 0..4 {
        hand.apply(Action::Pass).unwrap();
    }
    hand.apply(Action::Call {
        suit: Suit::Hearts,
        alone: false,
    })
    .unwrap();
    assert_eq!(hand.voids(), [0; 4], "nothing shown before a trick");
    // Spades led: Bob JS, Cathy KS, Drew AS follow; Alice, out of spades, plays 9D;
    // "Drew takes the trick" (seat 3, the AS), and leads the next.
    let mut outcome = Outcome::Continue;
    for card in ["JS", "KS", "AS", "9D"] {
        outcome = hand.apply(Action::Play(card.parse().unwrap())).unwrap();
    }
    let drew = Seat::new(3);
    assert_eq!(
        outcome,
        Outcome::Trick {
            winner: drew,
            result: None
        }
    );
    assert_eq!(hand.turn(), drew);
    assert_eq!(hand.voids(), [1 << Suit::Spades.index(), 0, 0, 0]);
    assert!(hand.shown_void(Seat::new(0), Suit::Spades));
    assert!(!hand.shown_void(Seat::new(0), Suit::Hearts));
    assert_eq!(hand.tricks_won(Seat::new(3)), 1, "Drew's ace took it");
    assert_eq!(hand.tricks_won(Seat::new(0)), 0);
    assert_eq!(hand.played_by(Seat::new(0)), set("9D"));
}

#[test]
fn a_dealer_who_picked_up_was_dealt_its_five_not_the_upcard() {
    let mut hand = appendix_deal();
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    hand.apply(Action::Discard("9D".parse().unwrap())).unwrap();
    // Alice was dealt 9D TD JH QH AC; she holds the Jack of Diamonds now, not 9D.
    assert_eq!(hand.dealt_cards(Seat::new(0)), set("9D TD JH QH AC"));
    assert!(hand.cards(Seat::new(0)).contains("JD".parse().unwrap()));
    assert_eq!(hand.dealt_cards(Seat::new(1)), set("9S TS JS KH AH"));
}

/// Over random hands, the voids a hand reports are exactly the suits each seat failed to
/// follow, read here from the order of play (the left bower counts as trump).
#[test]
fn voids_are_the_suits_a_seat_failed_to_follow() {
    use rand::{Rng as _, SeedableRng};
    use table::Game as _;
    let mut shown = 0;
    for seed in 0..300 {
        let mut game = euchre::Game::new(Rules::cs246());
        let mut rng = table::Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while table::Game::turn(&game) != table::Turn::Over && game.hands() < 3 {
            if table::Game::turn(&game) == table::Turn::Chance {
                table::Game::deal(&mut game, &mut rng);
                continue;
            }
            table::Game::legal_actions(&game, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            table::Game::apply(&mut game, action).unwrap();
            let hand = game.hand().unwrap();
            let Some(order) = hand.trump_order() else {
                continue;
            };
            let mut expected = [0u8; 4];
            let plays: Vec<_> = hand.history().collect();
            let per_trick = if hand.is_alone() { 3 } else { 4 };
            for trick in plays.chunks(per_trick) {
                let led = order.suit_of(trick[0].1);
                for &(seat, card) in &trick[1..] {
                    if order.suit_of(card) != led {
                        expected[seat.index()] |= 1 << led.index();
                    }
                }
            }
            assert_eq!(hand.voids(), expected, "seed {seed}");
            shown += expected.iter().filter(|&&v| v > 1).count();
        }
    }
    assert!(shown > 0, "some void in a suit other than spades was shown");
}
