//! The arena's promises: the same results for a seed whatever the thread count, hands
//! mode stops at the hand count, and records replay to the reported results.

use arena::{Config, Count, Report};
use catalogue::{GameKind, Lineup, Variant};
use table::{Game, GameRecord, Turn};

fn config(game: GameKind, rules: &str, count: Count, lineup: &str, threads: usize) -> Config {
    Config {
        rules: catalogue::Ruleset::plain(Variant::named(game, Some(rules)).unwrap(), 10),
        count,
        lineup: Lineup::parse(game, lineup).unwrap(),
        seed: 7,
        threads: Some(threads),
        progress: false,
        stop: None,
    }
}

/// The report without its timings.
fn results(report: &Report) -> String {
    let mut value = serde_json::to_value(report).unwrap();
    for key in ["seconds", "games_per_second", "hands_per_second"] {
        value.as_object_mut().unwrap().remove(key);
    }
    value.to_string()
}

#[test]
fn results_do_not_depend_on_threads() {
    let cases = [
        (GameKind::Euchre, "eecs280", "simple,random,simple,random"),
        (GameKind::Euchre, "cs246", "handout,random,handout,random"),
        (
            GameKind::Straights,
            "cs246",
            "handout,random,random,handout",
        ),
        (GameKind::TeenDoPanch, "reference", "simple,random,random"),
    ];
    for (game, rules, lineup) in cases {
        let one = arena::run(&config(game, rules, Count::Games(1500), lineup, 1), None).unwrap();
        let two = arena::run(&config(game, rules, Count::Games(1500), lineup, 2), None).unwrap();
        assert_eq!(results(&one), results(&two), "{game:?} {rules}");
        assert_eq!(one.games, 1500);
    }
}

#[test]
fn hands_mode_plays_exactly_that_many_hands() {
    let report = arena::run(
        &config(
            GameKind::TeenDoPanch,
            "handout",
            Count::Hands(1234),
            "simple,simple,random",
            2,
        ),
        None,
    )
    .unwrap();
    assert_eq!(report.hands, 1234);
    assert!(report.games < 1234);
}

#[test]
fn records_replay_to_the_reported_wins() {
    let mut out = Vec::new();
    let lineup = "handout,random,handout,random";
    let report = arena::run(
        &config(GameKind::Euchre, "cs246", Count::Games(300), lineup, 2),
        Some(&mut out),
    )
    .unwrap();
    let mut wins = [0u64; 4];
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 300);
    for line in text.lines() {
        let record: GameRecord<euchre::Action> = serde_json::from_str(line).unwrap();
        let seats: Vec<String> = record.seats.iter().map(|s| s.to_string()).collect();
        assert_eq!(seats, ["handout", "random", "handout", "random"]);
        let game = record
            .replay(euchre::Game::new(euchre::Rules::cs246()))
            .unwrap();
        assert_eq!(Game::turn(&game), Turn::Over);
        for (w, won) in wins.iter_mut().zip(Game::winners(&game)) {
            *w += u64::from(won);
        }
    }
    let reported: Vec<u64> = report.seats.iter().map(|s| s.wins).collect();
    assert_eq!(reported, wins);
}
