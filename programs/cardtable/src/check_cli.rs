//! `cardtable check HANDOUT -- PROGRAM [ARG…]` and `cardtable reference HANDOUT ARGV0
//! [ARG…]`: a program checked against a handout's reference, and the reference itself.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use check::report::{CaseReport, Report};
use check::run::{Limits, Program};
use check::way::SameWay;
use check::{Category, Checker, Handout, Reference};

use crate::error::WriteError;

/// `cardtable check`'s options.
#[derive(clap::Args)]
#[command(
    after_help = "Exit status: 0 when every case passed, 1 when one failed, 2 when the check could not run.\nEvery category, the shrinking and the report formats: docs/CHECK.md."
)]
pub struct CheckArgs {
    /// The handout: eecs280-euchre, cs246-euchre, cs246-straights or eecs280-teendopanch.
    handout: String,
    /// The program to check, and any arguments of its own (an interpreter's script),
    /// after `--`: it is run from each case's folder as the handout runs it.
    #[arg(
        last = true,
        required_unless_present = "export",
        value_name = "PROGRAM [ARG]..."
    )]
    program: Vec<OsString>,
    /// Write every case's folder here (its files, command.sh, the reference's
    /// expected.out and expected.status) and run no program: a test suite for an
    /// autograder of your own.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["keep", "gradescope"])]
    export: Option<PathBuf>,
    /// The cases' seed: the same seed gives the same cases everywhere.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many cases.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    cases: u64,
    /// Only this case (by its number in the report).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    case: Option<u64>,
    /// Which reference where a handout has two (Teen Do Panch): `reference` (the
    /// course's reference program, the default) or `handout` (the handout's text).
    #[arg(long, value_parser = ["reference", "handout"])]
    rules: Option<String>,
    /// The course's own reference program, run on every case as the handout runs a
    /// program, in place of cardtable's reference.
    #[arg(long = "reference", value_name = "PROGRAM")]
    course_reference: Option<PathBuf>,
    /// An argument of the course's reference program's own, before the case's (an
    /// interpreter's script); repeatable.
    #[arg(
        long = "reference-arg",
        value_name = "ARG",
        requires = "course_reference"
    )]
    reference_args: Vec<OsString>,
    /// How the reference reads a point the handout leaves open, NAME=VALUE (repeatable;
    /// cs246-euchre's: trick-score, hand-line, loaded-scores; docs/CHECK.md lists them).
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    readings: Vec<String>,
    /// Only cases of one category: errors, computers, human-input, wrong-answers,
    /// saved-games.
    #[arg(long)]
    category: Option<String>,
    /// Seconds a run may take (default: 20 times the reference's time on the case, at
    /// least 2 seconds).
    #[arg(long)]
    timeout: Option<f64>,
    /// Memory a run may map, in MiB (0: no limit).
    #[arg(long, default_value_t = 1024)]
    memory: u64,
    /// Output a run may write, in MiB, before it is stopped as flooding.
    #[arg(long, default_value_t = 16)]
    output: u64,
    /// Write each failing case's folder here (its files, command.sh, expected.out,
    /// got.out; the shrunk case in shrunk/).
    #[arg(long, value_name = "DIR")]
    keep: Option<PathBuf>,
    /// The report: text for a person, json for one object per case.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    format: String,
    /// Also write Gradescope's results.json here (written whatever happens: a check that
    /// cannot run scores 0 and says why).
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// Gradescope's points for a category, CATEGORY=N (repeatable; default: one point a
    /// case): its score is the share of its cases passed, times N.
    #[arg(long = "points", value_name = "CATEGORY=N")]
    points: Vec<String>,
    /// Runs at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Report failures as found, without shrinking them.
    #[arg(long)]
    no_shrink: bool,
}

/// `cardtable reference`'s arguments.
#[derive(clap::Args)]
pub struct ReferenceArgs {
    /// The handout.
    handout: String,
    /// The program's command line, its name first (`./euchre.exe pack.in noshuffle 1 …`).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    argv: Vec<OsString>,
}

/// Why a check could not run.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Handout(#[from] check::handout::UnknownHandout),
    #[error(transparent)]
    Program(#[from] check::run::ProgramError),
    #[error(transparent)]
    Reading(#[from] check::handout::ReadingRefused),
    #[error("no category '{name}': {handout}'s categories are {has}")]
    Category {
        name: String,
        handout: Handout,
        has: String,
    },
    #[error("{handout} has no {category} cases (it has {has})")]
    NoCases {
        handout: Handout,
        category: Category,
        has: String,
    },
    #[error("--timeout must be a number of seconds above 0")]
    Timeout,
    #[error("--points {0}: give CATEGORY=N, a category and a number of points of 0 or more")]
    Points(String),
    #[error("cardtable cannot find its own program to run the reference: {0}")]
    OwnProgram(std::io::Error),
    #[error("a folder for the runs: {0}")]
    Scratch(std::io::Error),
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error("the thread pool: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
}

/// Runs `cardtable reference`: the handout's program in this process.
pub fn reference(args: ReferenceArgs) -> ExitCode {
    match Handout::named(&args.handout) {
        Ok(handout) => handout.run_reference(args.argv),
        Err(problem) => {
            eprintln!("cardtable reference: {problem}");
            ExitCode::from(2)
        }
    }
}

/// Runs `cardtable check`.
pub fn run(args: CheckArgs) -> ExitCode {
    match check(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(problem) => {
            eprintln!("cardtable check: {problem}");
            // Gradescope shows a result whatever happened: a check that could not run
            // scores 0 and says why.
            if let Some(file) = &args.gradescope {
                let failed = check::report::gradescope_failed(&problem.to_string());
                let text = serde_json::to_string_pretty(&failed).expect("JSON values print");
                if let Err(e) = std::fs::write(file, text + "\n") {
                    eprintln!("cardtable check: {}: {e}", file.display());
                }
            }
            ExitCode::from(2)
        }
    }
}

fn check(args: &CheckArgs) -> Result<bool, CheckError> {
    let handout = Handout::named(&args.handout)?;
    let reference = match args.rules.as_deref() {
        Some("handout") => Reference::Handout,
        Some(_) => Reference::Program,
        None => handout.default_reference(),
    };
    // A handout with one reference has it under both names.
    let reference = if handout.references().contains(&reference) {
        reference
    } else {
        handout.default_reference()
    };
    let readings = handout.readings_chosen(&args.readings)?;
    let points = category_points(&args.points)?;
    let has = check::generate::categories(handout);
    let has_words = || has.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
    let only = match &args.category {
        None => None,
        Some(name) => Some(Category::named(name).ok_or_else(|| CheckError::Category {
            name: name.clone(),
            handout,
            has: has_words(),
        })?),
    };
    if let Some(category) = only.filter(|c| !has.contains(c)) {
        return Err(CheckError::NoCases {
            handout,
            category,
            has: has_words(),
        });
    }
    let timeout = match args.timeout {
        None => None,
        Some(s) if s > 0.0 && s.is_finite() => Some(Duration::from_secs_f64(s)),
        Some(_) => return Err(CheckError::Timeout),
    };
    let cardtable = std::env::current_exe().map_err(CheckError::OwnProgram)?;
    let reference_program = match &args.course_reference {
        Some(path) => Program::new(path, args.reference_args.clone())?,
        None => Program::new(&cardtable, vec![OsString::from("reference")])?,
    };
    let course_reference = args.course_reference.is_some();
    let program = match args.program.split_first() {
        Some((path, own)) => Program::new(&PathBuf::from(path), own.to_vec())?,
        // Exporting runs the reference alone.
        None => reference_program.clone(),
    };
    let scratch = tempfile::Builder::new()
        .prefix("cardtable-check-")
        .tempdir()
        .map_err(CheckError::Scratch)?;
    let checker = Checker {
        handout,
        reference,
        readings: readings.clone(),
        program,
        reference_program,
        course_reference,
        limits: Limits {
            timeout: Duration::from_secs(2),
            memory: (args.memory > 0).then_some(args.memory << 20),
            output: (args.output << 20) as usize,
            file_size: 64 << 20,
        },
        timeout,
        scratch: scratch.path().to_path_buf(),
    };
    // `--case N` is case N of the same seed however many cases were asked.
    let count = args.cases.max(args.case.unwrap_or(0)) as usize;
    // Chosen above, so already known good.
    let typed = check::generate::Readings::parse(readings.as_deref().unwrap_or_default())
        .unwrap_or_default();
    let mut setups = check::generate::generate(handout, reference, typed, args.seed, count, only);
    if let Some(case) = args.case {
        setups.retain(|(number, _)| *number as u64 == case);
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = args.jobs {
        pool = pool.num_threads(jobs as usize);
    }
    let pool = pool.build()?;
    if let Some(dir) = &args.export {
        let cases: Vec<_> = pool.install(|| {
            use rayon::prelude::*;
            (setups.par_iter())
                .map(|(number, setup)| {
                    let case = setup.case();
                    let run = checker.run_reference(&case);
                    (*number, case, run)
                })
                .collect()
        });
        check::report::export(dir, &cases).map_err(WriteError::at(dir))?;
        eprintln!("{} cases written to {}", cases.len(), dir.display());
        return Ok(true);
    }
    let report = pool.install(|| {
        eprintln!("running {}…", check::report::cases_words(setups.len()));
        let checked = checker.check_all(&setups);
        let mut shrunk_kinds = Vec::new();
        let cases = (setups.iter().zip(checked))
            .map(|((number, setup), checked)| {
                // The first failure of each category and way is shrunk; the others are
                // likely the same fault, reported as found.
                let key = checked.failure.as_ref().map(|_| SameWay::of(&checked));
                let shrunk = match key {
                    Some(key) if !args.no_shrink && !shrunk_kinds.contains(&key) => {
                        eprintln!(
                            "shrinking case {number} ({}, {})…",
                            key.category,
                            key.kind.words()
                        );
                        shrunk_kinds.push(key);
                        Some(checker.shrink(setup, &checked))
                    }
                    _ => None,
                };
                CaseReport {
                    number: *number,
                    checked,
                    shrunk,
                }
            })
            .collect();
        Report {
            handout,
            reference,
            against: match course_reference {
                true => format!(
                    "the course's reference program {} (--reference)",
                    checker.reference_program.path.display()
                ),
                false => handout.reference_words(reference, readings.as_deref()),
            },
            readings,
            seed: args.seed,
            cases,
        }
    });
    if let Some(dir) = &args.keep {
        report.keep(dir).map_err(WriteError::at(dir))?;
        if report.tally().1 == 0 {
            eprintln!("every case passed: nothing kept in {}", dir.display());
        }
    }
    if let Some(file) = &args.gradescope {
        let text =
            serde_json::to_string_pretty(&report.gradescope(&points)).expect("JSON values print");
        std::fs::write(file, text + "\n").map_err(WriteError::at(file))?;
    }
    let out = match args.format.as_str() {
        "json" => report.json_lines(),
        _ => report.text(args.keep.as_deref()),
    };
    // A closed standard output loses the report, not the exit status.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
    if args.format == "json" {
        eprintln!("{}", report.summary());
    }
    Ok(report.tally().1 == 0)
}

/// `--points CATEGORY=N`s: each category's points for Gradescope.
fn category_points(given: &[String]) -> Result<Vec<(Category, f64)>, CheckError> {
    (given.iter())
        .map(|text| {
            let bad = || CheckError::Points(text.clone());
            let (name, points) = text.split_once('=').ok_or_else(bad)?;
            let category = Category::named(name).ok_or_else(bad)?;
            let points: f64 = points.parse().map_err(|_| bad())?;
            (points.is_finite() && points >= 0.0)
                .then_some((category, points))
                .ok_or_else(bad)
        })
        .collect()
}
