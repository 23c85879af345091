#!/usr/bin/env bash
# Instructions a hand of each game's random and handout play costs through two `cardtable`
# binaries (say, one built before a change and one after), counted by valgrind's callgrind:
# unlike a timing, a count does not move with the machine's load, so it compares two builds
# on a busy machine. Each run is counted at two lengths and the difference divided by the
# hands between them, which leaves out the program's start (parsing, the catalogue).
# A count is not a time (a cache miss or a mispredicted branch costs more than an add), so
# a change that moves few instructions still needs a timing (scripts/compare_arena.sh,
# scripts/compare_bench.sh) on a quiet machine.
# Usage: scripts/compare_instructions.sh OLD_BINARY NEW_BINARY
# HANDS="5000 15000" the two lengths; ONLY=REGEX runs only the rows whose label matches.
set -euo pipefail
old=$1 new=$2 only=${ONLY:-.}
read -r short long <<<"${HANDS:-5000 15000}"
command -v valgrind >/dev/null || { echo "compare_instructions: valgrind is not installed" >&2; exit 2; }
# Instructions of one arena run: binary $1, hands $2, arguments after.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" arena "${@:3}" --hands "$2" \
    --threads 1 --json 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# Instructions a hand: binary $1, arguments after.
per_hand() {
  local a b
  a=$(count "$1" "$short" "${@:2}") b=$(count "$1" "$long" "${@:2}")
  echo $(((b - a) / (long - short)))
}
printf '%-36s %12s %12s %8s\n' "instructions a hand" old new "new/old"
while IFS='|' read -r label args; do
  [[ $label =~ $only ]] || continue
  # shellcheck disable=SC2086 # the arguments are words
  o=$(per_hand "$old" $args) n=$(per_hand "$new" $args)
  printf '%-36s %12s %12s %8s\n' "$label" "$o" "$n" "$(python3 -c "print(f'{$n / $o:.3f}')")"
done <<'RUNS'
euchre, eecs280, random x4|euchre --rules eecs280 --lineup random,random,random,random
euchre, eecs280, handout x4|euchre --rules eecs280 --lineup handout,handout,handout,handout
euchre, cs246, random x4|euchre --rules cs246 --lineup random,random,random,random
straights, random x4|straights --lineup random,random,random,random
straights, handout x4|straights --lineup handout,handout,handout,handout
teendopanch, handout, random x3|teendopanch --rules handout --lineup random,random,random
teendopanch, handout, handout x3|teendopanch --rules handout --lineup handout,handout,handout
teendopanch, reference, random x3|teendopanch --rules reference --lineup random,random,random
RUNS
