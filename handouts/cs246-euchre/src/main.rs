//! `euchre`: CS 246 Euchre exactly as its handout specifies (one human, three computers).

use std::process::ExitCode;

use cs246_euchre::driver::Driver;
use rules::{Game, Rules};
use textio::{Console, Stop};

fn main() -> ExitCode {
    let argv: Vec<_> = std::env::args_os().skip(1).collect();
    let args = match cs246_euchre::args::parse(&argv) {
        Ok(args) => args,
        Err(problem) => {
            eprintln!("euchre: {problem}\n{}", cs246_euchre::args::USAGE);
            return ExitCode::from(1);
        }
    };
    // Load a saved game whole before printing anything: nothing is half-loaded.
    let saved = match &args.file {
        None => None,
        Some(path) => match load(path) {
            Ok(loaded) => Some(loaded),
            Err(problem) => {
                eprintln!("euchre: {}: {problem}", path.display());
                return ExitCode::from(1);
            }
        },
    };
    let console = Console::stdio();
    let mut driver = Driver::new(console.clone(), args.debug);
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
    Saved(#[from] cs246_euchre::saved::LoadError),
    #[error(transparent)]
    Position(#[from] rules::PositionError),
}

fn load(path: &std::path::Path) -> Result<(cs246_euchre::saved::SavedGame, Game), LoadError> {
    let text = String::from_utf8(std::fs::read(path)?)?;
    let saved = cs246_euchre::saved::parse(&text)?;
    let game = Game::from_position(Rules::cs246(), &saved.position)?;
    Ok((saved, game))
}
