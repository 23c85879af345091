"""Trains the learned Euchre player's bidding network, the whole pipeline in one command:

    python -m cardtable.train --rules eecs280 --seed 2 \\
        --out games/euchre/models/bids-eecs280.json --log train.log

1. **Samples**, as Ray tasks (a local Ray of ``--num-cpus`` processors, or ``--address``
   for a cluster): each task plays ``--games`` games of strong players in Rust and plays
   every bid near passing on from the real deal (``cardtable._cardtable.euchre_bid_samples``),
   giving the network's inputs for each bid and what it brought over passing.
2. **Fitting**: a linear model (the default, ``--hidden 0``) or a small network of
   ``--hidden`` tanh units, fitted to what the bids brought by full-batch Adam on the squared
   error, in NumPy. The decisions of every fifth task are held out.
3. **Figures**, logged as it goes: the squared error on held-out bids, and the held-out
   *bidding value* — on each held-out decision, what the bid the network picks (or
   passing) brought, against the strong player's own rule (a bid's estimate less 0.3)
   and against always passing: the strength curve by training step.
4. **The file**: the network as JSON (format ``cardtable-network``, version 1), with the
   training's seed, sizes and figures, read by the Rust player (``euchre::players::Learned``).

The same arguments give the same file: the samples come from seeded Rust, the split
and the fitting from a seeded NumPy generator. ``--shuffle-labels`` trains on what the
bids brought shuffled among them, a network that can have learned nothing (the tests'
check that the pipeline can fail).
"""
import argparse
import json
import sys
import time

import numpy as np

import cardtable
from cardtable import _cardtable

#: The strong player's own bidding rule: a bid must promise this much over passing.
EXPERT_MARGIN = 0.3
#: Every this-many-th task's decisions are held out.
HOLD_OUT_EVERY = 5


def chunk(rules, seed, games, against, samples, play_on, points, policy=None):
    """One task: the samples of `games` games (decision numbers, inputs, brought)."""
    return _cardtable.euchre_bid_samples(rules, seed, games, against=against, samples=samples,
                                         play_on=play_on, points=points, policy=policy)


def gather(args, log):
    """Runs the sampling tasks on Ray; the samples of each task, in task order."""
    import ray

    if not ray.is_initialized():
        ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False,
                 log_to_driver=False)
    task = ray.remote(num_cpus=1)(chunk)
    seeds = [args.seed * 1_000_003 + i for i in range(args.chunks)]
    policy = open(args.policy).read() if args.policy else None
    refs = {task.remote(args.rules, s, args.games, args.against, args.samples, args.play_on,
                        args.points, policy): i for i, s in enumerate(seeds)}
    results = [None] * args.chunks
    bar = progress(args.chunks, "sampling", args.progress)
    started = time.time()
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        i = refs[done[0]]
        results[i] = ray.get(done[0])
        bar.update(1)
        log({"event": "chunk", "chunk": i, "bids": int(len(results[i][2])),
             "seconds": round(time.time() - started, 1)})
    bar.close()
    return results


def progress(total, what, shown):
    """A tqdm bar when asked for and installed, else a stand-in that shows nothing."""
    if shown:
        try:
            from tqdm import tqdm
            return tqdm(total=total, desc=what, file=sys.stderr)
        except ImportError:
            pass

    class Quiet:
        def update(self, _):
            pass

        def close(self):
            pass

    return Quiet()


def split(results):
    """The samples as arrays, with each decision numbered across tasks, and whether each
    is held out (every HOLD_OUT_EVERY-th task's)."""
    decisions, inputs, brought, held = [], [], [], []
    offset = 0
    for i, (d, x, y) in enumerate(results):
        decisions.append(d.astype(np.int64) + offset)
        offset += int(d.max()) + 1 if len(d) else 0
        inputs.append(x)
        brought.append(y)
        held.append(np.full(len(y), i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1))
    return (np.concatenate(decisions), np.concatenate(inputs), np.concatenate(brought),
            np.concatenate(held))


def bidding_value(decisions, brought, scores):
    """What bidding by `scores` brings a decision on average over passing: at each
    decision the bid with the highest score if above 0 (else passing, which brings 0)."""
    best = {}
    for d, s, y in zip(decisions.tolist(), scores.tolist(), brought.tolist()):
        if s > 0 and (d not in best or s > best[d][0]):
            best[d] = (s, y)
    count = len(set(decisions.tolist()))
    return sum(y for _, y in best.values()) / max(count, 1)


def fit(x, y, hidden, steps, rate, l2, rng, every, report):
    """A network fitted to (x, y): standardized inputs, `hidden` tanh units (0: linear),
    one output; full-batch Adam on the mean squared error plus `l2` times the squared
    weights. Calls `report(step, layers)` every `every` steps and at the end."""
    n, k = x.shape
    sizes = [k, hidden, 1] if hidden else [k, 1]
    params = []
    for a, b in zip(sizes, sizes[1:]):
        params.append(rng.normal(0, 1 / np.sqrt(a), (b, a)))
        params.append(np.zeros(b))
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    for step in range(1, steps + 1):
        grads = gradients(params, x, y, l2)
        for i, g in enumerate(grads):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= rate * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
        if step % every == 0 or step == steps:
            report(step, params)
    return params


def forward(params, x):
    """The network's outputs for the standardized rows `x`, and each layer's outputs."""
    outs = [x]
    for i in range(0, len(params), 2):
        z = outs[-1] @ params[i].T + params[i + 1]
        outs.append(np.tanh(z) if i + 2 < len(params) else z)
    return outs[-1][:, 0], outs


def gradients(params, x, y, l2):
    """The gradient of the mean squared error (plus the weights' penalty)."""
    pred, outs = forward(params, x)
    delta = (2 * (pred - y) / len(y))[:, None]
    grads = [None] * len(params)
    for i in range(len(params) - 2, -1, -2):
        grads[i] = delta.T @ outs[i // 2] + 2 * l2 * params[i]
        grads[i + 1] = delta.sum(axis=0)
        if i > 0:
            delta = (delta @ params[i]) * (1 - outs[i // 2] ** 2)
    return grads


def network_file(names, mean, scale, params, training):
    """The network as the JSON the Rust player reads."""
    layers = []
    for i in range(0, len(params), 2):
        last = i + 2 >= len(params)
        layers.append({"weights": params[i].tolist(), "bias": params[i + 1].tolist(),
                       "activation": "linear" if last else "tanh"})
    return {"format": "cardtable-network", "version": 1, "inputs": list(names),
            "mean": mean.tolist(), "scale": scale.tolist(), "layers": layers, "training": training}


def train(args, log=print):
    """The whole pipeline; the network file's contents."""
    started = time.time()
    names = _cardtable.euchre_bid_inputs()
    if args.samples_from:
        with np.load(args.samples_from) as saved:
            decisions, x, y, held = (saved[k] for k in ("decisions", "inputs", "brought", "held"))
    else:
        decisions, x, y, held = split(gather(args, log))
    if args.save_samples:
        np.savez_compressed(args.save_samples, decisions=decisions, inputs=x, brought=y, held=held)
    rng = np.random.default_rng(args.seed)
    # What the network is fitted to; the held-out figures always read the true outcomes.
    labels = rng.permutation(y) if args.shuffle_labels else y
    sampled = round(time.time() - started, 1)
    train_rows, test_rows = ~held, held
    mean = x[train_rows].mean(axis=0)
    scale = x[train_rows].std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = (x - mean) / scale
    estimate = x[:, names.index("estimate")]
    baseline = {
        "expert_rule": bidding_value(decisions[test_rows], y[test_rows],
                                     estimate[test_rows] - EXPERT_MARGIN),
        "best_possible": bidding_value(decisions[test_rows], y[test_rows], y[test_rows]),
    }
    log({"event": "samples", "bids": int(len(y)), "decisions": int(len(set(decisions.tolist()))),
         "held_out_bids": int(test_rows.sum()), "seconds": sampled, **baseline})
    curve = []

    def report(step, params):
        pred, _ = forward(params, xs)
        point = {"event": "step", "step": step,
                 "train_error": float(np.mean((pred[train_rows] - labels[train_rows]) ** 2)),
                 "held_out_error": float(np.mean((pred[test_rows] - y[test_rows]) ** 2)),
                 "held_out_bidding": bidding_value(decisions[test_rows], y[test_rows], pred[test_rows])}
        curve.append(point)
        log(point)

    params = fit(xs[train_rows], labels[train_rows], args.hidden, args.steps, args.rate, args.l2, rng,
                 max(args.steps // 20, 1), report)
    training = {"rules": args.rules, "against": args.against, "seed": args.seed,
                "chunks": args.chunks, "games_per_chunk": args.games, "samples": args.samples,
                "play_on": args.play_on, "points": args.points, "hidden": args.hidden,
                "policy": args.policy,
                "steps": args.steps, "rate": args.rate, "l2": args.l2,
                "shuffled_labels": args.shuffle_labels, "bids": int(len(y)),
                "held_out": {**baseline, **{k: v for k, v in curve[-1].items() if k != "event"}},
                "seconds": round(time.time() - started, 1)}
    log({"event": "done", **training})
    return network_file(names, mean, scale, params, training)


def parser():
    p = argparse.ArgumentParser(prog="python -m cardtable.train", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rules", default="eecs280", choices=["eecs280", "cs246"])
    p.add_argument("--against", default="strong", choices=["strong", "handout"],
                   help="who sits against the strong players whose bids are recorded")
    p.add_argument("--points", type=int, default=10, help="points to win a game")
    p.add_argument("--chunks", type=int, default=150, help="sampling tasks")
    p.add_argument("--games", type=int, default=10, help="games a task")
    p.add_argument("--samples", type=int, default=96, help="deals the strong players sample a decision")
    p.add_argument("--play-on", type=int, default=32, help="deals a decision while a bid is played on")
    p.add_argument("--policy", default=None,
                   help="a network file the strong players bid by while sampling (training on the "
                        "learned player's own play; default: the strong player's rule)")
    p.add_argument("--hidden", type=int, default=0, help="tanh units (0: a linear model)")
    p.add_argument("--steps", type=int, default=600)
    p.add_argument("--rate", type=float, default=0.02)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--shuffle-labels", action="store_true",
                   help="train on shuffled outcomes: a network that learned nothing")
    p.add_argument("--address", default=None, help="a Ray cluster (default: start a local one)")
    p.add_argument("--num-cpus", type=int, default=None, help="processors of the local Ray")
    p.add_argument("--save-samples", default=None, help="also keep the samples here (.npz)")
    p.add_argument("--samples-from", default=None,
                   help="fit to samples kept by --save-samples instead of playing new ones")
    p.add_argument("--out", required=True, help="where to write the network (JSON)")
    p.add_argument("--log", default=None, help="also write each figure as a JSON line here")
    p.add_argument("--no-progress", dest="progress", action="store_false")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    if args.chunks < HOLD_OUT_EVERY:
        parser().error(f"--chunks must be at least {HOLD_OUT_EVERY}: every {HOLD_OUT_EVERY}th is held out")
    logfile = open(args.log, "w") if args.log else None

    def log(record):
        line = json.dumps(record)
        print(line, file=sys.stderr)
        if logfile:
            print(line, file=logfile, flush=True)

    network = train(args, log)
    with open(args.out, "w") as f:
        json.dump(network, f, indent=1)
        f.write("\n")
    if logfile:
        logfile.close()


if __name__ == "__main__":
    main()
