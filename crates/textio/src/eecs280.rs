//! What the EECS 280 programs share on their command lines: C's `atoi` for the points,
//! and the pack file named by the first argument.

use std::fmt;
use std::path::Path;

use cards::pack::{Pack, PackFileError};
use cards::{Card, CardSet};

use crate::Shared;

/// C's `atoi`: optional white space and sign, then digits up to the first non-digit;
/// no digits gives 0. Values too large for an `int` are clamped (C leaves them undefined).
pub fn atoi(text: &str) -> i64 {
    let text = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    let mut value: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = (value * 10 + i64::from(b - b'0')).min(i64::from(i32::MAX) + 1);
    }
    sign * value
}

/// Why a pack file could not be used.
#[derive(Debug, PartialEq, Eq)]
pub enum PackError {
    /// The file would not open: the handouts' `Error opening FILE`.
    Open,
    /// The file opened but is not this game's pack.
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

/// Reads a pack file that must hold exactly the cards of `deck`.
pub fn read_pack(path: &Path, deck: CardSet, shuffle: bool) -> Result<Pack, PackError> {
    let bytes = std::fs::read(path).map_err(|_| PackError::Open)?;
    let cards =
        cards::pack::parse(&String::from_utf8_lossy(&bytes), deck).map_err(PackError::Malformed)?;
    Ok(Pack::new(cards, shuffle))
}

/// `Human player NAME's hand: [i] Nine of Spades`, one line a card, as both EECS 280
/// programs print a human's hand before each decision.
pub fn say_hand(
    console: &Shared,
    name: &str,
    cards: impl IntoIterator<Item = Card>,
) -> std::io::Result<()> {
    for (i, card) in cards.into_iter().enumerate() {
        console.borrow_mut().line(format_args!(
            "Human player {name}'s hand: [{i}] {}",
            card.long()
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_reads_like_c() {
        assert_eq!(atoi("5x"), 5);
        assert_eq!(atoi("  42"), 42);
        assert_eq!(atoi("-7"), -7);
        assert_eq!(atoi("+3"), 3);
        assert_eq!(atoi("x5"), 0);
        assert_eq!(atoi(""), 0);
        assert!(atoi("99999999999999999999") > 100);
    }
}
