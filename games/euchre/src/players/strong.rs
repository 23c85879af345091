//! A strong Euchre player: perfect-information Monte Carlo. For each choice it deals the
//! cards it cannot see at random, consistently with everything it has seen, solves each
//! deal open-handed, and picks the choice with the best average score margin.

use rand::SeedableRng;
use table::{Agent, Rng, Seated};

use crate::players::{cs246, simple};
use crate::solver::{OpenDeal, Solver};
use crate::{Action, Game, HandResult, Phase, Seat};

/// Perfect-information Monte Carlo with the open-hand solver.
pub struct Strong {
    /// Deals sampled per decision: the strength knob.
    samples: usize,
    /// How much more than passing a bid must promise before the player makes trump.
    bid_threshold: f64,
    /// How much an alone bid is credited over its open-handed value: defenders who cannot
    /// see the lone hand defend worse than the solver's.
    alone_bonus: f64,
    solver: Solver,
}

impl Default for Strong {
    fn default() -> Strong {
        Strong::new(24)
    }
}

impl Strong {
    pub fn new(samples: usize) -> Strong {
        let tune = |name: &str, default: f64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
        Strong {
            samples: tune("STRONG_SAMPLES", samples as f64) as usize,
            bid_threshold: tune("STRONG_BID", 0.0),
            alone_bonus: tune("STRONG_ALONE", 0.0),
            solver: Solver::new(),
        }
    }

    /// The margin for `seat`'s team of a world from here to the end of the hand. The rest
    /// of the bidding and any discard follow the variant's handout player (a model of the
    /// table, itself included, that costs nothing to run); play is solved open-handed.
    fn margin(&mut self, mut world: Game, seat: Seat) -> f64 {
        let team = seat.team();
        while let Some(hand) = world.hand().filter(|h| matches!(h.phase(), Phase::Making(_) | Phase::Discard)) {
            let view = world.view(hand.turn()).expect("a hand is dealt");
            let action = match hand.rules().all_pass {
                crate::AllPass::ScrewTheDealer => simple::decide(&view),
                crate::AllPass::Nullify => cs246::decide(&view),
            };
            world.apply(action).expect("the handout players act legally");
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

    /// The legal action with the best average margin. Passing is valued like any bid:
    /// by playing out the rest of the bidding in each sampled world. A bid must beat
    /// passing by `bid_threshold`, since open-handed play flatters the bidder.
    fn choose(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        let legal = seated.legal_actions();
        if legal.len() == 1 {
            return legal[0];
        }
        let values = self.evaluate(&seated, &legal, rng);
        let bias = |action: &Action| match action {
            Action::OrderUp { alone: true } | Action::Call { alone: true, .. } => self.bid_threshold - self.alone_bonus,
            Action::OrderUp { .. } | Action::Call { .. } => self.bid_threshold,
            _ => 0.0,
        };
        legal
            .iter()
            .zip(&values)
            .max_by(|a, b| (a.1 - bias(a.0)).total_cmp(&(b.1 - bias(b.0))))
            .map(|(&a, _)| a)
            .expect("at least one legal action")
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
