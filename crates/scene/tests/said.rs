//! A snapshot built with the words a table kept ([`scene::shown_saying`], what the server
//! sends) is byte for byte the one built afresh ([`scene::shown`]), for every seat and
//! the spectator at every position of random games of every variant: across hands' ends
//! and the game's, while seats are renamed, come and go, are taken over by a person or a
//! computer, and when an action is taken back and another taken in its place.

use cards::shuffle::random_index;
use catalogue::{Roster, Ruleset, Variant};
use rand::SeedableRng;
use scene::{Nameplate, Presence, Said, Staged, WithScene};
use table::{Progress, Rng, Turn};

/// Random games of each variant checked, each to its end.
const GAMES: u64 = 5;

/// Every recipient at this position, in a random order, built both ways.
fn every_recipient_agrees<G: Staged>(
    progress: &Progress<G>,
    nameplates: &[Nameplate],
    points: u32,
    said: &mut Said<G::Action>,
    rng: &mut Rng,
) {
    let seats = progress.game().seats();
    let mut order: Vec<Option<usize>> = (0..seats).map(Some).chain([None]).collect();
    for at in (1..order.len()).rev() {
        order.swap(at, random_index(rng, at + 1));
    }
    for to in order {
        let kept = scene::shown_saying(progress, to, nameplates, points, said);
        let fresh = scene::shown(progress, to, nameplates, points);
        let (kept, fresh) = (
            serde_json::to_string(&kept).expect("a snapshot serializes"),
            serde_json::to_string(&fresh).expect("a snapshot serializes"),
        );
        assert_eq!(
            kept,
            fresh,
            "{to:?} after {} actions",
            progress.actions().len()
        );
    }
}

/// What may happen to a seat's nameplate between two actions: a person renamed, coming,
/// going, a computer taking the seat over or a person taking it back.
fn change_a_nameplate(nameplates: &mut [Nameplate], rng: &mut Rng) {
    let seat = random_index(rng, nameplates.len());
    let plate = &mut nameplates[seat];
    match random_index(rng, 5) {
        0 => plate.name = format!("Person {}", random_index(rng, 3)),
        1 => plate.presence = Presence::Away,
        2 => plate.presence = Presence::Person,
        3 => *plate = Nameplate::computer(scene::computer_name(seat, "")),
        _ => {
            *plate = Nameplate {
                name: "You".into(),
                presence: Presence::Autopilot,
            }
        }
    }
}

struct Check(u64);

impl WithScene for Check {
    type Output = ();
    fn run<G: Roster + Staged>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) {
        let seed = self.0;
        let mut rng = Rng::seed_from_u64(seed);
        let seats = new().seats();
        let mut nameplates: Vec<Nameplate> = (1..=seats)
            .map(|n| Nameplate::computer(format!("Seat {n}")))
            .collect();
        let mut progress = Progress::new(new(), seed, Vec::new()).expect("no prescribed deal");
        let mut said = Said::default();
        let mut points = 10;
        let mut legal = Vec::new();
        loop {
            every_recipient_agrees(&progress, &nameplates, points, &mut said, &mut rng);
            if random_index(&mut rng, 8) == 0 {
                change_a_nameplate(&mut nameplates, &mut rng);
            }
            if random_index(&mut rng, 40) == 0 {
                points = 5 + random_index(&mut rng, 10) as u32;
            }
            match progress.turn() {
                Turn::Over => break,
                Turn::Chance => progress.deal(),
                Turn::Seat(seat) => {
                    progress.game().legal_actions(&mut legal);
                    // Now and then an action taken back for another, as a table
                    // rebuilt from its store would show: the same `seq`, another action.
                    if legal.len() > 1 && random_index(&mut rng, 6) == 0 {
                        let mut other = progress.clone();
                        let first = legal[0];
                        assert!(other.apply_as(seat, first).is_ok(), "a legal action");
                        every_recipient_agrees(&other, &nameplates, points, &mut said, &mut rng);
                        let instead = legal[1 + random_index(&mut rng, legal.len() - 1)];
                        assert!(progress.apply_as(seat, instead).is_ok(), "a legal action");
                    } else {
                        let action = legal[random_index(&mut rng, legal.len())];
                        assert!(progress.apply_as(seat, action).is_ok(), "a legal action");
                    }
                }
            }
        }
    }
}

#[test]
fn a_snapshot_from_kept_words_is_the_one_built_afresh() {
    for variant in Variant::ALL {
        for seed in 1..=GAMES {
            let rules = Ruleset::plain(variant, 10);
            scene::with_game(&rules, Check(seed));
        }
    }
}
