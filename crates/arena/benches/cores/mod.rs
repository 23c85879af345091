//! The rules cores' random hands as the benchmarks play them, shared by `throughput`
//! (criterion) and `floor_ratio` (the cores and their floors taken turn about).

use table::{Game, Rng, Turn};

/// Plays `hands` hands of random legal actions through the common interface as the
/// random player does (`Game::random_legal_action`, one scratch buffer), or by listing
/// the legal actions and indexing them if `LISTED` (the same draws, so the same hands);
/// returns the actions taken (so the work is not optimised away).
pub fn random_hands<G: Game, const LISTED: bool>(
    new: impl Fn() -> G,
    hands: u32,
    outer: &mut Rng,
) -> usize {
    // A local generator (its state can stay in registers), handed back at the end.
    let mut rng = outer.clone();
    let rng = &mut rng;
    let mut actions = Vec::with_capacity(64);
    let mut taken = 0;
    for _ in 0..hands {
        // One hand: the first of a new game, up to its next deal (or its end).
        let mut game = new();
        game.deal(rng);
        while let Turn::Seat(_) = game.turn() {
            let action = if LISTED {
                game.legal_actions(&mut actions);
                actions[cards::shuffle::random_index(rng, actions.len())]
            } else {
                game.random_legal_action(rng, &mut actions)
            };
            game.apply_legal(action);
            taken += 1;
        }
    }
    *outer = rng.clone();
    taken
}
