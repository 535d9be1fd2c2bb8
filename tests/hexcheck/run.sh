#!/bin/sh
# Cross-checks crimea's hex geometry (src/hex/hex.c) against the npm package honeycomb-grid:
# installs it (npm ci, pinned by package-lock.json), builds hexdump from src/hex/hex.c and runs
# check.mjs. Last line: "hexcheck: N passed, M failed". Extra arguments go to check.mjs
# (--pairs N, --seed S, --strict). Needs cc, node and npm (registry access for npm ci).
set -eu
cd "$(dirname "$0")/../.."
root=$(pwd)
(cd tests/hexcheck && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
${CC:-cc} -std=c11 -O2 -Wall -Wextra -Isrc -o "$tmp/hexdump" tests/hexcheck/hexdump.c src/hex/hex.c
cd tests/hexcheck
node check.mjs "$tmp/hexdump" "$@"
