//! `straights [seed] [saved-game]` (handout 5.1 and 7).

use std::ffi::OsString;
use std::path::PathBuf;

pub const USAGE: &str = "Usage: straights [seed] [saved-game-file]";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    /// `None`: seed from the clock, as the handout's shuffle.cc does.
    pub seed: Option<u32>,
    pub file: Option<PathBuf>,
}

/// What the command line asks for: a game, or the usage (`--help`, `-h`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Play(Args),
    Help,
}

/// One argument is a seed if `std::stoi` would read it, else a saved-game file; two are
/// a seed and a file. A number out of `stoi`'s range is an error, not a file name.
/// A command line the program does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgsError {
    /// A seed past what `std::stoi` reads.
    #[error("seed '{0}' is out of range: -2147483648 to 4294967295")]
    SeedOutOfRange(String),
    /// A first of two arguments that is no seed.
    #[error("seed '{0}' is not an integer")]
    NotASeed(String),
    /// More than a seed and a file.
    #[error("too many arguments")]
    TooMany,
}

pub fn parse(args: &[OsString]) -> Result<Request, ArgsError> {
    let text = |a: &OsString| a.to_string_lossy().into_owned();
    let seed = |a: &OsString| {
        let text = text(a);
        match stoi(&text) {
            Some(seed) => Ok(Some(seed)),
            None if is_numeral(&text) => Err(ArgsError::SeedOutOfRange(text)),
            None => Ok(None),
        }
    };
    Ok(Request::Play(match args {
        [one] if one == "--help" || one == "-h" => return Ok(Request::Help),
        [] => Args {
            seed: None,
            file: None,
        },
        [one] => match seed(one)? {
            Some(seed) => Args {
                seed: Some(seed),
                file: None,
            },
            None => Args {
                seed: None,
                file: Some(PathBuf::from(one)),
            },
        },
        [first, file] => {
            let seed = seed(first)?.ok_or_else(|| ArgsError::NotASeed(text(first)))?;
            Args {
                seed: Some(seed),
                file: Some(PathBuf::from(file)),
            }
        }
        _ => return Err(ArgsError::TooMany),
    }))
}

/// Whether `text` starts as `stoi` reads numbers: white space, a sign, a digit.
fn is_numeral(text: &str) -> bool {
    let text = text.trim_start();
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    digits.starts_with(|c: char| c.is_ascii_digit())
}

/// `std::stoi` then the cast to `unsigned` of shuffle.cc: leading white space, a sign,
/// digits up to the first non-digit (`44abc` is 44); `-1` becomes 4294967295. Where
/// `stoi` would throw (above `INT_MAX`), values up to 4294967295 are taken as they are.
pub fn stoi(text: &str) -> Option<u32> {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits: String = digits.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let magnitude: i64 = digits
        .parse()
        .ok()
        .filter(|&m: &i64| m <= i64::from(u32::MAX))?;
    match (negative, magnitude) {
        (true, m) if m <= 1 << 31 => Some((-m) as i32 as u32),
        (true, _) => None,
        (false, m) => u32::try_from(m).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stoi_reads_like_the_cpp_library() {
        assert_eq!(stoi("44"), Some(44));
        assert_eq!(stoi("44abc"), Some(44));
        assert_eq!(stoi(" 7"), Some(7));
        assert_eq!(stoi("-1"), Some(u32::MAX));
        assert_eq!(stoi("2147483647"), Some(2_147_483_647));
        assert_eq!(
            stoi("4294967295"),
            Some(u32::MAX),
            "stoi would throw; taken as unsigned"
        );
        assert_eq!(stoi("4294967296"), None);
        assert_eq!(stoi("-2147483649"), None);
        assert_eq!(stoi("abc"), None);
        assert_eq!(stoi(""), None);
    }

    #[test]
    fn arguments_are_a_seed_then_a_file() {
        let os = |s: &[&str]| s.iter().map(OsString::from).collect::<Vec<_>>();
        let play = |s: &[&str]| match parse(&os(s)) {
            Ok(Request::Play(args)) => args,
            other => panic!("{s:?}: {other:?}"),
        };
        assert_eq!(play(&[]).seed, None);
        assert_eq!(play(&["6788"]).seed, Some(6788));
        assert_eq!(play(&["game.txt"]).file, Some(PathBuf::from("game.txt")));
        assert_eq!(parse(&os(&["--help"])), Ok(Request::Help));
        for big in ["99999999999", "-99999999999", "4294967296"] {
            let error = parse(&os(&[big])).unwrap_err();
            assert_eq!(error, ArgsError::SeedOutOfRange(big.to_string()));
        }
        let both = play(&["1", "game.txt"]);
        assert_eq!(
            (both.seed, both.file),
            (Some(1), Some(PathBuf::from("game.txt")))
        );
        assert!(parse(&os(&["x", "game.txt"])).is_err());
        assert!(parse(&os(&["1", "2", "3"])).is_err());
    }
}
