//! `euchre280`: EECS 280 Euchre exactly as its handout specifies (the handout's `euchre.exe`).

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use eecs280_euchre::driver::Driver;
use eecs280_euchre::human::Human;
use euchre::players::{Simple, Strong};
use euchre::Game;
use textio::eecs280::parse_command_line;

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 4)) else {
        // A closed standard output is no reason to panic: the exit status says it all.
        let _ = writeln!(std::io::stdout(), "{}", eecs280_euchre::args::USAGE);
        return ExitCode::from(1);
    };
    let deck = cards::deck::eecs280_euchre().into_iter().collect();
    let points = args.points_to_win;
    textio::eecs280::run::<Game, Simple, Strong, _>(
        &argv,
        args,
        deck,
        "euchre280",
        Human::new,
        |seats, console, pack| Driver { seats, console }.play(points, pack),
    )
}
