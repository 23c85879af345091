//! Observations: the tensor research builds for a learning program (what the Python
//! package's `observation_tensor` and its batches call), of the seat to act, beside the
//! least work any observation does: reading the typed game it is made from (a clone into
//! a kept slot, the same size) and writing a tensor of the same length (a copy of the
//! finished one).

use std::hint::black_box;

use research::{GameState, Playable};
use table::{Progress, Turn};

use crate::turnabout::Side;

/// Observing at each of `positions` in turn, and copying as the reference, one unit a
/// position.
pub fn sides<G: Playable + 'static>(
    new: &impl Fn() -> G,
    positions: &[Progress<G>],
    points: u32,
) -> (Side, Side) {
    let seats = new().seats();
    let len = research::observe::len::<G>(seats);
    let states: Vec<(GameState<G>, usize)> = positions
        .iter()
        .map(|at| {
            let record = at.record(Vec::new(), points);
            let state =
                GameState::replayed(new(), points, record.seed, record.deals, &record.actions)
                    .expect("a position replays");
            (state, seat(at))
        })
        .collect();
    let finished: Vec<(G, Vec<f32>)> = states
        .iter()
        .map(|(state, seat)| {
            let mut out = vec![0.0; len];
            state.observe(Some(*seat), &mut out);
            (state.game().clone(), out)
        })
        .collect();
    let count = states.len();
    let mut out = vec![0.0; len];
    let ours = Side::passes(count, move |_, n| {
        for i in 0..n as usize {
            let (state, seat) = &states[i % count];
            state.observe(Some(*seat), &mut out);
            black_box(&mut out);
        }
        n as usize
    });
    let (mut slot, mut tensor) = (new(), vec![0.0; len]);
    let reference = Side::passes(count, move |_, n| {
        for i in 0..n as usize {
            let (game, finished) = &finished[i % count];
            slot.clone_from(black_box(game));
            tensor.copy_from_slice(black_box(finished));
            black_box((&mut slot, &mut tensor));
        }
        n as usize
    });
    (ours, reference)
}

/// The seat to act at `at`.
pub fn seat<G: table::Game>(at: &Progress<G>) -> usize {
    match at.turn() {
        Turn::Seat(seat) => seat,
        _ => unreachable!("a position has a seat to act"),
    }
}
