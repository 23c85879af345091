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

    /// The legal actions into a buffer the agent keeps (no allocation per move).
    pub fn legal_actions_into(&self, actions: &mut Vec<G::Action>) {
        self.game.legal_actions(actions);
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
#[derive(Clone, Debug)]
pub struct RandomAgent<A> {
    actions: Vec<A>,
}

impl<A> Default for RandomAgent<A> {
    fn default() -> RandomAgent<A> {
        RandomAgent {
            actions: Vec::with_capacity(16),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G::Action> {
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action {
        seated.legal_actions_into(&mut self.actions);
        self.actions[rng.random_range(0..self.actions.len())]
    }
}

/// A search player whose strength is the number of deals it samples per decision.
pub trait Sampling {
    fn with_samples(samples: usize) -> Self;
}
