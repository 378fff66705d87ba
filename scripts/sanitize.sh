#!/usr/bin/env bash
# Builds the test suites with AddressSanitizer + UBSan (g++,
# -DOBKVLITE_SANITIZE=ON) into build-asan/ (or $OBKV_ASAN_BUILD_DIR) and
# runs them with ctest (all but the two sets named below). Any sanitizer
# report fails the run.
# -O0 -g1 keeps the build short (a third of -O1's compile time) and the
# reports readable with line numbers; asserts stay on.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_ASAN_BUILD_DIR:-$ROOT/build-asan}"
obkv_configure "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -g1" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O0 -g1" -DOBKVLITE_SANITIZE=ON
# Only the suites (obkv_tests; they pull in obkv and obkv-crash-writer)
# and the examples, not the benches.
targets=(obkv_tests)
# The examples are CTest tests too.
for src in "$ROOT"/examples/*.cpp; do
  targets+=("example_$(basename "$src" .cpp)")
done
obkv_build "$BUILD" "${targets[@]}"
cd "$BUILD"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Left to the Release ctest: io_fault_test's 3-file run (~1400 faulted
# workloads, 2 minutes under ASan; the 3-file paths run here in the other
# *_shards3 suites), the Galera cluster's runs (the client code they
# exercise runs here against the private MariaDB) and bench_test.
ctest --output-on-failure -j"$(obkv_ctest_jobs)" \
  -E '^io_fault_test_shards3$|galera|^bench_test$'
