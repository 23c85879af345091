#!/usr/bin/env bash
# The edge measured: each given `cardtable` binary serves a fresh SQLite file on loopback
# with its default limits, and crates/server/examples/load.rs plays against it
#   1. TABLES tables at machine speed (think 0), with the server's resident memory;
#   2. NORMAL tables whose person acts 100 ms after its turn comes, alone;
#   3. the same with three addresses flooding (FLOOD=1: `list` as fast as it can, opening
#      connections, creating tables).
# Every client connects from its own 127.x.y.z address. Usage, after
# `cargo build --release -p cardtable -p cardtable-server --example load`:
#   scripts/edge_load.sh [BINARY…]   (default: target/release/cardtable)
# TABLES (1000), NORMAL (20) and SECONDS (6; 20 for step 1) are read from the environment.
. "$(dirname "$0")/serving.sh"
tables=${TABLES:-1000}
normal=${NORMAL:-20}
seconds=${SECONDS_EACH:-6}

# Serves with binary $1 on a fresh database; sets $address and $pid.
start() {
  local data
  data=$(mktemp -d)
  "$1" serve --listen 127.0.0.1:0 --data "$data/db.sqlite" >"$data/out" 2>/dev/null &
  pid=$!
  await_address "$data/out" 50
}


for binary in "$@"; do
  echo "== $binary"
  start "$binary"
  echo -n "load:   "; "$load" "$address" "$tables" 20 0 "$pid"
  stop
  start "$binary"
  echo -n "normal: "; "$load" "$address" "$normal" "$seconds" 100
  stop
  start "$binary"
  echo -n "flood:  "; FLOOD=1 "$load" "$address" "$normal" "$seconds" 100
  stop
done
