//! The EECS 280 handouts' pack: cards listed one `Rank of Suit` a line in a file, dealt
//! from the top, and before each hand either in-shuffled seven times on top of the last
//! shuffle or reset to the file's order.

use std::fmt;

use crate::shuffle::in_shuffle_times;
use crate::{Card, CardSet};

/// Why a pack file's text is not a pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackFileError {
    /// The line of the file, from 1.
    pub line: usize,
    /// What is wrong there.
    pub problem: String,
}

impl fmt::Display for PackFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for PackFileError {}

/// Parses a pack file that must list every card of `deck` once. Blank lines are skipped.
pub fn parse(text: &str, deck: CardSet) -> Result<Vec<Card>, PackFileError> {
    let mut cards = Vec::with_capacity(deck.len());
    let mut seen = CardSet::EMPTY;
    let mut last_line = 0;
    for (index, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        last_line = index + 1;
        let fail = |problem: String| PackFileError {
            line: index + 1,
            problem,
        };
        let card = Card::parse_long(&words.join(" ")).map_err(|_| {
            fail(format!(
                "{:?} is not a card like \"Nine of Spades\"",
                line.trim()
            ))
        })?;
        if !deck.contains(card) {
            return Err(fail(format!("{} is not in this game's pack", card.long())));
        }
        if !seen.insert(card) {
            return Err(fail(format!("{} appears twice", card.long())));
        }
        cards.push(card);
    }
    if cards.len() < deck.len() {
        return Err(PackFileError {
            line: last_line + 1,
            problem: format!("only {} cards; the pack has {}", cards.len(), deck.len()),
        });
    }
    Ok(cards)
}

/// A pack in file order, prepared for each hand as the handouts say.
#[derive(Clone, Debug)]
pub struct Pack {
    original: Vec<Card>,
    current: Vec<Card>,
    shuffle: bool,
}

impl Pack {
    /// A pack of `cards` in file order, in-shuffled before each hand if `shuffle`.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn euchre() -> CardSet {
        crate::deck::eecs280_euchre().into_iter().collect()
    }

    fn new_pack_text() -> String {
        crate::deck::eecs280_euchre()
            .iter()
            .map(|c| format!("{}\n", c.long()))
            .collect()
    }

    #[test]
    fn reads_a_new_pack() {
        assert_eq!(
            parse(&new_pack_text(), euchre()).unwrap(),
            crate::deck::eecs280_euchre()
        );
    }

    #[test]
    fn reports_the_line_of_each_problem() {
        let line = |text: &str| parse(text, euchre()).unwrap_err().line;
        assert_eq!(
            line(&new_pack_text().replacen("Ten of Spades", "Ten of Spadez", 1)),
            2
        );
        assert_eq!(
            line(&new_pack_text().replacen("Ten of Spades", "Nine of Spades", 1)),
            2
        );
        assert_eq!(
            line(&new_pack_text().replacen("Ten of Spades", "Two of Spades", 1)),
            2
        );
        let short: String = new_pack_text()
            .lines()
            .take(20)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(line(&short), 21);
        assert_eq!(line(&(new_pack_text() + "Nine of Spades\n")), 25);
    }

    #[test]
    fn noshuffle_deals_the_file_order_every_hand() {
        let mut pack = Pack::new(crate::deck::eecs280_euchre(), false);
        for _ in 0..3 {
            assert_eq!(pack.next_deck(), &crate::deck::eecs280_euchre()[..]);
        }
    }
}
