//! The handout's command line: `euchre.exe PACK [shuffle|noshuffle] POINTS (NAME TYPE) x4`.

/// The exact usage line of the handout (printed to standard output, exit status 1).
pub const USAGE: &str = "Usage: euchre.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";
