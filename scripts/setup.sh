#!/usr/bin/env bash
# What the build and the tests need beyond Cargo, installed when missing and quick when
# present: Debian's packages (OpenSSL's headers, Chromium, tmux, PostgreSQL, nginx) and
# playwright-core from browser/package-lock.json. scripts/test.sh runs it first, and .ci/run
# before its lints (clippy builds the server, which links OpenSSL).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
# OpenSSL's headers and pkg-config: webauthn-rs (the server's passkeys) links OpenSSL.
[ -f /usr/include/openssl/ssl.h ] || missing+=(libssl-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
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

