//! `cardtable`: the home of everything past the handouts. With no arguments it deals a
//! game of Euchre in the terminal: you and a computer partner against two computers.

mod arena_cli;
mod euchre_tui;

use std::io::{self, BufReader, BufWriter};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cardtable",
    version,
    about = "Classic card games at the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: euchre_tui::Options,
}

#[derive(Subcommand)]
enum Command {
    /// Play Euchre against three computer players (the default).
    Play(euchre_tui::Options),
    /// Simulate many games between computer players and report statistics.
    Arena(arena_cli::ArenaArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = match cli.command {
        Some(Command::Play(options)) => options,
        Some(Command::Arena(args)) => {
            return match arena_cli::run(&args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(problem) => {
                    eprintln!("cardtable arena: {problem}");
                    ExitCode::from(2)
                }
            };
        }
        None => cli.play,
    };
    let input = BufReader::new(io::stdin());
    let output = BufWriter::new(io::stdout());
    textio::Stop::exit(euchre_tui::play(&options, input, output), "cardtable")
}
