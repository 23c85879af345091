//! The measuring hook `Strong::act_adjusting` (the `ceiling` example's): left unchanged,
//! the worlds it samples are the player's own and so are its choices; turned into the
//! real deal, the player reads hidden cards, which is what the hook is for.

use euchre::players::{Cs246, Strong};
use euchre::{Action, Game, Rules};
use rand::SeedableRng;
use table::{Agent, Rng, Seated, Turn};

#[test]
fn unchanged_worlds_give_the_players_own_choices() {
    for seed in 0..6 {
        let mut game = Game::new(Rules::cs246());
        let (mut plain, mut hooked) = (Strong::new(8), Strong::new(8));
        let mut deal = Rng::seed_from_u64(seed);
        let mut decisions = 0;
        while decisions < 40 {
            match table::Game::turn(&game) {
                Turn::Chance => table::Game::deal(&mut game, &mut deal),
                Turn::Over => break,
                Turn::Seat(seat) => {
                    let seated = || Seated::new(&game, seat);
                    let action = if seat == 0 {
                        decisions += 1;
                        let (mut a, mut b) =
                            (Rng::seed_from_u64(decisions), Rng::seed_from_u64(decisions));
                        let own = plain.act(seated(), &mut a);
                        let hooked = hooked.act_adjusting(seated(), &mut b, &mut |world| world);
                        assert_eq!(own, hooked, "seed {seed}, decision {decisions}");
                        own
                    } else {
                        Cs246.act(seated(), &mut deal)
                    };
                    table::Game::apply(&mut game, action).expect("players act legally");
                }
            }
        }
    }
}

#[test]
fn a_player_shown_the_deal_decides_from_it_alone() {
    // At its first card of each deal, seat 0 choosing from one sampled world: shown the
    // real deal, every rng gives the same choice (its one world is fixed); left to sample,
    // different rngs sample different worlds and choose differently at least once. A hook
    // that ignored the change would vary as the plain player does.
    let mut plain_varies = 0;
    for seed in 0..40 {
        let mut game = Game::new(Rules::cs246());
        let mut deal = Rng::seed_from_u64(seed);
        let mut rng = Rng::seed_from_u64(seed);
        loop {
            match table::Game::turn(&game) {
                Turn::Chance => table::Game::deal(&mut game, &mut deal),
                Turn::Over => break,
                Turn::Seat(seat) => {
                    let legal = Seated::new(&game, seat).legal_actions();
                    let plays = legal.iter().all(|a| matches!(a, Action::Play(_)));
                    if seat == 0 && plays && legal.len() > 2 {
                        let real = game;
                        let choose = |knowing: bool, stream: u64| {
                            let mut rng = Rng::seed_from_u64(stream);
                            let seated = Seated::new(&real, seat);
                            let mut player = Strong::new(1);
                            if knowing {
                                player.act_adjusting(seated, &mut rng, &mut |_| real)
                            } else {
                                player.act(seated, &mut rng)
                            }
                        };
                        let knowing: Vec<Action> = (0..6).map(|s| choose(true, s)).collect();
                        assert!(
                            knowing.iter().all(|&a| a == knowing[0]),
                            "seed {seed}: {knowing:?}"
                        );
                        let plain: Vec<Action> = (0..6).map(|s| choose(false, s)).collect();
                        plain_varies += usize::from(plain.iter().any(|&a| a != plain[0]));
                        break;
                    }
                    let action = if seat == 0 {
                        Strong::new(8).act(Seated::new(&game, seat), &mut rng)
                    } else {
                        Cs246.act(Seated::new(&game, seat), &mut rng)
                    };
                    table::Game::apply(&mut game, action).expect("players act legally");
                }
            }
        }
    }
    assert!(
        plain_varies > 0,
        "sampling never changed a choice: the test shows nothing"
    );
}
