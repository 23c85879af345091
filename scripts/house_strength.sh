#!/usr/bin/env bash
# How the strong players do against the handout players under a few house rules
# (docs/RULES.md, docs/BOTS.md): one arena run per line, the strong seat's (or team's) win
# rate with its 95% interval. Usage: scripts/house_strength.sh [GAMES] [CARDTABLE] [GAME]
# (GAME: only that game's lines).
set -euo pipefail
games=${1:-400}
bin=${2:-target/release/cardtable}
only=${3:-}
run() {
    local game=$1 lineup=$2 rules=$3 house=$4
    [[ -n $only && $only != "$game" ]] && return 0
    local args=(arena "$game" --games "$games" --lineup "$lineup" --seed 28 --json)
    [[ -n $rules ]] && args+=(--rules "$rules")
    [[ -n $house ]] && args+=(--house "$house")
    "$bin" "${args[@]}" | python3 -c '
import json, sys
r = json.load(sys.stdin)
who = r["teams"][0] if r.get("teams") else r["seats"][0]
lo, hi = who["win_rate_ci95"]
game, rules, house = sys.argv[1], sys.argv[2] or r["rules"], sys.argv[3] or "(none)"
rate, wins, games = 100 * who["win_rate"], who["wins"], r["games"]
print(f"| {game} | {rules} | {house} | {wins} / {games} | {rate:.1f}% [{100*lo:.1f}, {100*hi:.1f}] |")
' "$game" "$rules" "$house"
}
echo "| game | rules | house rules | strong wins | win rate [95% CI] |"
echo "|---|---|---|---|---|"
run euchre strong,handout,strong,handout eecs280 ""
run euchre strong,handout,strong,handout eecs280 "dealer=throw-in,alone"
run euchre strong,handout,strong,handout cs246 ""
run euchre strong,handout,strong,handout cs246 "defend-alone,mcevoy,renege=off"
run euchre strong,handout,strong,handout eecs280 "pack=32"
run euchre strong,handout,strong,handout cs246 "joker"
run euchre strong,handout,strong,handout cs246 "pack=28,alone=off,partner-alone=off"
run straights strong,handout,handout,handout "" ""
run straights strong,handout,handout,handout "" "opener=diamonds,free-discard,end=rounds-4"
run straights strong,handout,handout,handout,handout,handout "" "players=6"
run straights strong,handout,handout "" "players=3"
run teendopanch strong,handout,handout handout ""
run teendopanch strong,handout,handout handout "packets=5-5,declined=turn-up,sevens=top,pull=short-player"
