//! Scenes at every step of random games of every variant: each seat's cards and buttons
//! reach exactly its legal actions, hand sizes agree with what the seat holds, a spectator
//! gets no own part and its scene names no card anyone holds, and a finished game's result
//! names the game's winners.

use std::collections::BTreeSet;

use catalogue::Variant;
use scene::{AnyAction, Nameplate, Shown};
use table::{Progress, Turn};
use testkit::cards_named;

fn hand_of(shown: &Shown) -> BTreeSet<String> {
    let own = shown.own.as_ref().expect("a seat's own part");
    own.hand
        .groups()
        .iter()
        .flatten()
        .map(|c| c.card.to_string())
        .collect()
}

/// Walks a random game of `rules`, checking every position; returns how many.
fn check(rules: &catalogue::Ruleset, seed: u64) -> usize {
    let mut checked = 0;
    scene::walk(rules, seed, 3000, |at| {
        let (turn, seats) = (at.turn, at.seats);
        let mut held = BTreeSet::new();
        for seat in 0..seats {
            let shown = at.shown(Some(seat));
            let own = shown.own.as_ref().unwrap();
            // Cards and buttons reach each legal action exactly once.
            let mut reached: Vec<usize> = own
                .hand
                .groups()
                .iter()
                .flatten()
                .filter_map(|c| c.action)
                .collect();
            reached.extend(own.choices.iter().map(|c| c.action));
            reached.sort_unstable();
            assert_eq!(reached, (0..own.actions.len()).collect::<Vec<_>>());
            let legal: &[AnyAction] = if turn == Turn::Seat(seat) {
                &at.legal
            } else {
                &[]
            };
            assert_eq!(own.actions, legal);
            let hand = hand_of(&shown);
            assert_eq!(
                hand.len(),
                shown.scene.seats[seat].cards,
                "seat {seat}'s hand size"
            );
            held.extend(hand);
            assert!(!shown.scene.status.is_empty());
        }
        let watching = at.shown(None);
        assert!(watching.own.is_none(), "a spectator has no own part");
        // The hand before's words and last trick name cards dealt again since.
        let mut this_hand = watching.scene.clone();
        this_hand.last_hand.clear();
        if let scene::Middle::Tricks { last, .. } = &mut this_hand.middle {
            *last = None;
        }
        // The upcard a dealer took is in its hand, but every player saw it taken.
        let taken_up: BTreeSet<String> = this_hand
            .facts
            .iter()
            .filter(|f| f.kind == scene::FactKind::Upcard)
            .filter_map(|f| f.card.map(|c| c.to_string()))
            .collect();
        this_hand
            .facts
            .retain(|f| f.kind != scene::FactKind::Upcard);
        let text = serde_json::to_string(&this_hand).unwrap();
        let named = cards_named(&text);
        let leaked: Vec<_> = named.intersection(&held).cloned().collect();
        // The log names the upcard ordered up: public too.
        let leaked: Vec<_> = leaked
            .into_iter()
            .filter(|c| !taken_up.contains(c))
            .collect();
        assert!(
            leaked.is_empty(),
            "a spectator was shown {leaked:?} held in hands: {text}"
        );
        checked += 1;
        if turn == Turn::Over {
            let result = watching.scene.result.expect("a finished game's result");
            let won = &at.winners;
            let winners: Vec<usize> = (0..seats).filter(|&s| won[s]).collect();
            let mut named = result.winners.clone();
            named.sort_unstable();
            assert_eq!(named, winners);
        }
    });
    checked
}

#[test]
fn every_variants_scenes_reach_the_legal_actions_and_show_no_held_card_to_spectators() {
    for variant in Variant::ALL {
        for seed in 0..4 {
            let steps = check(&catalogue::Ruleset::plain(variant, 5), seed);
            assert!(steps > 20, "{variant}: {steps} steps checked");
        }
    }
}

/// Euchre's joker house rule: when the benny is turned up the dealer names trump before
/// seeing its cards, so its own part holds them face down, by count; every other seat
/// sees its own hand.
#[test]
fn a_blind_dealers_hand_is_face_down_by_type() {
    use scene::{Held, Phase};
    let rules = catalogue::Ruleset::new(Variant::EuchreEecs280, 10, &["joker"]).unwrap();
    let catalogue::AnyGame::Euchre(fresh) = rules.game() else {
        unreachable!("a Euchre ruleset builds Euchre")
    };
    let nameplates: Vec<Nameplate> = (0..4)
        .map(|s| Nameplate::computer(format!("P{s}")))
        .collect();
    let mut found = 0;
    for seed in 0..200 {
        let mut progress = Progress::new(fresh, seed, Vec::new()).unwrap();
        progress.deal();
        let dealer = progress.game().public().hand().unwrap().dealer().index();
        let shown = scene::shown(&progress, Some(dealer), &nameplates, 10);
        let blind = matches!(
            shown.scene.phase,
            Phase::NameTrump {
                turned_down: None,
                ..
            }
        );
        if !blind {
            continue;
        }
        found += 1;
        assert_eq!(
            shown.own.unwrap().hand,
            Held::FaceDown { count: 5 },
            "seed {seed}"
        );
        let other = scene::shown(&progress, Some((dealer + 1) % 4), &nameplates, 10);
        assert_eq!(other.own.unwrap().hand.groups().iter().flatten().count(), 5);
    }
    assert!(found > 0, "some deal turned the benny up");
}
