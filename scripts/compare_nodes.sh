#!/usr/bin/env bash
# The node's CPU an accepted action at 10,000 tables (step 4 of scripts/nodes_bench.sh,
# its SQLite part alone) through two or more `cardtable` binaries in turn: one node on
# both cores holding TABLES (10,000) tables whose person acts 2–5 s after its turn, measured
# SECONDS_EACH (30) s after WARMUP (60) s, with the same load client for every binary
# (LOAD, default target/release/examples/load).
# Give the binaries alternated (OLD NEW OLD NEW …): only same-session pairs compare, since
# runs of one binary differ by up to 15% on a shared machine.
# Usage, after `cargo build --release -p cardtable --bin cardtable` and
# `cargo build --release -p cardtable-server --example load` (one command with `--example`
# builds only the examples), with paths from the repository's root or absolute:
#   scripts/compare_nodes.sh /tmp/old/cardtable target/release/cardtable /tmp/old/cardtable target/release/cardtable
. "$(dirname "$0")/serving.sh"
load=${LOAD:-$load}
tables=${TABLES:-10000} seconds=${SECONDS_EACH:-30}
ulimit -n "$(ulimit -Hn)"
for binary in "$@"; do
  work=$(mktemp -d)
  taskset -c 0-1 "$binary" serve --listen 127.0.0.1:0 --data "$work/big.sqlite" \
    --max-connections $((tables + 100)) --messages-per-second 100000 --message-burst 100000 \
    --tables-per-minute 100000 >"$work/out" 2>/dev/null &
  pid=$!
  await_address "$work/out" 100
  echo "== $binary"
  WARMUP=${WARMUP:-60} THINK_SPREAD=1500 "$load" "$address" "$tables" "$seconds" 3500 "$pid" | tee "$work/load.out"
  # CPU an accepted action: the server's cores over its accepted actions a second.
  rate=$(sed -n 's/.*accepted actions (\([0-9]*\)\/s).*/\1/p' "$work/load.out")
  cores=$(sed -n 's/.*server CPU \([0-9.]*\) cores.*/\1/p' "$work/load.out")
  awk -v r="$rate" -v c="$cores" 'BEGIN {printf "  node CPU an accepted action: %.1f µs (%.2f cores / %d actions/s)\n", c / r * 1e6, c, r}'
  stop
  rm -rf "$work"
done
