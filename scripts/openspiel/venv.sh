#!/usr/bin/env bash
# Prints the Python of a virtualenv holding scripts/openspiel/requirements.txt (OpenSpiel
# and what it needs, pinned), creating or refreshing it first when needed: quick when it
# is already there. Where: $CARDTABLE_VENV, else ~/.cache/cardtable/openspiel-venv.
# Use: "$(scripts/openspiel/venv.sh)" scripts/openspiel/duel.py --deals 100
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${CARDTABLE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/cardtable/openspiel-venv}"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$here/requirements.txt" "$stamp"; then
  command -v python3 >/dev/null || { echo "venv.sh: python3 is needed" >&2; exit 1; }
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt" >&2
  cp "$here/requirements.txt" "$stamp"
fi
echo "$venv/bin/python"
