#!/usr/bin/env bash
# Issue 40's attacks measured, each beside a quiet run, for each given `cardtable` binary
# (default target/release/cardtable; give the old and the new to compare them in one run).
# A store of GAMES (1000) finished public Euchre games of random players to POINTS (100) is
# made once, with the last binary; each run serves a fresh copy of it with the binary's
# default limits, and crates/server/examples/load.rs plays NORMAL (20) tables whose person
# acts 100 ms after its turn comes, for SECONDS_EACH (10) seconds, while one attack runs:
#   quiet    nothing else
#   idle     2,000 TCP sockets that send nothing or half a request line
#   computer tables of four strong:10000 players and no person, one a second
#   games    ten GET /api/games at a time
#   amplify  16 sockets sending `list`, never reading
#   steps    ten GET /api/games/{id}/steps of the longest game at a time
# Every server starts with the common soft limit of 1,024 open files. It reports the
# normal tables' act-to-snapshot p50/p99, /healthz p50/p99 from another
# address, the server's CPU and peak resident memory; and each binary's start-up time and
# resident memory with the store. Usage, after
# `cargo build --release -p cardtable -p cardtable-server --example load`:
#   scripts/edge_attacks.sh [BINARY…]
. "$(dirname "$0")/serving.sh"
normal=${NORMAL:-20}
seconds=${SECONDS_EACH:-10}
games=${GAMES:-1000}
points=${POINTS:-100}
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
pid=

# Serves binary $1 on the database $2 (more flags after); sets $address, $pid and
# $startup_ms (from the start to the address printed: the store read).
start() {
  local binary=$1 data=$2 out
  shift 2
  out="$work/out.$RANDOM"
  local t0
  t0=$(date +%s%N)
  # The common soft limit of 1,024 descriptors (the hard limit stays): what the idle
  # sockets of issue 40 exhausted.
  prlimit --nofile=1024:"$(ulimit -Hn)" "$binary" serve --listen 127.0.0.1:0 --data "$data" "$@" \
    >"$out" 2>/dev/null &
  pid=$!
  address=
  for _ in $(seq 1200); do
    address=$(sed -n 's|cardtable serves on http://\(.*\)/|\1|p' "$out")
    [ -n "$address" ] && break
    sleep 0.05
  done
  [ -n "$address" ] || { echo "no address from $binary" >&2; exit 1; }
  startup_ms=$((($(date +%s%N) - t0) / 1000000))
}


# A fresh copy of the store for one run.
copy() {
  rm -rf "$work/run" && mkdir "$work/run"
  cp "$work/store/"db.sqlite* "$work/run/"
  echo "$work/run/db.sqlite"
}

mkdir "$work/store"
last=${!#}
echo "== the store: $games finished games to $points points, made with $last"
start "$last" "$work/store/db.sqlite" --computer-tables-per-address 100000 \
  --tables-per-minute 100000 --messages-per-second 100000 --message-burst 100000
FILL=$games POINTS=$points "$load" "$address" 2>&1 | tail -1
longest=$(python3 -c '
import json, sys, urllib.request
games = json.load(urllib.request.urlopen(f"http://{sys.argv[1]}/api/games?limit=100"))
print(max(games, key=lambda g: g["actions"])["table"])' "$address")
stop
# Its write-ahead log folded into the file, so that no run pays for the fill's checkpoint.
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("PRAGMA wal_checkpoint(TRUNCATE)")' \
  "$work/store/db.sqlite"
echo "store: $(du -sh "$work/store" | cut -f1); longest game $longest"

for binary in "$@"; do
  echo "== $binary"
  start "$binary" "$(copy)"
  sleep 1
  echo "start-up with the store: ${startup_ms} ms, resident $(($(awk '/VmRSS/ {print $2}' /proc/$pid/status) / 1024)) MiB idle"
  stop
  for attack in quiet idle computer games amplify steps; do
    start "$binary" "$(copy)"
    echo -n "$attack: "
    case $attack in
      quiet) "$load" "$address" "$normal" "$seconds" 100 "$pid" ;;
      steps) STEPS=$longest "$load" "$address" "$normal" "$seconds" 100 "$pid" ;;
      *) FLOOD=$attack "$load" "$address" "$normal" "$seconds" 100 "$pid" ;;
    esac
    stop
  done
done
