#!/usr/bin/env bash
# Issue 42's figures, in one run on a throwaway PostgreSQL cluster (scripts/postgres.sh):
#   1. one node on SQLite and 2. one node on PostgreSQL, each pinned to core 0, with the
#      load client (crates/server/examples/load.rs) pinned to core 1: TABLES tables (200;
#      a list such as "200 300 400 600" runs 1-3 for each, to find the most actions/s
#      with p99 under 50 ms) whose person acts at once (THINK 0), for SECONDS_EACH (15)
#      seconds; for 2, the CPU an accepted action costs the node, PostgreSQL and the
#      client, and from that the most this machine's cores can carry with any number
#      of nodes;
#   3. two nodes on PostgreSQL, pinned to cores 0 and 1, the tables opened on each in
#      turn (the load client unpinned: a 2-core machine has no third core);
#   4. one node on SQLite, then on PostgreSQL, holding BIG (10,000) tables whose person
#      acts 2 to 5 s after its turn comes (THINK 3500 ± 1500 ms), computers at machine
#      speed, measured for 30 s after a minute's warm-up, with the server's resident
#      memory per table;
#   5. failover (crates/server/examples/failover.rs): ROUNDS (10) kill -9s of a table's
#      node, with the default 4-second leases and with 10-second ones.
# Usage, after `cargo build --release -p cardtable --bin cardtable` and `cargo build
# --release -p cardtable-server --example load --example failover` (one command with
# `--example` builds the examples alone, not the node): scripts/nodes_bench.sh [BINARY]
. "$(dirname "$0")/serving.sh"
binary=$1
tables=${TABLES:-200}
seconds=${SECONDS_EACH:-15}
big=${BIG:-10000}
rounds=${ROUNDS:-10}
eval "$(scripts/postgres.sh start)"
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; scripts/postgres.sh stop "$CARDTABLE_POSTGRES_DIR"; rm -rf "$work"' EXIT
ulimit -n "$(ulimit -Hn)"
fast=(--messages-per-second 100000 --message-burst 100000 --tables-per-minute 100000)

# A fresh database of the cluster: its URL.
database() {
  psql "$CARDTABLE_POSTGRES_URL" -qtAc "CREATE DATABASE $1" >/dev/null
  echo "${CARDTABLE_POSTGRES_URL%/*}/$1"
}

# Serves on core $1 with the store flags after it; sets $address and $pid.
node() {
  local core=$1 out="$work/out.$RANDOM"
  shift
  taskset -c "$core" "$binary" serve --listen 127.0.0.1:0 "$@" "${fast[@]}" >"$out" 2>/dev/null &
  pid=$!
  pids+=("$pid")
  await_address "$out" 100
}

# CPU seconds (user and system) process $1 has spent, with its ended children's when
# $2 is "all".
cpu_seconds() {
  awk -v all="${2:-}" -v hz="$(getconf CLK_TCK)" \
    '{t = $14 + $15; if (all) t += $16 + $17; printf "%.2f\n", t / hz}' "/proc/$1/stat"
}

# The cluster's CPU seconds: the postmaster's, its ended children's and its live ones'.
postgres_seconds() {
  local main
  main=$(head -1 "$CARDTABLE_POSTGRES_DIR/data/postmaster.pid")
  {
    cpu_seconds "$main" all
    for child in $(pgrep -P "$main"); do cpu_seconds "$child" 2>/dev/null || true; done
  } | awk '{s += $1} END {printf "%.2f\n", s}'
}

# What one accepted action ($1 of them) cost the node ($2 CPU seconds), PostgreSQL ($3)
# and the load client ($4), and so the most actions a second this machine's cores can
# carry, however many nodes share the work: all the cores over the three costs together.
per_action() {
  awk -v a="$1" -v n="$2" -v g="$3" -v c="$4" -v k="$(nproc)" 'BEGIN {
    n /= a; g /= a; c /= a
    printf "  CPU an accepted action: node %.1f µs, PostgreSQL %.1f µs, load client %.1f µs;", n * 1e6, g * 1e6, c * 1e6
    printf " %d cores carry at most %.0f actions/s, however many nodes\n", k, k / (n + g + c)
  }'
}

for count in $tables; do
  echo "== 1. one node, SQLite, $count tables"
  node 0 --data "$work/one.$count.sqlite"
  taskset -c 1 "$load" "$address" "$count" "$seconds" 0 "$pid"
  stop

  echo "== 2. one node, PostgreSQL, $count tables"
  node 0 --store "$(database one_$count)"
  node_before=$(cpu_seconds "$pid") postgres_before=$(postgres_seconds)
  /usr/bin/time -f "%U %S" -o "$work/load.time" \
    taskset -c 1 "$load" "$address" "$count" "$seconds" 0 "$pid" | tee "$work/load.out"
  node_spent=$(awk -v a="$(cpu_seconds "$pid")" -v b="$node_before" 'BEGIN {print a - b}')
  postgres_spent=$(awk -v a="$(postgres_seconds)" -v b="$postgres_before" 'BEGIN {print a - b}')
  per_action "$(sed -n 's/.*: \([0-9]*\) accepted actions.*/\1/p' "$work/load.out")" \
    "$node_spent" "$postgres_spent" "$(awk '{print $1 + $2}' "$work/load.time")"
  stop

  echo "== 3. two nodes, PostgreSQL, $count tables"
  url=$(database two_$count)
  node 0 --store "$url" --node a
  first=$address first_pid=$pid
  node 1 --store "$url" --node b
  "$load" "$first,$address" "$count" "$seconds" 0
  kill "$first_pid"
  stop
done

for store in sqlite postgres; do
  echo "== 4. one node, $store, $big tables, people acting 2-5 s after their turn"
  if [ $store = sqlite ]; then at=(--data "$work/big.sqlite"); else at=(--store "$(database big)"); fi
  # Both cores for the server (the client takes a third of one), after a minute's
  # warm-up in which the tables open.
  node 0-1 "${at[@]}" --max-connections $((big + 100))
  WARMUP=60 THINK_SPREAD=1500 "$load" "$address" "$big" 30 3500 "$pid"
  echo "  (resident memory per table: the figure above divided by $big)"
  stop
done

echo "== 5. failover"
"$(dirname "$load")/failover" "$binary" "$(database failover4)" "$rounds" 4
"$(dirname "$load")/failover" "$binary" "$(database failover10)" "$rounds" 10
