#!/usr/bin/env bash
# Sets up, checks the rooms of src/ (scripts/check_rooms.sh), builds
# (Release) and runs every test suite (ctest prints the
# summary), then the ecosystem checks (examples against the package
# installed from that build, the MariaDB
# migration test, the tmux terminal test, the statically linked obkv-bench
# of scripts/build_static_bench.sh), the same suites under ASan+UBSan
# (scripts/sanitize.sh), the threaded suites under ThreadSanitizer
# (scripts/tsan.sh) and the fuzz targets: corpus replay and
# OBKV_FUZZ_SECONDS (default 10) each (scripts/fuzz.sh). After the build,
# the ASan+UBSan step runs beside the others (two lanes, below). Each step
# prints its wall time. OBKV_SKIP_ASAN=1 / OBKV_SKIP_TSAN=1 / OBKV_SKIP_FUZZ=1 skip
# those steps.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
export OBKV_BUILD_DIR="$BUILD"

step() {  # NAME COMMAND...: runs the command and prints its wall time
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}

run_ctest() {
  (cd "$BUILD" && ctest --output-on-failure -j"$(obkv_ctest_jobs)")
}

# The steps after the build run in two lanes side by side: the suites
# wait on servers more than they compute, so the ASan+UBSan build and run
# fill the cores the Release run leaves idle. Each lane's output goes to
# $BUILD/lanes/NAME.log and is printed, with its steps' wall times, when
# the lane ends; a failure in either fails the run after both end.
release_lane() {
  step ctest run_ctest
  step examples "$ROOT/scripts/examples.sh"
  step mariadb "$ROOT/scripts/mariadb_test.sh" "$BUILD/obkv"
  step tmux "$ROOT/scripts/shell_tmux_test.sh" "$BUILD/obkv"
  step "static bench" "$ROOT/scripts/build_static_bench.sh"
  if [ "${OBKV_SKIP_TSAN:-0}" != 1 ]; then
    step "tsan build and ctest" "$ROOT/scripts/tsan.sh"
  fi
  if [ "${OBKV_SKIP_FUZZ:-0}" != 1 ]; then
    step fuzz "$ROOT/scripts/fuzz.sh" "${OBKV_FUZZ_SECONDS:-10}"
  fi
}
asan_lane() {
  if [ "${OBKV_SKIP_ASAN:-0}" != 1 ]; then
    step "asan+ubsan build and ctest" "$ROOT/scripts/sanitize.sh"
  fi
}
lane_names=()
lane_pids=()
start_lane() {  # NAME FUNCTION
  mkdir -p "$BUILD/lanes"
  (set -e; "$2") >"$BUILD/lanes/$1.log" 2>&1 &
  lane_names+=("$1")
  lane_pids+=($!)
  echo "== lane $1 started (output: $BUILD/lanes/$1.log)"
}

total=$SECONDS
step setup "$ROOT/scripts/setup.sh"
# The rooms of src/ against doc/architecture.md: allowed includes, no cycle.
step rooms "$ROOT/scripts/check_rooms.sh"
# The suites run on a Release build (-O3, NDEBUG, no debug info), as users
# and packagers build it: a warning only -O3 shows fails here, and the
# examples build against the package installed from this same build. (The
# suites' own files compile at -O0: tests/CMakeLists.txt.)
step build "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release "$@"
lanes_start=$SECONDS
start_lane release release_lane
start_lane asan asan_lane
failed=()
for i in "${!lane_pids[@]}"; do
  status=0
  wait "${lane_pids[$i]}" || status=$?
  echo "== lane ${lane_names[$i]}: ended after $((SECONDS - lanes_start)) s"
  cat "$BUILD/lanes/${lane_names[$i]}.log"
  [ "$status" -eq 0 ] || failed+=("${lane_names[$i]}")
done
echo "== all steps: $((SECONDS - total)) s"
# A failed lane's log may lie far above the end of the output, so the end
# names what failed: the step that stopped the lane, the failures ctest and
# doctest reported in it, and the lane's last lines.
digest() {  # NAME
  local log="$BUILD/lanes/$1.log"
  echo "== lane $1 failed in step: $(grep '^== ' "$log" | tail -1 | cut -c4-)"
  grep -E '\*\*\*(Failed|Timeout|Exception)|Failed +[0-9.]+ sec|(FATAL )?ERROR: |: error: |Sanitizer|runtime error' \
    "$log" | head -40 || true
  echo "== the last lines of lane $1:"
  tail -n 20 "$log"
}
if [ ${#failed[@]} -gt 0 ]; then
  for name in "${failed[@]}"; do digest "$name"; done
  echo "== failed lane(s): ${failed[*]}" >&2
  exit 1
fi
