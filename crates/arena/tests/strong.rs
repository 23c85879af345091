//! The strong players never make an illegal move: whole games with a strong player in
//! every seat, each move checked by the rules (an illegal one panics in `play_out`).

use rand::SeedableRng;
use table::{play_out, Agent, Game, Rng, Turn};

fn play<G: Game>(new: impl Fn() -> G, strong: impl Fn() -> Box<dyn Agent<G>>, games: u64) {
    for seed in 0..games {
        let mut game = new();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..game.seats()).map(|_| strong()).collect();
        let (mut chance, mut rng) = (Rng::seed_from_u64(seed), Rng::seed_from_u64(!seed));
        play_out(
            &mut game,
            &mut agents,
            &mut chance,
            &mut rng,
            None,
            |_, _| false,
        );
        assert_eq!(game.turn(), Turn::Over, "game {seed} finished");
    }
}

#[test]
fn strong_euchre_players_play_legally() {
    play(
        || euchre::Game::new(euchre::Rules::eecs280(5)),
        || Box::new(euchre::players::Strong::new(4)),
        8,
    );
    play(
        || euchre::Game::new(euchre::Rules::cs246()),
        || Box::new(euchre::players::Strong::new(4)),
        8,
    );
}

#[test]
fn strong_straights_players_play_legally() {
    play(
        straights::Game::new,
        || Box::new(straights::players::Strong::new(4)),
        6,
    );
}

#[test]
fn strong_teendopanch_players_play_legally() {
    play(
        || teendopanch::Game::new(teendopanch::Rules::handout(6)),
        || Box::new(teendopanch::players::Strong::new(4)),
        8,
    );
    play(
        || teendopanch::Game::new(teendopanch::Rules::reference(6)),
        || Box::new(teendopanch::players::Strong::new(4)),
        8,
    );
}
