"""OpenSpiel, PettingZoo and Gymnasium run cardtable's games through their own tests."""
import numpy as np
import pytest

import cardtable

pyspiel = pytest.importorskip("pyspiel")
import cardtable.openspiel  # noqa: E402  (registers the games)

SHORT = [("python_cardtable_euchre", {"rules": "cs246", "points": 1}),
         ("python_cardtable_euchre", {"points": 1, "house": "alone=on,dealer=throw-in"}),
         ("python_cardtable_straights", {"house": "end=rounds-1"}),
         ("python_cardtable_teendopanch", {"points": 1})]


@pytest.mark.parametrize("name,params", SHORT)
def test_openspiels_random_simulation_test_passes(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name,params", SHORT)
def test_openspiels_ismcts_plays_each_game(name, params):
    # OpenSpiel's Python ISMCTS: its C++ bots crash on every Python-defined game in
    # open-spiel 2.0.2 (python_kuhn_poker too), so they cannot be the test here.
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts as os_mcts
    game = pyspiel.load_game(name, params)
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    ismcts = os_ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = ismcts.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.returns()) == game.num_players()


def test_openspiel_observations_are_cardtables():
    game = pyspiel.load_game("python_cardtable_euchre", {"points": 1})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (cardtable.Game("euchre").observation_len,)
    assert tensor[:52].sum() == 5, "the seat's five cards"
    assert state.information_state_string(0) != state.information_state_string(1)


def test_pettingzoo_api_test_passes():
    from pettingzoo.test import api_test
    from cardtable.pettingzoo import env
    for name, points in [("euchre", 2), ("straights", 10), ("teendopanch", 2)]:
        api_test(env(name, points=points, house=["end=rounds-1"] if name == "straights" else []),
                 num_cycles=300, verbose_progress=False)


def test_the_gymnasium_wrapper_passes_its_checker_and_plays():
    from gymnasium.utils.env_checker import check_env
    from cardtable.pettingzoo import SingleAgentEnv
    check_env(SingleAgentEnv("euchre", points=2, illegal_reward=-1.0), skip_render_check=True)
    env = SingleAgentEnv("euchre", points=2, opponents="handout")
    env.reset(seed=1)
    with pytest.raises(cardtable.IllegalActionError):
        env.step(next(a for a in range(130) if a not in env.state_.legal_actions()))
    obs, _ = env.reset(seed=3)
    total, done = 0.0, False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, _, _ = env.step(action)
        total += reward
    assert total >= 0


def test_openspiel_declares_the_seats_each_game_allows():
    """Straights is for three to eight (pagat.com's sevens, the `players` house rule);
    Euchre four, Teen Do Panch three (their handouts)."""
    for short, fewest, most in [("python_cardtable_straights", 3, 8), ("python_cardtable_euchre", 4, 4),
                                ("python_cardtable_teendopanch", 3, 3)]:
        game_type = pyspiel.load_game(short).get_type()
        assert (game_type.min_num_players, game_type.max_num_players) == (fewest, most), short
