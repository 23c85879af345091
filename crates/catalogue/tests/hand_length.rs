//! Every hand ends within its game's `max_hand_actions` under every variant and every
//! combination of house rules (random players, proptest over the options).

use catalogue::{rulesets, Roster, Ruleset, WithGame};
use proptest::prelude::*;
use table::check::longest_hand;

/// Three random games from a seed: the longest hand's actions, and the bound.
struct Longest(u64);

impl WithGame for Longest {
    type Output = (usize, usize);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        (longest_hand(&new, 3, self.0), new().max_hand_actions())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_hand_ends_within_its_bound(rules in rulesets(10), seed in any::<u64>()) {
        let (longest, bound) = rules.with_game(Longest(seed));
        prop_assert!(longest <= bound, "{longest} actions in a hand under {rules:?}");
        prop_assert!(longest > 0);
    }
}

/// A hand's bound is the game's own, worked from each game's argument (the doc comments
/// on `Hand::MAX_ACTIONS` and `Round::max_actions`).
#[test]
fn the_bounds_are_each_games_own() {
    use catalogue::Variant;
    let bound = |variant, house: &[&str]| {
        let house: Vec<String> = house.iter().map(|s| s.to_string()).collect();
        let rules = Ruleset::new(variant, 10, &house).unwrap();
        rules.with_game(Longest(0)).1
    };
    // Euchre: four declarations, eight bids, two defenders' choices, a discard, 20 cards.
    assert_eq!(bound(Variant::EuchreCs246, &[]), 35);
    // Teen Do Panch: a pass and a call, two actions a pull for ten pulls, thirty cards.
    assert_eq!(bound(Variant::TeenDoPanchHandout, &[]), 52);
    // Straights, four players: 52 cards, 3 voluntary passes a player, and before each of
    // the 53 runs' end and each voluntary pass at most three forced passes.
    assert_eq!(bound(Variant::Straights, &[]), 52 + 12 + 3 * (53 + 12));
}
