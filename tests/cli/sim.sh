#!/bin/sh
# End-to-end tests of `crimea sim` (Monte Carlo studies) through the real command: output
# identical for any --jobs (and, when Open MPI is installed, for 2 MPI ranks), JSON output,
# the SVG chart, per-game seeds that `crimea play` reproduces, errors and usage errors.
# Usage: sh tests/cli/sim.sh [build/crimea]. Last line: "sim: N passed, M failed".
bin=${1:-build/crimea}
cd "$(dirname "$0")/../.."
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect NAME STATUS COMMAND... : the command exits with STATUS (stdout in $tmp/out, stderr in $tmp/err)
expect() {
	name=$1; want=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else ko "$name: exit $rc, wanted $want"; head -5 "$tmp/err"; fi
}
# contains NAME FILE TEXT
contains() {
	if grep -q -- "$3" "$2"; then ok; else ko "$1: no \"$3\" in $2"; head -20 "$2"; fi
}
# same NAME FILE FILE
same() {
	if cmp -s "$2" "$3"; then ok; else ko "$1: outputs differ"; diff "$2" "$3" | head -20; fi
}

# the replay corpus is the games the engine plays now: tools/make-replays.sh's games, made again,
# are the committed records byte for byte (greedy and random are deterministic, and the same
# under gcc and clang); after a deliberate change to the rules, the data or the players, run it
mkdir "$tmp/replays"
expect "the replay corpus made again" 0 sh tools/make-replays.sh "$bin" "$tmp/replays"
for r in tests/replays/*.rec; do
	if cmp -s "$r" "$tmp/replays/$(basename "$r")"; then
		ok
	else
		ko "$r is not the game the engine plays now: run sh tools/make-replays.sh (and mend the scores tests/cli/run.sh reads from it)"
	fi
done

# the progress bar: on stderr when it is a terminal (ptyrun gives it one), never into a file
pty=$(dirname "$bin")/tests/ptyrun
if [ -x "$pty" ]; then
	if "$pty" tests/cli/sim.pty "$tmp/pty.out" "$bin" sim balaclava -n 60 --jobs 2 >"$tmp/out" 2>&1; then
		ok
	else
		ko "sim at a terminal: $(cat "$tmp/out")"
	fi
else
	ko "no $pty: build it with make tests"
fi
expect "sim without a terminal" 0 "$bin" sim balaclava -n 5
if grep -q "games/s" "$tmp/err"; then ko "sim without a terminal drew a progress bar"; else ok; fi
expect "sim --help" 0 "$bin" sim --help
contains "help names --jobs" "$tmp/out" "--jobs"

# the same study on 1 and 2 threads: identical output, byte for byte
for s in balaclava alma; do
	expect "sim $s --jobs 1" 0 "$bin" sim "$s" -n 40 --seed 7 --jobs 1
	cp "$tmp/out" "$tmp/$s.j1"
	expect "sim $s --jobs 2" 0 "$bin" sim "$s" -n 40 --seed 7 --jobs 2
	cp "$tmp/out" "$tmp/$s.j2"
	same "sim $s jobs 1 = jobs 2" "$tmp/$s.j1" "$tmp/$s.j2"
	contains "sim $s games" "$tmp/$s.j1" "^40 games, seed 7"
	contains "sim $s no errors" "$tmp/$s.j1" "completed 40, errors 0"
	contains "sim $s intervals" "$tmp/$s.j1" "95% CI (Wilson)"
	contains "sim $s victory points" "$tmp/$s.j1" "^victory points"
	contains "sim $s length" "$tmp/$s.j1" "^game length: .* actions .* player-turns"
	contains "sim $s history" "$tmp/$s.j1" "^historical outcome: "
	contains "sim $s where the points go" "$tmp/$s.j1" "^where the points go"
done
contains "balaclava levels without points" "$tmp/balaclava.j1" "^Draw  "
if grep -q "(russian [0-9]" "$tmp/balaclava.j1"; then ko "levels keep their points"; else ok; fi
contains "alma history" "$tmp/alma.j1" "historical outcome: Allied victory"

# another seed gives another study (and the seed is honoured at all)
expect "sim seed 8" 0 "$bin" sim balaclava -n 40 --seed 8 --jobs 2
if cmp -s "$tmp/out" "$tmp/balaclava.j1"; then ko "seed 8 gave seed 7's study"; else ok; fi

# JSON: one object with the documented keys; parsed by node or python3 when present
expect "sim --json" 0 "$bin" sim balaclava -n 8 --jobs 2 --json
cp "$tmp/out" "$tmp/sim.json"
for k in '"scenario": "balaclava"' '"games": 8' '"levels"' '"ci95"' '"winners"' \
	'"victory_points"' '"length"' '"actions_mean"' '"player_turns_mean"' '"historical"' '"errors"'; do
	contains "json key $k" "$tmp/sim.json" "$k"
done
if command -v node >/dev/null 2>&1; then
	if node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const n = j.levels.reduce((a, l) => a + l.games, 0);
		if (n !== j.completed || j.games !== 8) process.exit(1);' "$tmp/sim.json"; then ok; else ko "json parses (node) and levels sum to the games"; fi
elif command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); assert sum(l["games"] for l in j["levels"]) == j["completed"] == 8' "$tmp/sim.json"; then ok; else ko "json parses (python3)"; fi
else
	echo "note: neither node nor python3: the JSON was checked by its keys only"
fi

# where the points go: each side's score sheet items add up to its points, game by game summed
# (the games' own points from --list); an item that never scored is listed with no games
expect "sim --json items" 0 "$bin" sim balaclava -n 12 --jobs 2 --json --list
cp "$tmp/out" "$tmp/items.json"
if command -v node >/dev/null 2>&1; then
	if node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const sides = Object.keys(j.victory_points);
		for (let k = 0; k < 2; k++) {
			const items = j.score_items.filter(i => i.side === sides[k]);
			const pts = items.reduce((a, i) => a + i.points, 0);
			const vp = j.list.reduce((a, g) => a + g.vp[k], 0);
			if (items.length === 0 || pts !== vp) process.exit(1);
		}
		if (!j.score_items.some(i => i.games === 0 && i.min === null)) process.exit(1);
		if (j.score_item_overflow !== 0) process.exit(1);' "$tmp/items.json"; then ok; else ko "json score_items add up to each side's points"; fi
elif command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json, sys
j = json.load(open(sys.argv[1])); sides = list(j["victory_points"])
for k in range(2):
    assert sum(i["points"] for i in j["score_items"] if i["side"] == sides[k]) == sum(g["vp"][k] for g in j["list"])
assert any(i["games"] == 0 for i in j["score_items"])' "$tmp/items.json"; then ok; else ko "json score_items add up (python3)"; fi
fi

# the SVG chart, written atomically
expect "sim --svg" 0 "$bin" sim tchernaya -n 6 --jobs 2 --svg "$tmp/chart.svg"
if [ -s "$tmp/chart.svg" ]; then ok; else ko "--svg wrote no file"; fi
contains "svg header" "$tmp/chart.svg" "<svg xmlns="
contains "svg closed" "$tmp/chart.svg" "</svg>"
contains "svg bars" "$tmp/chart.svg" "Victory</text>"
expect "sim --svg unwritable" 1 "$bin" sim balaclava -n 1 --svg "$tmp/no/such/dir/x.svg"

# --list: game i's seed, played by `crimea play`, gives the level the study counted
expect "sim --list" 0 "$bin" sim balaclava -n 3 --seed 11 --list
line=$(awk '$1 == "1" { print; exit }' "$tmp/out")
seed=$(printf '%s\n' "$line" | awk '{ print $2 }')
level=$(printf '%s\n' "$line" | awk '{ for (i = 3; i <= NF - 4; i++) printf "%s%s", $i, (i < NF - 4 ? " " : "") }')
expect "play game 1 of the study" 0 "$bin" play balaclava --seed "$seed" --ai russian=random --ai allied=random --until-over
contains "play reproduces the study's game 1 ($level)" "$tmp/out" "Game over: $level ("

# options and players
expect "sim --options" 0 "$bin" sim balaclava -n 2 --options 11.27 --ai both=random
contains "options shown" "$tmp/out" "optional rules 11.27"
expect "sim --ai side" 0 "$bin" sim alma -n 2 --ai allied=random --ai russian=random
# search's budget: "search:N" rollouts a decision, shown as given; bad budgets are usage errors
expect "sim --ai search:1" 0 "$bin" sim balaclava -n 1 --ai russian=search:1
contains "search budget shown" "$tmp/out" "russian search:1, allied random"
expect "sim --ai search:0" 2 "$bin" sim balaclava -n 1 --ai russian=search:0
contains "bad budget message" "$tmp/err" "search:N (N rollouts a decision"
expect "sim --ai greedy:3" 2 "$bin" sim balaclava -n 1 --ai russian=greedy:3
# greedy with one of search's plans ("greedy:POSTURE"), shown as given; an unknown posture
# is a usage error that lists them
expect "sim --ai greedy:cautious" 0 "$bin" sim balaclava -n 2 --ai russian=greedy:cautious --ai allied=greedy
contains "posture shown" "$tmp/out" "russian greedy:cautious, allied greedy"
expect "sim --ai greedy:nope" 2 "$bin" sim balaclava -n 1 --ai russian=greedy:nope
contains "bad posture message" "$tmp/err" "greedy:PLAN (quad: combine, attack, cautious, hold, west, centre, east; siege: default, bold, patient, near, late"

# games in error are counted and reported, and the exit status says so
expect "sim --cap 10" 1 "$bin" sim balaclava -n 3 --cap 10
contains "cap errors counted" "$tmp/out" "completed 0, errors 3"
contains "cap error described" "$tmp/out" "game 0 (seed [0-9]*, 10 actions): not over after 10 actions"

# usage errors: a clear message and exit status 2
expect "no scenario" 2 "$bin" sim
contains "no scenario message" "$tmp/err" "which scenario"
expect "-n 0" 2 "$bin" sim balaclava -n 0
contains "-n message" "$tmp/err" "-n wants a number of games"
expect "-n abc" 2 "$bin" sim balaclava -n abc
expect "-n missing" 2 "$bin" sim balaclava -n
expect "--jobs 0" 2 "$bin" sim balaclava -n 1 --jobs 0
contains "--jobs message" "$tmp/err" "--jobs wants"
expect "--seed -1" 2 "$bin" sim balaclava -n 1 --seed -1
expect "--seed x" 2 "$bin" sim balaclava -n 1 --seed 12x
expect "--options bad" 2 "$bin" sim balaclava -n 1 --options 11.27,99.9
contains "--options message" "$tmp/err" "unknown optional rule \"99.9\""
expect "--ai no =" 2 "$bin" sim balaclava -n 1 --ai russian
expect "--ai bad side" 2 "$bin" sim balaclava -n 1 --ai turks=random
contains "--ai side message" "$tmp/err" "no side \"turks\""
expect "--ai bad player" 2 "$bin" sim balaclava -n 1 --ai russian=genius
contains "--ai player message" "$tmp/err" "unknown computer player \"genius\""
expect "unknown flag" 2 "$bin" sim balaclava -n 1 --fast
contains "unknown flag message" "$tmp/err" "unknown option --fast"
expect "two scenarios" 2 "$bin" sim balaclava alma -n 1
expect "unknown scenario" 1 "$bin" sim nosuchbattle -n 1

# the strength tournament (bench/bench_tournament.c): the same table on 1 and 2 threads (but
# the wall-time column), the tournament's own seeds when unsalted, other deals when salted,
# and the paired baseline's columns
tour=$(dirname "$bin")/bench/bench_tournament
if [ -x "$tour" ]; then
	notime() { sed -E 's/ +[0-9]+\.[0-9]{2}( |$)/ T\1/' "$1" >"$1.nt"; }
	for j in 1 2; do
		expect "tournament -j $j" 0 "$tour" -n 4 -p greedy-random -s =balaclava -B -q -j "$j"
		cp "$tmp/out" "$tmp/tour.j$j"; notime "$tmp/tour.j$j"
	done
	same "tournament -j 1 = -j 2" "$tmp/tour.j1.nt" "$tmp/tour.j2.nt"
	contains "tournament: both seats and both" "$tmp/tour.j1" "^balaclava  *greedy-random   both  *8 "
	contains "tournament: the baseline's columns" "$tmp/tour.j1" "A's gain over B"
	expect "tournament -r 9" 0 "$tour" -n 4 -p greedy-random -s =balaclava -B -q -r 9
	notime "$tmp/out"
	if cmp -s "$tmp/out.nt" "$tmp/tour.j1.nt"; then ko "tournament -r 9: the same games as unsalted"; else ok; fi
	expect "tournament -a allied" 0 "$tour" -n 2 -p greedy-random -s alma -a allied -q
	if grep -q "russian\|both" "$tmp/out"; then ko "tournament -a allied printed other seats"; else ok; fi
	# every scenario: Charge of the Light Brigade's and Sevastopol's rows beside the quad ones
	expect "tournament: cotlb and siege" 0 "$tour" -n 1 -p greedy-random -s =cotlb-balaclava -s =sevastopol -a allied -q
	contains "tournament: a cotlb-balaclava row" "$tmp/out" "^cotlb-balaclava  *greedy-random   allied  *1 "
	contains "tournament: a sevastopol row" "$tmp/out" "^sevastopol  *greedy-random   allied  *1 "
	expect "tournament: no row matched" 2 "$tour" -n 1 -s balaclava -a nobody -q
	contains "tournament: no row message" "$tmp/err" "no scenario, pairing and side matched"
else
	ko "no $tour (make builds it)"
fi

# the waits benchmark (bench/bench_think.c): a row of waits, and the same choices (its last
# column) on 1 and 2 threads
think=$(dirname "$bin")/bench/bench_think
if [ -x "$think" ]; then
	for t in 1 2; do
		expect "think -t $t" 0 "$think" -p search:2 -s =balaclava -a russian -t "$t"
		awk '$1 == "balaclava" {print $2, $3, $NF}' "$tmp/out" >"$tmp/think.t$t"
	done
	contains "think: a balaclava row" "$tmp/think.t1" "^russian [0-9][0-9]*\.[0-9] [0-9a-f]\{16\}$"
	same "think: the same choices on 1 and 2 threads" "$tmp/think.t1" "$tmp/think.t2"
	expect "think -t 0" 2 "$think" -t 0
	expect "think: no row matched" 2 "$think" -s nosuchbattle
	contains "think: no row message" "$tmp/err" "no scenario and side matched"
else
	ko "no $think (make builds it)"
fi

# MPI: crimea-mpi (the Makefile's: this build's objects, cmd_sim.c compiled by mpicc) run on 2
# local ranks prints what --jobs 2 prints
if command -v mpirun >/dev/null 2>&1 && command -v mpicc >/dev/null 2>&1; then
	mpi=$(dirname "$bin")/crimea-mpi
	if make -s O="$(dirname "$bin")" "$mpi" >"$tmp/mpi.log" 2>&1; then
		ok
		for s in balaclava alma; do
			expect "mpirun -np 2 $s" 0 mpirun --allow-run-as-root --oversubscribe -np 2 \
				"$mpi" sim "$s" -n 40 --seed 7 --jobs 1
			same "sim $s: 2 MPI ranks = --jobs 2" "$tmp/out" "$tmp/$s.j2"
		done
		expect "mpirun --list --json" 0 mpirun --allow-run-as-root --oversubscribe -np 2 \
			"$mpi" sim balaclava -n 9 --seed 3 --jobs 2 --list --json
		cp "$tmp/out" "$tmp/mpi.json"
		expect "threads --list --json" 0 "$bin" sim balaclava -n 9 --seed 3 --jobs 2 --list --json
		same "MPI --list --json = threads" "$tmp/out" "$tmp/mpi.json"
		expect "mpirun --compare" 0 mpirun --allow-run-as-root --oversubscribe -np 2 \
			"$mpi" sim balaclava -n 12 --ai both=greedy --compare russian=greedy:cautious --jobs 1
		cp "$tmp/out" "$tmp/mpicmp.out"
		expect "threads --compare" 0 "$bin" sim balaclava -n 12 --ai both=greedy --compare russian=greedy:cautious --jobs 2
		same "MPI --compare = threads (study B and the pairs reduced too)" "$tmp/out" "$tmp/mpicmp.out"
	else
		ko "make $mpi"; tail -20 "$tmp/mpi.log"
	fi
else
	echo "note: mpirun/mpicc not installed: MPI case skipped (Debian: openmpi-bin libopenmpi-dev)"
fi

# --compare: two studies on the same deals. Its A and B are what the two studies alone give
# (shares, points, items), the same for any --jobs; B the same as A changes nothing (every
# pair on the diagonal, every difference 0); --compare-options sets B's rules; bad use refused
"$bin" sim balaclava -n 12 --ai both=greedy --compare russian=greedy:cautious --jobs 2 >"$tmp/cmp2.out" 2>&1
"$bin" sim balaclava -n 12 --ai both=greedy --compare russian=greedy:cautious --jobs 1 >"$tmp/cmp1.out" 2>&1
same "--compare: the same for any --jobs" "$tmp/cmp1.out" "$tmp/cmp2.out"
contains "--compare: B's players" "$tmp/cmp1.out" "^  B: russian greedy:cautious, allied greedy, optional rules none$"
contains "--compare: the paired intervals" "$tmp/cmp1.out" "^allied wins .*\[ *[-+][0-9.]*%, *[-+][0-9.]*%\]$"
"$bin" sim balaclava -n 12 --ai both=greedy --compare russian=greedy:cautious --json >"$tmp/cmp.json" 2>&1
"$bin" sim balaclava -n 12 --ai both=greedy --json >"$tmp/cmpa.json" 2>&1
"$bin" sim balaclava -n 12 --ai russian=greedy:cautious --ai allied=greedy --json >"$tmp/cmpb.json" 2>&1
if command -v node >/dev/null 2>&1; then
	if node -e 'const fs = require("fs"), rd = (f) => JSON.parse(fs.readFileSync(f, "utf8"));
		const c = rd(process.argv[1]), a = rd(process.argv[2]), b = rd(process.argv[3]);
		const eq = (x, y) => Math.abs(x - y) < 2e-4 * Math.max(1, Math.abs(x)); /* (6 digits printed) */
		let ok = c.games === 12 && c.pairs === 12 && c.a.completed === 12 && c.b.completed === 12;
		for (const o of c.outcomes) {
			ok = ok && eq(o.a_share, a.winners[o.outcome].share) && eq(o.b_share, b.winners[o.outcome].share) &&
				eq(o.diff, o.b_share - o.a_share) && o.ci95[0] <= o.diff && o.diff <= o.ci95[1];
		}
		for (const side of ["russian", "allied"]) {
			const v = c.victory_points[side];
			ok = ok && eq(v.a_mean, a.victory_points[side].mean) && eq(v.b_mean, b.victory_points[side].mean) &&
				eq(v.diff, v.b_mean - v.a_mean);
		}
		let n = 0;
		for (const it of c.score_items) {
			const x = a.score_items.find((y) => y.side === it.side && y.rule === it.rule && y.item === it.item);
			const z = b.score_items.find((y) => y.side === it.side && y.rule === it.rule && y.item === it.item);
			ok = ok && x && z && eq(it.a_mean, x.mean) && eq(it.b_mean, z.mean);
			n++;
		}
		let m = 0;
		for (const row of Object.values(c.transitions)) for (const k of Object.values(row)) m += k;
		if (!ok || n !== a.score_items.length || m !== 12) process.exit(1);' "$tmp/cmp.json" "$tmp/cmpa.json" "$tmp/cmpb.json"; then ok; else
		ko "--compare: A and B are the two studies alone (shares, points, items; node)"; fi
else
	echo "note: no node: --compare's JSON was not checked against the two studies"
fi
"$bin" sim balaclava -n 30 --compare allied=random >"$tmp/cmp0.out" 2>&1
n=$(grep -c '^\(russian wins\|allied wins\|draw\) .* +0\.0% *\[ *-0\.0%, *+0\.0%\]$\|^\(russian wins\|allied wins\|draw\) .* +0\.0% ' "$tmp/cmp0.out")
[ "$n" = 3 ] && ok || ko "--compare: B the same as A: every outcome's change 0 ($n of 3)"
contains "--compare: B the same as A: the margin's change 0" "$tmp/cmp0.out" "^margin (russian - allied) .* +0\.00 *\[+0\.00, +0\.00\]$"
awk '/^pairs: outcome in A/{p=1; next} p&&NF==0{exit} p{print}' "$tmp/cmp0.out" >"$tmp/cmp0.t"
if awk '{for (j = 2; j <= 4; j++) if (j - 1 != NR && $j != 0) bad = 1} END {exit bad || NR != 3}' "$tmp/cmp0.t"; then ok; else
	ko "--compare: B the same as A: every pair on the diagonal"; cat "$tmp/cmp0.t"; fi
expect "--compare-options" 0 "$bin" sim inkerman -n 4 --compare-options all
contains "--compare-options: B's rules, every one" "$tmp/out" "^  B: allied random, russian random, optional rules 23.1,23.2,23.3,24,25.1,25.2,25.3,26.1,26.2,27.1,27.2,27.3,28.1,28.2$"
contains "--compare-options: A's rules" "$tmp/out" "^  A: allied random, russian random, optional rules none$"
expect "--options all" 0 "$bin" sim inkerman -n 2 --options all
contains "--options all: every rule named (the list was cut at 63 characters)" "$tmp/out" "optional rules 23.1,23.2,23.3,24,25.1,25.2,25.3,26.1,26.2,27.1,27.2,27.3,28.1,28.2$"
expect "--compare wants SIDE=PLAYER" 2 "$bin" sim balaclava -n 4 --compare greedy
expect "--compare: no such player" 2 "$bin" sim balaclava -n 4 --compare russian=nobody
expect "--compare: not with --list" 2 "$bin" sim balaclava -n 4 --compare russian=greedy --list
contains "--compare: not with --list, said" "$tmp/err" "does not go with --compare"
# a stop signal (^C; SIGTERM here, as a background job ignores SIGINT) ends a study once the
# games being played end: every game taken ends and none is taken after, so the results are
# those of the first K games, the same as -n K prints; exit status 128 + 15
# catches_term PID: the process has a SIGTERM handler of its own (Linux's /proc: bit 15 of
# SigCgt), so a stop signal sent now is one it asked to handle
catches_term() {
	m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[ -n "$m" ] && [ $((0x$m & 0x4000)) -ne 0 ]
}
stop_study() { # stop_study NAME ARGS...: runs the study, stops it after a second
	name=$1; shift
	"$bin" sim balaclava -n 1000000 "$@" >"$tmp/stop.out" 2>"$tmp/stop.err" &
	pid=$!
	i=0
	while [ $i -lt 300 ] && ! catches_term $pid; do sleep 0.1; i=$((i + 1)); done
	sleep 1
	kill -TERM $pid; wait $pid; st=$?
	k=$(sed -n 's/^crimea sim: stopped by signal 15 after \([0-9]*\) of 1000000 games; .*/\1/p' "$tmp/stop.err")
	if [ "$st" = 143 ] && [ -n "$k" ]; then ok; else ko "$name: exit $st, $(tail -1 "$tmp/stop.err")"; k=1; fi
}
stop_study "a stopped study" --jobs 2
"$bin" sim balaclava -n "$k" >"$tmp/stopk.out" 2>&1
grep -v '^stopped: the first ' "$tmp/stop.out" >"$tmp/stop.cut"
same "a stopped study: the results of the first $k games, as -n $k" "$tmp/stop.cut" "$tmp/stopk.out"
contains "a stopped study says so" "$tmp/stop.out" "^stopped: the first $k of the 1000000 games asked for$"
stop_study "a stopped study, JSON" --jobs 2 --json
contains "a stopped study, JSON: the games asked for" "$tmp/stop.out" '"asked": 1000000,'
contains "a stopped study, JSON: the games played" "$tmp/stop.out" "\"games\": $k,"
echo "sim: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
