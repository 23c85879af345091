//! The `cardtable._cardtable` module: the research crate's states, batches and players
//! as Python classes. Errors become the package's exceptions, never a crash; batched
//! work runs with the GIL released and writes straight into NumPy's arrays.

mod batch;
mod classes;
mod errors;
mod player;
mod state;
mod training;

use crate::errors::{refused, CardtableError, ChanceNodeError, GameOverError, IllegalActionError};
use crate::state::{Game, State};
use ::catalogue::{GameKind, Ruleset};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
    let lineup = ::catalogue::Lineup::parse_for(&game.ruleset, lineup).map_err(refused)?;
    let count = if hands {
        ::arena::Count::Hands(count)
    } else {
        ::arena::Count::Games(count)
    };
    let config = ::arena::Config {
        rules: game.ruleset.clone(),
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

/// Every game the catalogue knows: its name, title, variants, seats (and the fewest and
/// most its rules allow), players and house rules (name, title, summary, values, source).
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
            dict.set_item("seat_range", kind.seat_range())?;
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
    m.add_class::<classes::Sizes>()?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<classes::Player>()?;
    m.add_class::<classes::Batch>()?;
    m.add_function(wrap_pyfunction!(state::load_record, m)?)?;
    m.add_function(wrap_pyfunction!(listing, m)?)?;
    m.add_function(wrap_pyfunction!(play_arena, m)?)?;
    m.add_function(wrap_pyfunction!(training::euchre_bid_inputs, m)?)?;
    m.add_function(wrap_pyfunction!(training::euchre_bid_samples, m)?)?;
    m.add_function(wrap_pyfunction!(training::euchre_bid_values, m)?)?;
    let py = m.py();
    m.add("CardtableError", py.get_type::<CardtableError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("ChanceNodeError", py.get_type::<ChanceNodeError>())?;
    Ok(())
}
