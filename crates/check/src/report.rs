//! What a check says: a report a person reads (each failure's shrunk case first, its
//! command and files, the exit statuses, the first difference side by side), one JSON
//! object per case, Gradescope's `results.json`, and the failing cases' folders.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{json, Value};

use crate::case::{Case, Category};
use crate::check::{Checked, Shrunk};
use crate::handout::{Handout, Reference};
use crate::run::Ending;
use crate::way::SameWay;

/// A whole check's results.
pub struct Report {
    /// The handout.
    pub handout: Handout,
    /// Which reference.
    pub reference: Reference,
    /// How the handout's ambiguous points were read, where it has any.
    pub readings: Option<String>,
    /// What the reference was, in words: cardtable's ([`Handout::reference_words`]) or
    /// the course's own program (`--reference`).
    pub against: String,
    /// The seed the cases came from.
    pub seed: u64,
    /// Each case, in order.
    pub cases: Vec<CaseReport>,
}

/// One case's result.
pub struct CaseReport {
    /// Its number under the seed.
    pub number: usize,
    /// Its check.
    pub checked: Checked,
    /// For a failure, the smallest case that fails the same way.
    pub shrunk: Option<Shrunk>,
}

impl Report {
    /// How many passed and failed.
    pub fn tally(&self) -> (usize, usize) {
        let failed = self
            .cases
            .iter()
            .filter(|c| c.checked.failure.is_some())
            .count();
        (self.cases.len() - failed, failed)
    }

    /// `N passed, M failed`.
    pub fn summary(&self) -> String {
        let (passed, failed) = self.tally();
        format!("{passed} passed, {failed} failed")
    }

    /// The report for a person: a heading, each failure, the summary line.
    pub fn text(&self, kept: Option<&Path>) -> String {
        let mut out = format!(
            "cardtable check {}: {} from seed {}, against {}\n",
            self.handout,
            cases_words(self.cases.len()),
            self.seed,
            self.against
        );
        // Each category's first failure of each kind in full; the rest, likely the same
        // fault, a line each.
        let mut shown = Vec::new();
        for case in self.cases.iter().filter(|c| c.checked.failure.is_some()) {
            let key = same_way(case);
            let failure = case.checked.failure.as_ref().expect("a failure");
            match shown.iter().find(|(k, _)| *k == key) {
                Some((_, first)) => {
                    let line = (failure.difference.as_ref())
                        .map(|d| format!(" at line {}", d.line))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "FAIL case {} ({}): {}{line}, as case {first}",
                        case.number,
                        case.checked.case.category,
                        failure.kind.words()
                    );
                }
                None => {
                    shown.push((key, case.number));
                    out.push('\n');
                    out.push_str(&self.failure_text(case, kept));
                    out.push('\n');
                }
            }
        }
        out.push('\n');
        for category in Category::ALL {
            let of: Vec<&CaseReport> = (self.cases.iter())
                .filter(|c| c.checked.case.category == category)
                .collect();
            if !of.is_empty() {
                let failed = of.iter().filter(|c| c.checked.failure.is_some()).count();
                let _ = writeln!(
                    out,
                    "  {:<14} {} passed, {failed} failed",
                    category.name(),
                    of.len() - failed
                );
            }
        }
        let _ = writeln!(out, "{}", self.summary());
        out
    }

    fn failure_text(&self, case: &CaseReport, kept: Option<&Path>) -> String {
        let failure = case.checked.failure.as_ref().expect("a failure");
        let mut out = format!(
            "FAIL case {} ({}): {}\n",
            case.number,
            case.checked.case.category,
            failure.kind.words()
        );
        match &case.shrunk {
            Some(shrunk) if shrunk.steps > 0 => {
                let limit = stopped_words(shrunk);
                let _ = writeln!(
                    out,
                    "  shrunk in {} steps ({} runs{limit}) to the smallest case found that fails the same way:",
                    shrunk.steps, shrunk.runs
                );
                out.push_str(&indent(
                    &checked_text(
                        &shrunk.smallest,
                        kept.map(|k| k.join(format!("case-{}", case.number)).join("shrunk"))
                            .as_deref(),
                    ),
                    4,
                ));
                out.push_str("  the case as generated:\n");
            }
            Some(shrunk) => {
                let _ = writeln!(
                    out,
                    "  not shrunk: no smaller case of {} tried fails the same way{}; the case as generated:",
                    shrunk.runs,
                    stopped_words(shrunk)
                );
            }
            _ => {}
        }
        let folder = kept.map(|k| k.join(format!("case-{}", case.number)));
        out.push_str(&indent(&checked_text(&case.checked, folder.as_deref()), 4));
        out
    }

    /// One JSON object per case, a line each.
    pub fn json_lines(&self) -> String {
        let mut out = String::new();
        for case in &self.cases {
            let mut object = checked_json(&case.checked);
            object["handout"] = json!(self.handout.name());
            object["reference"] = json!(self.reference);
            object["seed"] = json!(self.seed);
            object["case"] = json!(case.number);
            if let Some(shrunk) = &case.shrunk {
                object["shrunk"] = checked_json(&shrunk.smallest);
                object["shrunk"]["steps"] = json!(shrunk.steps);
                object["shrunk"]["runs"] = json!(shrunk.runs);
            }
            out.push_str(&object.to_string());
            out.push('\n');
        }
        out
    }

    /// Gradescope's `results.json`: a test per category, its score the cases passed out
    /// of its cases (scaled to `points`' N for a category it names), its output the first
    /// failure's report (shrunk), `status` `passed` or `failed`.
    pub fn gradescope(&self, points: &[(Category, f64)]) -> Value {
        let mut tests = Vec::new();
        let mut total = 0.0;
        for category in Category::ALL {
            let of: Vec<&CaseReport> = (self.cases.iter())
                .filter(|c| c.checked.case.category == category)
                .collect();
            if of.is_empty() {
                continue;
            }
            let failed: Vec<&&CaseReport> =
                of.iter().filter(|c| c.checked.failure.is_some()).collect();
            let passed = of.len() - failed.len();
            // A case a point, or the category's points shared by its cases.
            let (score, most) = match points.iter().find(|(c, _)| *c == category) {
                Some((_, n)) => (json!(n * passed as f64 / of.len() as f64), json!(n)),
                None => (json!(passed), json!(of.len())),
            };
            total += score.as_f64().unwrap_or(0.0);
            let mut output = format!("{passed} of {} cases passed.\n", of.len());
            if let Some(first) = failed.first() {
                output.push('\n');
                output.push_str(&self.failure_text(first, None));
            }
            tests.push(json!({
                "name": format!("{}: {}", self.handout, category),
                "score": score,
                "max_score": most,
                "status": if failed.is_empty() { "passed" } else { "failed" },
                "output": output,
                "visibility": "visible",
            }));
        }
        // A whole score as a whole number (a case a point), else as it comes.
        let total = match total.fract() == 0.0 {
            true => json!(total as u64),
            false => json!(total),
        };
        json!({
            "score": total,
            "output": format!("{} (against {})", self.summary(), self.against),
            "tests": tests,
        })
    }

    /// Writes each failing case's folder under `dir`: `case-N/` (and `case-N/shrunk/`)
    /// with its files, `command.sh`, `expected.out` and `got.out`.
    pub fn keep(&self, dir: &Path) -> std::io::Result<()> {
        for case in self.cases.iter().filter(|c| c.checked.failure.is_some()) {
            let folder = dir.join(format!("case-{}", case.number));
            write_case(&folder, &case.checked)?;
            if let Some(shrunk) = case.shrunk.as_ref().filter(|s| s.steps > 0) {
                write_case(&folder.join("shrunk"), &shrunk.smallest)?;
            }
        }
        Ok(())
    }
}

fn write_case(folder: &Path, checked: &Checked) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)?;
    for (name, contents) in checked.case.all_files() {
        std::fs::write(folder.join(name), contents)?;
    }
    std::fs::write(folder.join("command.sh"), command_sh(&checked.case))?;
    std::fs::write(folder.join("expected.out"), &checked.reference.stdout)?;
    std::fs::write(
        folder.join("expected.status"),
        status_line(&checked.reference.ending),
    )?;
    std::fs::write(folder.join("got.out"), &checked.program.stdout)?;
    std::fs::write(
        folder.join("got.status"),
        status_line(&checked.program.ending),
    )?;
    std::fs::write(folder.join("got.err"), &checked.program.stderr)
}

/// The case's command as a script, saying what it expects in the folder.
fn command_sh(case: &Case) -> String {
    let name = case.handout.program();
    format!(
        "# Put your program here as {} (a copy or a link), then: sh command.sh\n{}\n",
        &name[2..],
        case.command()
    )
}

/// An ending as a status file holds it: the exit status, or what stopped the run.
fn status_line(ending: &Ending) -> String {
    match ending {
        Ending::Exited { status } => format!("{status}\n"),
        Ending::Signal { signal } => format!("signal {signal}\n"),
        Ending::TimedOut => "timed out\n".into(),
        Ending::Flooded => "flooded\n".into(),
        Ending::Unstartable { reason } => format!("not started: {reason}\n"),
    }
}

/// [`SameWay::of`] a case's check.
pub fn same_way(case: &CaseReport) -> SameWay {
    SameWay::of(&case.checked)
}

/// Why shrinking stopped short, if it did: `, stopped at the limit of 400 runs: …`.
fn stopped_words(shrunk: &Shrunk) -> String {
    use crate::check::{SHRINK_HANGS, SHRINK_RUNS};
    if shrunk.hung >= SHRINK_HANGS {
        format!(
            ", stopped after {} smaller cases that hung: a smaller case may fail too",
            shrunk.hung
        )
    } else if shrunk.runs >= SHRINK_RUNS {
        format!(", stopped at the limit of {SHRINK_RUNS} runs: a smaller case may fail too")
    } else {
        String::new()
    }
}

/// One checked case for a person: the command, its files (or where they are), the exit
/// statuses, the first difference.
fn checked_text(checked: &Checked, folder: Option<&Path>) -> String {
    let case = &checked.case;
    let mut out = String::new();
    let _ = writeln!(out, "size: {}", case.size);
    match folder {
        Some(folder) => {
            let _ = writeln!(out, "run: cd {} && {}", folder.display(), case.command());
        }
        None => {
            let _ = writeln!(out, "run: {}", case.command());
            out.push_str(&files_text(case));
        }
    }
    let _ = writeln!(
        out,
        "reference: {}; yours: {}",
        checked.reference.ending.words(&checked.limits),
        checked.program.ending.words(&checked.limits)
    );
    if let Some(difference) = checked.failure.as_ref().and_then(|f| f.difference.as_ref()) {
        let _ = writeln!(out, "first difference at line {}:", difference.line);
        out.push_str(&indent(&difference.window, 2));
        let _ = writeln!(
            out,
            "expected: {}",
            line_words(difference.expected.as_deref())
        );
        let _ = writeln!(out, "got:      {}", line_words(difference.got.as_deref()));
    }
    if matches!(checked.program.ending, Ending::Signal { .. })
        && checked.program.stdout.len() < checked.reference.stdout.len()
    {
        out.push_str(
            "(a crash loses the output a program had not flushed: the fault may come after the first difference)\n",
        );
    }
    if !checked.program.stderr.is_empty() {
        let stderr = String::from_utf8_lossy(&checked.program.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        let last: Vec<String> = (lines[lines.len().saturating_sub(5)..].iter())
            .map(|l| crate::compare::quoted(l))
            .collect();
        let _ = writeln!(out, "your standard error ended:");
        out.push_str(&indent(&last.join("\n"), 2));
    }
    out
}

/// The case's files inline: the pack as one line of cards, the input as its answers.
fn files_text(case: &Case) -> String {
    let mut out = String::new();
    for (name, contents) in case.all_files() {
        let text = String::from_utf8_lossy(&contents);
        let lines: Vec<&str> = text.lines().collect();
        let _ = writeln!(out, "{name} ({} lines): {}", lines.len(), lines.join(" | "));
    }
    out
}

fn line_words(line: Option<&str>) -> String {
    match line {
        Some(line) => format!("{line:?}"),
        None => "(no more lines)".to_string(),
    }
}

fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

fn checked_json(checked: &Checked) -> Value {
    let case = &checked.case;
    let files: serde_json::Map<String, Value> = (case.files.iter())
        .map(|(name, contents)| (name.clone(), json!(String::from_utf8_lossy(contents))))
        .collect();
    json!({
        "category": case.category,
        "passed": checked.failure.is_none(),
        "command": case.command(),
        "args": case.args,
        "files": files,
        "stdin": String::from_utf8_lossy(&case.stdin),
        "size": case.size.0.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "reference_ending": checked.reference.ending,
        "program_ending": checked.program.ending,
        "timeout_seconds": checked.limits.timeout.as_secs_f64(),
        "failure": checked.failure,
    })
}

/// Writes each case's folder under `dir` with the reference's output and exit status
/// (`expected.out`, `expected.status`), running no program: a course's test suite.
pub fn export(dir: &Path, cases: &[(usize, Case, crate::run::Run)]) -> std::io::Result<()> {
    for (number, case, reference) in cases {
        let folder = dir.join(format!("case-{number}"));
        std::fs::create_dir_all(&folder)?;
        for (name, contents) in case.all_files() {
            std::fs::write(folder.join(name), contents)?;
        }
        std::fs::write(folder.join("command.sh"), command_sh(case))?;
        std::fs::write(folder.join("expected.out"), &reference.stdout)?;
        std::fs::write(
            folder.join("expected.status"),
            status_line(&reference.ending),
        )?;
    }
    Ok(())
}

/// Gradescope's `results.json` for a check that could not run: a score of 0 and why, so
/// the student sees a result and its reason rather than none.
pub fn gradescope_failed(why: &str) -> Value {
    json!({
        "score": 0,
        "output": format!("The check could not run: {why}"),
        "visibility": "visible",
        "tests": [],
    })
}

/// `1 case`, `300 cases`.
pub fn cases_words(count: usize) -> String {
    if count == 1 {
        "1 case".to_string()
    } else {
        format!("{count} cases")
    }
}
