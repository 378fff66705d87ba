#!/usr/bin/env bash
# Checks the library's lock annotations with clang's -Wthread-safety, then
# builds the libFuzzer targets (clang, ASan+UBSan) into build-fuzz/ (or
# $OBKV_FUZZ_BUILD_DIR), replays the committed seed corpora in fuzz/corpus/,
# then fuzzes each target for SECONDS (default 20) and prints its executions.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 60 filter
#
# Targets: spec filter exec_request bytes shell mysql_uri thrift_protocol rest_request (all by default). New inputs go to
# a scratch copy of the corpus, so the tree stays clean; a crash is saved
# as build-fuzz/crashes/<target>/crash-* and fails the script. To keep a
# finding, minimise it (TARGET_fuzzer -minimize_crash=1 FILE) and add it to
# fuzz/corpus/<target>/ with a regression test.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=build_common.sh
. "$ROOT/scripts/build_common.sh"
BUILD="${OBKV_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
SECONDS_PER_TARGET="${1:-20}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(spec filter exec_request bytes shell mysql_uri thrift_protocol rest_request)

# The lock annotations (src/util/thread_annotations.h): the fuzz targets do
# not link the files that take the annotated locks, so clang's
# -Wthread-safety checks those here, without building them.
mapfile -t locked < <(grep -rlE 'AllShardsLock|util::Mutex|MutexLock|->writer\(\)' \
  "$ROOT/src" --include='*.cc' | sort)
# One clang per core; any file's failure fails the step.
read -r -a mariadb_flags <<<"$(pkg-config --cflags libmariadb)"
# cpp-httplib's own defines (its OpenSSL support: REST's TLS).
read -r -a httplib_flags <<<"$(pkg-config --cflags cpp-httplib)"
printf '%s\0' "${locked[@]}" | xargs -0 -n 1 -P "$(nproc)" \
  clang++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -Wthread-safety \
  -I"$ROOT/include" -I"$ROOT/src" "${mariadb_flags[@]}" "${httplib_flags[@]}"
echo "fuzz: -Wthread-safety: ${#locked[@]} files that take annotated locks are clean"

# -O1 -g1, as libFuzzer's documentation suggests: quick to build, line
# numbers in a crash's stack.
CC=clang CXX=clang++ obkv_configure "$BUILD" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOBKVLITE_FUZZ=ON -DOBKVLITE_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DOBKVLITE_BUILD_TESTS=OFF
OBKV_BUILD_QUIET=1 obkv_build "$BUILD" "${TARGETS[@]/%/_fuzzer}"

for t in "${TARGETS[@]}"; do
  bin="$BUILD/fuzz/${t}_fuzzer"
  corpus="$ROOT/fuzz/corpus/$t"
  scratch="$BUILD/corpus/$t"
  crashes="$BUILD/crashes/$t"
  rm -rf "$scratch" && mkdir -p "$scratch" "$crashes"
  dict=()
  [ -f "$ROOT/fuzz/$t.dict" ] && dict=(-dict="$ROOT/fuzz/$t.dict")
  log="$BUILD/$t.log"
  # Replay: every committed input once.
  if ! "$bin" -runs=0 "$corpus" >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "fuzz: $t: a committed corpus input fails" >&2
    exit 1
  fi
  replayed=$(find "$corpus" -type f | wc -l)
  # Fuzz: new inputs go to the scratch corpus only.
  if ! "$bin" "${dict[@]}" -max_total_time="$SECONDS_PER_TARGET" \
      -max_len=4096 -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
      -artifact_prefix="$crashes/" "$scratch" "$corpus" >"$log" 2>&1; then
    tail -60 "$log" >&2
    echo "fuzz: $t: crash, input saved in $crashes/" >&2
    exit 1
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz: $t: replayed $replayed corpus inputs; $execs executions in" \
    "${SECONDS_PER_TARGET} s, no crash"
done
