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
