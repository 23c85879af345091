//! Each named level against the one below it, in every game (docs/BOTS.md's level table):
//! `cargo run --release -p cardtable-arena --example levels -- GAMES [SEED [GAME [LEVEL]]]`
//! (LEVEL: only that level against the one below it).
//!
//! Euchre: the level's pair against the lower level's pair, the pairs changing seats each
//! game. Straights: one of the level against three of the lower; Teen Do Panch: one
//! against two; the level's seat moving round the table game by game. Reported: the games
//! the level won with their Wilson 95% interval beside what an equal player would win, the
//! level's margin in points a hand over the lower level's average (a normal 95% interval
//! over hands; Straights counts points taken, so the margin is theirs less the level's),
//! and the median time of each level's decisions that had a choice.

#[path = "common/timed.rs"]
mod timed;

use std::time::Instant;

use arena::wilson;
use catalogue::{GameKind, Level, PlayerSpec, Roster, Ruleset, Variant, WithGame};
use rayon::prelude::*;
use table::{Agent, Turn};

/// One game's outcome for the level (`upper`) against the one below.
#[derive(Default)]
struct Played {
    won: bool,
    /// The level's margin each hand.
    margins: Vec<f64>,
    /// Milliseconds per decision with a choice: the level's, the lower's.
    upper_ms: Vec<f64>,
    lower_ms: Vec<f64>,
}

struct Pair {
    upper: Level,
    lower: Level,
    games: u64,
    seed: u64,
}

impl WithGame for &Pair {
    /// Each game's outcome, and what an equal player would win: one side's share.
    type Output = (Vec<Played>, f64);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let equal = 1.0 / new().teams().len() as f64;
        let played = (0..self.games)
            .into_par_iter()
            .map(|g| {
                play(
                    &new,
                    self.upper,
                    self.lower,
                    self.seed ^ g.wrapping_mul(0x9e37_79b9),
                    g,
                )
            })
            .collect();
        (played, equal)
    }
}

/// Which seats the level takes in game `g`: a seat turn about, with its partners (the
/// game's own teams).
fn upper_seats(teams: &[Vec<usize>], seats: usize, g: u64) -> Vec<bool> {
    let first = g as usize % seats;
    let side = teams.iter().find(|team| team.contains(&first));
    (0..seats)
        .map(|s| side.is_some_and(|team| team.contains(&s)) || s == first)
        .collect()
}

fn play<G: Roster>(new: &impl Fn() -> G, upper: Level, lower: Level, seed: u64, g: u64) -> Played {
    let mut game = new();
    let seats = game.seats();
    let mine = upper_seats(&game.teams(), seats, g);
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|s| {
            game.agent(PlayerSpec::Level {
                level: if mine[s] { upper } else { lower },
            })
        })
        .collect();
    let mut played = Played::default();
    let mut before = game.points();
    let mut margins = Vec::new();
    let decided = |_: &G, seat: usize, legal: usize, ms: f64| {
        if legal > 1 {
            if mine[seat] {
                &mut played.upper_ms
            } else {
                &mut played.lower_ms
            }
            .push(ms);
        }
    };
    let applied = |game: &G, hands: u32| {
        if game.hands() > hands || game.turn() == Turn::Over {
            let after = game.points();
            margins.push(margin::<G>(&mine, &before, &after));
            before = after;
        }
    };
    timed::play_timed(&mut game, &mut agents, seed, decided, applied);
    played.margins = margins;
    let winners = game.winners();
    played.won = (0..seats).any(|s| mine[s] && winners[s]);
    played
}

/// The level's points this hand less the lower level's average (the reverse where the
/// lowest score wins, points being taken: Straights).
fn margin<G: Roster>(mine: &[bool], before: &[f64], after: &[f64]) -> f64 {
    let mean = |upper: bool| {
        let gained: Vec<f64> = (0..mine.len())
            .filter(|&s| mine[s] == upper)
            .map(|s| after[s] - before[s])
            .collect();
        gained.iter().sum::<f64>() / gained.len() as f64
    };
    let margin = mean(true) - mean(false);
    if G::LISTING.lowest_wins {
        -margin
    } else {
        margin
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(200, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.get(1).map_or(1, |a| a.parse().expect("SEED"));
    let only: Option<GameKind> = args.get(2).map(|a| a.parse().expect("GAME"));
    let level: Option<Level> = args
        .get(3)
        .map(|a| Level::named(a).expect("LEVEL: beginner to expert"));
    println!("| game | level | against | games | level won [95%] | equal would win | margin, points a hand [95%] | median decision, level / below |");
    println!("|---|---|---|---|---|---|---|---|");
    for game in GameKind::ALL
        .into_iter()
        .filter(|g| only.is_none_or(|o| o == *g))
    {
        let variant = Variant::named(game, None).expect("the default rules");
        let rules = Ruleset::plain(variant, 10);
        let pairs = Level::ALL.windows(2);
        for pair in pairs.filter(|p| level.is_none_or(|l| l == p[1])) {
            let pair = Pair {
                upper: pair[1],
                lower: pair[0],
                games,
                seed,
            };
            let started = Instant::now();
            let (played, equal) = rules.with_game(&pair);
            let won = played.iter().filter(|p| p.won).count() as u64;
            let [low, high] = wilson(won, games);
            let margins: Vec<f64> = played.iter().flat_map(|p| p.margins.clone()).collect();
            let n = margins.len() as f64;
            let mean = margins.iter().sum::<f64>() / n;
            let sd = (margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            let upper_ms = median(played.iter().flat_map(|p| p.upper_ms.clone()).collect());
            let lower_ms = median(played.iter().flat_map(|p| p.lower_ms.clone()).collect());
            println!(
                "| {} | {} | {} | {games} | {:.1}% [{:.1}, {:.1}] | {:.1}% | {:+.3} ± {:.3} ({} hands) | {upper_ms:.2} / {lower_ms:.2} ms | ",
                game.title(),
                pair.upper.name(),
                pair.lower.name(),
                100.0 * won as f64 / games as f64,
                100.0 * low,
                100.0 * high,
                100.0 * equal,
                mean,
                1.96 * sd / n.sqrt(),
                margins.len(),
            );
            eprintln!(
                "{} {} against {}: {:.0} s",
                game.name(),
                pair.upper.name(),
                pair.lower.name(),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
