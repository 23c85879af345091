//! Plays N random hands of a game through `table::Game` as the random player does
//! (`Game::random_legal_action`), as the criterion benchmark `random_hands` does, and
//! prints hands per second: a quick measure and a target for profilers (`perf record`,
//! `valgrind --tool=callgrind`).
//!
//! `cargo run --release -p cardtable-arena --example random_hands -- euchre 2000000`

// The benchmarks' loop itself, so that the example profiles what they time.
#[path = "../benches/cores/mod.rs"]
mod cores;

use std::time::Instant;

use rand::SeedableRng;
use table::{Game, Rng};

fn hands<G: Game>(new: impl Fn() -> G, count: u32, rng: &mut Rng) -> usize {
    cores::random_hands::<_, false>(new, count, rng)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "euchre".into());
    let count: u32 = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = Rng::seed_from_u64(1);
    let start = Instant::now();
    let taken = match game.as_str() {
        "euchre" => hands(
            || euchre::Game::new(euchre::Rules::eecs280(10)),
            count,
            &mut rng,
        ),
        "straights" => hands(straights::Game::new, count, &mut rng),
        _ => hands(
            || teendopanch::Game::new(teendopanch::Rules::handout(10)),
            count,
            &mut rng,
        ),
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{game}: {count} hands, {taken} actions, {:.0} hands/s",
        f64::from(count) / seconds
    );
}
