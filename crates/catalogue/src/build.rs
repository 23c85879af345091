use table::search::Tempered;
use table::{Agent, Computers, RandomAgent};

use crate::{Level, PlayerSpec};

/// A game whose computer players the catalogue can build by [`PlayerSpec`]: every
/// catalogued game, from the players it declares ([`Computers`], in its own crate).
pub trait Roster: Computers + crate::Catalogued {
    /// The agent `spec` names, for a seat of this game (its rules decide which handout
    /// player it is).
    fn agent(&self, spec: PlayerSpec) -> Box<dyn Agent<Self>> {
        match spec {
            PlayerSpec::Random => Box::new(RandomAgent::default()),
            PlayerSpec::Handout => self.handout(),
            PlayerSpec::Strong { samples } => Box::new(self.strong(samples.map(|n| n as usize))),
            // A line-up refuses `learned` for a game without one; a spec that skipped the
            // check gets the strong player it would have been built on.
            PlayerSpec::Learned { samples } => {
                let samples = samples.map(|n| n as usize);
                self.learned(samples)
                    .unwrap_or_else(|| Box::new(self.strong(samples)))
            }
            PlayerSpec::Level {
                level: Level::Expert,
            } => self.expert(),
            PlayerSpec::Level { level } => {
                let (samples, temperature) = level.play();
                let strong = self.strong(samples.map(|n| n as usize));
                if temperature <= 0.0 {
                    return Box::new(strong);
                }
                let scale = Self::LISTING.cost_scale[0];
                Box::new(Tempered::new(strong, temperature * scale))
            }
        }
    }

    /// One agent per seat.
    fn agents(&self, lineup: &[PlayerSpec]) -> Vec<Box<dyn Agent<Self>>> {
        lineup.iter().map(|&spec| self.agent(spec)).collect()
    }
}

impl<G: Computers + crate::Catalogued> Roster for G {}

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
