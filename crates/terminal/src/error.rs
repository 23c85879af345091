//! Why a game could not be taken up: a type, said in words by `Display` where the
//! program reports it.

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
    /// A review asked of a game not over, or of a seat it does not have.
    #[error(transparent)]
    Review(#[from] scene::ReviewError),
    /// A review of a seat the game does not have.
    #[error("there is no seat {seat} to review: the game has seats 1 to {seats}")]
    NoSeatToReview {
        /// The seat asked for, from 1.
        seat: usize,
        /// How many seats the game has.
        seats: usize,
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
