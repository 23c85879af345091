//! The saved-game file of section 7's testing mode (format in docs/straights.md):
//!
//! ```text
//! seed 6788
//! round 1
//! scores 0 0 0 0
//! players h c h h
//! play 7S
//! discard AS
//! ```
//!
//! The seed and round number give the round's deck (the engine shuffles once per round);
//! the moves so far are replayed through the rules, so the resumed game is exactly the
//! saved one.

use std::fmt::Write as _;

use cards::Card;
use rules::Action;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Human,
    Computer,
    /// cardtable's strong player: an opt-in beyond the handout (answer `s`).
    Strong,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::Human => 'h',
            Kind::Computer => 'c',
            Kind::Strong => 's',
        }
    }

    pub fn from_answer(answer: &str) -> Option<Kind> {
        match answer {
            "h" => Some(Kind::Human),
            "c" => Some(Kind::Computer),
            "s" => Some(Kind::Strong),
            _ => None,
        }
    }
}

/// Why a file is not a saved game: the first problem, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SavedError {
    /// The file stops before a line it must have.
    #[error("the file ends before its '{0}' line")]
    Missing(&'static str),
    /// Another line where this one belongs.
    #[error("line {line}: expected '{name} …', found '{found}'")]
    Expected {
        line: usize,
        name: &'static str,
        found: String,
    },
    /// A word that is not the number or card it should be.
    #[error("line {line}: '{word}' is not {what}")]
    NotA {
        line: usize,
        word: String,
        what: &'static str,
    },
    /// The wrong number of words (`one seed`, `four scores`).
    #[error("line {line}: expected {what}")]
    Count { line: usize, what: &'static str },
    /// Round 0.
    #[error("line {line}: rounds count from 1")]
    RoundZero { line: usize },
    /// A round past [`MAX_ROUND`].
    #[error("line {line}: round {round} is past the last a game can reach here ({MAX_ROUND})")]
    RoundTooHigh { line: usize, round: u32 },
    /// A score at which the game has already ended.
    #[error(
        "line {line}: a score of {} or more means the game is already over",
        rules::GAME_OVER_POINTS
    )]
    GameOver { line: usize },
    /// A line that is no move.
    #[error("line {line}: expected 'play CARD' or 'discard CARD', found '{found}'")]
    NotAMove { line: usize, found: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub seed: u32,
    /// The round in progress, counting from 1: its deck is the seed's `round`-th shuffle.
    pub round: u32,
    /// Scores before this round.
    pub scores: [u32; 4],
    pub kinds: [Kind; 4],
    /// Each move `(line, action)` of this round so far, in order.
    pub moves: Vec<(usize, Action)>,
}

fn field<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    name: &'static str,
) -> Result<(usize, Vec<&'a str>), SavedError> {
    let (line, text) = lines.next().ok_or(SavedError::Missing(name))?;
    let mut words = text.split_whitespace();
    if words.next() != Some(name) {
        return Err(SavedError::Expected {
            line,
            name,
            found: text.to_string(),
        });
    }
    Ok((line, words.collect()))
}

/// The highest round a saved game may be in: far more rounds than a game to 80 points
/// plays, and replayed in well under a second.
pub const MAX_ROUND: u32 = 100_000;

/// Reads a saved game, naming the line of the first problem.
pub fn parse(text: &str) -> Result<SavedGame, SavedError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let number = |line: usize, word: &str, what: &'static str| -> Result<u32, SavedError> {
        word.parse().map_err(|_| SavedError::NotA {
            line,
            word: word.to_string(),
            what,
        })
    };
    let count = |line, what| SavedError::Count { line, what };
    let (line, words) = field(&mut lines, "seed")?;
    let [seed] = words[..] else {
        return Err(count(line, "one seed"));
    };
    let seed = number(line, seed, "a seed from 0 to 4294967295")?;
    let (line, words) = field(&mut lines, "round")?;
    let round = match words[..] {
        [n] => number(line, n, "a round number")?,
        _ => return Err(count(line, "one round number")),
    };
    if round == 0 {
        return Err(SavedError::RoundZero { line });
    }
    // Resuming replays a shuffle per round: a bound keeps that instant.
    if round > MAX_ROUND {
        return Err(SavedError::RoundTooHigh { line, round });
    }
    let (line, words) = field(&mut lines, "scores")?;
    if words.len() != 4 {
        return Err(count(line, "four scores"));
    }
    let mut scores = [0; 4];
    for (score, word) in scores.iter_mut().zip(&words) {
        *score = number(line, word, "a score")?;
    }
    if scores.iter().any(|&s| s >= rules::GAME_OVER_POINTS) {
        return Err(SavedError::GameOver { line });
    }
    let (line, words) = field(&mut lines, "players")?;
    let kinds: Vec<Kind> = words.iter().filter_map(|w| Kind::from_answer(w)).collect();
    let kinds: [Kind; 4] = kinds
        .try_into()
        .ok()
        .filter(|_| words.len() == 4)
        .ok_or(count(line, "four players, each h or c"))?;
    let mut moves = Vec::new();
    for (line, text) in lines {
        let words: Vec<&str> = text.split_whitespace().collect();
        let card = |word: &str| {
            Card::parse_short(word).map_err(|_| SavedError::NotA {
                line,
                word: word.to_string(),
                what: "a card",
            })
        };
        let action = match words[..] {
            ["play", card_text] => Action::Play(card(card_text)?),
            ["discard", card_text] => Action::Discard(card(card_text)?),
            _ => {
                return Err(SavedError::NotAMove {
                    line,
                    found: text.to_string(),
                })
            }
        };
        moves.push((line, action));
    }
    Ok(SavedGame {
        seed,
        round,
        scores,
        kinds,
        moves,
    })
}

pub fn write(saved: &SavedGame) -> String {
    let mut out = String::from("# cardtable straights saved game\n");
    let [a, b, c, d] = saved.scores;
    let kinds: Vec<String> = saved.kinds.iter().map(|k| k.letter().to_string()).collect();
    let _ = writeln!(
        out,
        "seed {}\nround {}\nscores {a} {b} {c} {d}\nplayers {}",
        saved.seed,
        saved.round,
        kinds.join(" ")
    );
    for (_, action) in &saved.moves {
        let _ = match action {
            Action::Play(card) => writeln!(out, "play {card}"),
            Action::Discard(card) => writeln!(out, "discard {card}"),
            // The handout never passes (a house rule): nothing to write.
            Action::Pass => Ok(()),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str =
        "seed 6788\nround 1\nscores 0 0 0 0\nplayers h h h h\nplay 7S\ndiscard AS\n";

    #[test]
    fn reads_and_writes_the_same_game() {
        let saved = parse(EXAMPLE).unwrap();
        assert_eq!(saved.seed, 6788);
        assert_eq!(saved.moves[1], (6, Action::Discard("AS".parse().unwrap())));
        let again = parse(&write(&saved)).unwrap();
        assert_eq!(
            again.moves.iter().map(|m| m.1).collect::<Vec<_>>(),
            saved.moves.iter().map(|m| m.1).collect::<Vec<_>>()
        );
        assert_eq!(
            (again.seed, again.round, again.scores, again.kinds),
            (saved.seed, saved.round, saved.scores, saved.kinds)
        );
    }

    #[test]
    fn says_what_is_wrong_and_where() {
        let cases = [
            (EXAMPLE.replace("seed 6788", "seed x"), "line 1"),
            (EXAMPLE.replace("round 1", "round 0"), "line 2"),
            (EXAMPLE.replace("scores 0 0 0 0", "scores 0 0 0"), "line 3"),
            (
                EXAMPLE.replace("scores 0 0 0 0", "scores 0 90 0 0"),
                "already over",
            ),
            (
                EXAMPLE.replace("players h h h h", "players h h x h"),
                "line 4",
            ),
            (EXAMPLE.replace("discard AS", "discard 1S"), "line 6"),
            (EXAMPLE.replace("discard AS", "fold AS"), "line 6"),
            ("seed 1\n".to_string(), "ends before its 'round'"),
        ];
        for (text, says) in cases {
            let error = parse(&text).unwrap_err();
            assert!(
                error.to_string().contains(says),
                "{error} should say {says}"
            );
        }
    }
}
