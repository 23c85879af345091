//! The program itself: its command line read, the game played at standard input and
//! output, its exit status.

use std::process::ExitCode;

use crate::driver::Driver;
use crate::readings::Readings;
use rules::{Game, Rules};
use textio::{Console, Stop};

/// The program run with `argv` (its own name first), as `main` runs it with the
/// process's arguments and as `cardtable check` runs it as the reference.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    let argv: Vec<_> = argv.into_iter().skip(1).collect();
    let args = match crate::args::parse(&argv) {
        Ok(args) => args,
        Err(problem) => {
            eprintln!("euchre: {problem}\n{}", crate::args::USAGE);
            return ExitCode::from(1);
        }
    };
    let readings = match Readings::from_env() {
        Ok(readings) => readings,
        Err(problem) => {
            eprintln!("euchre: {}: {problem}", crate::readings::ENV);
            return ExitCode::from(1);
        }
    };
    // Load a saved game whole before printing anything: nothing is half-loaded.
    let saved = match &args.file {
        None => None,
        Some(path) => match load(path, readings.rules()) {
            Ok(loaded) => Some(loaded),
            Err(problem) => {
                eprintln!("euchre: {}: {problem}", path.display());
                return ExitCode::from(1);
            }
        },
    };
    let console = Console::stdio();
    let mut driver = Driver::new(console.clone(), args.debug).reading(readings);
    let result = match saved {
        Some((saved, game)) => driver.play_saved(saved, game),
        None => driver.play_new(args.seed),
    };
    let _ = console.borrow_mut().flush();
    Stop::exit(result, "euchre")
}

/// Why a saved game could not be loaded.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("cannot read the file ({0})")]
    Read(#[from] std::io::Error),
    #[error("the file is not text")]
    NotText(#[from] std::string::FromUtf8Error),
    #[error(transparent)]
    Saved(#[from] crate::saved::LoadError),
    #[error(transparent)]
    Position(#[from] rules::PositionError),
}

fn load(
    path: &std::path::Path,
    rules: Rules,
) -> Result<(crate::saved::SavedGame, Game), LoadError> {
    let text = String::from_utf8(std::fs::read(path)?)?;
    let saved = crate::saved::parse(&text)?;
    let game = Game::from_position(rules, &saved.position)?;
    Ok((saved, game))
}
