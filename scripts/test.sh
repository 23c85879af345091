#!/usr/bin/env bash
# The tests: installs what they need beyond Cargo when it is missing (Debian's Chromium,
# tmux, PostgreSQL and nginx; playwright-core from browser/package-lock.json; a virtualenv
# with python/requirements-test.txt and the `cardtable` Python package built from here),
# starts a throwaway PostgreSQL cluster (scripts/postgres.sh), then runs
# `cargo test --workspace` and the package's pytest suite (python/tests). Quick when
# everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v tmux >/dev/null || missing+=(tmux)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -d browser/node_modules/playwright-core ] \
  || [ browser/package-lock.json -nt browser/node_modules/.package-lock.json ]; then
  (cd browser && npm ci --no-audit --no-fund --loglevel=error)
fi

# The Python package and what its tests and the OpenSpiel duel need (pinned): a
# virtualenv outside the checkout.
CARDTABLE_PYTHON="$(scripts/python.sh)"
export CARDTABLE_PYTHON

# PostgreSQL for the store's tests: stopped and removed however the tests end.
eval "$(scripts/postgres.sh start)"
trap 'scripts/postgres.sh stop "$CARDTABLE_POSTGRES_DIR"' EXIT

cargo test --workspace "$@"
CARDTABLE_BIN="$PWD/target/debug/cardtable" "$CARDTABLE_PYTHON" -m pytest -q -p no:cacheprovider python/tests
