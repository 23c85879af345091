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

/// The index of the highest of `values`, the last of equals (as `Iterator::max_by`).
///
/// # Panics
/// If `values` is empty: a decision has at least one legal action.
///
/// ```
/// assert_eq!(table::search::highest(&[1.0, 3.0, 3.0, 2.0]), 2);
/// ```
pub fn highest(values: &[f64]) -> usize {
    values
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i)
        .expect("at least one value")
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
    values
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i)
        .expect("at least one value")
}
