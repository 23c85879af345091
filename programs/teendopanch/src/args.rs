//! `teendopanch.exe PACK [shuffle|noshuffle] POINTS NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3`.

use std::ffi::OsString;

use textio::eecs280::atoi;

/// The handout's usage line, verbatim (it names a fourth player the game does not have).
pub const USAGE: &str = "Usage: teendopanch.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Simple,
    Human,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub pack: OsString,
    pub shuffle: bool,
    pub points_to_win: u32,
    pub seats: [(String, Kind); 3],
}

/// Checks, in order: ten arguments with the program name, the shuffle word, points 1–100 (read like `atoi`),
/// and each player type. `args` excludes `argv[0]`; `None` means "print the usage".
pub fn parse(args: &[OsString]) -> Option<Args> {
    if args.len() != 9 {
        return None;
    }
    let shuffle = match args[1].to_str()? {
        "shuffle" => true,
        "noshuffle" => false,
        _ => return None,
    };
    let points = atoi(&args[2].to_string_lossy());
    if !(1..=100).contains(&points) {
        return None;
    }
    let seat = |i: usize| -> Option<(String, Kind)> {
        let kind = match args[4 + 2 * i].to_str()? {
            "Simple" => Kind::Simple,
            "Human" => Kind::Human,
            _ => return None,
        };
        Some((args[3 + 2 * i].to_string_lossy().into_owned(), kind))
    };
    Some(Args {
        pack: args[0].clone(),
        shuffle,
        points_to_win: points as u32,
        seats: [seat(0)?, seat(1)?, seat(2)?],
    })
}

/// Which rules to play: `TEENDOPANCH_RULES` is `handout` (the default) or `reference`.
pub fn rules_mode(value: Option<&str>, points: u32) -> Result<rules::Rules, String> {
    match value {
        None | Some("handout") => Ok(rules::Rules::handout(points)),
        Some("reference") => Ok(rules::Rules::reference(points)),
        Some(other) => Err(format!(
            "TEENDOPANCH_RULES must be 'handout' or 'reference', not '{other}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &str) -> Vec<OsString> {
        args.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn accepts_three_players_and_refuses_the_rest() {
        let args = parse(&os("pack.in shuffle 10 A Simple B Human C Simple")).unwrap();
        assert_eq!(args.seats[1], ("B".to_string(), Kind::Human));
        assert_eq!(
            parse(&os("pack.in noshuffle 5x A Simple B Simple C Simple"))
                .unwrap()
                .points_to_win,
            5
        );
        for bad in [
            "pack.in noshuffle 1 A Simple B Simple C Simple D Simple",
            "pack.in noshuffle 1 A Simple B Simple C",
            "pack.in shuffled 1 A Simple B Simple C Simple",
            "pack.in noshuffle 0 A Simple B Simple C Simple",
            "pack.in noshuffle abc A Simple B Simple C Simple",
            "pack.in noshuffle 1 A simple B Simple C Simple",
        ] {
            assert_eq!(parse(&os(bad)), None, "{bad}");
        }
    }

    #[test]
    fn the_rules_come_from_the_environment() {
        assert_eq!(rules_mode(None, 3), Ok(rules::Rules::handout(3)));
        assert_eq!(
            rules_mode(Some("reference"), 3),
            Ok(rules::Rules::reference(3))
        );
        assert!(rules_mode(Some("Reference"), 3).is_err());
    }
}
