#!/usr/bin/env python3
"""Duplicate Euchre between cardtable's players and OpenSpiel's bots, hand by hand.

Every deal is played twice with the partnerships' seats swapped: the "home" player
(a cardtable player by its catalogue name: strong, strong:N, handout, random) in seats 0
and 2, then 1 and 3; the "away" player in the others: OpenSpiel's ISMCTS (`ismcts`),
OpenSpiel's uniform random bot (`os-random`) or another cardtable player. OpenSpiel's own
`euchre` game runs beside cardtable's core (the `cardtable` Python package, built from
this checkout), and before every decision both sides must agree on the seat to act and
its legal actions, and at the end on the points scored: a difference stops the run.

Rules: EECS 280 (stick the dealer, no going alone; OpenSpiel asks every maker whether to
go alone, and the harness answers "with partner" for it). OpenSpiel scores one hand a
game, so each hand is played from love all, seat 0 dealing.

Run (scripts/python.sh makes a virtualenv with the pinned OpenSpiel and the package):
    "$(scripts/python.sh)" scripts/openspiel/duel.py --deals 1000 --away ismcts
Prints a table (or one JSON object with --json): points per hand for home with a 95%
interval, each side's bidding and decision times.
"""
import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time

import numpy as np
import pyspiel

import cardtable

PASS, TRUMP_BASE, ALONE, PARTNER = 24, 25, 29, 30
SUITS = "CDHS"  # OpenSpiel's suit order: trump actions 25..28, card = rank * 4 + suit
RANKS = "9TJQKA"


def card_text(card):
    """OpenSpiel card number -> cardtable's short notation (rank then suit: `TS`)."""
    return RANKS[card // 4] + SUITS[card % 4]


def card_number(text):
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def os_to_bridge(state, action):
    if action == PASS:
        return "pass"
    if TRUMP_BASE <= action < ALONE:
        return "trump:" + SUITS[action - TRUMP_BASE]
    phase = "discard" if state.current_phase() == pyspiel.euchre.Phase.DISCARD else "play"
    return f"{phase}:{card_text(action)}"


def bridge_to_os(text):
    verb, _, rest = text.partition(":")
    if verb == "pass":
        return PASS
    if verb == "trump":
        return TRUMP_BASE + SUITS.index(rest)
    if verb in ("discard", "play"):
        return card_number(rest)
    raise ValueError(f"no OpenSpiel action for {text!r}")


class Mismatch(Exception):
    pass


OPENSPIEL_BOTS = ("ismcts", "os-random")
CARDTABLE_RANKS, CARDTABLE_SUITS = "23456789TJQKA", "SHCD"  # card = rank * 4 + suit


def cardtable_card(index):
    """cardtable's card number -> the short notation (`TS`)."""
    return CARDTABLE_RANKS[index // 4] + CARDTABLE_SUITS[index % 4]


def ct_text(state, action, upcard):
    """A cardtable action number (docs/PYTHON.md's numbering) -> the harness's notation."""
    if action == 0:
        return "pass"
    if action in (1, 2):
        return "trump:" + upcard[1]
    if 3 <= action <= 10:
        return "trump:" + CARDTABLE_SUITS[(action - 3) % 4]
    if 26 <= action < 78:
        return "discard:" + cardtable_card(action - 26)
    return "play:" + cardtable_card(action - 78)


def make_bot(name, seed, sims):
    if name == "ismcts":
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        return pyspiel.ISMCTSBot(seed, evaluator, 2.0, sims, -1,
                                 pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    if name == "os-random":
        return pyspiel.make_uniform_random_bot(0, seed)
    return None


class Table:
    """cardtable's hand, read through the package: each seat's cards and the upcard from
    the observation tensors' blocks (docs/PYTHON.md)."""

    def __init__(self, game, seed):
        self.state = game.new_state(seed=seed)
        offsets, start = {}, 0
        for name, length, _ in game.observation_layout:
            offsets[name] = start
            start += length
        public = self.state.observation()
        at = offsets["phase_card"]
        self.upcard = cardtable_card(int(np.flatnonzero(public[at:at + 52])[0]))
        self.hands = [[cardtable_card(int(c)) for c in np.flatnonzero(self.state.observation(s)[:52])]
                      for s in range(4)]
        self.dealer = next(s for s in range(4) if self.state.observation(s)[offsets["marks"]] == 1)

    def turn(self):
        return None if self.state.hands() > 0 else self.state.current_player()

    def legal(self):
        return sorted(ct_text(self.state, a, self.upcard) for a in self.state.legal_actions())

    def apply_text(self, text):
        for action in self.state.legal_actions():
            if ct_text(self.state, action, self.upcard) == text:
                self.state.apply(action)
                return
        raise Mismatch(f"cardtable does not allow {text}")

    def points(self):
        """What the hand scored for seats 0 and 2 (negative: for 1 and 3)."""
        scores = self.state.returns()
        return int(scores[0] - scores[1])


def os_state(game, dealer, hands, upcard):
    """OpenSpiel's state for cardtable's deal: OpenSpiel deals one card at a time from
    the dealer round, so each seat's next card is given in that order."""
    state = game.new_initial_state()
    state.apply_action(dealer)
    left = [list(h) for h in hands]
    for i in range(20):
        state.apply_action(card_number(left[(dealer + i) % 4].pop(0)))
    state.apply_action(card_number(upcard))
    for seat in range(4):
        held = sorted(card_text(c) for c in range(24) if state.card_holder()[c] == seat)
        if held != sorted(hands[seat]):
            raise Mismatch(f"seat {seat} holds {held} in OpenSpiel, {hands[seat]} in cardtable")
    return state


def check_same(state, table):
    """Both sides agree on the seat to act and its legal actions. The one difference in
    the rules: EECS 280's dealer may put the upcard itself away, OpenSpiel's may not."""
    turn = table.turn()
    if state.current_player() != turn:
        raise Mismatch(f"OpenSpiel's turn {state.current_player()}, cardtable's {turn}")
    legal = sorted(os_to_bridge(state, a) for a in state.legal_actions())
    if state.current_phase() == pyspiel.euchre.Phase.DISCARD:
        legal = sorted(legal + ["discard:" + card_text(state.upcard())])
    if legal != table.legal():
        raise Mismatch(f"seat {turn}: OpenSpiel allows {legal}, cardtable {table.legal()}")


class Unmirrored(Exception):
    """A cardtable player put the upcard itself away, which OpenSpiel's rules forbid."""


def play_hand(env, seed, home_seats):
    """One hand; returns the record of it from the home team's side. OpenSpiel's game
    runs beside cardtable's while an OpenSpiel bot sits at the table."""
    os_game, ct_game, args = env
    table = Table(ct_game, seed)
    state = None
    if args.away in OPENSPIEL_BOTS:
        state = os_state(os_game, table.dealer, table.hands, table.upcard)
    bots = {}
    record = {"seed": seed, "dealer": table.dealer, "home_seats": home_seats, "maker": None,
              "contract": None, "times": {"home": [], "away": []}}
    while table.turn() is not None:
        if state is not None:
            if state.current_phase() == pyspiel.euchre.Phase.GO_ALONE:
                state.apply_action(PARTNER)  # EECS 280: nobody goes alone
                continue
            check_same(state, table)
        seat = table.turn()
        side = "home" if seat in home_seats else "away"
        name = args.home if side == "home" else args.away
        if side == "away" and state is not None and seat not in bots:
            bots[seat] = make_bot(name, seed * 8 + seat, args.sims)
        start = time.perf_counter()
        if seat in bots:
            action = bots[seat].step(state)
            record["times"][side].append((time.perf_counter() - start) * 1e3)
            text = os_to_bridge(state, action)
            table.apply_text(text)
        else:
            player = player_for(seat, name, seed)
            chosen = player.act(table.state)
            record["times"][side].append((time.perf_counter() - start) * 1e3)
            text = ct_text(table.state, chosen, table.upcard)
            table.state.apply(chosen)
            if state is not None:
                action = bridge_to_os(text)
                if action not in state.legal_actions():
                    if text == "discard:" + card_text(state.upcard()):
                        raise Unmirrored(text)
                    raise Mismatch(f"{name} chose {text}, which OpenSpiel does not allow")
        if text.startswith("trump:") and record["maker"] is None:
            record["maker"] = side
            record["contract"] = (seat, text)
        if state is not None:
            state.apply_action(action)
    points = table.points()
    if state is not None and (not state.is_terminal() or state.returns()[0] != points):
        raise Mismatch(f"OpenSpiel's hand ended at {state.returns()}, cardtable's {points}")
    record["points"] = points if 0 in home_seats else -points
    return record


ENV = None
#: The cardtable players of this worker, one per seat and name, kept from deal to deal
#: (the strong player learns what its opponents are as it plays), reseeded each hand.
PLAYERS, SEEDED = {}, {}


def player_for(seat, name, seed):
    """This worker's `name` player for `seat`, drawing from the hand's seed."""
    player = PLAYERS.get((seat, name))
    if player is None:
        player = PLAYERS[(seat, name)] = cardtable.Player(ENV[1], name)
    if SEEDED.get((seat, name)) != seed:
        player.reseed(seed ^ ((seat + 1) << 56))
        SEEDED[(seat, name)] = seed
    return player


def start_worker(args):
    global ENV
    ENV = (pyspiel.load_game("euchre"), cardtable.Game("euchre", rules=args.rules, points=1000), args)


def play_deal(k):
    """Deal k twice, the home team in seats 0 and 2, then in 1 and 3."""
    args = ENV[2]
    seed = args.seed * 1_000_003 + k
    try:
        return [play_hand(ENV, seed, seats) for seats in ((0, 2), (1, 3))]
    except Unmirrored:
        return None


def interval(values):
    n = len(values)
    mean = sum(values) / n
    sd = statistics.stdev(values) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def summary(pairs, args, seconds):
    hands = [h for pair in pairs for h in pair]
    # A duplicate pair is one sample: the home team's points over both seatings, halved.
    mean, half = interval([(a["points"] + b["points"]) / 2 for a, b in pairs])
    sides = {}
    for side in ("home", "away"):
        made = [h for h in hands if h["maker"] == side]
        sign = 1 if side == "home" else -1
        margins = [sign * h["points"] for h in made]
        times = [t for h in hands for t in h["times"][side]]
        sides[side] = {
            "player": args.home if side == "home" else args.away,
            "make_rate": len(made) / len(hands),
            "euchred_rate": sum(m < 0 for m in margins) / max(1, len(made)),
            "makers_margin": sum(margins) / max(1, len(made)),
            "decisions": len(times),
            "ms_median": statistics.median(times) if times else 0.0,
            "ms_mean": sum(times) / len(times) if times else 0.0,
        }
    # Where both seatings reached the same contract (maker's seat and trump), the
    # difference is the card play's alone.
    same = [(a["points"] + b["points"]) / 2 for a, b in pairs if a["contract"] == b["contract"]]
    play_mean, play_half = interval(same) if len(same) > 1 else (0.0, 0.0)
    return {
        "same_contract": {"deals": len(same), "home_points_per_hand": play_mean,
                          "interval95": play_half},
        "rules": args.rules, "deals": len(pairs), "hands": len(hands), "seed": args.seed,
        "sims": args.sims if "ismcts" in (args.home, args.away) else None,
        "home_points_per_hand": mean, "interval95": half,
        "sides": sides, "seconds": seconds,
    }


def print_table(s):
    print(f"{s['deals']} deals played twice ({s['hands']} hands), EECS 280 rules, seed {s['seed']}")
    verdict = ("home ahead" if s["home_points_per_hand"] - s["interval95"] > 0 else
               "away ahead" if s["home_points_per_hand"] + s["interval95"] < 0 else "level")
    print(f"home minus away: {s['home_points_per_hand']:+.3f} ± {s['interval95']:.3f} "
          f"points per hand (95%): {verdict}")
    same = s["same_contract"]
    print(f"  where both seatings reached the same contract ({same['deals']} deals), the card "
          f"play's part: {same['home_points_per_hand']:+.3f} ± {same['interval95']:.3f}")
    print(f"{'side':6} {'player':12} {'make':>6} {'euchred':>8} {'margin':>7} "
          f"{'decisions':>9} {'median ms':>9} {'mean ms':>8}")
    for side, d in s["sides"].items():
        print(f"{side:6} {d['player']:12} {d['make_rate']:6.1%} {d['euchred_rate']:8.1%} "
              f"{d['makers_margin']:+7.2f} {d['decisions']:9} {d['ms_median']:9.2f} "
              f"{d['ms_mean']:8.2f}")
    if s["skipped_deals"]:
        print(f"{s['skipped_deals']} deals left out: a cardtable dealer put the upcard away, "
              "which OpenSpiel's rules do not allow")
    print(f"({s['seconds']:.0f} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--home", default="strong", help="a cardtable player")
    parser.add_argument("--away", default="ismcts",
                        help="ismcts, os-random or a cardtable player")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations a decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rules", default="eecs280", choices=["eecs280"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        with multiprocessing.Pool(args.workers, start_worker, (args,)) as pool:
            played = pool.map(play_deal, range(args.deals), chunksize=4)
    except Mismatch as problem:
        print(f"openspiel_duel: the two games differ: {problem}", file=sys.stderr)
        return 1
    pairs = [p for p in played if p is not None]
    s = summary(pairs, args, time.perf_counter() - start)
    s["skipped_deals"] = len(played) - len(pairs)
    if args.json:
        print(json.dumps(s))
    else:
        print_table(s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
