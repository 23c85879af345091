"""States of every game: legal actions, names, records both ways, refusals."""
import json
import random
import subprocess

import numpy as np
import pytest

import cardtable
from conftest import HOUSE_SAMPLES, VARIANTS, binary, play_out


@pytest.mark.parametrize("name,rules", VARIANTS)
def test_every_variant_plays_to_its_end_and_its_record_replays(name, rules, tmp_path):
    game = cardtable.Game(name, rules=rules, points=5)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    play_out(state, lambda s: rng.choice(s.legal_actions()))
    assert state.current_player() == -4 and state.legal_actions() == []
    assert any(state.winners()), "someone won"
    line = state.record()
    back = cardtable.load_record(line)
    assert back.history() == state.history() and back.returns() == state.returns()
    path = tmp_path / "game.jsonl"
    path.write_text(line + "\n")
    shown = subprocess.run([binary(), "replay", "--plain", str(path)], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    final = ", ".join(f"{p:g}" for p in state.returns())
    assert f"Final points: {final}" in shown.stdout, shown.stdout[-400:]


@pytest.mark.parametrize("name,rules,house", HOUSE_SAMPLES)
def test_house_rules_play_to_the_end(name, rules, house):
    game = cardtable.Game(name, rules=rules, points=3, house=house)
    state = game.new_state(seed=11)
    player = cardtable.Player(game, "handout", seed=1)
    assert play_out(state, player.act) > 0
    assert state.record()  # writes
    assert cardtable.load_record(state.record()).returns() == state.returns()


def test_an_arena_record_loads_and_plays_on(tmp_path):
    path = tmp_path / "arena.jsonl"
    subprocess.run([binary(), "arena", "teendopanch", "--games", "2", "--lineup", "random,random,random",
                    "--record", str(path)], check=True, capture_output=True, timeout=60)
    first = path.read_text().splitlines()[0]
    state = cardtable.load_record(first)
    assert state.is_over()
    assert state.history() == [state.action_id(json.dumps(a) if isinstance(a, dict) else a)
                               for a in json.loads(first)["actions"]]


def test_actions_by_number_and_by_name_are_the_same():
    state = cardtable.Game("euchre").new_state(seed=1)
    names = state.legal_action_names()
    assert names[0] == "Pass"
    assert [state.action_id(n) for n in names] == state.legal_actions()
    twin = state.clone()
    state.apply(names[1])
    twin.apply(twin.legal_actions()[1])
    assert state.history() == twin.history()


def test_the_documented_numbering():
    """docs/PYTHON.md: Euchre 78 + card plays a card; the jack of hearts is card 37."""
    state = cardtable.Game("euchre").new_state(seed=1)
    assert state.action_name(78 + 37) == '{"Play":"JH"}'
    assert state.action_name(0) == "Pass"
    straights = cardtable.Game("straights").new_state(seed=1)
    assert straights.action_name(1 + 37) == '{"Play":"JH"}'
    tdp = cardtable.Game("teendopanch").new_state(seed=1)
    assert tdp.action_name(109 + 37) == '{"Play":"JH"}'


def test_bad_calls_raise_clear_exceptions():
    game = cardtable.Game("euchre", points=1)
    state = game.new_state(seed=2)
    illegal = next(a for a in range(game.num_actions) if a not in state.legal_actions())
    before = state.history()
    with pytest.raises(cardtable.IllegalActionError, match="not legal now"):
        state.apply(illegal)
    with pytest.raises(cardtable.IllegalActionError, match="not an action"):
        state.apply(-3)
    with pytest.raises(cardtable.IllegalActionError):
        state.apply(3.5)
    with pytest.raises(ValueError, match="seat 9"):
        state.observation(9)
    with pytest.raises(cardtable.ChanceNodeError):
        state.deal_card(0)
    assert state.history() == before, "a refusal changes nothing"
    play_out(state, lambda s: s.legal_actions()[0])
    with pytest.raises(cardtable.GameOverError):
        state.apply(0)
    with pytest.raises(ValueError, match="rules"):
        cardtable.Game("euchre", rules="bridge")
    with pytest.raises(ValueError, match="chess"):
        cardtable.Game("chess")
    with pytest.raises(ValueError):
        cardtable.Game("euchre", house=["alone=maybe"])
    with pytest.raises(ValueError):
        cardtable.load_record('{"game": "euchre"}')
    with pytest.raises(ValueError):
        cardtable.Player(game, "grandmaster")


def test_a_deal_card_by_card_is_a_chance_node_and_replays():
    game = cardtable.Game("teendopanch", points=2)
    state = game.new_state(chance="card")
    assert state.is_chance_node() and len(state.chance_outcomes()) == 30
    with pytest.raises(cardtable.ChanceNodeError):
        state.apply(0)
    with pytest.raises(cardtable.ChanceNodeError):
        state.deal_card(3)  # the two of diamonds (0 × 4 + 3) is not in the 30-card pack
    rng = random.Random(5)
    while not state.is_over():
        if state.is_chance_node():
            state.deal_card(rng.choice(state.chance_outcomes()))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert cardtable.load_record(state.record()).returns() == state.returns()


def test_a_prescribed_deal_is_dealt():
    """The pack in the order given: with a prescribed deal the hands are set by it."""
    pack = ["9S", "TS", "JS", "QS", "KS", "AS", "9H", "TH", "JH", "QH", "KH", "AH",
            "9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD", "JD", "QD", "KD", "AD"]
    game = cardtable.Game("euchre")
    one, two = game.new_state(seed=1, deals=[pack]), game.new_state(seed=2, deals=[pack])
    assert all((one.observation(s) == two.observation(s)).all() for s in range(4))
    with pytest.raises(ValueError):
        game.new_state(deals=[pack[:-1]])


@pytest.mark.parametrize("name,rules", VARIANTS)
def test_a_seats_tensor_does_not_change_when_what_it_cannot_see_does(name, rules):
    game = cardtable.Game(name, rules=rules)
    state = game.new_state(seed=9)
    rng = random.Random(9)
    for _ in range(rng.randrange(5, 40)):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(game.seats):
        other = state.resample(seat, seed=seat + 1)
        assert np.array_equal(state.observation(seat), other.observation(seat))
        assert state.information_state_string(seat) == other.information_state_string(seat)
        assert json.loads(state.observation_string(seat)) == json.loads(other.observation_string(seat))


def test_the_layout_adds_up():
    for g in cardtable.catalogue():
        game = cardtable.Game(g["name"])
        layout = game.observation_layout
        assert sum(length for _, length, _ in layout) == game.observation_len
        assert [name for name, _, _ in layout][:3] == ["hand", "face_down", "played"]


@pytest.mark.parametrize("name", ["euchre", "straights", "teendopanch"])
def test_the_five_named_levels_play_every_game(name):
    levels = ["beginner", "easy", "medium", "hard", "expert"]
    listed = next(g for g in cardtable.catalogue() if g["name"] == name)["players"]
    assert [p for p in listed if p in levels] == levels
    game = cardtable.Game(name, points=2)
    for level in levels:
        state = game.new_state(seed=3)
        player = cardtable.Player(game, level, seed=1)
        assert player.name == level
        assert play_out(state, player.act) > 0, level
        assert state.is_over()
