//! Every round ends within `Round::max_actions`, under every combination of house rules,
//! even when every player passes whenever the rules let it; and each pass is paid for.

use cards::shuffle::{std_shuffle, MinStdRand0};
use proptest::prelude::*;
use rand::{Rng as _, SeedableRng};
use straights::{Action, IllegalAction, Outcome, Round, Rules, Seat, VOLUNTARY_PASSES};
use table::house::{each_combination, House};

/// Plays one round, each player passing whenever it may (the longest rounds) or else
/// taking the `pick`-th legal action; the actions taken, each player's passes counted
/// here, and the round's points.
fn play_round(
    rules: &Rules,
    seed: u32,
    mut pick: impl FnMut() -> usize,
) -> (usize, Vec<u32>, Vec<u32>) {
    let mut deck = cards::deck::cs246_straights();
    std_shuffle(&mut deck, &mut MinStdRand0::new(seed));
    let mut round = Round::deal_with(rules, &deck);
    let bound = Round::max_actions(rules.players());
    let mut passes = vec![0u32; rules.players()];
    for taken in 1..=bound {
        let legal = round.legal_actions();
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[pick() % legal.len()]
        };
        if action == Action::Pass {
            passes[round.turn().index()] += 1;
        }
        if let Outcome::RoundOver(points) = round.apply(action).expect("a legal action") {
            return (taken, passes, points.iter().copied().collect());
        }
    }
    panic!("the round ran past {bound} actions under {rules:?}");
}

/// Random play (each player passing whenever it may), 200 combinations of options.
#[test]
fn every_round_ends_within_its_bound_and_every_pass_costs_a_chip() {
    each_combination(&[Rules::HANDOUT], 200, |_, _, rules, seed| {
        let rules = rules.expect("no Straights option contradicts another");
        let mut choices = table::Rng::seed_from_u64(seed);
        let (_, passes, points) =
            play_round(&rules, seed as u32, || choices.random::<u32>() as usize);
        if rules.stuck == straights::Stuck::Pass {
            // pagat.com: a pass costs a chip; the first out pays nothing and the others
            // one a card left (counted from the points: the player out has 0).
            let out: Vec<usize> = (0..rules.players()).filter(|&s| points[s] == 0).collect();
            prop_assert_eq!(out.len(), 1, "one player goes out: {:?}", points);
            for seat in (0..rules.players()).filter(|s| !out.contains(s)) {
                prop_assert!(
                    points[seat] > passes[seat],
                    "{seat} holds a card: {points:?} {passes:?}"
                );
            }
        }
        Ok(())
    });
}

#[test]
fn the_bound_is_stated_per_table_size() {
    // Hand-worked from the argument on `Round::max_actions`: 52 cards, 3 voluntary
    // passes a player, and before each of the 53 runs' end and each voluntary pass at
    // most players - 1 forced passes.
    assert_eq!(Round::max_actions(4), 52 + 12 + 3 * (53 + 12));
    assert_eq!(Round::max_actions(8), 52 + 24 + 7 * (53 + 24));
}

#[test]
fn a_player_passes_by_choice_three_times_a_round_then_must_play() {
    // The handout's unshuffled pack with four players: seat 3 holds the spades and
    // opens; the seven of clubs, diamonds and hearts are then playable by seats 0-2.
    let rules = Rules::HANDOUT
        .with_house(&["stuck=pass", "free-discard"])
        .unwrap();
    let mut round = Round::deal_with(&rules, &cards::deck::CS246_STRAIGHTS);
    round.apply(Action::Play("7S".parse().unwrap())).unwrap();
    // Every seat can play (sevens or the six and eight of spades); each passes three
    // times, paying a chip each time.
    for _ in 0..VOLUNTARY_PASSES {
        for _ in 0..4 {
            assert_eq!(round.apply(Action::Pass), Ok(Outcome::Continue));
        }
    }
    let seat = round.turn();
    assert_eq!(seat, Seat::new(0));
    assert_eq!(round.passes(seat), 3);
    assert!(!round.legal_actions().contains(&Action::Pass));
    assert_eq!(
        round.apply(Action::Pass),
        Err(IllegalAction::NoVoluntaryPassesLeft)
    );
}
