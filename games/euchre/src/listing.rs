//! What Euchre declares of itself for the catalogue.

use table::{Listed, Listing};

use crate::{Game, Rules};

impl Listed for Game {
    const LISTING: Listing = Listing {
        name: "euchre",
        title: "Euchre",
        seats: 4,
        seats_option: None,
        lowest_wins: false,
        players: &[
            "beginner", "easy", "medium", "hard", "expert", "random", "handout", "simple",
            "strong", "learned",
        ],
        // A hand is worth 1 to 4 points to a side.
        cost_scale: [0.1, 0.3, 0.6],
        variants: &Rules::NAMES,
    };

    fn preset(variant: &str, points_to_win: u32) -> Option<Rules> {
        Rules::named(variant, points_to_win)
    }

    fn under(rules: Rules) -> Game {
        Game::new(rules)
    }
}
