//! What makes two failures "the same way", for the report's groups and for shrinking:
//! the category, the kind, and the first differing line as the reference printed it and as
//! the program did, each with the case's own words masked — its names and numbers (the
//! points, the seed), and every card, whichever of a handout's spellings (`TH`, `Ten of
//! Hearts`) — so one fault is one group whatever card or name it fell on, and two faults
//! are two groups, each shrunk to its own smallest case. A crash, a hang or a flood is
//! one way whatever line it stopped at.

use serde::Serialize;

use crate::case::Category;
use crate::check::Checked;
use crate::compare::FailureKind;

/// A failure's way (see the module).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SameWay {
    /// The case's category.
    pub category: Category,
    /// How it failed.
    pub kind: FailureKind,
    /// The reference's first differing line, masked (`None` past its end, or for a
    /// failure with no line of its own: a crash, a hang, a flood).
    pub expected: Option<String>,
    /// The program's line there, masked (`None` past its end).
    pub got: Option<String>,
}

impl SameWay {
    /// The way `checked` failed; it must have.
    pub fn of(checked: &Checked) -> SameWay {
        let failure = checked.failure.as_ref().expect("a failure");
        let args = &checked.case.args;
        let (expected, got) = match &failure.difference {
            Some(d) if matches!(failure.kind, FailureKind::Output | FailureKind::Status) => (
                d.expected.as_deref().map(|l| masked(l, args)),
                d.got.as_deref().map(|l| masked(l, args)),
            ),
            _ => (None, None),
        };
        SameWay {
            category: checked.case.category,
            kind: failure.kind,
            expected,
            got,
        }
    }
}

/// `line` with each of the case's own words masked as `*`: an argument of the case (a
/// name, the points), a word with a digit, a card or a card's rank or suit in words.
/// Spacing is not kept: a line's spaces are a fault's detail, not another fault.
pub fn masked(line: &str, args: &[String]) -> String {
    let own = |word: &str| {
        args.iter().any(|a| a == word) || word.chars().any(|c| c.is_ascii_digit()) || card(word)
    };
    (line.split_whitespace())
        .map(|word| {
            let core = word.trim_end_matches(['.', ',', '!', '?', ':', ';']);
            match own(core) || own(word) {
                true => format!("*{}", &word[core.len()..]),
                false => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `word` is a card as a handout spells it (`TH`, `QS`; EECS 280's `Ten`, `Hearts`).
fn card(word: &str) -> bool {
    const RANKS: [&str; 13] = [
        "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
        "King", "Ace",
    ];
    const SUITS: [&str; 4] = ["Spades", "Hearts", "Clubs", "Diamonds"];
    let code = word.as_bytes();
    let short =
        code.len() == 2 && b"23456789TJQKA".contains(&code[0]) && b"CDHS".contains(&code[1]);
    short || RANKS.contains(&word) || SUITS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;
    use crate::compare::compare;
    use crate::handout::Handout;
    use crate::run::{Ending, Limits, Run};
    use std::time::Duration;

    /// A check of a case named by `args` whose reference printed `expected` and the
    /// program `got`.
    fn checked(args: &[&str], expected: &str, got: &str) -> Checked {
        let run = |out: &str| Run {
            ending: Ending::Exited { status: 0 },
            stdout: out.as_bytes().to_vec(),
            stderr: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let (reference, program) = (run(expected), run(got));
        Checked {
            case: Case {
                handout: Handout::Eecs280Euchre,
                category: Category::Computers,
                args: args.iter().map(|a| a.to_string()).collect(),
                files: Vec::new(),
                stdin: Vec::new(),
                size: Default::default(),
            },
            failure: compare(&reference, &program),
            reference,
            program,
            limits: Limits {
                timeout: Duration::from_secs(2),
                memory: None,
                output: 1 << 20,
                file_size: 1 << 20,
            },
        }
    }

    #[test]
    fn failures_are_the_same_way_whatever_the_cases_own_words() {
        // A game to 1 point, unshuffled, for two Simple players, Cathy and Zoe.
        const CATHY_AND_ZOE: [&str; 7] = [
            "pack.in",
            "noshuffle",
            "1",
            "Cathy",
            "Simple",
            "Zoe",
            "Simple",
        ];
        // Two games whose last line differs the same way, by other names and points.
        let one = checked(
            &CATHY_AND_ZOE,
            "Cathy and Zoe win!\n",
            "Cathy and Zoe win! \n",
        );
        let two = checked(
            &["pack.in", "shuffle", "7", "A", "Simple", "B", "Simple"],
            "x\nA and B win!\n",
            "x\nA and B win! \n",
        );
        assert_eq!(SameWay::of(&one), SameWay::of(&two));
        // A score line is another way; so is a line the program never printed.
        let score = checked(
            &["pack.in", "shuffle", "9", "A", "Simple", "B", "Simple"],
            "A and B have 9 points\n",
            "A and B have 9  points\n",
        );
        assert_ne!(SameWay::of(&one), SameWay::of(&score));
        // The same score line where the points are also the points to win (an argument).
        let again = checked(
            &["pack.in", "shuffle", "8", "C", "Simple", "D", "Simple"],
            "C and D have 8 points\n",
            "C and D have 8  points\n",
        );
        assert_eq!(SameWay::of(&score), SameWay::of(&again));
        let silent = checked(&CATHY_AND_ZOE, "Cathy and Zoe win!\n", "");
        assert_ne!(SameWay::of(&one), SameWay::of(&silent));
    }

    #[test]
    fn a_fault_is_one_way_whatever_card_it_fell_on_and_two_faults_are_two() {
        // A dealer's wrong discard, on two deals (CS 246's cards, EECS 280's words).
        let args = ["pack.in", "noshuffle", "3", "A", "Simple", "B", "Simple"];
        let one = checked(&args, "B discards TH.\n", "B discards JD.\n");
        let two = checked(&args, "B discards 9S.\n", "B discards AC.\n");
        assert_eq!(SameWay::of(&one), SameWay::of(&two));
        let words = checked(&args, "B plays Nine of Spades\n", "B plays Ace of Clubs\n");
        let again = checked(
            &args,
            "B plays Ten of Hearts\n",
            "B plays Jack of Diamonds\n",
        );
        assert_eq!(SameWay::of(&words), SameWay::of(&again));
        // A wrong score is another fault than a wrong card, whatever the numbers: the
        // issue's lone march scored 2, and an unrelated card choice.
        let score = checked(
            &args,
            "Score for Team 0-2 is now 6.\n",
            "Score for Team 0-2 is now 4.\n",
        );
        let card = checked(&args, "Player 1 plays TH.\n", "Player 1 plays JD.\n");
        assert_ne!(SameWay::of(&score), SameWay::of(&card));
        // The program's line counts too: a card where a score was due is another fault.
        let other = checked(
            &args,
            "Score for Team 0-2 is now 6.\n",
            "Player 1 plays TH.\n",
        );
        assert_ne!(SameWay::of(&score), SameWay::of(&other));
    }
}
