//! Why a `cardtable` command could not do what it was asked: each a type, said in words
//! by `Display` where the program reports it.

use std::path::PathBuf;

/// Why a game could not be taken up from a record (a saved game, a replay file).
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Not a record the catalogue can read.
    #[error(transparent)]
    Record(#[from] catalogue::RecordError),
    /// A game or rules variant the catalogue does not know.
    #[error(transparent)]
    Unknown(#[from] catalogue::Error),
    /// A prescribed deal that is not the game's pack.
    #[error(transparent)]
    Deal(#[from] table::NotADeck),
    /// An action after the game's end.
    #[error("action {0} comes after the game's end")]
    AfterTheEnd(usize),
    /// An action the rules refuse where it stands.
    #[error("action {index} ({action}) is not legal there")]
    Illegal {
        /// Its number, from 1.
        index: usize,
        /// The action, as the record writes it.
        action: String,
    },
    /// A file of records without the game asked for.
    #[error("there is no game {number}: the file holds {count}")]
    NoSuchGame {
        /// The game asked for, from 1.
        number: usize,
        /// How many the file holds.
        count: usize,
    },
    /// A record whose game never dealt.
    #[error("the record's game has no deal to show")]
    NoDeal,
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A game, variant or player the catalogue does not know.
    #[error(transparent)]
    Unknown(#[from] catalogue::Error),
    /// Options written before their command (`cardtable --seed 1 play`).
    #[error("options go after the command they belong to: cardtable {0} [OPTIONS]")]
    OptionsFirst(String),
    /// A file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// A file's record could not be taken up.
    #[error("{path}: {source}")]
    Open {
        /// The file.
        path: PathBuf,
        /// What was wrong with it.
        source: OpenError,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The terminal could not be drawn on.
    #[error("the terminal: {0}")]
    Terminal(std::io::Error),
    /// Standard output could not be written.
    #[error("writing the output failed: {0}")]
    Output(std::io::Error),
    /// `--record` with more games than it writes.
    #[error("--record writes at most {most} games or hands; {asked} were asked")]
    TooManyRecorded {
        /// The most it writes.
        most: u64,
        /// How many were asked.
        asked: u64,
    },
    /// The arena failed.
    #[error(transparent)]
    Arena(#[from] arena::Error),
    /// The report could not be made JSON.
    #[error("the report: {0}")]
    Report(#[from] serde_json::Error),
}
