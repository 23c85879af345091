//! The server crate's modules stand in layers, each importing only from layers below it,
//! so a reader can learn the crate bottom up and no change ripples downward. This reads
//! every file of `src/`, collects the crate modules each one names (`use crate::…`,
//! `crate::…` paths, a top-level file's `super::…`), and fails naming every import of a
//! module in the same or a higher layer, and every cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first. A top-level module and all its submodules are one module
/// here (`conn/read.rs` is `conn`); `lib` is the crate root, and `tests` its tests.
const LAYERS: &[&[&str]] = &[
    // Names and tools that import nothing of the crate.
    &[
        "ids", "names", "metrics", "web", "served", "blocking", "ratings", "graph",
    ],
    // Storage, which knows the ids and nothing of the wire.
    &["store"],
    &["node", "seen"],
    &["journal", "protocol", "restore"],
    // The edge's limits, the caches, the lobby.
    &["edge", "replays", "lobby", "brief"],
    // The accounts' desk (passkeys, sessions, names) beside them.
    &["listen", "outbox", "accounts"],
    // Checking a new table; the table's task; the running tables.
    &["spec"],
    &["table"],
    &["tables"],
    // The cluster of nodes, then the server that wires it all.
    &["cluster"],
    &["server"],
    // A client's connection, the HTTP routes, serving from start to stop.
    &["conn"],
    &["routes"],
    &["serve"],
    &["lib", "tests"],
];

/// The module a file of `src/` belongs to: its first path component, less `.rs`.
fn module_of(relative: &Path) -> String {
    let first = relative.components().next().expect("a file");
    let first = first.as_os_str().to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// `text` without its comments (`//` to the end of the line, doc comments among them),
/// so that a link in a doc comment is not an import.
fn code(text: &str) -> String {
    let lines = text.lines().map(|line| match line.find("//") {
        Some(at) => &line[..at],
        None => line,
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// The crate modules `text` names after `crate::` (a name, or a `{…}` group of them),
/// and for a top-level module's own file after `super::` too (there `super` is the
/// root), up to its tests (whose `super` is the file). A name that is no module of
/// `modules` is an item of the root: `lib`.
fn imports(text: &str, top_level: bool, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code = code(text);
    let untested = code.split("#[cfg(test)]").next().unwrap_or("");
    let mut names = names_after(&code, "crate::");
    if top_level {
        names.extend(names_after(untested, "super::"));
    }
    let module = |name: String| match modules.contains(&name) {
        true => name,
        false => "lib".to_string(),
    };
    names.into_iter().map(module).collect()
}

/// The first names of the paths that follow `prefix` in `code`.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut named = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            named.extend(group.split(',').filter_map(|item| first_name(item.trim())));
        } else {
            named.extend(first_name(rest));
        }
    }
    named
}

/// The first name of a path (`store::Lease` is `store`; `self` and `*` are none).
fn first_name(path: &str) -> Option<String> {
    let end = path
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(path.len());
    let name = &path[..end];
    (!name.is_empty() && name != "self").then(|| name.to_string())
}

/// Each module's imports of other modules, from the files under `src`.
fn edges(sources: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = (sources.iter())
        .map(|(relative, _)| module_of(Path::new(relative)))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (relative, text) in sources {
        let path = Path::new(relative);
        let module = module_of(path);
        let top_level = path.components().count() == 1 || relative.ends_with("/mod.rs");
        let mut named = imports(text, top_level, &modules);
        named.remove(&module);
        edges.entry(module).or_default().extend(named);
    }
    edges
}

/// Every breach of the layers in `sources` (path under `src`, text): imports of a
/// module not lower down, modules no layer names, and cycles.
fn breaches(sources: &[(String, String)], layers: &[&[&str]]) -> Vec<String> {
    let layer = |module: &str| layers.iter().position(|l| l.contains(&module));
    let edges = edges(sources);
    let mut found = Vec::new();
    for (from, tos) in &edges {
        let Some(here) = layer(from) else {
            found.push(format!("module `{from}` is in no layer"));
            continue;
        };
        for to in tos {
            match layer(to) {
                None => found.push(format!("{from} -> {to}: `{to}` is in no layer")),
                Some(there) if there >= here => found.push(format!(
                    "{from} -> {to}: layer {here} imports layer {there} (not below it)"
                )),
                Some(_) => {}
            }
        }
    }
    found.extend(cycles(&edges));
    found
}

/// The cycles among the modules, each named by its path (`a -> b -> a`).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = Vec::new();
    for start in edges.keys() {
        let mut path = vec![start.clone()];
        walk(edges, start, &mut path, &mut found);
    }
    found
}

/// Follows the imports from the last module of `path`, noting each way back to its
/// first (found from its least module only, so each cycle is named once).
fn walk(
    edges: &BTreeMap<String, BTreeSet<String>>,
    at: &str,
    path: &mut Vec<String>,
    found: &mut Vec<String>,
) {
    for next in edges.get(at).into_iter().flatten() {
        if *next == path[0] {
            found.push(format!("cycle: {} -> {next}", path.join(" -> ")));
        } else if *next > path[0] && !path.contains(next) {
            path.push(next.clone());
            walk(edges, next, path, found);
            path.pop();
        }
    }
}

/// Every `.rs` file under `dir`, by its path under `root`, with its text.
fn read_sources(root: &Path, dir: &Path, into: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            read_sources(root, &path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("under src");
            let text = std::fs::read_to_string(&path).expect("a source file");
            into.push((relative.to_string_lossy().replace('\\', "/"), text));
        }
    }
}

#[test]
fn every_module_imports_only_from_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    read_sources(&src, &src, &mut sources);
    assert!(sources.len() > 20, "read {} files", sources.len());
    let breaches = breaches(&sources, LAYERS);
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

/// The checker itself: a made-up crate with an upward import, a cycle, a module no
/// layer names, and imports it must not count (a doc link, a submodule's `super`).
#[test]
fn an_upward_import_a_cycle_and_an_unplaced_module_are_each_named() {
    let source = |path: &str, text: &str| (path.to_string(), text.to_string());
    let sources = vec![
        source("low.rs", "use crate::high::Thing;\n/// [`crate::mid`]\n"),
        source("mid.rs", "use crate::{low, high::Other};\n"),
        source("high.rs", "fn f() { crate::mid::g() }\n"),
        source("high/part.rs", "use super::f;\n"),
        source(
            "mid/mod.rs",
            "fn g() { super::Root::new() }\n#[cfg(test)]\nuse super::*;\n",
        ),
        source("stray.rs", "use crate::low;\n"),
        source("lib.rs", "mod low;\n"),
    ];
    let layers: &[&[&str]] = &[&["low"], &["mid"], &["high"], &["lib"]];
    let found = breaches(&sources, layers);
    let expected = [
        "low -> high: layer 0 imports layer 2 (not below it)",
        "mid -> high: layer 1 imports layer 2 (not below it)",
        "module `stray` is in no layer",
        "mid -> lib: layer 1 imports layer 3 (not below it)",
        "cycle: high -> mid -> high",
        "cycle: high -> mid -> low -> high",
    ];
    let mut found_sorted = found.clone();
    found_sorted.sort();
    let mut expected_sorted: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected_sorted.sort();
    assert_eq!(found_sorted, expected_sorted, "{found:#?}");
}
