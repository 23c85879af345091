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
    let output = Command::new("node")
        .args(["--test", "--test-concurrency=1", "--test-reporter=spec"])
        .args(&tests)
        .current_dir(&dir)
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
    assert!(
        count("pass") >= Some(7),
        "fewer browser tests passed than exist:\n{report}"
    );
}
