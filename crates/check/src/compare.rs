//! A run against the reference's run of the same case: passed, or the way it failed and
//! its first difference as `sdiff` shows it.

use serde::Serialize;

use crate::run::{Ending, Run};

/// How a case failed. Shrinking keeps a smaller case only when it fails the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// Standard output differs.
    Output,
    /// The output matches but the exit status does not.
    Status,
    /// Killed by a signal (a crash).
    Crashed,
    /// Stopped at the time limit.
    TimedOut,
    /// Stopped for writing more than the output limit.
    Flooded,
    /// Could not be started.
    Unstartable,
}

impl FailureKind {
    /// In words, for the report.
    pub fn words(self) -> &'static str {
        match self {
            FailureKind::Output => "output differs",
            FailureKind::Status => "exit status differs",
            FailureKind::Crashed => "crashed",
            FailureKind::TimedOut => "timed out",
            FailureKind::Flooded => "flooded its output",
            FailureKind::Unstartable => "could not be started",
        }
    }
}

/// The first place the output differs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Its line number, from 1.
    pub line: usize,
    /// The reference's line there (`None` past its end), at most [`QUOTED`] characters
    /// and the rest counted.
    pub expected: Option<String>,
    /// The program's line there (`None` past its end), bounded as `expected` is.
    pub got: Option<String>,
    /// The lines around it side by side, as `sdiff` shows them: the reference's on the
    /// left, the program's on the right, `|` where they differ, `<` and `>` where one
    /// side has no line.
    pub window: String,
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The way it failed.
    pub kind: FailureKind,
    /// The first difference in the output, where there is one.
    pub difference: Option<Difference>,
}

/// The program's run against the reference's: `None` when they match byte for byte,
/// output and exit status.
pub fn compare(reference: &Run, program: &Run) -> Option<Failure> {
    let kind = match program.ending {
        // Ended as the reference ends (the author's Teen Do Panch aborts on an unknown
        // player type): its output and status are compared like an exit's.
        Ending::Signal { .. } if program.ending == reference.ending => None,
        Ending::Signal { .. } => Some(FailureKind::Crashed),
        Ending::TimedOut => Some(FailureKind::TimedOut),
        Ending::Flooded => Some(FailureKind::Flooded),
        Ending::Unstartable { .. } => Some(FailureKind::Unstartable),
        Ending::Exited { .. } => None,
    };
    let difference = first_difference(&reference.stdout, &program.stdout);
    let kind = match kind {
        Some(kind) => kind,
        None if difference.is_some() => FailureKind::Output,
        None if program.ending != reference.ending => FailureKind::Status,
        None => return None,
    };
    Some(Failure { kind, difference })
}

/// Lines shown on each side of the first difference.
const CONTEXT: usize = 3;
/// Columns each side gets in the window.
const SIDE: usize = 40;

/// The first line where `got` differs from `expected`, with its window.
pub fn first_difference(expected: &[u8], got: &[u8]) -> Option<Difference> {
    if expected == got {
        return None;
    }
    let expected = lines(expected);
    let got = lines(got);
    let at = (0..expected.len().max(got.len()))
        .find(|&i| expected.get(i) != got.get(i))
        .unwrap_or(0);
    let from = at.saturating_sub(CONTEXT);
    let to = (at + CONTEXT + 1).min(expected.len().max(got.len()));
    let mut window = format!("{:>6}  {:<SIDE$}   {}\n", "line", "expected", "got");
    for i in from..to {
        let (left, right) = (expected.get(i), got.get(i));
        let mark = match (left, right) {
            (Some(a), Some(b)) if a == b => ' ',
            (Some(_), Some(_)) => '|',
            (Some(_), None) => '<',
            _ => '>',
        };
        let shown = |line: Option<&String>| line.map(|l| visible(l)).unwrap_or_default();
        window.push_str(&format!(
            "{:>6}  {:<SIDE$} {mark} {}\n",
            i + 1,
            clip(&shown(left)),
            clip(&shown(right))
        ));
    }
    Some(Difference {
        line: at + 1,
        expected: expected.get(at).map(|l| quoted(l)),
        got: got.get(at).map(|l| quoted(l)),
        window,
    })
}

/// The most characters of a differing line a report quotes: a line of megabytes is
/// quoted by its start, and the rest counted.
pub const QUOTED: usize = 200;

/// `line` as a report quotes it: whole up to [`QUOTED`] characters, else its start and
/// `… (N more characters)`.
pub fn quoted(line: &str) -> String {
    let mut chars = line.chars();
    let start: String = chars.by_ref().take(QUOTED).collect();
    match chars.count() {
        0 => start,
        more => format!("{start}… ({more} more characters)"),
    }
}

/// The text split into lines, each with its line ending: a missing last newline, or a
/// `\r`, is a difference a person should see.
fn lines(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .split_inclusive('\n')
        .map(str::to_string)
        .collect()
}

/// A line as the window shows it: the newline dropped, a missing one said, and spaces at
/// its end, tabs and carriage returns made visible.
fn visible(line: &str) -> String {
    let (body, ended) = match line.strip_suffix('\n') {
        Some(body) => (body, true),
        None => (line, false),
    };
    let trimmed = body.trim_end_matches(' ');
    let mut shown = trimmed.replace('\t', "→").replace('\r', "␍");
    shown.push_str(&"·".repeat(body.len() - trimmed.len()));
    if !ended {
        shown.push_str("(no newline)");
    }
    shown
}

fn clip(text: &str) -> String {
    if text.chars().count() <= SIDE {
        return text.to_string();
    }
    let mut clipped: String = text.chars().take(SIDE - 1).collect();
    clipped.push('…');
    clipped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_is_the_line_a_person_would_point_at() {
        let expected = b"a\nb\nc\nd\ne\nf\ng\nh\n";
        let got = b"a\nb\nc\nd\nE\nf\ng\nh\n";
        let d = first_difference(expected, got).unwrap();
        assert_eq!(d.line, 5);
        assert_eq!(d.expected.as_deref(), Some("e\n"));
        assert_eq!(d.got.as_deref(), Some("E\n"));
        let rows: Vec<&str> = d.window.lines().collect();
        // A heading, then lines 2 to 8: three each side of line 5.
        assert_eq!(rows.len(), 8);
        assert!(rows[1].starts_with("     2  b"), "{}", d.window);
        assert!(rows[4].contains(" | E"), "{}", d.window);
    }

    #[test]
    fn a_trailing_space_and_a_missing_line_are_shown() {
        let d = first_difference(b"x\ny\n", b"x\ny \n").unwrap();
        assert_eq!(d.line, 2);
        assert!(d.window.contains("y·"), "{}", d.window);
        let d = first_difference(b"x\ny\n", b"x\n").unwrap();
        assert_eq!((d.line, d.got), (2, None));
        assert!(
            d.window.lines().last().unwrap().contains(" <"),
            "{}",
            d.window
        );
        let d = first_difference(b"x\n", b"x").unwrap();
        assert!(d.window.contains("(no newline)"), "{}", d.window);
    }
}
