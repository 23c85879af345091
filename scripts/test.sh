#!/usr/bin/env bash
# The tests: installs what they need beyond Cargo when it is missing (scripts/setup.sh:
# OpenSSL's headers for the build, Debian's Chromium, tmux, PostgreSQL and nginx;
# playwright-core from browser/package-lock.json; a virtualenv
# with python/requirements-test.txt and the `cardtable` Python package built from here),
# starts a throwaway PostgreSQL cluster (scripts/postgres.sh), then runs
# `cargo test --workspace` and the package's pytest suite (python/tests), then prints
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
trap 'scripts/postgres.sh stop "$CARDTABLE_POSTGRES_DIR"' EXIT

cargo test --workspace "$@"
CARDTABLE_BIN="$PWD/target/debug/cardtable" "$CARDTABLE_PYTHON" -m pytest -q -p no:cacheprovider python/tests

# The regression bench's short run (docs/PERFORMANCE.md, "Issue 59"): every row's ratio to
# its same-run reference, printed for the log. A report, not a timed test: no figure can
# fail it, only a crash of the bench. CARDTABLE_NO_BENCH=1 leaves it out.
if [ -z "${CARDTABLE_NO_BENCH:-}" ]; then
  echo "== the regression bench, short run (a report: ratios to same-run references)"
  cargo bench -p cardtable-arena --bench floor_ratio -- --quick
fi
