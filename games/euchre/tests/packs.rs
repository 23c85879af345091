//! The 28- and 32-card packs (house rule `pack`), hand-worked from the rule text: the
//! eights and sevens rank below the nines, in plain suits and in trump alike (Bicycle's
//! Euchre rules: A-K-Q-J-10-9-8-7), and every deal comes from the pack the rules name.

use cards::{Card, CardSet, Rank};
use euchre::{Action, Game, Hand, Outcome, Rules, Seat};
use rand::SeedableRng;
use table::house::{House, HouseError};

fn cards(text: &str) -> Vec<Card> {
    text.split(' ').map(|c| c.parse().unwrap()).collect()
}

/// `first` in dealing order, then the rest of `pack` in its own order.
fn deck(first: &str, pack: &[Card]) -> Vec<Card> {
    let mut deck = cards(first);
    deck.extend(
        pack.iter()
            .filter(|c| !deck.contains(c))
            .collect::<Vec<_>>(),
    );
    deck
}

fn won_by(outcome: Outcome) -> Seat {
    match outcome {
        Outcome::Trick { winner, .. } => winner,
        other => panic!("the trick was not complete: {other:?}"),
    }
}

#[test]
fn sevens_and_eights_rank_below_the_nines_in_plain_suits_and_in_trump() {
    let rules = Rules::eecs280(10)
        .with_house(&["pack=32", "deal=5"])
        .unwrap();
    // Five at a time from the dealer's left (seat 1), the dealer (seat 0) last; the
    // eight of hearts turned up.
    let deck = deck(
        "8S AS 7H KD QD 7S 9S 8D 9D TD 8C 9C TC QC JC 7C KC AC 7D 9H 8H",
        &cards::deck::EUCHRE_32,
    );
    assert_eq!(deck.len(), 32);
    let mut hand = Hand::deal(rules, Seat::new(0), &deck);
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    hand.apply(Action::Discard("7D".parse().unwrap())).unwrap();
    let mut play = |card: &str| hand.apply(Action::Play(card.parse().unwrap())).unwrap();
    // Trick one: the eight of spades led; the seven must follow it, and loses to it.
    play("8S");
    play("7S");
    play("8C");
    assert_eq!(won_by(play("7C")), Seat::new(1));
    // Trick two: the dealer's eight of hearts (trump) takes the ace led.
    play("AS");
    play("9S");
    play("9C");
    assert_eq!(won_by(play("8H")), Seat::new(0));
}

#[test]
fn a_seven_must_follow_the_suit_it_belongs_to() {
    let rules = Rules::eecs280(10)
        .with_house(&["pack=32", "deal=5"])
        .unwrap();
    let deck = deck(
        "8S AS 7H KD QD 7S 9S 8D 9D TD 8C 9C TC QC JC 7C KC AC 7D 9H 8H",
        &cards::deck::EUCHRE_32,
    );
    let mut hand = Hand::deal(rules, Seat::new(0), &deck);
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    hand.apply(Action::Discard("7D".parse().unwrap())).unwrap();
    hand.apply(Action::Play("8S".parse().unwrap())).unwrap();
    let spades: CardSet = cards("7S 9S").into_iter().collect();
    assert_eq!(hand.legal_plays(), spades);
}

#[test]
fn a_farmers_hand_in_the_long_packs_is_five_cards_no_higher_than_ten() {
    let rules = Rules::eecs280(10)
        .with_house(&["pack=32", "deal=5", "farmer=on"])
        .unwrap();
    let low = deck("7S 8H 9C TD 8S", &cards::deck::EUCHRE_32);
    let hand = Hand::deal(rules, Seat::new(0), &low);
    assert!(hand.legal_actions().as_slice().contains(&Action::ThrowIn));
    let with_a_jack = deck("7S 8H 9C TD JS", &cards::deck::EUCHRE_32);
    let hand = Hand::deal(rules, Seat::new(0), &with_a_jack);
    assert!(!hand.legal_actions().as_slice().contains(&Action::ThrowIn));
}

#[test]
fn every_deal_comes_from_the_pack_the_rules_name() {
    let mut rng = table::Rng::seed_from_u64(32);
    for (value, size, lowest) in [
        ("24", 24, Rank::Nine),
        ("28", 28, Rank::Eight),
        ("32", 32, Rank::Seven),
    ] {
        let rules = Rules::cs246()
            .with_house(&[&format!("pack={value}")])
            .unwrap();
        let mut game = Game::new(rules);
        assert_eq!(table::Game::pack(&game).len(), size);
        let mut dealt = CardSet::EMPTY;
        for _ in 0..40 {
            game = Game::new(rules);
            table::Game::deal(&mut game, &mut rng);
            let hand = game.hand().unwrap();
            for seat in Seat::ALL {
                dealt = dealt.union(hand.cards(seat));
            }
        }
        // Forty deals of twenty cards reach the pack's lowest rank, and nothing below it.
        assert!(dealt.iter().all(|c| c.rank() >= lowest), "pack={value}");
        assert!(dealt.iter().any(|c| c.rank() == lowest), "pack={value}");
    }
}

#[test]
fn a_pack_of_any_other_size_is_refused_by_name() {
    let refused = Rules::eecs280(10).with_house(&["pack=36"]);
    assert!(matches!(
        refused,
        Err(HouseError::BadValue { option: "pack", .. })
    ));
    let rules = Rules::eecs280(10).with_house(&["pack=28"]).unwrap();
    assert_eq!(rules.changes_from(&Rules::eecs280(10)), ["pack=28"]);
}
