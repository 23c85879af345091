#!/usr/bin/env bash
# The tests: installs what they need beyond Cargo when it is missing (Debian's Chromium,
# tmux, PostgreSQL and nginx; playwright-core from browser/package-lock.json; OpenSpiel from
# scripts/openspiel/requirements.txt), starts a throwaway PostgreSQL cluster
# (scripts/postgres.sh), then runs `cargo test --workspace`. Quick when everything is
# already there.
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

# OpenSpiel (pinned) for the duel harness's test: a virtualenv outside the checkout.
CARDTABLE_PYTHON="$(scripts/openspiel/venv.sh)"
export CARDTABLE_PYTHON

# PostgreSQL for the store's tests: stopped and removed however the tests end.
eval "$(scripts/postgres.sh start)"
trap 'scripts/postgres.sh stop "$CARDTABLE_POSTGRES_DIR"' EXIT

cargo test --workspace "$@"
