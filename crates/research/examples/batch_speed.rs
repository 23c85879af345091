//! Random hands a second through a batch with its choices made in Rust (what the Python
//! package's `Batch.step_player` runs, without Python), beside the least work random play
//! does (deal, pick a random legal action, apply it: the arena's loop), turn about in one
//! run on one thread.
//!
//!     cargo run --release -p cardtable-research --example batch_speed [SECONDS] [BATCH] [VARIANT]

use std::time::{Duration, Instant};

use catalogue::{PlayerSpec, Ruleset, Variant, WithGameOf};
use rand::SeedableRng;
use research::{new_batch, Episode, Outcomes, Playable};
use table::{Rng, Turn};

/// Hands a second of the plain loop, over about `time`.
struct Floor {
    time: Duration,
}

impl<G: Playable> WithGameOf<G> for Floor {
    type Output = f64;
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> f64 {
        let (mut chance, mut rng) = (Rng::seed_from_u64(1), Rng::seed_from_u64(2));
        let (mut game, mut scratch, mut done) = (new(), Vec::new(), 0u64);
        let start = Instant::now();
        loop {
            for _ in 0..4096 {
                match game.turn() {
                    Turn::Over => {
                        done += u64::from(game.hands());
                        game = new();
                    }
                    Turn::Chance => game.deal(&mut chance),
                    Turn::Seat(_) => {
                        let action = game.random_legal_action(&mut rng, &mut scratch);
                        game.apply_legal(action);
                    }
                }
            }
            let elapsed = start.elapsed();
            if elapsed >= self.time || done >= hands_cap() {
                let done = done + u64::from(game.hands());
                if hands_cap() < u64::MAX {
                    eprintln!("plain loop: {done} hands");
                }
                return done as f64 / elapsed.as_secs_f64();
            }
        }
    }
}

/// Hands a second of a batch of `n` stepped by a random player, over about `time`.
fn batched(rules: &Ruleset, n: usize, time: Duration) -> f64 {
    let mut batch = new_batch(rules, n, 1, Episode::Hand).expect("a batch");
    let (mut actions, mut rewards) = (vec![0; n], vec![0.0; n * batch.seats()]);
    let mut dones = vec![false; n];
    let start = Instant::now();
    while start.elapsed() < time && batch.episodes() < hands_cap() {
        for _ in 0..16 {
            let out = Outcomes {
                rewards: &mut rewards,
                dones: &mut dones,
            };
            batch
                .play(PlayerSpec::Random, &mut actions, out)
                .expect("a step");
        }
    }
    if hands_cap() < u64::MAX {
        eprintln!("batched: {} hands", batch.episodes());
    }
    batch.episodes() as f64 / start.elapsed().as_secs_f64()
}

/// A cap on hands a side plays (`BATCH_SPEED_HANDS`), for counting instructions (under
/// callgrind) over equal work.
fn hands_cap() -> u64 {
    std::env::var("BATCH_SPEED_HANDS").map_or(u64::MAX, |n| n.parse().expect("a count"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = args.next().map_or(1.0, |s| s.parse().expect("seconds"));
    let n: usize = args
        .next()
        .map_or(1024, |s| s.parse().expect("a batch size"));
    let only = args.next();
    let time = Duration::from_secs_f64(seconds);
    println!("random hands a second, one thread, batch of {n}: best of 3 rounds of {seconds} s each, turn about");
    println!(
        "{:<24} {:>12} {:>12} {:>8}",
        "variant", "batched", "plain loop", "ratio"
    );
    for variant in [
        Variant::EuchreEecs280,
        Variant::Straights,
        Variant::TeenDoPanchHandout,
    ] {
        if only.as_ref().is_some_and(|v| *v != format!("{variant:?}")) {
            continue;
        }
        let rules = Ruleset::plain(variant, 10);
        let (mut batch, mut floor) = (0.0f64, 0.0f64);
        for _ in 0..3 {
            batch = batch.max(batched(&rules, n, time));
            floor = floor.max(rules.with_game_of(Floor { time }));
        }
        println!(
            "{:<24} {:>12.0} {:>12.0} {:>8.2}",
            format!("{variant:?}"),
            batch,
            floor,
            floor / batch
        );
    }
}
