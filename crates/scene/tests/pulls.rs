//! A pull as each seat may know it (the EECS 280 handout, "Pulling Cards": the puller
//! takes a card from the short player and returns one, "also face down"): the puller and
//! the short player read which card came back and to whom; the third player reads that a
//! card went face down, and to whom. Which card was taken the short player is not told:
//! it goes as the hand is dealt, unseen (the non-interference test holds this).

use catalogue::{PlayerSpec, Roster};
use rand::SeedableRng;
use scene::Nameplate;
use table::{Progress, Rng, Turn};
use teendopanch::{Action, Game, Rules};

fn names() -> Vec<Nameplate> {
    ["Ann", "Bo", "Cy"].map(Nameplate::computer).to_vec()
}

/// The last line of the log about the latest action, as `to` reads it.
fn said(progress: &Progress<Game>, to: usize) -> String {
    let scene = scene::shown(progress, Some(to), &names(), 10).scene;
    scene
        .log
        .last()
        .map(|l| l.words[0].clone())
        .unwrap_or_default()
}

#[test]
fn each_seat_reads_a_pull_as_it_may_know_it() {
    let mut pulls = 0;
    for seed in 0..30 {
        let game = Game::new(Rules::handout(10));
        let mut progress = Progress::new(game, seed, Vec::new()).unwrap();
        let mut agents: Vec<_> = (0..3).map(|_| game.agent(PlayerSpec::Random)).collect();
        let mut rng = Rng::seed_from_u64(seed);
        while progress.turn() != Turn::Over && progress.actions().len() < 400 {
            let Turn::Seat(seat) = progress.turn() else {
                progress.deal();
                continue;
            };
            let pulling = progress
                .game()
                .view(teendopanch::Seat::new(seat))
                .and_then(|v| v.pull());
            if let Some(pull) = pulling {
                let victim = pull.victim.index();
                // The short player is not told which card went (it went unseen, as dealt).
                let own = scene::shown(&progress, Some(victim), &names(), 10)
                    .own
                    .unwrap();
                let taken = scene::card_text(pull.taken);
                assert!(
                    own.notes.iter().all(|n| !n.contains(&taken)),
                    "{:?}",
                    own.notes
                );
                let action = progress
                    .act_for(agents[seat].as_mut(), seat, &mut rng)
                    .action;
                let Action::Return(card) = action else {
                    panic!("{action:?}")
                };
                let given = scene::card_text(card);
                let third = 3 - seat - victim;
                let [puller_name, victim_name] = [seat, victim].map(|s| names()[s].name.clone());
                assert_eq!(
                    said(&progress, seat),
                    format!("You give back {given} to {victim_name}")
                );
                assert_eq!(
                    said(&progress, victim),
                    format!("{puller_name} gives back {given} to you")
                );
                assert_eq!(
                    said(&progress, third),
                    format!("{puller_name} gives a card face down to {victim_name}")
                );
                pulls += 1;
                continue;
            }
            progress.act_for(agents[seat].as_mut(), seat, &mut rng);
        }
    }
    assert!(pulls >= 3, "{pulls} pulls seen");
}
