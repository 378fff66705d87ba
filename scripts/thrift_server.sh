#!/usr/bin/env bash
# An `obkv thrift start` gateway for tests, on a free loopback port, with
# its files in DIR (CTest fixtures; tests/CMakeLists.txt).
#   scripts/thrift_server.sh start OBKV DIR STORE [--shards N] [ARGS...]
#       creates the store's fixture tables (tests/server/thrift/regions_spec.json,
#       namespace thrift_ns), starts `OBKV --store STORE thrift start -p 0
#       ARGS...` and waits for its "serving" line; writes DIR/port, DIR/pid
#       and, when it exits, DIR/exit_code.
#   scripts/thrift_server.sh start2 OBKV DIR FROM [ARGS...]
#       starts `OBKV --store STORE thrift2 start -p 0 ARGS...` (HBase's
#       Thrift2) on the store of the gateway started in FROM, creating
#       nothing; the same files in DIR.
#   scripts/thrift_server.sh stop DIR
#       SIGTERM; fails unless the gateway exits 0 within 20 s.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:?usage: $0 start OBKV DIR STORE [ARGS...] | start2 OBKV DIR FROM [ARGS...] | stop DIR}"

# serve OBKV DIR STORE COMMAND SERVICE [ARGS...]: runs `OBKV --store STORE
# COMMAND start -p 0 ARGS...` in the background and waits for its line
# "serving HBase SERVICE on HOST:PORT".
serve() {
  local obkv="$1" dir="$2" store="$3" command="$4" service="$5"
  shift 5
  # The gateway outlives this script: no inherited stdin/stdout (CTest
  # waits for those to close).
  (
    "$obkv" --store "$store" "$command" start -p 0 "$@" \
      </dev/null >/dev/null 2>"$dir/stderr" &
    echo $! >"$dir/pid"
    rc=0
    wait $! || rc=$?
    echo "$rc" >"$dir/exit_code"
  ) </dev/null >/dev/null 2>&1 &
  for _ in $(seq 200); do
    if [ -f "$dir/stderr" ] && grep -q "serving HBase $service on" "$dir/stderr"; then
      sed -n "s/.*serving HBase $service on [^ ]*:\([0-9][0-9]*\) .*/\1/p" \
        "$dir/stderr" | head -1 >"$dir/port"
      echo "$command gateway on port $(cat "$dir/port") (store $store)"
      exit 0
    fi
    if [ -f "$dir/exit_code" ]; then break; fi
    sleep 0.1
  done
  echo "thrift_server: the gateway did not start" >&2
  cat "$dir/stderr" >&2 || true
  exit 1
}

fresh_dir() {
  local dir="$1"
  if [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
    "$0" stop "$dir" || true
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
}

case "$cmd" in
  start)
    OBKV="${2:?OBKV}"; DIR="${3:?DIR}"; STORE="${4:?STORE}"; shift 4
    SHARDS=()
    if [ "${1:-}" = "--shards" ]; then SHARDS=(--shards "$2"); shift 2; fi
    fresh_dir "$DIR"
    case "$STORE" in
      mysql://*) ;;
      *) STORE="$DIR/$STORE" ;;
    esac
    echo "$STORE" >"$DIR/store"
    "$OBKV" --store "$STORE" create "${SHARDS[@]}" \
      "$ROOT/tests/server/thrift/regions_spec.json" >/dev/null
    "$OBKV" --store "$STORE" namespace create thrift_ns >/dev/null
    serve "$OBKV" "$DIR" "$STORE" thrift Thrift1 "$@"
    ;;
  start2)
    OBKV="${2:?OBKV}"; DIR="${3:?DIR}"; FROM="${4:?FROM}"; shift 4
    STORE="$(cat "$FROM/store")"
    fresh_dir "$DIR"
    echo "$STORE" >"$DIR/store"
    serve "$OBKV" "$DIR" "$STORE" thrift2 Thrift2 "$@"
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
    echo "usage: $0 start OBKV DIR STORE [ARGS...] | start2 OBKV DIR FROM [ARGS...] | stop DIR" >&2
    exit 2
    ;;
esac
