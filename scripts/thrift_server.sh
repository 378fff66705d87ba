#!/usr/bin/env bash
# An `obkv thrift start` gateway for tests, on a free loopback port, with
# its files in DIR (CTest fixtures; tests/CMakeLists.txt).
#   scripts/thrift_server.sh start OBKV DIR STORE [--shards N] [ARGS...]
#       creates the store's fixture tables (tests/server/thrift/regions_spec.json,
#       namespace thrift_ns), starts `OBKV --store STORE thrift start -p 0
#       ARGS...` and waits for its "serving" line; writes DIR/port, DIR/pid
#       and, when it exits, DIR/exit_code.
#   scripts/thrift_server.sh stop DIR
#       SIGTERM; fails unless the gateway exits 0 within 20 s.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:?usage: $0 start OBKV DIR STORE [ARGS...] | stop DIR}"

case "$cmd" in
  start)
    OBKV="${2:?OBKV}"; DIR="${3:?DIR}"; STORE="${4:?STORE}"; shift 4
    SHARDS=()
    if [ "${1:-}" = "--shards" ]; then SHARDS=(--shards "$2"); shift 2; fi
    if [ -f "$DIR/pid" ] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null; then
      "$0" stop "$DIR" || true
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    case "$STORE" in
      mysql://*) ;;
      *) STORE="$DIR/$STORE" ;;
    esac
    echo "$STORE" >"$DIR/store"
    "$OBKV" --store "$STORE" create "${SHARDS[@]}" \
      "$ROOT/tests/server/thrift/regions_spec.json" >/dev/null
    "$OBKV" --store "$STORE" namespace create thrift_ns >/dev/null
    # The gateway outlives this script: no inherited stdin/stdout (CTest
    # waits for those to close).
    (
      "$OBKV" --store "$STORE" thrift start -p 0 "$@" \
        </dev/null >/dev/null 2>"$DIR/stderr" &
      echo $! >"$DIR/pid"
      rc=0
      wait $! || rc=$?
      echo "$rc" >"$DIR/exit_code"
    ) </dev/null >/dev/null 2>&1 &
    for _ in $(seq 200); do
      if [ -f "$DIR/stderr" ] && grep -q "serving HBase Thrift1 on" "$DIR/stderr"; then
        sed -n 's/.*serving HBase Thrift1 on [^ ]*:\([0-9][0-9]*\) .*/\1/p' \
          "$DIR/stderr" | head -1 >"$DIR/port"
        echo "thrift gateway on port $(cat "$DIR/port") (store $STORE)"
        exit 0
      fi
      if [ -f "$DIR/exit_code" ]; then break; fi
      sleep 0.1
    done
    echo "thrift_server: the gateway did not start" >&2
    cat "$DIR/stderr" >&2 || true
    exit 1
    ;;
  stop)
    DIR="${2:?DIR}"
    [ -f "$DIR/pid" ] || { echo "thrift_server: nothing started in $DIR" >&2; exit 1; }
    pid="$(cat "$DIR/pid")"
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 200); do
      [ -f "$DIR/exit_code" ] && break
      sleep 0.1
    done
    if [ ! -f "$DIR/exit_code" ]; then
      kill -9 "$pid" 2>/dev/null || true
      echo "thrift_server: no clean exit within 20 s of SIGTERM" >&2
      exit 1
    fi
    rc="$(cat "$DIR/exit_code")"
    if [ "$rc" != 0 ]; then
      echo "thrift_server: the gateway exited $rc" >&2
      cat "$DIR/stderr" >&2 || true
      exit 1
    fi
    echo "thrift gateway stopped cleanly"
    ;;
  *)
    echo "usage: $0 start OBKV DIR STORE [ARGS...] | stop DIR" >&2
    exit 2
    ;;
esac
