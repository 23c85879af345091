//! The random player's pick without listing: `nth_legal_action` and `legal_action_count`
//! agree with `legal_actions` at every decision of many random games, under both rule
//! sets (going alone or not, screw the dealer or a thrown-in hand), and the random pick
//! is the listed one with the same draw.

use euchre::{Game, Rules};
use rand::SeedableRng;
use table::{Game as Played, Rng, Turn};

fn check_every_decision(rules: Rules, games: u64) -> usize {
    let mut decisions = 0;
    for seed in 0..games {
        let mut game = Game::new(rules);
        let (mut chance, mut rng) = (Rng::seed_from_u64(seed), Rng::seed_from_u64(!seed));
        let mut listed = Vec::new();
        while Played::turn(&game) != Turn::Over {
            if Played::turn(&game) == Turn::Chance {
                Played::deal(&mut game, &mut chance);
                continue;
            }
            let hand = game.hand().expect("a hand is being played");
            let actions = hand.legal_actions();
            let actions = actions.as_slice();
            assert_eq!(hand.legal_action_count(), actions.len(), "{hand:?}");
            for (k, &action) in actions.iter().enumerate() {
                assert_eq!(hand.nth_legal_action(k), Some(action), "{k}: {hand:?}");
            }
            assert_eq!(hand.nth_legal_action(actions.len()), None);
            let mut twin = rng.clone();
            let picked = game.random_legal_action(&mut rng, &mut listed);
            assert_eq!(picked, table::random_listed(&game, &mut twin, &mut listed));
            assert_eq!(rng, twin, "the same draws");
            Played::apply_legal(&mut game, picked);
            decisions += 1;
        }
    }
    decisions
}

#[test]
fn every_decision_is_picked_as_listed() {
    assert!(check_every_decision(Rules::eecs280(10), 200) > 20_000);
    assert!(check_every_decision(Rules::cs246(), 200) > 20_000);
}
