"""The learned player's training pipeline: its network file reads back in Rust with the
values NumPy computed, the shipped networks too, a network trained on shuffled outcomes
bids worse on held-out decisions, and the whole command runs on a local Ray."""
import json

import numpy as np
import pytest

from cardtable import _cardtable, train
from conftest import ROOT


def samples(seed, games, chunks=1):
    """Training samples of `chunks` calls (small players: 16 deals a decision)."""
    return [_cardtable.euchre_bid_samples("eecs280", seed + i, games, samples=16, play_on=16)
            for i in range(chunks)]


def numpy_values(network, x):
    """A network file's values computed here, from its JSON alone."""
    h = (x - np.array(network["mean"])) / np.array(network["scale"])
    for layer in network["layers"]:
        h = h @ np.array(layer["weights"]).T + np.array(layer["bias"])
        if layer["activation"] == "tanh":
            h = np.tanh(h)
    return h[:, 0]


def test_a_trained_network_has_the_same_values_in_rust():
    decisions, x, y, _ = train.split(samples(3, 1))
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1.0
    params = train.fit((x - mean) / scale, y, 6, 40, 0.01, 1e-4, np.random.default_rng(1), 100,
                       lambda *_: None)
    network = train.network_file(_cardtable.euchre_bid_inputs(), mean, scale, params, {})
    expected, _ = train.forward(params, (x - mean) / scale)
    rust = _cardtable.euchre_bid_values(json.dumps(network), x)
    assert np.abs(rust - expected).max() < 1e-12
    assert np.abs(numpy_values(network, x) - expected).max() < 1e-12
    assert np.std(expected) > 0, "the network is not constant"


@pytest.mark.parametrize("rules", ["eecs280", "cs246"])
def test_the_shipped_networks_values_match(rules):
    text = (ROOT / f"games/euchre/models/bids-{rules}.json").read_text()
    network = json.loads(text)
    _, x, _, _ = train.split(samples(5, 1))
    rust = _cardtable.euchre_bid_values(text, x)
    assert np.abs(rust - numpy_values(network, x)).max() < 1e-12


def test_a_network_file_for_other_inputs_is_refused():
    network = json.loads((ROOT / "games/euchre/models/bids-eecs280.json").read_text())
    network["inputs"][0] = "guess"
    with pytest.raises(ValueError, match="inputs"):
        _cardtable.euchre_bid_values(json.dumps(network), np.zeros((1, len(network["inputs"]))))


def test_shuffled_outcomes_train_a_worse_bidder():
    decisions, x, y, held = train.split(samples(20, 3, chunks=train.HOLD_OUT_EVERY))
    xs = (x - x[~held].mean(axis=0)) / (x[~held].std(axis=0) + 1e-9)

    def held_out_bidding(labels):
        params = train.fit(xs[~held], labels[~held], 0, 400, 0.02, 1e-4, np.random.default_rng(2),
                           1000, lambda *_: None)
        scores, _ = train.forward(params, xs[held])
        return train.bidding_value(decisions[held], y[held], scores)

    real = held_out_bidding(y)
    shuffled = held_out_bidding(np.random.default_rng(3).permutation(y))
    assert real > shuffled, (real, shuffled)


def test_bidding_value_by_hand():
    # Decision 0: bids bringing +1 (scored 0.5) and -2 (scored 0.9): the -2 is picked.
    # Decision 1: one bid scored -0.1: passing, 0. Decision 2: +3 scored 0.2.
    decisions = np.array([0, 0, 1, 2])
    brought = np.array([1.0, -2.0, 5.0, 3.0])
    scores = np.array([0.5, 0.9, -0.1, 0.2])
    assert train.bidding_value(decisions, brought, scores) == pytest.approx((-2 + 0 + 3) / 3)


def test_the_command_trains_on_a_local_ray(tmp_path):
    ray = pytest.importorskip("ray")
    out, log = tmp_path / "net.json", tmp_path / "log.jsonl"
    try:
        train.main(["--chunks", "5", "--games", "1", "--samples", "4", "--play-on", "4", "--steps", "40",
                    "--hidden", "4", "--seed", "2", "--num-cpus", "2", "--out", str(out), "--log", str(log),
                    "--no-progress"])
    finally:
        ray.shutdown()
    network = json.loads(out.read_text())
    events = [json.loads(line)["event"] for line in log.read_text().splitlines()]
    assert events.count("chunk") == 5 and events[-1] == "done" and "step" in events
    assert network["training"]["chunks"] == 5
    values = _cardtable.euchre_bid_values(out.read_text(), np.zeros((2, len(network["inputs"]))))
    assert np.isfinite(values).all()
