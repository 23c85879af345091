use std::fmt;
use std::str::FromStr;

use crate::{Rank, Suit};

/// One playing card, stored as `rank * 4 + suit` so that comparing cards compares
/// them in EECS 280's plain order (rank, then suit S < H < C < D).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` and `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8) * 4 + suit as u8)
    }

    /// The card with this index (0..52), if there is one.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 52 {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The card of a bit of a [`CardSet`](crate::CardSet), whose bits are all below 52
    /// (sets are built from cards and masked): no check on the hot path of iteration.
    pub(crate) const fn from_set_bit(index: u32) -> Card {
        debug_assert!(index < 52);
        Card(index as u8)
    }

    /// The card's number, `rank * 4 + suit`: its bit in a [`CardSet`](crate::CardSet).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's printed suit (a left bower's effective suit is the trump order's business).
    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 % 4) as usize)
    }

    /// `Nine of Spades`, as the EECS 280 handouts print cards.
    pub fn long(self) -> Long {
        Long(self)
    }

    /// Parses `Nine of Spades` exactly (single spaces, capitalised words).
    pub fn parse_long(text: &str) -> Result<Card, ParseCardError> {
        let mut words = text.split(' ');
        let (Some(rank), Some("of"), Some(suit), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(ParseCardError::new(text));
        };
        let rank = Rank::from_name(rank).ok_or_else(|| ParseCardError::new(text))?;
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.name() == suit)
            .ok_or_else(|| ParseCardError::new(text))?;
        Ok(Card::new(rank, suit))
    }

    /// Parses the short notation: rank symbol then suit letter, either case (`9S`, `ts`, `10h`).
    pub fn parse_short(text: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError::new(text);
        let (split, suit_letter) = text.char_indices().last().ok_or_else(err)?;
        let rank_text = &text[..split];
        let suit = Suit::from_letter(suit_letter).ok_or_else(err)?;
        let rank = match rank_text {
            "10" => Rank::Ten,
            _ => {
                let mut chars = rank_text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Rank::from_symbol(c).ok_or_else(err)?,
                    _ => return Err(err()),
                }
            }
        };
        Ok(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    /// The short notation, `9S`: what the CS 246 handouts print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Cards in the short notation, space-separated (`9S TH`): how saved games and deck
/// listings write them.
pub fn short_list(cards: &[Card]) -> String {
    let shorts: Vec<String> = cards.iter().map(Card::to_string).collect();
    shorts.join(" ")
}

/// Displays a card in the long notation; see [`Card::long`].
#[derive(Clone, Copy)]
pub struct Long(Card);

impl fmt::Display for Long {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.0.rank().name(), self.0.suit().name())
    }
}

impl serde::Serialize for Card {
    /// The short notation, `9S`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A card in JSON is its short notation: rank `2`–`9`, `T`, `J`, `Q`, `K`, `A`, then suit.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[2-9TJQKA][SHCD]$",
            "description": "A card: rank (2-9, T, J, Q, K, A) then suit (S, H, C, D), as 9S or TH."
        })
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Card::parse_short(&text).map_err(serde::de::Error::custom)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Either notation: `Nine of Spades` or `9S`.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        if text.contains(' ') {
            Card::parse_long(text)
        } else {
            Card::parse_short(text)
        }
    }
}

/// The text does not name a card; keeps the text for the error message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError {
    text: String,
}

impl ParseCardError {
    fn new(text: &str) -> ParseCardError {
        ParseCardError {
            text: text.to_owned(),
        }
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a card: {:?}", self.text)
    }
}

impl std::error::Error for ParseCardError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_order_is_the_plain_order() {
        // Rank first, then suit D > C > H > S (EECS 280 handout, "Value of cards").
        let nine_d = Card::new(Rank::Nine, Suit::Diamonds);
        let ten_s = Card::new(Rank::Ten, Suit::Spades);
        let nine_s = Card::new(Rank::Nine, Suit::Spades);
        let nine_h = Card::new(Rank::Nine, Suit::Hearts);
        assert!(nine_s < nine_h && nine_h < nine_d && nine_d < ten_s);
    }

    #[test]
    fn every_card_round_trips_both_notations() {
        for index in 0..52 {
            let card = Card::from_index(index).unwrap();
            assert_eq!(Card::parse_long(&card.long().to_string()), Ok(card));
            assert_eq!(card.to_string().parse(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse(), Ok(card));
        }
    }

    #[test]
    fn notations_match_the_handouts() {
        let card = Card::new(Rank::Nine, Suit::Spades);
        assert_eq!(card.long().to_string(), "Nine of Spades");
        assert_eq!(card.to_string(), "9S");
        assert_eq!("TS".parse(), Ok(Card::new(Rank::Ten, Suit::Spades)));
        assert_eq!("10h".parse(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
    }

    #[test]
    fn serializes_in_the_short_notation() {
        let card = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(serde_json::to_string(&card).unwrap(), "\"TH\"");
        assert_eq!(serde_json::from_str::<Card>("\"TH\"").unwrap(), card);
        assert!(serde_json::from_str::<Card>("\"XX\"").is_err());
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in [
            "",
            "S",
            "1S",
            "9X",
            "99S",
            "Nine of spades",
            "Nine  of Spades",
            "Nine of",
            "é",
            "9é",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
    }
}
