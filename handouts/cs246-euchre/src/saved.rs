//! Saved games in the handout's section-3 format, read with line numbers for errors.
//!
//! One extension, after the last player's tricks: an optional `shuffles N` line saying
//! how many shuffles the seeded engine had already made, so that a saved game resumes
//! with the same future deals. Without it the engine starts fresh from the seed.

use std::fmt::Write as _;

use cards::{Card, CardSet, Rank, Suit};
use rules::{Making, Position, Round, Seat};

use crate::args::parse_seed;

/// The most shuffles a saved game may say were made: far more hands than a game to 10
/// points deals, and replayed in well under a second.
pub const MAX_SHUFFLES: u64 = 100_000;

/// A saved game: a position, the deck it was dealt from, and the engine's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub position: Position,
    pub seed: u32,
    pub shuffles: u64,
    pub deck: Vec<Card>,
    /// Each seat's cards in the order they are shown.
    pub hands: [Vec<Card>; 4],
}

/// What is wrong with a saved game, and on which line (0: the whole file).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{problem}", at_line(*line))]
pub struct LoadError {
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The file stops before a word it must have (`what` names it).
    #[error("the file ends where {0} should be")]
    Ends(String),
    /// Another word where `what` belongs.
    #[error("expected {what}, found '{found}'")]
    Expected { what: String, found: String },
    /// The deck holds a card twice.
    #[error("the deck repeats a card")]
    DeckRepeats,
    /// A hand or a pile of tricks holds a card twice.
    #[error("player {seat}'s {pile} lists a card twice")]
    Twice { seat: usize, pile: &'static str },
}

/// `line N: ` before a problem of line N; nothing for the whole file (line 0).
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    }
}

/// White-space separated words with their line numbers.
struct Words<'a> {
    words: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        let words = text
            .lines()
            .enumerate()
            .flat_map(|(i, line)| line.split_whitespace().map(move |w| (i + 1, w)))
            .collect();
        Words { words, next: 0 }
    }

    fn line(&self) -> usize {
        match self.words.get(self.next) {
            Some(&(line, _)) => line,
            None => self.words.last().map_or(1, |&(line, _)| line),
        }
    }

    fn take<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, LoadError> {
        let Some(&(line, word)) = self.words.get(self.next) else {
            return Err(LoadError {
                line: self.line(),
                problem: Problem::Ends(what.to_string()),
            });
        };
        self.next += 1;
        parse(word).ok_or_else(|| LoadError {
            line,
            problem: Problem::Expected {
                what: what.to_string(),
                found: word.to_string(),
            },
        })
    }

    fn seat(&mut self, what: &str) -> Result<Seat, LoadError> {
        self.take(what, |w| {
            w.parse::<usize>().ok().filter(|&n| n < 4).map(Seat::new)
        })
    }

    fn card(&mut self, what: &str) -> Result<Card, LoadError> {
        self.take(what, |w| {
            Card::parse_short(w).ok().filter(|c| c.rank() >= Rank::Nine)
        })
    }

    /// `N card…`: a count and that many cards.
    fn cards(&mut self, what: &str) -> Result<Vec<Card>, LoadError> {
        let count = self.take(&format!("the number of cards in {what}"), |w| {
            w.parse::<usize>().ok().filter(|&n| n <= 24)
        })?;
        (0..count)
            .map(|_| self.card(&format!("a card of {what}")))
            .collect()
    }
}

fn suit_letter(word: &str) -> Option<Suit> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_letter(c),
        _ => None,
    }
}

/// Reads a saved game, or says what is wrong and where. Nothing is half-loaded: the
/// caller gets a whole consistent game or an error.
pub fn parse(text: &str) -> Result<SavedGame, LoadError> {
    let mut words = Words::new(text);
    let score = |w: &str| w.parse::<u32>().ok();
    let scores = [
        words.take("team 0-2's score", score)?,
        words.take("team 1-3's score", score)?,
    ];
    let dealer = words.seat("the dealer (0-3)")?;
    let turn = words.seat("the next player (0-3)")?;
    let trump = words.take("the trump suit (?, H, D, C or S)", |w| match w {
        "?" => Some(None),
        _ => suit_letter(w).map(Some),
    })?;
    let making = match trump {
        None => None,
        Some(trump) => Some(Making {
            trump,
            maker: words.seat("who called trump (0-3)")?,
            alone: words.take("t or f (going alone)", |w| match w {
                "t" => Some(true),
                "f" => Some(false),
                _ => None,
            })?,
        }),
    };
    let seed = words.take("the seed", parse_seed)?;
    let deck_line = words.line();
    let deck: Vec<Card> = (0..24)
        .map(|_| words.card("a card of the deck"))
        .collect::<Result<_, _>>()?;
    let deck_set: CardSet = deck.iter().copied().collect();
    if deck_set.len() != 24 {
        return Err(LoadError {
            line: deck_line,
            problem: Problem::DeckRepeats,
        });
    }
    let mut hands: [Vec<Card>; 4] = Default::default();
    let mut won: [Vec<Card>; 4] = Default::default();
    for seat in 0..4 {
        hands[seat] = words.cards(&format!("player {seat}'s hand"))?;
        won[seat] = words.cards(&format!("player {seat}'s tricks"))?;
    }
    let mut shuffles = 0;
    if words.next < words.words.len() {
        words.take("'shuffles' or the end of the file", |w| {
            (w == "shuffles").then_some(())
        })?;
        // Resuming replays the shuffles (~90 ns each): a bound keeps that instant.
        shuffles = words.take(
            &format!("a number of shuffles from 0 to {MAX_SHUFFLES}"),
            |w| w.parse::<u64>().ok().filter(|&n| n <= MAX_SHUFFLES),
        )?;
    }
    if words.next < words.words.len() {
        words.take("the end of the file", |_| None::<()>)?;
    }
    let set = |cards: &Vec<Card>| cards.iter().copied().collect::<CardSet>();
    let position = Position {
        scores,
        dealer,
        turn,
        round: Round::One,
        making,
        upcard: deck[20],
        hands: [0, 1, 2, 3].map(|s| set(&hands[s])),
        won: [0, 1, 2, 3].map(|s| set(&won[s])),
        discard: None,
        plays: Vec::new(),
    };
    for seat in 0..4 {
        for (pile, what) in [(&hands[seat], "hand"), (&won[seat], "tricks")] {
            if set(pile).len() != pile.len() {
                return Err(LoadError {
                    line: 0,
                    problem: Problem::Twice { seat, pile: what },
                });
            }
        }
    }
    Ok(SavedGame {
        position,
        seed,
        shuffles,
        deck,
        hands,
    })
}

use cards::short_list as cards_line;

/// Writes a saved game in the section-3 layout (plus the `shuffles` line).
pub fn write(saved: &SavedGame) -> String {
    let p = &saved.position;
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", p.scores[0], p.scores[1]);
    let _ = writeln!(out, "{} {}", p.dealer, p.turn);
    match p.making {
        None => out.push_str("?\n"),
        Some(m) => {
            let _ = writeln!(
                out,
                "{}\n{} {}",
                m.trump.letter(),
                m.maker,
                if m.alone { 't' } else { 'f' }
            );
        }
    }
    let _ = writeln!(out, "{}\n{}", saved.seed, cards_line(&saved.deck));
    for seat in 0..4 {
        let won: Vec<Card> = p.won[seat].iter().collect();
        for pile in [&saved.hands[seat], &won] {
            let count = pile.len().to_string();
            let line = if pile.is_empty() {
                count
            } else {
                format!("{count} {}", cards_line(pile))
            };
            let _ = writeln!(out, "{line}");
        }
    }
    let _ = writeln!(out, "shuffles {}", saved.shuffles);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The handout's section-3 example, as printed there.
    const HANDOUT_EXAMPLE: &str = "0 0\n0 1\n?\n123\n\
AH QS KS KH JH 9D TH 9H JC JD AC 9C AD QH TS AS KD 9S TD QC QD TC KC JS\n\
5 AH QS KS KH JH\n0\n5 9D TH 9H JC JD\n0\n5 AC 9C AD QH TS\n0\n5 AS KD 9S TD QC\n0\n";

    #[test]
    fn reads_the_handouts_example() {
        let saved = parse(HANDOUT_EXAMPLE).unwrap();
        assert_eq!(saved.seed, 123);
        assert_eq!(saved.position.dealer, Seat::new(0));
        assert_eq!(saved.position.turn, Seat::new(1));
        assert_eq!(saved.position.making, None);
        assert_eq!(saved.position.upcard, "QD".parse().unwrap());
        assert_eq!(cards_line(&saved.hands[2]), "AC 9C AD QH TS");
        assert_eq!(saved.shuffles, 0);
    }

    #[test]
    fn writing_then_reading_gives_the_same_game() {
        let saved = parse(HANDOUT_EXAMPLE).unwrap();
        assert_eq!(parse(&write(&saved)).unwrap(), saved);
    }

    #[test]
    fn says_what_is_wrong_and_where() {
        let cases = [
            (HANDOUT_EXAMPLE.replace("0 1\n", "0 7\n"), 2, "next player"),
            (HANDOUT_EXAMPLE.replace("?\n", "X\n"), 3, "trump suit"),
            (
                HANDOUT_EXAMPLE.replace("AH QS KS KH JH 9D", "AH QS KS KH JH 2D"),
                5,
                "a card of the deck",
            ),
            (
                HANDOUT_EXAMPLE.replace("5 9D TH 9H JC JD", "5 9D TH 9H JC"),
                9,
                "player 1's hand",
            ),
            (
                HANDOUT_EXAMPLE
                    .lines()
                    .take(9)
                    .collect::<Vec<_>>()
                    .join("\n"),
                9,
                "ends",
            ),
            (HANDOUT_EXAMPLE.to_string() + "extra\n", 14, "'shuffles'"),
        ];
        for (text, line, words) in cases {
            let error = parse(&text).unwrap_err();
            assert_eq!(error.line, line, "{error}");
            assert!(error.problem.to_string().contains(words), "{error}");
        }
    }
}
