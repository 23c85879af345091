//! A strong Euchre player: perfect-information Monte Carlo. For each choice it deals the
//! cards it cannot see at random, consistently with everything it has seen, solves each
//! deal open-handed, and picks the choice with the best average score margin.

use rand::SeedableRng;
use table::{Agent, Rng, Seated};

use crate::players::simple;
use crate::solver::{OpenDeal, Solver};
use crate::{Action, Game, HandResult, Phase, Seat};

/// Perfect-information Monte Carlo with the open-hand solver.
pub struct Strong {
    /// Deals sampled per decision: the strength knob.
    samples: usize,
    /// Average margin a bid must promise before the player makes trump rather than pass.
    bid_threshold: f64,
    solver: Solver,
}

impl Default for Strong {
    fn default() -> Strong {
        Strong::new(24)
    }
}

impl Strong {
    pub fn new(samples: usize) -> Strong {
        Strong {
            samples: samples.max(1),
            bid_threshold: 0.25,
            solver: Solver::new(),
        }
    }

    /// The margin for `seat`'s team of a world in which trump is made, from here to the
    /// end of the hand: other dealers discard as the Simple player does; play is solved
    /// open-handed.
    fn margin(&mut self, mut world: Game, seat: Seat) -> f64 {
        let team = seat.team();
        while let Some(hand) = world.hand().filter(|h| h.phase() == Phase::Discard) {
            let dealer = hand.dealer();
            let discard = simple::decide(&world.view(dealer).expect("a hand is dealt"));
            world.apply(discard).expect("the Simple discard is legal");
        }
        let hand = world.hand().expect("a hand is dealt");
        let Some(makers) = hand.maker().map(Seat::team) else {
            return 0.0;
        };
        let taken: u8 = makers.seats().iter().map(|&s| hand.tricks_won(s)).sum();
        let to_come = OpenDeal::from_hand(hand).map_or(0, |deal| self.solver.tricks(&deal, makers));
        let maker_tricks = taken + to_come;
        f64::from(HandResult::score(makers, hand.is_alone(), maker_tricks).margin(team))
    }

    /// The average margin of each candidate action over sampled worlds.
    fn evaluate(&mut self, seated: &Seated<'_, Game>, candidates: &[Action], rng: &mut Rng) -> Vec<f64> {
        let seat = Seat::new(seated.seat());
        let mut totals = vec![0.0; candidates.len()];
        for _ in 0..self.samples {
            let world = seated.determinize(rng);
            for (total, &action) in totals.iter_mut().zip(candidates) {
                let mut next = world;
                next.apply(action).expect("candidates are legal");
                *total += self.margin(next, seat);
            }
        }
        totals.iter().map(|t| t / self.samples as f64).collect()
    }

    fn choose(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        let legal = seated.legal_actions();
        let phase = seated.view().phase();
        let candidates: Vec<Action> = legal.iter().copied().filter(|&a| a != Action::Pass).collect();
        if candidates.len() == 1 && !legal.contains(&Action::Pass) {
            return candidates[0];
        }
        let values = self.evaluate(&seated, &candidates, rng);
        let (best, value) = candidates
            .iter()
            .zip(&values)
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(&a, &v)| (a, v))
            .expect("at least one candidate");
        match phase {
            Phase::Making(_) if legal.contains(&Action::Pass) && value < self.bid_threshold => Action::Pass,
            _ => best,
        }
    }
}

impl Agent<Game> for Strong {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.choose(seated, rng)
    }
}

/// A fixed-seed strong player for front ends that have no RNG of their own.
pub fn strong_decision(game: &Game, seat: Seat, player: &mut Strong, seed: u64) -> Action {
    let mut rng = Rng::seed_from_u64(seed);
    player.act(Seated::new(game, seat.index()), &mut rng)
}
