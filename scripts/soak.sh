#!/usr/bin/env bash
# Long soak, not part of CI: for MINUTES (default 10), runs rounds of the
# crash test's mixed workload (tests/tools/crash/crash_test.cc with OBKV_CRASH_MODE=mix:
# obkv-crash-writer writes two-version batches while a reader thread scans
# and a purger thread purges, and is SIGKILLed at random points). Each round
# is a fresh store and OBKV_SOAK_KILLS kills (default 40), alternating
# stores of 1 and 3 files and durability NORMAL and FULL; after every kill
# the crash test reopens the store and checks it (acked batches whole, no
# partial batch, no gap, integrity_check ok). A failing round prints its
# seed (replay: OBKV_CRASH_SEED=... OBKV_CRASH_SHARDS=... OBKV_CRASH_MODE=mix
# build/tests/obkv_tests -sf='*/crash_test.cc') and stops the soak.
#
#   scripts/soak.sh [MINUTES]
#
# Builds the suites (obkv_tests) in $OBKV_BUILD_DIR (default build/) first. The last
# line sums the rounds: rounds, kills, batches acked, committed, lost.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
MINUTES="${1:-10}"
KILLS="${OBKV_SOAK_KILLS:-40}"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_WERROR=ON >/dev/null
fi
cmake --build "$BUILD" -j"$(nproc)" --target obkv_tests >/dev/null
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT

rounds=0 kills=0 acked=0 committed=0 torn=0
deadline=$((SECONDS + MINUTES * 60))
while [ "$SECONDS" -lt "$deadline" ]; do
  shards=$((rounds % 2 == 0 ? 1 : 3))
  seed=$(( (RANDOM << 15) | RANDOM ))
  if ! (cd "$BUILD/tests" && OBKV_CRASH_MODE=mix OBKV_CRASH_KILLS="$KILLS" \
        OBKV_CRASH_SHARDS="$shards" OBKV_CRASH_SEED="$seed" \
        ./obkv_tests --no-intro=true --source-file='*/crash_test.cc') >"$LOG" 2>&1; then
    cat "$LOG" >&2
    echo "soak: round $((rounds + 1)) failed: OBKV_CRASH_SEED=$seed" \
      "OBKV_CRASH_SHARDS=$shards OBKV_CRASH_MODE=mix OBKV_CRASH_KILLS=$KILLS" >&2
    exit 1
  fi
  # "crash: mix, 1 shard file(s); survived 40 kills (...); 900 acked
  # batches, 905 committed, 0 kept in part"
  line=$(grep -o 'crash: mix, .*' "$LOG")
  read -r k a c t < <(echo "$line" | sed -E \
    's/.*survived ([0-9]+) kills.*; ([0-9]+) acked batches, ([0-9]+) committed, ([0-9]+) kept in part.*/\1 \2 \3 \4/')
  rounds=$((rounds + 1)) kills=$((kills + k)) acked=$((acked + a))
  committed=$((committed + c)) torn=$((torn + t))
  echo "soak: round $rounds ($shards file(s), seed $seed): $k kills, $a batches acked, $c committed"
done
echo "soak: $MINUTES min: $rounds rounds, $kills kills, $acked batches acked," \
  "$committed committed, 0 lost, $torn unacknowledged kept in part (3 files)"
