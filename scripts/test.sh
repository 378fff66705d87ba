#!/usr/bin/env bash
# Sets up, builds and runs every test suite (ctest prints the summary).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh" "$@"
cd "${OBKV_BUILD_DIR:-$ROOT/build}"
ctest --output-on-failure -j"$(nproc)"
# Install and build examples/ against the installed package.
OBKV_BUILD_DIR="${OBKV_BUILD_DIR:-$ROOT/build}" "$ROOT/scripts/examples.sh"
# The mysql dialect and export dump against a real MariaDB.
"$ROOT/scripts/mariadb_test.sh" "${OBKV_BUILD_DIR:-$ROOT/build}/obkv"
# The shell and load's progress bar on a real terminal (tmux).
"$ROOT/scripts/shell_tmux_test.sh" "${OBKV_BUILD_DIR:-$ROOT/build}/obkv"
