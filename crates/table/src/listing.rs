//! What a game declares of itself for the catalogue, as data in its own crate: its names,
//! its seats, how its winner is told, its computer players' names, its rules variants and
//! how to build it under them. The catalogue's one registration line per game reads it,
//! so nothing above the games keeps a list of any game's facts.

use crate::Game;

/// A game's facts, as the catalogue lists them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Listing {
    /// The name commands and records use: `euchre`, `straights`, `teendopanch`.
    pub name: &'static str,
    /// The name people read: `Euchre`, `Straights`, `Teen Do Panch`.
    pub title: &'static str,
    /// How many seats the game has under its default rules.
    pub seats: usize,
    /// The house option whose value is how many sit, where the rules let it change
    /// (Straights' `players`).
    pub seats_option: Option<&'static str>,
    /// Whether the lowest score wins (Straights): the order of the game's standings, and
    /// which way a margin in points counts.
    pub lowest_wins: bool,
    /// The computer players' names (`strong:N` besides): the named levels, weakest first,
    /// then the players by kind.
    pub players: &'static [&'static str],
    /// What a choice must give up against the strong player's pick, in that player's
    /// unit, to be an inaccuracy, a mistake and a blunder (the review's verdicts; the
    /// named levels err on the same scale).
    pub cost_scale: [f64; 3],
    /// The rules variants' names, as `--rules` and records spell them, the default first.
    pub variants: &'static [&'static str],
}

/// A game the catalogue can list and build: its [`Listing`], and its rules by variant.
pub trait Listed: Game {
    /// The game's facts.
    const LISTING: Listing;

    /// The rules of `variant` (one of [`Listing::variants`]) to `points_to_win`, before
    /// any house rule; `None` for a name the game does not know.
    fn preset(variant: &str, points_to_win: u32) -> Option<Self::Rules>;

    /// A new game, before its first deal, under `rules`.
    fn under(rules: Self::Rules) -> Self;
}
