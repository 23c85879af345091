//! Median decision time of each strong player at default strength, on one core:
//! `cargo run --release -p cardtable-arena --example decision_time -- 30`.
//! Plays `games` games with strong players in seats 0 (and 2) and the handout bots
//! elsewhere, timing every strong decision that has a choice.
use std::time::Instant;

use rand::SeedableRng;
use table::{Agent, Game, Rng, Seated, Turn};

fn time_game<G: Game>(
    name: &str,
    games: u64,
    new: impl Fn() -> G,
    agents: impl Fn() -> Vec<(bool, Box<dyn Agent<G>>)>,
) {
    let mut times = Vec::new();
    let mut actions = Vec::new();
    for g in 0..games {
        let mut game = new();
        let mut players = agents();
        let mut chance = Rng::seed_from_u64(g);
        let mut rng = Rng::seed_from_u64(!g);
        loop {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.deal(&mut chance),
                Turn::Seat(seat) => {
                    game.legal_actions(&mut actions);
                    let (strong, agent) = &mut players[seat];
                    let started = Instant::now();
                    let action = agent.act(Seated::new(&game, seat), &mut rng);
                    if *strong && actions.len() > 1 {
                        times.push(started.elapsed().as_secs_f64() * 1e3);
                    }
                    game.apply(action).unwrap();
                }
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let p90 = times[times.len() * 9 / 10];
    let max = times[times.len() - 1];
    println!(
        "{name}: {} decisions, median {median:.2} ms, 90th percentile {p90:.2} ms, max {max:.2} ms",
        times.len()
    );
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    use euchre::players::{Cs246, Simple, Strong};
    time_game(
        "euchre eecs280",
        games,
        || euchre::Game::new(euchre::Rules::eecs280(10)),
        || {
            vec![
                (true, Box::new(Strong::default()) as Box<dyn Agent<_>>),
                (false, Box::new(Simple)),
                (true, Box::new(Strong::default())),
                (false, Box::new(Simple)),
            ]
        },
    );
    time_game(
        "euchre cs246",
        games,
        || euchre::Game::new(euchre::Rules::cs246()),
        || {
            vec![
                (true, Box::new(Strong::default()) as Box<dyn Agent<_>>),
                (false, Box::new(Cs246)),
                (true, Box::new(Strong::default())),
                (false, Box::new(Cs246)),
            ]
        },
    );
    time_game("straights", games, straights::Game::new, || {
        use straights::players::{Computer, Strong};
        vec![
            (true, Box::new(Strong::default()) as Box<dyn Agent<_>>),
            (false, Box::new(Computer)),
            (false, Box::new(Computer)),
            (false, Box::new(Computer)),
        ]
    });
    time_game(
        "teendopanch",
        games,
        || teendopanch::Game::new(teendopanch::Rules::handout(10)),
        || {
            use teendopanch::players::{Simple, Strong};
            vec![
                (true, Box::new(Strong::default()) as Box<dyn Agent<_>>),
                (false, Box::new(Simple)),
                (false, Box::new(Simple)),
            ]
        },
    );
}
