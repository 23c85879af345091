use table::search::Advisor;
use table::{Agent, Game, RandomAgent};

use crate::PlayerSpec;

/// A game whose computer players the catalogue can build by [`PlayerSpec`].
pub trait Roster: crate::scene::Staged {
    /// The agent `spec` names, for a seat of this game (its rules decide which handout
    /// player it is).
    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>>;

    /// The strong player as a coach: the value of every legal action, from one seat's
    /// information only.
    fn advisor(&self) -> Box<dyn Advisor<Self>>;

    /// One agent per seat.
    fn agents(&self, lineup: &[PlayerSpec]) -> Vec<Box<dyn Agent<Self>>> {
        lineup.iter().map(|&spec| self.agent(spec)).collect()
    }
}

/// What a front end does with a game once the catalogue has built it: `run` is called
/// with a constructor of the concrete game type (see [`Variant::with_game`](crate::Variant::with_game)).
pub trait WithGame {
    /// What the front end makes of it.
    type Output;
    /// Runs with `new`, which makes a fresh game of the chosen variant.
    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output;
}

/// The agent for `spec`, with `H` the game's handout player and `strong` its strong
/// player for a number of samples (`None`: the default).
fn build<G: Game, H: Agent<G> + Default + 'static, S: Agent<G> + 'static>(
    spec: PlayerSpec,
    strong: impl FnOnce(Option<usize>) -> S,
) -> Box<dyn Agent<G>> {
    match spec {
        PlayerSpec::Random => Box::new(RandomAgent::default()),
        PlayerSpec::Handout => Box::new(H::default()),
        PlayerSpec::Strong { samples } => Box::new(strong(samples.map(|n| n as usize))),
    }
}

impl Roster for euchre::Game {
    fn advisor(&self) -> Box<dyn Advisor<Self>> {
        Box::new(euchre::players::Strong::default())
    }

    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
        use euchre::players::{Cs246, Simple, Strong};
        let strong = |samples: Option<usize>| samples.map_or_else(Strong::default, Strong::new);
        match self.rules().name() {
            "cs246" => build::<_, Cs246, _>(spec, strong),
            _ => build::<_, Simple, _>(spec, strong),
        }
    }
}

impl Roster for straights::Game {
    fn advisor(&self) -> Box<dyn Advisor<Self>> {
        Box::new(straights::players::Strong::default())
    }

    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
        use straights::players::{Computer, Strong};
        build::<_, Computer, _>(spec, |samples| {
            samples.map_or_else(Strong::default, Strong::new)
        })
    }
}

impl Roster for teendopanch::Game {
    fn advisor(&self) -> Box<dyn Advisor<Self>> {
        Box::new(teendopanch::players::Strong::default())
    }

    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
        use teendopanch::players::{Simple, Strong};
        build::<_, Simple, _>(spec, |samples| {
            samples.map_or_else(Strong::default, Strong::new)
        })
    }
}
