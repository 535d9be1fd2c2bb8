#!/bin/sh
# Regenerates the replay corpus tests/replays/*.rec: one full game of every scenario, played by
# the computer (greedy against random, seeded), recorded with its per-player-turn checksums.
# Run it after a deliberate change to the rules or the data (records carry the data's hash, so
# old records are refused with a clear error rather than silently diverging).
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/crimea}
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	"$bin" play "$s" --ai russian=greedy --ai allied=random --seed 1854 --until-over \
		--save "tests/replays/$s.rec" >/dev/null
	echo "tests/replays/$s.rec: $(grep -c '^action' "tests/replays/$s.rec") actions"
done
