//! Every saved fuzz input (`fuzz/corpus/TARGET/*`) through its target's body, on stable:
//! what the fuzzer once found stays fixed without a nightly toolchain in CI.

use std::path::Path;

#[test]
fn every_corpus_input_runs_clean() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    for (name, target) in fuzzing::TARGETS {
        let dir = corpus.join(name);
        let mut inputs = 0;
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {} panics", path.display());
            inputs += 1;
        }
        assert!(inputs > 0, "{name} has no corpus");
    }
}

#[test]
fn a_saved_game_written_back_loads_the_same() {
    // The property cs246_saved checks, on a game known to load.
    let game = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/cs246_saved/last-trick.game"),
    )
    .unwrap();
    fuzzing::cs246_saved(&game);
    let text = String::from_utf8(game).unwrap();
    let saved = cs246_euchre::saved::parse(&text).unwrap();
    assert_eq!(
        cs246_euchre::saved::parse(&cs246_euchre::saved::write(&saved)),
        Ok(saved)
    );
}

#[test]
fn typed_input_names_no_file() {
    // `save NAME` in the terminal game writes NAME where the fuzzer runs; such inputs are
    // skipped, or every run would leave files behind.
    let name = "fuzz-named-save-check";
    let _ = std::fs::remove_file(name);
    fuzzing::play_lines(format!("\0\0save {name}\n").as_bytes());
    assert!(!Path::new(name).exists(), "play_lines wrote {name}");
}
