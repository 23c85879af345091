use table::search::Advisor;
use table::{Agent, RandomAgent};

use crate::{Level, PlayerSpec};

/// A game whose computer players the catalogue can build by [`PlayerSpec`].
pub trait Roster: crate::Catalogued {
    /// The agent `spec` names, for a seat of this game (its rules decide which handout
    /// player it is).
    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>>;

    /// The expert as a coach: the value of every legal action, from one seat's
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

/// What a front end does with one concrete game type `G`: the [`WithGame`] of a layer
/// that asks more of its games than the catalogue knows of (research's numbered actions),
/// implemented as `impl<G: Roster + Its> WithGameOf<G> for Work` and dispatched by
/// [`Ruleset::with_game_of`](crate::Ruleset::with_game_of).
pub trait WithGameOf<G: Roster> {
    /// What the front end makes of it.
    type Output;
    /// Runs with `new`, which makes a fresh game of the chosen variant.
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output;
}

/// A [`WithGame`] as the work for each game type.
pub(crate) struct EachGame<W>(pub(crate) W);

impl<W: WithGame, G: Roster> WithGameOf<G> for EachGame<W> {
    type Output = W::Output;
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> W::Output {
        self.0.run(new)
    }
}

/// The agent for `spec`, with `H` the game's handout player and `S` its strong player,
/// made by `new` for a number of samples (its default without one).
fn build<G: crate::Catalogued, H, S>(spec: PlayerSpec, new: fn(usize) -> S) -> Box<dyn Agent<G>>
where
    H: Agent<G> + Default + 'static,
    S: Agent<G> + Advisor<G> + Default + 'static,
{
    match spec {
        PlayerSpec::Random => Box::new(RandomAgent::default()),
        PlayerSpec::Handout => Box::new(H::default()),
        PlayerSpec::Strong { samples: None } => Box::new(S::default()),
        PlayerSpec::Strong { samples: Some(n) } => Box::new(new(n as usize)),
        // A game with a learned player builds it in its roster; a line-up refuses
        // `learned` for the others, and a spec that skipped the check gets the strong
        // player it would have been built on.
        PlayerSpec::Learned { samples } => build::<G, H, S>(PlayerSpec::Strong { samples }, new),
        PlayerSpec::Level { level } => {
            let (samples, temperature) = level.play();
            let strong = samples.map_or_else(S::default, |n| new(n as usize));
            if temperature <= 0.0 {
                return Box::new(strong);
            }
            let scale = G::KIND.cost_scale()[0];
            Box::new(table::search::Tempered::new(strong, temperature * scale))
        }
    }
}

impl Roster for euchre::Game {
    /// The expert, the learned player, as the coach and the review's judge.
    fn advisor(&self) -> Box<dyn Advisor<Self>> {
        Box::new(euchre::players::Learned::shipped(self.rules()))
    }

    /// The handout player is the one of the rules' handout; the learned player, which
    /// is the expert, bids by the network trained for them.
    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
        use euchre::players::{Cs246, Learned, Simple, Strong};
        match spec {
            PlayerSpec::Learned { samples: None }
            | PlayerSpec::Level {
                level: Level::Expert,
            } => return Box::new(Learned::shipped(self.rules())),
            PlayerSpec::Learned { samples: Some(n) } => {
                return Box::new(Learned::playing_on(self.rules(), n as usize))
            }
            _ => {}
        }
        match self.rules().name() {
            "cs246" => build::<_, Cs246, _>(spec, Strong::new),
            _ => build::<_, Simple, _>(spec, Strong::new),
        }
    }
}

/// A game with one handout player and one strong player.
macro_rules! roster {
    ($game:ty, $handout:ty, $strong:ty) => {
        impl Roster for $game {
            fn advisor(&self) -> Box<dyn Advisor<Self>> {
                Box::new(<$strong>::default())
            }

            fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
                build::<_, $handout, _>(spec, <$strong>::new)
            }
        }
    };
}

roster!(
    straights::Game,
    straights::players::Computer,
    straights::players::Strong
);
roster!(
    teendopanch::Game,
    teendopanch::players::Simple,
    teendopanch::players::Strong
);
