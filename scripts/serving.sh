# Sourced by the load scripts at their start, with their arguments (the binaries to
# measure; default target/release/cardtable): strict mode in the repository's root, the
# load client, the CPU, and stop.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
load=target/release/examples/load
[ $# -gt 0 ] || set -- target/release/cardtable
lscpu | grep -E "Model name|^CPU\(s\)" | tr -s ' '

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
