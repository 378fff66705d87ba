#!/usr/bin/env bash
# The rolling daily partitions of doc/partitions.md: a timeseries table
# with a one-day time window gets three days of sensor readings, then rolls
# a day later. Prints the key heatmap (obkv analyze --store) before and
# after the roll and writes both as SVG.
#   scripts/partitions_demo.sh [OBKV] [OUT_DIR]
# OBKV defaults to build/obkv, OUT_DIR to a temporary directory.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OBKV="${1:-$ROOT/build/obkv}"
OUT="${2:-$(mktemp -d)}"
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
DAY=86400000
DEC1=1733011200000  # 2024-12-01T00:00:00Z

cat > "$WORK/metrics.json" <<JSON
{"table": "metrics", "layout": "timeseries",
 "families": [{"name": "m",
               "time_window": {"unit": "day", "precreate": 1, "expire": 2}}],
 "partition": {"strategy": "range_key", "subpartitions": 3,
               "bounds": [$((DEC1 + DAY)), $((DEC1 + 2 * DAY)),
                          $((DEC1 + 3 * DAY)), $((DEC1 + 4 * DAY))]}}
JSON
S="$WORK/metrics.db"
"$OBKV" --store "$S" create "$WORK/metrics.json" > /dev/null

# Readings of 20 sensors every 30 minutes from Dec 1 to Dec 3, 12:00.
awk -v start="$DEC1" -v day="$DAY" 'BEGIN {
  for (t = start; t < start + 2.5 * day; t += 1800000)
    for (s = 0; s < 20; s++)
      printf "{\"op\":\"put\",\"table\":\"metrics\",\"row\":\"sensor%02d\",\"cells\":[{\"family\":\"m\",\"qualifier\":\"temp\",\"value\":\"%d\",\"ts\":%d}]}\n", s, 20 + s % 5, t
}' | "$OBKV" --store "$S" exec > /dev/null

heatmap() {  # NAME: the text heatmap, and NAME.svg, by the current spec
  "$OBKV" --store "$S" spec metrics > "$WORK/current.json"
  "$OBKV" analyze "$WORK/current.json" --store "$S" --time-buckets 16 \
    --svg "$OUT/$1.svg" | sed -n '/^heatmap/,$p'
}

echo "== before the roll (now: Dec 3, 12:00)"
"$OBKV" --store "$S" partition list metrics
heatmap partitions-before

echo "== roll on Dec 4, 12:00"
"$OBKV" --store "$S" partition roll metrics --now $((DEC1 + 3 * DAY + DAY / 2))
"$OBKV" --store "$S" partition list metrics
heatmap partitions-after
echo "== SVGs in $OUT"
