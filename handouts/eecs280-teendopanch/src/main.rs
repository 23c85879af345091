//! `teendopanch`: EECS 280 Teen Do Panch (the handout's `teendopanch.exe`). The handout's
//! rules by default; `TEENDOPANCH_RULES=reference` reproduces its author's reference solution.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use eecs280_teendopanch::driver::Driver;
use eecs280_teendopanch::human::Human;
use rules::players::{Simple, Strong};
use rules::Game;
use textio::eecs280::parse_command_line;

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 3)) else {
        // A closed standard output is no reason to panic: the exit status says it all.
        let _ = writeln!(std::io::stdout(), "{}", eecs280_teendopanch::args::USAGE);
        return ExitCode::from(1);
    };
    let mode = std::env::var("TEENDOPANCH_RULES").ok();
    let rules = match eecs280_teendopanch::args::rules_mode(mode.as_deref(), args.points_to_win) {
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
