//! The arena: many games between a line-up of computer players, in parallel, with the
//! same results for a seed whatever the number of threads.
//!
//! Game `i` deals from an RNG seeded by `(seed, i)` and its agents draw from another, so
//! each game depends only on its index; games run in fixed-size batches and are summed
//! in index order.

#![warn(missing_docs)]

mod stats;

pub use stats::{wilson, Report, SeatReport, TeamReport};

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use catalogue::{Lineup, Roster, Ruleset, WithGame};
use rand::SeedableRng;
use rayon::prelude::*;
use table::{play_out, Agent, Game, GameRecord, RecordSeat, Rng, Turn};

/// How much to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Whole games.
    Games(u64),
    /// Hands: games are played in order until this many hands are done; the last game
    /// may stop part-way (its hands count, its result does not).
    Hands(u64),
}

/// One arena run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game, its rules variant, points to win (Euchre and Teen Do Panch) and house
    /// rules.
    pub rules: Ruleset,
    /// How many games or hands.
    pub count: Count,
    /// The computer player in each seat.
    pub lineup: Lineup,
    /// Game `i` deals from a seed made of this and `i`.
    pub seed: u64,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
    /// Whether to draw a progress bar (on a terminal only).
    pub progress: bool,
    /// Set from outside (Ctrl-C) to stop: games not yet started are skipped and the
    /// report covers the games that finished.
    pub stop: Option<Arc<AtomicBool>>,
}

/// The most worker threads a run may ask for: more only adds start-up time and memory.
pub const MAX_THREADS: usize = 256;

/// Why an arena run failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// More than [`MAX_THREADS`] worker threads were asked for.
    #[error("cannot start the worker threads: {0} threads asked for; at most {MAX_THREADS}")]
    TooManyThreads(usize),
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// Writing a game record failed.
    #[error("cannot write the game records: {0}")]
    Record(#[from] std::io::Error),
}

/// What one game produced.
struct Played<A> {
    /// Points each seat gained in each completed hand, hand after hand, one row of
    /// `seats` numbers a hand (one allocation a game, not one a hand).
    hands: Vec<f64>,
    /// Each seat's win, if the game finished.
    winners: Option<Vec<bool>>,
    /// The actions, when recording.
    actions: Vec<A>,
}

const BATCH: u64 = 512;

fn game_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 of the pair, so neighbouring games get unrelated streams.
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn play_one<G: Game>(
    new: &(impl Fn() -> G + Sync),
    agents: &(impl Fn() -> Vec<Box<dyn Agent<G>>> + Sync),
    seed: u64,
    max_hands: u64,
    recording: bool,
) -> Played<G::Action> {
    let mut game = new();
    let mut chance = Rng::seed_from_u64(seed);
    let mut rng = Rng::seed_from_u64(!seed);
    let mut players = agents();
    let mut hands = Vec::with_capacity(16 * game.seats());
    let mut last_points = game.points();
    let mut points = Vec::with_capacity(game.seats());
    let mut last_hands = 0;
    let mut completed = 0u64;
    let mut actions = Vec::new();
    let history = recording.then_some(&mut actions);
    play_out(
        &mut game,
        &mut players,
        &mut chance,
        &mut rng,
        history,
        |g, turn| {
            // Hands end only on an action that leaves a deal or the end to come.
            if let Turn::Seat(_) = turn {
                debug_assert_eq!(g.hands(), last_hands, "a hand ended mid-turn");
                return false;
            }
            if g.hands() > last_hands {
                last_hands = g.hands();
                g.points_into(&mut points);
                hands.extend(
                    points
                        .iter()
                        .zip(&last_points)
                        .map(|(now, before)| now - before),
                );
                std::mem::swap(&mut last_points, &mut points);
                completed += 1;
            }
            completed >= max_hands
        },
    );
    let winners = (game.turn() == Turn::Over).then(|| game.winners());
    Played {
        hands,
        winners,
        actions,
    }
}

/// Runs the arena for one game type. `record` receives one JSON line per game.
pub fn run_game<G: Game>(
    config: &Config,
    new: impl Fn() -> G + Sync,
    agents: impl Fn() -> Vec<Box<dyn Agent<G>>> + Sync,
    mut record: Option<&mut dyn Write>,
) -> Result<Report, Error> {
    let started = Instant::now();
    let threads = config.threads.unwrap_or(0);
    if threads > MAX_THREADS {
        return Err(Error::TooManyThreads(threads));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let stopped = || {
        config
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    };
    let teams = new().teams();
    let seats = new().seats();
    let recording = record.is_some();
    let (target, per_game_limit) = match config.count {
        Count::Games(n) => (n, u64::MAX),
        Count::Hands(n) => (n, n),
    };
    let bar = progress_bar(config.progress, target);
    let mut report = Report::new(config, &teams);
    let mut next = 0u64;
    'batches: loop {
        let end = match config.count {
            Count::Games(n) => n.min(next + BATCH),
            // Every game plays at least one hand: no more games than hands still wanted.
            Count::Hands(n) => next + BATCH.min(n - report.hands),
        };
        if next >= end {
            break;
        }
        let played: Vec<Option<Played<G::Action>>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    if stopped() {
                        return None;
                    }
                    let game = play_one(
                        &new,
                        &agents,
                        game_seed(config.seed, i),
                        per_game_limit,
                        recording,
                    );
                    // Progress as games finish; the exact count is set after the batch.
                    if let Some(bar) = &bar {
                        bar.inc(match config.count {
                            Count::Games(_) => 1,
                            Count::Hands(_) => (game.hands.len() / seats) as u64,
                        });
                    }
                    Some(game)
                })
                .collect()
        });
        for (offset, game) in played.into_iter().enumerate() {
            let Some(game) = game else {
                continue;
            };
            let index = next + offset as u64;
            let mut hands = game.hands;
            let mut winners = game.winners;
            if let Count::Hands(n) = config.count {
                let room = (n - report.hands) as usize;
                let played = hands.len() / seats;
                if played >= room {
                    if played > room || winners.is_none() {
                        winners = None;
                    }
                    hands.truncate(room * seats);
                }
            }
            report.add_game(hands.chunks(seats), winners.as_deref());
            if let Some(out) = record.as_deref_mut() {
                let entry = GameRecord {
                    game: config.rules.variant().game().name().to_string(),
                    variant: config.rules.variant().rules().to_string(),
                    points: config.rules.points(),
                    house: config.rules.house().to_vec(),
                    seed: game_seed(config.seed, index),
                    deals: Vec::new(),
                    seats: (config.lineup.names().into_iter())
                        .map(RecordSeat::Computer)
                        .collect(),
                    actions: game.actions,
                };
                serde_json::to_writer(&mut *out, &entry).map_err(|e| Error::Record(e.into()))?;
                writeln!(out).map_err(Error::Record)?;
            }
            if matches!(config.count, Count::Hands(n) if report.hands >= n) {
                break 'batches;
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(match config.count {
                Count::Games(_) => report.games,
                Count::Hands(_) => report.hands,
            });
        }
        next = end;
        if stopped() {
            report.interrupted = true;
            break;
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    report.refresh();
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// A progress bar on a terminal, if asked for. No bar at all otherwise: a hidden one
/// still reads the clock at every game (1% of a handout-player run's time).
fn progress_bar(show: bool, length: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !show || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(length);
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// Runs the arena for the configured game.
pub fn run(config: &Config, record: Option<&mut dyn Write>) -> Result<Report, Error> {
    config.rules.with_game(Run { config, record })
}

/// The arena as the catalogue's visitor: it learns the concrete game type there.
struct Run<'a, 'w> {
    config: &'a Config,
    record: Option<&'w mut dyn Write>,
}

impl WithGame for Run<'_, '_> {
    type Output = Result<Report, Error>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let lineup = self.config.lineup.seats();
        let agents = {
            let new = new.clone();
            move || new().agents(lineup)
        };
        run_game(self.config, new, agents, self.record)
    }
}
