//! Every row of the regression bench for one rules variant, each beside a reference
//! measured in the same run:
//!
//! | row | ours | reference |
//! |---|---|---|
//! | `play` | random hands through the rules core | the game's floor hand |
//! | `expert-first` | the expert's first decision with a choice in a hand | the game's floor hand |
//! | `expert-later` | one of its later decisions in the hand | the game's floor hand |
//! | `observe` | the observation tensor (research's, which Python calls) | a copy of the typed game and of a finished tensor |
//! | `snapshot` | the scene built and written as JSON | the same scene, built once, written |
//! | `review` | a finished game's review of seat 0 | the game's floor hand |
//!
//! The floor hand is the one reference every game has that no change of ours moves (see
//! `floors`): where no least-work version of a row exists short of doing the row's work
//! (the expert's search, the review's weighing of every decision), its cost is read in
//! floor hands, a unit of the machine's speed at that moment.

mod expert;
mod observe;
mod play;
mod positions;
mod review;
mod snapshot;

use catalogue::{GameKind, Ruleset, Variant, WithGameOf};
use research::Playable;

use crate::floors;
use crate::turnabout::{Row, Side};

/// Points to win every variant's games (Straights plays to 80 whatever it is told).
const POINTS: u32 = 10;

/// How much each row works over.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Games the decision, observation and snapshot positions come from (two hands each).
    pub games: u64,
    /// Games reviewed a pass.
    pub reviews: u64,
}

/// The rows of `variant`, in the order [`KINDS`] names them.
pub fn rows(variant: Variant, sizes: Sizes) -> Vec<Row> {
    Ruleset::plain(variant, POINTS).with_game_of(Rows { variant, sizes })
}

/// The kinds of row, in the order the table prints them.
pub const KINDS: [&str; 6] = [
    "play",
    "expert-first",
    "expert-later",
    "observe",
    "snapshot",
    "review",
];

struct Rows {
    variant: Variant,
    sizes: Sizes,
}

impl<G: Playable> WithGameOf<G> for Rows {
    type Output = Vec<Row>;

    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Vec<Row> {
        let Rows { variant, sizes } = self;
        let game = variant.game();
        let at = positions::positions(&new, sizes.games);
        let mut everywhere = at.first.clone();
        everywhere.extend(at.later.iter().cloned());
        let (observed, copied) = observe::sides(&new, &everywhere, POINTS);
        let (snapshots, written) = snapshot::sides(&at.later, POINTS);
        let unit = || floor(game, new.clone());
        let row = |kind: usize, reference, ours, reference_side| Row {
            name: format!("{}/{}-{}", KINDS[kind], game, variant.rules()),
            reference,
            ours,
            reference_side,
        };
        vec![
            row(0, "floor hand", play::side(new.clone()), unit()),
            row(1, "floor hand", expert::side(&new, at.first), unit()),
            row(2, "floor hand", expert::side(&new, at.later), unit()),
            row(3, "copy", observed, copied),
            row(4, "write only", snapshots, written),
            row(
                5,
                "floor hand",
                review::side(variant, sizes.reviews),
                unit(),
            ),
        ]
    }
}

/// `game`'s floor: one random hand (Straights: round) a unit, played by its hand-written
/// floor (`floors`). A game without one (a new game, until it gets one) is its own unit:
/// random hands of `new`'s game through its rules core, so its `play` row reads 1 and its
/// other rows count in its own hands.
pub fn floor<G: table::Game>(game: GameKind, new: impl Fn() -> G + 'static) -> Side {
    fn hands(n: u32, mut hand: impl FnMut() -> u32) -> usize {
        (0..n).map(|_| hand() as usize).sum()
    }
    match game {
        GameKind::Euchre => {
            let tables = floors::euchre::Tables::new();
            Side::each(move |rng, n| hands(n, || floors::euchre::hand(&tables, rng)))
        }
        GameKind::Straights => Side::each(|rng, n| hands(n, || floors::straights::round(rng))),
        GameKind::TeenDoPanch => Side::each(|rng, n| hands(n, || floors::teendopanch::hand(rng))),
        #[allow(unreachable_patterns)]
        _ => play::side(new),
    }
}
