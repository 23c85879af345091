#!/usr/bin/env bash
# The tests: installs what they need beyond Cargo when it is missing (scripts/setup.sh:
# OpenSSL's headers for the build, Debian's Chromium, tmux, PostgreSQL and nginx;
# playwright-core from browser/package-lock.json; a virtualenv
# with python/requirements-test.txt and the `cardtable` Python package built from here),
# starts a throwaway PostgreSQL cluster (scripts/postgres.sh), then runs
# `cargo test --workspace` (the browser suite's binary beside the rest) and the package's
# pytest suite (python/tests), then prints
# the regression bench's short run (a report; see below). Quick when everything is
# already there.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh

# The Python package and what its tests and the OpenSpiel duel need (pinned): a
# virtualenv outside the checkout.
CARDTABLE_PYTHON="$(scripts/python.sh)"
export CARDTABLE_PYTHON

# PostgreSQL for the store's tests: stopped and removed however the tests end.
eval "$(scripts/postgres.sh start)"
# The browser suite, once started (below), goes with the script however it ends.
browser_pid=""
trap '[ -n "$browser_pid" ] && kill -- -"$browser_pid" 2>/dev/null; scripts/postgres.sh stop "$CARDTABLE_POSTGRES_DIR"' EXIT

# Everything built first; then the browser suite (one test binary that mostly waits on
# the table's pace and Chromium) runs beside the rest of the tests instead of after them,
# and its verdict is awaited at the end.
cargo test --workspace --no-run "$@"
# The test binary among the build's artifacts: the one whose target is the test `browser`.
browser_test="$(cargo test -p cardtable --test browser --no-run --message-format=json 2>/dev/null \
  | grep -F '"kind":["test"]' | grep -F '"name":"browser"' \
  | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)"
[ -x "$browser_test" ] || { echo "the browser suite's test binary was not found" >&2; exit 1; }
browser_log="$(mktemp)"
setsid "$browser_test" > "$browser_log" 2>&1 &
browser_pid=$!
cargo test --workspace "$@" -- --skip the_web_client_plays_in_chromium
CARDTABLE_BIN="$PWD/target/debug/cardtable" "$CARDTABLE_PYTHON" -m pytest -q -p no:cacheprovider python/tests
browser_status=0
wait "$browser_pid" || browser_status=$?
browser_pid=""
echo "== the browser suite (programs/cardtable/tests/browser.rs)"
cat "$browser_log"
rm -f "$browser_log"
[ "$browser_status" -eq 0 ]

# The regression bench's short run (docs/PERFORMANCE.md, "Issue 59"): every row's ratio to
# its same-run reference, printed for the log. A report, not a timed test: no figure can
# fail it, only a crash of the bench. CARDTABLE_NO_BENCH=1 leaves it out.
if [ -z "${CARDTABLE_NO_BENCH:-}" ]; then
  echo "== the regression bench, short run (a report: ratios to same-run references)"
  cargo bench -p cardtable-arena --bench floor_ratio -- --quick
fi
