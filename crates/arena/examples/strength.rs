//! How strong the strong Euchre pair is against the handout's players, with and without
//! its inference of the opponents' hands: the measurement behind the strength test
//! (crates/arena/tests/strength.rs).
//!
//! `cargo run --release -p cardtable-arena --example strength -- RULES GAMES SAMPLES TRIES SEED [BID [SCORE]]`
//!
//! BID is the points a bid must beat passing by (default 0.3); SCORE 0 values hands by
//! points whatever the score.

use arena::{run_game, Config, Count};
use catalogue::{GameKind, Lineup, PlayerSpec, Roster, Variant};
use euchre::players::Strong;
use table::Agent;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let rules = arg(0, "cs246");
    let games: u64 = arg(1, "300").parse().expect("GAMES");
    let samples: usize = arg(2, "24").parse().expect("SAMPLES");
    let tries: usize = arg(3, "200").parse().expect("TRIES");
    let seed: u64 = arg(4, "1").parse().expect("SEED");
    let bid: f64 = arg(5, "0.3").parse().expect("BID");
    let score_aware = arg(6, "1") != "0";
    let variant = Variant::named(GameKind::Euchre, Some(&rules)).expect("RULES");
    let handout = PlayerSpec::Handout;
    let strong = PlayerSpec::Strong {
        samples: Some(samples as u32),
    };
    let config = Config {
        rules: catalogue::Ruleset::plain(variant, 10),
        count: Count::Games(games),
        lineup: Lineup::new(GameKind::Euchre, vec![strong, handout, strong, handout]).unwrap(),
        seed,
        threads: None,
        progress: false,
        stop: None,
    };
    let rules = euchre::Rules::named(variant.rules(), 10).unwrap();
    let new = move || euchre::Game::new(rules);
    let agents = || -> Vec<Box<dyn Agent<euchre::Game>>> {
        let game = new();
        let strong = || {
            Box::new(
                Strong::new(samples)
                    .with_inference_tries(tries)
                    .with_bid_threshold(bid)
                    .with_score_awareness(score_aware),
            )
        };
        vec![strong(), game.agent(handout), strong(), game.agent(handout)]
    };
    let report = run_game(&config, new, agents, None).expect("the arena runs");
    let team = &report.teams.as_ref().unwrap()[0];
    println!(
        "{} strong:{samples} inference tries {tries}, bid {bid}, score-aware {score_aware}, seed {seed}: {} of {} games, {:.1}% [{:.1}, {:.1}] in {:.0} s",
        variant,
        team.wins,
        report.games,
        100.0 * team.win_rate,
        100.0 * team.win_rate_ci95[0],
        100.0 * team.win_rate_ci95[1],
        report.seconds
    );
}
