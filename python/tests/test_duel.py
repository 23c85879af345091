"""The OpenSpiel duel harness (scripts/openspiel/duel.py) on a few deals: OpenSpiel's own
Euchre and its ISMCTS bot in two seats, cardtable's players (through this package) in
the other two, every state checked equal on both sides."""
import json
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")
DUEL = pathlib.Path(__file__).resolve().parents[2] / "scripts/openspiel/duel.py"


def duel(*args):
    done = subprocess.run([sys.executable, str(DUEL), "--json", *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_cardtable_and_openspiel_play_the_same_hands():
    # Every decision is checked on both sides; a difference fails the script.
    report = duel("--deals", "6", "--home", "strong:8", "--away", "ismcts", "--sims", "50", "--workers", "2")
    assert report["hands"] == 12, "each deal played twice"
    for side in ("home", "away"):
        # At least a bid and five cards each a hand, for both seats of the side.
        assert report["sides"][side]["decisions"] >= 12 * 2 * 5, report
    # Stick the dealer: someone makes trump in every hand.
    made = report["sides"]["home"]["make_rate"] + report["sides"]["away"]["make_rate"]
    assert abs(made - 1.0) < 1e-9, report


def test_the_duel_between_two_cardtable_players_is_zero_sum_by_seats():
    # The same player on both sides: each deal's two seatings cancel exactly, since the
    # handout player's choices depend only on the deal and its seat.
    report = duel("--deals", "8", "--home", "handout", "--away", "handout")
    assert report["home_points_per_hand"] == 0.0 and report["interval95"] == 0.0, report
