//! `euchre280`: EECS 280 Euchre exactly as its handout specifies (the handout's `euchre.exe`).

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use eecs280_euchre::driver::Driver;
use textio::eecs280::{echo_and_read_pack, parse_command_line, Seats};
use textio::{Console, Stop};

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(|a| parse_command_line(a, 4)) else {
        // A closed standard output is no reason to panic: the exit status says it all.
        let _ = writeln!(std::io::stdout(), "{}", eecs280_euchre::args::USAGE);
        return ExitCode::from(1);
    };
    let console = Console::stdio();
    let deck = cards::deck::eecs280_euchre().into_iter().collect();
    let Some(mut pack) = echo_and_read_pack(&console, &argv, &args.pack, deck, args.shuffle) else {
        return ExitCode::from(1);
    };
    let seats =
        Seats::new::<euchre::players::Simple, euchre::players::Strong>(args.seats, |name| {
            Box::new(eecs280_euchre::human::Human::new(
                name.to_string(),
                console.clone(),
            ))
        });
    let result = Driver::new(seats, console.clone()).play(args.points_to_win, &mut pack);
    let _ = console.borrow_mut().flush();
    Stop::exit(result, "euchre280")
}
