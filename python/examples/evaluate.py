"""A tutorial that trains nothing: evaluate players at Euchre in a few lines.

    python python/examples/evaluate.py

1. The arena (in Rust): the strong player and its partner against two random players.
2. Your own policy in Python (here: "play the first legal action") in seats 0 and 2
   against the handout player, through the batched API, scored in points per hand.
"""
import json

import numpy as np

import cardtable

game = cardtable.Game("euchre", rules="eecs280", points=10)

# 1. Whole games in Rust: the arena's report, with Wilson 95% intervals.
report = json.loads(cardtable.arena(game, "strong:8,random,strong:8,random", 50, seed=1))
team = report["teams"][0]
print(f"strong vs random: won {team['wins']} of {report['games']} games "
      f"(95% interval {team['win_rate_ci95'][0]:.2f} to {team['win_rate_ci95'][1]:.2f}), "
      f"{team['points_per_hand']:.2f} points a hand")

# 2. A policy of yours, one hand an episode, 256 hands at a time.
batch = cardtable.Batch(game, 256, seed=2, episode="hand")
handout = cardtable.Player(game, "handout", seed=2)
points, hands = np.zeros(2), 0
while hands < 2000:
    players, observations, masks = batch.current()
    mine = (players % 2) == 0                          # seats 0 and 2 are yours
    actions = handout.act_batch(batch)                 # the handout player's choices...
    actions[mine] = masks[mine].argmax(axis=1)         # ...and your first-legal policy's
    rewards, dones = batch.step(actions)
    points += rewards[:, :2].sum(axis=0)               # seat 0's team, seat 1's team
    hands += int(dones.sum())
print(f"first-legal vs handout: {(points[0] - points[1]) / hands:+.3f} points a hand over {hands} hands")
