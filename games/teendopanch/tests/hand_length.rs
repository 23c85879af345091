//! Every hand ends within `Hand::MAX_ACTIONS` actions under every combination of house
//! rules (random players, proptest over the options).

use proptest::prelude::*;
use table::house::{assignment, House};
use teendopanch::{Game, Hand, Rules};

/// Plays random games under `rules` to their end (at most `games` of them, seeded by
/// `seed`) and returns the most actions any one hand took, from its deal to the next.
fn longest_hand<G: table::Game>(new: impl Fn() -> G, games: u64, seed: u64) -> usize {
    use rand::SeedableRng;
    let mut longest = 0;
    for g in 0..games {
        let mut game = new();
        let mut rng = table::Rng::seed_from_u64(seed ^ g);
        let (mut this_hand, mut legal) = (0, Vec::new());
        for _ in 0..100_000 {
            match game.turn() {
                table::Turn::Over => break,
                table::Turn::Chance => {
                    longest = longest.max(this_hand);
                    this_hand = 0;
                    game.deal(&mut rng);
                }
                table::Turn::Seat(_) => {
                    game.legal_actions(&mut legal);
                    let pick = cards::shuffle::random_index(&mut rng, legal.len());
                    game.apply(legal[pick]).ok().expect("a legal action");
                    this_hand += 1;
                }
            }
        }
        longest = longest.max(this_hand);
    }
    longest
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_hand_ends_within_its_bound(
        picks in proptest::collection::vec(any::<usize>(), Rules::OPTIONS.len()),
        seed in any::<u64>(),
    ) {
        let mut draws = picks.into_iter();
        let house = assignment::<Rules>(|_| draws.next().unwrap_or(0));
        if let Ok(rules) = Rules::handout(10).with_house(&house) {
            let longest = longest_hand(|| Game::new(rules), 3, seed);
            prop_assert!(longest <= Hand::MAX_ACTIONS, "{longest} actions in a hand under {house:?}");
            prop_assert!(longest > 0);
        }
    }
}
