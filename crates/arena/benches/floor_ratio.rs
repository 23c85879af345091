//! Each rules core against its floor, taken turn about: a batch of random hands through
//! the core, then one through the floor, round after round, so that both are timed in the
//! same moments of the machine. Criterion times the two seconds apart, and on a shared
//! machine the speed drifts between them (the same core has read 1.8 M and 2.4 M hands/s
//! a minute apart): the ratio of two such figures carries that drift, the median of
//! per-round ratios far less of it.
//!
//! `cargo bench -p cardtable-arena --bench floor_ratio [-- ROUNDS]` (101 rounds unless
//! told) prints, per game, the median rate of each side, the median of the rounds' ratios
//! `core / floor` and their middle half (the 25th and 75th percentiles).

mod cores;
mod floors;

use std::hint::black_box;
use std::time::Instant;

use cores::random_hands;
use rand::SeedableRng;
use table::Rng;

/// Hands a batch (about a millisecond of either side).
const BATCH: u32 = 2000;

/// One side of a round: plays a batch, returns something of it to keep.
type Side<'a> = Box<dyn FnMut(&mut Rng) -> usize + 'a>;

/// A batch of the floor's hands, each `floor(rng)`: the sum of what they return.
fn batch(rng: &mut Rng, mut floor: impl FnMut(&mut Rng) -> u64) -> usize {
    (0..BATCH).map(|_| floor(rng) as usize).sum()
}

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments is the round count.
    let rounds = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(101)
        .max(1);
    let tables = floors::euchre::Tables::new();
    let eecs280 = || euchre::Game::new(euchre::Rules::eecs280(10));
    let teendopanch = || teendopanch::Game::new(teendopanch::Rules::handout(10));
    let games: [(&str, Side, Side); 3] = [
        (
            "euchre_eecs280",
            Box::new(|rng| random_hands::<_, false>(eecs280, BATCH, rng)),
            Box::new(|rng| batch(rng, |rng| floors::euchre::hand(&tables, rng) as u64)),
        ),
        (
            "straights",
            Box::new(|rng| random_hands::<_, false>(straights::Game::new, BATCH, rng)),
            Box::new(|rng| batch(rng, |rng| floors::straights::round(rng) as u64)),
        ),
        (
            "teendopanch",
            Box::new(|rng| random_hands::<_, false>(teendopanch, BATCH, rng)),
            Box::new(|rng| batch(rng, |rng| floors::teendopanch::hand(rng) as u64)),
        ),
    ];
    println!("{rounds} rounds of {BATCH} hands a side, taken turn about");
    println!(
        "{:<16} {:>14} {:>14} {:>11} {:>15}",
        "game", "core hands/s", "floor hands/s", "core/floor", "middle half"
    );
    for (name, mut core, mut floor) in games {
        let mut rng = Rng::seed_from_u64(1);
        // One round of each unmeasured: code and tables warm.
        black_box(core(&mut rng) + floor(&mut rng));
        let (mut core_rates, mut floor_rates, mut ratios) = (vec![], vec![], vec![]);
        for _ in 0..rounds {
            let c = rate(&mut core, &mut rng);
            let f = rate(&mut floor, &mut rng);
            core_rates.push(c);
            floor_rates.push(f);
            ratios.push(c / f);
        }
        let (low, high) = (percentile(&mut ratios, 0.25), percentile(&mut ratios, 0.75));
        println!(
            "{:<16} {:>12.2} M {:>12.2} M {:>10.0}% {:>7.0}%–{:.0}%",
            name,
            percentile(&mut core_rates, 0.5) / 1e6,
            percentile(&mut floor_rates, 0.5) / 1e6,
            percentile(&mut ratios, 0.5) * 100.0,
            low * 100.0,
            high * 100.0,
        );
    }
}

/// Hands a second over one batch of `side`.
fn rate(side: &mut Side, rng: &mut Rng) -> f64 {
    let started = Instant::now();
    black_box(side(rng));
    f64::from(BATCH) / started.elapsed().as_secs_f64()
}

/// The `q` quantile of `values` (nearest rank; sorts them).
fn percentile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}
