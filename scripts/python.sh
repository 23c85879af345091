#!/usr/bin/env bash
# Prints the Python of a virtualenv holding python/requirements-test.txt (OpenSpiel,
# PettingZoo, Gymnasium, Ray, pytest, maturin: pinned) and the `cardtable` package built
# from this checkout (`pip install ./python`), creating or refreshing either when needed:
# quick when both are already there. Where: $CARDTABLE_VENV, else
# ~/.cache/cardtable/python-venv.
# Use: "$(scripts/python.sh)" -m pytest python/tests
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${CARDTABLE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/cardtable/python-venv}"
requirements="$root/python/requirements-test.txt"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/.requirements"; then
  command -v python3 >/dev/null || { echo "python.sh: python3 is needed" >&2; exit 1; }
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$venv/.requirements"
fi
# The package again whenever the Rust or Python it is built from changed.
cd "$root"
sources=(python crates games Cargo.toml Cargo.lock)
stamp="$({ git ls-files -s -- "${sources[@]}"; git diff HEAD -- "${sources[@]}"; } | sha1sum)"
if [ "$stamp" != "$(cat "$venv/.package" 2>/dev/null)" ]; then
  PATH="$venv/bin:$PATH" "$venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation ./python >&2
  echo "$stamp" > "$venv/.package"
fi
echo "$venv/bin/python"
