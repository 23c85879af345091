//! The `cardtable._cardtable` module: the research crate's states, batches and players
//! as Python classes. Errors become the package's exceptions, never a crash; batched
//! work runs with the GIL released and writes straight into NumPy's arrays.

use ::catalogue::{GameKind, PlayerSpec, Ruleset, Variant};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use research::{Chance, Episode, Error};
use table::Rng;

create_exception!(
    _cardtable,
    CardtableError,
    PyException,
    "Any refusal by cardtable."
);
create_exception!(
    _cardtable,
    IllegalActionError,
    CardtableError,
    "An action the rules refuse now, or no action at all."
);
create_exception!(
    _cardtable,
    GameOverError,
    CardtableError,
    "The game is over: nothing more may be played."
);
create_exception!(
    _cardtable,
    ChanceNodeError,
    CardtableError,
    "A seat's action at a chance node, or a card dealt while a seat is to act."
);

/// The research crate's refusal as the package's exception.
fn raise(error: Error) -> PyErr {
    let text = error.to_string();
    match error {
        Error::NoSuchAction { .. } | Error::UnknownName { .. } | Error::Illegal { .. } => {
            IllegalActionError::new_err(text)
        }
        Error::Over => GameOverError::new_err(text),
        Error::Dealing | Error::NotDealing(_) | Error::NotDealable(_) => {
            ChanceNodeError::new_err(text)
        }
        Error::NoSuchSeat { .. } | Error::Refused(_) => PyValueError::new_err(text),
    }
}

fn refused(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A game under its rules: what new states and batches are made of.
#[pyclass(module = "cardtable._cardtable", frozen)]
struct Game {
    rules: Ruleset,
}

#[pymethods]
impl Game {
    /// `game` ("euchre", "straights", "teendopanch") with its `rules` variant (its
    /// default when None), played to `points`, with `house` rules ("name=value" each).
    #[new]
    #[pyo3(signature = (game, rules=None, points=10, house=Vec::new()))]
    fn new(game: &str, rules: Option<&str>, points: u32, house: Vec<String>) -> PyResult<Game> {
        let kind: GameKind = game.parse().map_err(refused)?;
        if !(1..=1000).contains(&points) {
            return Err(refused(format!(
                "points to win {points} is not from 1 to 1000"
            )));
        }
        let variant = Variant::named(kind, rules).map_err(refused)?;
        let rules = Ruleset::new(variant, points, &house).map_err(refused)?;
        Ok(Game { rules })
    }

    /// "euchre", "straights" or "teendopanch".
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.variant().game().name()
    }
    /// The rules variant ("eecs280").
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules.variant().rules()
    }
    /// Points to win.
    #[getter]
    fn points(&self) -> u32 {
        self.rules.points()
    }
    /// The house rules, as changes from the variant.
    #[getter]
    fn house(&self) -> Vec<String> {
        self.rules.house().to_vec()
    }
    /// Seats at the table.
    #[getter]
    fn seats(&self) -> usize {
        self.rules.seats()
    }
    /// How many action numbers there are (every action is below this).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.probe()?.action_count())
    }
    /// Numbers in one observation tensor.
    #[getter]
    fn observation_len(&self) -> PyResult<usize> {
        Ok(self.probe()?.observation_len())
    }
    /// The observation tensor's blocks: (name, length, what it holds), in order.
    #[getter]
    fn observation_layout(&self) -> PyResult<Vec<(&'static str, usize, &'static str)>> {
        let layout = self.probe()?.observation_layout();
        Ok(layout
            .into_iter()
            .map(|b| (b.name, b.len, b.what))
            .collect())
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
        let chance = match chance {
            "seeded" => Chance::Seeded,
            "card" => Chance::ByCard,
            other => {
                return Err(refused(format!(
                    "chance is \"seeded\" or \"card\", not {other:?}"
                )))
            }
        };
        let deals = deals
            .unwrap_or_default()
            .iter()
            .map(|deck| {
                deck.iter()
                    .map(|c| c.parse::<cards::Card>().map_err(refused))
                    .collect()
            })
            .collect::<PyResult<_>>()?;
        let inner = research::new_state(&self.rules, seed, deals, chance).map_err(raise)?;
        Ok(State { inner })
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, rules={:?}, points={}, house={:?})",
            self.name(),
            self.rules(),
            self.points(),
            self.house()
        )
    }
}

impl Game {
    fn probe(&self) -> PyResult<Box<dyn research::State>> {
        research::new_state(&self.rules, 0, Vec::new(), Chance::Seeded).map_err(raise)
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
struct State {
    inner: Box<dyn research::State>,
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
fn load_record(line: &str) -> PyResult<State> {
    Ok(State {
        inner: research::from_record(line).map_err(raise)?,
    })
}

/// One of the catalogue's computer players ("random", "handout", "strong", "strong:N").
#[pyclass(module = "cardtable._cardtable")]
struct Player {
    game: GameKind,
    spec: PlayerSpec,
    name: String,
    rng: Rng,
    /// The player itself, made for the rules of the last state it played.
    agent: Option<research::Player>,
}

#[pymethods]
impl Player {
    /// The player `name` for `game` (a Game or a game's name), drawing from `seed`.
    #[new]
    #[pyo3(signature = (game, name, seed=0))]
    fn new(game: &Bound<'_, PyAny>, name: &str, seed: u64) -> PyResult<Player> {
        let kind = match game.cast::<Game>() {
            Ok(g) => g.get().rules.variant().game(),
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

impl Player {
    fn same_game(&self, kind: GameKind) -> PyResult<()> {
        if kind == self.game {
            return Ok(());
        }
        Err(refused(format!(
            "a {} player cannot play {}",
            self.game, kind
        )))
    }
}

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

/// `n` games of one Game stepped together in Rust (see docs/PYTHON.md).
#[pyclass(module = "cardtable._cardtable")]
struct Batch {
    game: GameKind,
    inner: Box<dyn research::Batch>,
}

#[pymethods]
impl Batch {
    /// `n` games of `game`, dealt from `seed`; an episode is a whole game or, with
    /// `episode="hand"`, one hand (a Straights round).
    #[new]
    #[pyo3(signature = (game, n, seed=0, episode="game"))]
    fn new(game: &Game, n: usize, seed: u64, episode: &str) -> PyResult<Batch> {
        let episode = match episode {
            "game" => Episode::Game,
            "hand" => Episode::Hand,
            other => {
                return Err(refused(format!(
                    "episode is \"game\" or \"hand\", not {other:?}"
                )))
            }
        };
        if n > 1 << 20 {
            return Err(refused(format!(
                "{n} games is more than a batch holds (1048576)"
            )));
        }
        let inner = research::new_batch(&game.rules, n, seed, episode).map_err(raise)?;
        Ok(Batch {
            game: game.rules.variant().game(),
            inner,
        })
    }
    fn __len__(&self) -> usize {
        self.inner.len()
    }
    #[getter]
    fn seats(&self) -> usize {
        self.inner.seats()
    }
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.action_count()
    }
    #[getter]
    fn observation_len(&self) -> usize {
        self.inner.observation_len()
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
            let inner = &mut self.inner;
            py.detach(|| inner.step(actions, r, d)).map_err(raise)?;
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
            py.detach(|| inner.play(spec, a, r, d)).map_err(raise)?;
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

/// Plays `count` whole games (or, with `hands=True`, hands) of `game` with `lineup` (one
/// player a seat, comma-separated: "strong,handout,strong,handout") in Rust on `threads`
/// threads (one: the caller's sweep spreads the work), dealt from `seed`: the arena's
/// report as JSON (each seat's and team's wins, Wilson 95% intervals, points a hand).
#[pyfunction]
#[pyo3(name = "arena", signature = (game, lineup, count, seed=0, hands=false, threads=1))]
fn play_arena(
    py: Python<'_>,
    game: &Game,
    lineup: &str,
    count: u64,
    seed: u64,
    hands: bool,
    threads: usize,
) -> PyResult<String> {
    let lineup = ::catalogue::Lineup::parse_for(&game.rules, lineup).map_err(refused)?;
    let count = if hands {
        ::arena::Count::Hands(count)
    } else {
        ::arena::Count::Games(count)
    };
    let config = ::arena::Config {
        rules: game.rules.clone(),
        count,
        lineup,
        seed,
        threads: Some(threads),
        progress: false,
        stop: None,
    };
    let report = py.detach(|| ::arena::run(&config, None)).map_err(refused)?;
    Ok(serde_json::to_string(&report).expect("reports serialize"))
}

/// Every game the catalogue knows: its name, title, variants, seats, players and house
/// rules (name, title, summary, values, source).
#[pyfunction]
#[pyo3(name = "catalogue")]
fn listing(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    GameKind::ALL
        .into_iter()
        .map(|kind| {
            let dict = PyDict::new(py);
            dict.set_item("name", kind.name())?;
            dict.set_item("title", kind.title())?;
            dict.set_item("variants", kind.variants())?;
            dict.set_item("seats", kind.seats())?;
            dict.set_item("players", kind.players())?;
            let rules: Vec<_> = Ruleset::options(kind)
                .iter()
                .map(|r| {
                    let rule = PyDict::new(py);
                    rule.set_item("name", r.name)?;
                    rule.set_item("title", r.title)?;
                    rule.set_item("summary", r.summary)?;
                    rule.set_item("values", r.values.all())?;
                    rule.set_item("source", r.source)?;
                    Ok(rule)
                })
                .collect::<PyResult<_>>()?;
            dict.set_item("house_rules", rules)?;
            Ok(dict)
        })
        .collect()
}

#[pymodule]
fn _cardtable(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Player>()?;
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(load_record, m)?)?;
    m.add_function(wrap_pyfunction!(listing, m)?)?;
    m.add_function(wrap_pyfunction!(play_arena, m)?)?;
    let py = m.py();
    m.add("CardtableError", py.get_type::<CardtableError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("ChanceNodeError", py.get_type::<ChanceNodeError>())?;
    Ok(())
}
