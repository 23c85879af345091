//! Rules properties over many random packs and random legal (and illegal) choices.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet};
use euchre::{Action, Game, Outcome, Phase, Rules, Seat};
use proptest::prelude::*;

fn pack() -> impl Strategy<Value = Vec<Card>> {
    Just(cards::deck::eecs280_euchre()).prop_shuffle()
}

/// Plays one hand with choices drawn from `choices`, checking each rule as it goes.
/// Returns the points each team scored.
fn play_checked_hand(
    game: &mut Game,
    deck: &[Card],
    choices: &mut impl Iterator<Item = usize>,
) -> [u32; 2] {
    game.deal(deck);
    let hand = *game.hand().unwrap();
    // Each card dealt once: four hands of five, then the upcard, all from the deck.
    let mut dealt = CardSet::EMPTY;
    for seat in Seat::ALL {
        assert_eq!(hand.cards(seat).len(), 5);
        assert!(dealt.intersection(hand.cards(seat)).is_empty());
        dealt = dealt.union(hand.cards(seat));
    }
    assert!(!dealt.contains(hand.upcard()));
    assert_eq!(
        dealt.union([hand.upcard()].into_iter().collect()),
        deck[..21].iter().copied().collect()
    );

    let mut tricks = [0u8; 2];
    let before = game.scores();
    loop {
        let hand = *game.hand().unwrap();
        let seat = game.turn().unwrap();
        let legal = hand.legal_actions();
        assert!(!legal.is_empty());
        if hand.phase() == Phase::Tricks {
            check_follow_rule(game, seat);
        }
        let action = legal.as_slice()[choices.next().unwrap_or(0) % legal.len()];
        match game.apply(action).unwrap() {
            Outcome::Continue | Outcome::OrderedUp { .. } | Outcome::FarmersHand(_) => {}
            Outcome::Nullified => unreachable!("screw the dealer: someone always makes trump"),
            Outcome::Renege { .. } => unreachable!("EECS 280 rules forbid reneging"),
            Outcome::McEvoy(_) => unreachable!("EECS 280 rules have no McEvoy"),
            Outcome::Trick { winner, result } => {
                tricks[winner.team().index()] += 1;
                if let Some(result) = result {
                    assert_eq!(tricks.iter().sum::<u8>(), 5);
                    let makers = result.makers;
                    let made = tricks[makers.index()];
                    assert_eq!(result.maker_tricks, made);
                    // Scoring by hand: 1 for 3-4, 2 for a march, 2 to defenders for a euchre.
                    let (team, points) = match made {
                        0..=2 => (makers.other(), 2),
                        3 | 4 => (makers, 1),
                        _ => (makers, 2),
                    };
                    let mut gained = [0, 0];
                    gained[team.index()] = points;
                    let after = game.scores();
                    assert_eq!([after[0] - before[0], after[1] - before[1]], gained);
                    return gained;
                }
            }
        }
    }
}

/// A player who can follow suit must, and every other card is refused without change.
fn check_follow_rule(game: &mut Game, seat: Seat) {
    let hand = *game.hand().unwrap();
    let order = TrumpOrder::euchre(hand.trump().unwrap());
    let held = hand.cards(seat);
    let Some(led) = hand.trick().led() else {
        assert_eq!(hand.legal_plays(), held, "a leader may lead anything");
        return;
    };
    let led_suit = order.suit_of(led);
    let can_follow = held.iter().any(|c| order.suit_of(c) == led_suit);
    for card in held {
        let follows = order.suit_of(card) == led_suit;
        assert_eq!(
            hand.is_legal(Action::Play(card)),
            follows || !can_follow,
            "{card} on {led}"
        );
        if !follows && can_follow {
            let before = *game;
            assert!(game.apply(Action::Play(card)).is_err());
            assert_eq!(*game, before, "a refused action changes nothing");
        }
    }
}

/// CS 246 rules: going alone, thrown-in hands and the renege penalty.
fn play_cs246_hand(game: &mut Game, deck: &[Card], choices: &mut impl Iterator<Item = usize>) {
    game.deal(deck);
    let mut team_tricks = [0u8; 2];
    loop {
        let hand = *game.hand().unwrap();
        let seat = game.turn().unwrap();
        // The lone maker's partner never plays; a dealer sitting out discards only under
        // the reading that it still picks up.
        let discarding = hand.phase() == Phase::Discard;
        if !(discarding && hand.rules().sitting_out_dealer_picks_up) {
            assert_ne!(Some(seat), hand.sitting_out(), "a sitting-out seat acts");
        }
        let choice = choices.next().unwrap_or(0);
        // Now and then try a renege: a held card that does not follow while one could.
        if hand.phase() == Phase::Tricks && choice.is_multiple_of(7) {
            let renege = hand.cards(seat).difference(hand.legal_plays()).first();
            if let Some(card) = renege {
                let before = *game;
                let outcome = game.apply(Action::Play(card)).unwrap();
                let team = seat.team().other();
                assert_eq!(outcome, Outcome::Renege { team, points: 2 });
                assert_eq!(game.score(team), before.score(team) + 2);
                assert_eq!(game.hand(), before.hand(), "the hand itself is unchanged");
                if game.is_over() {
                    return;
                }
                continue;
            }
        }
        let legal = hand.legal_actions();
        let action = legal.as_slice()[choice % legal.len()];
        let before = game.scores();
        match game.apply(action).unwrap() {
            Outcome::Nullified | Outcome::McEvoy(_) => {
                assert_eq!(game.scores(), before);
                assert!(game.needs_deal());
                return;
            }
            Outcome::Trick { winner, result } => {
                let hand = game.hand().unwrap();
                team_tricks[winner.team().index()] += 1;
                if let Some(result) = result {
                    let made = team_tricks[result.makers.index()];
                    let expected = match (made, hand.is_alone()) {
                        (0..=2, _) => 2,
                        (3 | 4, _) => 1,
                        (_, true) => 4,
                        (_, false) => 2,
                    };
                    assert_eq!(result.points, expected);
                    let gained = game.score(result.winner) - before[result.winner.index()];
                    assert_eq!(gained, expected);
                    return;
                }
            }
            Outcome::Continue | Outcome::OrderedUp { .. } | Outcome::FarmersHand(_) => {}
            Outcome::Renege { .. } => unreachable!("legal actions never renege"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_follow_the_rules(
        decks in proptest::collection::vec(pack(), 30),
        choices in proptest::collection::vec(any::<usize>(), 600),
        points in 1u32..=15,
    ) {
        let mut game = Game::new(Rules::eecs280(points));
        let mut choices = choices.into_iter();
        let mut totals = [0u32; 2];
        let mut hands = 0;
        while !game.is_over() {
            // 30 packs cover any game to 15: each hand scores at least one point.
            let gained = play_checked_hand(&mut game, &decks[hands % decks.len()], &mut choices);
            prop_assert_eq!(game.hand().unwrap().dealer(), Seat::new(hands));
            hands += 1;
            totals = [totals[0] + gained[0], totals[1] + gained[1]];
            prop_assert_eq!(game.scores(), totals);
            let reached = totals.iter().any(|&t| t >= points);
            prop_assert_eq!(game.is_over(), reached);
        }
        let winner = game.winner().unwrap();
        prop_assert!(game.score(winner) >= points);
        prop_assert!(game.score(winner.other()) < points);
        prop_assert!(game.apply(Action::Pass).is_err());
        prop_assert!(!game.needs_deal());
    }

    #[test]
    fn random_cs246_games_follow_the_rules(
        decks in proptest::collection::vec(pack(), 40),
        choices in proptest::collection::vec(any::<usize>(), 2000),
        picks_up in any::<bool>(),
        footnote in any::<bool>(),
    ) {
        // Every reading of the handout (`cs246_euchre::readings`) plays by the rules.
        let lone_lead = if footnote {
            euchre::LoneLead::OppositeWhenDealerLeftAlone
        } else {
            euchre::LoneLead::DealerLeft
        };
        let rules = Rules { sitting_out_dealer_picks_up: picks_up, lone_lead, ..Rules::cs246() };
        let mut game = Game::new(rules);
        let mut choices = choices.into_iter();
        let mut hands = 0;
        while !game.is_over() && hands < 200 {
            play_cs246_hand(&mut game, &decks[hands % decks.len()], &mut choices);
            prop_assert_eq!(game.hand().unwrap().dealer(), Seat::new(hands));
            hands += 1;
        }
        if game.is_over() {
            let winner = game.winner().unwrap();
            prop_assert!(game.score(winner) >= 10);
        }
    }
}
