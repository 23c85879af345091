#!/usr/bin/env bash
# Runs every cargo-fuzz target for SECONDS each (default 60) on the nightly toolchain and
# prints, per target, the executions made and whether anything crashed. New inputs that
# add coverage land in fuzz/corpus/TARGET; crashes in fuzz/artifacts/TARGET.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
# `-s none`: no AddressSanitizer. The workspace has no `unsafe`, so a panic is the
# finding; without ASan the targets run 3 to 8 times as many inputs a second.
cargo +nightly fuzz build -O -s none >/dev/null
# play_keys runs without comparison tracing: its input is one key a byte, values
# libFuzzer's byte mutations reach anyway, while tracing the comparisons (most of them
# in ratatui's drawing) took 60% of each run. Its build has its own target directory.
light=(--no-trace-compares --target-dir "${CARGO_TARGET_DIR:-$PWD/target}/no-trace-compares")
printf '%-20s %15s %10s %s\n' target executions exec/s result
for target in "${targets[@]}"; do
  log=$(mktemp)
  flags=()
  [ "$target" = play_keys ] && flags=("${light[@]}")
  # -timeout: an input that runs over 1 s counts as a hang; -rss_limit_mb bounds memory.
  if cargo +nightly fuzz run -O -s none "${flags[@]}" "$target" -- -max_total_time="$seconds" \
      -timeout=1 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
    result=clean
  else
    result="FOUND: see fuzz/artifacts/$target and $log"
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  printf '%-20s %15s %10s %s\n' "$target" "$runs" "$rate" "$result"
  [ "$result" = clean ] && rm -f "$log"
done
