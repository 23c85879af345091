//! docs/DESIGN.md's layer table and the README's Layout section are read as the tree is:
//! every folder the table names exists and holds the crate it names, every workspace
//! crate is in the table, and every top folder of the repository is in the Layout.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The text in backticks in `cell`: `crates/cards`, `cardtable-cards`, …
fn quoted(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The rows of the first table after `heading` (a markdown table), each a list of cells.
fn table_after<'a>(text: &'a str, heading: &str) -> Vec<Vec<&'a str>> {
    let at = text.find(heading).expect("the heading");
    text[at..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim_matches('|').split(" | ").collect())
        .collect()
}

/// Each workspace member's folder and package name.
fn members() -> Vec<(String, String)> {
    let mut found = Vec::new();
    for group in ["crates", "games", "handouts", "programs"] {
        for entry in std::fs::read_dir(root().join(group)).unwrap() {
            let folder = entry.unwrap().path();
            let Ok(manifest) = std::fs::read_to_string(folder.join("Cargo.toml")) else {
                continue;
            };
            let name = manifest
                .lines()
                .find_map(|l| l.strip_prefix("name = \""))
                .map(|n| n.trim_end_matches('"').to_string())
                .expect("a package name");
            let folder = format!("{group}/{}", folder.file_name().unwrap().to_string_lossy());
            found.push((folder, name));
        }
    }
    found
}

#[test]
fn every_box_of_the_design_is_in_the_tree_and_every_crate_in_the_design() {
    let design = read("docs/DESIGN.md");
    let rows = table_after(&design, "| layer | folder | crate | owns |");
    assert!(rows.len() >= 10, "the layer table");
    let mut named_folders = BTreeSet::new();
    let mut named_crates = BTreeSet::new();
    for row in &rows {
        for folder in quoted(row[1]) {
            assert!(
                root().join(folder).exists(),
                "DESIGN.md names {folder}, not in the tree"
            );
            named_folders.insert(folder.to_string());
        }
        for name in quoted(row[2]) {
            named_crates.insert(name.to_string());
        }
    }
    for (folder, name) in members() {
        assert!(
            named_folders.contains(&folder),
            "DESIGN.md's table lacks {folder}"
        );
        // The handout programs are named by their folder; the others by package name.
        assert!(
            named_crates.contains(&name) || folder.starts_with("handouts/"),
            "DESIGN.md's table lacks the crate {name} ({folder})"
        );
    }
}

#[test]
fn the_readmes_layout_lists_every_top_folder() {
    let readme = read("README.md");
    let rows = table_after(&readme, "## Layout");
    let listed: BTreeSet<String> = rows
        .iter()
        .flat_map(|row| quoted(row[0]))
        .map(|f| f.trim_end_matches('/').to_string())
        .collect();
    let output = std::process::Command::new("git")
        .args(["ls-files"])
        .current_dir(root())
        .output()
        .unwrap();
    let files = String::from_utf8(output.stdout).unwrap();
    let top: BTreeSet<String> = files
        .lines()
        .filter_map(|f| f.split_once('/').map(|(top, _)| top.to_string()))
        .collect();
    assert!(top.contains("crates"), "git lists the tree");
    for folder in &top {
        assert!(listed.contains(folder), "README's Layout lacks {folder}/");
    }
    for folder in &listed {
        assert!(
            root().join(folder).is_dir(),
            "README's Layout names {folder}/, not a folder"
        );
    }
}

/// Whether `code` names a game's crate as a path (`euchre::Game`), not as part of another
/// name (`cs246_euchre::`, `deck::teendopanch`).
fn names_a_game_crate(code: &str) -> bool {
    ["euchre::", "straights::", "teendopanch::"]
        .iter()
        .any(|name| {
            code.match_indices(name).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            })
        })
}

/// docs/DESIGN.md's "Where a game is named outside its crate" is the tree's list: every
/// Rust source outside `games/`, `handouts/` and `crates/check/` whose code (comments and
/// `#[cfg(test)]` parts aside; tests, benches and examples aside) names a game's crate.
#[test]
fn the_recipe_for_adding_a_game_lists_every_place_a_game_is_named() {
    let design = read("docs/DESIGN.md");
    let at = design
        .find("### Where a game is named outside its crate")
        .expect("the list");
    let listed: BTreeSet<String> = design[at..]
        .lines()
        .skip(1)
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with("- "))
        .flat_map(|l| quoted(l).into_iter().take(1))
        .map(String::from)
        .collect();
    assert!(!listed.is_empty(), "the list has entries");
    let output = std::process::Command::new("git")
        .args(["ls-files", "*.rs"])
        .current_dir(root())
        .output()
        .unwrap();
    let files = String::from_utf8(output.stdout).unwrap();
    let outside = |f: &&str| {
        let parts: Vec<&str> = f.split('/').collect();
        !["games", "handouts", "fuzz"].contains(&parts[0])
            && !f.starts_with("crates/check/")
            && !parts
                .iter()
                .any(|p| ["tests", "benches", "examples", "tests.rs"].contains(p))
    };
    let mut naming = BTreeSet::new();
    for file in files.lines().filter(outside) {
        let text = read(file);
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let named = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .any(names_a_game_crate);
        if named {
            naming.insert(file.to_string());
        }
    }
    assert!(
        naming.contains("crates/catalogue/src/games.rs"),
        "the registry names the games: {naming:?}"
    );
    assert_eq!(
        naming, listed,
        "files naming a game's crate, and DESIGN.md's list"
    );
}

#[test]
fn a_game_crate_path_is_told_from_other_names() {
    assert!(names_a_game_crate("use euchre::Game;"));
    assert!(names_a_game_crate("Box<straights::Action>"));
    assert!(!names_a_game_crate("cs246_euchre::readings"));
    assert!(!names_a_game_crate("cards::deck::teendopanch()"));
}
