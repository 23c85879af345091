//! The strong players never make an illegal move: whole games with a strong player in
//! every seat, each move checked by the rules (an illegal one panics in `play_out`).

use table::{play_seeded, Agent, Game, Turn};

fn play<G: Game>(new: impl Fn() -> G, strong: impl Fn() -> Box<dyn Agent<G>>, games: u64) {
    for seed in 0..games {
        let mut game = new();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..game.seats()).map(|_| strong()).collect();
        play_seeded(&mut game, &mut agents, seed, None);
        assert_eq!(game.turn(), Turn::Over, "game {seed} finished");
    }
}

#[test]
fn strong_euchre_players_play_legally() {
    let strong = || -> Box<dyn Agent<euchre::Game>> { Box::new(euchre::players::Strong::new(4)) };
    for rules in [euchre::Rules::eecs280(5), euchre::Rules::cs246()] {
        play(|| euchre::Game::new(rules), strong, 8);
    }
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
    use teendopanch::{players::Strong, Game, Rules};
    for rules in [Rules::handout(6), Rules::reference(6)] {
        play(|| Game::new(rules), || Box::new(Strong::new(4)), 8);
    }
}
