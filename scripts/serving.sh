# Sourced by the load scripts: stops the server $pid with SIGTERM, then after 5 s SIGKILL
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
