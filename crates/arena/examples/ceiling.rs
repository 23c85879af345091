//! How often the strong Euchre pair would win against the CS 246 computers if it knew
//! every card: the ceiling of its approach, beside the real player on the same deals.
//!
//! `cargo run --release -p cardtable-arena --example ceiling -- GAMES SEED [TRICKS]`
//!
//! TRICKS is how many tricks the opponents' play is replayed as the handout player's
//! before the open-hand solver takes over (default 2, the player's own; 5 plays the whole
//! hand against their exact play). Games run on all cores.
use euchre::players::{Cs246, Strong};
use euchre::{Game, Rules};
use rand::SeedableRng;
use rayon::prelude::*;
use table::{Agent, Rng, Seated};

/// Whether the strong pair (seats 0 and 2) wins game `g`, knowing the deal or not.
fn strong_wins(g: u64, seed: u64, knowing: bool, tricks: u8) -> bool {
    let mut chance = Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let mut rng = Rng::seed_from_u64(!g ^ seed);
    let strong = || {
        let samples = if knowing { 1 } else { Strong::DEFAULT_SAMPLES };
        Strong::new(samples).with_modelled_tricks(tricks)
    };
    let mut strongs = [strong(), strong()];
    let mut game = Game::new(Rules::cs246());
    while !game.is_over() {
        if game.needs_deal() {
            table::Game::deal(&mut game, &mut chance);
            continue;
        }
        let seat = game.turn().expect("a seat to act");
        let seated = Seated::new(&game, seat.index());
        let action = if seat.index() % 2 == 1 {
            Cs246.act(seated, &mut rng)
        } else if knowing {
            strongs[seat.index() / 2].act_knowing(seated, &game, &mut rng)
        } else {
            strongs[seat.index() / 2].act(seated, &mut rng)
        };
        game.apply(action).expect("players act legally");
    }
    game.winner().expect("a finished game has a winner").index() == 0
}

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.into());
    let games: u64 = arg(1, "200").parse().expect("GAMES");
    let seed: u64 = arg(2, "1").parse().expect("SEED");
    let tricks: u8 = arg(3, "2").parse().expect("TRICKS");
    for knowing in [true, false] {
        let wins = (0..games)
            .into_par_iter()
            .filter(|&g| strong_wins(g, seed, knowing, tricks))
            .count();
        let [low, high] = arena::wilson(wins as u64, games);
        println!(
            "strong {} the deal, opponents replayed {tricks} tricks: {wins} of {games} games, {:.1}% [{:.1}, {:.1}]",
            if knowing { "knowing" } else { "not knowing" },
            100.0 * wins as f64 / games as f64,
            100.0 * low,
            100.0 * high
        );
    }
}
