"""Sweeps over Ray: each player kind against a baseline, under each set of house rules,
each cell played as Ray tasks that each run a chunk of games in Rust (cardtable's arena,
one thread a task), gathered into a table with 95% intervals.

    python -m cardtable.sweep --game euchre --players random,handout,strong:8 \\
        --house "" "alone=off" --chunks 4 --games 200 --csv sweep.csv --plot sweep.png

On a laptop it starts a local Ray (``ray.init()``); ``--address ray://host:10001`` (or
``auto``) runs on a cluster. The player under test sits in seat 0 (and its partner's seat
in a partnership game), the baseline everywhere else; a cell's win rate is seat 0's, with
its Wilson interval over every game of the cell, and its points a hand come with a normal
interval over the chunks.
"""
import argparse
import csv
import itertools
import json
import math
import sys

import cardtable

Z95 = 1.959963984540054


def wilson(wins, games):
    """The Wilson score interval of `wins` out of `games` at 95%."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def lineup(game, player, baseline):
    """`player` in seat 0 and its partners' seats (the game's own teams), `baseline` in
    the others."""
    partners = next(set(team) for team in game.teams if 0 in team)
    return ",".join(player if s in partners else baseline for s in range(game.seats))


def chunk(name, rules, points, house, line, games, seed):
    """One chunk: the arena's report of `games` games (what a Ray task runs)."""
    game = cardtable.Game(name, rules=rules, points=points, house=house)
    return json.loads(cardtable.arena(game, line, games, seed=seed, threads=1))


def run(game="euchre", rules=None, points=10, players=("random", "handout", "strong"), baseline="handout",
        house_sets=((),), chunks=4, games=100, seed=0, address=None, progress=True, num_cpus=None):
    """The sweep's rows (dicts), one per player kind and house-rule set."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    task = ray.remote(num_cpus=1)(chunk)
    cells, pending = {}, {}
    probe = cardtable.Game(game, rules=rules, points=points)
    for player, house in itertools.product(players, house_sets):
        line = lineup(probe, player, baseline)
        cells[(player, tuple(house))] = []
        for c in range(chunks):
            ref = task.remote(game, rules, points, list(house), line, games, seed * 1_000_003 + c)
            pending[ref] = (player, tuple(house))
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=len(pending), desc="chunks", file=sys.stderr)
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            cells[pending.pop(ref)].append(ray.get(ref))
            if bar:
                bar.update(1)
    if bar:
        bar.close()
    return [_row(player, house, reports) for (player, house), reports in cells.items()]


def _row(player, house, reports):
    wins = sum(r["seats"][0]["wins"] for r in reports)
    played = sum(r["games"] for r in reports)
    low, high = wilson(wins, played)
    per_hand = [r["seats"][0]["points_per_hand"] for r in reports]
    mean = sum(per_hand) / len(per_hand)
    spread = 0.0
    if len(per_hand) > 1:
        sd = math.sqrt(sum((x - mean) ** 2 for x in per_hand) / (len(per_hand) - 1))
        spread = Z95 * sd / math.sqrt(len(per_hand))
    return {
        "player": player, "house": ",".join(house), "games": played, "wins": wins,
        "win_rate": wins / played if played else 0.0, "win_rate_low": low, "win_rate_high": high,
        "points_per_hand": mean, "points_per_hand_low": mean - spread, "points_per_hand_high": mean + spread,
        "hands": sum(r["hands"] for r in reports),
    }


def plot(rows, path):
    """Win rates with their intervals, one bar per row."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r['player']}\n{r['house'] or 'as played'}" for r in rows]
    rates = [r["win_rate"] for r in rows]
    errors = [[r["win_rate"] - r["win_rate_low"] for r in rows], [r["win_rate_high"] - r["win_rate"] for r in rows]]
    fig, ax = plt.subplots(figsize=(max(4, 1.2 * len(rows)), 3.5))
    ax.bar(range(len(rows)), rates, yerr=errors, capsize=4)
    ax.set_xticks(range(len(rows)), labels, fontsize=8)
    ax.set_ylabel("seat 0 win rate (95% interval)")
    ax.set_ylim(0, 1)
    fig.tight_layout()
    fig.savefig(path)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m cardtable.sweep", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--points", type=int, default=10)
    parser.add_argument("--players", default="random,handout,strong", help="comma-separated player kinds under test")
    parser.add_argument("--baseline", default="handout")
    parser.add_argument("--house", nargs="*", default=[""], help='house-rule sets, each "a=x,b=y" ("" for none)')
    parser.add_argument("--chunks", type=int, default=4, help="Ray tasks per cell")
    parser.add_argument("--games", type=int, default=100, help="games per task")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help="a Ray cluster (auto, ray://host:port); none starts a local Ray")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs for a local Ray")
    parser.add_argument("--csv", default=None)
    parser.add_argument("--json", default=None)
    parser.add_argument("--plot", default=None, help="a PNG of the win rates")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.chunks < 1 or args.games < 1:
        parser.error("--chunks and --games must be at least 1")
    house_sets = [tuple(r for r in h.split(",") if r) for h in args.house]
    try:
        for house in house_sets:
            cardtable.Game(args.game, rules=args.rules, points=args.points, house=list(house))
        players = [p for p in args.players.split(",") if p]
        for p in players + [args.baseline]:
            cardtable.Player(args.game, p)
    except (ValueError, cardtable.CardtableError) as e:
        parser.error(str(e))
    rows = run(args.game, args.rules, args.points, players, args.baseline, house_sets, args.chunks, args.games,
               args.seed, args.address, not args.quiet, args.num_cpus)
    print(f"{'player':<12} {'house':<24} {'games':>6} {'win rate':>9} {'95% interval':>16} {'pts/hand':>9}")
    for r in rows:
        interval = f"[{r['win_rate_low']:.3f}, {r['win_rate_high']:.3f}]"
        print(f"{r['player']:<12} {r['house'] or '-':<24} {r['games']:>6} {r['win_rate']:>9.3f} {interval:>16} "
              f"{r['points_per_hand']:>9.3f}")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    if args.plot:
        plot(rows, args.plot)


if __name__ == "__main__":
    main()
