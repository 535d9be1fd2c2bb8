#!/bin/sh
# Soak (the random-player fuzz): many random-legal games of every scenario through
# `crimea sim --check` (two threads). sim exits non-zero for a game in which the side to act
# has no legal action, an action the engine listed and the player chose is refused, a game
# that does not end within the action cap, a broken invariant after any action (the rule
# system's check: positions in range, occupancy index, [5.34] no shared hexes, stack sizes),
# or a game whose record (its actions as text) does not replay to the same checksum at every
# player-turn. Invariants that need history (single fire per phase, stacking at phase ends)
# are checked by tests/unit/test_quad_random.c. SOAK_GAMES sets the games per scenario
# (default 1000). Then greedy against random from each side, a tenth as many games: greedy
# reaches positions random play rarely does (the Light Brigade's four one-point regiments and
# a gun in one hex, Balaclava [21.0], broke the stack size check only there).
bin=${1:-build/crimea}
cd "$(dirname "$0")/../.."
n=${SOAK_GAMES:-1000}
pass=0; fail=0
# soak LABEL GAMES SCENARIO [SIM ARGS...]: one `crimea sim --check` run, counted
soak() {
	label=$1 games=$2 scn=$3
	shift 3
	st=$(date +%s)
	if "$bin" sim "$scn" -n "$games" --jobs 2 --seed 20261130 --check "$@" >/tmp/soak.$$ 2>&1; then
		pass=$((pass + games))
		echo "$label: $games games, no dead end, every chosen action accepted, invariants held, every record replayed ($(( $(date +%s) - st )) s)"
	else
		fail=$((fail + 1))
		echo "FAIL: $label"; tail -20 /tmp/soak.$$
	fi
}
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	soak "$s" "$n" "$s"
done
# Inkerman with every optional rule on ([23]-[28], both scenarios)
m=$(( (n + 3) / 4 ))
for s in inkerman inkerman-option; do
	soak "$s --options all" "$m" "$s" --options all
done
# Charge of the Light Brigade's Balaclava (a miniatures game on its table: some 0.8 s a random
# game, most of it tracing lines of sight), a twentieth as many, and greedy against random from
# each side a fiftieth as many
c=$(( (n + 19) / 20 ))
soak "cotlb-balaclava" "$c" cotlb-balaclava
c=$(( (n + 49) / 50 ))
for side in russian allied; do
	soak "cotlb-balaclava, $side greedy against random" "$c" cotlb-balaclava --ai "$side=greedy"
done
# Sevastopol (its eighteen Game-Turns on the approaches, some 75 ms a random game checked), a
# fifth as many
v=$(( (n + 4) / 5 ))
soak "sevastopol" "$v" sevastopol
# greedy against random, greedy on each side in turn
k=$(( (n + 9) / 10 ))
for side in russian allied; do
	soak "sevastopol, $side greedy against random" "$k" sevastopol --ai "$side=greedy"
done
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	for side in russian allied; do
		soak "$s, $side greedy against random" "$k" "$s" --ai "$side=greedy"
	done
done
rm -f /tmp/soak.$$
echo "soak: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
