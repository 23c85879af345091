//! The OpenSpiel duel harness (`scripts/openspiel/duel.py`) on a few deals: OpenSpiel's
//! own Euchre and its ISMCTS bot in two seats, this build's players in the other two
//! through `cardtable-bridge euchre`, every state checked equal on both sides. Needs the
//! Python that `scripts/python.sh` makes (`scripts/test.sh` passes it as
//! `CARDTABLE_PYTHON`); without it the test says so and skips (under CI it fails).

use std::path::Path;
use std::process::Command;

/// The Python with OpenSpiel, or `None` after saying why the test skips.
fn python() -> Option<String> {
    let python = std::env::var("CARDTABLE_PYTHON").ok();
    if python.is_none() {
        testkit::missing("OpenSpiel duel: CARDTABLE_PYTHON is unset (scripts/test.sh sets it)");
    }
    python
}

fn duel(python: &str, args: &[&str]) -> serde_json::Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/openspiel/duel.py");
    let output = Command::new(python)
        .arg(script)
        .args(["--binary", env!("CARGO_BIN_EXE_cardtable-bridge"), "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "duel.py {args:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn cardtable_and_openspiel_play_the_same_hands() {
    let Some(python) = python() else { return };
    // Every decision is checked on both sides; a difference fails the script.
    let report = duel(
        &python,
        &[
            "--deals",
            "6",
            "--home",
            "strong:8",
            "--away",
            "ismcts",
            "--sims",
            "50",
            "--workers",
            "2",
        ],
    );
    assert_eq!(report["hands"], 12, "each deal played twice");
    let sides = &report["sides"];
    // Both sides decided in every hand: at least a bid and five cards each a hand.
    for side in ["home", "away"] {
        assert!(
            sides[side]["decisions"].as_u64().unwrap() >= 12 * 2 * 5,
            "{report}"
        );
    }
    // Stick the dealer: someone makes trump in every hand.
    let made =
        sides["home"]["make_rate"].as_f64().unwrap() + sides["away"]["make_rate"].as_f64().unwrap();
    assert!((made - 1.0).abs() < 1e-9, "{report}");
}

#[test]
fn the_duel_between_two_cardtable_players_is_zero_sum_by_seats() {
    let Some(python) = python() else { return };
    // The same player on both sides: each deal's two seatings cancel exactly, since a
    // player's choices depend only on the deal, its seat and the seed.
    let report = duel(
        &python,
        &["--deals", "8", "--home", "handout", "--away", "handout"],
    );
    assert_eq!(report["home_points_per_hand"], 0.0, "{report}");
    assert_eq!(report["interval95"], 0.0, "{report}");
}
