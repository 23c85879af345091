"""Random-play speed of the cardtable package beside its references, in one run.

    "$(scripts/python.sh)" python/bench/bench.py [--seconds 3] [--batch 1024] [--json]

For each game: hands per second of uniformly random play through the batched API (the
random choices made in Rust, and made in NumPy from the legal-action masks with every
observation written: `uniform_legal`, one random number a game), through per-step calls
on one State from Python, and through the arena (`cardtable arena GAME --hands N
--threads 1`, the same cores with no Python); for Euchre also OpenSpiel's C++ `euchre` through pyspiel, random actions and chance outcomes
chosen in Python. Everything runs on one thread; each figure is the best of three runs
of about `--seconds`.
"""
import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import time

import numpy as np

import cardtable

ROOT = pathlib.Path(__file__).resolve().parents[2]


def timed(run, seconds):
    """Best hands per second of three runs of `run(deadline) -> hands`."""
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        hands = run(start + seconds)
        best = max(best, hands / (time.perf_counter() - start))
    return best


def batched_rust(game, n):
    def run(deadline):
        batch = cardtable.Batch(game, n, seed=1, episode="hand")
        player = cardtable.Player(game, "random", seed=1)
        while time.perf_counter() < deadline:
            for _ in range(16):
                batch.step_player(player)
        return batch.episodes
    return run


def uniform_legal(mask, rng):
    """One legal action a row of `mask`, uniformly at random: the legal actions' places
    in the flattened mask, each row's count and first place, and a random one of each
    row's. Draws one number a game, where weighting random numbers by the mask and taking
    each row's largest draws one for every action of every game."""
    legal = np.flatnonzero(mask)
    counts = np.count_nonzero(mask, axis=1)
    firsts = np.cumsum(counts) - counts
    chosen = legal[firsts + (rng.random(len(counts)) * counts).astype(np.int64)]
    return chosen - np.arange(len(counts)) * mask.shape[1]


def batched_numpy(game, n):
    def run(deadline):
        batch = cardtable.Batch(game, n, seed=1, episode="hand")
        rng = np.random.default_rng(1)
        while time.perf_counter() < deadline:
            for _ in range(16):
                _, obs, mask = batch.current()
                batch.step(uniform_legal(mask, rng))
        return batch.episodes
    return run


def per_step(game):
    def run(deadline):
        rng = random.Random(1)
        hands, seed = 0, 0
        while time.perf_counter() < deadline:
            state = game.new_state(seed=seed)
            seed += 1
            while state.hands() == 0 and not state.is_over():
                state.apply(rng.choice(state.legal_actions()))
            hands += 1
        return hands
    return run


def openspiel_euchre():
    import pyspiel
    os_game = pyspiel.load_game("euchre")

    def run(deadline):
        rng = random.Random(1)
        hands = 0
        while time.perf_counter() < deadline:
            state = os_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            hands += 1
        return hands
    return run


def arena(name, seats, hands, binary):
    lineup = ",".join(["random"] * seats)
    best = 0.0
    for _ in range(3):
        out = subprocess.run([binary, "arena", name, "--hands", str(hands), "--lineup", lineup, "--threads", "1",
                              "--json"], check=True, capture_output=True, text=True).stdout
        best = max(best, json.loads(out)["hands_per_second"])
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bin", default=os.environ.get("CARDTABLE_BIN", str(ROOT / "target/release/cardtable")))
    args = parser.parse_args()
    rows = []
    for name in ["euchre", "straights", "teendopanch"]:
        game = cardtable.Game(name)
        row = {"game": name}
        row["batched_rust"] = timed(batched_rust(game, args.batch), args.seconds)
        row["batched_numpy"] = timed(batched_numpy(game, args.batch), args.seconds)
        row["per_step"] = timed(per_step(game), args.seconds)
        row["arena"] = arena(name, game.seats, int(max(row["batched_rust"], 1000) * args.seconds), args.bin)
        if name == "euchre":
            row["openspiel"] = timed(openspiel_euchre(), args.seconds)
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"random hands per second, one thread (batch of {args.batch}; best of 3 runs of {args.seconds:g} s)")
    print(f"{'game':<12} {'batched, Rust':>14} {'batched, NumPy':>15} {'per step':>10} {'arena':>10} {'OpenSpiel':>10}")
    for r in rows:
        os_rate = f"{r['openspiel']:>10.0f}" if "openspiel" in r else f"{'-':>10}"
        print(f"{r['game']:<12} {r['batched_rust']:>14.0f} {r['batched_numpy']:>15.0f} {r['per_step']:>10.0f} "
              f"{r['arena']:>10.0f} {os_rate}")
    for r in rows:
        ratio = r["arena"] / r["batched_rust"]
        line = f"{r['game']}: arena / batched (Rust choices) = {ratio:.2f}"
        if "openspiel" in r:
            line += f"; batched (Rust) / OpenSpiel = {r['batched_rust'] / r['openspiel']:.1f}, "
            line += f"batched (NumPy) / OpenSpiel = {r['batched_numpy'] / r['openspiel']:.1f}"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
