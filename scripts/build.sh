#!/usr/bin/env bash
# Configures and builds obkvlite into build/ (or $OBKV_BUILD_DIR), printing
# a line per step and the build's progress ([42/470] ...), then how many
# compiles ccache served (scripts/build_common.sh, cmake/build_speed.cmake).
# Extra arguments go to the configure step, e.g. -DOBKVLITE_SANITIZE=ON.
# OBKV_BUILD_TARGETS="obkv ..." builds only those targets (default: all).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
TARGETS="${OBKV_BUILD_TARGETS:-all}"
echo "build: configuring $BUILD"
obkv_configure "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_WERROR=ON "$@"
echo "build: building target(s) $TARGETS with $(nproc) jobs"
# shellcheck disable=SC2086  # TARGETS is a list
obkv_build "$BUILD" $TARGETS
