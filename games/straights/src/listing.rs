//! What Straights declares of itself for the catalogue.

use table::{Listed, Listing};

use crate::{Game, Rules};

impl Listed for Game {
    const LISTING: Listing = Listing {
        name: "straights",
        title: "Straights",
        seats: 4,
        seats_option: Some("players"),
        // The CS 246 handout, 5.6 Scoring: "The player with the lowest score wins."
        lowest_wins: true,
        players: &[
            "beginner", "easy", "medium", "hard", "expert", "random", "handout", "strong",
        ],
        // A round hands out tens of points.
        cost_scale: [1.0, 3.0, 6.0],
        variants: &["cs246"],
    };

    /// The handout's rules: a game ends when a player reaches 80 points
    /// (`points_to_win` does not apply).
    fn preset(variant: &str, _points_to_win: u32) -> Option<Rules> {
        (variant == "cs246").then_some(Rules::HANDOUT)
    }

    fn under(rules: Rules) -> Game {
        Game::with_rules(rules)
    }
}
