//! `Batch`: games stepped together in Rust, over NumPy arrays.

use crate::classes::{Batch, Player, Sizes};
use crate::errors::{one_of, raise, refused};
use crate::state::{Game, State};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use research::{Episode, Outcomes};

/// A batch's actions, one a game.
type Actions<'py> = Bound<'py, PyArray1<i64>>;
/// A batch's rewards, a row of seats a game.
type Rewards<'py> = Bound<'py, PyArray2<f32>>;
/// Whether each game's episode ended.
type Dones<'py> = Bound<'py, PyArray1<bool>>;
/// What `current` returns: players, observations, masks.
type Current<'py> = (
    Actions<'py>,
    Option<Rewards<'py>>,
    Bound<'py, PyArray2<bool>>,
);

#[pymethods]
impl Batch {
    /// `n` games of `game`, dealt from `seed`; an episode is a whole game or, with
    /// `episode="hand"`, one hand (a Straights round).
    #[new]
    #[pyo3(signature = (game, n, seed=0, episode="game"))]
    fn new(game: &Game, n: usize, seed: u64, episode: &str) -> PyResult<PyClassInitializer<Batch>> {
        let episodes = [("game", Episode::Game), ("hand", Episode::Hand)];
        let episode = one_of("episode", episode, episodes)?;
        if n > 1 << 20 {
            return Err(refused(format!(
                "{n} games is more than a batch holds (1048576)"
            )));
        }
        let inner = research::new_batch(&game.ruleset, n, seed, episode).map_err(raise)?;
        let sizes = Sizes::of_batch(inner.as_ref());
        let game = game.ruleset.variant().game();
        Ok(PyClassInitializer::from(sizes).add_subclass(Batch { game, inner }))
    }
    fn __len__(&self) -> usize {
        self.inner.len()
    }
    /// Episodes ended so far.
    #[getter]
    fn episodes(&self) -> u64 {
        self.inner.episodes()
    }
    /// Each game's seat to act (int64, n), its observation (float32, n × observation_len;
    /// None with `observations=False`) and its legal-action mask (bool, n × num_actions).
    #[pyo3(signature = (observations=true))]
    fn current<'py>(&self, py: Python<'py>, observations: bool) -> PyResult<Current<'py>> {
        let (n, width, actions) = (
            self.inner.len(),
            self.inner.observation_len(),
            self.inner.action_count(),
        );
        let players = PyArray1::<i64>::zeros(py, n, false);
        let mask = PyArray2::<bool>::zeros(py, [n, actions], false);
        let obs = observations.then(|| PyArray2::<f32>::zeros(py, [n, width], false));
        {
            // SAFETY: the arrays were just made here and no other reference to them exists.
            let (p, m) = unsafe { (players.as_slice_mut()?, mask.as_slice_mut()?) };
            let o = match &obs {
                Some(o) => Some(unsafe { o.as_slice_mut()? }),
                None => None,
            };
            let inner = &self.inner;
            py.detach(|| inner.current(p, o, m)).map_err(raise)?;
        }
        Ok((players, obs, mask))
    }
    /// Applies `actions[i]` (int64, n) in game `i` (all checked first: a refusal applies
    /// none): each seat's reward (float32, n × seats: points won by the step) and whether
    /// each episode ended (bool, n); an ended game is dealt afresh.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Rewards<'py>, Dones<'py>)> {
        let (n, seats) = (self.inner.len(), self.inner.seats());
        let actions: PyReadonlyArray1<'py, i64> = actions.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "actions must be a one-dimensional int64 NumPy array of {n} action numbers"
            ))
        })?;
        let actions = actions.as_slice().map_err(refused)?;
        let rewards = PyArray2::<f32>::zeros(py, [n, seats], false);
        let dones = PyArray1::<bool>::zeros(py, n, false);
        {
            // SAFETY: as in `current`.
            let (r, d) = unsafe { (rewards.as_slice_mut()?, dones.as_slice_mut()?) };
            let out = Outcomes {
                rewards: r,
                dones: d,
            };
            let inner = &mut self.inner;
            py.detach(|| inner.step(actions, out)).map_err(raise)?;
        }
        Ok((rewards, dones))
    }
    /// Steps every game with `player`'s choices, made in Rust: (actions, rewards, dones).
    fn step_player<'py>(
        &mut self,
        py: Python<'py>,
        player: &mut Player,
    ) -> PyResult<(Actions<'py>, Rewards<'py>, Dones<'py>)> {
        player.same_game(self.game)?;
        let (n, seats) = (self.inner.len(), self.inner.seats());
        let actions = PyArray1::<i64>::zeros(py, n, false);
        let rewards = PyArray2::<f32>::zeros(py, [n, seats], false);
        let dones = PyArray1::<bool>::zeros(py, n, false);
        {
            // SAFETY: as in `current`.
            let (a, r, d) = unsafe {
                (
                    actions.as_slice_mut()?,
                    rewards.as_slice_mut()?,
                    dones.as_slice_mut()?,
                )
            };
            let (inner, spec) = (&mut self.inner, player.spec);
            let out = Outcomes {
                rewards: r,
                dones: d,
            };
            py.detach(|| inner.play(spec, a, out)).map_err(raise)?;
        }
        Ok((actions, rewards, dones))
    }
    /// A copy of game `index` as it stands, as a State to step alone.
    fn state(&self, index: usize) -> PyResult<State> {
        Ok(State {
            inner: self.inner.state(index).map_err(raise)?,
        })
    }
    /// Every game's episode started afresh from `seed`.
    fn reset(&mut self, seed: u64) {
        self.inner.reset(seed)
    }
}
