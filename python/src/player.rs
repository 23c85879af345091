//! `Player`: one of the catalogue's computer players, kept between decisions.

use crate::classes::{Batch, Player};
use crate::errors::{raise, refused};
use crate::state::{Game, State};
use ::catalogue::PlayerSpec;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use table::Rng;

#[pymethods]
impl Player {
    /// The player `name` for `game` (a Game or a game's name), drawing from `seed`.
    #[new]
    #[pyo3(signature = (game, name, seed=0))]
    fn new(game: &Bound<'_, PyAny>, name: &str, seed: u64) -> PyResult<Player> {
        let kind = match game.cast::<Game>() {
            Ok(g) => g.get().ruleset.variant().game(),
            Err(_) => game.extract::<String>()?.parse().map_err(refused)?,
        };
        let spec = PlayerSpec::parse(kind, name).map_err(refused)?;
        Ok(Player {
            game: kind,
            spec,
            name: name.into(),
            rng: Rng::seed_from_u64(seed),
            agent: None,
        })
    }
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Draws from `seed` from now on; what the player has learnt of its opponents stays.
    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::seed_from_u64(seed);
    }
    /// The player's choice for the seat to act in `state`.
    fn act(&mut self, py: Python<'_>, state: &State) -> PyResult<usize> {
        self.same_game(state.inner.kind())?;
        let inner = &state.inner;
        if self
            .agent
            .as_ref()
            .is_none_or(|a| a.rules() != inner.rules())
        {
            self.agent = Some(inner.player(self.spec));
        }
        let (agent, rng) = (self.agent.as_mut().expect("made above"), &mut self.rng);
        py.detach(|| inner.choose(agent, rng)).map_err(raise)
    }
    /// The strong player's value of each legal action for the seat to act (from its
    /// information only) and its pick: a dict of actions, values, choice,
    /// higher_is_better and unit.
    fn advise<'py>(&mut self, py: Python<'py>, state: &State) -> PyResult<Bound<'py, PyDict>> {
        self.same_game(state.inner.kind())?;
        let (inner, rng) = (&state.inner, &mut self.rng);
        let advice = py.detach(|| inner.advise(rng)).map_err(raise)?;
        let dict = PyDict::new(py);
        dict.set_item("actions", advice.actions)?;
        dict.set_item("values", advice.values)?;
        dict.set_item("choice", advice.choice)?;
        dict.set_item("higher_is_better", advice.higher_is_better)?;
        dict.set_item("unit", advice.unit)?;
        Ok(dict)
    }
    /// The player's choices in every game of `batch`, as an int64 array.
    fn act_batch<'py>(
        &mut self,
        py: Python<'py>,
        batch: &mut Batch,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.same_game(batch.game)?;
        let mut actions = vec![0i64; batch.inner.len()];
        let (inner, spec) = (&mut batch.inner, self.spec);
        py.detach(|| inner.choose(spec, &mut actions))
            .map_err(raise)?;
        Ok(PyArray1::from_vec(py, actions))
    }
    fn __repr__(&self) -> String {
        format!("Player({:?}, {:?})", self.game.name(), self.name)
    }
}
