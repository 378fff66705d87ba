#!/usr/bin/env bash
# Builds the threaded suites with ThreadSanitizer (g++, -DOBKVLITE_TSAN=ON)
# into build-tsan/ (or $OBKV_TSAN_BUILD_DIR) and runs them with ctest: the
# concurrency, shards, parallel shard scan (shard_stream), crash and store
# suites, the lingering read locks (read_lock_linger), the write queue and
# group commit (write_queue, group_commit), the writer lanes
# (writer_lanes) and the HTTP server's threads
# and connections (http_server), each also on 3 shard files where it has
# that variant.
# Any data race, lock-order inversion or misuse of a mutex fails the run.
# scripts/tsan.supp holds the suppressions (SQLite's own internals only).
# -O1 keeps TSan's slowdown tolerable; -g1 gives the reports line numbers.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_TSAN_BUILD_DIR:-$ROOT/build-tsan}"
SUITES=(concurrency_test shards_test shard_stream_test crash_test store_test
        read_lock_linger_test gateway_log_test write_queue_test
        group_commit_test writer_lanes_test http_server_test)
# The project libraries these suites use, besides obkvlite (the link
# fails naming the symbol when one is missing).
LIBRARIES=(obkv_http obkv_metrics obkv_server_common)
obkv_configure "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DOBKVLITE_TSAN=ON \
  -DOBKVLITE_BUILD_EXAMPLES=OFF \
  -DOBKVLITE_TEST_SUITES="$(IFS=';'; echo "${SUITES[*]}")" \
  -DOBKVLITE_TEST_LIBRARIES="$(IFS=';'; echo "${LIBRARIES[*]}")"
# Only these suites, in obkv_tests, linked with only their libraries (and
# obkv-crash-writer, which crash_test kills): no CLI, no Thrift gateway.
obkv_build "$BUILD" obkv_tests
cd "$BUILD"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 abort_on_error=1 second_deadlock_stack=1 suppressions=$ROOT/scripts/tsan.supp}"
selection="^($(IFS='|'; echo "${SUITES[*]}"))(_shards3)?\$"
ctest --output-on-failure -j"$(nproc)" -R "$selection"
