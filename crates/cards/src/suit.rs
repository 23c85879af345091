use std::fmt;
use std::str::FromStr;

/// A suit, declared in EECS 280's tie-break order: Spades < Hearts < Clubs < Diamonds.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Suit {
    /// ♠
    Spades,
    /// ♥
    Hearts,
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
}

/// A suit's colour: bowers and "next" depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Spades and clubs.
    Black,
    /// Hearts and diamonds.
    Red,
}

impl Suit {
    /// All suits in tie-break order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    /// The suit's number in EECS 280's tie-break order: Spades 0 to Diamonds 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit numbered `index` (modulo 4).
    pub const fn from_index(index: usize) -> Suit {
        Suit::ALL[index & 3]
    }

    /// The suit's colour.
    pub const fn color(self) -> Color {
        match self {
            Suit::Spades | Suit::Clubs => Color::Black,
            Suit::Hearts | Suit::Diamonds => Color::Red,
        }
    }

    /// The other suit of the same colour ("next" in Euchre): two places along in
    /// tie-break order (spades and clubs, hearts and diamonds). An index flip rather than
    /// a match: the bowers ask this on every Euchre decision.
    pub const fn same_color(self) -> Suit {
        Suit::from_index(self.index() ^ 2)
    }

    /// The word the handouts print: `Spades`.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "Spades",
            Suit::Hearts => "Hearts",
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
        }
    }

    /// The one-letter notation: `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
        }
    }

    /// The suit of a CS 246 letter (`S`, `H`, `C`, `D`, either case).
    pub fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL
            .into_iter()
            .find(|s| s.letter() == letter.to_ascii_uppercase())
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a suit name (`Spades`) or letter (`S`, `s`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSuitError;

impl fmt::Display for ParseSuitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a suit")
    }
}

impl std::error::Error for ParseSuitError {}

impl FromStr for Suit {
    type Err = ParseSuitError;

    /// Accepts the exact names the handouts print (`Hearts`) or one letter (`H`/`h`).
    fn from_str(text: &str) -> Result<Suit, ParseSuitError> {
        if let Some(suit) = Suit::ALL.into_iter().find(|s| s.name() == text) {
            return Ok(suit);
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or(ParseSuitError),
            _ => Err(ParseSuitError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_color_is_an_involution_within_colour() {
        for suit in Suit::ALL {
            assert_ne!(suit, suit.same_color());
            assert_eq!(suit.same_color().same_color(), suit);
            assert_eq!(suit.color(), suit.same_color().color());
        }
    }

    #[test]
    fn parses_names_and_letters() {
        assert_eq!("Diamonds".parse(), Ok(Suit::Diamonds));
        assert_eq!("c".parse(), Ok(Suit::Clubs));
        assert_eq!("S".parse(), Ok(Suit::Spades));
        assert!("spades".parse::<Suit>().is_err());
        assert!("X".parse::<Suit>().is_err());
        assert!("".parse::<Suit>().is_err());
    }
}
