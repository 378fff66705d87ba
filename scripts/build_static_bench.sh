#!/usr/bin/env bash
# Builds obkv-bench as one statically linked program into build-static/ (or
# $OBKV_STATIC_BUILD_DIR), to copy to a larger machine and run there
# unchanged: no shared library, glibc included (-DOBKVLITE_STATIC_BENCH=ON,
# every library from its Debian static archive). Its arms are those of the
# build folder's obkv-bench except the REST ones (--rest, and rest in
# --threads): Debian ships cpp-httplib and simdjson as shared libraries only.
# Then checks that the program has no dynamic section and runs one short
# point of --threads with it. Prints the program's path last.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_STATIC_BUILD_DIR:-$ROOT/build-static}"
echo "static bench: configuring $BUILD"
obkv_configure "$BUILD" -DCMAKE_BUILD_TYPE=Release -DOBKVLITE_WERROR=ON \
  -DOBKVLITE_STATIC_BENCH=ON -DOBKVLITE_BUILD_TESTS=OFF \
  -DOBKVLITE_BUILD_EXAMPLES=OFF -DOBKVLITE_INSTALL=OFF
echo "static bench: building obkv-bench"
OBKV_BUILD_QUIET=1 obkv_build "$BUILD" obkv-bench
BENCH="$BUILD/obkv-bench"
# A static program has no program interpreter and no dynamic section.
if readelf -l "$BENCH" | grep -q 'INTERP\|DYNAMIC'; then
  echo "static bench: $BENCH is not statically linked:" >&2
  readelf -d "$BENCH" | grep NEEDED >&2 || true
  exit 1
fi
echo "static bench: statically linked, $(du -h "$BENCH" | cut -f1)"
# One short point, so that a program that links but cannot run fails here.
if ! out="$(cd "$BUILD" && "$BENCH" --threads 1 --rows 2000 --seconds 0.2 \
  --workloads get --json 2>&1)"; then
  echo "static bench: the smoke run failed:" >&2
  echo "$out" >&2
  exit 1
fi
echo "static bench: smoke run: $(echo "$out" | tail -1 | cut -c1-120)"
echo "$BENCH"
