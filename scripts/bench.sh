#!/usr/bin/env bash
# Builds and runs obkv-bench (medians of 3 runs by default) and the routing
# benchmark. Arguments go to obkv-bench, e.g. scripts/bench.sh --rows 100000
# --arms raw,raw97,key97 (key97 read against raw97, its 97 tables by hand),
# --mmap-mib 0 (mmap off on every arm), or --create-partitions 97,997,8192
# (CreateTable time against the partition count).
# When the arms include a server arm (--arms rawmariadb,mariadb), a private
# MariaDB is started on a Unix socket for the run (scripts/mariadb_server.sh)
# and stopped after it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh" >/dev/null
BUILD="${OBKV_BUILD_DIR:-$ROOT/build}"
"$BUILD/obkv-route-bench"
server=()
case " $* " in
  *mariadb*)
    DIR="$(mktemp -d "$BUILD/bench.XXXXXX")/server"
    trap '"$ROOT/scripts/mariadb_server.sh" stop "$DIR"' EXIT
    "$ROOT/scripts/mariadb_server.sh" start "$DIR" >/dev/null
    server=(--mysql-socket "$DIR/mysqld.sock")
    ;;
esac
"$BUILD/obkv-bench" "$@" "${server[@]}"
