//! The pack file: 24 cards, one `Rank of Suit` a line, in dealing order.

use std::fmt;
use std::path::Path;

use cards::shuffle::in_shuffle_times;
use cards::{Card, CardSet, Rank};

/// Why a pack file could not be used.
#[derive(Debug, PartialEq, Eq)]
pub enum PackError {
    /// The file would not open: the handout's `Error opening FILE`.
    Open,
    /// The file opened but is not a Euchre pack.
    Malformed { line: usize, problem: String },
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Open => f.write_str("cannot open the pack file"),
            PackError::Malformed { line, problem } => write!(f, "line {line}: {problem}"),
        }
    }
}

/// The pack and the handout's two ways of preparing it for each hand.
#[derive(Clone, Debug)]
pub struct Pack {
    original: Vec<Card>,
    current: Vec<Card>,
    shuffle: bool,
}

impl Pack {
    pub fn read(path: &Path, shuffle: bool) -> Result<Pack, PackError> {
        let bytes = std::fs::read(path).map_err(|_| PackError::Open)?;
        let cards = parse(&String::from_utf8_lossy(&bytes))?;
        Ok(Pack::new(cards, shuffle))
    }

    pub fn new(cards: Vec<Card>, shuffle: bool) -> Pack {
        Pack {
            current: cards.clone(),
            original: cards,
            shuffle,
        }
    }

    /// The deck for the next hand: in-shuffled seven times on top of the previous
    /// shuffles, or the file's order again with `noshuffle`.
    pub fn next_deck(&mut self) -> &[Card] {
        if self.shuffle {
            in_shuffle_times(&mut self.current, 7);
        } else {
            self.current.clone_from(&self.original);
        }
        &self.current
    }
}

/// Parses the 24 lines; blank lines are skipped, anything else must be a distinct
/// Euchre card (Nine to Ace).
pub fn parse(text: &str) -> Result<Vec<Card>, PackError> {
    let mut cards = Vec::with_capacity(24);
    let mut seen = CardSet::EMPTY;
    let mut last_line = 0;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        last_line = line_number;
        let malformed = |problem: String| PackError::Malformed {
            line: line_number,
            problem,
        };
        let card = Card::parse_long(&words.join(" ")).map_err(|_| {
            malformed(format!(
                "{:?} is not a card like \"Nine of Spades\"",
                line.trim()
            ))
        })?;
        if card.rank() < Rank::Nine {
            return Err(malformed(format!(
                "{} is not in a Euchre pack",
                card.long()
            )));
        }
        if !seen.insert(card) {
            return Err(malformed(format!("{} appears twice", card.long())));
        }
        if cards.len() == 24 {
            return Err(malformed("more than 24 cards".to_string()));
        }
        cards.push(card);
    }
    if cards.len() < 24 {
        return Err(PackError::Malformed {
            line: last_line + 1,
            problem: format!("only {} cards; a pack has 24", cards.len()),
        });
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_pack_text() -> String {
        cards::deck::eecs280_euchre()
            .iter()
            .map(|c| format!("{}\n", c.long()))
            .collect()
    }

    #[test]
    fn reads_a_new_pack() {
        assert_eq!(
            parse(&new_pack_text()).unwrap(),
            cards::deck::eecs280_euchre()
        );
    }

    #[test]
    fn reports_the_line_of_each_problem() {
        let text = new_pack_text().replacen("Ten of Spades", "Ten of Spadez", 1);
        assert!(matches!(
            parse(&text),
            Err(PackError::Malformed { line: 2, .. })
        ));
        let text = new_pack_text().replacen("Ten of Spades", "Nine of Spades", 1);
        assert!(matches!(
            parse(&text),
            Err(PackError::Malformed { line: 2, .. })
        ));
        let text = new_pack_text().replacen("Ten of Spades", "Two of Spades", 1);
        assert!(matches!(
            parse(&text),
            Err(PackError::Malformed { line: 2, .. })
        ));
        let short: String = new_pack_text()
            .lines()
            .take(20)
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(matches!(
            parse(&short),
            Err(PackError::Malformed { line: 21, .. })
        ));
        let long = new_pack_text() + "Nine of Spades\n";
        assert!(matches!(
            parse(&long),
            Err(PackError::Malformed { line: 25, .. })
        ));
    }

    #[test]
    fn noshuffle_deals_the_file_order_every_hand() {
        let mut pack = Pack::new(cards::deck::eecs280_euchre(), false);
        for _ in 0..3 {
            assert_eq!(pack.next_deck(), &cards::deck::eecs280_euchre()[..]);
        }
    }
}
