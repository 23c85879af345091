//! Decision time of every level in every rules variant, the first decision of a hand apart
//! from the rest (issue 59): `taskset -c 0 cargo run --release -p cardtable-arena --example
//! first_decision -- GAMES [SEED [ONLY]]`, ONLY a word the variant or level must contain
//! (`expert`, `cs246`).
//!
//! The level plays against the handout players, the slowest case (the strong players
//! replay the handout player's choices to read its hands): in Euchre the level's pair at
//! seats 0 and 2, elsewhere one level at seat 0. Only decisions with a choice are timed.
//! A seat's first such decision in a hand (Euchre's first bid, Straights' and Teen Do
//! Panch's first play, with every hand full) is counted apart: it is the one with the most
//! unknown cards and the longest play-outs.
//!
//! Each line ends with a digest of every action taken in the run: the same digest before
//! and after a change says every player chose the same on the same seeds.

use std::time::Instant;

use catalogue::{Level, PlayerSpec, Roster, Variant, WithGame};
use rand::SeedableRng;
use table::{Agent, Game, Rng, Seated, Turn};

/// The times of one level's decisions in one variant, and the digest of the actions.
struct Timings {
    first: Vec<f64>,
    rest: Vec<f64>,
    digest: u64,
}

/// Runs `games` games of one level against the handout players.
struct Run {
    level: Level,
    games: u64,
    seed: u64,
}

impl WithGame for &Run {
    type Output = Timings;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Timings {
        let mut timings = Timings {
            first: Vec::new(),
            rest: Vec::new(),
            digest: FNV_OFFSET,
        };
        for g in 0..self.games {
            play(new(), self.level, self.seed.wrapping_add(g), &mut timings);
        }
        timings
    }
}

/// Whether `seat` is the level's: seat 0 and its partners, as the game declares its teams.
fn levelled<G: Game>(game: &G, seat: usize) -> bool {
    (game.teams().iter()).any(|team| team.contains(&0) && team.contains(&seat))
}

/// Plays one game, dealing with random numbers seeded `seed` and acting with ones seeded
/// `!seed` (as the arena's timed examples do), timing the level's decisions.
fn play<G: Roster>(mut game: G, level: Level, seed: u64, timings: &mut Timings) {
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..game.seats())
        .map(|seat| {
            game.agent(if levelled(&game, seat) {
                PlayerSpec::Level { level }
            } else {
                PlayerSpec::Handout
            })
        })
        .collect();
    let (mut chance, mut rng) = (Rng::seed_from_u64(seed), Rng::seed_from_u64(!seed));
    // The hand in which each seat last made a decision with a choice.
    let mut last_hand = vec![u32::MAX; game.seats()];
    let mut legal = Vec::new();
    loop {
        let seat = match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.deal(&mut chance);
                continue;
            }
            Turn::Seat(seat) => seat,
        };
        game.legal_actions(&mut legal);
        let started = Instant::now();
        let action = agents[seat].act(Seated::new(&game, seat), &mut rng);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        if legal.len() > 1 && levelled(&game, seat) {
            let first = last_hand[seat] != game.hands();
            last_hand[seat] = game.hands();
            if first {
                &mut timings.first
            } else {
                &mut timings.rest
            }
            .push(ms);
        }
        timings.digest = fnv(timings.digest, format!("{seat}{action:?}").as_bytes());
        game.apply(action).expect("a player's action is legal");
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a: a digest that is the same in every build and run.
fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Median, 90th and 99th percentiles and maximum of `times`, in milliseconds.
fn summary(mut times: Vec<f64>) -> String {
    if times.is_empty() {
        return "no decisions".to_string();
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "{:>5} × median {:6.2} p90 {:6.2} p99 {:6.2} max {:6.2} ms",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(10, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.get(1).map_or(1, |a| a.parse().expect("SEED"));
    let only = args.get(2).map_or("", String::as_str);
    for variant in Variant::ALL {
        for level in Level::ALL {
            if !format!("{variant} {}", level.name()).contains(only) {
                continue;
            }
            let run = Run { level, games, seed };
            let timings = variant.with_game(10, &run);
            println!(
                "{:<32} {:<8} first {} | rest {} | digest {:016x}",
                variant.to_string(),
                level.name(),
                summary(timings.first),
                summary(timings.rest),
                timings.digest
            );
        }
    }
}
