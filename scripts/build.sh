#!/usr/bin/env bash
# Configures and builds obkvlite into build/ (or $OBKV_BUILD_DIR), printing
# a line per step and cmake's progress ([ 42%] ...).
# Extra arguments go to the configure step, e.g. -DOBKVLITE_SANITIZE=ON.
# OBKV_BUILD_TARGETS="obkv ..." builds only those targets (default: all).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
TARGETS="${OBKV_BUILD_TARGETS:-all}"
echo "build: configuring $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_WERROR=ON "$@" >/dev/null
echo "build: building target(s) $TARGETS with $(nproc) jobs"
# shellcheck disable=SC2086  # TARGETS is a list
cmake --build "$BUILD" -j"$(nproc)" --target $TARGETS
