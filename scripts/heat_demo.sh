#!/usr/bin/env bash
# Workload heat, from data and from traffic (README "Workload heat"):
# a KEY 97 table holds 970 evenly spread rows written over a day, so its
# key heatmap (obkv analyze) is even. Then 12 one-second phases of gets go
# through obkv exec: 4 of uniform traffic, then 8 of zipfian traffic
# (theta 0.99, as YCSB), whose head rows light their partitions in the
# request heatmap (obkv stats). Writes doc/heatmap-keys.svg and
# doc/heatmap-requests.svg (or into DIR: scripts/heat_demo.sh DIR).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OBKV="${OBKV:-${OBKV_BUILD_DIR:-$ROOT/build}/obkv}"
OUT="${1:-$ROOT/doc}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
STORE="$WORK/heat.obkv"
run() { "$OBKV" --stats-bucket-ms 1000 --store "$STORE" "$@"; }

cat > "$WORK/heat.json" <<'JSON'
{"table": "heat", "families": [{"name": "f"}],
 "partition": {"strategy": "key", "partitions": 97}}
JSON
run create "$WORK/heat.json" >/dev/null

# 970 rows, one cell each, timestamps spread over 2024-10-15 (UTC).
python3 - "$WORK/load.jsonl" <<'PY'
import json, sys
t0 = 1728950400000  # 2024-10-15T00:00:00Z
with open(sys.argv[1], "w") as f:
    for i in range(970):
        f.write(json.dumps({"op": "put", "table": "heat",
                            "row": "user%06d" % i,
                            "cells": [{"family": "f", "qualifier": "q",
                                       "value": "v%d" % i,
                                       "ts": t0 + i * 89000}]}) + "\n")
PY
run exec < "$WORK/load.jsonl" >/dev/null
run stats heat --reset >/dev/null  # the heat below is the gets' alone

# Phase files: 4 uniform, then 8 zipfian (ranks scrambled over the rows by
# a fixed permutation, so the hot rows are not the first keys).
python3 - "$WORK" <<'PY'
import json, random, sys
rows, ops, theta = 970, 3000, 0.99
rng = random.Random(42)
perm = list(range(rows))
rng.shuffle(perm)
weights = [1.0 / (r + 1) ** theta for r in range(rows)]
for phase in range(12):
    zipf = phase >= 4
    with open("%s/phase%02d.jsonl" % (sys.argv[1], phase), "w") as f:
        picks = (rng.choices(range(rows), weights, k=ops) if zipf
                 else [rng.randrange(rows) for _ in range(ops)])
        for r in picks:
            row = "user%06d" % (perm[r] if zipf else r)
            f.write(json.dumps({"op": "get", "table": "heat", "row": row})
                    + "\n")
PY
for phase in "$WORK"/phase*.jsonl; do
  run exec < "$phase" >/dev/null
  sleep 1
done

mkdir -p "$OUT"
run analyze "$WORK/heat.json" --svg "$OUT/heatmap-keys.svg" >/dev/null
run stats heat --nodes 3 --svg "$OUT/heatmap-requests.svg" |
  sed -n '1,4p;/^nodes:/,$p'
echo
run analyze "$WORK/heat.json" --requests | sed -n '/^hot by/p'
echo "wrote $OUT/heatmap-keys.svg and $OUT/heatmap-requests.svg"
