#!/usr/bin/env bash
# The regression bench (crates/arena/benches/floor_ratio.rs) at an older commit and at
# this checkout, run turn about on one pinned core: old, new, old, new (RUNS pairs, 2
# unless told), each printing its ratio table. Every ratio is against a reference
# measured in the same run, and the two binaries alternate, so the tables read side by
# side: a row whose ratio moved the same way in every pair moved; one that swapped places
# between pairs is the machine.
#
# Usage: scripts/compare_bench.sh OLD_COMMIT [BENCH ARGUMENTS…]
#   e.g. scripts/compare_bench.sh 1a2b3c4 --quick play/
# RUNS=N pairs; CORE=N the core (0); OLD_TARGET=DIR a target directory for the old
# build (kept, so a second comparison builds nothing; by default a fresh one seeded with
# a copy of target/release, so only what changed is rebuilt).
#
# The limit: the old commit must have the bench. Before floor_ratio existed there is
# nothing to run; a floor_ratio from before issue 59 runs only its three random-play rows
# (its own names, no `--quick`, no filter: it reads a number among the arguments as its
# rounds and ignores the rest), so only those compare; a row the old bench lacks is
# simply not in its table.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: scripts/compare_bench.sh OLD_COMMIT [BENCH ARGUMENTS…]}
shift
runs=${RUNS:-2} core=${CORE:-0}
tmp=$(mktemp -d)
cleanup() { git worktree remove --force "$tmp/old" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
git worktree add --detach "$tmp/old" "$old" >/dev/null
old_target=${OLD_TARGET:-$tmp/target}
if [ -z "${OLD_TARGET:-}" ] && [ -d target/release ]; then
  mkdir -p "$old_target" && cp -a target/release "$old_target/"
fi
# The bench's executable, built in checkout $1 with target directory $2.
build() {
  (cd "$1" && CARGO_TARGET_DIR="$2" cargo bench -p cardtable-arena --bench floor_ratio \
    --no-run --message-format=json) | python3 -c '
import json, sys
found = [m["executable"] for m in map(json.loads, sys.stdin)
         if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "floor_ratio"
         and m.get("executable")]
print(found[-1])'
}
echo "building the bench at $old ($(git rev-parse --short "$old")) and here ($(git rev-parse --short HEAD), with any changes)" >&2
old_bench=$(build "$tmp/old" "$old_target")
new_bench=$(build "$PWD" "${CARGO_TARGET_DIR:-$PWD/target}")
lscpu | grep -E '^Model name' || true
for pair in $(seq "$runs"); do
  for side in old new; do
    bench=$old_bench; [ "$side" = new ] && bench=$new_bench
    echo
    echo "== pair $pair, $side"
    taskset -c "$core" "$bench" --bench "$@"
  done
done
