#!/usr/bin/env bash
# A private 3-node MariaDB Galera cluster for tests (Debian's galera-4 and
# rsync), every node on 127.0.0.1 only: a client port, a Galera group port,
# an IST port and an SST port each, all picked free at start, and a Unix
# socket DIR/nodeN/mysqld.sock. Never a system-wide instance.
#   scripts/galera_cluster.sh start DIR      initialises and starts nodes 1-3:
#       node 1 bootstraps the cluster and gets the TCP user obkv@127.0.0.1
#       (no password); nodes 2 and 3 join it by an rsync SST into an empty
#       data directory. Run as root, the joiner's rsync daemon switches to
#       'nobody', so that directory is nobody's (mariadbd, as root, reads
#       it all the same). DIR/env gets
#       OBKV_GALERA_PORTS=P1,P2,P3 and OBKV_GALERA_SOCKETS=S1,S2,S3.
#   scripts/galera_cluster.sh stop DIR       stops every node, removes DIR.
#   scripts/galera_cluster.sh kill N DIR     SIGKILLs node N (fault tests).
#   scripts/galera_cluster.sh bootstrap N DIR  makes node N, left alone in a
#       non-primary component (quorum lost), the primary component again
#       (pc.bootstrap), so the killed nodes can rejoin it.
#   scripts/galera_cluster.sh restart N DIR  starts node N again after a kill
#       or a stop: it recovers its position (--wsrep-recover) and rejoins by
#       IST from a live node's gcache, and waits until it is Synced.
set -euo pipefail
usage() { echo "usage: $0 start|stop DIR | kill|restart|bootstrap N DIR" >&2; exit 2; }
cmd="${1:-}"
case "$cmd" in
  start|stop) DIR="${2:-}"; [ -n "$DIR" ] || usage ;;
  kill|restart|bootstrap) N="${2:-}"; DIR="${3:-}"; [ -n "$DIR" ] && [ -n "$N" ] || usage ;;
  *) usage ;;
esac
# mariadbd resolves relative paths against its data directory.
case "$DIR" in /*) ;; *) DIR="$PWD/$DIR" ;; esac
PROVIDER=/usr/lib/galera/libgalera_smm.so
USER_ARG=()
[ "$(id -u)" -eq 0 ] && USER_ARG=(--user=root)

need_packages() {
  if [ ! -f "$PROVIDER" ] || ! command -v rsync >/dev/null ||
      ! command -v mariadbd >/dev/null; then
    echo "galera_cluster: installing galera-4, rsync, mariadb-server" >&2
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >/dev/null
    $SUDO apt-get install -y -qq --no-install-recommends galera-4 rsync \
      mariadb-server mariadb-client >/dev/null
  fi
}

# Twelve free loopback TCP ports, one a line.
free_ports() {
  python3 - <<'EOF'
import socket
socks = []
for _ in range(12):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
for s in socks:
    print(s.getsockname()[1])
EOF
}

port() { sed -n "$1p" "$DIR/ports"; }  # line 1-3 client, 4-6 group, 7-9 IST, 10-12 SST
node_dir() { echo "$DIR/node$1"; }
sock() { echo "$(node_dir "$1")/mysqld.sock"; }

client() {  # client N ARGS...: the mariadb client on node N's socket
  local n="$1"; shift
  mariadb --no-defaults -S "$(sock "$n")" -u"$(id -un)" "$@"
}

cluster_address() {
  echo "gcomm://127.0.0.1:$(port 4),127.0.0.1:$(port 5),127.0.0.1:$(port 6)"
}

# node_args N: NODE_ARGS = node N's mariadbd arguments.
node_args() {
  local n="$1"
  local d; d="$(node_dir "$n")"
  NODE_ARGS=(--no-defaults "${USER_ARG[@]}" --datadir="$d/data" --tmpdir="$d/tmp"
    --socket="$(sock "$n")" --port="$(port "$n")" --bind-address=127.0.0.1
    --pid-file="$d/mysqld.pid" --log-error="$d/mysqld.err"
    --innodb-buffer-pool-size=32M --innodb-log-file-size=16M
    --max-allowed-packet=64M --innodb-flush-log-at-trx-commit=2
    --skip-log-bin --binlog-format=ROW --innodb-autoinc-lock-mode=2
    --wsrep-on=ON --wsrep-provider="$PROVIDER"
    --wsrep-cluster-name=obkv_test --wsrep-cluster-address="$(cluster_address)"
    --wsrep-node-name="node$n" --wsrep-node-address=127.0.0.1
    --wsrep-provider-options="gmcast.listen_addr=tcp://127.0.0.1:$(port $((n + 3)));ist.recv_addr=127.0.0.1:$(port $((n + 6)));gcache.size=64M;pc.wait_prim_timeout=PT5S"
    --wsrep-sst-method=rsync --wsrep-sst-receive-address="127.0.0.1:$(port $((n + 9)))"
    --wsrep-slave-threads=2)
}

# run_node N [EXTRA ARGS...]: starts node N's mariadbd in the background.
run_node() {
  local n="$1"; shift
  node_args "$n"
  mariadbd "${NODE_ARGS[@]}" "$@" </dev/null >/dev/null 2>&1 &
}

# open_data N: run as root, a joiner's rsync daemon switches to 'nobody'
# (for an SST, and for the marker file even an IST sends), so node N's
# data directory is nobody's (mariadbd, as root, reads it all the same).
open_data() {
  local data; data="$(node_dir "$1")/data"
  chmod 777 "$data"
  if [ "$(id -u)" -eq 0 ]; then chown nobody "$data"; fi
}

# empty_data N: an empty data directory for an SST.
empty_data() {
  rm -rf "$(node_dir "$1")/data"
  mkdir -p "$(node_dir "$1")/data"
  open_data "$1"
}

# wait_synced N: until node N answers and reports Synced.
wait_synced() {
  local n="$1"
  for _ in $(seq 300); do
    if [ -S "$(sock "$n")" ]; then
      local state
      state="$(client "$n" -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" \
        2>/dev/null | cut -f2)" || true
      [ "$state" = "Synced" ] && return 0
    fi
    sleep 0.2
  done
  echo "galera_cluster: node $n is not Synced" >&2
  tail -30 "$(node_dir "$n")/mysqld.err" >&2 || true
  return 1
}

node_pid() { cat "$(node_dir "$1")/mysqld.pid" 2>/dev/null || true; }

stop_node() {  # stop_node N SIGNAL
  local pid; pid="$(node_pid "$1")"
  [ -n "$pid" ] || return 0
  kill "-$2" "$pid" 2>/dev/null || true
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$(node_dir "$1")/mysqld.pid" "$(sock "$1")"
}

case "$cmd" in
  start)
    need_packages
    if [ -f "$DIR/ports" ]; then "$0" stop "$DIR"; fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chmod 755 "$DIR"
    free_ports >"$DIR/ports"
    # Each node's temporary files stay in its own tmp (not a shared /tmp).
    for n in 1 2 3; do mkdir -p "$(node_dir "$n")/tmp"; done
    mariadb-install-db --no-defaults "${USER_ARG[@]}" \
      --datadir="$(node_dir 1)/data" --tmpdir="$(node_dir 1)/tmp" \
      --auth-root-authentication-method=socket --skip-test-db \
      >"$(node_dir 1)/install.log" 2>&1 ||
      { cat "$(node_dir 1)/install.log" >&2; exit 1; }
    open_data 1
    run_node 1 --wsrep-new-cluster
    wait_synced 1
    client 1 -e "CREATE USER IF NOT EXISTS 'obkv'@'127.0.0.1';
                 GRANT ALL ON *.* TO 'obkv'@'127.0.0.1'"
    for n in 2 3; do empty_data "$n"; done
    for n in 2 3; do
      run_node "$n"
      wait_synced "$n"
    done
    {
      echo "OBKV_GALERA_PORTS=$(port 1),$(port 2),$(port 3)"
      echo "OBKV_GALERA_SOCKETS=$(sock 1),$(sock 2),$(sock 3)"
    } >"$DIR/env"
    cat "$DIR/env"
    ;;
  kill)
    stop_node "$N" 9
    ;;
  bootstrap)
    client "$N" -e "SET GLOBAL wsrep_provider_options='pc.bootstrap=YES'"
    wait_synced "$N"
    ;;
  restart)
    d="$(node_dir "$N")"
    # After a crash grastate.dat holds seqno -1: recover the position from
    # InnoDB so that the node asks for IST, not a full SST.
    node_args "$N"
    mariadbd "${NODE_ARGS[@]}" --wsrep-recover --log-error="$d/recover.err" \
      </dev/null >/dev/null 2>&1 || true
    pos="$(sed -n 's/.*WSREP: Recovered position: *//p' "$d/recover.err" \
      2>/dev/null | tail -1)" || true
    rm -f "$d/recover.err"
    case "$pos" in
      ""|00000000-0000-0000-0000-000000000000:*|*:-1)
        empty_data "$N"  # nothing to resume from: a full SST
        run_node "$N" ;;
      *) open_data "$N"
         run_node "$N" --wsrep-start-position="$pos" ;;
    esac
    wait_synced "$N"
    ;;
  stop)
    if [ -f "$DIR/ports" ]; then
      for n in 3 2 1; do stop_node "$n" 15; done
    fi
    rm -rf "$DIR"
    ;;
esac
