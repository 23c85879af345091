//! What a hand's record says of each player, worked from the EECS 280 handout's Appendix A
//! and B deal (noshuffle, Alice seat 0 deals, the Jack of Diamonds turned up): who has
//! shown a void, and the five cards each seat was dealt.

use cards::{CardSet, Suit};
use euchre::{Action, Hand, Rules, Seat};

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
    // Spades led: Bob JS, Cathy KS, Drew AS follow; Alice, out of spades, plays 9D.
    for card in ["JS", "KS", "AS", "9D"] {
        hand.apply(Action::Play(card.parse().unwrap())).unwrap();
    }
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
