//! Every case of ../shared/compat/eecs280-euchre, byte for byte: the three official test
//! files and the generated cases (usage and file errors, Simple games, Human games).
//!
//! Each case runs the real binary as `./euchre.exe` (line 1 echoes argv[0]) from a
//! temporary folder that links to the case's pack files.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Case {
    name: String,
    args: Vec<String>,
    stdin: Option<PathBuf>,
    expected: Vec<u8>,
    status: i32,
}

fn official_cases(dir: &Path) -> Vec<Case> {
    ["euchre_test00", "euchre_test01", "euchre_test50"]
        .iter()
        .map(|name| {
            let expected = std::fs::read(dir.join(format!("{name}.out.correct"))).unwrap();
            let first = String::from_utf8_lossy(&expected)
                .lines()
                .next()
                .unwrap()
                .to_owned();
            let (args, _) = testkit::parse_command(dir, "euchre.exe", &first);
            let stdin = dir.join(format!("{name}.in"));
            Case {
                name: name.to_string(),
                args,
                stdin: stdin.exists().then_some(stdin),
                expected,
                status: 0,
            }
        })
        .collect()
}

fn generated_cases(dir: &Path) -> Vec<Case> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".cmd").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let (args, stdin) = testkit::parse_command(
                dir,
                "euchre.exe",
                &testkit::read(&dir.join(format!("{name}.cmd"))),
            );
            let rc = dir.join(format!("{name}.rc"));
            Case {
                expected: std::fs::read(dir.join(format!("{name}.out.correct"))).unwrap(),
                status: if rc.exists() {
                    testkit::read(&rc).trim().parse().unwrap()
                } else {
                    0
                },
                name,
                args,
                stdin,
            }
        })
        .collect()
}

/// A temporary folder holding `euchre.exe` and links to every pack file of `data`.
fn workdir(data: &[&Path]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_euchre280"),
        dir.path().join("euchre.exe"),
    )
    .unwrap();
    for folder in data {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("pack") && name.ends_with(".in") {
                std::os::unix::fs::symlink(&path, dir.path().join(&name)).unwrap();
            }
        }
    }
    dir
}

fn run(case: &Case, dir: &Path) -> Result<(), String> {
    let stdin = match &case.stdin {
        Some(file) => Stdio::from(std::fs::File::open(file).unwrap()),
        None => Stdio::null(),
    };
    let output = Command::new("./euchre.exe")
        .args(&case.args)
        .current_dir(dir)
        .stdin(stdin)
        .output()
        .unwrap();
    if output.stdout != case.expected {
        let got = String::from_utf8_lossy(&output.stdout);
        return Err(format!(
            "{}: output differs, {}\n--- got ---\n{}\n--- stderr ---\n{}",
            case.name,
            testkit::first_difference(&output.stdout, &case.expected),
            got.lines().take(40).collect::<Vec<_>>().join("\n"),
            String::from_utf8_lossy(&output.stderr),
        ));
    }
    if output.status.code() != Some(case.status) {
        return Err(format!(
            "{}: exit status {:?}, wanted {}",
            case.name,
            output.status.code(),
            case.status
        ));
    }
    Ok(())
}

#[test]
fn every_compat_case_matches_byte_for_byte() {
    let Some(root) = testkit::compat_dir("eecs280-euchre") else {
        return;
    };
    let generated = root.join("generated");
    let mut cases = official_cases(&root);
    cases.extend(generated_cases(&generated));
    assert_eq!(
        cases.len(),
        44,
        "the manifest lists 3 official and 41 generated cases"
    );
    let official_dir = workdir(&[&root]);
    let generated_dir = workdir(&[&root, &generated]);
    let failures: Vec<String> = cases
        .iter()
        .enumerate()
        .filter_map(|(i, case)| {
            let dir = if i < 3 {
                official_dir.path()
            } else {
                generated_dir.path()
            };
            run(case, dir).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}
