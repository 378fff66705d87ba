# Sourced by the build scripts (build.sh, sanitize.sh, tsan.sh, fuzz.sh):
# the one way they configure a build folder and report the compiler cache.
# Requires ROOT (the checkout) to be set by the sourcing script.

# obkv_configure DIR ARG...: configures DIR from the checkout with ARGs, on
# Ninja when it is installed and DIR is new (a folder made by another
# generator keeps it), quietly.
obkv_configure() {
  local dir="$1"
  shift
  local generator=()
  if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null; then
    generator=(-G Ninja)
  fi
  cmake -S "$ROOT" -B "$dir" "${generator[@]}" "$@" >/dev/null
}

# The compiler cache's hits and misses so far (two numbers), or nothing
# without ccache.
obkv_ccache_counts() {
  command -v ccache >/dev/null || return 0
  ccache --print-stats 2>/dev/null | awk '
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
    $1 == "cache_miss" { miss += $2 }
    END { print hit + 0, miss + 0 }'
}

# obkv_build DIR TARGET...: builds TARGETs in DIR with every core, and
# prints how many compiles the cache served. OBKV_BUILD_QUIET=1 keeps the
# build's own progress off stdout (in DIR/build.log; its tail goes to stderr
# when the build fails).
obkv_build() {
  local dir="$1"
  shift
  local before after
  before="$(obkv_ccache_counts)"
  if [ "${OBKV_BUILD_QUIET:-0}" = 1 ]; then
    # Quiet, but a failed build still says why.
    if ! cmake --build "$dir" -j"$(nproc)" --target "$@" >"$dir/build.log" 2>&1; then
      tail -40 "$dir/build.log" >&2
      echo "build: failed in $dir (whole output: $dir/build.log)" >&2
      return 1
    fi
  else
    cmake --build "$dir" -j"$(nproc)" --target "$@"
  fi
  after="$(obkv_ccache_counts)"
  if [ -n "$before" ] && [ -n "$after" ]; then
    read -r h0 m0 <<<"$before"
    read -r h1 m1 <<<"$after"
    echo "build: ccache: $((h1 - h0)) compiles from the cache, $((m1 - m0)) compiled"
  fi
}

# How many suites ctest runs at once: twice the cores. The suites wait on
# servers (MariaDB restarts, the Galera cluster, the gateways) and on
# fsync more than they compute, so twice the cores keeps the cores busy;
# RESOURCE_LOCKs in tests/CMakeLists.txt keep apart the suites that share
# a server.
obkv_ctest_jobs() {
  echo $(($(nproc) * 2))
}
