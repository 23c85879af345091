# Sourced by the load scripts at their start, with their arguments (the binaries to
# measure; default target/release/cardtable): strict mode in the repository's root, the
# load client, the CPU, and stop.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
load=target/release/examples/load
[ $# -gt 0 ] || set -- target/release/cardtable
lscpu | grep -E "Model name|^CPU\(s\)" | tr -s ' '

# Waits (at most $2 tenths of a second) for the server writing to the file $1 to print
# its address; sets $address, or says so and exits.
await_address() {
  for _ in $(seq "$2"); do
    address=$(sed -n 's|cardtable serves on http://\(.*\)/|\1|p' "$1")
    [ -n "$address" ] && return
    sleep 0.1
  done
  echo "no address in $1" >&2
  exit 1
}

# Stops the server $pid with SIGTERM, then after 5 s SIGKILL
# (a server busy with searches may not stop by itself).
stop() {
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
