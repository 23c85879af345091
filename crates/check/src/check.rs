//! A whole check: each case run by the reference and by the program, compared, and each
//! failure shrunk to the smallest case that fails the same way.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rayon::prelude::*;

use crate::case::{Case, Setup};
use crate::compare::{compare, Failure};
use crate::handout::{Handout, Reference};
use crate::run::{run, Launch, Limits, Program, Run};
use crate::way::SameWay;

/// Runs beyond which shrinking stops and reports the smallest case found so far.
pub const SHRINK_RUNS: usize = 400;

/// Smaller cases that hung after which shrinking stops and reports the smallest case
/// found so far: a hang is shrunk in a bounded time.
pub const SHRINK_HANGS: usize = 200;

/// Shrinking a hang runs smaller cases against this share of the time limit (a program
/// that hangs hangs under any limit), at least [`HANG_FLOOR`]; the smallest case found is
/// then checked again against the whole limit, and the shrinking steps back until one
/// hangs under it too, so the case shown reproduces under the check's own limit.
pub const HANG_SHARE: u32 = 4;

/// See [`HANG_SHARE`]: a floor that a loaded machine's quick runs stay well under (a
/// quick run timed out there would count as a hang while shrinking one).
pub const HANG_FLOOR: Duration = Duration::from_millis(500);

/// The slowest a program may be against the reference when no `--timeout` is given,
/// and the least time it always has.
pub const TIMEOUT_FACTOR: u32 = 20;
/// See [`TIMEOUT_FACTOR`].
pub const TIMEOUT_FLOOR: Duration = Duration::from_secs(2);

/// Everything a check needs besides its cases.
pub struct Checker {
    /// The handout.
    pub handout: Handout,
    /// Which of its references.
    pub reference: Reference,
    /// How the handout's ambiguous points are read (`--reading`), every reading named;
    /// `None` for a handout with none.
    pub readings: Option<String>,
    /// The program checked.
    pub program: Program,
    /// The program that runs the reference: `cardtable reference HANDOUT …`, or a
    /// course's own reference program (`--reference`), run as the handout runs a program.
    pub reference_program: Program,
    /// Whether `reference_program` is a course's own, run as the handout names it.
    pub course_reference: bool,
    /// The program's guards; `timeout: None` for the default against the reference.
    pub limits: Limits,
    /// A fixed time limit (`--timeout`).
    pub timeout: Option<Duration>,
    /// Where runs make their folders.
    pub scratch: PathBuf,
}

/// One case checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The case.
    pub case: Case,
    /// The reference's run.
    pub reference: Run,
    /// The program's run.
    pub program: Run,
    /// How it failed, if it did.
    pub failure: Option<Failure>,
    /// The program's limits for this case (its time limit is the reference's times a
    /// factor).
    pub limits: Limits,
}

/// A failing case and the smallest case found that fails the same way.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest case's check.
    pub smallest: Checked,
    /// Runs of both programs it took.
    pub runs: usize,
    /// Steps that made it smaller.
    pub steps: usize,
    /// Smaller cases tried that hung (stopped at the time limit).
    pub hung: usize,
}

impl Checker {
    /// Runs `case` by the reference and by the program.
    pub fn check(&self, case: &Case) -> Checked {
        self.check_within(case, 1)
    }

    /// [`Checker::check`] with the program's time limit divided by `share`: shrinking a
    /// hang tries smaller cases against a quarter of it.
    fn check_within(&self, case: &Case, share: u32) -> Checked {
        let reference = self.run_reference(case);
        let timeout = self
            .timeout
            .unwrap_or_else(|| (reference.elapsed * TIMEOUT_FACTOR).max(TIMEOUT_FLOOR));
        let timeout = (timeout / share).max(HANG_FLOOR.min(timeout));
        let limits = Limits {
            timeout,
            ..self.limits
        };
        // The reference's rules told to the program too: a student's program ignores
        // TEENDOPANCH_RULES, cardtable's own plays by it.
        let launch = Launch {
            program: &self.program,
            leading: Vec::new(),
            env: self
                .handout
                .reference_env(self.reference, self.readings.as_deref()),
            linked: true,
        };
        let program = self.in_folder(|dir| run(&launch, case, dir, &limits));
        let failure = compare(&reference, &program);
        Checked {
            case: case.clone(),
            reference,
            program,
            failure,
            limits,
        }
    }

    /// The reference's run of `case`: cardtable's own program for the handout, or the
    /// course's.
    pub fn run_reference(&self, case: &Case) -> Run {
        let leading = match self.course_reference {
            true => Vec::new(),
            false => vec![
                OsString::from(self.handout.name()),
                OsString::from(case.handout.program()),
            ],
        };
        let launch = Launch {
            program: &self.reference_program,
            leading,
            env: self
                .handout
                .reference_env(self.reference, self.readings.as_deref()),
            linked: self.course_reference,
        };
        let limits = Limits {
            timeout: Duration::from_secs(60),
            memory: None,
            output: 256 << 20,
            file_size: 1 << 30,
        };
        self.in_folder(|dir| run(&launch, case, dir, &limits))
    }

    fn in_folder(&self, each: impl FnOnce(&Path) -> Run) -> Run {
        match tempfile::tempdir_in(&self.scratch) {
            Ok(dir) => each(dir.path()),
            Err(e) => Run {
                ending: crate::run::Ending::Unstartable {
                    reason: format!("no folder for the run: {e}"),
                },
                stdout: Vec::new(),
                stderr: Vec::new(),
                elapsed: Duration::ZERO,
            },
        }
    }

    /// Checks every setup, in parallel on all cores, in order.
    pub fn check_all(&self, setups: &[(usize, Setup)]) -> Vec<Checked> {
        setups
            .par_iter()
            .map(|(_, setup)| self.check(&setup.case()))
            .collect()
    }

    /// The smallest setup below `setup` whose case fails as `failed` did ([`SameWay`]: the
    /// same kind and the same masked first difference, so another fault the program also
    /// has is never shown in its place): each step tries the setups one step smaller (in
    /// parallel) and keeps the first that fails the same way, until none does or
    /// [`SHRINK_RUNS`] runs are spent.
    pub fn shrink(&self, setup: &Setup, failed: &Checked) -> Shrunk {
        let way = SameWay::of(failed);
        let share = match way.kind {
            crate::compare::FailureKind::TimedOut => HANG_SHARE,
            _ => 1,
        };
        // Every case taken as smaller, the first the one given: a hang's is checked
        // again at the whole limit at the end.
        let mut taken = vec![(setup.clone(), failed.clone())];
        let (mut runs, mut steps, mut hung) = (0, 0, 0);
        while runs < SHRINK_RUNS && hung < SHRINK_HANGS {
            let candidates = taken.last().expect("the case given").0.smaller();
            if candidates.is_empty() {
                break;
            }
            runs += candidates.len();
            let hangs = std::sync::atomic::AtomicUsize::new(0);
            let found = candidates
                .into_par_iter()
                .map(|candidate| {
                    let checked = self.check_within(&candidate.case(), share);
                    if checked.program.ending == crate::run::Ending::TimedOut {
                        hangs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    (candidate, checked)
                })
                .find_first(|(_, checked)| {
                    checked.failure.is_some() && SameWay::of(checked) == way
                });
            hung += hangs.into_inner();
            match found {
                Some(next) => {
                    taken.push(next);
                    steps += 1;
                }
                None => break,
            }
        }
        // A hang found under the shorter limit is shown only where it hangs under the
        // whole limit too: back up the steps until one does (the case given did).
        while share > 1 && taken.len() > 1 {
            let (setup, _) = taken.last().expect("a step");
            let again = self.check(&setup.case());
            runs += 1;
            if again.failure.is_some() && SameWay::of(&again) == way {
                let last = taken.len() - 1;
                taken[last].1 = again;
                break;
            }
            taken.pop();
            steps -= 1;
        }
        Shrunk {
            smallest: taken.pop().expect("the case given").1,
            runs,
            steps,
            hung,
        }
    }
}
