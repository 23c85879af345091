//! `cardtable check` against real programs, really run: cardtable's own handout binaries
//! pass every case, planted faults (small "student programs" written here, each a
//! wrapper around the real binary that changes one thing) are each found, named, shown
//! on the right line and shrunk, and bad input to `check` itself gets a clear error with
//! nothing left running.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn cardtable() -> &'static str {
    env!("CARGO_BIN_EXE_cardtable")
}

/// A handout binary beside cardtable's (`cargo test --workspace` builds them all before
/// any test runs); `None` (a skip, a failure under CI) when it was not built.
fn handout_binary(name: &str) -> Option<PathBuf> {
    let path = Path::new(cardtable()).with_file_name(name);
    if path.is_file() {
        return Some(path);
    }
    testkit::missing(&format!(
        "{} is not built (cargo test --workspace builds it)",
        path.display()
    ));
    None
}

/// Runs `cardtable check ARGS` with the scratch folders under `tmp`.
fn check(args: &[&str], tmp: &Path) -> Output {
    Command::new(cardtable())
        .arg("check")
        .args(args)
        .env("TMPDIR", tmp)
        .output()
        .expect("cardtable runs")
}

/// A "student program": a bash script in `dir` named `name` with `body`, where `$REAL`
/// is the real binary, run as the handout names it (`exec -a "$0"`).
fn student(dir: &Path, name: &str, real: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let text = format!(
        "#!/bin/bash\nREAL='{}'\nset -o pipefail\n{body}\n",
        real.display()
    );
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A folder of planted faults, each a student program around one real handout binary.
struct Faults {
    dir: tempfile::TempDir,
    real: PathBuf,
}

impl Faults {
    /// Faults around the handout binary `binary`; `None` (a skip) when it was not built.
    fn around(binary: &str) -> Option<Faults> {
        let real = handout_binary(binary)?;
        let dir = tempfile::tempdir().unwrap();
        Some(Faults { dir, real })
    }

    /// The student program `name` with `body` (see [`student`]).
    fn student(&self, name: &str, body: &str) -> PathBuf {
        student(self.dir.path(), name, &self.real, body)
    }
}

/// The one planted fault `name` with `body` around `binary`, and its folder (kept alive
/// while the fault runs); `None` (a skip) when the binary was not built.
fn planted(binary: &str, name: &str, body: &str) -> Option<(Faults, PathBuf)> {
    let faults = Faults::around(binary)?;
    let fault = faults.student(name, body);
    Some((faults, fault))
}

/// The JSON report's cases.
fn cases(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The first shrunk failure of `category` in the report.
fn shrunk<'a>(cases: &'a [Value], category: &str) -> &'a Value {
    cases
        .iter()
        .find(|c| c["category"] == category && c["shrunk"].is_object())
        .unwrap_or_else(|| panic!("no shrunk {category} failure"))
}

fn size(case: &Value, measure: &str) -> u64 {
    case["size"][measure]
        .as_u64()
        .unwrap_or_else(|| panic!("no {measure}: {case}"))
}

/// The shrunk case measures no more than each bound says.
fn at_most(shrunk: &Value, bounds: &[(&str, u64)]) {
    for &(measure, most) in bounds {
        assert!(size(shrunk, measure) <= most, "{measure}: {shrunk}");
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `cardtable check ARGS -- PROGRAM` with the scratch folders under `tmp`.
fn check_program(args: &[&str], program: &Path, tmp: &Path) -> Output {
    Command::new(cardtable())
        .arg("check")
        .args(args)
        .arg("--")
        .arg(program)
        .env("TMPDIR", tmp)
        .output()
        .expect("cardtable runs")
}

/// `cardtable check HANDOUT ARGS --format json -- PROGRAM`, which must find a failure
/// (exit status 1) and leave nothing in its scratch folder: every case's object.
fn failing(handout: &str, args: &[&str], program: &Path) -> Vec<Value> {
    let scratch = tempfile::tempdir().unwrap();
    let args = [&[handout], args, &["--format", "json"]].concat();
    let output = check_program(&args, program, scratch.path());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    left_nothing(scratch.path());
    cases(&output)
}

/// The JSON report's cases of `check HANDOUT ARGS -- PROGRAM` for a student program that
/// runs cardtable's `binary` through the shell `body`, which must fail, with the folder it
/// lives in (kept to the test's end); `None` (a skip) when `binary` was not built.
fn planted_and_checked(
    (binary, name, body): (&str, &str, &str),
    handout: &str,
    args: &[&str],
) -> Option<(Faults, Vec<Value>)> {
    let (faults, fault) = planted(binary, name, body)?;
    let cases = failing(handout, args, &fault);
    Some((faults, cases))
}

/// The failed cases among `cases`, of which there must be some.
fn failed(cases: &[Value]) -> Vec<&Value> {
    let failed: Vec<&Value> = cases.iter().filter(|c| c["passed"] == false).collect();
    assert!(!failed.is_empty(), "nothing failed");
    failed
}

/// cardtable's own `binary` passes `count` cases of `handout`, a third in each of
/// `categories`, leaving nothing behind.
fn passes(handout: &str, binary: &Path, count: u64, categories: &[&str], args: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let output = Command::new(cardtable())
        .args(["check", handout, "--cases", &count.to_string()])
        .args(args)
        .arg("--")
        .arg(binary)
        .env_remove("TEENDOPANCH_RULES")
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", stderr(&output));
    let each = count / categories.len() as u64;
    for category in categories {
        let line = format!("  {category:<14} {each} passed, 0 failed\n");
        assert!(report.contains(&line), "{report}");
    }
    assert!(
        report.ends_with(&format!("{count} passed, 0 failed\n")),
        "{report}"
    );
    left_nothing(tmp.path());
    report.into_owned()
}

/// cardtable's own handout binary `binary` passes 300 cases of `handout`, a third in each
/// of `categories`; a skip when it was not built.
fn own_program_passes(handout: &str, binary: &str, categories: &[&str]) {
    if let Some(program) = handout_binary(binary) {
        passes(handout, &program, 300, categories, &[]);
    }
}

/// Nothing of a check is left in its scratch folder.
fn left_nothing(tmp: &Path) {
    let left: Vec<_> = std::fs::read_dir(tmp).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn cardtables_own_eecs280_programs_pass_every_case() {
    let Some(euchre) = handout_binary("euchre280") else {
        return;
    };
    let categories = ["computers", "human-input", "errors"];
    passes("eecs280-euchre", &euchre, 300, &categories, &[]);
    let Some(teendopanch) = handout_binary("teendopanch") else {
        return;
    };
    // The author's reference program by default, and the handout's text on request: the
    // program is told the rules by check (TEENDOPANCH_RULES), as the reference is.
    let report = passes("eecs280-teendopanch", &teendopanch, 300, &categories, &[]);
    let first = report.lines().next().unwrap();
    assert!(first.contains("TEENDOPANCH_RULES=reference"), "{first}");
    let rules = ["--rules", "handout"];
    let report = passes("eecs280-teendopanch", &teendopanch, 90, &categories, &rules);
    let first = report.lines().next().unwrap();
    assert!(first.contains("the handout's text"), "{first}");
}

#[test]
fn a_wrong_score_past_7_points_is_found_and_shrunk_to_a_game_to_8_or_less() {
    // Scores of 8 and up printed with two spaces.
    let fault = (
        "euchre280",
        "score.sh",
        r#"(exec -a "$0" "$REAL" "$@") | sed -E 's/have ([89]|[1-9][0-9]) points$/have \1  points/'"#,
    );
    let Some((_faults, cases)) = planted_and_checked(fault, "eecs280-euchre", &["--cases", "40"])
    else {
        return;
    };
    let failed = failed(&cases);
    for case in &failed {
        assert_eq!(case["failure"]["kind"], "output", "{case}");
        // The line the reference printed: a score of 8 or more, which the fault spaced.
        let expected = case["failure"]["difference"]["expected"].as_str().unwrap();
        let got = case["failure"]["difference"]["got"].as_str().unwrap();
        let points: u32 = expected
            .split(" have ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(points >= 8, "{expected}");
        assert_eq!(got, expected.replace(" points", "  points"));
    }
    // No case of the errors category fails: they print no score.
    assert!(failed.iter().all(|c| c["category"] != "errors"));
    // By hand: a game to 8 points among Simple players always ends with a score of 8 or
    // more printed, with the handout's pack, unshuffled, one-letter names.
    let smallest = &shrunk(&cases, "computers")["shrunk"];
    assert!(size(smallest, "points") <= 8, "{smallest}");
    for measure in [
        "people",
        "answers",
        "cards out of order",
        "shuffle",
        "letters",
    ] {
        assert_eq!(size(smallest, measure), 0, "{measure}: {smallest}");
    }
}

/// Two faults in one program (issue 69): scores of 8 and up printed with two spaces, and
/// in a game to 5 points or fewer, the winners' line ended with a space. They are two
/// groups, each shrunk to a case whose first difference is its own fault: a game to fewer
/// points, which shows only the winners' fault, is smaller than the score's case and fails
/// with the same kind (output differs), but not the same way.
#[test]
fn two_faults_are_two_groups_each_shrunk_to_its_own_first_difference() {
    let fault = (
        "euchre280",
        "two.sh",
        r#"if [ "$3" -le 5 ]; then end='s/win!$/win! /'; else end='s/^$//'; fi
(exec -a "$0" "$REAL" "$@") | sed -E -e 's/have ([89]|[1-9][0-9]) points$/have \1  points/' -e "$end""#,
    );
    let args = ["--cases", "40", "--category", "computers"];
    let Some((_faults, cases)) = planted_and_checked(fault, "eecs280-euchre", &args) else {
        return;
    };
    let first = |case: &Value| {
        let difference = &case["failure"]["difference"];
        let text = |side: &str| difference[side].as_str().unwrap_or("").to_string();
        (text("expected"), text("got"))
    };
    let is_score = |(expected, got): &(String, String)| {
        expected.contains(" have ") && *got == expected.replace(" points", "  points")
    };
    let is_end = |(expected, got): &(String, String)| {
        expected.ends_with("win!\n") && *got == expected.replace("win!", "win! ")
    };
    let groups: Vec<&Value> = cases.iter().filter(|c| c["shrunk"].is_object()).collect();
    let (mut scores, mut ends) = (0, 0);
    for group in &groups {
        let found = first(group);
        let smallest = first(&group["shrunk"]);
        if is_score(&found) {
            assert!(is_score(&smallest), "a score fault shrunk to {smallest:?}");
            scores += 1;
        } else {
            assert!(is_end(&found), "{found:?}");
            assert!(is_end(&smallest), "a winners' fault shrunk to {smallest:?}");
            ends += 1;
        }
    }
    assert!(
        scores >= 1 && ends >= 1,
        "{scores} score and {ends} winners' groups"
    );
    // By hand: EECS 280 scores 1 or 2 points a hand (no going alone), so a side ends a
    // game to N points with N + 1 at most: a score of 8 needs a game to 7 or more, and a
    // game to 8 always prints one. The shrunk score case is a game to 7 or 8 (not one to
    // 5 or fewer, which shows only the winners' fault).
    let score_group = groups.iter().find(|g| is_score(&first(g))).unwrap();
    let points = size(&score_group["shrunk"], "points");
    assert!((7..=8).contains(&points), "{score_group}");
}

/// A student program's body that ends the winners' line with a space.
const TRAILING_SPACE: &str = r#"(exec -a "$0" "$REAL" "$@") | sed -E 's/win!$/win! /'"#;

#[test]
fn a_trailing_space_on_one_line_is_shown_and_shrunk_to_a_one_point_game() {
    let Some((_faults, fault)) = planted("euchre280", "space.sh", TRAILING_SPACE) else {
        return;
    };
    let scratch = tempfile::tempdir().unwrap();
    let output = check_program(&["eecs280-euchre", "--cases", "12"], &fault, scratch.path());
    assert_eq!(output.status.code(), Some(1));
    let report = String::from_utf8_lossy(&output.stdout);
    // The window marks the line and shows the space; the shrunk case comes first.
    let marked = |l: &str| l.contains(" win!  ") && l.contains(" | ") && l.ends_with(" win!·");
    assert!(report.lines().any(marked), "{report}");
    assert!(report.contains("shrunk in"), "{report}");
    let cases = failing("eecs280-euchre", &["--cases", "12"], &fault);
    // By hand: any game ends with the winners' line, so the smallest is a game to 1 of
    // four Simple players with one-letter names and the handout's pack as it is.
    let smallest = &shrunk(&cases, "computers")["shrunk"];
    let args: Vec<&str> = (smallest["args"].as_array().unwrap().iter())
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(args[..3], ["pack.in", "noshuffle", "1"], "{smallest}");
    for seat in args[3..].chunks(2) {
        assert_eq!(
            (seat[0].chars().count(), seat[1]),
            (1, "Simple"),
            "{smallest}"
        );
    }
    assert_eq!(size(smallest, "cards out of order"), 0, "{smallest}");
    // With a person kept (the case is about people), one point and the fewest answers.
    let person = &shrunk(&cases, "human-input")["shrunk"];
    assert_eq!(
        (size(person, "points"), size(person, "people")),
        (1, 1),
        "{person}"
    );
}

#[test]
fn error_cases_find_a_wrong_usage_line_and_exit_0_on_error() {
    let Some(faults) = Faults::around("euchre280") else {
        return;
    };
    let usage = faults.student(
        "usage.sh",
        r#"(exec -a "$0" "$REAL" "$@") | sed 's/^Usage: euchre.exe /Usage: euchre /'"#,
    );
    let status = faults.student("status.sh", r#"(exec -a "$0" "$REAL" "$@"); exit 0"#);
    for (fault, kind) in [(&usage, "output"), (&status, "status")] {
        let cases = failing(
            "eecs280-euchre",
            &["--cases", "30", "--category", "errors"],
            fault,
        );
        assert_eq!(cases.len(), 30);
        assert!(cases.iter().all(|c| c["category"] == "errors"));
        let failed = failed(&cases);
        for case in &failed {
            assert_eq!(case["failure"]["kind"], kind, "{case}");
        }
        if kind == "output" {
            // Only the usage line differs (a missing pack file prints no usage), on line 1.
            for case in &failed {
                assert_eq!(case["failure"]["difference"]["line"], 1, "{case}");
                let expected = case["failure"]["difference"]["expected"].as_str().unwrap();
                assert!(
                    expected.starts_with("Usage: euchre.exe PACK_FILENAME"),
                    "{expected}"
                );
            }
        } else {
            // The handout: an error exits non-zero; the fault said 0.
            for case in &failed {
                assert_eq!(case["program_ending"]["status"], 0, "{case}");
                assert_ne!(case["reference_ending"]["status"], 0, "{case}");
            }
        }
        // By hand: no arguments at all is the smallest wrong command line.
        assert_eq!(size(&shrunk(&cases, "errors")["shrunk"], "arguments"), 0);
    }
}

#[test]
fn a_crash_on_one_card_is_named_with_its_signal_and_shrunk_to_the_first_hand_that_shows_it() {
    // A segmentation fault whenever the Jack of Diamonds is turned up, after the lines
    // before it.
    let fault = (
        "euchre280",
        "crash.sh",
        r#"out=$(exec -a "$0" "$REAL" "$@"); code=$?
if grep -q '^Jack of Diamonds turned up$' <<<"$out"; then
  sed '/^Jack of Diamonds turned up$/q' <<<"$out"; kill -SEGV $$
fi
printf '%s\n' "$out"; exit $code"#,
    );
    let Some((faults, cases)) = planted_and_checked(fault, "eecs280-euchre", &["--cases", "40"])
    else {
        return;
    };
    let failed = failed(&cases);
    for case in &failed {
        assert_eq!(case["failure"]["kind"], "crashed", "{case}");
        assert_eq!(case["program_ending"]["signal"], 11, "{case}");
    }
    // By hand (the EECS 280 reference test00): the handout's pack unshuffled turns the
    // Jack of Diamonds up in the first hand, so a game to 1 among Simple players shows it.
    let smallest = &shrunk(&cases, "computers")["shrunk"];
    let bounds = [
        ("points", 1),
        ("people", 0),
        ("cards out of order", 0),
        ("shuffle", 0),
    ];
    at_most(smallest, &bounds);
    let args = ["eecs280-euchre", "--cases", "8", "--no-shrink"];
    let text = check_program(&args, &faults.dir.path().join(fault.1), faults.dir.path());
    let report = String::from_utf8_lossy(&text.stdout);
    assert!(
        report.contains("killed by signal 11 (SIGSEGV, a segmentation fault)"),
        "{report}"
    );
}

#[test]
fn a_hang_on_one_pack_and_a_read_past_the_input_are_judged_and_nothing_is_left_running() {
    let Some(faults) = Faults::around("euchre280") else {
        return;
    };
    // An endless wait (a child process that would outlive the program) on any pack not
    // starting with the handout's first card.
    let hang = faults.student(
        "hang.sh",
        r#"if [ "$(head -1 pack.in)" != "Nine of Spades" ]; then sleep 987654 & wait; fi
exec -a "$0" "$REAL" "$@""#,
    );
    let scratch = tempfile::tempdir().unwrap();
    let cases = failing(
        "eecs280-euchre",
        &["--cases", "24", "--timeout", "0.5"],
        &hang,
    );
    let failed = failed(&cases);
    for case in &failed {
        assert_eq!(case["failure"]["kind"], "timed-out", "{case}");
        assert_ne!(
            case["files"]["pack.in"].as_str().unwrap().lines().next(),
            Some("Nine of Spades")
        );
    }
    // By hand: a game to 1 among Simple players whose pack has one card swapped with the
    // Nine of Spades (two cards out of order).
    let smallest = &shrunk(&cases, "computers")["shrunk"];
    at_most(
        smallest,
        &[("points", 1), ("people", 0), ("cards out of order", 2)],
    );
    // Standard input ends as the course's `< file` ends it. A program that reads one more
    // answer than the game needs meets the end of the input, and what it does then is
    // judged: this one exits 1 (bash's `read` at an end of file), not the reference's 0.
    let greedy = faults.student("greedy.sh", r#"(exec -a "$0" "$REAL" "$@"); read -r more"#);
    let args = [
        "eecs280-euchre",
        "--cases",
        "6",
        "--timeout",
        "5",
        "--category",
        "human-input",
        "--no-shrink",
    ];
    let output = check_program(&args, &greedy, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("exit status differs"), "{report}");
    assert!(report.contains("yours: exit status 1"), "{report}");
    assert!(report.ends_with("0 passed, 6 failed\n"), "{report}");
    // A correct program that reads all of its input before it plays (as a course's
    // `./euchre.exe … < euchre_test50.in` allows) passes every human-input case.
    let slurper = faults.student(
        "slurp.sh",
        r#"input="$(cat; echo .)"; printf '%s' "${input%.}" | exec -a "$0" "$REAL" "$@""#,
    );
    let output = check_program(&args, &slurper, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.ends_with("6 passed, 0 failed\n"), "{report}");
    // The process table holds none of the programs' children.
    let ps = Command::new("ps").args(["-eo", "args"]).output().unwrap();
    let table = String::from_utf8_lossy(&ps.stdout);
    assert!(!table.contains("sleep 987654"), "{table}");
    left_nothing(scratch.path());
}

#[test]
fn floods_gigabyte_files_and_deleted_inputs_are_reported_and_the_check_goes_on() {
    let Some(faults) = Faults::around("euchre280") else {
        return;
    };
    let scratch = tempfile::tempdir().unwrap();
    let run = |fault: &Path, extra: &[&str]| {
        let args = [&["eecs280-euchre", "--cases", "3", "--no-shrink"], extra].concat();
        check_program(&args, fault, scratch.path())
    };
    let flood = faults.student("flood.sh", "exec yes");
    let report = run(&flood, &["--output", "1"]);
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(
        text.contains("stopped for flooding: more than 1048576 bytes of output"),
        "{text}"
    );
    assert!(text.ends_with("0 passed, 3 failed\n"), "{text}");
    // Three gigabytes to disk: stopped at the file size limit.
    let disk = faults.student("disk.sh", "exec head -c 3G /dev/zero > big.bin");
    let text = String::from_utf8_lossy(&run(&disk, &[]).stdout).into_owned();
    assert!(
        text.contains("killed by signal 25 (SIGXFSZ, a file past the size limit)"),
        "{text}"
    );
    // Its own input deleted: its own folder's, the reference's untouched.
    let deleter = faults.student("delete.sh", r#"rm -f pack.in; exec -a "$0" "$REAL" "$@""#);
    let text =
        String::from_utf8_lossy(&run(&deleter, &["--category", "computers"]).stdout).into_owned();
    assert!(
        text.contains("got:      \"Error opening pack.in\\n\""),
        "{text}"
    );
    assert!(text.ends_with("0 passed, 3 failed\n"), "{text}");
    left_nothing(scratch.path());
}

#[test]
fn bad_input_to_check_gets_a_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let text_file = tmp.path().join("euchre.cpp");
    std::fs::write(&text_file, "int main() {}\n").unwrap();
    let said = |args: &[&str]| {
        let output = check(args, tmp.path());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        stderr(&output)
    };
    let missing = said(&["eecs280-euchre", "--", "./no-such-euchre.exe"]);
    assert!(
        missing.contains("./no-such-euchre.exe: no such program"),
        "{missing}"
    );
    let plain = said(&["eecs280-euchre", "--", text_file.to_str().unwrap()]);
    assert!(plain.contains("not an executable file"), "{plain}");
    // A bare name is looked up on PATH, as a shell does; one in the folder is named.
    let here = Command::new(cardtable())
        .args(["check", "eecs280-euchre", "--", "euchre.cpp"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert!(
        stderr(&here).contains("the one in this folder is ./euchre.cpp"),
        "{}",
        stderr(&here)
    );
    // A name both in the folder and on PATH is not guessed at.
    std::fs::write(tmp.path().join("test"), "#!/bin/sh\n").unwrap();
    let both = Command::new(cardtable())
        .args(["check", "eecs280-euchre", "--", "test"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2));
    assert!(
        stderr(&both).contains("test is both ./test and "),
        "{}",
        stderr(&both)
    );
    std::fs::remove_file(tmp.path().join("test")).unwrap();
    let handout = said(&["eecs281-euchre", "--", "/bin/true"]);
    assert!(handout.contains("no handout 'eecs281-euchre'"), "{handout}");
    let none = said(&["eecs280-euchre", "--cases", "0", "--", "/bin/true"]);
    assert!(none.contains("--cases"), "{none}");
    let category = said(&["cs246-straights", "--category", "errors", "--", "/bin/true"]);
    assert!(
        category.contains("cs246-straights has no errors cases"),
        "{category}"
    );
    let timeout = said(&["eecs280-euchre", "--timeout=-1", "--", "/bin/true"]);
    assert!(timeout.contains("--timeout"), "{timeout}");
    // The file itself was left alone, and nothing else was made.
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(left.len(), 1);
}

#[test]
fn gradescope_results_and_kept_cases_say_what_failed() {
    let Some((faults, fault)) = planted("euchre280", "space.sh", TRAILING_SPACE) else {
        return;
    };
    let tmp = &faults.dir;
    let results = tmp.path().join("results.json");
    let kept = tmp.path().join("kept");
    let output = Command::new(cardtable())
        .args(["check", "eecs280-euchre", "--cases", "9", "--gradescope"])
        .arg(&results)
        .arg("--keep")
        .arg(&kept)
        .arg("--")
        .arg(&fault)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    // Gradescope's format: a test per category with score, max_score, output, visibility.
    let results: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let tests = results["tests"].as_array().unwrap();
    let named: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        named,
        [
            "eecs280-euchre: errors",
            "eecs280-euchre: computers",
            "eecs280-euchre: human-input"
        ]
    );
    for test in tests {
        assert_eq!(test["max_score"], 3);
        assert_eq!(test["visibility"], "visible");
    }
    // The errors print no winners' line: they pass; every game fails.
    assert_eq!(tests[0]["score"], 3);
    assert_eq!(
        (tests[1]["score"].as_u64(), tests[2]["score"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(tests[1]["output"]
        .as_str()
        .unwrap()
        .contains("0 of 3 cases passed."));
    assert_eq!(results["score"], 3);
    // Each failing case's folder: its files, its command, both outputs; the shrunk case
    // beside it.
    let case = kept.join("case-1");
    for file in [
        "pack.in",
        "command.sh",
        "expected.out",
        "expected.status",
        "got.out",
        "got.status",
        "got.err",
        "shrunk/command.sh",
    ] {
        assert!(case.join(file).is_file(), "{file}");
    }
    let command = std::fs::read_to_string(case.join("command.sh")).unwrap();
    assert!(
        command.starts_with("# Put your program here as euchre.exe"),
        "{command}"
    );
    assert_eq!(
        std::fs::read_to_string(case.join("got.status")).unwrap(),
        "0\n"
    );
    let expected = std::fs::read_to_string(case.join("expected.out")).unwrap();
    let got = std::fs::read_to_string(case.join("got.out")).unwrap();
    assert_eq!(got, expected.replace("win!\n", "win! \n"));
    assert!(!kept.join("case-3").exists(), "an error case passes");
    // Points per category: errors worth 10 (all passed), computers 30 (none): 10 in all;
    // `status` says which categories failed.
    let output = Command::new(cardtable())
        .args([
            "check",
            "eecs280-euchre",
            "--cases",
            "9",
            "--no-shrink",
            "--gradescope",
        ])
        .arg(results_at(tmp.path()))
        .args(["--points", "errors=10", "--points", "computers=30", "--"])
        .arg(&fault)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let scaled: Value =
        serde_json::from_str(&std::fs::read_to_string(results_at(tmp.path())).unwrap()).unwrap();
    let tests = scaled["tests"].as_array().unwrap();
    let scores: Vec<(f64, f64, &str)> = (tests.iter())
        .map(|t| {
            let n = |k: &str| t[k].as_f64().unwrap();
            (n("score"), n("max_score"), t["status"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        scores,
        [
            (10.0, 10.0, "passed"),
            (0.0, 30.0, "failed"),
            (0.0, 3.0, "failed")
        ]
    );
    assert_eq!(scaled["score"], 10);
    // A check that cannot run still writes a result: 0, and why.
    let missing = tmp.path().join("no-such-program");
    let output = Command::new(cardtable())
        .args(["check", "eecs280-euchre", "--gradescope"])
        .arg(results_at(tmp.path()))
        .arg("--")
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let failed: Value =
        serde_json::from_str(&std::fs::read_to_string(results_at(tmp.path())).unwrap()).unwrap();
    assert_eq!(failed["score"], 0);
    let why = failed["output"].as_str().unwrap();
    assert!(
        why.starts_with("The check could not run: ") && why.contains("no such program"),
        "{why}"
    );
    let bad = Command::new(cardtable())
        .args([
            "check",
            "eecs280-euchre",
            "--points",
            "computers=lots",
            "--",
            "/bin/true",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("--points computers=lots"),
        "{}",
        stderr(&bad)
    );
}

/// Where a test writes a second `results.json`.
fn results_at(dir: &Path) -> PathBuf {
    dir.join("again.json")
}

/// A differing line of megabytes is quoted by its start and the rest counted, so the
/// report, the JSON and Gradescope's file stay small; a case that no smaller case fails
/// like is said to be unshrunk.
#[test]
fn a_huge_line_is_quoted_short_and_an_unshrunk_case_says_so() {
    // The winners' line followed by 5 MB of x.
    let Some((faults, fault)) = planted(
        "euchre280",
        "huge.sh",
        r#"(exec -a "$0" "$REAL" "$@") | awk '/win!$/ { printf "%s", $0; for (i = 0; i < 50000; i++) printf "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"; print ""; next } { print }'"#,
    ) else {
        return;
    };
    let tmp = faults.dir.path();
    let results = tmp.join("results.json");
    let args = [
        "check",
        "eecs280-euchre",
        "--cases",
        "3",
        "--category",
        "computers",
    ];
    let text = Command::new(cardtable())
        .args(args)
        .arg("--gradescope")
        .arg(&results)
        .arg("--")
        .arg(&fault)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    assert_eq!(text.status.code(), Some(1), "{}", stderr(&text));
    assert!(text.stdout.len() < 100_000, "{} bytes", text.stdout.len());
    let report = String::from_utf8_lossy(&text.stdout);
    assert!(report.contains("x… (4999"), "{report}");
    assert!(std::fs::metadata(&results).unwrap().len() < 100_000);
    let json = Command::new(cardtable())
        .args(args)
        .args(["--format", "json", "--no-shrink", "--"])
        .arg(&fault)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    assert!(json.stdout.len() < 100_000, "{} bytes", json.stdout.len());
    // A fault on exactly one case (its arguments and its pack, as exported): no case one
    // step smaller shows it, and the report says the case was not shrunk.
    let export = tmp.join("export");
    let out = Command::new(cardtable())
        .args([
            "check",
            "eecs280-euchre",
            "--cases",
            "1",
            "--category",
            "computers",
            "--export",
        ])
        .arg(&export)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let case = export.join("case-1");
    let command = std::fs::read_to_string(case.join("command.sh")).unwrap();
    let line = command.lines().nth(1).unwrap();
    let case_args = line.strip_prefix("./euchre.exe ").unwrap();
    let only = faults.student(
        "only.sh",
        &format!(
            r#"if [ "$*" = '{case_args}' ] && cmp -s pack.in '{}'; then (exec -a "$0" "$REAL" "$@") | sed -E 's/win!$/win! /'; else exec -a "$0" "$REAL" "$@"; fi"#,
            case.join("pack.in").display()
        ),
    );
    let one = Command::new(cardtable())
        .args([
            "check",
            "eecs280-euchre",
            "--cases",
            "1",
            "--category",
            "computers",
            "--",
        ])
        .arg(&only)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&one.stdout);
    assert!(
        report.contains("not shrunk: no smaller case of ") && !report.contains("shrunk in"),
        "{report}"
    );
}

#[test]
fn cardtables_own_cs246_programs_pass_every_case() {
    let programs = [
        (
            "cs246-straights",
            "straights",
            ["computers", "human-input", "wrong-answers"],
        ),
        (
            "cs246-euchre",
            "euchre",
            ["human-input", "wrong-answers", "saved-games"],
        ),
    ];
    for (handout, binary, categories) in programs {
        own_program_passes(handout, binary, &categories);
    }
}

#[test]
fn a_reversed_reprompt_in_straights_is_found_on_its_line_and_shrunk_to_one_wrong_play() {
    // The handout (5.5.2): after an illegal play the program says "This is not a legal
    // play." and prompts again; this one prompts first.
    let fault = (
        "straights",
        "reprompt.sh",
        r#"(exec -a "$0" "$REAL" "$@") | sed 's/^>This is not a legal play\.$/This is not a legal play.\n>/'"#,
    );
    let Some((_faults, cases)) = planted_and_checked(fault, "cs246-straights", &["--cases", "30"])
    else {
        return;
    };
    for case in cases.iter().filter(|c| c["passed"] == false) {
        // Only the cases with a wrong answer fail, at the refusal.
        assert_eq!(case["category"], "wrong-answers", "{case}");
        assert_eq!(case["failure"]["kind"], "output", "{case}");
        let difference = &case["failure"]["difference"];
        assert_eq!(
            difference["expected"], ">This is not a legal play.\n",
            "{case}"
        );
        assert_eq!(difference["got"], "This is not a legal play.\n", "{case}");
    }
    // By hand: one person who makes one illegal play and then quits shows it — two
    // commands after the four h/c answers.
    let smallest = &shrunk(&cases, "wrong-answers")["shrunk"];
    at_most(
        smallest,
        &[("people", 1), ("wrong answers", 1), ("commands", 2)],
    );
}

#[test]
fn a_missed_renege_penalty_is_found_and_shrunk_to_one_renege() {
    // The handout (2.5.1, 2.6): a renege scores 2 for the other team, whose new score is
    // printed; this program prints the score without them.
    let fault = (
        "euchre",
        "renege.sh",
        r#"(exec -a "$0" "$REAL" "$@") | perl -pe 'if ($prev =~ /ERROR: renegeing/ && /is now (\d+)\.$/) { my $n = $1 - 2; s/is now \d+\./is now $n./ } $prev = $_'"#,
    );
    let Some((_faults, cases)) = planted_and_checked(fault, "cs246-euchre", &["--cases", "60"])
    else {
        return;
    };
    let failed = failed(&cases);
    for case in &failed {
        assert_eq!(case["category"], "wrong-answers", "{case}");
        let difference = &case["failure"]["difference"];
        let expected = difference["expected"].as_str().unwrap();
        let got = difference["got"].as_str().unwrap();
        let score = |line: &str| -> u32 {
            let n = line
                .strip_prefix("Score for Team ")
                .unwrap()
                .split("is now ")
                .nth(1);
            n.unwrap().trim_end_matches(".\n").parse().unwrap()
        };
        assert_eq!(score(expected), score(got) + 2, "{case}");
        // The line above it in the window is the renege's error.
        let window = difference["window"].as_str().unwrap();
        let at = window
            .lines()
            .position(|l| l.contains(" | Score for Team"))
            .unwrap();
        assert!(
            window
                .lines()
                .nth(at - 1)
                .unwrap()
                .contains("ERROR: renegeing with card"),
            "{window}"
        );
    }
    // By hand: one renege shows it, with no saved game, no debug output and the
    // default seed.
    let smallest = &shrunk(&cases, "wrong-answers")["shrunk"];
    at_most(
        smallest,
        &[("wrong answers", 1), ("saved game", 0), ("debug", 0)],
    );
}

#[test]
fn a_program_that_refuses_100_points_fails_on_the_default_cases() {
    // The handout: POINTS_TO_WIN from 1 to 100; this one stops at 99.
    let fault = (
        "euchre280",
        "hundred.sh",
        r#"if [ "$3" = 100 ]; then exec -a "$0" "$REAL" "$1" "$2" 101 "${@:4}"; fi
exec -a "$0" "$REAL" "$@""#,
    );
    let Some((faults, found)) = planted_and_checked(fault, "eecs280-euchre", &["--no-shrink"])
    else {
        return;
    };
    let failed = failed(&found);
    for case in failed {
        assert_eq!(case["args"][2], "100", "{case}");
    }
    // And a case past --cases is the same case as in a longer run.
    let json = |how_many: &str| {
        let args = ["eecs280-euchre", how_many, "301", "--format", "json"];
        cases(&check_program(&args, &faults.real, faults.dir.path()))
    };
    let (alone, longer) = (json("--case"), json("--cases"));
    assert_eq!(alone.len(), 1);
    assert_eq!(alone[0]["command"], longer[300]["command"]);
}

/// CS 246 Euchre's reference prints the handout's line after every trick (2.4.2: `Player
/// X takes the trick.` then `Score for Team X-Y is now N.`), and says in its first line
/// that it is cardtable's reading of the handout, naming the readings. A program that
/// prints a score only where it changed (the other `trick-score` reading) fails on that
/// line and passes with `--reading trick-score=when-changed`; a reading is refused by
/// name where it is unknown, and on a handout with none.
#[test]
fn the_cs246_euchre_reference_prints_the_handouts_trick_score_and_names_its_readings() {
    let Some(faults) = Faults::around("euchre") else {
        return;
    };
    let changed = faults.student(
        "changed.sh",
        r#"CS246_EUCHRE_READINGS=trick-score=when-changed exec -a "$0" "$REAL" "$@""#,
    );
    let scratch = tempfile::tempdir().unwrap();
    let args = [
        "cs246-euchre",
        "--cases",
        "6",
        "--category",
        "human-input",
        "--no-shrink",
    ];
    let output = check_program(&args, &changed, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let first = report.lines().next().unwrap();
    assert!(
        first.contains("cardtable's reading of the handout")
            && first
                .contains("trick-score=every-trick, hand-line=after-prompt, loaded-scores=first"),
        "{first}"
    );
    assert!(report.contains("expected: \"Score for Team"), "{report}");
    let reading = [&args[..], &["--reading", "trick-score=when-changed"]].concat();
    let output = check_program(&reading, &changed, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.ends_with("6 passed, 0 failed\n"), "{report}");
    assert!(report.contains("trick-score=when-changed"), "{report}");
    for (handout, reading, said) in [
        ("cs246-euchre", "trick-score=never", "no value 'never'"),
        ("cs246-euchre", "colour=red", "no reading 'colour'"),
        (
            "eecs280-euchre",
            "trick-score=every-trick",
            "has no readings",
        ),
    ] {
        let output = check(
            &[handout, "--reading", reading, "--", "/bin/true"],
            scratch.path(),
        );
        assert_eq!(output.status.code(), Some(2), "{reading}");
        assert!(stderr(&output).contains(said), "{}", stderr(&output));
    }
    left_nothing(scratch.path());
}

/// The lone-hand readings change who acts (the sitting-out dealer discards first; the
/// player opposite the dealer leads into a loner on its left): a program playing by them
/// fails against the defaults, on the first line where its dealer is asked to discard or
/// another player leads, and passes every case once `--reading` names them, its human's
/// answers scripted as the reference then plays.
#[test]
fn the_lone_hand_readings_change_who_acts_and_are_chosen_by_name() {
    let Some(faults) = Faults::around("euchre") else {
        return;
    };
    let other = faults.student(
        "lone.sh",
        r#"CS246_EUCHRE_READINGS=alone-pickup=picks-up,alone-leader=literal exec -a "$0" "$REAL" "$@""#,
    );
    let scratch = tempfile::tempdir().unwrap();
    let args = ["cs246-euchre", "--cases", "12", "--no-shrink"];
    let output = check_program(&args, &other, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("got:      \"Player 0, choose card to discard.\\n\""),
        "{report}"
    );
    let readings = [
        "--reading",
        "alone-pickup=picks-up",
        "--reading",
        "alone-leader=literal",
    ];
    let chosen = [&args[..], &readings].concat();
    let output = check_program(&chosen, &other, scratch.path());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.ends_with("12 passed, 0 failed\n"), "{report}");
    assert!(
        report.contains("alone-pickup=picks-up, alone-leader=literal"),
        "{report}"
    );
    left_nothing(scratch.path());
}

/// `--reference PROGRAM [ARG…]`: a course's own reference program (here a bash wrapper
/// around cardtable's `euchre280` that ends the winners' line with a space, standing for
/// a course's solution that differs) is run on every case in place of cardtable's, as
/// the handout runs a program. A student program that prints as the course's does passes,
/// cardtable's own then fails on that line, and the report says what the reference was.
#[test]
fn a_courses_own_reference_program_is_the_reference() {
    let Some(faults) = Faults::around("euchre280") else {
        return;
    };
    let course = faults.student("course.sh", TRAILING_SPACE);
    let like_course = faults.student("student.sh", TRAILING_SPACE);
    let scratch = tempfile::tempdir().unwrap();
    let run = |program: &Path| {
        Command::new(cardtable())
            .args([
                "check",
                "eecs280-euchre",
                "--cases",
                "6",
                "--no-shrink",
                "--reference",
            ])
            .arg(&course)
            .arg("--")
            .arg(program)
            .env("TMPDIR", scratch.path())
            .output()
            .unwrap()
    };
    let passed = run(&like_course);
    let report = String::from_utf8_lossy(&passed.stdout);
    assert!(
        report.ends_with("6 passed, 0 failed\n"),
        "{report}{}",
        stderr(&passed)
    );
    assert!(
        report
            .lines()
            .next()
            .unwrap()
            .contains("against the course's reference program"),
        "{report}"
    );
    let failed = run(&faults.real);
    let report = String::from_utf8_lossy(&failed.stdout);
    assert_eq!(failed.status.code(), Some(1), "{report}");
    assert!(
        report.contains(r#"expected: "Cathy and Zoe win! \n""#),
        "{report}"
    );
    left_nothing(scratch.path());
}
