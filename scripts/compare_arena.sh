#!/usr/bin/env bash
# Runs the same arena runs through two `cardtable` binaries (say, a checkout from before a
# change and one from after) on one pinned core:
#  1. the reports (timings left out) and the game records must be identical;
#  2. each speed run alternates the two binaries three times and prints the medians and
#     their ratio, so both figures come from the same minutes of a noisy machine.
# Usage: scripts/compare_arena.sh OLD_BINARY NEW_BINARY [CORE]
# ROUNDS=N alternates N times instead of 3 (this machine's timings swing by 15%: a close
# threshold needs more); ONLY=REGEX runs only the speed runs whose label matches.
set -euo pipefail
old=$1 new=$2 core=${3:-0} rounds=${ROUNDS:-3} only=${ONLY:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arena() { taskset -c "$core" "$1" arena "${@:2}" --threads 1 --json; }
# The report less its timings; `simple` is the older name of the handout player.
report() {
  python3 -c '
import json, sys
r = json.load(sys.stdin)
for k in ["seconds", "games_per_second", "hands_per_second", "interrupted"]:
    r.pop(k, None)
print(json.dumps(r, sort_keys=True).replace("\"simple\"", "\"handout\""))'
}
same=0 different=0
while read -r args; do
  a=$(arena "$old" $args --record "$tmp/old.jsonl" | report)
  b=$(arena "$new" $args --record "$tmp/new.jsonl" | report)
  if [ "$a" == "$b" ] && cmp -s <(sed 's/"simple"/"handout"/g' "$tmp/old.jsonl") "$tmp/new.jsonl"; then
    same=$((same + 1))
  else
    different=$((different + 1)); echo "DIFFERENT: $args"
  fi
done <<'RUNS'
euchre --rules eecs280 --lineup random,random,random,random --games 3000 --seed 5
euchre --rules cs246 --lineup handout,random,handout,random --games 1000 --seed 3
euchre --rules eecs280 --lineup strong:4,handout,random,handout --games 30 --seed 7
straights --lineup random,handout,random,handout --games 300 --seed 5
straights --lineup strong:2,handout,handout,handout --games 3 --seed 2
teendopanch --rules handout --lineup random,handout,random --games 1000 --seed 9
teendopanch --rules reference --lineup handout,random,strong:2 --hands 200 --seed 11
RUNS
echo "identical reports and records: $same of $((same + different))"
rate() { arena "$1" $2 | python3 -c "import json, sys; print(json.load(sys.stdin)['$3'])"; }
while IFS='|' read -r label args field; do
  [[ $label =~ $only ]] || continue
  o=() n=()
  for _ in $(seq "$rounds"); do o+=("$(rate "$old" "$args" "$field")"); n+=("$(rate "$new" "$args" "$field")"); done
  python3 - "$label" "$field" "${o[@]}" "${n[@]}" <<'PY'
import statistics, sys
label, field, *v = sys.argv[1:]
half = len(v) // 2
old, new = statistics.median(map(float, v[:half])), statistics.median(map(float, v[half:]))
print(f"{label:<30} old {old:>10,.0f}  new {new:>10,.0f}  {field}  {new / old:.2f}x")
PY
done <<'RUNS'
euchre, eecs280, random x4|euchre --rules eecs280 --lineup random,random,random,random --hands 2000000|hands_per_second
euchre, eecs280, handout x4|euchre --rules eecs280 --lineup handout,handout,handout,handout --games 300000|games_per_second
straights, random x4|straights --lineup random,random,random,random --hands 300000|hands_per_second
teendopanch, random x3|teendopanch --rules handout --lineup random,random,random --hands 1000000|hands_per_second
RUNS
[ "$different" -eq 0 ]
