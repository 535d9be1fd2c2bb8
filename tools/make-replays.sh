#!/bin/sh
# Regenerates the replay corpus tests/replays/*.rec: one full game of every scenario, played by
# the computer (greedy against random, seeded), recorded with its per-player-turn checksums.
# Run it after a deliberate change to the rules or the data (records carry the data's hash, so
# old records are refused with a clear error rather than silently diverging).
#   sh tools/make-replays.sh [build/crimea] [DIR]
# DIR (default tests/replays) is where the records go: tests/cli/sim.sh makes them in a
# temporary one and compares, so a corpus the engine no longer plays is caught.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/crimea}
dir=${2:-tests/replays}
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	"$bin" play "$s" --ai russian=greedy --ai allied=random --seed 1854 --until-over \
		--save "$dir/$s.rec" >/dev/null
	echo "$dir/$s.rec: $(grep -c '^action' "$dir/$s.rec") actions"
done
