//! The handout players sit at tables with any house rules: under every combination the
//! property test draws, each action they choose is one of the legal actions, through
//! whole games; and so do the strong players, on a sample.

use catalogue::{PlayerSpec, Roster, Ruleset, Variant, WithGame};
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

/// Draws a value for every option of `variant`'s game from `picks` and, where the rules
/// take them, plays a game checking every choice.
fn plays_legally(
    variant: usize,
    picks: Vec<usize>,
    seed: u64,
    strong: bool,
) -> Result<(), TestCaseError> {
    let variant = Variant::ALL[variant];
    // A contradiction is refused by name (the rules' own tests check which).
    let Ok(rules) = Ruleset::sampled(variant, if strong { 3 } else { 5 }, picks) else {
        return Ok(());
    };
    let played = rules.with_game(HandoutsPlay(seed, strong));
    prop_assert!(played.is_ok(), "{variant} {:?}: {played:?}", rules.house());
    prop_assert!(played.unwrap() > 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn handout_players_act_legally_under_every_combination(
        variant in 0..Variant::ALL.len(),
        picks in proptest::collection::vec(any::<usize>(), 12),
        seed in any::<u64>(),
    ) {
        plays_legally(variant, picks, seed, false)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    /// The strong players too: their sampling and rollouts keep to the rules in force.
    #[test]
    fn strong_players_act_legally_under_sampled_combinations(
        variant in 0..Variant::ALL.len(),
        picks in proptest::collection::vec(any::<usize>(), 12),
        seed in any::<u64>(),
    ) {
        plays_legally(variant, picks, seed, true)?;
    }
}
