#!/usr/bin/env bash
# Installs obkvlite from the build tree into a temporary prefix and builds
# examples/ against the installed package twice: through find_package
# (CMake) and through pkg-config (plain g++). Runs every example.
# (The main build already builds and runs them through add_subdirectory:
# ctest -R example_.)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PREFIX="$WORK/prefix"

cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null
test -x "$PREFIX/bin/obkv"
"$PREFIX/bin/obkv" --help >/dev/null

# 1. CMake: find_package(obkvlite) -> obkvlite::obkvlite.
cmake -S "$ROOT/examples" -B "$WORK/cmake" -DCMAKE_PREFIX_PATH="$PREFIX" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$WORK/cmake" -j"$(nproc)" >/dev/null
(cd "$WORK/cmake" && ctest --output-on-failure >/dev/null)
echo "examples: find_package build: 3 examples built and passed"

# 2. pkg-config: g++ $(pkg-config --cflags --libs obkvlite).
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig:$PREFIX/lib/$(gcc -dumpmachine)/pkgconfig"
for name in embed timeseries analyze; do
  # shellcheck disable=SC2046
  g++ -Wall -Wextra -Werror -o "$WORK/pc_$name" "$ROOT/examples/$name.cpp" \
    $(pkg-config --cflags --libs obkvlite)
  "$WORK/pc_$name" "$WORK/pc_$name.obkv" >/dev/null
done
echo "examples: pkg-config build: 3 examples built and passed"
