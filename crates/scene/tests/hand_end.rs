//! Every hand ends visibly: between a hand's last action and the next deal (and at the
//! game's end) the scene states how it ended, side by side, as the handouts' reference
//! programs print it; standings at the end follow the game's own order.

use cards::Card;
use catalogue::{PlayerSpec, Roster};
use rand::SeedableRng;
use scene::{HandEndKind, Nameplate, TallyKind};
use table::{Agent, Progress, Rng, Turn};

fn nameplates(names: &[&str]) -> Vec<Nameplate> {
    names.iter().map(|&n| Nameplate::computer(n)).collect()
}

/// Plays `progress` with the handout's players until the hand in play is over (the turn
/// is no seat's).
fn play_hand<G: Roster>(progress: &mut Progress<G>, seed: u64) {
    let fresh = progress.game().clone();
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..fresh.seats())
        .map(|_| fresh.agent(PlayerSpec::Handout))
        .collect();
    let mut rng = Rng::seed_from_u64(seed);
    if progress.turn() == Turn::Chance {
        progress.deal();
    }
    while let Turn::Seat(seat) = progress.turn() {
        assert!(
            scene::shown(progress, Some(0), &sitters_for(fresh.seats()), 10)
                .scene
                .hand_end
                .is_none(),
            "no hand end while the hand is played"
        );
        progress.act_for(agents[seat].as_mut(), seat, &mut rng);
    }
}

/// `game` from `seed`, or from its first `deals`, with its first hand played by the
/// handout's players.
fn first_hand<G: Roster>(game: G, seed: u64, deals: Vec<Vec<Card>>) -> Progress<G> {
    let mut progress = Progress::new(game, seed, deals).unwrap();
    play_hand(&mut progress, seed);
    progress
}

/// `euchre_test00.out.correct` (EECS 280, `pack.in noshuffle 1`, four Simple players Adi,
/// Barbara, Chi-Chih, Dabbala) played out: the game, and the scene a spectator sees then.
fn euchre_test00() -> (Progress<euchre::Game>, scene::Scene) {
    let deck = cards::deck::eecs280_euchre();
    let game = euchre::Game::new(euchre::Rules::eecs280(1));
    let progress = first_hand(game, 0, vec![deck]);
    let names = nameplates(&["Adi", "Barbara", "Chi-Chih", "Dabbala"]);
    let scene = scene::shown(&progress, None, &names, 1).scene;
    (progress, scene)
}

fn sitters_for(seats: usize) -> Vec<Nameplate> {
    (0..seats)
        .map(|s| Nameplate::computer(format!("P{s}")))
        .collect()
}

/// `euchre_test00.out.correct` ([`euchre_test00`]): Barbara orders up hearts; Adi takes three tricks, Barbara
/// and Dabbala one each; "Adi and Chi-Chih win the hand / euchred! / Adi and Chi-Chih
/// have 2 points / Barbara and Dabbala have 0 points / Adi and Chi-Chih win!".
#[test]
fn a_euchre_hand_ends_as_the_eecs280_reference_prints_it() {
    let (progress, scene) = euchre_test00();
    assert_eq!(
        progress.turn(),
        Turn::Over,
        "one point: the euchre ends the game"
    );
    let end = scene
        .hand_end
        .expect("the last hand's end at the game's end");
    assert_eq!(end.kind, HandEndKind::Euchred);
    assert_eq!(end.heading, "Hand 1");
    assert_eq!(
        scene.heading, "Hand 1",
        "the counter stays on the hand played"
    );
    let sides: Vec<(&[usize], usize, u32, f64, bool)> = (end.sides.iter())
        .map(|s| (&s.seats[..], s.tally.count, s.gained, s.points, s.made))
        .collect();
    assert_eq!(
        sides,
        [
            (&[0, 2][..], 3, 2, 2.0, false),
            (&[1, 3][..], 2, 0, 0.0, true)
        ]
    );
    assert_eq!(end.sides[0].tally.kind, TallyKind::Tricks);
    // The reference: "Barbara and Dabbala" made trump and took 2 tricks, "Adi and Chi-Chih
    // win the hand / euchred!" with 2 points.
    assert_eq!(
        end.sentence,
        "Barbara and Dabbala are euchred with 2 tricks: Adi and Chi-Chih score 2 points."
    );
    assert_eq!(
        end.sides[1].text,
        "Barbara and Dabbala: 2 tricks, made trump, +0 points (0 in all)"
    );
    let result = scene.result.expect("over");
    assert_eq!(
        result.standings,
        ["Adi & Chi-Chih: 2 points", "Barbara & Dabbala: 0 points"]
    );
    // As each seat reads the end: the winners cheered, the losers told they lost (the
    // reference's "Adi and Chi-Chih win!").
    let names = nameplates(&["Adi", "Barbara", "Chi-Chih", "Dabbala"]);
    let read_by = |seat| {
        let scene = scene::shown(&progress, Some(seat), &names, 1).scene;
        scene.result.expect("over").sentence
    };
    assert_eq!(read_by(0), "You and Chi-Chih win the game!");
    assert_eq!(
        read_by(1),
        "Adi and Chi-Chih win the game. You and Dabbala lose."
    );
    assert_eq!(result.sentence, "Adi and Chi-Chih win the game.");
}

/// Teen Do Panch's reference program (`root-correct_output.out`: `pack.in shuffle 10`,
/// Simple players A, B, C under the reference rules): "A has 7 tricks / B has 0 tricks /
/// C has 3 tricks" after hand 1, dealt by A with B ordering up. Quotas: maker 5, dealer
/// 2, the third player 3 (the handout's "Quota" section), so A is 5 over, B 5 under and
/// C met its quota; points: 1 a trick over quota, the maker 2 for its quota (none here).
#[test]
fn a_teen_do_panch_hand_ends_with_quotas_and_the_pulls_owed() {
    let Some(dir) = testkit::compat_dir("teendopanch") else {
        return;
    };
    let text = testkit::read(&dir.join("pack.in"));
    let set = cards::deck::teendopanch().into_iter().collect();
    let mut pack = cards::pack::Pack::new(cards::pack::parse(&text, set).unwrap(), true);
    let deck = pack.next_deck().to_vec();
    let game = teendopanch::Game::new(teendopanch::Rules::reference(10));
    let progress = first_hand(game, 0, vec![deck]);
    assert_eq!(
        progress.turn(),
        Turn::Chance,
        "the next hand waits for its deal"
    );
    let scene = scene::shown(&progress, Some(0), &nameplates(&["A", "B", "C"]), 10).scene;
    let end = scene.hand_end.expect("between hands");
    assert_eq!(end.kind, HandEndKind::Quotas);
    let got: Vec<(usize, Option<usize>, u32, bool)> = (end.sides.iter())
        .map(|s| (s.tally.count, s.tally.quota, s.gained, s.made))
        .collect();
    assert_eq!(
        got,
        [
            (7, Some(2), 5, false),
            (0, Some(5), 0, true),
            (3, Some(3), 0, false)
        ]
    );
    let notes: Vec<&[String]> = end.sides.iter().map(|s| &s.notes[..]).collect();
    assert_eq!(
        notes,
        [
            &["5 over quota: takes 5 cards next hand".to_string()][..],
            &["5 under quota: gives up 5 cards next hand".to_string()][..],
            &["Quota met: no pull next hand".to_string()][..],
        ]
    );
    assert_eq!(scene.heading, "Hand 1");
    assert_eq!(scene.status, "Hand 1 is over");
}

/// The CS 246 handout, 5.6 Scoring: at a round's end every player's discards are shown
/// in the order discarded, and "their score for the round is the sum of all the ranks of
/// the player's discards" (J, Q, K 11, 12, 13). Before the round ends nobody's discards
/// are shown to anyone else; a spectator sees them all at its end.
#[test]
fn a_straights_round_ends_with_every_players_discards_face_up() {
    let mut checked = 0;
    for seed in 0..8 {
        let progress = first_hand(straights::Game::new(), seed, Vec::new());
        let scene = scene::shown(&progress, None, &sitters_for(4), 80).scene;
        let end = scene.hand_end.expect("between rounds");
        assert_eq!(end.kind, HandEndKind::Round);
        assert_eq!(end.heading, "Round 1");
        for side in &end.sides {
            let pips: u32 = side.cards.iter().map(|c| c.rank().pips()).sum();
            assert_eq!(side.gained, pips, "seat {:?}: {:?}", side.seats, side.cards);
            assert_eq!(side.cards.len(), side.tally.count);
            assert_eq!(side.tally.kind, TallyKind::Discards);
            assert_eq!(side.points, f64::from(pips), "the first round's points");
            checked += side.cards.len();
        }
    }
    assert!(checked > 0, "some round had a discard");
}

/// Straights' lowest score wins: its standings run from the fewest points up.
#[test]
fn straights_standings_run_from_the_lowest_score() {
    for seed in 0..4 {
        let game = straights::Game::new();
        let mut progress = Progress::new(game, seed, Vec::new()).unwrap();
        while progress.turn() != Turn::Over {
            play_hand(&mut progress, seed);
        }
        let scene = scene::shown(&progress, Some(0), &sitters_for(4), 80).scene;
        let result = scene.result.expect("over");
        let points: Vec<f64> = (result.standings.iter())
            .map(|s| s.rsplit(": ").next().unwrap())
            .map(|p| p.trim_end_matches(" points").trim_end_matches(" point"))
            .map(|p| p.parse().unwrap())
            .collect();
        let mut sorted = points.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(points, sorted, "seed {seed}: {:?}", result.standings);
        assert!(points[0] < points[3], "seed {seed}: someone scored more");
        let won: Vec<usize> = result.winners.clone();
        assert!(won.iter().all(|&s| scene.seats[s].points == points[0]));
    }
}

/// Under the McEvoy and farmer's hand house rules the declarations come right after the
/// deal, before anyone bids ("before anyone bids", docs/RULES.md's McEvoy, from the
/// rule's summary): the upcard is still on offer then, never "turned down".
#[test]
fn during_the_declarations_the_upcard_is_on_offer() {
    use scene::{FactKind, Phase};
    for house in [&["mcevoy=on"][..], &["farmer=swap"][..]] {
        let rules = catalogue::Ruleset::new(catalogue::Variant::EuchreEecs280, 10, house).unwrap();
        let catalogue::AnyGame::Euchre(fresh) = rules.game() else {
            unreachable!("a Euchre ruleset builds Euchre")
        };
        let mut progress = Progress::new(fresh, 1, Vec::new()).unwrap();
        progress.deal();
        let scene = scene::shown(&progress, Some(0), &sitters_for(4), 10).scene;
        assert_eq!(scene.phase, Phase::Declare, "{house:?}");
        let kinds: Vec<FactKind> = scene.facts.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [FactKind::Upcard], "{house:?}: {:?}", scene.facts);
        assert_eq!(scene.facts[0].text, "Upcard");
        assert!(scene.facts[0].card.is_some());
    }
}

/// A hand's last trick, once taken, is shown as taken ("Last trick, taken by …"), never
/// as a trick being won; the replay names computers as the table did.
#[test]
fn the_hands_last_trick_is_taken_not_winning() {
    let (_, scene) = euchre_test00();
    let scene::Middle::Tricks { current, last } = scene.middle else {
        panic!("Euchre's middle is tricks")
    };
    assert!(current.is_none(), "{current:?}");
    // euchre_test00.out.correct: the fifth trick, led by Adi's Q♥, "Barbara takes the trick".
    let last = last.expect("the last trick");
    assert_eq!(last.caption, "Last trick, taken by Barbara");
    assert_eq!(last.winner, Some(1));
    assert_eq!(scene::computer_name(1, "medium"), "Computer 2 (medium)");
}

/// The handout's "Card exchange rules": "The returned card must come from a suit in which
/// the over-quota player holds at least three cards". Where that rule holds (the handout's
/// variant), the give-back question says so; the reference program's variant has no such
/// rule, and its question says none.
#[test]
fn the_give_back_question_says_the_suit_of_three_rule_where_it_holds() {
    use catalogue::{Ruleset, Variant};
    for (variant, said) in [
        (Variant::TeenDoPanchHandout, true),
        (Variant::TeenDoPanchReference, false),
    ] {
        let mut asked = 0;
        for seed in 0..12 {
            scene::walk(&Ruleset::plain(variant, 30), seed, 2000, |at| {
                let table::Turn::Seat(seat) = at.turn else {
                    return;
                };
                if asked >= 3 {
                    return;
                }
                let own = at.shown(Some(seat)).own.expect("a seat's own part");
                if own
                    .hand
                    .groups()
                    .iter()
                    .flatten()
                    .any(|c| c.verb.as_deref() == Some("Give back"))
                {
                    let question = own.question.expect("on its turn");
                    assert_eq!(
                        question.contains("three or more"),
                        said,
                        "{variant:?}: {question}"
                    );
                    asked += 1;
                }
            });
        }
        assert!(asked > 0, "{variant:?}: a give-back came up");
    }
}

/// `euchre_test00.out.correct`: "Barbara orders up Hearts" — between hands, with the
/// hand's end, trump stays in view (it explains the hand), and nothing else of the hand
/// does.
#[test]
fn trump_stays_in_view_with_the_hands_end() {
    let (_, scene) = euchre_test00();
    assert!(scene.hand_end.is_some(), "between hands");
    let trump: Vec<(&str, Option<usize>)> = (scene.facts.iter())
        .map(|f| (f.text.as_str(), f.seat))
        .collect();
    assert_eq!(trump.len(), 1, "{trump:?}");
    assert!(
        trump[0].0.starts_with("Trump ♥ Hearts") || trump[0].0.contains("Hearts"),
        "{trump:?}"
    );
    assert_eq!(trump[0].1, Some(1), "made by Barbara");
}
