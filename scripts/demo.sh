#!/usr/bin/env bash
# The main job on a fresh Debian machine: install the packages a build
# needs, build the obkv command (and nothing else: not the tests, examples
# or benchmarks), then show what obkvlite does: DDL from the specs in
# schemas/, a store created from them, sample data loaded, gets and scans,
# plain-SQL inspection, a partition report, and a store spread over shard
# files. Each step prints a line, and the build prints cmake's progress.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
echo "demo: checking the Debian packages a build needs (scripts/setup.sh build)"
"$ROOT/scripts/setup.sh" build
echo "demo: building the obkv target only (a first build takes minutes; cmake prints its progress)"
# The flags scripts/test.sh builds with (no debug info), so the tests later
# reuse these objects.
OBKV_BUILD_TARGETS=obkv "$ROOT/scripts/build.sh" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g0 -DNDEBUG"
OBKV="${OBKV_BUILD_DIR:-$ROOT/build}/obkv"
WORK="$(mktemp -d /tmp/obkv-demo.XXXXXX)"
STORE="$WORK/demo.db"
trap 'rm -rf "$WORK"' EXIT

section() { printf '\n==== %s ====\n' "$*"; }
run() { printf '$ obkv %s\n' "$*"; "$OBKV" "$@"; }

section "1. OceanBase DDL of every seed-003 example (schemas/seed003/)"
for spec in "$ROOT"/schemas/seed003/*.json; do
  printf '\n-- %s\n' "${spec#$ROOT/}"
  "$OBKV" ddl "$spec"
done

section "2. The same spec as the SQLite tables the store runs (first lines)"
"$OBKV" ddl "$ROOT/schemas/seed003/key_range.json" --dialect sqlite > "$WORK/sqlite.sql"
head -n 24 "$WORK/sqlite.sql"

section "3. A store created from schemas/"
run --store "$STORE" create "$ROOT/schemas/seed003/normal.json"
run --store "$STORE" create "$ROOT/schemas/examples/salted_messages.json"
run --store "$STORE" create "$ROOT/schemas/examples/metrics_timeseries.json"
run --store "$STORE" list
run --store "$STORE" describe htable1

section "4. Loading sample data through exec (JSON lines)"
{
  for i in $(seq 1 300); do
    printf '{"op":"put","table":"htable1","row":"user%04d","cells":[{"family":"family1","qualifier":"name","value":"name-%d","ts":1000},{"family":"family1","qualifier":"city","value":"city-%d","ts":1000},{"family":"family2","qualifier":"visits","value":"%d","ts":1000}]}\n' \
      "$i" "$i" $((i % 7)) "$i"
  done
  # A second version of one cell.
  printf '{"op":"put","table":"htable1","row":"user0042","cells":[{"family":"family1","qualifier":"city","value":"moved","ts":2000}]}\n'
  # Recent timestamps: the metrics family keeps 30 days (ttl_seconds).
  now_ms=$(( $(date +%s) * 1000 ))
  for i in $(seq 0 47); do
    ts=$((now_ms - i * 3600000))
    printf '{"op":"put","table":"metrics","row":"host%02d","cells":[{"family":"m","qualifier":"cpu","value":"%d","ts":%d},{"family":"m","qualifier":"temp","value":"%d.5","ts":%d}]}\n' \
      $((i % 4)) $((i * 3 % 100)) "$ts" $((40 + i % 9)) "$ts"
  done
} > "$WORK/load.jsonl"
"$OBKV" --store "$STORE" exec < "$WORK/load.jsonl" | sort | uniq -c
run --store "$STORE" count htable1 --per-family

section "5. Gets and scans"
run --store "$STORE" get htable1 user0042 --versions 3
run --store "$STORE" scan htable1 --start user0100 --stop user0103
run --store "$STORE" scan htable1 --prefix user029 --reversed --limit 3 --family family2
run --store "$STORE" scan htable1 --filter "PrefixFilter('user01') AND ValueFilter(=,'binary:city-3')" --limit 3
echo '{"op":"increment","table":"htable1","row":"counter","family":"family2","qualifier":"hits","amount":5}' |
  "$OBKV" --store "$STORE" exec
run --store "$STORE" scan metrics --start host01 --stop host02 --family m --limit 2

section "6. Every cell is plain SQL (read-only connection)"
run --store "$STORE" sql 'SELECT K, Q, -T AS ts, V FROM "htable1$family1" WHERE K = '"X'7573657230303432'"' ORDER BY K, Q, T'
run --store "$STORE" sql 'SELECT K, -T AS ts, json_extract(V, '"'\$.temp'"') AS temp FROM "metrics$m" ORDER BY K, T LIMIT 5'
run --store "$STORE" sql 'SELECT name FROM sqlite_master WHERE name LIKE '"'htable1\$family1\$p%'"' ORDER BY name LIMIT 3'

section "7. Partition report: cells per partition, max/avg, HOT partitions, node balance"
run --store "$STORE" analyze "$ROOT/schemas/seed003/normal.json" --nodes 3 > "$WORK/report.txt"
head -n 40 "$WORK/report.txt"

section "8. A store spread over 3 SQLite files, one writer each (doc/shards.md)"
SHARDED="$WORK/sharded.db"
run --store "$SHARDED" create --shards 3 "$ROOT/schemas/seed003/key.json"
for i in $(seq 0 299); do
  printf 'user%04d\tfamily1:name\t1000\tname-%d\n' "$i" "$i"
done > "$WORK/sharded.tsv"
run --store "$SHARDED" load --quiet htable1 "$WORK/sharded.tsv"
(cd "$WORK" && ls sharded.db*)
run --store "$SHARDED" sql 'SELECT count(*) AS cells FROM "htable1$family1"'
run --store "$SHARDED" get htable1 user0123
