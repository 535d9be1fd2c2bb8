#!/bin/sh
# Soak: many random-legal games of every scenario through `crimea sim` (two threads). A game in
# which the side to act has no legal action, an action the engine listed and the player chose
# is refused, or a game that does not end within the action cap makes sim exit non-zero. The invariants after
# every action (stacking, no shared hexes, single fire per phase...) are checked by
# tests/unit/test_quad_random.c. SOAK_GAMES sets the games per scenario (default 100).
bin=${1:-build/crimea}
cd "$(dirname "$0")/../.."
n=${SOAK_GAMES:-100}
pass=0; fail=0
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	if "$bin" sim "$s" -n "$n" --jobs 2 --seed 20261130 >/tmp/soak.$$ 2>&1; then
		pass=$((pass + n))
		echo "$s: $n games, no dead end, every chosen action accepted"
	else
		fail=$((fail + 1))
		echo "FAIL: $s"; tail -20 /tmp/soak.$$
	fi
done
rm -f /tmp/soak.$$
echo "soak: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
