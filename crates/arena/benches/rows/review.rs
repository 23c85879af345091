//! Reviews: a finished game's review of seat 0 (`scene::review`, what the coach's page
//! and the server's review return), each decision with a choice weighed by the expert.
//! No least-work review exists short of that weighing, so its cost is read in the game's
//! floor hands. The games are short (to [`POINTS`]; Straights to its fixed 80) and
//! random, from fixed seeds.

use catalogue::{Ruleset, Variant};
use rand::SeedableRng;
use research::Chance;
use table::Rng;

use crate::turnabout::Side;

/// Points to win a reviewed game: one hand or a few, so a pass lasts well under a second.
const POINTS: u32 = 1;

/// Reviews of `games` random games of `variant`, one unit a game.
pub fn side(variant: Variant, games: u64) -> Side {
    let rules = Ruleset::plain(variant, POINTS);
    let lines: Vec<String> = (1..=games).map(|seed| finished(&rules, seed)).collect();
    let count = lines.len();
    Side::passes(count, move |_, n| {
        let mut decisions = 0;
        for i in 0..n as usize {
            let review = scene::review(&lines[i % count], 0).expect("a finished game reviews");
            decisions += review
                .hands
                .iter()
                .map(|h| h.decisions.len())
                .sum::<usize>();
        }
        decisions
    })
}

/// The record line of a random game of `rules` from `seed`, played to its end.
fn finished(rules: &Ruleset, seed: u64) -> String {
    let mut state =
        research::new_state(rules, seed, Vec::new(), Chance::Seeded).expect("a new game");
    let mut rng = Rng::seed_from_u64(!seed);
    while !state.is_over() {
        let legal = state.legal_actions();
        let id = legal[cards::shuffle::random_index(&mut rng, legal.len())];
        state.apply(id as i64).expect("a legal action");
    }
    state.record(vec!["random".to_string(); state.seats()])
}
