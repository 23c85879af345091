//! The program itself: its command line read, the game played at standard input and
//! output, its exit status.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use crate::driver::Driver;
use crate::human::Human;
use rules::players::{Simple, Strong};
use rules::Game;
use textio::eecs280::parse_command_line;

/// The program run with `argv` (its own name first), as `main` runs it with the
/// process's arguments and as `cardtable check` runs it as the reference.
pub fn main(argv: Vec<OsString>) -> ExitCode {
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 3)) else {
        // A closed standard output is no reason to panic: the exit status says it all.
        let _ = writeln!(std::io::stdout(), "{}", crate::args::USAGE);
        return ExitCode::from(1);
    };
    let mode = std::env::var("TEENDOPANCH_RULES").ok();
    let rules = match crate::args::rules_mode(mode.as_deref(), args.points_to_win) {
        Ok(rules) => rules,
        Err(problem) => {
            eprintln!("teendopanch: {problem}");
            return ExitCode::from(1);
        }
    };
    let deck = cards::deck::teendopanch().into_iter().collect();
    let points = rules;
    textio::eecs280::run::<Game, Simple, Strong, _>(
        &argv,
        args,
        deck,
        "teendopanch",
        Human::new,
        |seats, console, pack| Driver { seats, console }.play(points, pack),
    )
}
