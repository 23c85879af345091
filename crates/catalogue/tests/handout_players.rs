//! The handout players sit at tables with any house rules: under every combination the
//! property test draws, each action they choose is one of the legal actions, through
//! whole games; and so do the strong players, on a sample.

use catalogue::{rulesets, PlayerSpec, Roster, WithGame};
use proptest::prelude::*;
use rand::SeedableRng;
use table::{Rng, Turn};

/// Plays one game with the handout player in every seat (a strong player sampling two
/// deals in seat 0 when `strong`), checking each choice.
struct HandoutsPlay(u64, bool);

impl WithGame for HandoutsPlay {
    type Output = Result<usize, String>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let mut game = new();
        let mut lineup = vec![PlayerSpec::Handout; game.seats()];
        if self.1 {
            lineup[0] = PlayerSpec::Strong { samples: Some(2) };
        }
        let mut agents = game.agents(&lineup);
        let (mut chance, mut rng) = (Rng::seed_from_u64(self.0), Rng::seed_from_u64(!self.0));
        let mut legal = Vec::new();
        let mut actions = 0;
        loop {
            match game.turn() {
                Turn::Over => return Ok(actions),
                Turn::Chance => game.deal(&mut chance),
                Turn::Seat(seat) => {
                    game.legal_actions(&mut legal);
                    let action = agents[seat].act(table::Seated::new(&game, seat), &mut rng);
                    if !legal.contains(&action) {
                        return Err(format!(
                            "seat {seat} chose {action:?}, not one of {legal:?}"
                        ));
                    }
                    game.apply(action).map_err(|e| e.to_string())?;
                    actions += 1;
                }
            }
            if actions > 20_000 {
                return Err("the game did not end".into());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, failure_persistence: None, ..ProptestConfig::default() })]

    /// The handout players under every combination; one case in five the strong players
    /// too (their sampling and rollouts keep to the rules in force).
    #[test]
    fn handout_and_strong_players_act_legally_under_every_combination(
        rules in rulesets(3),
        strong in proptest::bool::weighted(0.2),
        seed in any::<u64>(),
    ) {
        let played = rules.with_game(HandoutsPlay(seed, strong));
        prop_assert!(played.is_ok(), "{rules:?}: {played:?}");
        prop_assert!(played.unwrap() > 0);
    }
}
