//! `Game` (a ruleset), `State` (a game in progress) and `load_record`.

use crate::classes::Sizes;
use crate::errors::{one_of, raise, refused, IllegalActionError};
use ::catalogue::{GameKind, Ruleset, Variant};
use numpy::PyArray1;
use pyo3::prelude::*;
use rand::SeedableRng;
use research::Chance;
use table::Rng;

/// A game under its rules: what new states and batches are made of. What it tells of
/// itself is worked out once, when it is made (it never changes).
#[pyclass(module = "cardtable._cardtable", frozen, extends = Sizes)]
pub(crate) struct Game {
    pub(crate) ruleset: Ruleset,
    /// "euchre", "straights" or "teendopanch".
    #[pyo3(get)]
    name: &'static str,
    /// The rules variant ("eecs280").
    #[pyo3(get)]
    rules: &'static str,
    /// Points to win.
    #[pyo3(get)]
    points: u32,
    /// The house rules, as changes from the variant.
    #[pyo3(get)]
    house: Vec<String>,
    /// The observation tensor's blocks: (name, length, what it holds), in order.
    #[pyo3(get)]
    observation_layout: Vec<(&'static str, usize, &'static str)>,
    /// The partnerships: each a list of the seats that share a score and win together.
    #[pyo3(get)]
    teams: Vec<Vec<usize>>,
}

#[pymethods]
impl Game {
    /// `game` ("euchre", "straights", "teendopanch") with its `rules` variant (its
    /// default when None), played to `points`, with `house` rules ("name=value" each).
    #[new]
    #[pyo3(signature = (game, rules=None, points=10, house=Vec::new()))]
    fn new(
        game: &str,
        rules: Option<&str>,
        points: u32,
        house: Vec<String>,
    ) -> PyResult<PyClassInitializer<Game>> {
        let kind: GameKind = game.parse().map_err(refused)?;
        if !(1..=1000).contains(&points) {
            return Err(refused(format!(
                "points to win {points} is not from 1 to 1000"
            )));
        }
        let variant = Variant::named(kind, rules).map_err(refused)?;
        let ruleset = Ruleset::new(variant, points, &house).map_err(refused)?;
        Game::of(ruleset)
    }

    /// A new game dealt from `seed` after the prescribed `deals` (each a list of the
    /// pack's cards, "JH", in the order dealt). `chance="card"` deals card by card:
    /// the state is a chance node until the pack is dealt.
    #[pyo3(signature = (seed=0, deals=None, chance="seeded"))]
    fn new_state(
        &self,
        seed: u64,
        deals: Option<Vec<Vec<String>>>,
        chance: &str,
    ) -> PyResult<State> {
        let chances = [("seeded", Chance::Seeded), ("card", Chance::ByCard)];
        let chance = one_of("chance", chance, chances)?;
        let deals = deals
            .unwrap_or_default()
            .iter()
            .map(|deck| {
                deck.iter()
                    .map(|c| c.parse::<cards::Card>().map_err(refused))
                    .collect()
            })
            .collect::<PyResult<_>>()?;
        let inner = research::new_state(&self.ruleset, seed, deals, chance).map_err(raise)?;
        Ok(State { inner })
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, rules={:?}, points={}, house={:?})",
            self.name, self.rules, self.points, self.house
        )
    }
}

impl Game {
    /// The game `ruleset` builds, with what a new state of it tells.
    fn of(ruleset: Ruleset) -> PyResult<PyClassInitializer<Game>> {
        let probe = research::new_state(&ruleset, 0, Vec::new(), Chance::Seeded);
        let probe = probe.map_err(raise)?;
        let layout = probe.observation_layout().into_iter();
        let game = Game {
            name: ruleset.variant().game().name(),
            rules: ruleset.variant().rules(),
            points: ruleset.points(),
            house: ruleset.house().to_vec(),
            observation_layout: layout.map(|b| (b.name, b.len, b.what)).collect(),
            teams: probe.teams(),
            ruleset,
        };
        Ok(PyClassInitializer::from(Sizes::of_state(probe.as_ref())).add_subclass(game))
    }
}

/// A seat number from Python: a seat, or None for a spectator.
fn seat(to: Option<i64>, seats: usize) -> PyResult<Option<usize>> {
    match to {
        None => Ok(None),
        Some(s) if (0..seats as i64).contains(&s) => Ok(Some(s as usize)),
        Some(s) => Err(refused(format!(
            "seat {s} is not at this table (seats 0 to {})",
            seats - 1
        ))),
    }
}

/// A game in progress.
#[pyclass(module = "cardtable._cardtable")]
pub(crate) struct State {
    pub(crate) inner: Box<dyn research::State>,
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.kind().name()
    }
    /// Seats at the table.
    #[getter]
    fn seats(&self) -> usize {
        self.inner.seats()
    }
    /// The partnerships: each a list of the seats that share a score and win together.
    #[getter]
    fn teams(&self) -> Vec<Vec<usize>> {
        self.inner.teams()
    }
    /// The seat to act; -1 at a chance node (a card-by-card deal); -4 once over.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }
    /// Whether the next step is a card dealt (a chance node).
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == -1
    }
    /// The legal actions' numbers, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }
    /// The legal actions by name, in the same order.
    fn legal_action_names(&self) -> PyResult<Vec<String>> {
        let ids = self.inner.legal_actions();
        ids.into_iter()
            .map(|id| self.inner.action_name(id as i64).map_err(raise))
            .collect()
    }
    /// A mask over every action number: 1 where legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let mut mask = vec![0u8; self.inner.action_count()];
        self.inner
            .legal_actions()
            .into_iter()
            .for_each(|id| mask[id] = 1);
        PyArray1::from_vec(py, mask)
    }
    /// The action numbered `id`, as the rules core writes it (`{"Play":"JH"}`).
    fn action_name(&self, id: i64) -> PyResult<String> {
        self.inner.action_name(id).map_err(raise)
    }
    /// The number of the action named `name`.
    fn action_id(&self, name: &str) -> PyResult<usize> {
        self.inner.action_id(name).map_err(raise)
    }
    /// Applies an action (its number, or its name) for the seat to act.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = match action.extract::<i64>() {
            Ok(id) => id,
            Err(_) => {
                let name: String = action.extract().map_err(|_| {
                    IllegalActionError::new_err("an action is its number (int) or its name (str)")
                })?;
                self.inner.action_id(&name).map_err(raise)? as i64
            }
        };
        self.inner.apply(id).map_err(raise)
    }
    /// At a chance node: the cards that may be dealt next, by number.
    fn chance_outcomes(&self) -> Vec<usize> {
        self.inner.chance_outcomes()
    }
    /// At a chance node: deals the card numbered `card`.
    fn deal_card(&mut self, card: i64) -> PyResult<()> {
        self.inner.deal_card(card).map_err(raise)
    }
    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }
    /// Each seat's points so far: at the end, the game's result.
    fn returns(&self) -> Vec<f64> {
        self.inner.points()
    }
    /// Whether each seat is among the winners (all False before the end).
    fn winners(&self) -> Vec<bool> {
        self.inner.winners()
    }
    /// Hands (Straights: rounds) completed.
    fn hands(&self) -> u32 {
        self.inner.hands()
    }
    /// A copy.
    fn clone(&self) -> State {
        State {
            inner: self.inner.boxed(),
        }
    }
    fn __copy__(&self) -> State {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }
    /// What `seat` may know as a float32 tensor (None: a spectator).
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let to = self::seat(seat, self.inner.seats())?;
        let mut out = vec![0.0; self.inner.observation_len()];
        self.inner.observe(to, &mut out).map_err(raise)?;
        Ok(PyArray1::from_vec(py, out))
    }
    /// What a face shows `seat` (None: a spectator), as JSON: the scene and its own part.
    #[pyo3(signature = (seat=None))]
    fn observation_string(&self, seat: Option<i64>) -> PyResult<String> {
        let to = self::seat(seat, self.inner.seats())?;
        self.inner.shown(to).map_err(raise)
    }
    /// Everything `seat` has known since the game began: equal strings, equal knowledge.
    #[pyo3(signature = (seat=None))]
    fn information_state_string(&self, seat: Option<i64>) -> PyResult<String> {
        let to = self::seat(seat, self.inner.seats())?;
        self.inner.information(to).map_err(raise)
    }
    /// Every action's number so far.
    fn history(&self) -> Vec<usize> {
        self.inner.history()
    }
    /// The game as a record line that `cardtable replay` reads.
    #[pyo3(signature = (seats=None))]
    fn record(&self, seats: Option<Vec<String>>) -> PyResult<String> {
        let seats = seats.unwrap_or_else(|| vec!["python".into(); self.inner.seats()]);
        if seats.len() != self.inner.seats() {
            return Err(refused(format!(
                "{} names for {} seats",
                seats.len(),
                self.inner.seats()
            )));
        }
        Ok(self.inner.record(seats))
    }
    /// A copy with every card `seat` cannot see dealt again (from `seed`), consistently
    /// with what it saw: a sample for a search from that seat.
    fn resample(&self, seat: i64, seed: u64) -> PyResult<State> {
        let seat = self::seat(Some(seat), self.inner.seats())?.expect("a seat");
        let inner = self
            .inner
            .determinize(seat, &mut Rng::seed_from_u64(seed))
            .map_err(raise)?;
        Ok(State { inner })
    }
    fn __repr__(&self) -> String {
        format!(
            "<cardtable.State {} seat {} to act, {} actions>",
            self.game(),
            self.inner.current_player(),
            self.inner.history().len()
        )
    }
}

/// A game read back from a record line (`cardtable arena --record`, the server's,
/// `State.record()`), replayed through the rules.
#[pyfunction]
pub(crate) fn load_record(line: &str) -> PyResult<State> {
    Ok(State {
        inner: research::from_record(line).map_err(raise)?,
    })
}
