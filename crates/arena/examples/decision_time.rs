//! Median decision time of each strong player at default strength, on one core:
//! `cargo run --release -p cardtable-arena --example decision_time -- 30`.
//! Plays `games` games with strong players in seats 0 (and 2) and the handout bots
//! elsewhere, timing every strong decision that has a choice.
#[path = "common/timed.rs"]
mod timed;

use table::{Agent, Game};

fn time_game<G: Game>(
    name: &str,
    games: u64,
    new: impl Fn() -> G,
    agents: impl Fn() -> Vec<(bool, Box<dyn Agent<G>>)>,
) {
    let mut times = Vec::new();
    for g in 0..games {
        let mut game = new();
        let (strong, mut players): (Vec<bool>, Vec<_>) = agents().into_iter().unzip();
        let mut timed = |_: &G, seat: usize, legal: usize, ms: f64| {
            if strong[seat] && legal > 1 {
                times.push(ms);
            }
        };
        timed::play_timed(&mut game, &mut players, g, &mut timed, |_, _| {});
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

/// Seats of Euchre: the strong pair (timed) at seats 0 and 2, `opponent`s at 1 and 3.
fn strong_pair(
    opponent: fn() -> Box<dyn Agent<euchre::Game>>,
) -> Vec<(bool, Box<dyn Agent<euchre::Game>>)> {
    let strong = || Box::new(euchre::players::Strong::default()) as Box<dyn Agent<_>>;
    vec![
        (true, strong()),
        (false, opponent()),
        (true, strong()),
        (false, opponent()),
    ]
}

/// Seats of a game with one strong player (timed) at seat 0 and `others` after it.
fn strong_against<G: Game>(
    strong: Box<dyn Agent<G>>,
    others: impl Iterator<Item = Box<dyn Agent<G>>>,
) -> Vec<(bool, Box<dyn Agent<G>>)> {
    std::iter::once((true, strong))
        .chain(others.map(|o| (false, o)))
        .collect()
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    let eecs280 = || euchre::Game::new(euchre::Rules::eecs280(10));
    time_game("euchre eecs280", games, eecs280, || {
        strong_pair(|| Box::new(euchre::players::Simple))
    });
    let cs246 = || euchre::Game::new(euchre::Rules::cs246());
    time_game("euchre cs246", games, cs246, || {
        strong_pair(|| Box::new(euchre::players::Cs246))
    });
    time_game("straights", games, straights::Game::new, || {
        use straights::players::{Computer, Strong};
        let others = (0..3).map(|_| Box::new(Computer) as Box<dyn Agent<_>>);
        strong_against(Box::new(Strong::default()), others)
    });
    let teendopanch = || teendopanch::Game::new(teendopanch::Rules::handout(10));
    time_game("teendopanch", games, teendopanch, || {
        use teendopanch::players::{Simple, Strong};
        let others = (0..2).map(|_| Box::new(Simple) as Box<dyn Agent<_>>);
        strong_against(Box::new(Strong::default()), others)
    });
}
