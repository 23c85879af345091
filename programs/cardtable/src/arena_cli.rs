//! `cardtable arena`: the arena's command line.

use crate::error::{CliError, WriteError};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use arena::{Config, Count};
use catalogue::{GameKind, Lineup, Ruleset, Variant};

#[derive(clap::Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("count").required(true).args(["games", "hands"])))]
pub struct ArenaArgs {
    /// The game.
    #[arg(value_parser = crate::GameArg)]
    pub game: GameKind,
    /// Rules variant: eecs280 or cs246 (euchre), handout or reference (teendopanch).
    #[arg(long)]
    pub rules: Option<String>,
    /// Whole games to play.
    #[arg(long)]
    pub games: Option<u64>,
    /// Hands to play (the last game may stop part-way).
    #[arg(long)]
    pub hands: Option<u64>,
    /// One player per seat, comma-separated: a level (beginner, easy, medium, hard,
    /// expert), random, handout (simple), strong or strong:N (N deals sampled per decision).
    #[arg(long)]
    pub lineup: String,
    /// Seed: the same seed gives the same results whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=arena::MAX_THREADS as i64))]
    pub threads: Option<u16>,
    /// Points to win a game (Euchre and Teen Do Panch).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub points: u32,
    /// House rules on top of the variant, comma-separated OPTION[=VALUE] (`cardtable rules
    /// GAME` lists them).
    #[arg(long, value_name = "OPTION[=VALUE],...")]
    pub house: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write every game as a JSON line (game, variant, seed, seats, actions); at most
    /// 1,000,000 games or hands.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

/// The most games (or hands) `--record` writes: about 1 GB of records.
const MAX_RECORDED: u64 = 1_000_000;

/// Runs the arena; Ctrl-C stops it and the games finished so far are reported.
pub fn run(args: &ArenaArgs) -> Result<(), CliError> {
    let game = args.game;
    let variant = Variant::named(game, args.rules.as_deref())?;
    let house = table::house::settings(args.house.as_deref().unwrap_or(""));
    let rules = Ruleset::new(variant, args.points, &house)?;
    let lineup = Lineup::parse_for(&rules, &args.lineup)?;
    let count = match (args.games, args.hands) {
        (Some(n), _) => Count::Games(n),
        (_, Some(n)) => Count::Hands(n),
        _ => unreachable!("clap requires --games or --hands"),
    };
    let (Count::Games(n) | Count::Hands(n)) = count;
    if args.record.is_some() && n > MAX_RECORDED {
        return Err(CliError::TooManyRecorded {
            most: MAX_RECORDED,
            asked: n,
        });
    }
    let stop = Arc::new(AtomicBool::new(false));
    let on_interrupt = stop.clone();
    // A second Ctrl-C while the batch in flight finishes ends the program at once.
    let _ = ctrlc::set_handler(move || {
        if on_interrupt.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    let config = Config {
        rules,
        count,
        lineup,
        seed: args.seed,
        threads: args.threads.map(usize::from),
        progress: true,
        stop: Some(stop),
    };
    let mut file = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(WriteError::at(path))?,
        )),
        None => None,
    };
    let result = arena::run(&config, file.as_mut().map(|f| f as &mut dyn Write));
    let record_path = args.record.as_deref().unwrap_or(std::path::Path::new(""));
    let mut report = result.map_err(|e| match e {
        arena::Error::Record(e) => WriteError::at(record_path)(e).into(),
        e => CliError::Arena(e),
    })?;
    if let Some(file) = &mut file {
        file.flush().map_err(WriteError::at(record_path))?;
    }
    report.finish();
    let text = if args.json {
        serde_json::to_string(&report)? + "\n"
    } else {
        report.to_text()
    };
    print_out(&text)
}

/// Writes to standard output. A reader that stopped reading (`| head`) is no error.
fn print_out(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Output(e)),
        _ => Ok(()),
    }
}
