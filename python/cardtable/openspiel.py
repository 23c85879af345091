"""cardtable's games as OpenSpiel games: importing this module registers them.

Each game is registered as ``python_cardtable_<game>`` (``python_cardtable_euchre``,
``python_cardtable_straights``, ``python_cardtable_teendopanch``) with the parameters
``rules`` (the variant, "" for the game's default), ``points`` (points to win) and
``house`` (house rules, "name=value" joined by commas). The deal is OpenSpiel's chance
nodes, one card at a time (outcomes are card numbers, uniform over the cards not yet
dealt); the rules, the observation tensors and the information state strings are
cardtable's (docs/PYTHON.md), so OpenSpiel's own algorithms and bots run on them::

    import pyspiel, cardtable.openspiel
    game = pyspiel.load_game("python_cardtable_euchre", {"rules": "cs246", "points": 1})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Returns are each seat's points at the end of the game (general sum: partners share).
"""
import numpy as np
import pyspiel

import cardtable

#: Games registered here: OpenSpiel short name -> cardtable game name.
GAMES = {f"python_cardtable_{g['name']}": g["name"] for g in cardtable.catalogue()}

_DEFAULTS = {"rules": "", "points": 10, "house": ""}
#: OpenSpiel's bound on a game's length, with cards dealt one by one: generous.
_MAX_LENGTH = 200_000


def _rules(name, params):
    """The cardtable Game for `name` under OpenSpiel parameters `params`."""
    params = {**_DEFAULTS, **(params or {})}
    house = [rule for rule in str(params["house"]).split(",") if rule]
    return cardtable.Game(name, rules=params["rules"] or None, points=int(params["points"]), house=house)


def _game_type(short_name, name):
    catalogue = {g["name"]: g for g in cardtable.catalogue()}[name]
    seats = catalogue["seat_range"]  # e.g. Straights' `players` house rule: 3 to 8
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"cardtable {catalogue['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class CardtableGame(pyspiel.Game):
    """One of cardtable's games under the rules its parameters name."""

    def __init__(self, params=None):
        name = GAMES[self._short_name]
        self.cardtable = _rules(name, params)
        points = self.cardtable.points
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cardtable.num_actions,
            max_chance_outcomes=52,
            num_players=self.cardtable.seats,
            min_utility=-1000.0 - points,
            max_utility=1000.0 + points,
            utility_sum=None,
            max_game_length=_MAX_LENGTH,
        )
        super().__init__(self._game_type, info, {**_DEFAULTS, **(params or {})})

    def new_initial_state(self):
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.cardtable, perfect_recall)


class CardtableState(pyspiel.State):
    """A game in progress, its cards dealt through OpenSpiel's chance nodes."""

    def __init__(self, game, inner=None):
        super().__init__(game)
        self.inner = inner if inner is not None else game.cardtable.new_state(chance="card")

    def current_player(self):
        player = self.inner.current_player()
        if player == -1:
            return pyspiel.PlayerId.CHANCE
        if player == -4:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        cards = self.inner.chance_outcomes()
        return [(card, 1.0 / len(cards)) for card in cards]

    def _apply_action(self, action):
        if self.inner.is_chance_node():
            self.inner.deal_card(action)
        else:
            self.inner.apply(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal card {action}"
        return self.inner.action_name(action)

    def is_terminal(self):
        return self.inner.is_over()

    def returns(self):
        if not self.inner.is_over():
            return [0.0] * self.inner.seats
        return list(self.inner.returns())

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: every card it cannot see
        dealt again (cardtable's determinization), drawn from OpenSpiel's sampler."""
        seed = int(probability_sampler() * 2**63)
        sample = self.clone()
        sample.inner = self.inner.resample(player_id, seed)
        return sample

    def __deepcopy__(self, memo):
        return CardtableState(self.get_game(), self.inner.clone())

    def __str__(self):
        return self.inner.observation_string(None)


class Observer:
    """OpenSpiel's observer: the seat's observation tensor (cardtable's layout) and
    string; with perfect recall, the information state string (no tensor)."""

    def __init__(self, game, perfect_recall):
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.observation_len
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        start = 0
        for name, length, _ in ([] if perfect_recall else game.observation_layout):
            self.dict[name] = self.tensor[start:start + length]
            start += length

    def set_from(self, state, player):
        if not self.perfect_recall:
            self.tensor[:] = state.inner.observation(player)

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


def _register():
    for short_name, name in GAMES.items():
        game_type = _game_type(short_name, name)
        cls = type(f"Cardtable_{name}", (CardtableGame,), {"_short_name": short_name, "_game_type": game_type})
        if short_name not in pyspiel.registered_names():
            pyspiel.register_game(game_type, cls)


_register()
