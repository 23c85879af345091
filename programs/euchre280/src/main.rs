//! `euchre280`: EECS 280 Euchre exactly as its handout specifies (the handout's `euchre.exe`).

mod args;
mod human;
mod table;

use std::ffi::OsString;
use std::process::ExitCode;

use euchre::players::Simple;
use euchre::Leave;

use ::table::Sitter;
use table::{Stop, Table};
use textio::eecs280::{echo_and_read_pack, parse_command_line, Kind, Seats};
use textio::Console;

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 4)) else {
        println!("{}", args::USAGE);
        return ExitCode::from(1);
    };
    let console = Console::stdio();
    let deck = cards::deck::eecs280_euchre().into_iter().collect();
    let Some(mut pack) = echo_and_read_pack(&console, &argv, &args.pack, deck, args.shuffle) else {
        return ExitCode::from(1);
    };
    let seats = Seats::new(args.seats, |name, kind| match kind {
        Kind::Simple => Sitter::Player(Box::new(Simple)),
        Kind::Human => Sitter::Player(Box::new(human::Human::new(
            name.to_string(),
            console.clone(),
        ))),
        Kind::Strong => Sitter::Agent(Box::new(euchre::players::Strong::default())),
    });
    let result = Table::new(seats, console.clone()).play(args.points_to_win, &mut pack);
    let _ = console.borrow_mut().flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Left(Leave::InputClosed | Leave::Quit | Leave::RageQuit)) => {
            eprintln!("euchre280: input ended before the game was over");
            ExitCode::from(2)
        }
        Err(Stop::Output(error)) => {
            eprintln!("euchre280: writing the output failed: {error}");
            ExitCode::from(1)
        }
    }
}
