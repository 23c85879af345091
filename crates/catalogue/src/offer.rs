//! What a face offers a person choosing a table: every game with its seats, its rules
//! variants in words and whether points to win apply, and the seat kinds; and a table's
//! title in the same words as its scene's.

use serde::Serialize;

use crate::scene;
use crate::{GameKind, Roster, Variant, WithGame};

/// Every game and seat kind, for a create form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Offer {
    /// The games, in menu order.
    pub games: Vec<GameOffer>,
    /// The kinds of seat a table may have: a person, or a computer player.
    pub seats: Vec<SeatOffer>,
}

/// One game as a create form offers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOffer {
    /// `euchre`.
    pub game: GameKind,
    /// `Euchre`.
    pub title: &'static str,
    /// How many seats.
    pub seats: usize,
    /// Whether the table chooses its points to win (Straights ends at 80).
    pub points_to_win: bool,
    /// Its rules variants, the default first.
    pub variants: Vec<VariantOffer>,
}

/// A rules variant in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantOffer {
    /// As `create` names it: `eecs280`.
    pub rules: &'static str,
    /// `EECS 280 rules`.
    pub title: &'static str,
}

/// A kind of seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatOffer {
    /// As `create` names it: `open` (a person), `strong`, `handout`, `random`.
    pub kind: &'static str,
    /// `A person (open seat)`, `Computer: strong`.
    pub title: &'static str,
}

/// What a variant says of itself, read from a game of it.
struct Words(u32);

impl WithGame for Words {
    type Output = (&'static str, bool, String);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let game = new();
        (
            game.rules_words(),
            G::POINTS_TO_WIN,
            scene::title(&game, self.0),
        )
    }
}

/// Every game and seat kind.
pub fn offer() -> Offer {
    let games = GameKind::ALL
        .into_iter()
        .map(|game| {
            // What each variant says of itself: its rules' words, whether points apply.
            let variants: Vec<(Variant, (&'static str, bool, String))> = Variant::ALL
                .into_iter()
                .filter(|v| v.game() == game)
                .map(|v| (v, v.with_game(10, Words(10))))
                .collect();
            GameOffer {
                game,
                title: game.title(),
                seats: game.seats(),
                points_to_win: variants[0].1 .1,
                variants: variants
                    .into_iter()
                    .map(|(v, (title, _, _))| VariantOffer {
                        rules: v.rules(),
                        title,
                    })
                    .collect(),
            }
        })
        .collect();
    let seats = [
        ("open", "A person (open seat)"),
        ("strong", "Computer: strong"),
        ("handout", "Computer: the handout's"),
        ("random", "Computer: random"),
    ];
    Offer {
        games,
        seats: seats
            .into_iter()
            .map(|(kind, title)| SeatOffer { kind, title })
            .collect(),
    }
}

/// A table's title, as its scene's: `Euchre · EECS 280 rules · first to 10 points`.
pub fn title(variant: Variant, points_to_win: u32) -> String {
    variant.with_game(points_to_win, Words(points_to_win)).2
}
