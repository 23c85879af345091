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
    let mode = std::env::var("TEENDOPANCH_RULES").ok();
    if mode.as_deref() == Some("reference") {
        if let Some(unknown) = argv.get(1..).and_then(crate::args::unknown_strategy) {
            return as_the_author_on(&argv, &unknown);
        }
    }
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 3)) else {
        // A closed standard output is no reason to panic: the exit status says it all.
        let _ = writeln!(std::io::stdout(), "{}", crate::args::USAGE);
        return ExitCode::from(1);
    };
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

/// The author's reference program on a player type it does not know (its runs
/// `errors/bad_player_type` and `lowercase_simple`): line 1 echoed and the pack opened as
/// usual, then its player factory names the type on standard error and fails an
/// assertion, which aborts (SIGABRT: a shell's status 134).
fn as_the_author_on(argv: &[OsString], unknown: &str) -> ExitCode {
    let console = textio::Console::stdio();
    let pack = argv.get(1).cloned().unwrap_or_default();
    let deck = cards::deck::teendopanch().into_iter().collect();
    let read = textio::eecs280::echo_and_read_pack(&console, argv, &pack, deck, false);
    let _ = console.borrow_mut().flush();
    if read.is_none() {
        return ExitCode::from(1);
    }
    eprintln!("Unrecognized strategy: {unknown}");
    eprintln!(
        "teendopanch.exe: Player.cpp:398: Player* Player_factory(const std::string&, const std::string&): Assertion `false' failed."
    );
    std::process::abort()
}
