//! Average time of the Euchre open-hand solver on random five-trick deals, counting the
//! tricks exactly and answering only what the score asks (three tricks? five?):
//! `cargo run --release -p cardtable-arena --example solver_speed -- 20000`.
use cards::{CardSet, Suit};
use euchre::solver::{OpenDeal, Solver};
use euchre::{Seat, Team};
use rand::seq::SliceRandom;
use rand::{Rng as _, SeedableRng};

fn main() {
    let deals: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let mut rng = table::Rng::seed_from_u64(7);
    let positions: Vec<OpenDeal> = (0..deals)
        .map(|_| {
            let mut deck = cards::deck::eecs280_euchre();
            deck.shuffle(&mut rng);
            let hands: [CardSet; 4] =
                std::array::from_fn(|s| deck[s * 5..s * 5 + 5].iter().copied().collect());
            OpenDeal::new(
                hands,
                Suit::from_index(rng.random_range(0..4)),
                None,
                Seat::new(rng.random_range(0..4)),
            )
        })
        .collect();
    let mut solver = Solver::new();
    let started = std::time::Instant::now();
    let mut total = 0u64;
    for deal in &positions {
        total += u64::from(solver.tricks(deal, Team::BOTH[0]));
    }
    report("exact tricks", started, &solver, deals, total);
    let mut solver = Solver::new();
    let started = std::time::Instant::now();
    let mut total = 0u64;
    for deal in &positions {
        let makes = solver.at_least(deal, Team::BOTH[0], 3);
        total += u64::from(makes) + u64::from(makes && solver.at_least(deal, Team::BOTH[0], 5));
    }
    report("three? five?", started, &solver, deals, total);
}

fn report(what: &str, started: std::time::Instant, solver: &Solver, deals: usize, check: u64) {
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{what}: {deals} five-trick deals, {:.2} µs per deal on average, {:.0} nodes per deal (check {check})",
        seconds * 1e6 / deals as f64,
        solver.nodes as f64 / deals as f64
    );
}
