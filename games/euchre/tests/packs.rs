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

/// Plays `cards` (written `8S 7S`) in turn: the last one's outcome.
fn plays(hand: &mut Hand, cards: &str) -> Outcome {
    let mut outcome = Outcome::Continue;
    for card in cards.split_whitespace() {
        outcome = hand.apply(Action::Play(card.parse().unwrap())).unwrap();
    }
    outcome
}

/// A 32-card hand dealt five at a time from the dealer's left (seat 1), the dealer
/// (seat 0) last, the eight of hearts turned up, ordered up by seat 1; the dealer
/// discards the seven of diamonds.
fn hearts_from_the_32_card_pack() -> Hand {
    let rules = Rules::eecs280(10)
        .with_house(&["pack=32", "deal=5"])
        .unwrap();
    let deck = deck(
        "8S AS 7H KD QD 7S 9S 8D 9D TD 8C 9C TC QC JC 7C KC AC 7D 9H 8H",
        &cards::deck::EUCHRE_32,
    );
    assert_eq!(deck.len(), 32);
    let mut hand = Hand::deal(rules, Seat::new(0), &deck);
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    hand.apply(Action::Discard("7D".parse().unwrap())).unwrap();
    hand
}

#[test]
fn sevens_and_eights_rank_below_the_nines_in_plain_suits_and_in_trump() {
    let mut hand = hearts_from_the_32_card_pack();
    // Trick one: the eight of spades led; the seven must follow it, and loses to it.
    assert_eq!(won_by(plays(&mut hand, "8S 7S 8C 7C")), Seat::new(1));
    // Trick two: the dealer's eight of hearts (trump) takes the ace led.
    assert_eq!(won_by(plays(&mut hand, "AS 9S 9C 8H")), Seat::new(0));
}

#[test]
fn a_seven_must_follow_the_suit_it_belongs_to() {
    let mut hand = hearts_from_the_32_card_pack();
    hand.apply(Action::Play("8S".parse().unwrap())).unwrap();
    let spades: CardSet = cards("7S 9S").into_iter().collect();
    assert_eq!(hand.legal_plays(), spades);
}

#[test]
fn a_mcevoy_in_the_long_packs_is_five_cards_no_higher_than_ten() {
    let rules = Rules::eecs280(10)
        .with_house(&["pack=32", "deal=5", "mcevoy=on"])
        .unwrap();
    let low = deck("7S 8H 9C TD 8S", &cards::deck::EUCHRE_32);
    let hand = Hand::deal(rules, Seat::new(0), &low);
    assert!(hand.legal_actions().as_slice().contains(&Action::McEvoy));
    let with_a_jack = deck("7S 8H 9C TD JS", &cards::deck::EUCHRE_32);
    let hand = Hand::deal(rules, Seat::new(0), &with_a_jack);
    assert!(!hand.legal_actions().as_slice().contains(&Action::McEvoy));
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

/// The joker (house rule `joker`): the two of spades stands for it, as in Britain
/// (pagat.com); euchrelinks.com: it makes 25 cards, is the highest trump at all times, and
/// turned up, the dealer must name trump without looking at his cards.
mod joker {
    use super::*;
    use euchre::{IllegalAction, Phase, Round};

    fn rules(house: &[&str]) -> Rules {
        let mut all = vec!["joker=on", "deal=5"];
        all.extend_from_slice(house);
        Rules::eecs280(10).with_house(&all).unwrap()
    }

    #[test]
    fn the_pack_is_25_cards_and_the_benny_outranks_the_right_bower() {
        let rules = rules(&[]);
        assert_eq!(rules.deck().len(), 25);
        assert_eq!(rules.deck()[24].to_string(), "2S");
        // Seat 1 (the dealer's left) holds the benny and low clubs; seat 2 the right
        // bower and the king of hearts. Hearts ordered up (the nine turned up).
        let deck = deck(
            "2S 9C TC QC KC JH KH 9D TD QD AC AD AS KS QS 9S TS JS JC KD 9H",
            &cards::deck::EUCHRE_25,
        );
        let mut hand = Hand::deal(rules, Seat::new(0), &deck);
        assert_eq!(hand.phase(), Phase::Making(Round::One));
        hand.apply(Action::Pass).unwrap();
        hand.apply(Action::OrderUp { alone: false }).unwrap();
        hand.apply(Action::Discard("9S".parse().unwrap())).unwrap();
        // A club led: seat 2, out of clubs, trumps with the king.
        assert_eq!(won_by(plays(&mut hand, "9C KH AC JC")), Seat::new(2));
        // The right bower led: the dealer follows with its nine of hearts; seat 1's only
        // trump is the benny, which it must play, and which takes the right bower.
        plays(&mut hand, "JH AS 9H");
        assert_eq!(
            hand.legal_plays(),
            ["2S".parse::<Card>().unwrap()]
                .into_iter()
                .collect::<CardSet>()
        );
        let outcome = hand.apply(Action::Play("2S".parse().unwrap())).unwrap();
        assert_eq!(
            won_by(outcome),
            Seat::new(1),
            "the benny above the right bower"
        );
    }

    #[test]
    fn a_benny_turned_up_is_named_blind_by_the_dealer_who_then_takes_it() {
        for house in [&[][..], &["dealer=throw-in", "alone=on"][..]] {
            let rules = rules(house);
            // Twenty cards to the players, the 21st (the upcard) the benny.
            let deck = deck(
                "9C TC QC KC JH 9D TD QD KD AC AD AS KS QS 9S TS JS JC AH 9H 2S",
                &cards::deck::EUCHRE_25,
            );
            let mut hand = Hand::deal(rules, Seat::new(0), &deck);
            assert!(hand.benny_up());
            // The dealer names trump first, before anyone bids, seeing none of its cards.
            assert_eq!(hand.turn(), Seat::new(0));
            assert_eq!(hand.phase(), Phase::Making(Round::Two));
            assert!(hand.view(Seat::new(0)).cards().is_empty());
            assert_eq!(hand.view(Seat::new(1)).cards().len(), 5);
            let calls: Vec<Action> = cards::Suit::ALL
                .map(|suit| Action::Call { suit, alone: false })
                .to_vec();
            assert_eq!(hand.legal_actions().as_slice(), &calls[..]);
            assert_eq!(hand.apply(Action::Pass), Err(IllegalAction::BennyTurnedUp));
            let alone = Action::Call {
                suit: cards::Suit::Hearts,
                alone: true,
            };
            assert_eq!(hand.apply(alone), Err(IllegalAction::BennyTurnedUp));
            // Spades, the benny's printed suit, may be named too.
            hand.apply(Action::Call {
                suit: cards::Suit::Spades,
                alone: false,
            })
            .unwrap();
            assert_eq!(hand.maker(), Some(Seat::new(0)));
            assert_eq!(hand.phase(), Phase::Discard);
            let dealer = hand.cards(Seat::new(0));
            assert_eq!(dealer.len(), 6);
            assert!(dealer.contains("2S".parse().unwrap()));
            assert_eq!(
                hand.view(Seat::new(0)).cards(),
                dealer,
                "seen once trump is named"
            );
            hand.apply(Action::Discard("9H".parse().unwrap())).unwrap();
            assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, Seat::new(1)));
        }
    }

    #[test]
    fn without_the_house_rule_the_two_of_spades_is_not_dealt() {
        let mut rng = table::Rng::seed_from_u64(25);
        let mut seen = CardSet::EMPTY;
        for joker in [false, true] {
            let rules = Rules::cs246()
                .with_house(&[if joker { "joker=on" } else { "joker=off" }])
                .unwrap();
            for _ in 0..60 {
                let mut game = Game::new(rules);
                table::Game::deal(&mut game, &mut rng);
                let hand = game.hand().unwrap();
                let mut dealt = CardSet::EMPTY;
                dealt.insert(hand.upcard());
                for seat in Seat::ALL {
                    dealt = dealt.union(hand.cards(seat));
                }
                assert!(joker || !dealt.contains("2S".parse().unwrap()));
                seen = seen.union(dealt);
            }
        }
        assert!(
            seen.contains("2S".parse().unwrap()),
            "sixty deals of 21 from 25 reach the benny"
        );
    }
}
