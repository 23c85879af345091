//! The default (handout) rules, on transcripts worked out by hand from the handout with
//! the "new pack" order, lowest to highest in each suit (the test writes it; no
//! compatibility data is needed).
//!
//! `one-hand.out`: one hand to 1 point. `pulls.out`: two hands to 5 points; in the second,
//! C (3 tricks over quota) pulls 3 cards from B (3 under): it takes B's last-dealt AD,
//! JD, 8D in turn and gives back 8H, 9D, JD, the lowest card of its suits of three.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The "new pack": Seven to Ace of Spades and of Hearts, Eight to Ace of Clubs and of
/// Diamonds, one card a line.
fn new_pack() -> String {
    let ranks = [
        "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace",
    ];
    let mut pack = String::new();
    for (suit, from) in [("Spades", 0), ("Hearts", 0), ("Clubs", 1), ("Diamonds", 1)] {
        for rank in &ranks[from..] {
            pack.push_str(&format!("{rank} of {suit}\n"));
        }
    }
    pack
}

fn run(args: &[&str], input: &str, rules: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_teendopanch"),
        dir.path().join("teendopanch.exe"),
    )
    .unwrap();
    std::fs::write(dir.path().join("pack.in"), new_pack()).unwrap();
    let mut child = Command::new("./teendopanch.exe")
        .args(args)
        .current_dir(dir.path())
        .env("TEENDOPANCH_RULES", rules)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/handout")
            .join(name),
    )
    .unwrap()
}

fn args(text: &str) -> Vec<&str> {
    text.split(' ').collect()
}

/// Simple players only: the handout's own transcripts, to the byte.
#[test]
fn simple_players_print_the_handouts_transcripts() {
    for (points, file) in [(1, "one-hand.out"), (5, "pulls.out")] {
        let command = format!("pack.in noshuffle {points} A Simple B Simple C Simple");
        let output = run(&args(&command), "", "handout");
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected(file),
            "{file}"
        );
        assert_eq!(output.status.code(), Some(0), "{file}");
    }
}

/// A game with a person at `seat` reads as the handout's `file`, with that seat Simple,
/// once the person's prompts and each of the `errors` (each said once) are taken out.
fn as_if_simple(text: &str, errors: &[&str], file: &str, seat: &str) {
    let (kept, found) = strip(text, errors);
    assert_eq!(found, errors.len(), "{text}");
    let simple = format!("{seat} Simple");
    assert_eq!(
        kept,
        expected(file).replacen(&simple, &format!("{seat} Human"), 1)
    );
}

/// Drops the human's hand listings and prompts, and the error lines the test expects,
/// leaving what an all-Simple game prints.
fn strip(output: &str, errors: &[&str]) -> (String, usize) {
    let mut found = 0;
    let mut kept = String::new();
    for line in output.split_inclusive('\n') {
        let text = line.trim_end();
        if text.starts_with("Human player ") || text == "Discard upcard: [-1]" {
            continue;
        }
        if errors.iter().any(|e| text.contains(e)) {
            found += 1;
            continue;
        }
        kept.push_str(line);
    }
    (kept, found)
}

#[test]
fn a_human_maker_with_bad_answers() {
    // B answers as the Simple player would (the hand-worked one-hand.out), with bad
    // answers first: a misspelt suit, and while following diamonds a non-following card
    // (index 0, the Seven of Spades), an index out of range and a word.
    let input = "Spadez Spades 9 8 0 12 x 6 2 4 3 1 2 1 0";
    let output = run(
        &args("pack.in noshuffle 1 A Simple B Human C Simple"),
        input,
        "handout",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    // B's first five cards, sorted: 7S TS KS 8H JH.
    assert!(text.contains(
        "Human player B's hand: [0] Seven of Spades\nHuman player B's hand: [1] Eight of Hearts\n\
         Human player B's hand: [2] Ten of Spades\nHuman player B's hand: [3] Jack of Hearts\n\
         Human player B's hand: [4] King of Spades\nHuman player B, please enter a suit, or \"pass\":\n"
    ));
    let errors = [
        "'Spadez' is not an answer",
        "so it must follow suit",
        "'12' is not a card number",
        "'x' is not a card number",
    ];
    as_if_simple(&text, &errors, "one-hand.out", "B");
}

#[test]
fn a_human_puller_gives_back_cards_by_the_rules() {
    let hand_one = "6 8 6 3 2 3 1 2 1 0";
    let hand_two = "Spades -1 4 1 1 4 9 8 7 3 4 3 1 2 1 0";
    let input = format!("{hand_one} {hand_two}");
    let output = run(
        &args("pack.in noshuffle 5 A Simple B Simple C Human"),
        &input,
        "handout",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let errors = [
        "was just taken and cannot be given back",
        "is not from a suit held three or more times",
    ];
    as_if_simple(&text, &errors, "pulls.out", "C");
}

#[test]
fn no_mode_lets_the_maker_pass_twice() {
    for rules in ["handout", "reference"] {
        // B passes in round one, tries to pass again, then names Hearts; then quits.
        let output = run(
            &args("pack.in noshuffle 1 A Simple B Human C Simple"),
            "pass pass Hearts",
            rules,
        );
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("B passes\nA deals 3 cards\n"), "{text}");
        assert!(
            text.contains("The maker must name trump in round two"),
            "{text}"
        );
        assert!(
            text.contains("B orders up Hearts\nA deals 2 cards\n"),
            "{text}"
        );
        assert_eq!(
            output.status.code(),
            Some(2),
            "input ends before the game does"
        );
        assert!(String::from_utf8_lossy(&output.stderr).contains("input ended"));
    }
}

#[test]
fn bad_environment_and_bad_packs_are_refused() {
    let output = run(
        &args("pack.in noshuffle 1 A Simple B Simple C Simple"),
        "",
        "simple",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("TEENDOPANCH_RULES"));
    assert!(output.stdout.is_empty());
}
