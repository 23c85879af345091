//! `euchre [[-d] [-s seed] [-f filename]]` (handout section 2.1).

use std::ffi::OsString;
use std::path::PathBuf;

pub const USAGE: &str = "Usage: euchre [-d] [-s seed] [-f filename]";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub debug: bool,
    pub seed: u32,
    pub file: Option<PathBuf>,
}

/// Reads the flags in any order. The seed is a C++ `int` handed to `std::mt19937`, so
/// `-1` is 4294967295; anything that is not an integer in `int` or `unsigned` range is
/// refused (the handout does not require the check).
/// A command line the program does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgsError {
    /// `-s` last.
    #[error("-s needs a seed")]
    NoSeed,
    /// A seed that is no `int` or `unsigned`.
    #[error("seed '{0}' is not an integer")]
    BadSeed(String),
    /// `-f` last.
    #[error("-f needs a file name")]
    NoFile,
    /// Anything else.
    #[error("unknown argument '{0}'")]
    Unknown(String),
}

pub fn parse(args: &[OsString]) -> Result<Args, ArgsError> {
    let mut parsed = Args::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.to_str() {
            Some("-d") => parsed.debug = true,
            Some("-s") => {
                let seed = words.next().ok_or(ArgsError::NoSeed)?.to_string_lossy();
                parsed.seed =
                    parse_seed(&seed).ok_or_else(|| ArgsError::BadSeed(seed.into_owned()))?;
            }
            Some("-f") => {
                let file = words.next().ok_or(ArgsError::NoFile)?;
                parsed.file = Some(PathBuf::from(file));
            }
            // The handout lists `./euchre -d 123` among its invocations: a bare
            // integer is taken as the seed.
            _ => match parse_seed(&word.to_string_lossy()) {
                Some(seed) => parsed.seed = seed,
                None => return Err(ArgsError::Unknown(word.to_string_lossy().into_owned())),
            },
        }
    }
    Ok(parsed)
}

/// A seed as `std::mt19937` receives an `int`: negative values wrap to `unsigned`.
pub fn parse_seed(text: &str) -> Option<u32> {
    let value: i64 = text.parse().ok()?;
    if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&value) {
        Some(value as u32)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Args, ArgsError> {
        parse(
            &text
                .split_whitespace()
                .map(OsString::from)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn reads_the_handouts_invocations() {
        assert_eq!(parse_str(""), Ok(Args::default()));
        assert!(parse_str("-d").unwrap().debug);
        assert_eq!(parse_str("-s 123").unwrap().seed, 123);
        let all = parse_str("-d -s 123 -f saved-game.txt").unwrap();
        assert!(all.debug);
        assert_eq!(all.file, Some(PathBuf::from("saved-game.txt")));
    }

    #[test]
    fn a_bare_number_is_the_seed_as_in_the_handouts_list() {
        let args = parse_str("-d 123").unwrap();
        assert!(args.debug);
        assert_eq!(args.seed, 123);
    }

    #[test]
    fn minus_one_is_the_largest_seed() {
        assert_eq!(parse_str("-s -1").unwrap().seed, u32::MAX);
    }

    #[test]
    fn refuses_bad_arguments() {
        for bad in ["-s", "-s x", "-f", "-x", "-d x", "-s 99999999999"] {
            assert!(parse_str(bad).is_err(), "{bad}");
        }
    }
}
