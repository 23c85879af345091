//! What the handout lets a program assume away: bad human answers, a closed stdin and
//! malformed packs. Valid transcripts must stay byte-identical, so each bad answer is
//! checked against the official all-Human game (euchre_test50): the output with bad
//! answers injected must be the official output plus, at each injection, exactly one
//! error line and the same prompt again.

use std::path::Path;
use std::process::Output;

fn run(dir: &Path, args: &[&str], stdin: &str) -> Output {
    testkit::run_program(env!("CARGO_BIN_EXE_euchre280"), args, stdin, Some(dir))
}

const TEST50_ARGS: [&str; 11] = [
    "pack.in",
    "noshuffle",
    "3",
    "Ivan",
    "Human",
    "Judea",
    "Human",
    "Kunle",
    "Human",
    "Liskov",
    "Human",
];

/// Official input and expected output of euchre_test50 (line 1 echoes argv[0], which
/// differs here, so it is dropped from both sides).
fn test50() -> Option<(std::path::PathBuf, Vec<String>, String)> {
    let dir = testkit::compat_dir("eecs280-euchre")?;
    let input = testkit::read(&dir.join("euchre_test50.in"));
    let words = input.split_whitespace().map(str::to_owned).collect();
    let expected = testkit::read(&dir.join("euchre_test50.out.correct"));
    let expected = expected.split_once('\n').unwrap().1.to_owned();
    Some((dir, words, expected))
}

/// Removes each error line together with the repeated prompt that follows it.
fn strip_errors(output: &str, errors: &mut Vec<String>) -> String {
    let lines: Vec<&str> = output.split_inclusive('\n').collect();
    let mut kept = String::new();
    let mut i = 0;
    while i < lines.len() {
        let is_prompt = |l: &str| l.starts_with("Human player ") && l.contains(", please ");
        if i > 0
            && is_prompt(lines[i - 1])
            && !lines[i].contains(" by ")
            && !is_prompt(lines[i])
            && i + 1 < lines.len()
            && lines[i + 1] == lines[i - 1]
        {
            errors.push(lines[i].trim_end().to_owned());
            i += 2;
            continue;
        }
        kept.push_str(lines[i]);
        i += 1;
    }
    kept
}

#[test]
fn bad_answers_get_an_error_and_the_same_prompt_again() {
    let Some((dir, mut words, expected)) = test50() else {
        return;
    };
    // (index of the valid answer, bad answers typed before it)
    let injections: [(usize, &[&str]); 5] = [
        (0, &["Spadez", "Hearts"]), // not a suit; round one takes only the upcard's suit
        (4, &["Diamonds"]),         // round two: the turned-down suit
        (5, &["x", "9", "-1"]),     // not a number; out of range; -1 outside a discard
        (10, &["0"]),               // Ten of Diamonds while holding the Ace of Clubs led
        (29, &["5", "-2"]),         // discard: out of range both ways
    ];
    for &(at, bad) in injections.iter().rev() {
        for &word in bad.iter().rev() {
            words.insert(at, word.to_owned());
        }
    }
    let output = run(&dir, &TEST50_ARGS, &words.join("\n"));
    let stdout = testkit::succeeded(&output, "test50 with bad answers");
    let mut errors = Vec::new();
    let stripped = strip_errors(stdout.split_once('\n').unwrap().1, &mut errors);
    assert_eq!(stripped, expected);
    assert_eq!(errors.len(), 9, "one line per bad answer: {errors:#?}");
    assert!(
        errors[7].contains("-1"),
        "a discard offers the upcard: {}",
        errors[7]
    );
    assert!(errors[0].contains("'Spadez'"));
    assert!(
        errors[1].contains("Diamonds"),
        "names the upcard's suit: {}",
        errors[1]
    );
    assert!(errors[2].contains("turned down"));
    assert!(errors[6].contains("follow"), "{}", errors[6]);
}

#[test]
fn a_closed_stdin_ends_cleanly_with_a_message() {
    let Some((dir, words, expected)) = test50() else {
        return;
    };
    for cut in [0, 3, 12] {
        let output = run(&dir, &TEST50_ARGS, &words[..cut].join("\n"));
        assert_eq!(output.status.code(), Some(2), "cut at {cut}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("input ended"), "{stderr}");
        assert!(!stderr.contains("panicked"));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let body = stdout.split_once('\n').unwrap().1;
        assert!(
            expected.starts_with(body),
            "output so far is the official game's start"
        );
    }
}

#[test]
fn a_malformed_pack_is_reported_with_its_line() {
    // The handout's "new pack" order, as the repository ships it (tests/shipped_pack.rs
    // checks it against the handout).
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packs/euchre.in");
    let pack = testkit::read(&shipped);
    let work = tempfile::tempdir().unwrap();
    let cases = [
        (
            pack.replacen("Queen of Hearts", "Queen of Hearst", 1),
            "line 10",
        ),
        (pack.replacen("Ten of Clubs", "Nine of Clubs", 1), "line 14"),
        (
            pack.lines().take(23).collect::<Vec<_>>().join("\n"),
            "line 24",
        ),
    ];
    for (text, line) in cases {
        std::fs::write(work.path().join("bad.in"), text).unwrap();
        let args = [
            "bad.in",
            "noshuffle",
            "1",
            "A",
            "Simple",
            "B",
            "Simple",
            "C",
            "Simple",
            "D",
            "Simple",
        ];
        let output = run(work.path(), &args, "");
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(line), "{stderr} should name {line}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).lines().count(),
            1,
            "only line 1"
        );
    }
}
