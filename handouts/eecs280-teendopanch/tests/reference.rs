//! Reference mode (`TEENDOPANCH_RULES=reference`) against every run of the handout
//! author's reference solution in ../shared/compat/teendopanch, byte for byte.
//!
//! Each case runs the binary as `./teendopanch.exe` (line 1 echoes argv[0]) from a
//! temporary folder holding a link to the case's pack.in.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Case {
    name: String,
    pack: PathBuf,
    args: Vec<String>,
    stdin: Option<PathBuf>,
    stdout: Vec<u8>,
    status: i32,
    /// The author's standard error, where the run kept it.
    stderr: Option<String>,
}

fn oracle_cases(root: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for folder in ["errors", "head", "human", "orig"] {
        let dir = root.join("oracle-runs").join(folder);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| {
                e.unwrap()
                    .file_name()
                    .to_string_lossy()
                    .strip_suffix(".cmd")
                    .map(str::to_owned)
            })
            .collect();
        names.sort();
        for name in names {
            let (args, stdin) = testkit::parse_command(
                &dir,
                "teendopanch.exe",
                &testkit::read(&dir.join(format!("{name}.cmd"))),
            );
            cases.push(Case {
                pack: dir.join("pack.in"),
                stdout: std::fs::read(dir.join(format!("{name}.out"))).unwrap(),
                status: testkit::read(&dir.join(format!("{name}.rc")))
                    .trim()
                    .parse()
                    .unwrap(),
                stderr: std::fs::read_to_string(dir.join(format!("{name}.err"))).ok(),
                name: format!("{folder}/{name}"),
                args,
                stdin,
            });
        }
    }
    cases
}

fn run(case: &Case) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_teendopanch"),
        dir.path().join("teendopanch.exe"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&case.pack, dir.path().join("pack.in")).unwrap();
    let stdin = match &case.stdin {
        Some(file) => Stdio::from(std::fs::File::open(file).unwrap()),
        None => Stdio::null(),
    };
    let output = Command::new("./teendopanch.exe")
        .args(&case.args)
        .current_dir(dir.path())
        .env("TEENDOPANCH_RULES", "reference")
        .stdin(stdin)
        .output()
        .unwrap();
    let (want_out, want_status) = (case.stdout.clone(), case.status);
    if output.stdout != want_out {
        return Err(format!(
            "{}: {}; stderr: {}",
            case.name,
            testkit::first_difference(&output.stdout, &want_out),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    // A shell's status: 128 and the signal for a program a signal ended (an abort, 134).
    let status = (output.status.code())
        .or_else(|| std::os::unix::process::ExitStatusExt::signal(&output.status).map(|s| 128 + s));
    if status != Some(want_status) {
        return Err(format!(
            "{}: status {status:?}, wanted {want_status}",
            case.name,
        ));
    }
    // Where the author's program wrote to standard error, its first line.
    if let Some(err) = &case.stderr {
        let got = String::from_utf8_lossy(&output.stderr);
        if got.lines().next() != err.lines().next() {
            return Err(format!("{}: stderr {got:?}, wanted {err:?}", case.name));
        }
    }
    Ok(())
}

#[test]
fn every_reference_run_matches_byte_for_byte() {
    let Some(root) = testkit::compat_dir("teendopanch") else {
        return;
    };
    let mut cases = oracle_cases(&root);
    assert_eq!(
        cases.len(),
        111,
        "13 error, 46 + 46 Simple and 6 Human runs"
    );
    cases.push(Case {
        name: "starter-correct_output".to_string(),
        pack: root.join("orig-pack.in"),
        args: "pack.in shuffle 10 A Simple B Simple C Simple"
            .split(' ')
            .map(str::to_owned)
            .collect(),
        stdin: None,
        stdout: std::fs::read(root.join("starter-correct_output.out")).unwrap(),
        status: 0,
        stderr: None,
    });
    let failures: Vec<String> = cases.iter().filter_map(|c| run(c).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} runs differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
