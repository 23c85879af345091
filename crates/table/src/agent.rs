use crate::{Game, Leave, Rng};

/// What an agent is shown when it must act: its seat's view, its legal actions, and
/// sampled worlds consistent with what it has seen. The full state stays hidden.
pub struct Seated<'a, G: Game> {
    game: &'a G,
    seat: usize,
}

impl<'a, G: Game> Seated<'a, G> {
    /// `seat` at `game`; it must be the seat to act.
    pub fn new(game: &'a G, seat: usize) -> Seated<'a, G> {
        Seated { game, seat }
    }

    /// The seat acting.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// What the seat may see.
    pub fn view(&self) -> G::View<'a> {
        self.game.view(self.seat)
    }

    /// The seat's legal actions.
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut actions = Vec::new();
        self.game.legal_actions(&mut actions);
        actions
    }

    /// The legal actions into a buffer the agent keeps (no allocation per move).
    pub fn legal_actions_into(&self, actions: &mut Vec<G::Action>) {
        self.game.legal_actions(actions);
    }

    /// One legal action chosen uniformly (see [`Game::random_legal_action`]).
    pub fn random_legal_action(&self, rng: &mut Rng, scratch: &mut Vec<G::Action>) -> G::Action {
        self.game.random_legal_action(rng, scratch)
    }

    /// A full game consistent with this seat's information (see [`Game::determinize`]).
    pub fn determinize(&self, rng: &mut Rng) -> G {
        self.game.determinize(self.seat, rng)
    }
}

/// A computer player usable in any seat of its game.
pub trait Agent<G: Game>: Send {
    /// Chooses one of the legal actions.
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action;

    /// Whether `act` is [`RandomAgent`]'s, [`Game::random_legal_action`] and nothing
    /// else: [`play_out`](crate::play_out) then asks the game itself, a call the
    /// compiler can inline into the loop where a trait object's cannot.
    fn is_random(&self) -> bool {
        false
    }
}

/// A player that decides from its own seat's view alone: a handout's computer player, or a
/// person at a front end, who may leave instead of acting.
pub trait Player<G: Game> {
    /// Chooses one of the view's legal actions; called only on the seat's turn.
    fn act(&mut self, view: &G::View<'_>) -> Result<G::Action, Leave>;
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn act(&mut self, view: &G::View<'_>) -> Result<G::Action, Leave> {
        (**self).act(view)
    }
}

/// Whoever holds a seat in a front end: a [`Player`] that sees its seat's view, or an
/// [`Agent`] that samples worlds from the whole table (the strong players).
pub enum Sitter<G: Game> {
    /// Decides from its seat's view.
    Player(Box<dyn Player<G>>),
    /// Decides by sampling worlds consistent with its seat's view.
    Agent(Box<dyn Agent<G>>),
}

impl<G: Game> Sitter<G> {
    /// The choice of whoever sits in `seat`, which must be the seat to act.
    pub fn act(&mut self, game: &G, seat: usize, rng: &mut Rng) -> Result<G::Action, Leave> {
        match self {
            Sitter::Player(player) => player.act(&game.view(seat)),
            Sitter::Agent(agent) => Ok(agent.act(Seated::new(game, seat), rng)),
        }
    }
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
        seated.random_legal_action(rng, &mut self.actions)
    }

    fn is_random(&self) -> bool {
        true
    }
}
