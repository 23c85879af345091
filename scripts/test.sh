#!/usr/bin/env bash
# The tests: installs what the browser tests need beyond Cargo when it is missing
# (Debian's Chromium; playwright-core from browser/package-lock.json), then runs
# `cargo test --workspace`. Quick when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d browser/node_modules/playwright-core ] \
  || [ browser/package-lock.json -nt browser/node_modules/.package-lock.json ]; then
  (cd browser && npm ci --no-audit --no-fund --loglevel=error)
fi

cargo test --workspace "$@"
