//! What every cardtable game shares beyond cards.

/// Why a player gave up its seat instead of acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The person asked to end the program.
    Quit,
    /// The person walked away; a computer player takes the seat.
    RageQuit,
    /// Nobody is typing any more (end of input).
    InputClosed,
}
