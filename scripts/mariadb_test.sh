#!/usr/bin/env bash
# Proves `obkv export --dialect mysql` against a real MySQL-compatible
# server: a private MariaDB on a unix socket in a temporary directory
# (scripts/mariadb_server.sh), and for each spec in
# scripts/mariadb/ (one per partition strategy, plus two families and the
# timeseries layout):
#   1. loads generated cells (binary bytes, empty qualifiers, 3 versions)
#      into a store with `obkv load`;
#   2. loads `obkv export --dialect mysql` (DDL + INSERTs) into MariaDB;
#   3. compares every SELECTed K/Q/T/V row (hex) with the store's rows, the
#      row count with the store's cell count, and for RANGE strategies the
#      rows per partition name.
# It also reports which strategies MariaDB accepts as the oceanbase DDL
# writes them (only TABLEGROUP and kv_attributes removed), with the error.
# Usage: scripts/mariadb_test.sh [OBKV_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OBKV="${1:-${OBKV_BUILD_DIR:-$ROOT/build}/obkv}"
SPECS="$ROOT/scripts/mariadb"

# The server lives under the build folder, never in /tmp.
BUILD_DIR="${OBKV_BUILD_DIR:-$ROOT/build}"
mkdir -p "$BUILD_DIR"
WORK="$(mktemp -d "$BUILD_DIR/mariadb_test.XXXXXX")"
chmod 755 "$WORK"
SERVER="$WORK/server"
SOCK="$SERVER/mysqld.sock"
stop_server() {
  "$ROOT/scripts/mariadb_server.sh" stop "$SERVER" || true
  rm -rf "$WORK"
}
trap stop_server EXIT
"$ROOT/scripts/mariadb_server.sh" start "$SERVER" >/dev/null
SQL=(mariadb --no-defaults -S "$SOCK" -u"$(id -un)" -N -B)
echo "mariadb_test: $("${SQL[@]}" -e 'SELECT VERSION()') on $SOCK"

# 300 rows x (3 versions of f:q, one f:a\b, one empty qualifier on every
# 7th row); some rows hold 0x00 and 0xFF; timestamps spread over the range
# bounds 1000 and 2000. Timeseries values are JSON strings: UTF-8, so
# "\xC3\xA9" (e-acute) there instead of 0xFF.
cells() {  # FAMILY [timeseries]
  local ff='\\xFF'
  [ "${2:-}" = timeseries ] && ff='\\xC3\\xA9'
  awk -v fam="$1" -v ff="$ff" 'BEGIN {
    for (i = 0; i < 300; i++) {
      row = sprintf("r%04d", i); if (i % 50 == 0) row = row "\\x00\\xFF";
      for (v = 0; v < 3; v++)
        printf "%s\t%s:q\t%d\tv%d-%d\\x09\\x5C\n", row, fam, (i * 10) % 3000 + v, i, v;
      printf "%s\t%s:a\\x5Cb\t%d\t\\x00%s%d\n", row, fam, (i * 7) % 3000, ff, i;
      if (i % 7 == 0) printf "%s\t%s:\t%d\tempty-q\n", row, fam, 2500;
    }
  }'
}

# Rows of a relation as "hex(K) hex(Q) T hex(V)" (timeseries: K T S V).
store_rows() {  # STORE RELATION COLUMNS
  sqlite3 -readonly -separator $'\t' "$1" \
    "SELECT $3 FROM \"$2\" ORDER BY 1, 2, 3"
}
server_rows() {  # DB RELATION COLUMNS
  "${SQL[@]}" "$1" -e "SELECT $3 FROM \`$2\` ORDER BY 1, 2, 3"
}

as_is_ddl() {  # SPEC: oceanbase DDL without TABLEGROUP and kv_attributes
  "$OBKV" ddl "$1" --dialect oceanbase |
    sed -e '/^CREATE TABLEGROUP/d' -e 's/ TABLEGROUP = `[^`]*`//' \
        -e '/^kv_attributes = /d'
}

compared=0
failures=0
for spec in "$SPECS"/*.json; do
  name="$(basename "$spec" .json)"
  db="obkv_$name"
  store="$WORK/$name.obkv"
  "$OBKV" --store "$store" create "$spec" >/dev/null
  families="$(grep -o '"name": "[a-z]*"' "$spec" | cut -d'"' -f4)"
  layout=normal
  grep -q '"layout": "timeseries"' "$spec" && layout=timeseries
  for fam in $families; do cells "$fam" "$layout"; done >"$WORK/$name.tsv"
  "$OBKV" --store "$store" load t "$WORK/$name.tsv" --quiet >/dev/null

  # The report: does MariaDB take the oceanbase DDL as it is?
  "${SQL[@]}" -e "CREATE DATABASE \`${db}_asis\`"
  if err="$(as_is_ddl "$spec" | "${SQL[@]}" "${db}_asis" 2>&1)"; then
    echo "mariadb_test: $name: oceanbase DDL accepted as is"
  else
    err="${err#*ERROR }"
    echo "mariadb_test: $name: oceanbase DDL rejected as is: ${err%%$'\n'*}"
  fi

  # The mysql dialect and the dump must load.
  "${SQL[@]}" -e "CREATE DATABASE \`$db\`"
  "$OBKV" --store "$store" export t --dialect mysql >"$WORK/$name.sql"
  if ! "${SQL[@]}" "$db" <"$WORK/$name.sql"; then
    echo "mariadb_test: FAIL $name: the mysql dump did not load" >&2
    failures=$((failures + 1)); continue
  fi
  cols="hex(K), hex(Q), T, hex(V)"
  [ "$layout" = timeseries ] && cols="hex(K), T, S, hex(V)"
  total=0
  for fam in $families; do
    rel="t\$$fam"
    if ! diff <(store_rows "$store" "$rel" "$cols") \
              <(server_rows "$db" "$rel" "$cols") >"$WORK/diff"; then
      echo "mariadb_test: FAIL $name: rows of $rel differ:" >&2
      head -20 "$WORK/diff" >&2
      failures=$((failures + 1)); continue
    fi
    n="$("${SQL[@]}" "$db" -e "SELECT COUNT(*) FROM \`$rel\`")"
    total=$((total + n))
  done
  # Every visible cell of the store is a row on the server.
  cells_line="$("$OBKV" --store "$store" count t)"
  if [ "$cells_line" != "t: $(sort -u <(cut -f1 "$WORK/$name.tsv") | wc -l | tr -d ' ') rows, $total cells" ] &&
     ! grep -q timeseries "$spec"; then
    echo "mariadb_test: FAIL $name: store says '$cells_line', server has $total rows" >&2
    failures=$((failures + 1)); continue
  fi
  # RANGE partitions keep their names: same rows per partition.
  if grep -q '"strategy": "range"' "$spec"; then
    for p in p0 p1 p2; do
      a="$(sqlite3 -readonly "$store" "SELECT COUNT(*) FROM \"t\$f\$$p\"")"
      b="$("${SQL[@]}" "$db" -e "SELECT COUNT(*) FROM \`t\$f\` PARTITION ($p)")"
      if [ "$a" != "$b" ]; then
        echo "mariadb_test: FAIL $name: partition $p has $a rows in the store, $b in MariaDB" >&2
        failures=$((failures + 1))
      fi
    done
  fi
  compared=$((compared + total))
  echo "mariadb_test: $name: $total rows identical"
done

if [ "$failures" -ne 0 ]; then
  echo "mariadb_test: $failures failure(s)" >&2
  exit 1
fi
echo "mariadb_test: OK, $compared rows compared"
