#!/usr/bin/env bash
# Drives the real `obkv` on a terminal through tmux: the interactive shell
# (prompt, HBase syntax, errors, exit) and load's progress bar (drawn on a
# terminal, silenced by --quiet). Skips with a message when tmux is
# missing. Usage: scripts/shell_tmux_test.sh [OBKV_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OBKV="${1:-${OBKV_BUILD_DIR:-$ROOT/build}/obkv}"
if ! command -v tmux >/dev/null; then
  echo "shell_tmux_test: skipped (tmux is not installed)"
  exit 0
fi
WORK="$(mktemp -d)"
TMUX_CMD=(tmux -S "$WORK/tmux.sock")
cleanup() {
  "${TMUX_CMD[@]}" kill-server 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# Waits until the pane shows TEXT (a fixed string); fails after 15 s.
wait_for() {
  for _ in $(seq 150); do
    if "${TMUX_CMD[@]}" capture-pane -p -t obkv | grep -qF -- "$1"; then
      return 0
    fi
    sleep 0.1
  done
  echo "shell_tmux_test: FAIL: the terminal never showed: $1" >&2
  "${TMUX_CMD[@]}" capture-pane -p -t obkv >&2
  exit 1
}
type_line() { "${TMUX_CMD[@]}" send-keys -t obkv -l -- "$1"; "${TMUX_CMD[@]}" send-keys -t obkv Enter; }

# 1. The shell on a terminal. A missing store is refused, with how to make
# one; --create makes it.
"${TMUX_CMD[@]}" new-session -d -s obkv -x 160 -y 50 \
  "'$OBKV' --store '$WORK/s.obkv' shell; echo SHELL-EXIT=\$?; sleep 30"
wait_for "obkv: no store at '$WORK/s.obkv' (make one with: obkv --store $WORK/s.obkv shell --create)"
wait_for "SHELL-EXIT=1"
"${TMUX_CMD[@]}" kill-session -t obkv
"${TMUX_CMD[@]}" new-session -d -s obkv -x 160 -y 50 \
  "HOME='$WORK' TZ=UTC '$OBKV' --store '$WORK/s.obkv' shell --create; echo SHELL-EXIT=\$?; sleep 30"
wait_for "obkv:001>"
type_line "create 't', {NAME => 'f', VERSIONS => 3}"
wait_for "Created table t"
wait_for "=> Hbase::Table - t"
type_line "put 't','r1','f:q','v1', 100"
type_line "put 't','r1','f:q','v2', 200"
type_line "get 't','r1',{COLUMN => 'f:q', VERSIONS => 3}"
wait_for " f:q                           timestamp=1970-01-01T00:00:00.100, value=v1"
type_line "scan 't', {STARTROW => 'a', LIMIT => 10}"
wait_for " r1                            column=f:q, timestamp=1970-01-01T00:00:00.200, value=v2"
type_line "put 't','r1'"
wait_for "ERROR: line 6: put: takes 'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'[, TS], got 2 arguments"
type_line "describe 't'"
wait_for "{NAME => 'f', VERSIONS => '3', TTL => 'FOREVER'"
wait_for "obkv:008>"
# An open bracket continues the statement on the next line.
type_line "scan 't', {LIMIT => 1,"
wait_for "obkv:009*"
type_line "  COLUMNS => ['f:q:toString']}"
wait_for " r1                            column=f:q, timestamp=1970-01-01T00:00:00.200, value=v2"
wait_for "obkv:010>"
if ! "${TMUX_CMD[@]}" capture-pane -p -t obkv | grep -q '^Took [0-9]*\.[0-9]\{4\} seconds$'; then
  echo "shell_tmux_test: FAIL: no 'Took N.NNNN seconds' line" >&2
  "${TMUX_CMD[@]}" capture-pane -p -t obkv >&2
  exit 1
fi
type_line "exit"
wait_for "SHELL-EXIT=1"  # line 6 failed
"${TMUX_CMD[@]}" kill-session -t obkv
echo "shell_tmux_test: interactive shell OK"

# 1b. Line editing (libedit, line_editor.h): the cursor keys edit the line
# instead of inserting escape bytes, Tab completes a command, Up recalls
# the history (kept in $HOME/.obkv_history across sessions), and Ctrl-C
# drops the statement being typed without ending the shell.
keys() { "${TMUX_CMD[@]}" send-keys -t obkv "$@"; }
"${TMUX_CMD[@]}" new-session -d -s obkv -x 160 -y 50 \
  "HOME='$WORK' TZ=UTC '$OBKV' --store '$WORK/s.obkv' shell; echo SHELL-EXIT=\$?; sleep 30"
wait_for "obkv:001>"
keys -l "put 't','r2','f:q','vX'"
keys Left Left BSpace
keys -l "Y"
keys Enter
wait_for "obkv:002>"
type_line "get 't','r2'"
wait_for "timestamp="
keys -l "cou"
keys Tab
keys -l "'t'"
keys Enter
wait_for "2 row(s)"
wait_for "obkv:004>"
keys Up Up Enter
wait_for "obkv:005>"
if [ "$("${TMUX_CMD[@]}" capture-pane -p -t obkv | grep -c 'value=YX')" -ne 2 ]; then
  echo "shell_tmux_test: FAIL: the edited put, or Up's repeated get, is missing" >&2
  "${TMUX_CMD[@]}" capture-pane -p -t obkv >&2
  exit 1
fi
type_line "scan 't', {LIMIT => 1,"
wait_for "obkv:006*"
keys C-c
wait_for "obkv:006>"
type_line "exit"
wait_for "SHELL-EXIT=0"
# (libedit's file writes a space as \040.)
grep -q "^get.*'t','r2'\$" "$WORK/.obkv_history" || {
  echo "shell_tmux_test: FAIL: no history in $WORK/.obkv_history" >&2
  exit 1
}
"${TMUX_CMD[@]}" kill-session -t obkv
echo "shell_tmux_test: line editing OK"

# 2. load's progress bar: on a terminal unless --quiet.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "r%06d\tf:q\t%d\tv\n", i, i }' \
  >"$WORK/cells.tsv"
"${TMUX_CMD[@]}" new-session -d -s obkv -x 160 -y 50 \
  "'$OBKV' --store '$WORK/s.obkv' load t '$WORK/cells.tsv'; '$OBKV' --store '$WORK/s.obkv' load t '$WORK/cells.tsv' --quiet; echo LOAD-DONE; sleep 30"
wait_for "LOAD-DONE"
pane="$("${TMUX_CMD[@]}" capture-pane -p -t obkv)"
bars="$(grep -c 'rows/s' <<<"$pane" || true)"
if ! grep -q '^\[####################\] 100%  20000 rows  [0-9]* rows/s  ETA 0:00' <<<"$pane" ||
   [ "$bars" -ne 1 ] || [ "$(grep -c 'loaded 20000 cells into t' <<<"$pane")" -ne 2 ]; then
  echo "shell_tmux_test: FAIL: expected one progress bar (not with --quiet):" >&2
  echo "$pane" >&2
  exit 1
fi
echo "shell_tmux_test: load progress bar OK ($(grep -o '[0-9]* rows/s' <<<"$pane"))"
