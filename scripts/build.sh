#!/usr/bin/env bash
# Configures and builds obkvlite into build/ (or $OBKV_BUILD_DIR).
# Extra arguments go to the configure step, e.g. -DOBKVLITE_SANITIZE=ON.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
