//! The review of a finished game: every decision of the seat with a choice is marked, what
//! each gave up is the coach's reading of that moment, and a seat that always took the
//! coach's pick gave up nothing.

use catalogue::{PlayerSpec, Roster, Ruleset, Variant};
use rand::SeedableRng;
use scene::{Review, Verdict};
use table::{Agent, Progress, RecordSeat, Rng, Seated, Turn};

/// How seat 0 plays the game reviewed.
#[derive(Clone, Copy, PartialEq)]
enum Seat0 {
    /// Always the coach's pick, weighed as the review weighs it.
    Coached,
    /// Any legal action.
    Random,
}

/// Plays a whole game (seat 0 as `Seat0` says, the others the handout player) and gives
/// its record line and its review of seat 0.
struct Played(u64, Seat0);

impl catalogue::WithGame for Played {
    type Output = (String, Review);

    fn run<G: Roster>(
        self,
        new: impl Fn() -> G + Clone + Send + Sync + 'static,
    ) -> (String, Review) {
        let Played(seed, seat0) = self;
        let mut progress = Progress::new(new(), seed, Vec::new()).unwrap();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..new().seats())
            .map(|s| {
                new().agent(if s == 0 {
                    PlayerSpec::Random
                } else {
                    PlayerSpec::Handout
                })
            })
            .collect();
        let mut advisor = new().advisor();
        let mut rng = Rng::seed_from_u64(seed);
        while progress.turn() != Turn::Over {
            match progress.turn() {
                Turn::Chance => progress.deal(),
                Turn::Seat(0) if seat0 == Seat0::Coached => {
                    let mut weigh = scene::generator(progress.actions().len(), 0);
                    let advice = advisor.advise(Seated::new(progress.game(), 0), &mut weigh);
                    progress.apply_as(0, advice.chosen()).unwrap();
                    advisor = new().advisor();
                }
                Turn::Seat(seat) => {
                    progress.act_for(agents[seat].as_mut(), seat, &mut rng);
                }
                Turn::Over => unreachable!(),
            }
        }
        let names = (0..new().seats()).map(|s| RecordSeat::Computer(format!("seat {s}")));
        let line = serde_json::to_string(&progress.record(names.collect(), 3)).unwrap();
        let review = scene::review(&line, 0).unwrap();
        (line, review)
    }
}

fn played(variant: Variant, seed: u64, seat0: Seat0) -> (String, Review) {
    Ruleset::plain(variant, 3).with_game(Played(seed, seat0))
}

#[test]
fn a_seat_that_always_took_the_coachs_pick_gave_up_nothing() {
    for variant in [
        Variant::named(catalogue::GameKind::Euchre, Some("eecs280")).unwrap(),
        Variant::named(catalogue::GameKind::TeenDoPanch, None).unwrap(),
    ] {
        let (_, review) = played(variant, 5, Seat0::Coached);
        assert!(!review.hands.is_empty());
        let decisions = review.hands.iter().flat_map(|h| &h.decisions);
        for decision in decisions {
            assert_eq!(
                (decision.cost, decision.verdict),
                (0.0, Verdict::Good),
                "{}",
                decision.words
            );
            assert_eq!(decision.taken, decision.best);
            assert!(
                decision.words.ends_with(": the coach's pick."),
                "{}",
                decision.words
            );
        }
        assert_eq!((review.costly, review.given_up), (0, 0.0));
        assert_eq!(
            review.summary,
            "No costly choices; 0.00 points given up against the coach's picks."
        );
    }
}

#[test]
fn every_choice_of_the_seat_is_marked_on_its_step_and_summed() {
    for variant in Variant::ALL {
        let (line, review) = played(variant, 11, Seat0::Random);
        let steps = scene::steps(&line).unwrap();
        // The steps where seat 0 acted with more than one legal action: each has a mark.
        let record: serde_json::Value = serde_json::from_str(&line).unwrap();
        let marked: Vec<usize> = review
            .hands
            .iter()
            .flat_map(|h| &h.decisions)
            .map(|d| d.step)
            .collect();
        let acted = steps.iter().filter(|s| s.seat == Some(0)).count();
        assert!(
            !marked.is_empty() && marked.len() <= acted,
            "{variant:?}: {} marks, {acted} actions",
            marked.len()
        );
        for decision in review.hands.iter().flat_map(|h| &h.decisions) {
            let step = &steps[decision.step];
            assert_eq!(
                (step.seat, step.action),
                (Some(0), Some(decision.action)),
                "{variant:?}"
            );
            assert_eq!(
                record["actions"][decision.seq as usize - 1],
                serde_json::to_value(decision.action).unwrap()
            );
            assert!(decision.cost >= 0.0);
            assert_eq!(
                decision.verdict,
                scene::verdict(variant.game(), decision.cost)
            );
            if decision.taken == decision.best {
                assert_eq!(decision.cost, 0.0, "the pick gives up nothing");
            }
        }
        // Each hand's sums, and the game's.
        for hand in &review.hands {
            let given_up: f64 = hand.decisions.iter().map(|d| d.cost).sum();
            let costly = hand
                .decisions
                .iter()
                .filter(|d| d.verdict != Verdict::Good)
                .count();
            assert!((hand.given_up - given_up).abs() < 1e-9);
            assert_eq!(hand.costly, costly);
            assert!(hand.summary.starts_with(&hand.heading));
        }
        let given_up: f64 = review.hands.iter().map(|h| h.given_up).sum();
        assert!((review.given_up - given_up).abs() < 1e-9);
        assert_eq!(
            review.costly,
            review.hands.iter().map(|h| h.costly).sum::<usize>()
        );
        // Random play gives something up somewhere in a whole game.
        assert!(review.given_up > 0.0, "{variant:?}");
    }
}

/// Plays a whole game (seat 0 and everyone else the handout player), asking the live
/// coach (`Coaching::at`, as the server's `coach`, the terminal's `c` and line mode's
/// `coach` do) at each of seat 0's decisions with a choice, then reviews seat 0: the
/// coach's readings, by the action's `seq`, and the review.
struct Asked(u64);

impl catalogue::WithGame for Asked {
    type Output = (Vec<(u64, scene::Coaching)>, Review);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let mut progress = Progress::new(new(), self.0, Vec::new()).unwrap();
        let mut agents = new().agents(&vec![PlayerSpec::Handout; new().seats()]);
        let mut rng = Rng::seed_from_u64(self.0);
        let mut asked = Vec::new();
        while progress.turn() != Turn::Over {
            match progress.turn() {
                Turn::Chance => progress.deal(),
                Turn::Seat(seat) => {
                    let mut legal = Vec::new();
                    progress.game().legal_actions(&mut legal);
                    if seat == 0 && legal.len() > 1 {
                        let seq = progress.actions().len() as u64 + 1;
                        asked.push((seq, scene::Coaching::at(&progress, 0).unwrap()));
                    }
                    progress.act_for(agents[seat].as_mut(), seat, &mut rng);
                }
                Turn::Over => unreachable!(),
            }
        }
        let names = (0..new().seats()).map(|s| RecordSeat::Computer(format!("seat {s}")));
        let line = serde_json::to_string(&progress.record(names.collect(), 3)).unwrap();
        (asked, scene::review(&line, 0).unwrap())
    }
}

#[test]
fn the_review_shows_what_the_live_coach_showed_at_each_decision() {
    for variant in [
        Variant::named(catalogue::GameKind::Euchre, Some("eecs280")).unwrap(),
        Variant::named(catalogue::GameKind::Straights, None).unwrap(),
        Variant::named(catalogue::GameKind::TeenDoPanch, None).unwrap(),
    ] {
        let (asked, review) = Ruleset::plain(variant, 3).with_game(Asked(4));
        let reviewed: Vec<_> = (review.hands.iter().flat_map(|h| &h.decisions))
            .map(|d| (d.seq, d.coaching.clone()))
            .collect();
        assert!(asked.len() > 3, "{variant:?}: {} decisions", asked.len());
        assert_eq!(reviewed, asked, "{variant:?}");
        for decision in review.hands.iter().flat_map(|h| &h.decisions) {
            let coached = &decision.coaching;
            // The pick is the best value shown, and the review names it.
            let values: Vec<f64> = coached.choices.iter().filter_map(|c| c.value).collect();
            let best = if coached.higher_is_better {
                values.iter().copied().fold(f64::MIN, f64::max)
            } else {
                values.iter().copied().fold(f64::MAX, f64::min)
            };
            assert_eq!(coached.picked().value, Some(best), "{variant:?}");
            assert_eq!(decision.best, coached.picked().words);
            assert_eq!(decision.cost, coached.cost_of(&decision.action));
        }
    }
}

#[test]
fn a_game_not_over_and_a_seat_not_there_are_refused() {
    let line = r#"{"game":"euchre","variant":"eecs280","seed":1,"seats":[],"actions":["Pass"]}"#;
    assert!(matches!(
        scene::review(line, 0),
        Err(scene::ReviewError::NotOver)
    ));
    assert!(matches!(
        scene::review(line, 4),
        Err(scene::ReviewError::NoSeat(4))
    ));
}

#[test]
fn the_verdicts_follow_the_documented_thresholds() {
    use catalogue::GameKind::Euchre;
    // docs/PROTOCOL.md: Euchre 0.1, 0.3 and 0.6 points a hand.
    let verdicts: Vec<Verdict> = [0.0, 0.09, 0.1, 0.29, 0.3, 0.59, 0.6, 2.0]
        .iter()
        .map(|&c| scene::verdict(Euchre, c))
        .collect();
    use Verdict::*;
    assert_eq!(
        verdicts,
        [Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder]
    );
}
