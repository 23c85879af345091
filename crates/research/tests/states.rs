//! The research face of every game: actions by number, tensors that hold only what a seat
//! may know, card-by-card deals, records through the one replay path, and batches.

use catalogue::{PlayerSpec, Ruleset, Variant};
use proptest::prelude::*;
use rand::{Rng as _, SeedableRng};
use research::{new_batch, new_state, Chance, Episode, Outcomes, State};
use table::Rng;

/// Plays random legal actions (and random cards at card-by-card deals) for `steps`.
fn wander(state: &mut dyn State, steps: usize, rng: &mut Rng) {
    for _ in 0..steps {
        if state.is_over() {
            return;
        }
        let (pick, chance) = match state.current_player() {
            -1 => (state.chance_outcomes(), true),
            _ => (state.legal_actions(), false),
        };
        let id = pick[rng.random_range(0..pick.len())] as i64;
        match chance {
            true => state.deal_card(id).unwrap(),
            false => state.apply(id).unwrap(),
        }
    }
}

/// A step's outcomes written into `rewards` and `dones`.
fn outcomes<'a>(rewards: &'a mut [f32], dones: &'a mut [bool]) -> Outcomes<'a> {
    Outcomes { rewards, dones }
}

fn observation(state: &dyn State, to: Option<usize>) -> Vec<f32> {
    let mut out = vec![f32::NAN; state.observation_len()];
    state.observe(to, &mut out).unwrap();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Under every combination of rules: dealing again every card a seat cannot see
    /// (consistently with what it saw: the rules core's determinization) leaves its
    /// tensor and its information string as they were; some other seat's changes
    /// somewhere along the way, which shows the comparison can fail.
    #[test]
    fn a_seats_tensor_holds_only_what_it_may_know(rules in catalogue::rulesets(10), seed in any::<u64>(), steps in 0usize..120) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut state = new_state(&rules, seed, Vec::new(), Chance::Seeded).unwrap();
        wander(state.as_mut(), steps, &mut rng);
        prop_assume!(!state.is_over());
        for seat in 0..state.seats() {
            let other = state.determinize(seat, &mut rng).unwrap();
            prop_assert_eq!(observation(state.as_ref(), Some(seat)), observation(other.as_ref(), Some(seat)));
            prop_assert_eq!(state.information(Some(seat)).unwrap(), other.information(Some(seat)).unwrap());
            prop_assert_eq!(observation(state.as_ref(), None), observation(other.as_ref(), None));
        }
    }

    /// A record written mid-game replays (through the catalogue's one replay path) to the
    /// same history, points and legal actions; an action refused changes nothing.
    #[test]
    fn records_round_trip_and_refusals_change_nothing(rules in catalogue::rulesets(5), seed in any::<u64>(), steps in 0usize..400) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut state = new_state(&rules, seed, Vec::new(), Chance::Seeded).unwrap();
        wander(state.as_mut(), steps, &mut rng);
        let line = state.record(vec!["random".into(); state.seats()]);
        prop_assert!(catalogue::replay(&line).is_ok(), "{line}");
        let back = research::from_record(&line).unwrap();
        prop_assert_eq!(back.history(), state.history());
        prop_assert_eq!(back.points(), state.points());
        prop_assert_eq!(back.legal_actions(), state.legal_actions());
        for to in (0..state.seats()).map(Some).chain([None]) {
            prop_assert_eq!(back.information(to).unwrap(), state.information(to).unwrap());
            prop_assert_eq!(observation(back.as_ref(), to), observation(state.as_ref(), to));
        }
        if !state.is_over() {
            let illegal = (0..state.action_count()).find(|id| !state.legal_actions().contains(id)).unwrap();
            let before = state.information(None).unwrap();
            prop_assert!(state.apply(illegal as i64).is_err());
            prop_assert!(state.apply(-1).is_err());
            prop_assert_eq!(state.information(None).unwrap(), before);
        }
    }
}

/// Plays a batch of three games of `rules` at random for 300 steps, holding each game's
/// rewards since its episode began to the points its own replay (the batch's `state`)
/// holds, and the replay's seat to act to the batch's, at every step; whether points were
/// scored within an episode (a hand's come on its last step, which ends a hand's episode).
fn rewards_against_replays(rules: &Ruleset, seed: u64, episode: Episode) -> bool {
    let mut batch = new_batch(rules, 3, seed, episode).unwrap();
    let (n, seats, width) = (batch.len(), batch.seats(), batch.action_count());
    let (mut players, mut mask, mut actions) = (vec![0; n], vec![false; n * width], vec![0; n]);
    let (mut rewards, mut dones) = (vec![0.0; n * seats], vec![false; n]);
    let (mut sums, mut scored) = (vec![0.0f64; n * seats], false);
    for _ in 0..300 {
        let out = outcomes(&mut rewards, &mut dones);
        batch.play(PlayerSpec::Random, &mut actions, out).unwrap();
        batch.current(&mut players, None, &mut mask).unwrap();
        for i in 0..n {
            let sum = &mut sums[i * seats..(i + 1) * seats];
            if dones[i] {
                sum.fill(0.0);
                continue;
            }
            let reward = &rewards[i * seats..];
            sum.iter_mut()
                .zip(reward)
                .for_each(|(s, &r)| *s += f64::from(r));
            let state = batch.state(i).unwrap();
            assert_eq!(&*sum, &state.points()[..], "{rules:?}, game {i}");
            assert_eq!(players[i], state.current_player());
            scored |= sum.iter().any(|&p| p != 0.0);
        }
    }
    scored
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Under every combination of rules, with episodes of whole games and of hands.
    #[test]
    fn a_batchs_rewards_add_up_to_its_games_points(rules in catalogue::rulesets(5), seed in any::<u64>(), hands in any::<bool>()) {
        let episode = if hands { Episode::Hand } else { Episode::Game };
        rewards_against_replays(&rules, seed, episode);
    }
}

/// Whole games of every variant's plain rules score within their episodes, so the
/// rewards the comparison above adds up are not all zeros.
#[test]
fn whole_game_episodes_score_within_them() {
    for variant in Variant::ALL {
        let rules = Ruleset::plain(variant, 10);
        assert!(
            rewards_against_replays(&rules, 3, Episode::Game),
            "{variant:?}"
        );
    }
}

/// A record whose action the rules refuse is refused as live play words it, with the
/// action's place in the record: McEvoy is not an EECS 280 bid.
#[test]
fn a_records_illegal_action_is_named_with_its_place() {
    let line =
        r#"{"game":"euchre","variant":"eecs280","seed":3,"seats":[],"actions":["Pass","McEvoy"]}"#;
    let error = research::from_record(line)
        .err()
        .expect("McEvoy is refused");
    let text = error.to_string();
    assert!(
        text.starts_with("action 1 of the record: McEvoy is not legal now: "),
        "{text}"
    );
}

/// Dealt card by card, a game replays from its record: the decks it dealt are the
/// record's prescribed deals.
#[test]
fn a_deal_card_by_card_is_kept_in_the_record() {
    for variant in Variant::ALL {
        let rules = Ruleset::plain(variant, 3);
        let mut state = new_state(&rules, 1, Vec::new(), Chance::ByCard).unwrap();
        assert_eq!(
            state.current_player(),
            -1,
            "{variant}: the game opens on a deal"
        );
        assert!(state.apply(0).is_err(), "no seat acts during the deal");
        assert!(state.deal_card(60).is_err());
        let mut rng = Rng::seed_from_u64(2);
        wander(state.as_mut(), 300, &mut rng);
        let line = state.record(vec!["random".into(); state.seats()]);
        let back = research::from_record(&line).unwrap();
        assert_eq!(back.history(), state.history(), "{variant}");
        assert_eq!(back.points(), state.points(), "{variant}");
    }
}

/// EECS 280 Euchre, hand-worked: the dealer's discard is face down (the handout: "the
/// dealer … discards one card face down"), so it is in the dealer's `played` block and
/// nobody else's, while a card played to a trick is in everyone's.
#[test]
fn a_discard_is_seen_by_the_dealer_alone() {
    let rules = Ruleset::plain(Variant::EuchreEecs280, 10);
    let mut state = new_state(&rules, 3, Vec::new(), Chance::Seeded).unwrap();
    let order_up = state.action_id("{\"OrderUp\":{\"alone\":false}}").unwrap();
    assert_eq!(order_up, 1, "the documented numbering");
    state.apply(order_up as i64).unwrap();
    let dealer = state.current_player() as usize;
    let discard = state.legal_actions()[0];
    assert!(
        (26..78).contains(&discard),
        "the dealer is asked to discard"
    );
    state.apply(discard as i64).unwrap();
    let card = discard - 26;
    let played = |seat: usize, of: usize| {
        let rel = (of + 4 - seat) % 4;
        observation(state.as_ref(), Some(seat))[53 + rel * 52 + card]
    };
    assert_eq!(played(dealer, dealer), 1.0);
    for seat in (0..4).filter(|&s| s != dealer) {
        assert_eq!(
            played(seat, dealer),
            0.0,
            "seat {seat} does not see the discard"
        );
    }
    let lead = state.current_player() as usize;
    let play = state.legal_actions()[0];
    state.apply(play as i64).unwrap();
    for seat in 0..4 {
        let rel = (lead + 4 - seat) % 4;
        assert_eq!(
            observation(state.as_ref(), Some(seat))[53 + rel * 52 + play - 78],
            1.0
        );
    }
}

/// Steps the same batch twice from one seed: the same actions, rewards and ends; a
/// wrong action refuses the whole step and changes no game.
#[test]
fn a_batch_replays_from_its_seed_and_refuses_whole_steps() {
    let rules = Ruleset::plain(Variant::TeenDoPanchHandout, 3);
    let run = || {
        let mut batch = new_batch(&rules, 8, 11, Episode::Game).unwrap();
        let (n, seats, width) = (batch.len(), batch.seats(), batch.action_count());
        let mut trace = Vec::new();
        let (mut players, mut mask) = (vec![0; n], vec![false; n * width]);
        let (mut actions, mut rewards, mut dones) =
            (vec![0; n], vec![0.0; n * seats], vec![false; n]);
        for _ in 0..2000 {
            batch.current(&mut players, None, &mut mask).unwrap();
            batch.choose(PlayerSpec::Random, &mut actions).unwrap();
            for (i, &a) in actions.iter().enumerate() {
                assert!(
                    mask[i * width + a as usize],
                    "the player's choice is in the mask"
                );
            }
            batch
                .step(&actions, outcomes(&mut rewards, &mut dones))
                .unwrap();
            trace.push((actions.clone(), rewards.clone(), dones.clone()));
        }
        let before = batch.observation_len();
        actions[3] = 10_000;
        assert!(batch
            .step(&actions, outcomes(&mut rewards, &mut dones))
            .is_err());
        assert!(batch
            .step(&actions[..2], outcomes(&mut rewards, &mut dones))
            .is_err());
        assert_eq!(batch.observation_len(), before);
        (trace, batch.episodes())
    };
    let (first, episodes) = run();
    assert!(episodes > 0, "games ended and were dealt afresh");
    assert_eq!(first, run().0);
}

/// In a batch of Euchre hands (episodes end with each hand), the rewards of a hand are
/// what the EECS 280 handout scores a hand: 1, 2 or 4 points to one partnership.
#[test]
fn hand_episodes_reward_a_hands_points() {
    let rules = Ruleset::plain(Variant::EuchreEecs280, 10);
    let mut batch = new_batch(&rules, 4, 5, Episode::Hand).unwrap();
    let width = batch.action_count();
    let (mut players, mut mask, mut actions) = (vec![0; 4], vec![false; 4 * width], vec![0; 4]);
    let (mut rewards, mut dones) = (vec![0.0; 16], vec![false; 4]);
    let mut sums = [[0.0f32; 4]; 4];
    let mut hands = 0;
    while hands < 40 {
        batch.current(&mut players, None, &mut mask).unwrap();
        batch.choose(PlayerSpec::Handout, &mut actions).unwrap();
        batch
            .step(&actions, outcomes(&mut rewards, &mut dones))
            .unwrap();
        for i in 0..4 {
            (0..4).for_each(|s| sums[i][s] += rewards[i * 4 + s]);
            if dones[i] {
                let hand = sums[i];
                assert_eq!(hand[0], hand[2], "partners score together");
                assert_eq!(hand[1], hand[3]);
                let won: Vec<f32> = [hand[0], hand[1]]
                    .into_iter()
                    .filter(|&p| p != 0.0)
                    .collect();
                assert!(matches!(won[..], [1.0] | [2.0] | [4.0]), "{hand:?}");
                sums[i] = [0.0; 4];
                hands += 1;
            }
        }
    }
}

/// The other side of the non-interference property: a determinization for one seat does
/// change what the others hold, and their tensors show it.
#[test]
fn a_determinization_changes_other_seats_tensors() {
    let mut changed = 0;
    for (seed, variant) in (0..40).zip(Variant::ALL.into_iter().cycle()) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut state = new_state(
            &Ruleset::plain(variant, 10),
            seed,
            Vec::new(),
            Chance::Seeded,
        )
        .unwrap();
        wander(state.as_mut(), 3, &mut rng);
        let other = state.determinize(0, &mut rng).unwrap();
        changed +=
            (observation(state.as_ref(), Some(1)) != observation(other.as_ref(), Some(1))) as usize;
    }
    assert!(
        changed >= 30,
        "only {changed} of 40 determinizations changed seat 1's tensor"
    );
}
