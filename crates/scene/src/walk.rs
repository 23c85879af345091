//! A random game of any rules, position by position, as every recipient is shown it:
//! what the property tests of the scene and of the faces walk.

use catalogue::{AnyAction, Roster, Ruleset};
use table::{Progress, Turn};

use crate::{Nameplate, Shown, WithGame};

/// One position of a [`walk`]: whose turn, the legal actions, the winners once over, and
/// what any seat or a spectator is shown.
pub struct Waypoint<'a> {
    /// Whose turn it is.
    pub turn: Turn,
    /// The legal actions of the seat to act (none at a deal or the end).
    pub legal: Vec<AnyAction>,
    /// Whether each seat won, once the game is over (else empty).
    pub winners: Vec<bool>,
    /// How many seats.
    pub seats: usize,
    shown: &'a dyn Fn(Option<usize>) -> Shown,
}

impl Waypoint<'_> {
    /// What `to` (a seat, or `None` for a spectator) is shown here.
    pub fn shown(&self, to: Option<usize>) -> Shown {
        (self.shown)(to)
    }
}

/// Plays a game of `rules` with random legal actions from `seed`, its deals shuffled from
/// `seed`, until it is over or `limit` steps were taken, showing `visit` every position
/// on the way, the last included. The seats are named `Seat 1`, `Seat 2`, ….
pub fn walk(rules: &Ruleset, seed: u64, limit: usize, visit: impl FnMut(&Waypoint)) {
    struct Walk<'v>(u64, usize, u32, &'v mut dyn FnMut(&Waypoint));
    impl WithGame for Walk<'_> {
        type Output = ();
        fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) {
            let Walk(seed, limit, points, visit) = self;
            let game = new();
            let nameplates: Vec<Nameplate> = (1..=game.seats())
                .map(|n| Nameplate::computer(format!("Seat {n}")))
                .collect();
            let mut progress = Progress::new(game, seed, Vec::new()).expect("no prescribed deal");
            table::check::walk(&mut progress, !seed, limit, |progress| {
                let (game, turn) = (progress.game(), progress.turn());
                let mut legal = Vec::new();
                if let Turn::Seat(_) = turn {
                    game.legal_actions(&mut legal);
                }
                visit(&Waypoint {
                    turn,
                    legal: legal.into_iter().map(G::any).collect(),
                    winners: if turn == Turn::Over {
                        game.winners()
                    } else {
                        Vec::new()
                    },
                    seats: game.seats(),
                    shown: &|to| crate::shown(progress, to, &nameplates, points),
                });
            });
        }
    }
    let mut visit = visit;
    rules.with_game(Walk(seed, limit, rules.points(), &mut visit));
}
