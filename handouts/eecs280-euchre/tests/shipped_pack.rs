//! The pack file the repository ships (`packs/euchre.in`) is the handout's pack in its
//! "new pack" order, and the program plays a whole game from it as the README runs it.

use std::path::Path;

fn shipped() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packs/euchre.in")
}

#[test]
fn the_shipped_pack_lists_nine_to_ace_of_each_suit_in_the_handouts_order() {
    // The handout: ranks 9, 10, Jack, Queen, King, Ace; suits Spades, Hearts, Clubs,
    // Diamonds; a new pack lists them suit by suit, each from 9 up.
    let mut expected = String::new();
    for suit in ["Spades", "Hearts", "Clubs", "Diamonds"] {
        for rank in ["Nine", "Ten", "Jack", "Queen", "King", "Ace"] {
            expected.push_str(&format!("{rank} of {suit}\n"));
        }
    }
    assert_eq!(testkit::read(&shipped()), expected);
    // The course's own pack.in, where the compatibility data is present.
    if let Some(dir) = testkit::compat_dir("eecs280-euchre") {
        assert_eq!(testkit::read(&dir.join("pack.in")), expected);
    }
}

#[test]
fn the_readme_command_plays_a_game_from_the_shipped_pack() {
    let pack = shipped();
    let pack = pack.to_str().unwrap();
    let args = [
        pack, "shuffle", "10", "Alice", "Simple", "Bob", "Simple", "Cathy", "Simple", "Drew",
        "Simple",
    ];
    let out = testkit::run_program(env!("CARGO_BIN_EXE_euchre280"), &args, "", None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains(" win!"), "no winner announced:\n{stdout}");
}
