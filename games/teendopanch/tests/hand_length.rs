//! Every hand ends within `Hand::MAX_ACTIONS` actions under every combination of house
//! rules (random players, proptest over the options).

use proptest::prelude::*;
use table::check::longest_hand;
use table::house::{assignment, House};
use teendopanch::{Game, Hand, Rules};

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
