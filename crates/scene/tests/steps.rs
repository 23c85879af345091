//! A finished game's steps, every hand face up, under every game's sampled house rules;
//! and the rules card, which marks exactly the house rules.

use catalogue::WithGame;
use catalogue::{rulesets, Roster, Ruleset, Variant};
use proptest::prelude::*;
use table::GameRecord;

/// Plays a random game under the rules, then checks its steps as a finished game's
/// replay shows them: every hand face up, each seat's cards as many as it holds, no card
/// in two hands, and while a pull waits every one of Teen Do Panch's 30 cards in a hand.
struct FaceUpSteps(u64, u32);

impl WithGame for FaceUpSteps {
    type Output = usize;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> usize {
        let mut game = new();
        let seats = game.seats();
        let mut agents = game.agents(&vec![catalogue::PlayerSpec::Random; seats]);
        let mut actions = Vec::new();
        table::play_seeded(&mut game, &mut agents, self.0, Some(&mut actions));
        let record = GameRecord::of_random(&game, self.0, self.1, actions);
        let line = serde_json::to_string(&record).unwrap();
        let steps = scene::steps(&line).unwrap();
        let mut pulls = 0;
        for step in &steps {
            let mut all = std::collections::BTreeSet::new();
            assert_eq!(
                step.hands.len(),
                step.scene.seats.len(),
                "every hand face up"
            );
            for (panel, cards) in step.scene.seats.iter().zip(&step.hands) {
                assert_eq!(
                    cards.len(),
                    panel.cards,
                    "{}'s cards: {:?}",
                    panel.name,
                    step.scene.phase
                );
                for card in cards {
                    assert!(all.insert(*card), "{card} in two hands");
                }
            }
            if matches!(step.scene.phase, scene::Phase::Pull { .. }) {
                assert_eq!(all.len(), 30, "every card in a hand while a pull waits");
                pulls += 1;
            }
        }
        pulls
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    /// Under every game's sampled house rules (the joker's blind dealer and Teen Do
    /// Panch's pulls among them), a finished game's steps show every card held.
    #[test]
    fn a_finished_games_steps_show_every_card_held(rules in rulesets(3), seed in any::<u64>()) {
        rules.with_game(FaceUpSteps(seed, 3));
    }
}

#[test]
fn a_blind_dealers_hand_and_a_pulled_card_show_in_the_steps() {
    // Seeds found to turn up the benny, and to pull: each checked step by step above.
    let joker = Ruleset::new(Variant::EuchreEecs280, 10, &["joker"]).unwrap();
    for seed in 0..40 {
        joker.with_game(FaceUpSteps(seed, 10));
    }
    let teen = Ruleset::new(Variant::TeenDoPanchHandout, 10, &[] as &[&str]).unwrap();
    let pulls: usize = (0..5)
        .map(|seed| teen.with_game(FaceUpSteps(seed, 10)))
        .sum();
    assert!(pulls > 0, "some game pulled");
}

#[test]
fn the_rules_card_marks_exactly_the_house_rules() {
    let euchre = ["deal=5", "dealer=throw-in", "alone=on", "renege=2"];
    let straights = ["opener=diamonds", "free-discard=on", "end=rounds-4"];
    let teendopanch = ["packets=5-5", "direction=right"];
    for (variant, house) in [
        (Variant::EuchreEecs280, &euchre[..]),
        (Variant::Straights, &straights[..]),
        (Variant::TeenDoPanchHandout, &teendopanch[..]),
    ] {
        let rules = Ruleset::new(variant, 5, house).unwrap();
        let card = scene::rules_card_of(&rules);
        let marked: Vec<String> = (card.iter().filter(|l| l.house))
            .map(|l| format!("{}={}", l.name, l.value))
            .collect();
        assert_eq!(
            marked,
            rules.house(),
            "{variant}: the card marks exactly the changes"
        );
        assert_eq!(
            marked.len(),
            house.len(),
            "{variant}: every setting is a change"
        );
    }
}
