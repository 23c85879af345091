//! The left bower does not follow its printed suit (pagat.com/euchre/euchre.html: "the
//! left bower ... counts as a trump"), and when it is refused the refusal says why: a
//! player who tries the J♦ with hearts trump and diamonds led is told the jack is a heart
//! now. Under the CS 246 handout's renege penalty it is a renege like any other.

use cards::{Card, Suit};
use euchre::{Action, Hand, IllegalAction, Outcome, Rules, Seat};

/// The other jack of trump's colour.
fn left_bower(trump: Suit) -> Card {
    let partner = match trump {
        Suit::Hearts => Suit::Diamonds,
        Suit::Diamonds => Suit::Hearts,
        Suit::Spades => Suit::Clubs,
        Suit::Clubs => Suit::Spades,
    };
    format!("J{}", partner.letter()).parse().unwrap()
}

/// A deck in a fixed scramble of `seed` (a linear congruential walk over the pack).
fn scrambled(seed: u64) -> Vec<Card> {
    let mut deck = cards::deck::eecs280_euchre();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for i in (1..deck.len()).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        deck.swap(i, (state >> 33) as usize % (i + 1));
    }
    deck
}

#[test]
fn a_left_bower_to_its_printed_suit_is_refused_as_a_trump() {
    let mut seen = 0;
    for seed in 0..400u64 {
        for rules in [Rules::eecs280(10), Rules::cs246()] {
            let mut hand = Hand::deal(rules, Seat::new((seed % 4) as usize), &scrambled(seed));
            let mut step = 0usize;
            loop {
                let legal = hand.legal_actions();
                let Some(action) = legal.iter().nth(step % legal.len().max(1)) else {
                    break;
                };
                step += 1;
                if let (Some(trump), Some(first)) = (hand.trump(), hand.trick().led()) {
                    let jack = left_bower(trump);
                    // The suit led, as trump counts suits: a led left bower is a trump.
                    let led = if first == jack { trump } else { first.suit() };
                    let holds = hand.cards(hand.turn());
                    let follows = holds.iter().any(|c| c.suit() == led && c != jack);
                    if jack.suit() == led && holds.contains(jack) && follows {
                        let refused = hand.check(Action::Play(jack));
                        assert_eq!(
                            refused,
                            Err(IllegalAction::LeftBower {
                                card: jack,
                                led,
                                trump
                            })
                        );
                        let said = refused.unwrap_err().to_string();
                        assert!(said.contains("is the left bower"), "{said}");
                        assert!(
                            said.contains(&format!("{trump} while {trump} are trump")),
                            "{said}"
                        );
                        if rules.renege_penalty.is_some() {
                            // CS 246: "an automatic 2 points is awarded to the other team".
                            let mut taken = hand;
                            let renege = taken.apply(Action::Play(jack)).unwrap();
                            assert!(
                                matches!(renege, Outcome::Renege { points: 2, .. }),
                                "{renege:?}"
                            );
                        }
                        seen += 1;
                    }
                }
                if hand.apply(action).is_err() {
                    break;
                }
            }
        }
    }
    assert!(
        seen >= 3,
        "{seen} left bowers tried against their printed suit"
    );
}
