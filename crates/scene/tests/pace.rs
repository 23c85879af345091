//! The pace every face shares: each action's beat, from the action itself and what the
//! rules core said it did, over whole Euchre games.

use catalogue::{PlayerSpec, Roster};
use euchre::{Action, Rules};
use rand::SeedableRng;
use scene::{Beat, Speed};
use table::{Progress, Rng, Turn};

#[test]
fn each_euchre_action_has_the_beat_of_what_it_put_on_the_table() {
    let (mut cards, mut calls, mut tricks) = (0, 0, 0);
    for seed in 0..5 {
        let mut progress =
            Progress::new(euchre::Game::new(Rules::eecs280(5)), seed, Vec::new()).unwrap();
        let mut agents: Vec<_> = (0..4)
            .map(|_| euchre::Game::new(Rules::eecs280(5)).agent(PlayerSpec::Random))
            .collect();
        let mut rng = Rng::seed_from_u64(seed);
        loop {
            match progress.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    progress.deal();
                    // A hand just dealt is in view a call's time before its first action.
                    assert_eq!(Beat::last(&progress), Some(Beat::Call));
                }
                Turn::Seat(seat) => {
                    let action = progress
                        .act_for(agents[seat].as_mut(), seat, &mut rng)
                        .action;
                    // A trick has four cards, three when a maker goes alone: the hand's
                    // count of plays says which card finished one.
                    let plays = progress
                        .hand()
                        .iter()
                        .filter(|t| matches!(t.action, Action::Play(_)))
                        .count();
                    let partners_out = progress.hand().iter().any(|t| {
                        matches!(
                            t.action,
                            Action::OrderUp { alone: true } | Action::Call { alone: true, .. }
                        )
                    });
                    let per_trick = if partners_out { 3 } else { 4 };
                    let expected = match action {
                        Action::Play(_) if plays % per_trick == 0 => Beat::Trick,
                        Action::Play(_) => Beat::Card,
                        _ => Beat::Call,
                    };
                    assert_eq!(
                        Beat::last(&progress),
                        Some(expected),
                        "{action:?} after {plays} plays"
                    );
                    match expected {
                        Beat::Card => cards += 1,
                        Beat::Call => calls += 1,
                        Beat::Trick => tricks += 1,
                    }
                }
            }
        }
    }
    assert!(cards > 0 && calls > 0 && tricks > 0);
}

#[test]
fn a_trick_stays_twice_a_card_and_a_call_a_quarter_longer() {
    for speed in Speed::ALL {
        let pace = speed.pace();
        assert_eq!(pace.hold(Beat::Trick), pace.hold(Beat::Card) * 2);
        assert_eq!(pace.hold(Beat::Call), pace.hold(Beat::Card) * 5 / 4);
    }
    assert_eq!(Speed::Normal.pace().hold(Beat::Card).as_millis(), 800);
}
