//! Why a call on a game was refused: nothing changed.

/// A refused call; the game is as it was.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The number names no action of this game.
    #[error("{id} is not an action of {game} (actions are 0 to {last})")]
    NoSuchAction {
        /// The game.
        game: &'static str,
        /// The number given.
        id: i64,
        /// The highest action number.
        last: usize,
    },
    /// No action of this game is written so.
    #[error("{name:?} is not an action of {game}: {why}")]
    UnknownName {
        /// The game.
        game: &'static str,
        /// The name given.
        name: String,
        /// What reading it found.
        why: String,
    },
    /// The rules refuse the action now.
    #[error("{action} is not legal now: {why}")]
    Illegal {
        /// The action, by its name.
        action: String,
        /// The rules' reason.
        why: String,
    },
    /// The game is over: nothing more may be played.
    #[error("the game is over")]
    Over,
    /// Cards are to be dealt: the call wants a seat to act.
    #[error("the cards are being dealt (a chance node): deal a card instead")]
    Dealing,
    /// A seat acts: the call wants cards to be dealt.
    #[error("seat {0} is to act, not chance")]
    NotDealing(usize),
    /// A card that cannot be dealt next.
    #[error("card {0} cannot be dealt now (not in the pack, or already dealt)")]
    NotDealable(i64),
    /// A seat number out of range.
    #[error("seat {seat} is not at this table (seats 0 to {last})")]
    NoSuchSeat {
        /// The seat given.
        seat: i64,
        /// The last seat.
        last: usize,
    },
    /// A deck, rules, player or record the catalogue refused.
    #[error("{0}")]
    Refused(String),
}
