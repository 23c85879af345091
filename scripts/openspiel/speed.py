#!/usr/bin/env python3
"""Random-play Euchre hands per second in OpenSpiel (its C++ game and C++ random bots,
driven hand by hand through `pyspiel.evaluate_bots`), for the side-by-side figure in
docs/PERFORMANCE.md. Setup and run:
`"$(scripts/python.sh)" scripts/openspiel/speed.py [HANDS]`."""
import sys
import time

import pyspiel

hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
game = pyspiel.load_game("euchre")  # one hand a game: OpenSpiel scores a single hand
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
start = time.perf_counter()
total = 0.0
for seed in range(hands):
    total += pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)[0]
seconds = time.perf_counter() - start
print(f"openspiel euchre: {hands} hands, {hands / seconds:,.0f} hands/s (seat 0 mean {total / hands:+.3f})")
