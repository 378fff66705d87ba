#!/usr/bin/env bash
# Builds and runs obkv-bench (medians of 3 runs by default) and the routing
# benchmark. Arguments go to obkv-bench, e.g. scripts/bench.sh --rows 100000.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh" >/dev/null
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
"$BUILD/obkv-route-bench"
"$BUILD/obkv-bench" "$@"
