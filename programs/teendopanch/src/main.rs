//! `teendopanch`: EECS 280 Teen Do Panch (the handout's `teendopanch.exe`). The handout's
//! rules by default; `TEENDOPANCH_RULES=reference` reproduces its author's reference solution.

mod args;
mod human;
mod table;

use std::ffi::OsString;
use std::io::{self, BufReader, BufWriter};
use std::path::Path;
use std::process::ExitCode;

use rules::players::Simple;
use rules::Player;
use table::{Stop, Table};
use textio::eecs280::{read_pack, PackError};
use textio::{say, Console};

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let Some(args) = argv.get(1..).and_then(args::parse) else {
        println!("{}", args::USAGE);
        return ExitCode::from(1);
    };
    let mode = std::env::var("TEENDOPANCH_RULES").ok();
    let rules = match args::rules_mode(mode.as_deref(), args.points_to_win) {
        Ok(rules) => rules,
        Err(problem) => {
            eprintln!("teendopanch: {problem}");
            return ExitCode::from(1);
        }
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
    let deck = cards::deck::teendopanch().into_iter().collect();
    let mut pack = match read_pack(Path::new(&args.pack), deck, args.shuffle) {
        Ok(pack) => pack,
        Err(PackError::Open) => {
            let _ = say!(console, "Error opening {pack_name}");
            let _ = console.borrow_mut().flush();
            return ExitCode::from(1);
        }
        Err(error) => {
            let _ = console.borrow_mut().flush();
            eprintln!("teendopanch: {pack_name}: {error}");
            return ExitCode::from(1);
        }
    };
    let players = args.seats.clone().map(|(name, kind)| -> Box<dyn Player> {
        match kind {
            args::Kind::Simple => Box::new(Simple),
            args::Kind::Human => Box::new(human::Human::new(name, console.clone())),
        }
    });
    let names = args.seats.map(|(name, _)| name);
    let result = Table::new(names, players, console.clone()).play(rules, &mut pack);
    let _ = console.borrow_mut().flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::InputClosed) => {
            eprintln!("teendopanch: input ended before the game was over");
            ExitCode::from(2)
        }
        Err(Stop::Output(error)) => {
            eprintln!("teendopanch: writing the output failed: {error}");
            ExitCode::from(1)
        }
    }
}
