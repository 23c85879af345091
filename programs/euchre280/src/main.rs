//! `euchre280`: EECS 280 Euchre exactly as its handout specifies (the handout's `euchre.exe`).

mod args;
mod human;
mod table;

use std::ffi::OsString;
use std::io::{self, BufReader, BufWriter};
use std::path::Path;
use std::process::ExitCode;

use euchre::players::Simple;
use euchre::{Leave, Player};

use args::Kind;
use table::{Stop, Table};
use textio::eecs280::{read_pack, PackError};
use textio::{say, Console};

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(args::parse) else {
        println!("{}", args::USAGE);
        return ExitCode::from(1);
    };
    let console = Console::shared(
        Box::new(BufReader::new(io::stdin())),
        Box::new(BufWriter::new(io::stdout())),
    );
    let echo: String = argv
        .iter()
        .map(|a| format!("{} ", a.to_string_lossy()))
        .collect();
    if say!(console, "{echo}").is_err() {
        return ExitCode::from(1);
    }
    let pack_name = args.pack.to_string_lossy().into_owned();
    let deck = cards::deck::eecs280_euchre().into_iter().collect();
    let mut pack = match read_pack(Path::new(&args.pack), deck, args.shuffle) {
        Ok(pack) => pack,
        Err(PackError::Open) => {
            let _ = say!(console, "Error opening {pack_name}");
            let _ = console.borrow_mut().flush();
            return ExitCode::from(1);
        }
        Err(error) => {
            let _ = console.borrow_mut().flush();
            eprintln!("euchre280: {pack_name}: {error}");
            return ExitCode::from(1);
        }
    };
    let players = args.seats.clone().map(|(name, kind)| -> Box<dyn Player> {
        match kind {
            Kind::Simple => Box::new(Simple),
            Kind::Human => Box::new(human::Human::new(name, console.clone())),
        }
    });
    let names = args.seats.map(|(name, _)| name);
    let result = Table::new(names, players, console.clone()).play(args.points_to_win, &mut pack);
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
