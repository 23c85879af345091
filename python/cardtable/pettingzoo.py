"""cardtable's games as PettingZoo AEC environments, and a Gymnasium environment for one
seat against cardtable's players.

    from cardtable.pettingzoo import env
    e = env("euchre", rules="cs246", points=5)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        e.step(action)

Agents are ``seat_0`` … ``seat_{n-1}``. An observation is a dict: ``observation``, the
seat's tensor (float32, cardtable's layout: docs/PYTHON.md), and ``action_mask`` (int8,
1 where legal). A step's reward is each seat's points won by it; the episode ends with
the game.
"""
import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cardtable


def env(game="euchre", rules=None, points=10, house=(), render_mode=None):
    """The AEC environment of `game` under `rules`, to `points`, with `house` rules."""
    return CardtableEnv(cardtable.Game(game, rules=rules, points=points, house=list(house)), render_mode)


def _spaces(game):
    observation = spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (game.observation_len,), np.float32),
        "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
    })
    return observation, spaces.Discrete(game.num_actions)


class CardtableEnv(AECEnv):
    """One game of cardtable, seat by seat (PettingZoo's agent-environment cycle)."""

    metadata = {"render_modes": ["ansi"], "name": "cardtable_v0", "is_parallelizable": False}

    def __init__(self, game, render_mode=None):
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(game.seats)]
        observation, action = _spaces(game)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.state_ = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else seed
        self.state_ = self.game.new_state(seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._points = list(self.state_.returns())
        self.agent_selection = self._seat_to_act()

    def _seat_to_act(self):
        return f"seat_{self.state_.current_player()}"

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_actions, np.int8)
        if self.state_.current_player() == seat:
            mask[self.state_.legal_actions()] = 1
        return {"observation": self.state_.observation(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(int(action))
        points = list(self.state_.returns())
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = points[seat] - self._points[seat]
        self._points = points
        if self.state_.is_over():
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self._seat_to_act()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        """The table as its scene's JSON, for a spectator."""
        return self.state_.observation_string(None) if self.state_ is not None else ""

    def close(self):
        pass


class SingleAgentEnv(gymnasium.Env):
    """One seat of a cardtable game as a Gymnasium environment; the others are played by
    a cardtable player (`opponents`: "random", "handout", "strong", "strong:N").
    Observations are as in the AEC environment; the reward is the seat's points won.
    An illegal action raises IllegalActionError, or with `illegal_reward` set changes
    nothing and is rewarded so (for learners and checkers that ignore the mask)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game="euchre", rules=None, points=10, house=(), seat=0, opponents="handout", render_mode=None,
                 illegal_reward=None):
        self.illegal_reward = illegal_reward
        self.game = cardtable.Game(game, rules=rules, points=points, house=list(house))
        self.seat = seat
        self.opponents_name = opponents
        self.observation_space, self.action_space = _spaces(self.game)
        self.render_mode = render_mode
        self.state_ = None

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        seed = 0 if seed is None else seed
        self.state_ = self.game.new_state(seed=seed)
        self.opponents = cardtable.Player(self.game, self.opponents_name, seed=seed)
        self._points = self.state_.returns()[self.seat]
        self._others_play()
        return self._observe(), {}

    def step(self, action):
        if self.illegal_reward is not None and int(action) not in self.state_.legal_actions():
            return self._observe(), float(self.illegal_reward), False, False, {"illegal": True}
        self.state_.apply(int(action))
        self._others_play()
        points = self.state_.returns()[self.seat]
        reward, self._points = points - self._points, points
        return self._observe(), reward, self.state_.is_over(), False, {}

    def _others_play(self):
        while not self.state_.is_over() and self.state_.current_player() != self.seat:
            self.state_.apply(self.opponents.act(self.state_))

    def _observe(self):
        mask = np.zeros(self.game.num_actions, np.int8)
        if self.state_.current_player() == self.seat:
            mask[self.state_.legal_actions()] = 1
        return {"observation": self.state_.observation(self.seat), "action_mask": mask}

    def render(self):
        return self.state_.observation_string(self.seat)
