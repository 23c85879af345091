//! Reading the pack file named on the command line.

use std::fmt;
use std::path::Path;

use cards::pack::{Pack, PackFileError};
use cards::CardSet;

/// Why a pack file could not be used.
#[derive(Debug, PartialEq, Eq)]
pub enum PackError {
    /// The file would not open: the handout's `Error opening FILE`.
    Open,
    /// The file opened but is not a Euchre pack.
    Malformed(PackFileError),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Open => f.write_str("cannot open the pack file"),
            PackError::Malformed(error) => error.fmt(f),
        }
    }
}

/// Reads the 24 Euchre cards (Nine to Ace) of a pack file.
pub fn read(path: &Path, shuffle: bool) -> Result<Pack, PackError> {
    let bytes = std::fs::read(path).map_err(|_| PackError::Open)?;
    let deck: CardSet = cards::deck::eecs280_euchre().into_iter().collect();
    let cards =
        cards::pack::parse(&String::from_utf8_lossy(&bytes), deck).map_err(PackError::Malformed)?;
    Ok(Pack::new(cards, shuffle))
}
