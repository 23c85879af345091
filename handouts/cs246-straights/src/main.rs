//! `straights`: CS 246 Straights exactly as its handout specifies.

use std::io::Write;
use std::process::ExitCode;

use cs246_straights::driver::Driver;
use textio::{Console, Stop};

fn main() -> ExitCode {
    let argv: Vec<_> = std::env::args_os().skip(1).collect();
    let args = match cs246_straights::args::parse(&argv) {
        Ok(cs246_straights::args::Request::Play(args)) => args,
        Ok(cs246_straights::args::Request::Help) => {
            let _ = writeln!(std::io::stdout(), "{}", cs246_straights::args::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(problem) => {
            eprintln!("straights: {problem}\n{}", cs246_straights::args::USAGE);
            return ExitCode::from(1);
        }
    };
    let saved = match &args.file {
        None => None,
        Some(path) => {
            let read = std::fs::read_to_string(path)
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error>);
            match read.and_then(|t| Ok(cs246_straights::saved::parse(&t)?)) {
                Ok(saved) => Some(saved),
                Err(problem) => {
                    eprintln!("straights: {}: {problem}", path.display());
                    return ExitCode::from(1);
                }
            }
        }
    };
    let console = Console::stdio();
    let result = match &saved {
        Some(saved) => Driver::new(console.clone(), saved.seed, saved.kinds).resume(saved),
        None => {
            let seed = args.seed.unwrap_or_else(clock_seed);
            Driver::ask_kinds(&console)
                .and_then(|kinds| Driver::new(console.clone(), seed, kinds).play())
        }
    };
    let _ = console.borrow_mut().flush();
    let result = result.map_err(|stop| match (stop, &args.file) {
        (Stop::BadSave(problem), Some(file)) => {
            Stop::BadSave(format!("{}: {problem}", file.display()))
        }
        (stop, _) => stop,
    });
    Stop::exit(result, "straights")
}

/// The seed when none is given: the clock, as the handout's shuffle.cc does
/// (`system_clock::now().time_since_epoch().count()`, cut to `unsigned`).
fn clock_seed() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u32)
        .unwrap_or(0)
}
