#!/usr/bin/env bash
# Installs the Debian packages obkvlite needs. Idempotent; silent when
# everything is already installed.
set -euo pipefail

PACKAGES=(
  cmake
  g++
  make
  pkg-config
  libsqlite3-dev
  sqlite3
  libmurmurhash-dev
  libpcre2-dev        # regexstring comparators (PCRE2 with JIT)
  nlohmann-json3-dev
  doctest-dev
  libcli11-dev
  libssl-dev
  libxml2-dev
  clang               # fuzz targets only (scripts/fuzz.sh)
  libclang-rt-14-dev  # libFuzzer runtime (-fsanitize=fuzzer)
  tmux
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
