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
    about = "Classic card games at the terminal",
    // `cardtable --seed 1 play` would silently drop the seed: options go after the
    // subcommand, and clap says so.
    args_conflicts_with_subcommands = true
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
    /// Serve tables for every game over HTTP and WebSocket (docs/PROTOCOL.md).
    Serve(ServeArgs),
}

#[derive(clap::Args)]
struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: std::net::SocketAddr,
    /// The SQLite database of tables and games (created if absent).
    #[arg(long, default_value = "cardtable.sqlite")]
    data: std::path::PathBuf,
}

/// `cardtable serve`: logs with `tracing` (RUST_LOG sets the level), prints the URL.
fn serve(args: &ServeArgs) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(io::stderr)
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cardtable serve: {e}");
            return ExitCode::from(1);
        }
    };
    let served = runtime.block_on(server::serve(args.listen, &args.data, |address| {
        use std::io::Write;
        let mut out = io::stdout();
        let _ = writeln!(out, "cardtable serves on http://{address}/");
        let _ = out.flush();
        tracing::info!(%address, data = %args.data.display(), "listening");
    }));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("cardtable serve: {problem}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = match cli.command {
        Some(Command::Play(options)) => options,
        Some(Command::Serve(args)) => return serve(&args),
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
