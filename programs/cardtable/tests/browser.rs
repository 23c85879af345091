//! The browser client of `cardtable serve` in Debian's Chromium: the Playwright tests in
//! `browser/tests` (playwright-core from npm), run against this build's binary. Without
//! Node, Chromium or `browser/node_modules` they say so and skip (under CI they fail:
//! `scripts/test.sh` installs them).

use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../browser")
}

/// What is missing to run the browser tests, if anything.
fn missing_tools(dir: &Path) -> Option<String> {
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is not installed".into());
    }
    if !Path::new(CHROMIUM).exists() {
        return Some(format!(
            "{CHROMIUM} is not installed (apt-get install chromium)"
        ));
    }
    if !dir.join("node_modules/playwright-core").is_dir() {
        return Some("browser/node_modules is missing (cd browser && npm ci)".into());
    }
    None
}

/// The files that measure the table's pace in the page (how long a card stays in view):
/// run alone, as a page starved of the CPU by other Chromiums shows two paced snapshots
/// at once (a card measured at 107 ms against its 800 ms beat in one CI run).
const TIMED: [&str; 1] = ["pace.test.js"];

/// How many of the other files run at once: their time is mostly a page waiting for the
/// server and its own animations, so three at a time overlap their waits on two cores.
const AT_ONCE: usize = 3;

/// The longest files (about three minutes each, one at a time), started first so that the
/// short ones fill the other places beside them instead of one long file running last.
const LONGEST: [&str; 3] = ["newcomer.test.js", "solo.test.js", "follow.test.js"];

#[test]
fn the_web_client_plays_in_chromium() {
    let dir = browser_dir();
    if let Some(why) = missing_tools(&dir) {
        return testkit::missing(&format!("browser tests: {why}"));
    }
    let mut tests: Vec<PathBuf> = std::fs::read_dir(dir.join("tests"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".test.js"))
        .collect();
    tests.sort();
    assert!(tests.len() >= 4, "the browser tests are in browser/tests");
    let timed = |path: &PathBuf| TIMED.iter().any(|name| path.ends_with(name));
    let (alone, mut together): (Vec<PathBuf>, Vec<PathBuf>) = tests.into_iter().partition(timed);
    let rank = |path: &PathBuf| LONGEST.iter().position(|name| path.ends_with(name));
    together.sort_by_key(|path| rank(path).unwrap_or(LONGEST.len()));
    assert_eq!(
        alone.len(),
        TIMED.len(),
        "every timed file is in browser/tests"
    );
    let mut passed = 0;
    for (files, at_once) in [(alone, 1), (together, AT_ONCE)] {
        passed += run_node(&dir, &files, at_once);
    }
    assert!(
        passed >= 7,
        "fewer browser tests passed than exist: {passed}"
    );
}

/// Runs `files` with node's test runner, `at_once` files at a time; the tests passed.
fn run_node(dir: &Path, files: &[PathBuf], at_once: usize) -> u32 {
    let output = Command::new("node")
        .arg("--test")
        .arg(format!("--test-concurrency={at_once}"))
        .arg("--test-reporter=spec")
        .args(files)
        .current_dir(dir)
        .env("CARDTABLE_BIN", env!("CARGO_BIN_EXE_cardtable"))
        .env("CHROMIUM", CHROMIUM)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "browser tests failed:\n{report}");
    testkit::succeeded(&output, "the browser tests");
    // The reporter's summary: "ℹ pass N" and "ℹ fail 0".
    let count = |what: &str| -> Option<u32> {
        report
            .lines()
            .find_map(|line| line.strip_prefix(&format!("ℹ {what} ")))
            .and_then(|n| n.trim().parse().ok())
    };
    assert_eq!(count("fail"), Some(0), "{report}");
    count("pass").unwrap_or_else(|| panic!("no summary:\n{report}"))
}
