#!/usr/bin/env bash
# Issue 56's figures, in one run:
#   1. cases per second: `cardtable check HANDOUT` on CASES (300) cases against our own
#      handout binary, on one core (--jobs 1) and on all, beside the same cases run by a
#      shell loop with `diff` (the cases and the reference's outputs written first by
#      `cardtable check --export`, untimed: the loop runs the program and compares, as a
#      course's script does). Each figure is the median of ROUNDS (3) runs, alternated.
#      The check also runs the reference on every case, which the loop does not.
#   2. shrinking: each planted fault of programs/cardtable/tests/check.rs (EECS 280
#      Euchre), CASES_FAULT (40) cases: the time of the whole check, and each shrunk
#      case's size against the case as generated.
# Usage, after `cargo build --release -p cardtable -p eecs280-euchre -p eecs280-teendopanch
# -p cs246-euchre -p cs246-straights`: scripts/check_bench.sh [TARGET_DIR]
set -euo pipefail
bin=${1:-target/release}
cases=${CASES:-300}
rounds=${ROUNDS:-3}
faults=${CASES_FAULT:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cardtable=$(realpath "$bin/cardtable")
TIMEFORMAT=%R
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
lscpu | grep -E '^(Model name|CPU\(s\)|Thread)'

# The shell loop a course would write: run each case's command in its folder, compare
# the output and the exit status with the reference's.
loop() {
  local dir=$1
  for case in "$dir"/case-*; do
    (cd "$case" && { sh command.sh > got.out 2>/dev/null; echo $? > got.status; }
     diff -q got.out expected.out > /dev/null && cmp -s got.status expected.status) || true
  done
}

echo
echo "1. $cases cases, seconds (median of $rounds) and per case"
printf '%-22s %12s %12s %12s %12s\n' handout "shell loop" "check -j1" "check -j2" "-j1 / loop"
for pair in eecs280-euchre:euchre280:euchre.exe eecs280-teendopanch:teendopanch:teendopanch.exe \
            cs246-euchre:euchre:euchre cs246-straights:straights:straights; do
  IFS=: read -r handout program name <<< "$pair"
  exe=$(realpath "$bin/$program")
  export TEENDOPANCH_RULES=reference
  "$cardtable" check "$handout" --cases "$cases" --export "$work/$handout" 2>/dev/null
  for case in "$work/$handout"/case-*; do ln -sf "$exe" "$case/$name"; done
  l=(); one=(); two=()
  for _ in $(seq "$rounds"); do
    l+=("$( { time loop "$work/$handout"; } 2>&1 )")
    one+=("$( { time "$cardtable" check "$handout" --cases "$cases" --jobs 1 -- "$exe" >/dev/null 2>&1; } 2>&1 )")
    two+=("$( { time "$cardtable" check "$handout" --cases "$cases" -- "$exe" >/dev/null 2>&1; } 2>&1 )")
  done
  lm=$(printf '%s\n' "${l[@]}" | median); om=$(printf '%s\n' "${one[@]}" | median)
  tm=$(printf '%s\n' "${two[@]}" | median)
  printf '%-22s %6.2f s %4.1f ms %6.2f s %4.1f ms %6.2f s %4.1f ms %10.2f×\n' "$handout" \
    "$lm" "$(echo "$lm*1000/$cases" | bc -l)" "$om" "$(echo "$om*1000/$cases" | bc -l)" \
    "$tm" "$(echo "$tm*1000/$cases" | bc -l)" "$(echo "$om/$lm" | bc -l)"
done

echo
echo "2. planted faults (EECS 280 Euchre, $faults cases): the check's time, each first shrunk failure"
real=$(realpath "$bin/euchre280")
fault() {
  printf '#!/bin/bash\nREAL=%q\nset -o pipefail\n%s\n' "$real" "$2" > "$work/$1.sh"
  chmod +x "$work/$1.sh"
}
fault score '(exec -a "$0" "$REAL" "$@") | sed -E '"'"'s/have ([89]|[1-9][0-9]) points$/have \1  points/'"'"
fault space '(exec -a "$0" "$REAL" "$@") | sed -E '"'"'s/win!$/win! /'"'"
fault usage '(exec -a "$0" "$REAL" "$@") | sed '"'"'s/^Usage: euchre.exe /Usage: euchre /'"'"
fault status '(exec -a "$0" "$REAL" "$@"); exit 0'
fault crash 'out=$(exec -a "$0" "$REAL" "$@"); code=$?
if grep -q "^Jack of Diamonds turned up$" <<<"$out"; then sed "/^Jack of Diamonds turned up$/q" <<<"$out"; kill -SEGV $$; fi
printf "%s\n" "$out"; exit $code'
fault hang 'if [ "$(head -1 pack.in)" != "Nine of Spades" ]; then sleep 987654 & wait; fi
exec -a "$0" "$REAL" "$@"'
for name in score space usage status crash hang; do
  start=$(date +%s.%N)
  "$cardtable" check eecs280-euchre --cases "$faults" --timeout 0.5 --format json -- "$work/$name.sh" \
    > "$work/$name.json" 2>/dev/null || true
  end=$(date +%s.%N)
  python3 - "$name" "$(echo "$end - $start" | bc -l)" "$work/$name.json" <<'PY'
import json, sys
name, seconds, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
cases = [json.loads(line) for line in open(path)]
failed = sum(1 for c in cases if not c["passed"])
print(f"{name:7} {seconds:6.1f} s, {failed} of {len(cases)} failed")
for c in cases:
    if "shrunk" in c:
        s = c["shrunk"]
        fmt = lambda size: ", ".join(f"{k} {v}" for k, v in size.items())
        print(f"   case {c['case']} ({c['category']}, {c['failure']['kind']}): {fmt(c['size'])}")
        print(f"     -> {fmt(s['size'])} in {s['steps']} steps, {s['runs']} runs")
PY
done
