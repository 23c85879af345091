//! The expert's decisions (the catalogue's `expert` level: the strong player at its
//! default samples, no temperature; Euchre's learned player since issue 60), at fixed positions, each with a generator of its
//! own fixed seed, so every pass asks the same questions and draws the same samples.
//! One agent answers them all, as one seat's player would; the positions come from
//! different games, so any memory it kept from one would not help the next.

use std::hint::black_box;

use catalogue::{Level, PlayerSpec, Roster};
use rand::SeedableRng;
use table::{Progress, Rng, Seated, Turn};

use crate::turnabout::Side;

/// The expert deciding at each of `positions` in turn, one unit a decision.
pub fn side<G: Roster + 'static>(new: &impl Fn() -> G, positions: Vec<Progress<G>>) -> Side {
    let expert = PlayerSpec::Level {
        level: Level::Expert,
    };
    let mut agent = new().agent(expert);
    let count = positions.len();
    Side::passes(count, move |_, n| {
        for i in 0..n as usize {
            let at = &positions[i % count];
            let Turn::Seat(seat) = at.turn() else {
                unreachable!("a position has a seat to act")
            };
            let mut rng = Rng::seed_from_u64((i % count) as u64);
            black_box(agent.act(Seated::new(at.game(), seat), &mut rng));
        }
        n as usize
    })
}
