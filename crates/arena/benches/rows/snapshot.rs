//! Snapshots: what the server sends a seat, its scene built from the game's progress
//! (`scene::shown`, as the server's and `crates/scene/benches/snapshot.rs` build it) and
//! written as JSON, at decisions within a hand (its log part full, the hand before's
//! beside it in the second hand). The reference writes the same scenes built once: the
//! least a snapshot does is write its bytes, so the ratio is the writing's share of the
//! whole, and what building costs beyond it shows as the ratio falling.

use catalogue::Catalogued;
use scene::{Nameplate, Shown};
use table::Progress;

use super::observe::seat;
use crate::turnabout::Side;

/// The snapshot of the seat to act at each of `positions` in turn, and the reference,
/// one unit a position.
pub fn sides<G: Catalogued + 'static>(positions: &[Progress<G>], points: u32) -> (Side, Side) {
    let seats = positions[0].game().seats();
    let names: Vec<Nameplate> = (1..=seats)
        .map(|n| Nameplate::computer(format!("Seat {n}")))
        .collect();
    let built: Vec<Shown> = positions
        .iter()
        .map(|at| scene::shown(at, Some(seat(at)), &names, points))
        .collect();
    let positions = positions.to_vec();
    let count = positions.len();
    let ours = Side::passes(count, move |_, n| {
        let mut bytes = 0;
        for i in 0..n as usize {
            let at = &positions[i % count];
            let shown = scene::shown(at, Some(seat(at)), &names, points);
            bytes += serde_json::to_vec(&shown)
                .expect("a scene serializes")
                .len();
        }
        bytes
    });
    let reference = Side::passes(count, move |_, n| {
        let mut bytes = 0;
        for i in 0..n as usize {
            let shown = std::hint::black_box(&built[i % count]);
            bytes += serde_json::to_vec(shown).expect("a scene serializes").len();
        }
        bytes
    });
    (ours, reference)
}
