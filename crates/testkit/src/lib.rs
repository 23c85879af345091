//! Finds the compatibility data in `../shared/compat` (or `$CARDTABLE_COMPAT_DIR`) and
//! the handouts in `../shared/specs` (or `$CARDTABLE_SPECS_DIR`).
//!
//! The data is read where it lies, never copied into the project. A user's own clone
//! may not have it: tests then say so and skip. Under CI (`CI=true`) its absence fails.

#![warn(missing_docs)]

use std::path::{Path, PathBuf};

/// The workspace root, from this crate's manifest directory.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("testkit lives at crates/testkit")
        .to_path_buf()
}

/// The compat folder: `$CARDTABLE_COMPAT_DIR`, else `../shared/compat` beside the workspace.
pub fn compat_root() -> PathBuf {
    match std::env::var_os("CARDTABLE_COMPAT_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared/compat"),
    }
}

/// The handouts folder: `$CARDTABLE_SPECS_DIR`, else `../shared/specs` beside the workspace.
pub fn specs_root() -> PathBuf {
    match std::env::var_os("CARDTABLE_SPECS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared/specs"),
    }
}

/// The text of a handout, or `None` (skip; a failure under CI) when it is absent.
pub fn spec(name: &str) -> Option<String> {
    let path = specs_root().join(name);
    if path.is_file() {
        return Some(read(&path));
    }
    absent(&format!(
        "handout not found at {} (set CARDTABLE_SPECS_DIR to the shared specs folder)",
        path.display()
    ))
}

fn absent<T>(message: &str) -> Option<T> {
    missing(message);
    None
}

/// Something a test needs is not here: under CI that fails the test, elsewhere it says
/// so ([`skip`]) and the test returns.
pub fn missing(message: &str) {
    if under_ci() {
        panic!("{message}; CI requires it");
    }
    skip(message);
}

/// Says that the running test skips, where a person running `cargo test` sees it: the
/// test harness hides what a passing test prints with `eprintln!`, so this writes to the
/// process's standard error directly, beside the harness's own lines.
pub fn skip(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {test}: {why}");
}

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// `compat_root()/sub` if it exists. Otherwise prints why the test skips and returns
/// `None`, or panics under CI, where the data must be present.
pub fn compat_dir(sub: &str) -> Option<PathBuf> {
    let dir = compat_root().join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    absent(&format!(
        "compat data not found at {} (set CARDTABLE_COMPAT_DIR to the shared compat folder)",
        dir.display()
    ))
}

/// `./PROGRAM ARGS… [< FILE]` as an official test's command or first output line states
/// it: the arguments, and the standard input file (relative to `dir`) if any.
///
/// # Panics
/// If the command does not start with `./PROGRAM` (the data is not what the test expects).
pub fn parse_command(dir: &Path, program: &str, command: &str) -> (Vec<String>, Option<PathBuf>) {
    let (command, stdin) = match command.split_once('<') {
        Some((cmd, file)) => (cmd, Some(dir.join(file.trim()))),
        None => (command, None),
    };
    let mut words = command.split_whitespace();
    assert_eq!(
        words.next(),
        Some(format!("./{program}").as_str()),
        "{command}"
    );
    (words.map(str::to_owned).collect(), stdin)
}

/// The text of a file the test needs.
///
/// # Panics
/// If it cannot be read.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Runs a program with `args`, feeding `input` on stdin from another thread (the program
/// may stop reading early), optionally in folder `dir`; returns its whole output.
pub fn run_program(
    program: &str,
    args: &[&str],
    input: &str,
    dir: Option<&Path>,
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("starting {program}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the program runs");
    writer.join().expect("the input writer ends");
    output
}

/// A value written in its own notation (`"JD"`, `"9S TH"`): what tests write cards and
/// hands as. Panics with the notation's error on a typo, which fails the test.
pub fn parse<T: std::str::FromStr>(text: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} is not written right: {e:?}"))
}

/// The standard output of a program that must have succeeded; fails the test with its
/// standard error (and `context`) otherwise.
pub fn succeeded(output: &std::process::Output, context: &str) -> String {
    assert!(
        output.status.success(),
        "{context}: exit {:?}\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The lines of the CS 246 compatibility file `name` (`seed 6788 shuffle 1: 7S KD …`)
/// that contain `marker`, each as its head, its seed (the head's second word) and the
/// values after the colon; `None` (the tests skip) where the reference data is absent.
pub fn seeded_lines(name: &str, marker: &str) -> Option<Vec<(String, String, String)>> {
    let text = read(&compat_dir("cs246")?.join(name));
    let lines = text.lines().filter(|l| l.contains(marker)).map(|line| {
        let (head, values) = line.split_once(": ").expect("a head and values");
        let seed = head.split_whitespace().nth(1).expect("a seed");
        (head.to_string(), seed.to_string(), values.to_string())
    });
    Some(lines.collect())
}

/// Where a program's output `got` first parts from `want`: the line (from 1) and both
/// line counts, for a failure message.
pub fn first_difference(got: &[u8], want: &[u8]) -> String {
    let (got, want) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let line = got.lines().zip(want.lines()).position(|(a, b)| a != b);
    let (ours, theirs) = (got.lines().count(), want.lines().count());
    format!(
        "first differing line {:?} ({ours} vs {theirs} lines)",
        line.map(|l| l + 1)
    )
}

/// Every card a text names, as codes (`JH`) or in words (`J♥`, `10♥`), as codes: what
/// leak checks look for in anything sent to a person.
pub fn cards_named(text: &str) -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let suit = match c {
            '♠' | 'S' => 'S',
            '♥' | 'H' => 'H',
            '♣' | 'C' => 'C',
            '♦' | 'D' => 'D',
            _ => continue,
        };
        let before = |k: usize| i.checked_sub(k).map(|j| chars[j]);
        let starts_word = |k: usize| before(k).is_none_or(|b| !b.is_alphanumeric());
        let rank = match (before(2), before(1)) {
            // `10♥` in words.
            (Some('1'), Some('0')) if !c.is_ascii() && starts_word(3) => 'T',
            // `J♥` in words, `JH` as a code.
            (_, Some(r)) if "23456789TJQKA".contains(r) && starts_word(2) => r,
            _ => continue,
        };
        let next_ok = chars.get(i + 1).is_none_or(|n| !n.is_alphanumeric());
        if next_ok {
            found.insert(format!("{rank}{suit}"));
        }
    }
    found
}

/// A new, empty database of its own in the PostgreSQL cluster `scripts/test.sh` starts
/// (`$CARDTABLE_POSTGRES_URL`), by its URL; `None` where there is no cluster (the test
/// says it skips; under CI that fails).
pub fn postgres_database() -> Option<String> {
    let Ok(url) = std::env::var("CARDTABLE_POSTGRES_URL") else {
        return absent("no PostgreSQL: scripts/test.sh starts one (CARDTABLE_POSTGRES_URL)");
    };
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let name = format!(
        "test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let created = std::process::Command::new("psql")
        .args([url.as_str(), "-qAtc", &format!("CREATE DATABASE {name}")])
        .status()
        .expect("psql runs");
    assert!(created.success(), "CREATE DATABASE {name} in {url}");
    let (server, _) = url.rsplit_once('/').expect("a URL ending in its database");
    Some(format!("{server}/{name}"))
}
