//! What Teen Do Panch declares of itself for the catalogue.

use table::{Listed, Listing};

use crate::{Game, Rules};

impl Listed for Game {
    const LISTING: Listing = Listing {
        name: "teendopanch",
        title: "Teen Do Panch",
        seats: 3,
        seats_option: None,
        lowest_wins: false,
        players: &[
            "beginner", "easy", "medium", "hard", "expert", "random", "handout", "simple", "strong",
        ],
        // A hand's tricks are worth about a point each.
        cost_scale: [0.2, 0.5, 1.0],
        variants: &Rules::NAMES,
    };

    fn preset(variant: &str, points_to_win: u32) -> Option<Rules> {
        Rules::named(variant, points_to_win)
    }

    fn under(rules: Rules) -> Game {
        Game::new(rules)
    }
}
