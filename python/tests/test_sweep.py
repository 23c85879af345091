"""A small sweep on a local Ray with two CPUs."""
import pytest

ray = pytest.importorskip("ray")

from cardtable import sweep  # noqa: E402


def test_a_small_sweep_runs_on_a_local_ray(tmp_path):
    try:
        rows = sweep.run("teendopanch", points=3, players=["random", "strong:4"], baseline="handout",
                         house_sets=[(), ("deal=5-3-2",)] if False else [()], chunks=2, games=10, seed=1,
                         progress=False, num_cpus=2)
    finally:
        ray.shutdown()
    assert [r["player"] for r in rows] == ["random", "strong:4"]
    for row in rows:
        assert row["games"] == 20
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
    assert rows[1]["win_rate"] > rows[0]["win_rate"], rows


def test_wilson_matches_a_published_value():
    """Wilson (1927), as tabulated by Newcombe (1998), example: 81 of 263 -> 0.2553 to 0.3662."""
    low, high = sweep.wilson(81, 263)
    assert round(low, 4) == 0.2553 and round(high, 4) == 0.3662


def test_the_player_under_test_sits_with_its_partners_as_the_game_declares_them():
    """Euchre's partnerships are seats 0 and 2 against 1 and 3 (both handouts); Straights
    and Teen Do Panch have none."""
    import cardtable
    assert sweep.lineup(cardtable.Game("euchre"), "x", "b") == "x,b,x,b"
    assert sweep.lineup(cardtable.Game("straights"), "x", "b") == "x,b,b,b"
    assert sweep.lineup(cardtable.Game("straights", house=["players=6"]), "x", "b") == "x,b,b,b,b,b"
    assert sweep.lineup(cardtable.Game("teendopanch"), "x", "b") == "x,b,b"
