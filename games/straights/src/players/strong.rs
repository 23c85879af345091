//! A strong Straights player: determinized Monte Carlo. For each choice it deals the
//! cards it cannot see at random (hands and face-down discards, in the sizes it has
//! seen), plays the round out with fast rollouts, and keeps the choice that leaves it
//! the fewest points on average.

use rand::Rng as _;
use table::search::{sampled_advice, Advice, Advisor, Measure, Samples};
use table::{Agent, Rng, Seated};

use crate::players::computer;
use crate::{Action, Game, Outcome, Points, Round, Seat};

/// Determinized Monte Carlo with rollouts.
#[derive(Default)]
pub struct Strong {
    /// Sampled deals per decision: the strength knob. 128 unless asked otherwise: it wins
    /// about 4 games in a hundred more than 32 against the handout players (docs/BOTS.md),
    /// at well under a millisecond a decision.
    samples: Samples<128>,
}

impl Strong {
    /// A strong player sampling `samples` worlds per decision (at least 1).
    pub fn new(samples: usize) -> Strong {
        Strong {
            samples: Samples::new(samples),
        }
    }
}

/// The rollout policy. Other players are modelled as the handout's computer player;
/// the searching player plays its first legal card (now and then another, for variety)
/// and discards its lowest card, so that rollouts do not flatter careless discards (or
/// passes, where the house rule passes instead).
fn rollout_action(round: &Round, me: Seat, rng: &mut Rng) -> Action {
    let seat = round.turn();
    let view = round.view(seat);
    if seat != me {
        return computer::decide(&view);
    }
    let plays = view.legal_plays();
    if !plays.is_empty() {
        // Prefer the play that opens the most of its own cards; now and then any play.
        if plays.len() > 1 && rng.random_bool(0.15) {
            return Action::Play(plays[rng.random_range(0..plays.len())]);
        }
        let hand: Vec<_> = view.hand().collect();
        let opens = |card: cards::Card| {
            let mut layout = *round.layout();
            layout.place_public(card);
            hand.iter()
                .filter(|&&c| c != card && layout.accepts(c) && !round.layout().accepts(c))
                .count()
        };
        let best = plays
            .iter()
            .copied()
            .max_by_key(|&c| (opens(c), std::cmp::Reverse(c.rank().pips().abs_diff(7))))
            .expect("a legal play");
        return Action::Play(best);
    }
    if view.passing() {
        return Action::Pass;
    }
    let lowest = view
        .hand()
        .min_by_key(|c| c.rank().pips())
        .expect("a player to move holds a card");
    Action::Discard(lowest)
}

/// Plays the round out; returns its points.
fn rollout(mut round: Round, seat: Seat, rng: &mut Rng) -> Points {
    loop {
        let action = rollout_action(&round, seat, rng);
        match round.apply(action).expect("rollout actions are legal") {
            Outcome::RoundOver(points) => return points,
            Outcome::Continue => {}
        }
    }
}

/// How much the others' average points count against the player's own.
const OTHERS_WEIGHT: f64 = 0.5;

/// What the player minimises: its own points, less a share of the others' average
/// (points pushed onto the others widen its lead).
fn cost(points: &[u32], seat: Seat, others_weight: f64) -> f64 {
    let mine = f64::from(points[seat.index()]);
    let others: u32 = points.iter().sum::<u32>() - points[seat.index()];
    mine - others_weight * f64::from(others) / (points.len() - 1) as f64
}

/// What the strong Straights player's values measure.
const MEASURE: Measure = Measure::lower_is_better(
    "the points you can expect to take this round, less half the average the others take",
);

impl Advisor<Game> for Strong {
    fn advise(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        let seat = Seat::new(seated.seat());
        let in_a_world = |seated: &Seated<'_, Game>, rng: &mut Rng| {
            *seated
                .determinize(rng)
                .round()
                .expect("a round is in progress")
        };
        let scored = |round: &Round, action, rng: &mut Rng| {
            let mut next = *round;
            let points = match next.apply(action).expect("legal actions apply") {
                Outcome::RoundOver(points) => points,
                Outcome::Continue => rollout(next, seat, rng),
            };
            cost(&points, seat, OTHERS_WEIGHT)
        };
        sampled_advice(&seated, self.samples, rng, MEASURE, in_a_world, scored)
    }
}

impl Agent<Game> for Strong {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.advise(seated, rng).chosen()
    }
}
