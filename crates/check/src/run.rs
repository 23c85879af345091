//! Runs a program on a case in a folder of its own, guarded: a time limit, a memory
//! limit, a cap on its output and on the files it writes, and every process it started
//! killed at the end, whatever it did.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::case::Case;

/// What is run: a program and any arguments it needs before the case's (an interpreter's
/// script), as `cardtable check HANDOUT -- PROGRAM [ARG…]` names it.
#[derive(Clone, Debug)]
pub struct Program {
    /// The executable, made absolute.
    pub path: PathBuf,
    /// Its own arguments, before the case's.
    pub args: Vec<OsString>,
}

/// Why a program cannot be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// No such file.
    #[error("{0}: no such program")]
    Missing(String),
    /// A bare name not on `PATH`, but a file in the current folder (as a shell, `check`
    /// looks bare names up on `PATH`).
    #[error("{0}: no such program on PATH (the one in this folder is ./{0})")]
    HereNotOnPath(String),
    /// A bare name that is both a file here and a program on `PATH`.
    #[error("{0} is both ./{0} and {1} on PATH: write ./{0} for the one in this folder, or the full path")]
    Ambiguous(String, String),
    /// A folder, or a file without the execute permission.
    #[error("{0}: not an executable file (chmod +x it, or name its interpreter first)")]
    NotExecutable(String),
}

impl Program {
    /// The program at `path` (found on `PATH` when it has no slash), with `args`.
    pub fn new(path: &Path, args: Vec<OsString>) -> Result<Program, ProgramError> {
        use std::os::unix::fs::PermissionsExt;
        let shown = path.display().to_string();
        let found = if path.components().count() == 1 && !shown.starts_with('.') {
            let on_path = find_on_path(path);
            match (on_path, path.is_file()) {
                (Some(found), false) => found,
                // Both: a student's `test` or `cpp` is not /usr/bin's.
                (Some(found), true) => {
                    return Err(ProgramError::Ambiguous(shown, found.display().to_string()))
                }
                (None, true) => return Err(ProgramError::HereNotOnPath(shown)),
                (None, false) => return Err(ProgramError::Missing(shown)),
            }
        } else {
            path.to_path_buf()
        };
        let meta = std::fs::metadata(&found).map_err(|_| ProgramError::Missing(shown.clone()))?;
        if !meta.is_file() || meta.permissions().mode() & 0o111 == 0 {
            return Err(ProgramError::NotExecutable(shown));
        }
        let path = std::fs::canonicalize(&found).map_err(|_| ProgramError::Missing(shown))?;
        Ok(Program { path, args })
    }
}

fn find_on_path(name: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The guards on one run.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Limits {
    /// Wall-clock time before the run is stopped.
    pub timeout: Duration,
    /// Address space, in bytes (`RLIMIT_AS`); `None` for none.
    pub memory: Option<u64>,
    /// Standard output kept; a program that writes more is stopped as flooding.
    pub output: usize,
    /// The largest file it may write (`RLIMIT_FSIZE`).
    pub file_size: u64,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ending {
    /// It exited with this status.
    Exited { status: i32 },
    /// A signal ended it (a crash: 11 is a segmentation fault, 6 an abort).
    Signal { signal: i32 },
    /// It ran past the time limit and was stopped.
    TimedOut,
    /// It wrote more than the output limit and was stopped.
    Flooded,
    /// It could not be started.
    Unstartable { reason: String },
}

impl Ending {
    /// `exit 1`, `signal 11 (SIGSEGV)`, `stopped after 2.0 s`, in words.
    pub fn words(&self, limits: &Limits) -> String {
        match self {
            Ending::Exited { status } => format!("exit status {status}"),
            Ending::Signal { signal } => {
                format!("killed by signal {signal} ({})", signal_name(*signal))
            }
            Ending::TimedOut => format!(
                "stopped after {:.1} s without finishing",
                limits.timeout.as_secs_f64()
            ),
            Ending::Flooded => format!(
                "stopped for flooding: more than {} bytes of output",
                limits.output
            ),
            Ending::Unstartable { reason } => format!("could not be started: {reason}"),
        }
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => "SIGSEGV, a segmentation fault",
        libc::SIGABRT => "SIGABRT, an abort",
        libc::SIGFPE => "SIGFPE, an arithmetic error",
        libc::SIGBUS => "SIGBUS",
        libc::SIGKILL => "SIGKILL",
        libc::SIGXFSZ => "SIGXFSZ, a file past the size limit",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        _ => "a signal",
    }
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Its standard output, up to the limit.
    pub stdout: Vec<u8>,
    /// The start of its standard error.
    pub stderr: Vec<u8>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// How a run is launched: the program run as the handout names it.
pub struct Launch<'a> {
    /// The program.
    pub program: &'a Program,
    /// Arguments before the case's (after the program's own).
    pub leading: Vec<OsString>,
    /// Extra environment.
    pub env: Vec<(&'static str, String)>,
    /// Run through a link named as the handout names the program (`./euchre.exe`), so
    /// argv[0] is that name even for a script; else the program is run directly with
    /// argv[0] set to it.
    pub linked: bool,
}

/// Runs `case` under `launch` in `dir` (which must be empty), within `limits`.
pub fn run(launch: &Launch<'_>, case: &Case, dir: &Path, limits: &Limits) -> Run {
    let start = Instant::now();
    let unstartable = |reason: String| Run {
        ending: Ending::Unstartable { reason },
        stdout: Vec::new(),
        stderr: Vec::new(),
        elapsed: start.elapsed(),
    };
    if let Err(e) = write_files(case, dir) {
        return unstartable(format!("writing the case's files: {e}"));
    }
    let name = case.handout.program();
    let mut command = if launch.linked {
        if let Err(e) = link(launch.program, &dir.join(&name[2..])) {
            return unstartable(format!("linking the program: {e}"));
        }
        Command::new(name)
    } else {
        let mut command = Command::new(&launch.program.path);
        command.arg0(name).args(&launch.program.args);
        command
    };
    command
        .args(&launch.leading)
        .args(&case.args)
        .envs(launch.env.iter().map(|(k, v)| (*k, v)))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let memory = limits.memory;
    let file_size = limits.file_size;
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || set_limits(memory, file_size));
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => return unstartable(e.to_string()),
    };
    let group = child.id() as i32;
    let stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let input = case.stdin.clone();
    let writer = std::thread::spawn(move || feed(stdin, &input));
    let cap = limits.output;
    let reader = std::thread::spawn(move || read_capped(stdout, cap, group));
    let errors = std::thread::spawn(move || read_capped(stderr, 64 * 1024, 0));
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait());
    });
    let status = finished.recv_timeout(limits.timeout).ok();
    let timed_out = status.is_none();
    // Every process the program started goes with it; a writer still blocked on a full
    // pipe then fails and ends.
    kill_group(group);
    drop(writer.join());
    let status = status.or_else(|| finished.recv().ok());
    let (stdout, flooded) = reader.join().unwrap_or_default();
    let (stderr, _) = errors.join().unwrap_or_default();
    let ending = if flooded {
        Ending::Flooded
    } else if timed_out {
        Ending::TimedOut
    } else {
        match status {
            Some(Ok(status)) => match (status.code(), status.signal()) {
                (Some(code), _) => Ending::Exited { status: code },
                (None, Some(signal)) => Ending::Signal { signal },
                (None, None) => Ending::Unstartable {
                    reason: "no status".into(),
                },
            },
            _ => Ending::Unstartable {
                reason: "its status was lost".into(),
            },
        }
    };
    Run {
        ending,
        stdout,
        stderr,
        elapsed: start.elapsed(),
    }
}

fn write_files(case: &Case, dir: &Path) -> std::io::Result<()> {
    for (name, contents) in &case.files {
        std::fs::write(dir.join(name), contents)?;
    }
    Ok(())
}

/// `at` names the program: a link to it, or (when it needs arguments of its own) a
/// shell script that runs it with them.
fn link(program: &Program, at: &Path) -> std::io::Result<()> {
    if program.args.is_empty() {
        return std::os::unix::fs::symlink(&program.path, at);
    }
    use std::os::unix::fs::PermissionsExt;
    let mut words = vec![crate::case::shell_word(&program.path.to_string_lossy())];
    words.extend((program.args.iter()).map(|a| crate::case::shell_word(&a.to_string_lossy())));
    std::fs::write(at, format!("#!/bin/sh\nexec {} \"$@\"\n", words.join(" ")))?;
    std::fs::set_permissions(at, std::fs::Permissions::from_mode(0o755))
}

fn set_limits(memory: Option<u64>, file_size: u64) -> std::io::Result<()> {
    let set = |resource, value: u64| {
        let limit = libc::rlimit {
            rlim_cur: value as libc::rlim_t,
            rlim_max: value as libc::rlim_t,
        };
        // SAFETY: a plain system call on a valid structure.
        if unsafe { libc::setrlimit(resource, &limit) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    };
    if let Some(memory) = memory {
        set(libc::RLIMIT_AS, memory)?;
    }
    set(libc::RLIMIT_FSIZE, file_size)?;
    set(libc::RLIMIT_CORE, 0)
}

/// Writes the whole input, then closes the pipe: standard input has an end, as the
/// course's `< file` gives it, so a program that reads past it reads an end of file, and
/// what it does then is what is judged.
fn feed(mut stdin: std::process::ChildStdin, input: &[u8]) {
    // A program that exits (or closes its input) before reading it all breaks the pipe:
    // nothing to report, its output says the rest.
    let _ = stdin.write_all(input).and_then(|()| stdin.flush());
}

/// Reads to the end, keeping at most `cap` bytes; past it, stops the program's process
/// group (when `group` is not 0) and says it flooded.
fn read_capped(mut from: impl Read, cap: usize, group: i32) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    loop {
        match from.read(&mut buffer) {
            Ok(0) | Err(_) => return (kept, false),
            Ok(n) => {
                let room = cap - kept.len();
                kept.extend_from_slice(&buffer[..n.min(room)]);
                if n > room {
                    if group != 0 {
                        kill_group(group);
                        return (kept, true);
                    }
                    // Standard error past its cap: read on, keep nothing more.
                    let _ = std::io::copy(&mut from, &mut std::io::sink());
                    return (kept, false);
                }
            }
        }
    }
}

fn kill_group(group: i32) {
    // SAFETY: a plain system call; a group already gone answers ESRCH.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}
