//! docs/RULES.md against the program: it names every house rule with every value, and
//! each `cardtable arena` command it shows runs and reports under those house rules.

use std::process::Command;

use catalogue::{GameKind, Ruleset};

fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/RULES.md"))
        .expect("docs/RULES.md")
}

#[test]
fn the_rules_doc_names_every_option_and_value() {
    let doc = doc();
    for game in GameKind::ALL {
        for option in Ruleset::options(game) {
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{}` ", option.name)))
                .unwrap_or_else(|| panic!("{game} `{}` has no row in docs/RULES.md", option.name));
            for value in option.values.all() {
                assert!(
                    row.contains(&value),
                    "{game} `{}`: value {value} missing",
                    option.name
                );
            }
            assert!(
                row.contains(option.source),
                "{game} `{}`: its source",
                option.name
            );
        }
    }
}

#[test]
fn every_arena_command_in_the_rules_doc_runs_and_reports_its_house_rules() {
    let doc = doc();
    let commands: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("cardtable arena "))
        .collect();
    assert!(commands.len() >= 3, "{commands:?}");
    for command in commands {
        let output = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("arena")
            .args(command.split_whitespace())
            .args(["--threads", "1"])
            .output()
            .unwrap();
        let text = testkit::succeeded(&output, command);
        let first = text.lines().next().unwrap_or("");
        assert!(first.contains(", house "), "{command}: {first}");
        assert!(first.contains("2000 games"), "{command}: {first}");
    }
}
