use rand::Rng as _;

use crate::{Game, Rng};

/// What an agent is shown when it must act: its seat's view, its legal actions, and
/// sampled worlds consistent with what it has seen. The full state stays hidden.
pub struct Seated<'a, G: Game> {
    game: &'a G,
    seat: usize,
}

impl<'a, G: Game> Seated<'a, G> {
    pub fn new(game: &'a G, seat: usize) -> Seated<'a, G> {
        Seated { game, seat }
    }

    pub fn seat(&self) -> usize {
        self.seat
    }

    pub fn view(&self) -> G::View<'a> {
        self.game.view(self.seat)
    }

    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut actions = Vec::new();
        self.game.legal_actions(&mut actions);
        actions
    }

    /// A full game consistent with this seat's information (see [`Game::determinize`]).
    pub fn determinize(&self, rng: &mut Rng) -> G {
        self.game.determinize(self.seat, rng)
    }
}

/// A computer player usable in any seat of its game.
pub trait Agent<G: Game>: Send {
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action;
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action {
        let actions = seated.legal_actions();
        actions[rng.random_range(0..actions.len())]
    }
}
