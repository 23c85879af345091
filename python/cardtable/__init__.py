"""cardtable's Euchre, Straights and Teen Do Panch from Python, at Rust speed.

The games, rules variants, house rules and players are cardtable's catalogue's: see
``cardtable.catalogue()``. ``cardtable.openspiel`` registers the games with OpenSpiel,
``cardtable.pettingzoo`` wraps them as PettingZoo environments, ``cardtable.sweep``
spreads evaluations over Ray. docs/PYTHON.md has the whole API.
"""
from ._cardtable import (
    Batch,
    CardtableError,
    ChanceNodeError,
    Game,
    GameOverError,
    IllegalActionError,
    Player,
    State,
    arena,
    catalogue,
    load_record,
)

__all__ = [
    "Batch",
    "CardtableError",
    "ChanceNodeError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Player",
    "State",
    "arena",
    "catalogue",
    "load_record",
]
