//! The strong players are strong: fixed-seed matches against the handouts' players that
//! a weakened strong player fails. The figures behind each threshold, with the commands
//! that measure them, are in docs/TESTING.md.

use arena::{Config, Count, Report};
use catalogue::{GameKind, Lineup, Variant};

fn run(game: GameKind, rules: &str, count: Count, lineup: &str) -> Report {
    let config = Config {
        rules: catalogue::Ruleset::plain(Variant::named(game, Some(rules)).unwrap(), 10),
        count,
        lineup: Lineup::parse(game, lineup).unwrap(),
        seed: 1,
        threads: None,
        progress: false,
        stop: None,
    };
    arena::run(&config, None).unwrap()
}

#[test]
fn the_strong_euchre_pair_beats_the_cs246_players() {
    // Seed 1, 300 games, strong:24: the pair wins 76.3%; with its inference of the
    // opponents' hands switched off, 70.7% (crates/arena/examples/strength.rs).
    let report = run(
        GameKind::Euchre,
        "cs246",
        Count::Games(300),
        "strong:24,handout,strong:24,handout",
    );
    let team = &report.teams.as_ref().unwrap()[0];
    assert!(
        team.win_rate >= 0.75,
        "the strong pair won {} of {} games",
        team.wins,
        report.games
    );
}

/// Seat 0's points a hand in the match `lineup`, and the other seats' mean.
fn seat_zero_and_the_rest(game: GameKind, rules: &str, count: Count, lineup: &str) -> (f64, f64) {
    let report = run(game, rules, count, lineup);
    let others = &report.seats[1..];
    let mean = others.iter().map(|s| s.points_per_hand).sum::<f64>() / others.len() as f64;
    (report.seats[0].points_per_hand, mean)
}

/// The strong Straights and Teen Do Panch players against each handout's own players.
#[test]
fn the_strong_shedding_and_teendopanch_players_outscore_the_handouts() {
    // Straights, seed 1, 100 games: the strong player takes 13.1 points a round against
    // the handout players' 21.5; a random player 18.3 against 19.0.
    let straights = "strong:8,handout,handout,handout";
    let (strong, others) =
        seat_zero_and_the_rest(GameKind::Straights, "cs246", Count::Games(100), straights);
    assert!(
        strong <= 0.75 * others,
        "Straights: strong {strong:.2}, handout {others:.2}"
    );
    // Teen Do Panch, seed 1, 600 hands: 2.36 points a hand against the Simple players'
    // 0.52; a random player 0.52 against 1.31.
    let tdp = "strong:8,simple,simple";
    let (strong, others) =
        seat_zero_and_the_rest(GameKind::TeenDoPanch, "handout", Count::Hands(600), tdp);
    assert!(
        strong >= 2.0 * others,
        "Teen Do Panch: strong {strong:.2}, simple {others:.2}"
    );
}
