//! Why a `cardtable` command could not do what it was asked: each a type, said in words
//! by `Display` where the program reports it.

use std::path::{Path, PathBuf};

use terminal::error::OpenError;

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
    #[error(transparent)]
    Write(#[from] WriteError),
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

/// A file that could not be written, and why: said alike by every command that writes
/// one (`cardtable arena --record`, `cardtable check --keep`).
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct WriteError {
    /// The file.
    path: PathBuf,
    /// What failed.
    source: std::io::Error,
}

impl WriteError {
    /// The error of a failed write to `path`, for `map_err`.
    pub fn at(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
        |source| WriteError {
            path: path.to_path_buf(),
            source,
        }
    }
}
