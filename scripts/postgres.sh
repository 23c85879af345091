#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `scripts/postgres.sh start` runs initdb in
# a new temporary folder, starts the server on a free loopback port and prints the shell
# lines that export CARDTABLE_POSTGRES_URL (a database `cardtable` owned by the user
# `cardtable`, trusted on loopback) and CARDTABLE_POSTGRES_DIR; `scripts/postgres.sh stop
# DIR` stops it and removes the folder; `halt DIR` stops the server keeping its data and
# `resume DIR` starts it again on the same port (a database cut off, and back). Debian's
# PostgreSQL is used (its binaries under /usr/lib/postgresql); the caller installs it
# when missing. As root, the cluster runs as
# the `postgres` user, since PostgreSQL refuses to run as root.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/cardtable-pg.XXXXXX)
    [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" -D "$dir/data" -U cardtable --auth=trust -E UTF8 >/dev/null
    echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" > "$dir/options"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(cat "$dir/options")" start >/dev/null
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U cardtable cardtable
    echo "export CARDTABLE_POSTGRES_URL=postgres://cardtable@127.0.0.1:$port/cardtable"
    echo "export CARDTABLE_POSTGRES_DIR=$dir"
    ;;
  stop)
    dir=${2:?the folder of the cluster}
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  halt)
    # The server goes away (as a database cut off would), its data kept.
    dir=${2:?the folder of the cluster}
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
  resume)
    dir=${2:?the folder of the cluster}
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(cat "$dir/options")" start >/dev/null
    ;;
  *)
    echo "usage: scripts/postgres.sh start | stop DIR | halt DIR | resume DIR" >&2
    exit 2
    ;;
esac
