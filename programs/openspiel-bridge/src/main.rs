//! `cardtable-bridge euchre [--rules R]`: see the library's doc for the requests.

use std::io;
use std::process::ExitCode;

use clap::Parser;

/// Play Euchre seats for another program, one JSON request and reply a line on standard
/// input and output (`scripts/openspiel/duel.py` seats OpenSpiel's bots).
#[derive(Parser)]
#[command(name = "cardtable-bridge")]
struct Args {
    /// The game: only euchre.
    #[arg(value_parser = ["euchre"])]
    game: String,
    /// The rules: eecs280 or cs246.
    #[arg(long, default_value = "eecs280")]
    rules: String,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let stdin = io::stdin().lock();
    match bridge::run(&args.rules, stdin, io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) if problem.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("cardtable-bridge: {problem}");
            ExitCode::from(2)
        }
    }
}
