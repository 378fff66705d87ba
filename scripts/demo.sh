#!/usr/bin/env bash
# The main job on a fresh Debian machine: install packages, build, then show
# what obkvlite does with the table specs in schemas/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh" >/dev/null
OBKV="${OBKV_BUILD_DIR:-$ROOT/build}/obkv"

section() { printf '\n==== %s ====\n' "$*"; }

section "DDL of every schema (oceanbase dialect, then sqlite dialect)"
for spec in $(find "$ROOT/schemas" -name '*.json' | sort); do
  rel="${spec#$ROOT/}"
  section "$rel: oceanbase"
  "$OBKV" ddl "$spec" --dialect oceanbase
  section "$rel: sqlite (first 40 lines)"
  "$OBKV" ddl "$spec" --dialect sqlite | head -n 40
done
