//! The game in progress: what each action did reaches the scene in the game's words, a
//! record replays to the same progress, and a face-down card shows only to its owner.

use catalogue::{Roster, Variant};
use euchre::HandOver;
use rand::SeedableRng;
use scene::{Moment, Nameplate, Stage};
use table::{Agent, GameRecord, Happened, Outcome, Progress, RecordSeat, Rng, Turn};

fn nameplates(names: &[&str]) -> Vec<Nameplate> {
    names.iter().map(|&n| Nameplate::computer(n)).collect()
}

/// What seat 0 sees of a hand whose actions so far are `log`, to 10 points.
fn seat_zero<G: table::Game>(nameplates: &[Nameplate], log: Vec<Moment<G>>) -> Stage<'_, G> {
    Stage {
        to: Some(0),
        nameplates,
        log,
        last_hand: Vec::new(),
        points_to_win: 10,
    }
}

/// The log's sentences, in order.
fn said(scene: &scene::Scene) -> Vec<String> {
    scene.log.iter().flat_map(|e| e.words.clone()).collect()
}

#[test]
fn euchre_outcomes_say_the_handouts_scores() {
    use euchre::{HandResult, Outcome as Did, Seat, Team};
    // EECS 280: makers taking 3 or 4 tricks score 1, all 5 (a march) 2; makers taking
    // fewer than 3 are euchred and the other team scores 2.
    let makers = Team::BOTH[0];
    // Team 0 made trump and took `tricks` of five, with partners (no lone hands).
    let trick = |tricks| Did::Trick {
        winner: Seat::new(1),
        result: Some(HandResult::score(
            &euchre::Scoring::STANDARD,
            makers,
            false,
            false,
            tricks,
        )),
    };
    let made = trick(4).happened();
    assert_eq!(made.trick_taken, Some(1));
    assert!(matches!(
        made.hand_over,
        Some(HandOver::Made {
            tricks: 4,
            points: 1,
            alone: false,
            ..
        })
    ));
    let march = trick(5).happened();
    assert!(matches!(
        march.hand_over,
        Some(HandOver::March { points: 2, .. })
    ));
    let euchred = trick(2).happened();
    assert!(matches!(
        euchred.hand_over,
        Some(HandOver::Euchred {
            tricks: 2,
            points: 2,
            ..
        })
    ));
    assert_eq!(
        Did::Nullified.happened().hand_over,
        Some(HandOver::ThrownIn)
    );
    assert_eq!(Did::Continue.happened(), Happened::default());
}

#[test]
fn the_log_says_what_happened_with_you_and_the_others_in_their_own_words() {
    use euchre::{Action, Game, Rules};
    let game = Game::new(Rules::eecs280(10));
    let nameplates = nameplates(&["You", "West", "North", "East"]);
    let played = |seq, seat, card: &str, happened| Moment {
        seq,
        seat,
        action: Some(Action::Play(card.parse().unwrap())),
        happened,
    };
    let log = vec![
        Moment {
            seq: 1,
            seat: 1,
            action: Some(Action::Pass),
            happened: Happened::default(),
        },
        Moment {
            seq: 2,
            seat: 2,
            action: Some(Action::OrderUp { alone: false }),
            happened: Happened::default(),
        },
        Moment {
            seq: 3,
            seat: 0,
            action: None,
            happened: Happened::default(),
        },
        played(4, 1, "TH", Happened::default()),
        played(
            5,
            0,
            "JH",
            Happened {
                trick_taken: Some(0),
                hand_over: Some(HandOver::Made {
                    makers: 2,
                    alone: false,
                    tricks: 3,
                    points: 1,
                }),
                penalty: None,
                disclosed: None,
                passed_to: None,
            },
        ),
    ];
    let stage = seat_zero(&nameplates, log);
    let scene = stage.scene(&game);
    // Each action once, by number and seat; the face-down discard's card hidden.
    let seqs: Vec<(u64, usize)> = scene.log.iter().map(|e| (e.seq, e.seat)).collect();
    assert_eq!(seqs, [(1, 1), (2, 2), (3, 0), (4, 1), (5, 0)]);
    assert_eq!(scene.log[2].action, None);
    assert_eq!(
        said(&scene),
        [
            "West passes",
            "North orders up",
            "You discard a card face down",
            "West plays 10♥",
            "You play J♥",
            "You take the trick.",
            "You and North take 3 tricks and score 1 point.",
        ]
    );
    assert_eq!(scene.title, "Euchre · EECS 280 rules · first to 10 points");
    // A spectator reads the same hand with every seat by name, and no hidden card.
    let named = self::nameplates(&["Ada", "Bob", "Cy", "Di"]);
    let watching = Stage {
        to: None,
        nameplates: &named,
        ..stage
    };
    let scene = watching.scene(&game);
    assert_eq!(scene.log[2].words, ["Ada discards a card face down"]);
    assert_eq!(
        scene.log[4].words,
        [
            "Ada plays J♥",
            "Ada takes the trick.",
            "Ada and Cy take 3 tricks and score 1 point."
        ]
    );
}

#[test]
fn under_the_joker_rule_the_two_of_spades_is_named_and_drawn_as_the_joker() {
    use euchre::{Action, Game, Rules};
    let nameplates = nameplates(&["You", "West", "North", "East"]);
    let log = vec![Moment {
        seq: 1,
        seat: 1,
        action: Some(Action::Play("2S".parse().unwrap())),
        happened: Happened::default(),
    }];
    let stage = seat_zero(&nameplates, log);
    let joker = table::House::with_house(&Rules::eecs280(10), &["joker=on"]).unwrap();
    let scene = stage.scene(&Game::new(joker));
    assert_eq!(scene.joker, Some("2S".parse().unwrap()));
    assert_eq!(said(&scene), ["West plays Joker"]);
    assert_eq!(scene.card_text("2S".parse().unwrap()), "Joker");
    assert_eq!(scene.card_text("2H".parse().unwrap()), "2♥");
    // Without the house rule there is no joker, and the card is the two of spades.
    let scene = stage.scene(&Game::new(Rules::eecs280(10)));
    assert_eq!(
        (scene.joker, said(&scene)),
        (None, vec!["West plays 2♠".to_string()])
    );
}

/// Plays a game of `variant` with random players through [`Progress`], then checks it.
struct PlayAndReplay(u64);

impl catalogue::WithGame for PlayAndReplay {
    type Output = ();

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) {
        let mut progress = Progress::new(new(), self.0, Vec::new()).unwrap();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..new().seats())
            .map(|_| new().agent(catalogue::PlayerSpec::Random))
            .collect();
        let mut rng = Rng::seed_from_u64(self.0);
        while progress.turn() != Turn::Over && progress.actions().len() < 2000 {
            match progress.turn() {
                Turn::Chance => progress.deal(),
                Turn::Seat(seat) => {
                    let taken = progress
                        .act_for(agents[seat].as_mut(), seat, &mut rng)
                        .clone();
                    // Face-down cards: Euchre's and Straights' discards show to their owner only.
                    let face_down = matches!(
                        serde_json::to_value(taken.action).unwrap(),
                        serde_json::Value::Object(ref o) if o.contains_key("Discard")
                    );
                    if face_down {
                        assert!(taken.seen_by(Some(seat)));
                        assert!(!taken.seen_by(None));
                        assert!(!taken.seen_by(Some((seat + 1) % new().seats())));
                    }
                }
                Turn::Over => unreachable!(),
            }
        }
        let names: Vec<String> = (0..new().seats()).map(|s| format!("seat {s}")).collect();
        let seats = names.iter().cloned().map(RecordSeat::Computer).collect();
        let record: GameRecord<G::Action> = progress.record(seats, 10);
        let again = Progress::from_record(new(), &record).unwrap();
        let nameplates = nameplates(&names.iter().map(String::as_str).collect::<Vec<_>>());
        for to in (0..new().seats()).map(Some).chain([None]) {
            assert_eq!(
                scene::shown(&progress, to, &nameplates, 10),
                scene::shown(&again, to, &nameplates, 10)
            );
        }
    }
}

#[test]
fn a_record_replays_to_the_same_progress_in_every_game() {
    for variant in Variant::ALL {
        for seed in 0..3 {
            catalogue::Ruleset::plain(variant, 10).with_game(PlayAndReplay(seed));
        }
    }
}

/// Appendix B's deal (EECS 280, no shuffle): seat 0 deals and the J♦ is turned up.
fn appendix_b(rules: euchre::Rules) -> Progress<euchre::Game> {
    let deck = cards::deck::eecs280_euchre();
    let mut progress = Progress::new(euchre::Game::new(rules), 0, vec![deck]).unwrap();
    progress.deal();
    progress
}

#[test]
fn the_upcard_stays_in_the_scene_and_the_log_names_it_once_ordered_up() {
    use euchre::{Action, Rules};
    use scene::{FactKind, MarkKind, TallyKind};
    let nameplates = nameplates(&["You", "West", "North", "East"]);
    let mut progress = appendix_b(Rules::eecs280(10));
    // West (seat 1, the dealer's left) orders up the J♦; You (seat 0, the dealer) take
    // it and discard; then a seat whose first look comes now still sees which card.
    progress
        .apply_as(1, Action::OrderUp { alone: false })
        .unwrap();
    progress
        .apply_as(0, Action::Discard("9D".parse().unwrap()))
        .unwrap();
    for to in [Some(2), None] {
        let scene = scene::shown(&progress, to, &nameplates, 10).scene;
        let upcard = scene
            .facts
            .iter()
            .find(|f| f.kind == FactKind::Upcard)
            .expect("the upcard is kept after the order-up");
        assert_eq!(upcard.card, Some("JD".parse().unwrap()));
        // The facts name their seats: the dealer (seat 0) took the upcard up, and seat 1,
        // who ordered it up, made trump.
        assert_eq!(upcard.seat, Some(0));
        let trump = scene
            .facts
            .iter()
            .find(|f| f.kind == FactKind::Trump)
            .unwrap();
        assert_eq!(
            (trump.seat, trump.suit),
            (Some(1), Some(cards::Suit::Diamonds))
        );
        assert_eq!(upcard.text, "Upcard, taken up by You");
        assert_eq!(scene.log[0].words, ["West orders up the J♦"]);
    }
    // Appendix B: seat 0 deals and seat 1 ordered up, alone in neither: typed marks say
    // so, and nobody has taken a trick yet.
    let scene = scene::shown(&progress, None, &nameplates, 10).scene;
    let kinds =
        |seat: usize| -> Vec<MarkKind> { scene.seats[seat].marks.iter().map(|m| m.kind).collect() };
    assert_eq!(kinds(0), [MarkKind::Dealer]);
    assert_eq!(kinds(1), [MarkKind::Maker]);
    assert!(kinds(2).is_empty() && kinds(3).is_empty());
    for panel in &scene.seats {
        assert_eq!(
            (panel.tally.kind, panel.tally.count),
            (TallyKind::Tricks, 0)
        );
        assert_eq!(panel.tally.text, "Tricks 0");
    }
    // Played on into the tricks, the fact stays.
    progress
        .apply_as(1, Action::Play("9S".parse().unwrap()))
        .unwrap();
    let scene = scene::shown(&progress, None, &nameplates, 10).scene;
    assert!(scene.facts.iter().any(|f| f.kind == FactKind::Upcard));
}

#[test]
fn under_cs246_rules_the_dealer_picks_up_and_a_turned_down_card_stays_named() {
    use cards::Suit;
    use euchre::{Action, Rules};
    use scene::FactKind;
    let nameplates = nameplates(&["Ada", "Bob", "Cy", "Di"]);
    let mut progress = appendix_b(Rules::cs246());
    for seat in [1, 2, 3] {
        progress.apply_as(seat, Action::Pass).unwrap();
    }
    // The CS 246 handout: the dealer "will only pick up the card if …".
    progress
        .apply_as(0, Action::OrderUp { alone: false })
        .unwrap();
    let scene = scene::shown(&progress, Some(1), &nameplates, 10).scene;
    assert_eq!(scene.log[3].words, ["Ada picks up the J♦"]);
    let scene = scene::shown(&progress, Some(0), &nameplates, 10).scene;
    assert_eq!(scene.log[3].words, ["You pick up the J♦"]);
    // Round two: the turned-down card stays named after trump is called.
    let mut progress = appendix_b(Rules::cs246());
    for seat in [1, 2, 3, 0] {
        progress.apply_as(seat, Action::Pass).unwrap();
    }
    progress
        .apply_as(
            1,
            Action::Call {
                suit: Suit::Hearts,
                alone: false,
            },
        )
        .unwrap();
    let scene = scene::shown(&progress, None, &nameplates, 10).scene;
    let down = scene.facts.iter().find(|f| f.kind == FactKind::TurnedDown);
    assert_eq!(down.and_then(|f| f.suit), Some(Suit::Diamonds));
}

#[test]
fn the_coach_weighs_each_choice_against_its_pick_in_the_seats_order() {
    use catalogue::Catalogued;
    use euchre::{Action, Rules};
    use table::search::Advice;
    // Appendix B: West, left of the dealer, bids first: pass or order up the J♦ (EECS 280
    // has no going alone).
    let progress = appendix_b(Rules::eecs280(10));
    let (pass, order) = (Action::Pass, Action::OrderUp { alone: false });
    let own = scene::shown(&progress, Some(1), &nameplates(&["S", "W", "N", "E"]), 10).own;
    let offered = own.unwrap().actions;
    assert_eq!(offered.len(), 2);
    // The advice lists the actions the other way round; the coaching follows the seat's.
    let advice = |values: Vec<f64>, higher_is_better: bool| Advice {
        actions: vec![order, pass],
        choice: if higher_is_better { 0 } else { 1 },
        values,
        higher_is_better,
        unit: "points",
        margins: Vec::new(),
        note: String::new(),
    };
    let coaching = scene::coaching(progress.game(), 1, &advice(vec![0.75, 0.25], true));
    let coached: Vec<_> = coaching.choices.iter().map(|c| c.action).collect();
    assert_eq!(coached, offered);
    let costs = |c: &scene::Coaching, action: Action| c.cost_of(&euchre::Game::any(action));
    assert_eq!(coaching.picked().action, euchre::Game::any(order));
    assert_eq!(
        (costs(&coaching, order), costs(&coaching, pass)),
        (0.0, 0.5)
    );
    assert_eq!(coaching.advice, "The coach's pick: Order up.");
    // Points taken: the lower value is the pick, and the other gives up the difference.
    let coaching = scene::coaching(progress.game(), 1, &advice(vec![3.0, 1.0], false));
    assert_eq!(coaching.picked().action, euchre::Game::any(pass));
    assert_eq!(
        (costs(&coaching, order), costs(&coaching, pass)),
        (2.0, 0.0)
    );
}

/// The newcomer's Euchre bid: ordering up estimated at 1.40 against passing's 1.26, and
/// the strong player asks a bid to beat passing by 0.30. The values shown have the margin
/// taken off (1.40 − 0.30 = 1.10), so the pick, passing, is the best value shown, and
/// ordering up is 1.26 − 1.10 = 0.16 worse; the coach says why in a sentence.
#[test]
fn the_coach_shows_a_bid_less_its_margin_so_the_pick_is_the_best_value() {
    use table::search::Advice;
    let advice = Advice {
        actions: WESTS_BID.to_vec(),
        values: vec![1.26, 1.40],
        choice: 0,
        higher_is_better: true,
        unit: "the points your team can expect from this hand",
        margins: vec![0.0, 0.30],
        note: "A bid must promise 0.30 points more than passing.".into(),
    };
    let coaching = wests_bid_coaching(&advice);
    assert_eq!(
        shown(&coaching),
        [
            ("Pass", "+1.26".to_string(), "the coach's pick"),
            ("Order up", "+1.10".to_string(), "0.16 worse"),
        ]
    );
    assert_eq!(coaching.advice, "The coach's pick: Pass.");
    assert_eq!(
        coaching.reading,
        "Each value is the points your team can expect from this hand. Higher is better."
    );
    assert_eq!(
        coaching.notes,
        ["A bid must promise 0.30 points more than passing."]
    );
}

/// The newcomer's Straights reading: values of −1.73 and −1.06 in points taken (less
/// half the others' average). Lower is better, so −1.73 is the pick and the other is
/// −1.06 − (−1.73) = 0.67 worse, and the coach says that lower is better. (The choices
/// here are a Euchre bid's, the decision at hand: the direction is every game's.)
#[test]
fn the_coach_says_lower_is_better_for_points_taken() {
    use table::search::Advice;
    let advice = Advice::from_totals(
        WESTS_BID.to_vec(),
        &[-1.06, -1.73],
        1,
        false,
        "the points you can expect to take this round",
    );
    let coaching = wests_bid_coaching(&advice);
    assert_eq!(
        shown(&coaching),
        [
            ("Pass", "-1.06".to_string(), "0.67 worse"),
            ("Order up", "-1.73".to_string(), "the coach's pick"),
        ]
    );
    assert!(!coaching.higher_is_better);
    assert_eq!(
        coaching.reading,
        "Each value is the points you can expect to take this round. Lower is better."
    );
    assert!(coaching.notes.is_empty());
}

/// West's first bid in Appendix B (EECS 280, which has no going alone), in the order the
/// seat is offered it.
const WESTS_BID: [euchre::Action; 2] = [
    euchre::Action::Pass,
    euchre::Action::OrderUp { alone: false },
];

/// The coaching West is shown for its first bid in Appendix B, from `advice`.
fn wests_bid_coaching(advice: &table::search::Advice<euchre::Action>) -> scene::Coaching {
    let progress = appendix_b(euchre::Rules::eecs280(10));
    scene::coaching(progress.game(), 1, advice)
}

/// Each choice as the coach shows it: its words, its value to two places, and how it
/// stands against the pick.
fn shown(coaching: &scene::Coaching) -> Vec<(&str, String, &str)> {
    (coaching.choices.iter())
        .map(|c| {
            let value = format!("{:+.2}", c.value.unwrap());
            (c.words.as_str(), value, c.against.as_str())
        })
        .collect()
}

/// Pagat's farmer's hand (house rule `farmer=swap`): a player dealt three cards of one
/// low rank shows them and takes the kitty's three cards for them. The log names the
/// three cards shown: the rank the action says, once in each of three suits.
#[test]
fn a_farmers_hand_is_named_with_the_three_cards_shown() {
    use euchre::{Action, Rules};
    let rules = table::House::with_house(&Rules::cs246(), &["farmer=swap"]).unwrap();
    let nameplates = nameplates(&["You", "West", "North", "East"]);
    let mut found = 0;
    for seed in 0..400 {
        let mut progress = Progress::new(euchre::Game::new(rules), seed, Vec::new()).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        progress.deal();
        while let Turn::Seat(seat) = progress.turn() {
            let taken = progress.act_for(&mut table::RandomAgent::default(), seat, &mut rng);
            let Action::Farmer(rank) = taken.action else {
                continue;
            };
            let scene = scene::shown(&progress, None, &nameplates, 10).scene;
            let said = &scene.log.last().unwrap().words[0];
            let shown: Vec<&str> = said
                .split(" shows ")
                .nth(1)
                .and_then(|rest| rest.split(" and takes ").next())
                .expect(said)
                .split(' ')
                .collect();
            assert_eq!(shown.len(), 3, "{said}");
            let suits: std::collections::BTreeSet<char> =
                shown.iter().map(|c| c.chars().last().unwrap()).collect();
            assert_eq!(suits.len(), 3, "{said}");
            for card in &shown {
                let rank_text = &card[..card.len() - card.chars().last().unwrap().len_utf8()];
                assert_eq!(
                    rank_text,
                    scene::card_text(cards::Card::new(rank, cards::Suit::Spades))
                        .trim_end_matches('♠'),
                    "{said}"
                );
            }
            found += 1;
            break;
        }
        if found >= 3 {
            break;
        }
    }
    assert!(found > 0, "some deal gave a farmer's hand");
}
