"""Shared helpers: the games under test and the cardtable binary (for records)."""
import os
import pathlib
import shutil

import pytest

import cardtable

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Every game and variant of the catalogue, with a sample of house rules.
VARIANTS = [(g["name"], v) for g in cardtable.catalogue() for v in g["variants"]]
HOUSE_SAMPLES = [
    ("euchre", "cs246", ["alone=off", "partner-alone=off"]),
    ("euchre", "eecs280", ["dealer=throw-in", "alone=on", "deal=5"]),
    ("euchre", "cs246", ["defend-alone=on", "mcevoy=on"]),
    ("straights", "cs246", ["players=6", "stuck=pass"]),
    ("straights", "cs246", ["end=rounds-1"]),
    ("teendopanch", "reference", []),
]


def binary():
    """The `cardtable` program: $CARDTABLE_BIN, target/release or target/debug."""
    for candidate in [os.environ.get("CARDTABLE_BIN"), ROOT / "target/release/cardtable", ROOT / "target/debug/cardtable"]:
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    found = shutil.which("cardtable")
    if found:
        return found
    if os.environ.get("CI") == "true":
        pytest.fail("the cardtable program is not built (cargo build --release -p cardtable)")
    pytest.skip("the cardtable program is not built")


def play_out(state, pick):
    """Plays `state` to its end with `pick(state) -> action`; the number of actions."""
    steps = 0
    while not state.is_over():
        state.apply(pick(state))
        steps += 1
    return steps
