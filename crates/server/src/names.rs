//! The names people give in `hello`, made fit to show at a table: what cannot be drawn
//! or reorders what follows it is removed, stacks of combining marks are cut, and names
//! that read as the faces' own words ("You", "Computer 2 (strong)", "Seat 3") are
//! refused, so no log can say "You plays 10♣" of somebody else.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The most characters a name keeps.
pub const MOST: usize = 32;

/// The most combining marks kept on one character.
const MARKS: usize = 2;

/// What a name may not read as (compared without case): the words faces put beside or
/// in place of a name.
const FACES_WORDS: [&str; 8] = [
    "you",
    "north",
    "south",
    "east",
    "west",
    "dealer",
    "spectator",
    "autopilot",
];

/// Why a name is refused.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("the name {0:?} reads as the table's own words (You, Computer N, Seat N, a compass point): choose another")]
pub struct Impersonation(pub String);

/// `given` made fit to show: control and format characters (bidi overrides and isolates,
/// zero-width characters, NUL, BEL) removed, each run of spaces and line breaks one
/// space, at most two combining marks on a character, at most [`MOST`] characters;
/// "Player" when nothing is left. Refused when it reads as a face's words.
pub fn clean(given: &str) -> Result<String, Impersonation> {
    let mut name = String::new();
    let mut marks = 0;
    for c in given.chars() {
        if c.is_whitespace() {
            marks = 0;
            if !name.is_empty() && !name.ends_with(' ') {
                name.push(' ');
            }
            continue;
        }
        match c.general_category() {
            GeneralCategory::Control | GeneralCategory::Format => continue,
            GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark => {
                if marks >= MARKS || name.is_empty() || name.ends_with(' ') {
                    continue;
                }
                marks += 1;
                name.push(c);
            }
            _ => {
                marks = 0;
                name.push(c);
            }
        }
    }
    let name: String = name.trim_end().chars().take(MOST).collect();
    let name = name.trim_end().to_string();
    if name.is_empty() {
        return Ok("Player".into());
    }
    if impersonates(&name) {
        return Err(Impersonation(name));
    }
    Ok(name)
}

/// Whether `name` reads as one of the faces' own words.
fn impersonates(name: &str) -> bool {
    let lower = name.to_lowercase();
    let numbered = |word: &str| {
        lower
            .strip_prefix(word)
            .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    };
    FACES_WORDS.contains(&lower.as_str())
        || lower.starts_with("computer")
        || numbered("seat")
        || numbered("player")
}

/// What makes two names one name on a server of accounts (issue 58): equal keys. Case
/// is ignored and so is a letter that looks like another, by Unicode's confusable
/// skeleton (UTS #39: the name decomposed, invisible characters dropped, each character
/// replaced by its prototype in confusables.txt), so `Ada` and `Аda` (a Cyrillic А) or
/// `Sam` and `Sarn` cannot both be taken.
pub fn key(name: &str) -> String {
    let folded = name.to_lowercase();
    let skeleton: String = unicode_security::skeleton(&folded).collect();
    skeleton.to_lowercase()
}

#[cfg(test)]
mod tests {

    /// UTS #39's confusables.txt maps CYRILLIC CAPITAL LETTER A (U+0410) and CYRILLIC
    /// SMALL LETTER A (U+0430) to LATIN a, DIGIT ONE to l, and m to "rn"; case is folded.
    #[test]
    fn names_that_look_alike_or_differ_only_in_case_are_one_name() {
        for (a, b) in [
            ("Ada", "\u{410}da"),
            ("paypal", "p\u{430}yp\u{430}l"),
            ("Ada", "ADA"),
            ("Bill", "Bi11"),
            ("Sam", "Sarn"),
        ] {
            assert_eq!(key(a), key(b), "{a:?} and {b:?}");
        }
        for (a, b) in [("Ada", "Adam"), ("Ada", "Eda"), ("Cy", "Cz")] {
            assert_ne!(key(a), key(b), "{a:?} and {b:?}");
        }
    }
    use super::*;

    /// Issue 40, item 7: NUL, BEL, newlines, a right-to-left override and 32 combining
    /// marks were kept.
    #[test]
    fn what_cannot_be_drawn_or_reorders_text_is_removed() {
        assert_eq!(clean("A\u{0}d\u{7}a").unwrap(), "Ada");
        assert_eq!(clean("Ada\n\nLovelace\t").unwrap(), "Ada Lovelace");
        // U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+200B ZERO
        // WIDTH SPACE.
        assert_eq!(clean("\u{202E}evil\u{2066}\u{200B}").unwrap(), "evil");
        let zalgo = format!("Z{}", "\u{0301}".repeat(32));
        assert_eq!(clean(&zalgo).unwrap(), "Z\u{0301}\u{0301}");
        // Accented letters written with a combining mark keep it.
        assert_eq!(clean("Zoe\u{0308}").unwrap(), "Zoe\u{0308}");
        assert_eq!(clean("Łukasz 李 🂡").unwrap(), "Łukasz 李 🂡");
        assert_eq!(clean(&"x".repeat(40)).unwrap().chars().count(), MOST);
        assert_eq!(clean(" \u{202E}\u{0} ").unwrap(), "Player");
    }

    /// "You" and "Computer 2 (strong)" were accepted: the other player's log then read
    /// "You plays 10♣".
    #[test]
    fn names_that_read_as_the_faces_words_are_refused() {
        for name in [
            "You",
            "YOU",
            " you ",
            "y\u{200B}ou",
            "Computer 2 (strong)",
            "computer",
            "Seat 3",
            "Seat 1 (open)",
            "Player 2",
            "East",
        ] {
            assert!(clean(name).is_err(), "{name:?}");
        }
        for name in ["Yousef", "Eastwood", "Seated Sam", "Ada", "Player"] {
            assert!(clean(name).is_ok(), "{name:?}");
        }
    }
}
