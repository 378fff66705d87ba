#!/usr/bin/env bash
# Installs the Debian packages obkvlite needs. Idempotent; silent when
# everything is already installed.
#   scripts/setup.sh         everything: building, the tests, fuzzing, tmux,
#                            and the npm packages of the Node client tests
#                            (tests/server/{thrift2,rest}/node, from their
#                            lockfiles)
#   scripts/setup.sh build   only what configuring and building needs
#                            (scripts/demo.sh)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

# Configuring the top-level project needs doctest and libxml2 too (the test
# suites are on by default).
BUILD_PACKAGES=(
  cmake
  g++
  make
  pkg-config
  libsqlite3-dev
  libmurmurhash-dev
  libpcre2-dev        # regexstring comparators (PCRE2 with JIT)
  nlohmann-json3-dev
  doctest-dev
  libcli11-dev
  libssl-dev
  libxml2-dev
  libmariadb-dev      # MariaDB Connector/C: the MySQL-protocol engine
  libthrift-dev       # the Thrift gateway (src/server/thrift/)
  thrift-compiler     # generates its C++ and Python from hbase.thrift
  libboost-dev        # libthrift's headers; Beast and Asio: the HTTP server (src/server/http/)
  libcpp-httplib-dev  # the REST bench's HTTP client (src/tools/bench/)
  protobuf-compiler   # REST's protobuf models (src/server/rest/rest_models.proto)
  libprotobuf-dev
  libsimdjson-dev     # REST's quick JSON CellSet reader (src/server/rest/cell_set_simdjson.h)
  libedit-dev         # the shell's line editing (src/tools/cli/shell/line_editor.h)
  ninja-build         # the build's generator (scripts/build_common.sh)
  ccache              # compiler cache shared by every build folder and clone
  mold                # the linker (cmake/build_speed.cmake)
)
TEST_PACKAGES=(
  sqlite3
  mariadb-server      # a private server on a Unix socket (scripts/mariadb_server.sh)
  mariadb-client
  galera-4            # the 3-node test cluster (scripts/galera_cluster.sh)
  rsync               # its state transfers
  clang               # fuzz targets only (scripts/fuzz.sh)
  libclang-rt-14-dev  # libFuzzer runtime (-fsanitize=fuzzer)
  tmux
  python3-thrift      # the Thrift gateway's Python test driver
  python3-protobuf    # the REST gateway's protobuf tests
  python3             # the REST gateway's HTTP client tests (tests/server/rest/)
  curl                # the README's REST session, by hand
  chromium            # the web pages' browser test (headless)
  prometheus          # promtool check metrics
  librsvg2-bin        # rsvg-convert: the SVG text-overflow test
)

case "${1:-all}" in
  build) PACKAGES=("${BUILD_PACKAGES[@]}") ;;
  all) PACKAGES=("${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  *) echo "usage: $0 [build]" >&2; exit 2 ;;
esac

# Node.js and npm run the Thrift2 gateway's Node client test; a machine
# that has them from elsewhere keeps its own.
if [ "${1:-all}" = all ] && ! command -v npm >/dev/null; then
  PACKAGES+=(nodejs npm)
fi

# The Node client tests' packages, as their lockfiles pin them: npm's
# thrift (the Thrift2 gateway's test) and node-hbase (REST over TLS; its
# optional Kerberos module is left out).
node_packages() {
  [ "${1:-all}" = all ] || return 0
  local dir package
  for dir in thrift2:thrift rest:hbase; do
    package="${dir#*:}"
    dir="$ROOT/tests/server/${dir%%:*}/node"
    if [ ! -d "$dir/node_modules/$package" ]; then
      echo "setup: installing the npm packages of $dir" >&2
      npm ci --prefix "$dir" --omit=optional --no-audit --no-fund \
        --loglevel=error >/dev/null
    fi
  done
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  node_packages "${1:-all}"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "setup: installing ${#missing[@]} Debian packages with apt-get (a few minutes on a fresh machine): ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
node_packages "${1:-all}"
