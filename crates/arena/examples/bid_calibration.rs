//! How well the strong Euchre player's values for its bids foretell what the bids bring
//! in its own play, against the CS 246 computers: at each of its bids it could make, the
//! hand is played on from there twice — once after passing, once after its best bid with
//! a partner and once after its best bid alone — by the same players, and what each
//! brought is printed beside what the player expected. Every choice therefore has both
//! outcomes on the real deal, so another bidding rule can be scored on these decisions
//! exactly (for one decision at a time).
//!
//! `cargo run --release -p cardtable-arena --example bid_calibration -- GAMES SEED > bids.csv`
//!
//! One line a decision: game, seat, round (1 or 2), place from the dealer (0 the dealer, 1 on its
//! left, …), the
//! player's value for passing, for its best bid with a partner and alone, what passing
//! and each of those bids brought (the hand's points for its team less the other's;
//! empty where a bid was more than a point below passing and was not played on), and
//! which the player chose (`pass`, `bid`, `alone`). Games run on all cores.
#[path = "common/cs246_match.rs"]
mod cs246_match;

use euchre::players::Strong;
use euchre::{Action, Game, Phase, Round, Seat};
use rayon::prelude::*;
use table::search::{Advice, Advisor};
use table::{Agent, Rng, Seated};

/// Bids valued more than this below passing are not played on: the player is nowhere
/// near making them.
const FAR_BELOW: f64 = 1.0;

/// The strong player as measured here: its values in points, not weighed by the score.
fn strong() -> Strong {
    Strong::default().with_score_awareness(false)
}

/// What the rest of the hand brings seat 0's team after `action`, every seat acting as
/// itself (fresh strong players; their randomness from `rng`); nothing if the hand is
/// thrown in.
fn played_on(mut game: Game, action: Action, rng: &mut Rng) -> i32 {
    let us = Seat::new(0).team();
    let mut strongs = [strong(), strong()];
    let mut choose = |game: &Game, seat: Seat, rng: &mut Rng| {
        strongs[seat.index() / 2].act(Seated::new(game, seat.index()), rng)
    };
    // A bid or a pass: it ends no hand with a score.
    game.apply(action).expect("a legal bid");
    while !game.needs_deal() && game.hand().is_some_and(|h| h.phase() != Phase::Over) {
        if let Some(result) = cs246_match::step(&mut game, rng, &mut choose) {
            return result.margin(us);
        }
    }
    0
}

/// One bidding decision of the strong pair, and what each choice brought.
struct Record {
    game: u64,
    seat: usize,
    round: u8,
    place: usize,
    /// Value and outcome of passing, the best bid with a partner, the best alone.
    options: [(f64, Option<i32>); 3],
    chosen: &'static str,
}

/// The best bid among `advice`'s actions whose aloneness is `alone`: (action, value).
fn best_bid(advice: &Advice<Action>, alone: bool) -> Option<(Action, f64)> {
    advice
        .actions
        .iter()
        .zip(&advice.values)
        .filter(|(a, _)| match **a {
            Action::OrderUp { alone: x } | Action::Call { alone: x, .. } => x == alone,
            _ => false,
        })
        .map(|(a, v)| (*a, *v))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The strong pair's bidding decisions in game `g`, each played on both ways.
fn records(g: u64, seed: u64) -> Vec<Record> {
    let mut out = Vec::new();
    let mut strongs = [strong(), strong()];
    let choose = |game: &Game, seat: Seat, rng: &mut Rng| {
        let advice = strongs[seat.index() / 2].advise(Seated::new(game, seat.index()), rng);
        let hand = game.hand().expect("a hand is dealt");
        let round = match hand.phase() {
            Phase::Making(Round::One) => 1,
            Phase::Making(Round::Two) => 2,
            _ => return advice.chosen(),
        };
        let place = (seat.index() + 4 - hand.dealer().index()) % 4;
        if let Some(options) = played_both_ways(game, &advice, rng) {
            out.push(Record {
                game: g,
                seat: seat.index(),
                round,
                place,
                options,
                chosen: match advice.chosen() {
                    Action::Pass => "pass",
                    Action::OrderUp { alone: true } | Action::Call { alone: true, .. } => "alone",
                    _ => "bid",
                },
            });
        }
        advice.chosen()
    };
    cs246_match::play(g, seed, choose, |_| ());
    out
}

/// Passing, the best bid with a partner and the best alone, each with the player's value
/// and, unless it is far below passing, what playing on after it brought. `None` when no
/// bid is near passing (or passing is not allowed).
fn played_both_ways(
    game: &Game,
    advice: &Advice<Action>,
    rng: &mut Rng,
) -> Option<[(f64, Option<i32>); 3]> {
    let i = advice.actions.iter().position(|a| *a == Action::Pass)?;
    let pass = advice.values[i];
    let bids = [best_bid(advice, false), best_bid(advice, true)];
    if !bids.iter().flatten().any(|b| b.1 > pass - FAR_BELOW) {
        return None;
    }
    // The bids are played on with one copy of the random numbers, passing with another.
    let passed = played_on(*game, Action::Pass, &mut rng.clone());
    let mut branch = rng.clone();
    let mut outcome = |a: Action, v: f64| {
        let near = v > pass - FAR_BELOW;
        (v, near.then(|| played_on(*game, a, &mut branch)))
    };
    let none = (f64::NAN, None);
    Some([
        (pass, Some(passed)),
        bids[0].map_or(none, |(a, v)| outcome(a, v)),
        bids[1].map_or(none, |(a, v)| outcome(a, v)),
    ])
}

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.into());
    let games: u64 = arg(1, "100").parse().expect("GAMES");
    let seed: u64 = arg(2, "1").parse().expect("SEED");
    let all: Vec<Record> = (0..games)
        .into_par_iter()
        .flat_map_iter(|g| records(g, seed))
        .collect();
    println!("game,seat,round,place,v_pass,v_bid,v_alone,r_pass,r_bid,r_alone,chosen");
    let cell = |o: Option<i32>| o.map_or(String::new(), |r| r.to_string());
    for r in &all {
        let [p, b, a] = r.options;
        println!(
            "{},{},{},{},{:.3},{:.3},{:.3},{},{},{},{}",
            r.game,
            r.seat,
            r.round,
            r.place,
            p.0,
            b.0,
            a.0,
            cell(p.1),
            cell(b.1),
            cell(a.1),
            r.chosen
        );
    }
}
