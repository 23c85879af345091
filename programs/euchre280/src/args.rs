//! The handout's command line: `euchre.exe PACK [shuffle|noshuffle] POINTS (NAME TYPE) x4`.

use std::ffi::OsString;

use textio::eecs280::atoi;

/// The exact usage line of the handout (printed to standard output, exit status 1).
pub const USAGE: &str = "Usage: euchre.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";

/// Who sits in a seat, as the TYPE argument names it.
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
    pub seats: [(String, Kind); 4],
}

/// Checks the arguments in the handout's order: count, shuffle word, points, types.
/// `args` excludes `argv[0]`. Any failure means "print the usage line".
pub fn parse(args: &[OsString]) -> Option<Args> {
    if args.len() != 11 {
        return None;
    }
    let shuffle = match args[1].to_str()? {
        "shuffle" => true,
        "noshuffle" => false,
        _ => return None,
    };
    let points_to_win = atoi(&args[2].to_string_lossy());
    if !(1..=100).contains(&points_to_win) {
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
        points_to_win: points_to_win as u32,
        seats: [seat(0)?, seat(1)?, seat(2)?, seat(3)?],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &str) -> Vec<OsString> {
        args.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn accepts_the_handouts_example() {
        let args = parse(&os(
            "pack.in shuffle 10 Alice Simple Bob Simple Cathy Simple Drew Human",
        ))
        .unwrap();
        assert!(args.shuffle);
        assert_eq!(args.points_to_win, 10);
        assert_eq!(args.seats[3], ("Drew".to_string(), Kind::Human));
    }

    #[test]
    fn rejects_each_error_the_handout_lists() {
        for bad in [
            "pack.in shuffle 10 A Simple B Simple C Simple D",
            "pack.in shuffel 10 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 0 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 101 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 10 A Simple B Robot C Simple D Simple",
            "pack.in shuffle 10 A simple B Simple C Simple D Simple",
        ] {
            assert_eq!(parse(&os(bad)), None, "{bad}");
        }
    }
}
