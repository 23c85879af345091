//! `cardtable arena`: the arena's command line.

use std::io::Write;
use std::path::PathBuf;

use arena::{Config, Count};
use catalogue::{GameKind, Lineup, Variant};

#[derive(clap::Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("count").required(true).args(["games", "hands"])))]
pub struct ArenaArgs {
    /// The game: euchre, straights or teendopanch.
    pub game: String,
    /// Rules variant: eecs280 or cs246 (euchre), handout or reference (teendopanch).
    #[arg(long)]
    pub rules: Option<String>,
    /// Whole games to play.
    #[arg(long)]
    pub games: Option<u64>,
    /// Hands to play (the last game may stop part-way).
    #[arg(long)]
    pub hands: Option<u64>,
    /// One player per seat, comma-separated: random, handout (simple), strong or strong:N
    /// (N deals sampled per decision).
    #[arg(long)]
    pub lineup: String,
    /// Seed: the same seed gives the same results whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Points to win a game (Euchre and Teen Do Panch).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub points: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write every game as a JSON line (game, variant, seed, seats, actions).
    #[arg(long)]
    pub record: Option<PathBuf>,
}

pub fn run(args: &ArenaArgs) -> Result<(), String> {
    let game: GameKind = args
        .game
        .parse()
        .map_err(|e: catalogue::Error| e.to_string())?;
    let variant = Variant::named(game, args.rules.as_deref()).map_err(|e| e.to_string())?;
    let lineup = Lineup::parse(game, &args.lineup).map_err(|e| e.to_string())?;
    let count = match (args.games, args.hands) {
        (Some(n), _) => Count::Games(n),
        (_, Some(n)) => Count::Hands(n),
        _ => unreachable!("clap requires --games or --hands"),
    };
    let config = Config {
        variant,
        points: args.points,
        count,
        lineup,
        seed: args.seed,
        threads: args.threads,
        progress: !args.json,
    };
    let mut file = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let mut report = arena::run(&config, file.as_mut().map(|f| f as &mut dyn Write))
        .map_err(|e| e.to_string())?;
    if let Some(file) = &mut file {
        file.flush().map_err(|e| e.to_string())?;
    }
    report.finish();
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).map_err(|e| e.to_string())?
        );
    } else {
        print!("{}", report.to_text());
    }
    Ok(())
}
