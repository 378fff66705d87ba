#!/usr/bin/env bash
# Builds the test suites with AddressSanitizer + UBSan (g++,
# -DOBKVLITE_SANITIZE=ON) into build-asan/ (or $OBKV_ASAN_BUILD_DIR) and
# runs them all with ctest. Any sanitizer report fails the run.
# -O1 -g1 keeps the build short and the reports readable; asserts stay on.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_ASAN_BUILD_DIR:-$ROOT/build-asan}"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DOBKVLITE_SANITIZE=ON >/dev/null
# Only the suites (they pull in obkv and obkv-crash-writer), not the benches.
targets=()
for src in "$ROOT"/tests/*_test.cc; do
  targets+=("$(basename "$src" .cc)")
done
cmake --build "$BUILD" -j"$(nproc)" --target "${targets[@]}"
cd "$BUILD"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --output-on-failure -j"$(nproc)"
