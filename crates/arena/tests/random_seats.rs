//! `play_out` asks the game for a random agent's action itself (a call that inlines):
//! the games must be those the agent's own `act` plays, draw for draw.

use table::{Agent, Game, RandomAgent, Rng, Seated};

/// A random agent that does not say so: `play_out` must call its `act`.
struct Opaque<A>(RandomAgent<A>);

impl<G: Game> Agent<G> for Opaque<G::Action> {
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action {
        self.0.act(seated, rng)
    }
}

/// Every action of `games` games, with the seats `direct` picks told to be random agents.
fn actions<G: Game>(new: impl Fn() -> G, direct: fn(usize) -> bool, games: u64) -> Vec<G::Action> {
    let mut all = Vec::new();
    for seed in 0..games {
        let mut game = new();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..game.seats())
            .map(|seat| -> Box<dyn Agent<G>> {
                if direct(seat) {
                    Box::new(RandomAgent::default())
                } else {
                    Box::new(Opaque(RandomAgent::default()))
                }
            })
            .collect();
        let told = (0..agents.len()).filter(|&seat| direct(seat)).count();
        assert_eq!(agents.iter().filter(|a| a.is_random()).count(), told);
        table::play_seeded(&mut game, &mut agents, seed, Some(&mut all));
    }
    all
}

fn same_games<G: Game>(new: impl Fn() -> G + Copy)
where
    G::Action: PartialEq + std::fmt::Debug,
{
    let through_act = actions(new, |_| false, 40);
    assert!(through_act.len() > 1000, "whole games were played");
    assert_eq!(actions(new, |seat| seat % 2 == 0, 40), through_act);
    assert_eq!(actions(new, |_| true, 40), through_act);
}

#[test]
fn random_seats_play_as_their_agents_would() {
    same_games(|| euchre::Game::new(euchre::Rules::eecs280(10)));
    same_games(|| euchre::Game::new(euchre::Rules::cs246()));
    same_games(straights::Game::new);
    same_games(|| teendopanch::Game::new(teendopanch::Rules::handout(10)));
}
