"""The batched environment: NumPy arrays in and out, seeds that replay, whole steps."""
import importlib.util
import pathlib

import numpy as np
import pytest

import cardtable

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["euchre", "straights", "teendopanch"])
def test_a_batch_plays_games_to_their_ends_from_masks(name):
    game = cardtable.Game(name, points=3)
    batch = cardtable.Batch(game, 16, seed=4)
    rng = np.random.default_rng(4)
    totals = np.zeros((16, game.seats), np.float32)
    for _ in range(400):
        players, obs, mask = batch.current()
        assert obs.shape == (16, game.observation_len) and obs.dtype == np.float32
        assert mask.shape == (16, game.num_actions) and mask.dtype == np.bool_
        assert (mask.sum(axis=1) >= 1).all() and ((players >= 0) & (players < game.seats)).all()
        # A random legal action per game, chosen in NumPy from the masks.
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)
        rewards, dones = batch.step(actions)
        totals += rewards
        totals[dones] = 0
    assert batch.episodes > 0


def test_the_same_seed_gives_the_same_run_and_reset_starts_it_again():
    game = cardtable.Game("euchre")
    def run(batch):
        player = cardtable.Player(game, "random", seed=8)
        return [tuple(map(np.ndarray.tobytes, batch.step_player(player))) for _ in range(300)]
    first = cardtable.Batch(game, 8, seed=3)
    a = run(first)
    assert a == run(cardtable.Batch(game, 8, seed=3))
    first.reset(3)
    assert run(first) == a
    assert a != run(cardtable.Batch(game, 8, seed=4))


@pytest.mark.parametrize("name", ["euchre", "straights", "teendopanch"])
def test_a_batch_steps_as_its_games_step_alone(name):
    """Step for step, each game of a batch shows and does what a lone State of it does:
    the same seat to act, observation, mask, rewards and end."""
    game = cardtable.Game(name, points=2)
    batch = cardtable.Batch(game, 6, seed=12)
    rng = np.random.default_rng(12)
    alone = [batch.state(i) for i in range(6)]
    ended = 0
    for _ in range(300):
        players, obs, mask = batch.current()
        for i, state in enumerate(alone):
            assert players[i] == state.current_player()
            assert np.array_equal(obs[i], state.observation(state.current_player()))
            assert np.array_equal(mask[i], state.legal_actions_mask().astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)
        before = [s.returns() for s in alone]
        rewards, dones = batch.step(actions)
        for i, state in enumerate(alone):
            state.apply(int(actions[i]))
            assert np.allclose(rewards[i], np.subtract(state.returns(), before[i]))
            assert dones[i] == state.is_over()
            if dones[i]:
                ended += 1
                alone[i] = batch.state(i)
    assert ended > 0
    with pytest.raises(ValueError):
        batch.state(6)


def test_hand_episodes_score_one_hand():
    """EECS 280 Euchre scores 1, 2 or 4 points a hand to one partnership."""
    game = cardtable.Game("euchre")
    batch = cardtable.Batch(game, 32, seed=1, episode="hand")
    handout = cardtable.Player(game, "handout")
    sums = np.zeros((32, 4), np.float32)
    seen = 0
    while seen < 100:
        _, rewards, dones = batch.step_player(handout)
        sums += rewards
        for i in np.flatnonzero(dones):
            assert sums[i, 0] == sums[i, 2] and sums[i, 1] == sums[i, 3]
            assert sorted(sums[i, :2].tolist())[1] in (1.0, 2.0, 4.0) and min(sums[i, :2]) == 0
            sums[i] = 0
            seen += 1


def test_bad_batch_calls_raise():
    game = cardtable.Game("straights")
    batch = cardtable.Batch(game, 4)
    with pytest.raises(TypeError, match="int64"):
        batch.step(np.zeros(4, dtype=np.float64))
    with pytest.raises(TypeError):
        batch.step([1, 2, 3, 4])
    with pytest.raises(ValueError, match="3 numbers where 4"):
        batch.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="not legal"):
        batch.step(np.full(4, 10_000, dtype=np.int64))
    with pytest.raises(ValueError):
        cardtable.Batch(game, 0)
    with pytest.raises(ValueError):
        cardtable.Batch(game, 2, episode="season")
    with pytest.raises(ValueError, match="euchre player"):
        cardtable.Player("euchre", "random").act_batch(batch)


def test_the_strong_player_beats_random_and_gives_its_values():
    game = cardtable.Game("euchre")
    report = __import__("json").loads(cardtable.arena(game, "strong:4,random,strong:4,random", 40, seed=2))
    low, _ = report["teams"][0]["win_rate_ci95"]
    assert low > 0.5, report["teams"][0]
    state = game.new_state(seed=5)
    advice = cardtable.Player(game, "strong:8", seed=1).advise(state)
    assert advice["actions"] == state.legal_actions()
    assert len(advice["values"]) == len(advice["actions"]) and advice["choice"] in advice["actions"]


def test_the_benchs_numpy_choice_is_uniform_over_each_rows_legal_actions():
    """bench.py's `uniform_legal` against a mask worked by hand: row 0 allows actions 1
    and 3, row 1 only 0, row 2 actions 0, 2 and 4. Every choice is legal, and over 30,000
    draws each legal action of a row comes up within 3% of its share."""
    spec = importlib.util.spec_from_file_location("bench", ROOT / "python/bench/bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    mask = np.array([[0, 1, 0, 1, 0], [1, 0, 0, 0, 0], [1, 0, 1, 0, 1]], dtype=bool)
    rng = np.random.default_rng(3)
    counts = np.zeros(mask.shape)
    draws = 30_000
    for _ in range(draws):
        chosen = bench.uniform_legal(mask, rng)
        counts[np.arange(3), chosen] += 1
    assert (counts[~mask] == 0).all()
    shares = counts / draws
    assert np.allclose(shares[0, [1, 3]], 1 / 2, atol=0.03)
    assert shares[1, 0] == 1
    assert np.allclose(shares[2, [0, 2, 4]], 1 / 3, atol=0.03)
