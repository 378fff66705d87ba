#!/usr/bin/env bash
# A private MariaDB server for tests, on a Unix socket in DIR (never a
# system-wide instance, never a network port: --skip-networking).
#   scripts/mariadb_server.sh start DIR   installs mariadb-server when
#       missing, initialises DIR/data once, starts mariadbd on
#       DIR/mysqld.sock and waits until it answers; prints the store URI
#       prefix "mysql://USER@localhost/?socket=DIR/mysqld.sock" minus the
#       database (USER: root when run as root, else the login name, both
#       authenticated by the socket).
#   scripts/mariadb_server.sh stop DIR    stops it and removes DIR.
#   scripts/mariadb_server.sh kill DIR    SIGKILLs it (fault tests), keeps DIR.
#   scripts/mariadb_server.sh restart DIR starts it again after a kill.
set -euo pipefail
cmd="${1:?usage: $0 start|stop|kill|restart DIR}"
DIR="${2:?usage: $0 start|stop|kill|restart DIR}"
SOCK="$DIR/mysqld.sock"
USER_ARG=()
[ "$(id -u)" -eq 0 ] && USER_ARG=(--user=root)

# Whether process $1 is still running: a zombie is not (it is dead; only
# its parent has yet to reap it, and a container's init can take a second
# or more to, which made every kill of a fault test wait that long).
running() {
  local state
  state="$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

wait_ready() {
  for _ in $(seq 600); do
    if [ -S "$SOCK" ] && mariadb --no-defaults -S "$SOCK" -u"$(id -un)" \
        -e "SELECT 1" >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.05
  done
  echo "mariadb_server: no answer on $SOCK" >&2
  cat "$DIR/mysqld.err" >&2 || true
  return 1
}

run_server() {
  mariadbd --no-defaults "${USER_ARG[@]}" --datadir="$DIR/data" \
    --tmpdir="$DIR/tmp" --socket="$SOCK" --skip-networking --pid-file="$DIR/mysqld.pid" \
    --log-error="$DIR/mysqld.err" --innodb-buffer-pool-size=64M \
    --innodb-log-file-size=32M --max-allowed-packet=64M \
    --innodb-flush-log-at-trx-commit=2 --skip-log-bin </dev/null \
    >/dev/null 2>&1 &
  wait_ready
}

case "$cmd" in
  start)
    if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
      echo "mariadb_server: installing mariadb-server" >&2
      SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
      export DEBIAN_FRONTEND=noninteractive
      $SUDO apt-get update -qq >/dev/null
      $SUDO apt-get install -y -qq --no-install-recommends mariadb-server \
        mariadb-client >/dev/null
    fi
    if [ -f "$DIR/mysqld.pid" ] && kill -0 "$(cat "$DIR/mysqld.pid")" 2>/dev/null; then
      "$0" stop "$DIR"
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR/tmp"
    chmod 755 "$DIR"
    # The server's temporary files stay in DIR/tmp: a shared /tmp lets two
    # bootstraps (or a stale file of an earlier run) collide.
    mariadb-install-db --no-defaults "${USER_ARG[@]}" --datadir="$DIR/data" \
      --tmpdir="$DIR/tmp" \
      --auth-root-authentication-method=socket --skip-test-db \
      >"$DIR/install.log" 2>&1 || { cat "$DIR/install.log" >&2; exit 1; }
    run_server
    echo "mysql://$(id -un)@localhost/?socket=$SOCK"
    ;;
  restart)
    run_server
    ;;
  kill)
    if [ -f "$DIR/mysqld.pid" ]; then
      pid="$(cat "$DIR/mysqld.pid")"
      kill -9 "$pid" 2>/dev/null || true
      for _ in $(seq 200); do running "$pid" || break; sleep 0.05; done
    fi
    rm -f "$DIR/mysqld.pid" "$SOCK"
    ;;
  stop)
    if [ -f "$DIR/mysqld.pid" ]; then
      pid="$(cat "$DIR/mysqld.pid")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 200); do running "$pid" || break; sleep 0.05; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop|kill|restart DIR" >&2
    exit 2
    ;;
esac
