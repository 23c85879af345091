//! A strong Teen Do Panch player: determinized Monte Carlo. For each choice (trump,
//! the card given back in a pull, each play) it deals the cards it cannot see at random,
//! consistently with what it has seen, plays the hand out with every seat modelled as
//! the Simple player, and keeps the choice with the best average points.

use table::search::{sampled_advice, Advice, Advisor, Measure, Samples};
use table::{Agent, Rng, Seated};

use crate::players::simple;
use crate::{Action, Game, Outcome, Phase, Seat};

/// Determinized Monte Carlo with Simple-player rollouts.
pub struct Strong {
    /// Sampled deals per decision: the strength knob, 32 unless asked otherwise.
    samples: Samples<32>,
    /// How much the others' average points count against the player's own.
    others_weight: f64,
}

impl Default for Strong {
    fn default() -> Strong {
        Strong {
            samples: Samples::default(),
            others_weight: 0.25,
        }
    }
}

impl Strong {
    /// A strong player sampling `samples` worlds per decision (at least 1).
    pub fn new(samples: usize) -> Strong {
        Strong {
            samples: Samples::new(samples),
            ..Strong::default()
        }
    }

    /// Plays the hand out with Simple players; returns the points of the hand.
    fn rollout(mut world: Game) -> [u32; 3] {
        let before = world.scores();
        loop {
            let hand = *world.hand().expect("a hand is in progress");
            if hand.phase() == Phase::Over {
                let after = world.scores();
                return [0, 1, 2].map(|i| after[i] - before[i]);
            }
            let action = simple::decide(&hand.view(hand.turn()));
            if let Outcome::Trick {
                result: Some(result),
                ..
            } = world.apply(action).expect("Simple plays legally")
            {
                return result.points;
            }
        }
    }
}

/// What the strong Teen Do Panch player's values measure.
const MEASURE: Measure = Measure::higher_is_better(
    "the points you can expect to score this hand, less a quarter of the average the others score",
);

impl Advisor<Game> for Strong {
    fn advise(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        let me = Seat::new(seated.seat());
        let others_weight = self.others_weight;
        let in_a_world = |seated: &Seated<'_, Game>, rng: &mut Rng| seated.determinize(rng);
        let scored = |world: &Game, action, _: &mut Rng| {
            let mut next = *world;
            let points = match next.apply(action).expect("legal actions apply") {
                Outcome::Trick {
                    result: Some(result),
                    ..
                } => result.points,
                _ => Strong::rollout(next),
            };
            let others: u32 = points.iter().sum::<u32>() - points[me.index()];
            f64::from(points[me.index()]) - others_weight * f64::from(others) / 2.0
        };
        sampled_advice(&seated, self.samples, rng, MEASURE, in_a_world, scored)
    }
}

impl Agent<Game> for Strong {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.advise(seated, rng).chosen()
    }
}
