//! Determinized Monte Carlo, the skeleton every strong player shares.

use crate::{Game, Rng, Seated};

/// The total score of each of `candidates` over `samples` sampled worlds.
///
/// Each world comes from `sample` (a determinization, possibly filtered by what the
/// opponents' choices say about their hands); every candidate is then scored in that same
/// world by `score`, so that the candidates are compared on equal deals. The game decides
/// what a score means and which total is best.
pub fn sampled_totals<G: Game, W>(
    seated: &Seated<'_, G>,
    candidates: &[G::Action],
    samples: usize,
    rng: &mut Rng,
    mut sample: impl FnMut(&Seated<'_, G>, &mut Rng) -> W,
    mut score: impl FnMut(&W, G::Action, &mut Rng) -> f64,
) -> Vec<f64> {
    let mut totals = vec![0.0; candidates.len()];
    for _ in 0..samples {
        let world = sample(seated, rng);
        for (total, &action) in totals.iter_mut().zip(candidates) {
            *total += score(&world, action, rng);
        }
    }
    totals
}

/// A sampling player's advice on `seated`'s decision: the one legal action when there is
/// only one, else every legal action's [`sampled_totals`] over `samples` worlds, the best
/// chosen as `measure` counts best.
pub fn sampled_advice<G: Game, W>(
    seated: &Seated<'_, G>,
    samples: usize,
    rng: &mut Rng,
    measure: Measure,
    sample: impl FnMut(&Seated<'_, G>, &mut Rng) -> W,
    score: impl FnMut(&W, G::Action, &mut Rng) -> f64,
) -> Advice<G::Action> {
    let legal = seated.legal_actions();
    if legal.len() == 1 {
        return Advice::forced(legal[0], measure.unit);
    }
    let totals = sampled_totals(seated, &legal, samples, rng, sample, score);
    Advice::from_totals(
        legal,
        &totals,
        samples,
        measure.higher_is_better,
        measure.unit,
    )
}

/// What a player's values measure: their unit in words, and which way is better.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    /// What a value is (`points you take this round`).
    pub unit: &'static str,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
}

impl Measure {
    /// Values where more is better (points won).
    pub const fn higher_is_better(unit: &'static str) -> Measure {
        Measure {
            unit,
            higher_is_better: true,
        }
    }

    /// Values where less is better (points taken).
    pub const fn lower_is_better(unit: &'static str) -> Measure {
        Measure {
            unit,
            higher_is_better: false,
        }
    }
}

/// The index of the highest of `values`, the last of equals (as `Iterator::max_by`).
///
/// # Panics
/// If `values` is empty: a decision has at least one legal action.
///
/// ```
/// assert_eq!(table::search::highest(&[1.0, 3.0, 3.0, 2.0]), 2);
/// ```
pub fn highest(values: &[f64]) -> usize {
    index_of(values.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)))
}

/// The index of the lowest of `values`, the first of equals (as `Iterator::min_by`).
///
/// # Panics
/// If `values` is empty: a decision has at least one legal action.
///
/// ```
/// assert_eq!(table::search::lowest(&[2.0, 1.0, 1.0, 3.0]), 1);
/// ```
pub fn lowest(values: &[f64]) -> usize {
    index_of(values.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)))
}

/// The index of the value `highest` or `lowest` found.
fn index_of(found: Option<(usize, &f64)>) -> usize {
    found.map(|(i, _)| i).expect("at least one value")
}

/// A strong player's reading of one decision: the estimated value of every legal action
/// and the one it takes. The coach shows it; the player acts on it, so the two agree.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    /// The legal actions.
    pub actions: Vec<A>,
    /// Each action's estimated value, in `unit`.
    pub values: Vec<f64>,
    /// The index of the action the player takes.
    pub choice: usize,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
    /// What a value measures, in words ("points margin per hand").
    pub unit: &'static str,
}

impl<A: Copy> Advice<A> {
    /// The advice when only one action is legal: nothing to weigh.
    pub fn forced(action: A, unit: &'static str) -> Advice<A> {
        Advice {
            actions: vec![action],
            values: vec![f64::NAN],
            choice: 0,
            higher_is_better: true,
            unit,
        }
    }

    /// The advice from [`sampled_totals`] over `samples` worlds: the average of each
    /// action, and the best (highest, or lowest when lower is better) chosen.
    pub fn from_totals(
        actions: Vec<A>,
        totals: &[f64],
        samples: usize,
        higher_is_better: bool,
        unit: &'static str,
    ) -> Advice<A> {
        Advice {
            choice: if higher_is_better {
                highest(totals)
            } else {
                lowest(totals)
            },
            values: totals.iter().map(|t| t / samples as f64).collect(),
            actions,
            higher_is_better,
            unit,
        }
    }

    /// The action the player takes.
    pub fn chosen(&self) -> A {
        self.actions[self.choice]
    }
}

/// A player that can say what it thinks of every legal action, from its seat's
/// information only (the coach).
pub trait Advisor<G: Game>: Send {
    /// The values of the legal actions and the choice, as the player would act.
    fn advise(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> Advice<G::Action>;
}
