//! The learned Euchre player's training data and its network, for `cardtable.train`:
//! the samples are played in Rust (with the GIL released, so Ray's workers run side by
//! side), and the network the training writes is evaluated by the same Rust code that
//! plays with it, so a test can hold the two sides' values equal.

use euchre::players::bid_inputs::{COUNT, INPUTS};
use euchre::players::learned::{bid_samples, Against};
use euchre::players::Learned;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::errors::{one_of, refused};

/// The largest table a training call plays at once: a progress bar needs calls that end.
const MOST_GAMES: u64 = 10_000;

/// The three arrays of a call: decision numbers, inputs, what each bid brought.
type Samples<'py> = (
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray2<f64>>,
    Bound<'py, PyArray1<f64>>,
);

/// The inputs the bidding network is shown, in order.
#[pyfunction]
pub(crate) fn euchre_bid_inputs() -> Vec<&'static str> {
    INPUTS.to_vec()
}

/// Plays `games` Euchre games under `rules` ("eecs280" or "cs246") to `points`, strong
/// players of `samples` deals a decision against `against` ("strong" or "handout"), and
/// plays each of their bids near passing on from the real deal (players of `play_on`
/// samples): the decision numbers (from 0 within the call), the network's inputs and
/// what each bid brought over passing. With `policy` (a network file's text) the strong
/// players bid by it, at the table and in the play-ons: the learned player's own play.
/// The same arguments give the same arrays.
#[pyfunction]
#[pyo3(signature = (rules, seed, games, against="strong", samples=96, play_on=32, points=10, policy=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn euchre_bid_samples<'py>(
    py: Python<'py>,
    rules: &str,
    seed: u64,
    games: u64,
    against: &str,
    samples: usize,
    play_on: usize,
    points: u32,
    policy: Option<&str>,
) -> PyResult<Samples<'py>> {
    let policy = policy
        .map(|text| Learned::bids_network(text).map(std::sync::Arc::new))
        .transpose()
        .map_err(refused)?;
    let rules = euchre::Rules::named(rules, points)
        .filter(|_| (1..=100).contains(&points))
        .ok_or_else(|| {
            refused(format!(
                "rules are \"eecs280\" or \"cs246\" to 1–100 points, not {rules:?} to {points}"
            ))
        })?;
    let against = one_of(
        "against",
        against,
        [("strong", Against::Strong), ("handout", Against::Handout)],
    )?;
    if !(1..=MOST_GAMES).contains(&games) {
        return Err(refused(format!("games is 1 to {MOST_GAMES}, not {games}")));
    }
    let most = ::catalogue::MAX_SAMPLES as usize;
    if !(1..=most).contains(&samples) || !(1..=most).contains(&play_on) {
        return Err(refused(format!("samples and play_on are 1 to {most}")));
    }
    let found = py.detach(|| bid_samples(rules, seed, games, against, (samples, play_on), policy));
    let decisions = PyArray1::from_iter(py, found.iter().map(|s| s.decision));
    let inputs = PyArray2::<f64>::zeros(py, [found.len(), COUNT], false);
    {
        let mut view = inputs.readwrite();
        let mut array = view.as_array_mut();
        for (i, sample) in found.iter().enumerate() {
            for (j, &x) in sample.inputs.iter().enumerate() {
                array[[i, j]] = x;
            }
        }
    }
    let brought = PyArray1::from_iter(py, found.iter().map(|s| s.brought));
    Ok((decisions, inputs, brought))
}

/// The bidding network in `network` (a file's text) evaluated by the player's own code
/// on each row of `inputs`: what the learned player would take each bid to bring.
#[pyfunction]
pub(crate) fn euchre_bid_values<'py>(
    py: Python<'py>,
    network: &str,
    inputs: PyReadonlyArray2<'py, f64>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let network = Learned::bids_network(network).map_err(refused)?;
    let rows = inputs.as_array();
    if rows.ncols() != COUNT {
        return Err(refused(format!(
            "each row has {COUNT} inputs, not {}",
            rows.ncols()
        )));
    }
    let values: Vec<f64> = rows
        .rows()
        .into_iter()
        .map(|row| network.evaluate(&row.to_vec()))
        .collect();
    Ok(PyArray1::from_vec(py, values))
}
