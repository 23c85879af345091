//! The default `cardtable` game, driven through its terminal like a person would.

use std::process::Output;

fn run(args: &[&str], input: &str) -> Output {
    testkit::run_program(env!("CARGO_BIN_EXE_cardtable"), args, input, None)
}

/// Answers that cycle through every kind, so some answer is always legal.
fn stubborn_person() -> String {
    let answers = [
        "1", "2", "3", "4", "5", "6", "o", "p", "h", "d", "c", "s", "zz", "9s",
    ];
    answers
        .iter()
        .cycle()
        .take(40_000)
        .map(|a| format!("{a}\n"))
        .collect()
}

/// The numbers in `text` in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// EECS 280 scoring, checked from the printed scores: every hand exactly one team gains 1
/// or 2 points (screw the dealer leaves no hand unplayed), and the game ends as soon as a
/// team has `points`, the winner's total first.
fn check_scores(stdout: &str, points: u32) {
    let mut scores: Vec<[u32; 2]> = stdout
        .lines()
        .filter(|l| l.starts_with("── Hand "))
        .map(|l| {
            let n = numbers(l.split("Score:").nth(1).unwrap());
            [n[0], n[1]]
        })
        .collect();
    let last = stdout.lines().last().unwrap();
    let end = numbers(last.split("win the game").nth(1).unwrap());
    let final_scores = if last.starts_with("You and North") {
        [end[0], end[1]]
    } else {
        [end[1], end[0]]
    };
    assert!(end[0] >= points && end[1] < points, "{last}");
    assert_eq!(scores[0], [0, 0], "the first hand starts at 0-0");
    scores.push(final_scores);
    for pair in scores.windows(2) {
        let gains = [pair[1][0] - pair[0][0], pair[1][1] - pair[0][1]];
        assert!(
            matches!(gains, [1 | 2, 0] | [0, 1 | 2]),
            "a hand scores 1 or 2 for one team: {pair:?}"
        );
    }
    assert!(
        scores[..scores.len() - 1]
            .iter()
            .all(|s| s[0] < points && s[1] < points),
        "no hand is dealt after a team has {points}"
    );
}

#[test]
fn a_person_can_play_a_whole_game() {
    for seed in ["1", "2", "3"] {
        let output = run(&["--seed", seed, "--points", "5"], &stubborn_person());
        let stdout = testkit::succeeded(&output, &format!("seed {seed}"));
        let last = stdout.lines().last().unwrap();
        assert!(
            last.contains("win the game"),
            "seed {seed} ended with {last:?}"
        );
        check_scores(&stdout, 5);
        assert!(
            stdout.contains("is not an answer"),
            "bad answers were explained"
        );
        assert!(stdout.contains("Your hand: [1]"));
    }
}

#[test]
fn simple_opponents_can_be_chosen() {
    let output = run(
        &["--seed", "5", "--points", "3", "--opponents", "simple"],
        &stubborn_person(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("win the game"));
    let bad = run(&["--opponents", "genius"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let a = run(&["--seed", "42"], &stubborn_person());
    let b = run(&["--seed", "42"], &stubborn_person());
    assert_eq!(a.stdout, b.stdout);
    let c = run(&["--seed", "43"], &stubborn_person());
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn quitting_and_closing_input_end_cleanly() {
    let quit = run(&["--seed", "1"], "q\n");
    assert_eq!(quit.status.code(), Some(0));
    let closed = run(&["--seed", "1"], "");
    assert_eq!(closed.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert!(
        stderr.contains("input ended") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

#[test]
fn bad_options_are_refused_by_the_parser() {
    let output = run(&["--points", "0"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--points"));
}

/// A game the catalogue does not know is refused by every command that takes one, naming
/// the games it knows; each command's help lists them (the three this tree plays).
#[test]
fn every_command_names_the_catalogues_games() {
    for args in [
        &["rules", "hearts"][..],
        &["play", "hearts"],
        &["arena", "hearts", "--games", "1", "--lineup", "random"],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("unknown game 'hearts': one of euchre, straights, teendopanch"),
            "{args:?}: {stderr}"
        );
    }
    for command in ["rules", "play", "arena"] {
        let output = run(&[command, "--help"], "");
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(
            help.contains("[possible values: euchre, straights, teendopanch]"),
            "{command}: {help}"
        );
    }
}

/// Answers for any game: every card number, then the short answers.
fn anything() -> String {
    let answers = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "p", "s", "h", "o",
    ];
    answers
        .iter()
        .cycle()
        .take(60_000)
        .map(|a| format!("{a}\n"))
        .collect()
}

#[test]
fn every_game_plays_to_its_end_in_line_mode() {
    for (game, rules) in [
        ("straights", "cs246"),
        ("teendopanch", "handout"),
        ("teendopanch", "reference"),
        ("euchre", "cs246"),
    ] {
        let output = run(
            &[
                "play",
                game,
                "--rules",
                rules,
                "--seed",
                "3",
                "--points",
                "3",
                "--opponents",
                "handout",
            ],
            &anything(),
        );
        let stdout = testkit::succeeded(&output, &format!("{game} {rules}"));
        let last = stdout.lines().last().unwrap();
        assert!(last.contains("the game"), "{game}: {last}");
        assert!(stdout.contains("Your hand: [1]"), "{game}");
    }
}

#[test]
fn a_record_replays_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.jsonl");
    let arena = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args([
            "arena",
            "euchre",
            "--games",
            "2",
            "--lineup",
            "random,random,random,random",
            "--record",
        ])
        .arg(&record)
        .output()
        .unwrap();
    assert!(arena.status.success());
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["replay", "--game", "2", "--plain"])
        .arg(&record)
        .output()
        .unwrap();
    let text = testkit::succeeded(&output, "replay");
    assert!(text.starts_with("Step 1 of "), "{text}");
    assert!(
        text.contains("the deal") && text.contains("plays"),
        "{text}"
    );
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["replay", "--game", "3", "--plain"])
        .arg(&record)
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("there is no game 3"));
}

#[test]
fn options_before_a_command_are_refused_not_dropped() {
    for args in [
        &["--seed", "1", "play"][..],
        &["--points", "3", "play"],
        &["--seed", "5", "arena", "euchre"],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("options go after the command")
                || stderr.contains("cannot be used with"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_finished_games_review_marks_a_seats_decisions_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.jsonl");
    let arena = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["arena", "straights", "--games", "1"])
        .args(["--lineup", "random,handout,handout,handout", "--record"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(arena.status.success());
    let replay = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .args(["replay", "--plain"])
            .args(args)
            .arg(&record)
            .output()
            .unwrap()
    };
    let text = testkit::succeeded(&replay(&["--review", "1"]), "replay --review");
    // Every mark is on a step where seat 1 acted (Straights' captions name the actor).
    let marks: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" — ") && !l.contains("the review:"))
        .collect();
    assert!(!marks.is_empty(), "{text}");
    for mark in &marks {
        assert!(mark.contains(" 1 (random) "), "{mark}");
    }
    // The summary counts the costly marks: inaccuracies, mistakes and blunders.
    let costly = (marks.iter())
        .filter(|m| {
            ["an inaccuracy,", "a mistake,", "a blunder,"]
                .iter()
                .any(|v| m.contains(v))
        })
        .count();
    let summary = text
        .lines()
        .find(|l| l.starts_with("Review of seat 1: "))
        .expect(&text);
    let counted = match costly {
        0 => "No costly choices; ".to_string(),
        1 => "1 costly choice; ".to_string(),
        n => format!("{n} costly choices; "),
    };
    assert!(
        summary.contains(&format!(": {counted}")),
        "{summary} after {costly} costly marks"
    );
    // How to read the values, Straights' points taken: lower is better.
    assert!(
        text.contains("\n  Each value is the points you can expect to take this round, less half the average the others take. Lower is better.\n"),
        "{text}"
    );
    // Each mark is followed by the coach's rows, its pick starred: "★ play 7♣ ...".
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if marks.contains(line) {
            assert!(lines[i + 1].starts_with("    "), "{line}");
            let rows = lines[i + 1..].iter().take_while(|l| l.starts_with("    "));
            let starred: Vec<_> = rows.filter(|r| r.starts_with("    ★ ")).collect();
            assert_eq!(starred.len(), 1, "{line}");
            assert!(starred[0].ends_with("the coach's pick"), "{}", starred[0]);
        }
    }
    // A seat the game does not have is refused by its number.
    let refused = replay(&["--review", "5"]);
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("no seat 5 to review: the game has seats 1 to 4"),
        "{said}"
    );
}
