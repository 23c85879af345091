//! House rules through the catalogue: any text is a typed refusal or a ruleset, never a
//! panic; a game under house rules writes a record that reads back to the same rules and
//! replays to the same game (the rules card's marks: `crates/scene/tests/steps.rs`).

use catalogue::{GameKind, RecordHeader, Roster, Ruleset, Variant, WithGame};
use proptest::prelude::*;
use table::{GameRecord, Turn};

/// Plays a random game under the rules, records it and reads the record back.
struct RoundTrip(Ruleset);

impl WithGame for RoundTrip {
    type Output = ();

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) {
        let mut game = new();
        let seats = game.seats();
        let mut agents = game.agents(&vec![catalogue::PlayerSpec::Random; seats]);
        let mut actions = Vec::new();
        table::play_seeded(&mut game, &mut agents, 11, Some(&mut actions));
        assert_eq!(game.turn(), Turn::Over);
        let record = GameRecord::of_random(&game, 11, self.0.points(), actions);
        let line = serde_json::to_string(&record).unwrap();
        let header = RecordHeader::read(&line).unwrap();
        assert_eq!(header.rules, self.0, "the record names the same rules");
        let replayed = catalogue::replay(&line).unwrap();
        assert!(replayed.finished);
        assert_eq!(replayed.points, game.points());
        // The same actions under the variant without its house rules do not replay as
        // this game: a record is tied to its rules.
        let mut plain: serde_json::Value = serde_json::from_str(&line).unwrap();
        plain.as_object_mut().unwrap().remove("house");
        let plain = catalogue::replay(&plain.to_string());
        assert!(plain.map_or(true, |r| r.points != game.points() || !r.finished));
    }
}

#[test]
fn games_under_house_rules_record_and_replay() {
    let cases = [
        (
            Variant::EuchreEecs280,
            vec!["deal=5", "dealer=throw-in", "alone=on", "renege=2"],
        ),
        (
            Variant::EuchreCs246,
            vec!["alone=off", "partner-alone=off", "euchre=4"],
        ),
        (
            Variant::Straights,
            vec!["opener=diamonds", "free-discard=on", "end=rounds-4"],
        ),
        (
            Variant::TeenDoPanchHandout,
            vec!["packets=5-5", "direction=right"],
        ),
    ];
    for (variant, house) in cases {
        let rules = Ruleset::new(variant, 5, &house).unwrap();
        assert_eq!(
            rules.house().len(),
            house.len(),
            "{variant}: every setting is a change"
        );
        rules.clone().with_game(RoundTrip(rules));
    }
}

#[test]
fn settings_equal_to_the_variant_are_no_house_rules() {
    let rules = Ruleset::new(Variant::EuchreCs246, 10, &["alone=on", "deal=5"]).unwrap();
    assert!(rules.house().is_empty());
    assert_eq!(rules, Ruleset::plain(Variant::EuchreCs246, 10));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any text at all: a ruleset, or a refusal that names the game.
    #[test]
    fn any_text_is_a_ruleset_or_a_typed_refusal(
        game in 0..3usize,
        settings in proptest::collection::vec("[a-z=0-9,-]{0,14}|\\PC{0,8}", 0..5),
    ) {
        let variant = Variant::named(GameKind::ALL[game], None).unwrap();
        match Ruleset::new(variant, 10, &settings) {
            Ok(rules) => prop_assert!(rules.house().len() <= settings.len()),
            Err(catalogue::Error::House { game: g, error }) => {
                prop_assert_eq!(g, variant.game());
                prop_assert!(!error.to_string().is_empty());
            }
            Err(other) => prop_assert!(false, "not a house-rule refusal: {other}"),
        }
    }
}

#[test]
fn points_to_win_are_the_faces_to_bound_not_a_house_rule() {
    // The arena and records take up to 1,000 points; the house rules do not narrow that.
    for variant in Variant::ALL {
        assert!(
            Ruleset::new(variant, 1000, &[] as &[&str]).is_ok(),
            "{variant}"
        );
    }
}
