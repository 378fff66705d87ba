#!/usr/bin/env bash
# Sets up, builds and runs every test suite (ctest prints the summary),
# then the ecosystem checks, each timed: examples against the installed
# package, the MariaDB migration test and the tmux terminal test.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
export OBKV_BUILD_DIR="$BUILD"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh" "$@"
(cd "$BUILD" && ctest --output-on-failure -j"$(nproc)")

step() {  # NAME COMMAND...: runs the command and prints its wall time
  local start=$SECONDS
  "${@:2}"
  echo "test.sh: $1 took $((SECONDS - start)) s"
}
step examples "$ROOT/scripts/examples.sh"
step mariadb "$ROOT/scripts/mariadb_test.sh" "$BUILD/obkv"
step tmux "$ROOT/scripts/shell_tmux_test.sh" "$BUILD/obkv"
