//! The pack file the repository ships (`packs/teendopanch.in`) holds the handout's 30
//! cards, and the program plays a whole game from it as the README runs it.

use std::path::Path;

fn shipped() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packs/teendopanch.in")
}

#[test]
fn the_shipped_pack_holds_the_handouts_thirty_cards_suit_by_suit() {
    // The handout: ranks 7 to Ace in Spades, Hearts, Clubs, Diamonds; "since we use 30
    // cards, the 7 rank is used only from Spades and Hearts".
    let ranks = [
        "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace",
    ];
    let mut expected = String::new();
    for suit in ["Spades", "Hearts", "Clubs", "Diamonds"] {
        let from = if matches!(suit, "Spades" | "Hearts") {
            0
        } else {
            1
        };
        for rank in &ranks[from..] {
            expected.push_str(&format!("{rank} of {suit}\n"));
        }
    }
    assert_eq!(expected.lines().count(), 30);
    assert_eq!(testkit::read(&shipped()), expected);
}

#[test]
fn the_readme_command_plays_a_game_from_the_shipped_pack() {
    let pack = shipped();
    let pack = pack.to_str().unwrap();
    let args = [
        pack, "shuffle", "10", "A", "Simple", "B", "Simple", "C", "Simple",
    ];
    let out = testkit::run_program(env!("CARGO_BIN_EXE_teendopanch"), &args, "", None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Game over"),
        "the game did not end:\n{stdout}"
    );
}
