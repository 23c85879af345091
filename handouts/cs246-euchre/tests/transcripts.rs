//! Whole transcripts of `euchre`, byte for byte.
//!
//! `last-trick`, `errors` and `alone` were written by hand from the handout (section 2.4
//! display, 2.5 commands, 2.2.2 computer player) before the program was run on them.
//! Whole computer games have no recorded transcript: `deck_lines_match_the_cpp_vectors`
//! and `deals_follow_the_deck` check their deals against the C++ shuffle vectors and the
//! handout's dealing rule, and `tests/rules_in_play.rs` their tricks and scores.

use std::path::{Path, PathBuf};
use std::process::Output;

fn run(args: &[&str], input: &str, dir: Option<&Path>) -> Output {
    testkit::run_program(env!("CARGO_BIN_EXE_euchre"), args, input, dir)
}

fn transcripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(transcripts().join(name)).unwrap()
}

/// Runs a transcript: `NAME.in` as input, the game file if any, compared with `OUT`.
fn check(name: &str, args: &[&str], out: &str) {
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let game = transcripts().join(format!("{name}.game"));
    if game.exists() {
        args.extend(["-f".to_string(), game.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args, &read(&format!("{name}.in")), None);
    let got = String::from_utf8(output.stdout).unwrap();
    let want = read(out);
    if got != want {
        let line = got.lines().zip(want.lines()).position(|(a, b)| a != b);
        panic!(
            "{out}: differs at line {:?}\n--- got ---\n{got}\n--- stderr ---\n{}",
            line.map(|l| l + 1),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert_eq!(output.status.code(), Some(0), "{out}");
}

#[test]
fn a_saved_game_that_sets_trump_plays_its_last_trick() {
    check("last-trick", &[], "last-trick.out");
    check("last-trick", &["-d"], "last-trick-debug.out");
}

#[test]
fn every_error_message_a_renege_and_a_nullified_hand() {
    check("errors", &[], "errors.out");
}

#[test]
fn a_human_goes_alone() {
    check("alone", &[], "alone.out");
}

/// The other readings of the handout's ambiguous points (`CS246_EUCHRE_READINGS`), on the
/// `alone` transcript: `alone.out` changed by hand as each reading says — no `Scores:`
/// line for the loaded game, a score line only where the score changed (the last trick's,
/// as the team that took it scored), and each hand line before its prompt.
#[test]
fn the_other_readings_print_as_they_say() {
    let game = transcripts().join("alone.game");
    let output = run_reading(
        "trick-score=when-changed,hand-line=before-prompt,loaded-scores=none",
        &[&game],
        &read("alone.in"),
    );
    let mut want: Vec<String> = read("alone.out")
        .lines()
        .skip(1)
        .map(String::from)
        .collect();
    let last_score = want
        .iter()
        .rposition(|l| l.starts_with("Score for Team"))
        .unwrap();
    let mut at = 0;
    want.retain(|line| {
        at += 1;
        !line.starts_with("Score for Team") || at == last_score + 1
    });
    for i in 1..want.len() {
        if want[i].starts_with("Player 0: hand") && want[i - 1].starts_with("Player 0, choose") {
            want.swap(i - 1, i);
        }
    }
    let want = want.join("\n") + "\n";
    assert_eq!(String::from_utf8(output.stdout).unwrap(), want);
    // A reading the program does not know is refused by name.
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_euchre"))
        .env("CS246_EUCHRE_READINGS", "trick-score=never")
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no value 'never'"));
}

/// `euchre -f GAME ARGS…` under `CS246_EUCHRE_READINGS=readings`, `input` on stdin.
fn run_reading(readings: &str, game_and_args: &[&Path], input: &str) -> Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_euchre"))
        .arg("-f")
        .args(game_and_args)
        .env("CS246_EUCHRE_READINGS", readings)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// `alone-leader=literal`: footnote 2 word for word. In `alone.game` player 0, left of
/// dealer 3, goes alone, so player 1, opposite the dealer, leads. `literal.out` was worked
/// by hand from the computer player's rules (2.2.2.3 to 2.2.2.5) before the run: player 1
/// leads its highest off-suit card (QH), player 3 voids itself of its lone spade, and so on.
#[test]
fn the_literal_footnote_has_the_player_opposite_the_dealer_lead() {
    let game = transcripts().join("literal.game");
    let output = run_reading("alone-leader=literal", &[&game], &read("literal.in"));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        read("literal.out")
    );
    assert_eq!(output.status.code(), Some(0));
}

/// `alone-pickup=picks-up`: `alone.game` with player 2 dealing, so player 0 orders up its
/// partner and goes alone. The dealer still picks up JC and discards its lowest non-trump
/// card, 9D (2.2.2.3), then sits out: the only lines added are its turn's (2.4.2) and, under
/// `-d`, its hand and discard. Everything after is as in the default reading.
#[test]
fn under_the_pickup_reading_the_sitting_out_dealer_discards_first() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("partner.game");
    let text = read("alone.game").replacen("3 0\n", "2 0\n", 1);
    std::fs::write(&game, text).unwrap();
    let input = "oa\nJS\nAC\nKC\nQC\nTC\n";
    for debug in [false, true] {
        let mut args = vec![game.as_path()];
        if debug {
            args.push(Path::new("-d"));
        }
        let lines = |readings| {
            let output = run_reading(readings, &args, input);
            assert_eq!(output.status.code(), Some(0));
            let text = String::from_utf8(output.stdout).unwrap();
            text.lines().map(String::from).collect::<Vec<_>>()
        };
        let mut want = lines("");
        let ordered = "> Player 0 orders up player 2 and goes alone.";
        let at = want.iter().position(|l| l == ordered).unwrap() + 1;
        let mut added = vec!["Player 2, choose card to discard."];
        if debug {
            added.extend([
                "Player 2: hand [KH AH 9D TD JD JC] # tricks 0",
                "Player 2: discards 9D.",
            ]);
        }
        want.splice(at..at, added.into_iter().map(String::from));
        assert_eq!(lines("alone-pickup=picks-up"), want, "debug {debug}");
    }
}

#[test]
fn the_seed_defaults_to_zero() {
    let plain = run(&["-d"], "r\n", None);
    let zero = run(&["-d", "-s", "0"], "r\n", None);
    assert!(String::from_utf8_lossy(&plain.stdout).starts_with("Seed: 0\n"));
    assert_eq!(plain.stdout, zero.stdout);
}

/// `seed N shuffle K: cards` lines of a vector file, for one seed, in order.
fn vectors(seed: u32) -> Option<Vec<String>> {
    let dir = testkit::compat_dir("cs246")?;
    let text = testkit::read(&dir.join("euchre-mt19937-shuffles.txt"));
    let prefix = format!("seed {seed} shuffle ");
    Some(
        text.lines()
            .filter(|l| l.starts_with(&prefix))
            .map(|l| l.split_once(": ").unwrap().1.to_owned())
            .collect(),
    )
}

fn debug_game(seed: u32) -> String {
    let output = run(&["-d", "-s", &seed.to_string()], "r\n", None);
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn deck_lines_match_the_cpp_vectors() {
    for seed in [0, 1, 42, 123] {
        let Some(vectors) = vectors(seed) else {
            return;
        };
        assert_eq!(
            vectors.len(),
            10,
            "the file lists ten shuffles of seed {seed}"
        );
        let game = debug_game(seed);
        assert!(game.starts_with(&format!("Seed: {seed}\n")));
        let decks: Vec<&str> = game
            .lines()
            .filter_map(|l| l.strip_prefix("Deck: "))
            .collect();
        assert!(decks.len() >= 2, "seed {seed} played {} hands", decks.len());
        for (hand, (deck, vector)) in decks.iter().zip(&vectors).enumerate() {
            assert_eq!(deck, vector, "seed {seed} hand {}", hand + 1);
        }
    }
}

/// After each Deck line: the kitty is its last four cards with the first on top, and each
/// player's first hand line shows the five cards dealt to it (first five to the dealer's
/// left), as sections 2.3.3 and 2.3.4 say.
#[test]
fn deals_follow_the_deck() {
    let mut checked = 0;
    for seed in [0, 1, 42, 123] {
        let game = debug_game(seed);
        let lines: Vec<&str> = game.lines().collect();
        let starts: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("Deck: "))
            .collect();
        for (n, &i) in starts.iter().enumerate() {
            let end = starts.get(n + 1).copied().unwrap_or(lines.len());
            let cards: Vec<&str> = lines[i]["Deck: ".len()..].split(' ').collect();
            assert_eq!(lines[i + 1], format!("Kitty: {}", cards[20..].join(" ")));
            assert_eq!(
                lines[i + 2],
                format!("Top card of the kitty is: {}", cards[20])
            );
            let dealer: usize = lines[i + 4]
                .strip_prefix("Dealer is player ")
                .and_then(|d| d.strip_suffix('.'))
                .unwrap()
                .parse()
                .unwrap();
            for k in 0..4 {
                let seat = (dealer + 1 + k) % 4;
                let prefix = format!("Player {seat}: hand [");
                // A seat's first hand line comes as its first turn starts, before it has
                // played; a dealer who picked up shows the upcard after its five.
                if let Some(first) = lines[i..end].iter().find(|l| l.starts_with(&prefix)) {
                    let dealt = cards[5 * k..5 * k + 5].join(" ");
                    assert!(
                        first.starts_with(&format!("{prefix}{dealt}")),
                        "seed {seed}: {first} vs {dealt}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} hands checked");
}

#[test]
fn a_saved_game_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    // Saved at the start of making trump (seed 0, hand 2) and in the middle of a trick
    // (the errors game, hand 2); afterwards the human rage-quits in both runs.
    let cases: [(&[&str], &str); 2] = [(&["-d"], ""), (&["-d", "-f"], "x H 9s p o C p ")];
    for (n, (args, before)) in cases.iter().enumerate() {
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        if args.last().map(String::as_str) == Some("-f") {
            args.push(transcripts().join("errors.game").display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let file = format!("saved{n}.txt");
        let original = run(&args, &format!("{before}save {file} r\n"), Some(dir.path()));
        let original = String::from_utf8(original.stdout).unwrap();
        assert!(
            original.contains(&format!("Game saved to {file}.")),
            "{original}"
        );
        let saved = std::fs::read_to_string(dir.path().join(&file)).unwrap();
        let resumed = run(&["-d", "-f", &file], "r\n", Some(dir.path()));
        let resumed = testkit::succeeded(&resumed, "resumed");
        let tail = |text: &str| {
            text.split_once("Player 0 rage quit.\n")
                .unwrap()
                .1
                .to_owned()
        };
        assert_eq!(
            tail(&resumed),
            tail(&original),
            "case {n}: the rest of the game is the same"
        );
        // Saving the resumed game at the same point writes the same file.
        let again = run(&["-f", &file], "save again.txt q\n", Some(dir.path()));
        assert_eq!(again.status.code(), Some(0));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("again.txt")).unwrap(),
            saved
        );
    }
}

#[test]
fn malformed_saved_games_are_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let good = read("last-trick.game");
    let cases = [
        (good.replace("0 1\n", "0 9\n"), "line 2"),
        (
            good.lines().take(8).collect::<Vec<_>>().join("\n"),
            "line 8",
        ),
        (good.replace("1 AH\n", "1 AS\n"), "twice"),
        (good.replace("1 f\n", "1 x\n"), "line 4"),
        (
            good.replace("8 9H TH JH QH KH 9D TD JD", "7 9H TH JH QH KH 9D TD"),
            "whole tricks",
        ),
    ];
    for (i, (text, says)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("bad{i}.txt"));
        std::fs::write(&file, text).unwrap();
        let output = run(&["-f", &file.display().to_string()], "", None);
        assert_eq!(output.status.code(), Some(1), "case {i}");
        assert!(
            output.stdout.is_empty(),
            "case {i}: nothing printed, nothing half-loaded"
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(says) && !stderr.contains("panicked"),
            "case {i}: {stderr}"
        );
    }
}

#[test]
fn a_closed_stdin_and_bad_flags_end_cleanly() {
    let output = run(&[], "", None);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("input ended"));
    let output = run(&["-s", "x"], "", None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("Usage: euchre"));
    let quit = run(&[], "q\n", None);
    assert_eq!(quit.status.code(), Some(0));
}

#[test]
fn a_bare_save_asks_for_a_file_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(&[], "save\nq\n", Some(dir.path()));
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("ERROR: save needs a file name: save FILE.\n"),
        "{text}"
    );
    assert!(
        !dir.path().join("q").exists(),
        "the next line is a command, not a file name"
    );
}

#[test]
fn a_saved_game_with_too_many_shuffles_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let game = read("last-trick.game");
    for shuffles in ["18446744073709551615", "4294967296", "100001"] {
        let file = dir.path().join("big.txt");
        std::fs::write(&file, format!("{game}shuffles {shuffles}\n")).unwrap();
        let output = run(&["-f", &file.display().to_string()], "", None);
        assert_eq!(output.status.code(), Some(1), "{shuffles}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("from 0 to 100000"), "{stderr}");
    }
}
