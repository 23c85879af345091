//! The package's exceptions, and research's refusals turned into them.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use research::Error;

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
pub(crate) fn raise(error: Error) -> PyErr {
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

/// Anything refused as a `ValueError`.
pub(crate) fn refused(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The option named `given` of a keyword argument `what` with two, or a refusal that
/// names both (`episode is "game" or "hand", not "x"`).
pub(crate) fn one_of<T>(what: &str, given: &str, options: [(&str, T); 2]) -> PyResult<T> {
    let (first, second) = (options[0].0, options[1].0);
    let chosen = options.into_iter().find(|(name, _)| *name == given);
    let refusal = || refused(format!("{what} is {first:?} or {second:?}, not {given:?}"));
    chosen.map(|(_, option)| option).ok_or_else(refusal)
}
