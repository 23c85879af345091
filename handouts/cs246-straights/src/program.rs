//! The program itself: its command line read, the game played at standard input and
//! output, its exit status.

use std::io::Write;
use std::process::ExitCode;

use crate::driver::Driver;
use textio::{Console, Stop};

/// The program run with `argv` (its own name first), as `main` runs it with the
/// process's arguments and as `cardtable check` runs it as the reference.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    let argv: Vec<_> = argv.into_iter().skip(1).collect();
    let args = match crate::args::parse(&argv) {
        Ok(crate::args::Request::Play(args)) => args,
        Ok(crate::args::Request::Help) => {
            let _ = writeln!(std::io::stdout(), "{}", crate::args::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(problem) => {
            eprintln!("straights: {problem}\n{}", crate::args::USAGE);
            return ExitCode::from(1);
        }
    };
    let saved = match &args.file {
        None => None,
        Some(path) => {
            let read = std::fs::read_to_string(path)
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error>);
            match read.and_then(|t| Ok(crate::saved::parse(&t)?)) {
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
