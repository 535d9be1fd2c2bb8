#!/bin/sh
# End-to-end tests through the real crimea command. Prints "N passed, N failed".
bin=${1:-build/crimea}
cd "$(dirname "$0")/../.."
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect NAME STATUS COMMAND... : the command exits with STATUS
expect() {
	name=$1; want=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else ko "$name: exit $rc, wanted $want"; cat "$tmp/err" | head -5; fi
}
# contains NAME FILE TEXT
contains() {
	if grep -q -- "$3" "$2"; then ok; else ko "$1: no \"$3\" in output"; head -20 "$2"; fi
}
# seq_start GAME DICE FIRST: a CotLB game starts keeping the sequence of play, rolls the
# initiative (DICE: side A's, side B's) and its winner sends FIRST first (side A's free action phase)
# test_table_game GAME UNIT:X:Y:FACING[:FORMATION]..: a new CotLB game on the test table, with
# those units placed
test_table_game() {
	ttg_game=$1
	shift
	"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$ttg_game" >/dev/null
	for ttg_p in "$@"; do
		IFS=: read -r ttg_u ttg_x ttg_y ttg_f ttg_form <<TTG
$ttg_p
TTG
		"$bin" referee cotlb place --game "$ttg_game" --unit "$ttg_u" --x "$ttg_x" --y "$ttg_y" --facing "$ttg_f" \
			${ttg_form:+--formation "$ttg_form"} >/dev/null
	done
}
seq_start() {
	"$bin" referee cotlb next --game "$1" >/dev/null
	"$bin" referee cotlb initiative --game "$1" --dice "$2" >/dev/null
	"$bin" referee cotlb next --game "$1" --first "$3" >/dev/null
}

expect "list" 0 "$bin" list
contains "list names balaclava" "$tmp/out" "balaclava"
expect "list --json" 0 "$bin" list --json
contains "list json" "$tmp/out" '"scenarios"'
# the catalog reads each data file's top-level "kind", "id", "title" and "rules" without parsing
# the whole file: members nested deeper, or inside strings, are not the file's; a title's
# escapes are decoded; a scenario file broken after those members is listed, and loading it
# says where it breaks
cp -r data "$tmp/data2" && mkdir -p "$tmp/data2/extra"
cat >"$tmp/data2/extra/tricky.json" <<'EOF'
{"notes": {"kind": "scenario", "id": "nested"}, "list": ["{\"kind\": \"scenario\"}", 1.5e3, true, null, {"a": "]}"}],
 "title": "Quote \"and\" caf\u00e9 \\", "kind" :
 "scenario", "id": "tricky", "rules": "quad"}
EOF
printf '{"meta": {"kind": "scenario", "id": "inner"}, "kind": "map"}' >"$tmp/data2/extra/inner.json"
printf '{"kind": "scenario", "id": "broken", "rules": "quad", "x": [1, 2' >"$tmp/data2/extra/broken.json"
expect "catalog: list" 0 env CRIMEA_DATA="$tmp/data2" "$bin" list
contains "catalog: a top-level scenario, its title decoded" "$tmp/out" '^  tricky  *quad   Quote "and" café \\$'
contains "catalog: the data's own scenarios still listed" "$tmp/out" '^  inkerman-option  *quad   Inkerman: Russian Option Scenario$'
if grep -qE 'nested|inner' "$tmp/out"; then ko "catalog: a nested \"kind\": \"scenario\" listed"; else ok; fi
n=$(grep -c '^  [a-z]' "$tmp/out")
[ "$n" -eq 14 ] && ok || ko "catalog: $n lines of rule systems and scenarios, 4 + 8 + tricky and broken"
expect "catalog: a broken scenario file" 1 env CRIMEA_DATA="$tmp/data2" "$bin" show broken
contains "catalog: a broken scenario file, where" "$tmp/err" "data2/extra/broken.json:1: invalid JSON"
for f in data/quad/tables.json data/quad/*/*.json; do
	expect "check $f" 0 "$bin" check "$f"
done
for s in alma balaclava inkerman inkerman-option tchernaya tchernaya-nonhistorical; do
	expect "show $s" 0 "$bin" show "$s"
	contains "show $s lists reconstructed data" "$tmp/out" "reconstructed"
done
# odds in the opening position: in the first phase that allows the action, named; a refusal
# gives each phase's reason
expect "odds from the set-up" 0 "$bin" odds balaclava "fire bty4pos > 2012"
contains "odds: the phase" "$tmp/out" "^Game-Turn 1 (last 12), russian Player-Turn, Offensive Fire Phase:$"
contains "odds: the outcome" "$tmp/out" "1/6 ( 16.7%) die 6           disrupted"
expect "odds refused" 1 "$bin" odds balaclava "fire sous1 > 2012"
contains "odds: why, phase by phase" "$tmp/err" "Offensive Fire Phase: \[7.27\] sous1 may fire only at adjacent units"
# at the prompt, the odds of a melee planned in the Movement Phase, the game left as it was;
# and after a record that stops there
printf 'move kiev1 1810\nodds melee kiev1 > 1811\nstatus\nquit\n' | "$bin" play balaclava --save "$tmp/plan.rec" >"$tmp/out" 2>&1
contains "prompt odds ahead: the phase" "$tmp/out" "> Game-Turn 1 (last 12), russian Player-Turn, Melee Phase:$"
contains "prompt odds ahead: the outcome" "$tmp/out" "melee 3 against 2, .* 2-1 column \[8.4\]"
contains "prompt odds ahead: the game unchanged" "$tmp/out" "> Game-Turn 1 (last 12), russian Player-Turn, Movement Phase$"
n=$(grep -c '^action ' "$tmp/plan.rec"); [ "$n" -eq 1 ] && ok || ko "prompt odds ahead: $n actions recorded, 1 made"
expect "odds ahead after a record" 0 "$bin" odds balaclava "melee kiev1 > 1811" --record "$tmp/plan.rec"
contains "odds ahead after a record: the phase" "$tmp/out" "^Game-Turn 1 (last 12), russian Player-Turn, Melee Phase:$"
# units out of play (Inkerman's big guns, [24.2]) are said to be, not given an edge they lack
# the victory point schedule: every item of each side with its case, what scores now
expect "show balaclava: the schedule" 0 "$bin" show balaclava
contains "show: a schedule item that scores now" "$tmp/out" "^  allied   \[23.22\]  redoubt guns remaining, 6 each (now +24)$"
contains "show: a schedule item that scores nothing yet" "$tmp/out" "^  russian  \[23.21\]  two or more units exited at 2025 to raid Balaclava$"
contains "show: the result as it stands" "$tmp/out" "^As it stands: Allied victory (russian 0, allied 54) \[23.1\]$"
n=$(sed -n '/^Victory point schedule/,/^As it stands/p' "$tmp/out" | grep -c '^  ')
[ "$n" -eq 10 ] && ok || ko "show balaclava: $n schedule items, [23.21] and [23.22] have 10"
printf 'schedule\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "play: schedule at the prompt" "$tmp/out" "^  russian  \[23.21\]  the three easternmost redoubt hexes (1811, 2012, 2313) occupied$"
# units at the prompt: each side's units where they stand, those to enter with their turn
printf 'move kiev1 1810\nunits\nunits allied\nunits bogus\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "units: a moved unit at its hex" "$tmp/out" "^  kiev1  *Kiev Hus/1  *cav  *0-3-2  *1810$"
contains "units: the count on the map" "$tmp/out" "^  (37 on the map)$"
contains "units: reinforcements with their turn" "$tmp/out" "^  to enter: cda4_1 (turn 3) "
contains "units: a bad side" "$tmp/out" "units \[SIDE\]: SIDE is russian or allied"
n=$(grep -c "> russian:$" "$tmp/out"); [ "$n" -eq 1 ] && ok || ko "units: russian listed $n times (units, then units allied)"
# log at the prompt: the game so far, as replay --log tells it
printf 'move kiev1 1810\nmove kiev2 1809\nlog\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "log: the first action" "$tmp/out" "^  1\. russian: move kiev1 1810$"
contains "log: its ruling" "$tmp/out" "^       \[5.0\] kiev1 moves to 1810"
contains "log: the second action" "$tmp/out" "^  2\. russian: move kiev2 1809$"
# a hint at the prompt: what greedy would play now (what it plays as that side), the game unchanged
printf 'hint\nhint search:2\nhint bogus\nquit\n' | "$bin" play balaclava --save "$tmp/hint.rec" >"$tmp/out" 2>&1
h=$(sed -n 's/.*> greedy would play: //p' "$tmp/out")
"$bin" play balaclava --ai both=greedy --until-over --save "$tmp/greedy.rec" >/dev/null 2>&1
first=$(grep -m1 '^action ' "$tmp/greedy.rec" | sed 's/^action //')
[ -n "$h" ] && [ "$h" = "$first" ] && ok || ko "hint: greedy's hint \"$h\" is not its first action \"$first\""
contains "hint: search" "$tmp/out" "> search:2 would play: "
contains "hint: a bad player" "$tmp/out" "PLAYER is random, greedy, greedy:PLAN"
n=$(cat "$tmp/hint.rec" 2>/dev/null | grep -c '^action '); [ "$n" -eq 0 ] && ok || ko "hint: $n actions recorded, none made"
# at a terminal (ptyrun drives it on a pseudo-terminal): tab completion from the legal actions,
# the history's up arrow, ^D to leave (tests/cli/prompt.pty says what is typed and seen)
pty=$(dirname "$bin")/tests/ptyrun
if [ -x "$pty" ]; then
	# (the history in a file of the test's, never the player's own ~/.crimea_history)
	if CRIMEA_HISTORY="$tmp/hist" "$pty" tests/cli/prompt.pty "$tmp/pty.out" "$bin" play balaclava --save "$tmp/pty.rec" >"$tmp/out" 2>&1; then
		ok
	else
		ko "play at a terminal: $(cat "$tmp/out")"
	fi
	# the next session finds the lines of that one (^R), and the file holds them
	if CRIMEA_HISTORY="$tmp/hist" "$pty" tests/cli/history.pty "$tmp/pty2.out" "$bin" play balaclava >"$tmp/out" 2>&1; then
		ok
	else
		ko "play at a terminal, the history of the session before: $(cat "$tmp/out")"
	fi
	contains "the history file keeps the lines" "$tmp/hist" 'move.040kiev1.0401810'
	[ ! -e "$tmp/hist.new" ] && ok || ko "the history's temporary file is left behind"
	n=$(grep -c '^action move kiev1 1810$' "$tmp/pty.rec" 2>/dev/null)
	[ "$n" = 1 ] && ok || ko "play at a terminal: the completed move is not in the record"
	# from a pipe the map is plain text
	printf 'map\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
	if grep -q "$(printf '\033')" "$tmp/out"; then ko "play from a pipe: colour escapes in the map"; else ok; fi
	contains "play from a pipe: the map" "$tmp/out" "^legend: "
	# from a pipe the line is read as it is: a tab completes nothing (and spaces around it go)
	printf '  sche\t\nschedule  \nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
	contains "play from a pipe: a tab is no completion" "$tmp/out" 'refused: .*sche'
	contains "play from a pipe: spaces around a command" "$tmp/out" "> Victory point schedule"
else
	ko "no $pty: build it with make tests"
fi
expect "show --map: no schedule" 0 "$bin" show balaclava --map
if grep -q "Victory point schedule" "$tmp/out"; then ko "show --map printed the schedule"; else ok; fi
expect "show inkerman" 0 "$bin" show inkerman
contains "show: out of play" "$tmp/out" "a_bg_1825 .* MA 0  out of play"
if grep -q "on edge  " "$tmp/out"; then ko "show inkerman: a unit on an edge without a name"; else ok; fi
for c in list show check los path odds play replay sim serve; do
	expect "$c --help" 0 "$bin" "$c" --help
	# help texts are printed as they are: a printf escape left in one shows
	if grep -q '%%' "$tmp/out"; then ko "$c --help prints %%"; else ok; fi
done

# the printable map and counter sheet: against show's own text, every unit set up on the map
# is drawn there (on its back when disrupted), and every counter is on the sheet front and
# back, but the big guns that leave play at set-up
for s in alma balaclava inkerman tchernaya; do
	expect "show $s --svg --counters" 0 "$bin" show "$s" --svg "$tmp/$s.svg" --counters "$tmp/$s-c.svg"
	contains "show $s --svg says what it wrote" "$tmp/out" "$tmp/$s.svg: the map of $s"
	"$bin" show "$s" >"$tmp/text"
	at=$(grep -cE ' MA +[0-9]+ +at [0-9]{4}' "$tmp/text"); dis=$(grep -c '(disrupted)' "$tmp/text")
	play=$(($(grep -cE ' MA +[0-9]+ ' "$tmp/text") - $(grep -c 'out of play' "$tmp/text")))
	n=$(grep -c '<g class="counter' "$tmp/$s.svg"); [ "$n" -eq "$at" ] && ok || ko "show $s --svg: $n counters on the map, $at set up"
	n=$(grep -c '<g class="counter back"' "$tmp/$s.svg"); [ "$n" -eq "$dis" ] && ok || ko "show $s --svg: $n on their backs, $dis disrupted"
	n=$(grep -c '<g class="counter back"' "$tmp/$s-c.svg"); [ "$n" -eq "$play" ] && ok || ko "show $s --counters: $n counters, $play units in play"
	contains "show $s --svg: reconstructed" "$tmp/$s.svg" "Reconstructed or decoded data, not the printed game"
	contains "show $s --svg: hexes" "$tmp/$s.svg" '<polygon class="hex t-clear" data-hex='
done
# after a game record: the position it reached, counted against the terminal's map of it
"$bin" play balaclava --ai both=random --seed 4 --until-over --save "$tmp/shown.rec" >/dev/null 2>&1
expect "show RECORD --svg" 0 "$bin" show "$tmp/shown.rec" --svg "$tmp/shown.svg"
contains "show RECORD --svg: when" "$tmp/shown.svg" "with the units at the end of the game"
"$bin" show "$tmp/shown.rec" --map >"$tmp/text"
want=$(awk '/^[0-9][0-9] |^      /{for (i = 1; i <= NF; i++) if ($i ~ /^[RrAa][0-9]?$/) n += ($i ~ /[0-9]/) ? substr($i, 2) + 0 : 1} END {print n}' "$tmp/text")
n=$(grep -c '<g class="counter' "$tmp/shown.svg"); [ "$n" -eq "$want" ] && ok || ko "show RECORD --svg: $n counters, the terminal map has $want"
"$bin" show balaclava --svg "$tmp/start.svg" >/dev/null
grep -v 'the map, hexes' "$tmp/start.svg" >"$tmp/u1"; grep -v 'the map, hexes' "$tmp/shown.svg" >"$tmp/u2"
cmp -s "$tmp/u1" "$tmp/u2" && ko "show RECORD --svg: the units drawn as at the set-up" || ok
# the booklet to print: the map's pages and the counters' in one HTML file
expect "show --print" 0 "$bin" show inkerman --print "$tmp/ink.html" --paper letter
contains "show --print says what it wrote" "$tmp/out" "ink.html: the map and counters to print of inkerman"
contains "show --print: letter paper" "$tmp/ink.html" "@page { size: letter"
n=$(grep -c '<section class="page' "$tmp/ink.html"); [ "$n" -gt 4 ] && ok || ko "show --print: $n pages"
n=$(sed -n '/the counters, 12.7 mm/,$p' "$tmp/ink.html" | grep -c '<g class="counter back"'); [ "$n" -eq 108 ] && ok || ko "show --print: $n counters, Inkerman has 108"
expect "show --paper unknown" 2 "$bin" show inkerman --print "$tmp/x.html" --paper a5
contains "show --paper unknown: why" "$tmp/err" "crimea show: --paper wants a4, letter, a3 or legal"
expect "show --no-units" 0 "$bin" show balaclava --svg "$tmp/bare.svg" --no-units --hex-mm 12
if grep -q '<g class="counter' "$tmp/bare.svg"; then ko "show --no-units: counters drawn"; else ok; fi
contains "show --hex-mm in the heading" "$tmp/bare.svg" "12.0 mm a hex across the flats"
expect "show --hex-mm not a number" 2 "$bin" show balaclava --svg "$tmp/x.svg" --hex-mm big
contains "show --hex-mm not a number: why" "$tmp/err" "crimea show: --hex-mm wants a size in millimetres"
expect "show --counter-mm too large" 1 "$bin" show balaclava --counters "$tmp/x.svg" --counter-mm 99
contains "show --counter-mm: why" "$tmp/err" "x.svg: a counter of 99.0 mm: it must be 4 to 60 mm"
[ -e "$tmp/x.svg" ] && ko "show: a refused sheet left a file" || ok
expect "show --svg without a file" 2 "$bin" show balaclava --svg
expect "show --svg into a missing folder" 1 "$bin" show balaclava --svg "$tmp/no/such/map.svg"
contains "show --svg missing folder: why" "$tmp/err" "crimea show: $tmp/no/such/map.svg: "

# bad data: precise file:line errors, non-zero exit
printf '{"format": "crimea/1", "kind": "map",\n "id": "x", "cols": [1, 5], "rows": [1, 5],\n "provenance": {"source": "seed", "case": "[1]"},\n "terrain": [{"type": "lava", "hexes": ["0101"]}]}\n' >"$tmp/bad1.json"
expect "unknown terrain" 1 "$bin" check "$tmp/bad1.json"
contains "unknown terrain line" "$tmp/err" "bad1.json:4: unknown terrain \"lava\""
printf '{"format": "crimea/1", "kind": "map", "id": "x",\n "cols": [1, 5], "rows": [1, 5],\n "provenance": {"source": "seed", "case": "[1]"},\n "hexsides": [{"type": "river",\n   "sides": ["0101/0303"]}]}\n' >"$tmp/bad2.json"
expect "non-adjacent hexside" 1 "$bin" check "$tmp/bad2.json"
contains "non-adjacent hexside line" "$tmp/err" "bad2.json:5: hexside \"0101/0303\""
printf '{"format": "crimea/1", "kind": "map", "id": "x",\n "cols": [1, 5], "rows": [1, 5],\n "provenance": {"source": "seed", "case": "[1]"},\n "terrain": [{"type": "woods", "hexes": ["0909"]}]}\n' >"$tmp/bad3.json"
expect "hex off the map" 1 "$bin" check "$tmp/bad3.json"
contains "off the map line" "$tmp/err" "bad3.json:4: hex 0909 is off the map"
printf '{"format": "crimea/1", "kind": "map",\n  "id": "x", "cols": [1, 5]\n  "rows": [1, 5]}\n' >"$tmp/bad4.json"
expect "malformed json" 1 "$bin" check "$tmp/bad4.json"
contains "malformed json line" "$tmp/err" "bad4.json:3:"
# a reinforcement's trigger is a rule case ([17.21]'s French): shown as the condition it waits
# for, and anything else refused at its line
expect "show: a triggered reinforcement" 0 "$bin" show balaclava
contains "show: the condition it waits for" "$tmp/out" "zou1_1 .* enters on edge west_0101_0109 once \[17.21\] is met (turn 1 at the earliest)"
printf 'units allied\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "units: a triggered reinforcement" "$tmp/out" "zou1_1 (once \[17.21\] is met)"
cp -r data/quad "$tmp/quad"
sed '0,/"trigger": "17.21"/s//"trigger": "soon"/' data/quad/balaclava/scenario.json >"$tmp/quad/balaclava/scenario.json"
expect "a bad trigger" 1 "$bin" check "$tmp/quad/balaclava/scenario.json"
contains "a bad trigger: where and why" "$tmp/err" 'scenario.json:128: unit zou1_1: "trigger" is the rule case that brings it on'

# los and path
expect "los clear" 0 "$bin" los balaclava 0518 0520
expect "los bad hex" 2 "$bin" los balaclava 05x8 0520
expect "los off the map" 1 "$bin" los balaclava 0518 9999
contains "los off the map: which hex" "$tmp/err" "crimea los: hex 9999 is off the map"
# Alma errata [18.4]'s example: 2106-2309 runs along a slope hexside after climbing one
expect "los alma errata [18.4] example" 3 "$bin" los alma 2106 2309
contains "los alma: blocked, with its case" "$tmp/out" "2106 -> 2309: blocked: \[18.42\] c, errata \[18.4\]"
expect "los alma: adjacent hexes see each other" 0 "$bin" los alma 2106 2107
expect "path" 0 "$bin" path balaclava suth93 1416
contains "path cost" "$tmp/out" "cost"

# a whole random game, saved, replayed and verified; then a tampered record must fail
expect "random game" 0 "$bin" play balaclava --ai russian=random --ai allied=random --until-over --seed 3 --save "$tmp/g.rec"
contains "game over" "$tmp/out" "Game over"
expect "search budget refused" 1 "$bin" play balaclava --ai russian=search:0
contains "search budget message" "$tmp/err" "search:N with 1 <= N <= 100000"
expect "replay verify" 0 "$bin" replay "$tmp/g.rec" --verify
# the game's log: every action numbered with its side, each phase as it begins, the rulings
expect "replay --log" 0 "$bin" replay "$tmp/g.rec" --log --verify
n=$(grep -c '^action ' "$tmp/g.rec"); m=$(grep -cE '^  [0-9]+\. (russian|allied): ' "$tmp/out")
[ "$n" -gt 100 ] && [ "$n" -eq "$m" ] && ok || ko "replay --log: $m actions logged of $n"
contains "replay --log: a phase begins" "$tmp/out" "^Game-Turn 1 (last 12), russian Player-Turn, Movement Phase$"
contains "replay --log: a ruling under its action" "$tmp/out" "^       \[4.0\] Defensive Fire Phase (allied)$"
expect "replay --log of the planned move" 0 "$bin" replay "$tmp/plan.rec" --log
contains "replay --log: the move" "$tmp/out" "^  1\. russian: move kiev1 1810$"
contains "replay --log: its ruling" "$tmp/out" "^       \[5.0\] kiev1 moves to 1810 (5 of 8 movement points spent), stopping in an enemy zone of control \[5.13\]$"
sed '0,/^check 2 /s/^check 2 .*/check 2 0123456789abcdef/' "$tmp/g.rec" >"$tmp/bad.rec"
expect "replay detects divergence" 1 "$bin" replay "$tmp/bad.rec" --verify
contains "divergence names the action" "$tmp/err" "diverges after action"
sed 's/^data .*/data 0000000000000001/' "$tmp/g.rec" >"$tmp/other.rec"
expect "record of other data" 1 "$bin" replay "$tmp/other.rec"
contains "other data message" "$tmp/err" "scenario data"

# the replay corpus: a full recorded game of every scenario replays identically, to its end
for r in tests/replays/*.rec; do
	expect "replay corpus $r" 0 "$bin" replay "$r" --verify
	contains "replay corpus $r ends" "$tmp/out" "result:"
done

# the score sheet: asked for at the prompt, and printed when a game ends
printf 'score\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "score at the start" "$tmp/out" "Score sheet (as if the game ended now):"
contains "score: the redoubt guns" "$tmp/out" "allied     +24  \[23.22\] 4 redoubt guns remaining, 6 each"
contains "score: the result as it stands" "$tmp/out" "^Allied victory (russian 0, allied 54) \[23.1\]"
# a hex looked at from the prompt: terrain, places, hexsides, the stack top first, zones of control
printf 'hex 1811\nhex 2011\nhex 9999\nhex 18\nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "hex: terrain and place" "$tmp/out" "1811: clear; Redoubt No. 3"
contains "hex: a redoubt hexside" "$tmp/out" "  hexside SE: redoubt"
contains "hex: the top unit" "$tmp/out" "  mil3 (3 Militia): allied infantry 2-2-2, MA 5, on top"
contains "hex: the gun beneath" "$tmp/out" "  arabtabia (Arabtabia): allied artillery D-\[1\]-2, MA 0"
contains "hex: an enemy zone" "$tmp/out" "in the allied zone of control \[6.1\]"
contains "hex: off the map" "$tmp/out" "hex 9999 is not on the map"
contains "hex: not a hex" "$tmp/out" '"18" is not a hex number (XXYY)'
# the legal actions, a unit's moves on one line in hex order, or only those naming a unit
printf 'actions\nactions od1\nactions \nquit\n' | "$bin" play balaclava >"$tmp/out" 2>&1
contains "actions: moves grouped" "$tmp/out" "  move od1 HEX   where HEX is one of: 0506 0507 0508 "
contains "actions: wrapped" "$tmp/out" "^      0611 0706 0707"
contains "actions: the end" "$tmp/out" "^  end$"
contains "actions: the count" "$tmp/out" "^(2241 legal actions)$"
contains "actions UNIT" "$tmp/out" "^(71 legal actions name od1, of 2241)$"
if [ "$(grep -c '^(2241 legal actions)$' "$tmp/out")" -eq 2 ]; then ok; else ko "actions with a trailing space lists all"; fi
printf 'quit\n' | "$bin" play tests/replays/balaclava.rec >"$tmp/out" 2>&1
contains "score at the end" "$tmp/out" "^Score sheet:"
contains "score at the end: totals" "$tmp/out" "russian    110  in all"
expect "replay --score" 0 "$bin" replay tests/replays/alma.rec --score
contains "replay --score: the sheet" "$tmp/out" "\[23.12\] 12 complete Game-Turns before Preservation, 1 each"

expect "play --ai both=random" 0 "$bin" play alma --ai both=random --until-over --seed 3
contains "play --ai both: to the end" "$tmp/out" "^Game over: "
expect "play --ai nobody=random" 1 "$bin" play alma --ai nobody=random --until-over
contains "play --ai nobody: the sides named" "$tmp/err" 'no side "nobody" (allied, russian or both)'

# referee mode: manual dice are asked for and kept in the record
printf 'end\nend\nend\nquit\n' | "$bin" play balaclava --dice manual --save "$tmp/m.rec" >"$tmp/out" 2>&1
if grep -q '^dice manual' "$tmp/m.rec"; then ok; else ko "manual dice record"; fi
# the dice may come down a pipe with the actions (a referee's script): a 6 disrupts at 1811
printf 'move kiev1 1810\nend\nend\nfire bty4pos > 1811\n6\nquit\n' |
	"$bin" play balaclava --dice manual --save "$tmp/m6.rec" >"$tmp/out" 2>"$tmp/err"
contains "manual dice piped: asked" "$tmp/out" 'die 1 for "fire bty4pos > 1811"?'
contains "manual dice: what each die decides, before it is asked" "$tmp/out" "> what the die decides:$"
contains "manual dice: the die that disrupts" "$tmp/out" "^  1/6 ( 16.7%) die 6           disrupted$"
contains "manual dice piped: rolled" "$tmp/out" "die 6, result"
contains "manual dice piped: recorded" "$tmp/m6.rec" "^action fire bty4pos > 1811 ; dice 6$"
expect "manual dice piped: the record replays" 0 "$bin" replay "$tmp/m6.rec" --verify
printf 'move kiev1 1810\nend\nend\nfire bty4pos > 1811\n' | "$bin" play balaclava --dice manual >"$tmp/out" 2>"$tmp/err"
contains "manual dice: the input ends before the die" "$tmp/err" 'the input ended before die 1 for "fire bty4pos > 1811" was given'

# resuming a saved game: the computer players go on from the state the record keeps after
# their actions ("ai" lines), so the resumed game is the game that was not interrupted.
# Against random, a person ending every phase: 20 lines, quit, resume, 40 more lines.
yes end | head -60 | "$bin" play alma --ai allied=random --seed 1 --save "$tmp/twin.rec" >"$tmp/twin.out" 2>&1
yes end | head -20 | "$bin" play alma --ai allied=random --seed 1 --save "$tmp/res.rec" >"$tmp/res1.out" 2>&1
n1=$(grep -c '^action ' "$tmp/res.rec"); n2=$(grep -c '^action ' "$tmp/twin.rec")
if [ "$n1" -gt 20 ] && [ "$n1" -lt "$n2" ] && grep -q '^ai ai1 ' "$tmp/res.rec"; then ok; else
	ko "resume: the first session stops mid-game with ai lines ($n1 of $n2 actions)"; fi
yes end | head -40 | "$bin" play "$tmp/res.rec" --ai allied=random --save "$tmp/res.rec" >"$tmp/res2.out" 2>&1
if cmp -s "$tmp/twin.rec" "$tmp/res.rec"; then ok; else ko "resume against random: the record differs from the uninterrupted game's"; fi
grep -h '^allied (random): ' "$tmp/res1.out" "$tmp/res2.out" >"$tmp/res.moves"
grep '^allied (random): ' "$tmp/twin.out" >"$tmp/twin.moves"
if cmp -s "$tmp/twin.moves" "$tmp/res.moves"; then ok; else ko "resume against random: the computer's moves differ"; fi
contains "resume against random: to the end" "$tmp/res2.out" "^Game over: "
expect "resume against random: the record verifies" 0 "$bin" replay "$tmp/res.rec" --verify
# a computer player's actions are written before a person's turn to act (in a stretch of its
# own they wait for the end of its player-turn, or a second): the Russians' random player acts
# 45 times, then the Allies' person is asked for a Defensive Fire in that Player-Turn; the
# game killed there (no quit, no end of input) has them all in its save, and it verifies
mkfifo "$tmp/hold"
"$bin" play balaclava --ai russian=random --seed 2 --save "$tmp/held.rec" <"$tmp/hold" >"$tmp/held.out" 2>&1 &
held=$!
exec 9>"$tmp/hold"
i=0
while [ $i -lt 300 ] && ! grep -q 'Defensive Fire Phase \[allied to act\]> ' "$tmp/held.out"; do sleep 0.1; i=$((i + 1)); done
kill -KILL $held; wait $held 2>/dev/null
exec 9>&-
n=$(grep -c '^action ' "$tmp/held.rec" 2>/dev/null)
[ "$n" = 45 ] && ok || ko "a computer player's actions saved before a person's turn: ${n:-no} actions in the save, 45 made"
expect "a computer player's actions saved before a person's turn: the save verifies" 0 "$bin" replay "$tmp/held.rec" --verify
# and before a referee is asked for a die: manual dice, the Allies' greedy player; the Russians'
# person ends five phases, the Allies' player answers and asks a die for its melee; killed there,
# the save has every action made (the person's 5 and the computer's 17), and it verifies
mkfifo "$tmp/hold2"
"$bin" play balaclava --dice manual --ai allied=greedy --seed 1 --save "$tmp/held2.rec" <"$tmp/hold2" >"$tmp/held2.out" 2>&1 &
held=$!
exec 9>"$tmp/hold2"
i=0
while [ $i -lt 300 ] && ! grep -q '^die 1 for "melee ' "$tmp/held2.out"; do
	[ $((i % 5)) -eq 0 ] && [ $i -lt 50 ] && echo end >&9
	sleep 0.1; i=$((i + 1))
done
kill -KILL $held; wait $held 2>/dev/null
exec 9>&-
n=$(grep -c '^action ' "$tmp/held2.rec" 2>/dev/null)
[ "$n" = 22 ] && ok || ko "a computer player's actions saved before a die is asked: ${n:-no} actions in the save, 22 made"
expect "a computer player's actions saved before a die is asked: the save verifies" 0 "$bin" replay "$tmp/held2.rec" --verify
# catches_term PID: the process has a SIGTERM handler of its own (Linux's /proc: bit 15 of
# SigCgt), so a stop signal sent now is one it asked to handle
catches_term() {
	m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[ -n "$m" ] && [ $((0x$m & 0x4000)) -ne 0 ]
}
# a stop signal while the computer plays (^C, kill, a closed terminal) stops the game after the
# computer's action, with the save written: search:6 against search:6, SIGTERM once it plays
# (SIGINT would be ignored in a background job); the save has every action the game printed,
# it verifies, and the exit status is the signal's (128 + 15)
"$bin" play balaclava --ai both=search:6 --seed 3 --save "$tmp/stop.rec" </dev/null >"$tmp/stop.out" 2>"$tmp/stop.err" &
held=$!
i=0
while [ $i -lt 300 ] && ! catches_term $held; do sleep 0.1; i=$((i + 1)); done
sleep 0.3 # (a few of the computer's actions)
kill -TERM $held; wait $held; st=$?
n=$(grep -c '^action ' "$tmp/stop.rec" 2>/dev/null); m=$(grep -c '(search:6): ' "$tmp/stop.out")
if [ "$st" = 143 ] && [ "${n:-0}" -ge 1 ] && [ "$n" = "$m" ] && grep -q "^crimea: stopped by signal 15; .*stop.rec has all $n actions$" "$tmp/stop.err"; then ok; else
	ko "a stop signal in the computer's play: status $st, ${n:-no} actions saved, $m printed: $(tail -1 "$tmp/stop.err")"; fi
expect "a stop signal in the computer's play: the save verifies" 0 "$bin" replay "$tmp/stop.rec" --verify
# resume_twin NAME SCENARIO K PLAYERS...: a computer game saved whole, and the same game cut
# after its K-th action (as a save after K actions is) and resumed to its end: the same record
resume_twin() {
	name=$1 scn=$2 k=$3; shift 3
	"$bin" play "$scn" "$@" --seed 3 --until-over --save "$tmp/whole.rec" >/dev/null 2>&1
	awk -v k="$k" '/^action /{n++} n>k{exit} {print}' "$tmp/whole.rec" >"$tmp/cut.rec"
	"$bin" play "$tmp/cut.rec" "$@" --until-over --save "$tmp/cut.rec" >/dev/null 2>"$tmp/err"
	if [ "$(grep -c '^action ' "$tmp/whole.rec")" -gt "$k" ] && cmp -s "$tmp/whole.rec" "$tmp/cut.rec"; then ok; else
		ko "$name: the resumed game differs from the uninterrupted one"; head -3 "$tmp/err"; fi
}
resume_twin "resume greedy" balaclava 300 --ai both=greedy
resume_twin "resume search" balaclava 200 --ai russian=search:1 --ai allied=random
# a record without ai lines (made before they were kept) still resumes and verifies
grep -v '^ai ' "$tmp/cut.rec" | awk '/^action /{n++} n>200{exit} {print}' >"$tmp/old.rec"
expect "an old record (no ai lines) verifies" 0 "$bin" replay "$tmp/old.rec" --verify
expect "an old record (no ai lines) resumes" 0 "$bin" play "$tmp/old.rec" --ai russian=search:1 --ai allied=random --until-over
contains "an old record (no ai lines) resumes to the end" "$tmp/out" "^Game over: "
# a garbled ai line is an error at its line
sed '0,/^ai ai1 /s/^ai ai1 .*/ai ai1 0123 garbled/' "$tmp/twin.rec" >"$tmp/badai.rec"
ln=$(grep -n '^ai ai1 0123 garbled' "$tmp/badai.rec" | cut -d: -f1)
expect "a garbled ai line is refused" 1 "$bin" play "$tmp/badai.rec" --ai allied=random
contains "a garbled ai line: file:line" "$tmp/err" "badai.rec:$ln: bad \"ai\" line"
expect "a garbled ai line: replay refuses it too" 1 "$bin" replay "$tmp/badai.rec" --verify

# the record says who played ("players" line): resumed without --ai, the same computer players
# go on, and say so; any --ai replaces them all
# against random, a person ending every phase, resumed without --ai: the twin game of above
yes end | head -20 | "$bin" play alma --ai allied=random --seed 1 --save "$tmp/who.rec" >"$tmp/who1.out" 2>&1
contains "players line: written" "$tmp/who.rec" "^players allied=random russian=human$"
yes end | head -40 | "$bin" play "$tmp/who.rec" --save "$tmp/who.rec" >"$tmp/who2.out" 2>"$tmp/who2.err"
contains "players line: resuming says who plays" "$tmp/who2.err" \
	"^crimea play: resuming with allied=random russian=human (from the record; give --ai to change)$"
if cmp -s "$tmp/twin.rec" "$tmp/who.rec"; then ok; else ko "players line: resumed without --ai, the record differs from the uninterrupted game's"; fi
grep -h '^allied (random): ' "$tmp/who1.out" "$tmp/who2.out" >"$tmp/who.moves"
if cmp -s "$tmp/twin.moves" "$tmp/who.moves"; then ok; else ko "players line: resumed without --ai, the computer's moves differ"; fi
# both sides the computer's, --until-over with the record's players
CRIMEA_THREADS=1 "$bin" play balaclava --ai russian=search:1 --ai allied=random --seed 3 --until-over --save "$tmp/whole.rec" >/dev/null 2>&1
contains "players line: a budget" "$tmp/whole.rec" "^players russian=search:1 allied=random$"
# search thinking on three threads (CRIMEA_THREADS, ai_scratch_threads) plays the same game
CRIMEA_THREADS=3 "$bin" play balaclava --ai russian=search:1 --ai allied=random --seed 3 --until-over --save "$tmp/threads.rec" >/dev/null 2>&1
if cmp -s "$tmp/whole.rec" "$tmp/threads.rec"; then ok; else ko "CRIMEA_THREADS=3: search's game differs from the one on one thread"; fi
expect "CRIMEA_THREADS=0 still plays" 0 env CRIMEA_THREADS=0 "$bin" play alma --ai both=random --until-over --seed 3
contains "CRIMEA_THREADS=0 is reported" "$tmp/err" 'CRIMEA_THREADS="0" is not a number of threads from 1 to 16; the computer players think on one'
awk '/^action /{n++} n>200{exit} {print}' "$tmp/whole.rec" >"$tmp/cut.rec"
expect "players line: --until-over without --ai" 0 "$bin" play "$tmp/cut.rec" --until-over --save "$tmp/cut.rec"
contains "players line: --until-over says who plays" "$tmp/err" "resuming with russian=search:1 allied=random"
if cmp -s "$tmp/whole.rec" "$tmp/cut.rec"; then ok; else ko "players line: --until-over without --ai, the resumed game differs from the uninterrupted one"; fi
# greedy with a posture ("greedy:POSTURE", one of search's plans) is kept by name and resumes
"$bin" play balaclava --ai russian=greedy:cautious --ai allied=greedy --seed 3 --until-over --save "$tmp/post.rec" >/dev/null 2>&1
contains "players line: a posture" "$tmp/post.rec" "^players russian=greedy:cautious allied=greedy$"
awk '/^action /{n++} n>300{exit} {print}' "$tmp/post.rec" >"$tmp/postcut.rec"
expect "players line: a posture resumes" 0 "$bin" play "$tmp/postcut.rec" --until-over --save "$tmp/postcut.rec"
contains "players line: a posture, resuming says so" "$tmp/err" "resuming with russian=greedy:cautious allied=greedy"
if cmp -s "$tmp/post.rec" "$tmp/postcut.rec"; then ok; else ko "players line: greedy:cautious resumed, the game differs from the uninterrupted one"; fi
# an --ai replaces the record's players entirely: a side it does not name is a person's
awk '/^action /{n++} n>200{exit} {print}' "$tmp/whole.rec" >"$tmp/cut.rec"
printf 'save %s\nquit\n' "$tmp/over.rec" | "$bin" play "$tmp/cut.rec" --ai allied=greedy >"$tmp/out" 2>"$tmp/err"
contains "players line: --ai overrides" "$tmp/over.rec" "^players russian=human allied=greedy$"
if grep -q "resuming with" "$tmp/err"; then ko "players line: --ai given, yet the record's players were announced"; else ok; fi
contains "players line: --ai overrides, a person's side prompts" "$tmp/out" "\[russian to act\]> "
printf 'save %s\nquit\n' "$tmp/over.rec" | "$bin" play "$tmp/cut.rec" --ai both=human >"$tmp/out" 2>"$tmp/err"
contains "players line: --ai both=human" "$tmp/over.rec" "^players russian=human allied=human$"
# a record keeps its seed, dice and optional rules: play refuses others rather than ignore them
for o in "--seed 9" "--dice manual" "--option all"; do
	expect "a record refuses $o" 1 "$bin" play "$tmp/cut.rec" $o --until-over
	contains "a record refuses $o: says why" "$tmp/err" "^crimea play: ${o%% *} applies to a new game; .*cut.rec keeps its own seed, dice and optional rules$"
done
# an old record (no players line) resumes as before: hot-seat, nothing announced
grep -v '^players ' "$tmp/cut.rec" >"$tmp/old.rec"
printf 'quit\n' | "$bin" play "$tmp/old.rec" >"$tmp/out" 2>"$tmp/err"
if grep -q "resuming with" "$tmp/err"; then ko "players line: an old record announced players"; else ok; fi
contains "players line: an old record is hot-seat" "$tmp/out" "to act\]> "
# a malformed players line is an error at its line
sed 's/^players .*/players russian=search:0 allied=random/' "$tmp/whole.rec" >"$tmp/badp.rec"
expect "players line: a bad budget is refused" 1 "$bin" play "$tmp/badp.rec" --until-over
contains "players line: a bad budget, file:line" "$tmp/err" 'badp.rec:8: unknown player "search:0" for russian'
# the record keeps the name as text; crimea replay (and play with --ai) refuse an unknown one too
expect "players line: replay refuses a bad budget" 1 "$bin" replay "$tmp/badp.rec"
contains "players line: replay, a bad budget, file:line" "$tmp/err" 'badp.rec:8: unknown player "search:0" for russian'
sed 's/^players .*/players russian=greedy allied=wizard/' "$tmp/whole.rec" >"$tmp/badp.rec"
expect "players line: an unknown player is refused with --ai too" 1 "$bin" play "$tmp/badp.rec" --ai both=human
contains "players line: an unknown player, file:line" "$tmp/err" 'badp.rec:8: unknown player "wizard" for allied (human, random, greedy, search, search:N with 1 <= N <= 100000, or greedy:PLAN)'
sed 's/^players .*/players russian=greedy allied=gr#eedy/' "$tmp/whole.rec" >"$tmp/badp.rec"
expect "players line: a malformed player is refused" 1 "$bin" replay "$tmp/badp.rec"
contains "players line: a malformed player, file:line" "$tmp/err" 'badp.rec:8: bad player "gr#eedy" for allied'
sed 's/^players .*/players russian=greedy turkish=random/' "$tmp/whole.rec" >"$tmp/badp.rec"
expect "players line: an unknown side is refused" 1 "$bin" replay "$tmp/badp.rec"
contains "players line: an unknown side, file:line" "$tmp/err" 'badp.rec:8: the "players" line names a side "turkish"'

# tests/run-unit.sh on a fake build whose "test binaries" are scripts: first test_ai reports 2
# passed and 1 failed in each of its three jobs, test_crash dies of a signal and test_ok passes
# 5 (every job counts, a crash is a failure, the status is 1); then test_ai passes and writes
# down the filters each of its jobs was given (together they must cover all of test_ai).
mkdir -p "$tmp/fake/tests"
printf '#!/bin/sh\necho "[  PASSED  ] 2 test(s)."\necho "[  FAILED  ] 1 test(s), listed below:"\nexit 1\n' >"$tmp/fake/tests/test_ai"
printf '#!/bin/sh\nkill -SEGV $$\n' >"$tmp/fake/tests/test_crash"
printf '#!/bin/sh\necho "[  PASSED  ] 5 test(s)."\n' >"$tmp/fake/tests/test_ok"
chmod +x "$tmp/fake/tests/"test_*
expect "run-unit: failures fail the run" 1 env JOBS=2 sh tests/run-unit.sh "$tmp/fake"
contains "run-unit: every job counted" "$tmp/out" "unit ($tmp/fake): 11 passed, 4 failed"
contains "run-unit: a crash is a failure" "$tmp/out" "test_crash: 0 passed, 1 failed"
contains "run-unit: test_ai's third job counted" "$tmp/out" "test_ai:search: 2 passed, 1 failed"
rm "$tmp/fake/tests/test_crash"
printf '#!/bin/sh\necho "$CRIMEA_TEST_ONLY/$CRIMEA_TEST_SKIP" >>"%s"\necho "[  PASSED  ] 1 test(s)."\n' "$tmp/filters" >"$tmp/fake/tests/test_ai"
expect "run-unit: a passing fake build" 0 sh tests/run-unit.sh "$tmp/fake"
contains "run-unit: passing counts" "$tmp/out" "unit ($tmp/fake): 8 passed, 0 failed"
sort "$tmp/filters" >"$tmp/filters.sorted"
contains "run-unit: the search test alone" "$tmp/filters.sorted" "^test_search_beats_greedy/$"
contains "run-unit: the rest of test_ai" "$tmp/filters.sorted" "^/test_search_\*$"
contains "run-unit: the other search tests" "$tmp/filters.sorted" "^test_search_\*/test_search_beats_greedy$"

# Charge of the Light Brigade: the referee's play sheet (crimea referee cotlb)
expect "check the cotlb play sheet" 0 "$bin" check data/cotlb/sheet-2014.json
sed 's/"4-6", "5-6", "6"/"4-6", "5-6", "9"/' data/cotlb/sheet-2014.json >"$tmp/sheet.json"
expect "check a broken cotlb sheet" 1 "$bin" check "$tmp/sheet.json"
contains "broken cotlb sheet: file:line" "$tmp/err" "sheet.json:12: \"9\" is not a Fire Chart cell"
expect "list names the referee's sheet" 0 "$bin" list
contains "list: cotlb" "$tmp/out" "^  cotlb .*the referee's sheet and table (crimea referee cotlb)$"
expect "referee sheet" 0 "$bin" referee cotlb sheet
contains "referee sheet: weapons" "$tmp/out" "^  rifle  *muskets  20\"$"
contains "referee sheet: modifiers" "$tmp/out" "^  cavalry-double-line  *+2 (a)"
expect "referee fire odds" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --inches 8 --at british-infantry
contains "referee fire odds: halved" "$tmp/out" "long range: a possible hit on 4-6 \[Fire (a), halved \[Fire (o)\]\]"
contains "referee fire odds: hits" "$tmp/out" "possible hits  *0:  1.6% 1: 32.8% 2: 54.7% 3: 10.9%"
contains "referee fire odds: markers" "$tmp/out" "morale markers \[Fire (d)\]  0: 73.7% 1: 25.5% 2:  0.9%"
contains "referee fire odds: after saves" "$tmp/out" "figures lost  *0: 33.0% 1: 47.9% 2: 17.8% 3:  1.4%"
expect "referee fire ruling" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --inches 8 --at british-infantry --dice 6,6,6,4,2,1 --leader 2 --saves 4,3
contains "referee fire ruling: hits" "$tmp/out" "\[Fire (a)\]  *6 dice: 6 6 6 4 2 1: 4 possible hits"
contains "referee fire ruling: halved" "$tmp/out" "\[Fire (o)\]  *long range: half the possible hits, rounded up: 2"
contains "referee fire ruling: leader" "$tmp/out" "die 2: the leader is dead"
contains "referee fire ruling: a save at 5 stands" "$tmp/out" "hit 2: british-infantry at 6 stands saves on 4-6: die 3, a figure lost"
contains "referee fire ruling: casualties" "$tmp/out" "=> 1 figure lost"
expect "referee fire canister, horse artillery" 0 "$bin" referee cotlb fire --weapon allied-horse-artillery --stands 6 --target column --inches 3 --dice 1,2,3,4,5,6,6,6,2,2,2,2
contains "referee canister" "$tmp/out" "\[Fire (p)\]  *canister at 3\""
contains "referee horse artillery long" "$tmp/out" "horse artillery always fires as at long range"
expect "referee fire beyond range" 1 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --inches 11
contains "referee fire beyond range: why" "$tmp/err" "\[Fire (n)\] 11\" is beyond the long range of musket (10\")"
expect "referee fire at a battery: no leader" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --inches 3 --at russian-artillery --dice 6,6,6,1,1,1
contains "referee fire at a battery: no leader" "$tmp/out" "the target has no leader with it (a battery, or its leader dead)"
expect "referee fire: wrong dice" 1 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --short --dice 6,6
contains "referee fire: wrong dice: why" "$tmp/err" "\[Fire (a)\] 6 dice are thrown, not 2"
expect "referee fire to a rout" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --inches 3 --at turkish-infantry:24:5 --dice 6,6,6,6,2,1
contains "referee fire to a rout" "$tmp/out" "\[MORALE (c)\]  *turkish-infantry now has 7 morale markers.*ROUTS"
# Q&A 5: the pips of the natural 1s and 2s are added (1 2 2 2: 7 possible hits)
expect "referee melee ruling" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --attacker-dice 1,2,2,3,4,2,6 --defender-dice 1,1,1,1,1,1,1 --winner-die 5 --defender-saves 6,6,6,6,6,6,6
contains "referee melee: Q&A 5" "$tmp/out" "wins 20 to 7; its natural 1s and 2s add up to 7 possible hits on the defender"
contains "referee melee: the winner's third" "$tmp/out" "the winner's die 5: a third of the defender's 7, rounded up: 3 possible hits on the attacker"
contains "referee melee: withdraw" "$tmp/out" "\[Close Combat (g)\]  *the defender withdraws 4 dice inches"
contains "referee melee: defender saves all" "$tmp/out" "=> 0 figures lost"
expect "referee melee odds" 0 "$bin" referee cotlb melee --attacker russian-infantry:4 --defender british-infantry:4 --attacker-leaders 0 --defender-leaders 0
contains "referee melee odds: ties to the initiative" "$tmp/out" "the attacker wins 58.3%, the defender 41.7%"
expect "referee melee: unknown modifier" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --attacker-mod bogus
contains "referee melee: unknown modifier: why" "$tmp/err" "no close combat modifier \"bogus\""
expect "referee morale" 0 "$bin" referee cotlb morale --unit russian-infantry:14:2 --die 3
contains "referee morale: chance" "$tmp/out" "passes 33.3% of the time"
contains "referee morale: ruling" "$tmp/out" "4 stands + die 3 - 2 morale markers = 5: fails (7 or better passes)"
expect "referee move" 0 "$bin" referee cotlb move --row cavalry --terrain steep --markers 1 --dice 6,2,5
contains "referee move: terrain" "$tmp/out" "0 low and 2 high dice taken off (terrain)"
contains "referee move: inches" "$tmp/out" "=> up to 1 inch$"
expect "referee move: guns at a wall" 1 "$bin" referee cotlb move --row foot-guns --terrain walls
contains "referee move: guns at a wall: why" "$tmp/err" "foot-guns may not cross walls or trenches"
expect "referee initiative odds" 0 "$bin" referee cotlb initiative --a-won --a-combats 1 --b-withdrawn 2
contains "referee initiative odds" "$tmp/out" "side A wins it 97.1% of the time, side B 2.9% (ties rolled again)"
expect "referee initiative tie" 0 "$bin" referee cotlb initiative --a-won --dice 3,4
contains "referee initiative tie" "$tmp/out" "=> a tie: roll again"
expect "referee command radius" 0 "$bin" referee cotlb command --unit russian-infantry --inches 14
contains "referee command radius" "$tmp/out" "beyond 12\": it draws a morale marker"
expect "referee: snake eyes" 0 "$bin" referee cotlb fire --weapon russian-foot-artillery --stands 6 --target line --inches 20 --command-phase --dice 1,1,4,5,6,2
contains "referee: snake eyes" "$tmp/out" "\[Command Points\]  *snake eyes in a command point phase: the battery has used up its ammunition"
# a game's roster: a new game of the NASHCON order of battle; rulings on unit ids update it once
# complete, and only then; command points, a leader's death and return, rallying
expect "check the NASHCON order of battle" 0 "$bin" check data/cotlb/balaclava-2014.json
sed 's/"type": "russian-cavalry"/"type": "russian-horse"/' data/cotlb/balaclava-2014.json >"$tmp/oob.json"
expect "check a broken order of battle" 1 "$bin" check "$tmp/oob.json"
contains "broken order of battle: file:line" "$tmp/err" 'oob.json:[0-9]*: "russian-horse" is not a troop type of the sheet'
g="$tmp/cotlb-game.json"
expect "roster: new game" 0 "$bin" referee cotlb new --oob balaclava-2014 --table none --game "$g"
contains "roster: new game" "$tmp/out" "a new game of Battle of Balaclava, NASHCON 2014 (Charge of the Light Brigade) (60 units)"
expect "roster: a new game does not replace one" 2 "$bin" referee cotlb new --oob balaclava-2014 --game "$g"
expect "roster: units" 0 "$bin" referee cotlb units --game "$g" --side russian
contains "roster: units" "$tmp/out" "^  kiev1  *russian-cavalry  *12/12  *6  *0  *8  *$"
expect "roster: fire without the leader's die" 0 "$bin" referee cotlb fire --game "$g" --firer 93rd --weapon rifle --target line --inches 9 --at kiev1 --dice 6,6,6,5,2,1 --saves 2,5,6,1
contains "roster: incomplete, unchanged" "$tmp/out" "unchanged until the ruling is complete (the leader's die (--leader))"
expect "roster: fire" 0 "$bin" referee cotlb fire --game "$g" --firer 93rd --weapon rifle --target line --inches 9 --at kiev1 --dice 6,6,6,5,2,1 --saves 2,5,6,1 --leader 1
contains "roster: fire: figures" "$tmp/out" "kiev1 loses 2 figures: 10 left on 5 stands"
contains "roster: fire: the leader" "$tmp/out" "kiev1's leader is dead; his replacement takes command on turn 3"
contains "roster: fire: markers" "$tmp/out" "kiev1 takes 1 morale marker (two natural sixes \[Fire (d)\]): 2 now"
expect "roster: no command points without a leader" 1 "$bin" referee cotlb spend --game "$g" --unit kiev1 --points 1
contains "roster: no command points without a leader" "$tmp/err" "kiev1's leader is dead: it may not use command points until turn 3"
expect "roster: spend" 0 "$bin" referee cotlb spend --game "$g" --unit 93rd --points 2
contains "roster: spend" "$tmp/out" "93rd spends 2 command points: 10 left"
expect "roster: melee" 0 "$bin" referee cotlb melee --game "$g" --attacker kiev1 --attacker-mod cavalry-line --defender 93rd --attacker-dice 6,6,6,2,1 --defender-dice 1,1,2,1,1,1,1 --winner-die 4 --defender-saves 1,1,1 --defender-leader-die 5
contains "roster: melee: the winner's markers take its save" "$tmp/out" "russian-cavalry at 5 stands: no save possible (morale markers)"
contains "roster: melee: the loser's two markers" "$tmp/out" "93rd takes 2 morale markers (losing the close combat and withdrawing"
contains "roster: melee: the loser's leader lives" "$tmp/out" "defender leader at risk, die 5: saved"
expect "roster: rally" 0 "$bin" referee cotlb rally --game "$g" --unit 93rd
contains "roster: rally" "$tmp/out" "93rd removes a morale marker as its action: 1 left"
expect "roster: two turns" 0 "$bin" referee cotlb turn --game "$g"
expect "roster: the leader's replacement" 0 "$bin" referee cotlb turn --game "$g"
contains "roster: the leader's replacement" "$tmp/out" "kiev1's replacement leader takes command"
expect "roster: units after" 0 "$bin" referee cotlb units --game "$g"
contains "roster: kiev1 after" "$tmp/out" "^  kiev1  *russian-cavalry  *9/12  *5  *2  *8  *$"
contains "roster: 93rd after" "$tmp/out" "^  93rd  *british-infantry  *21/24  *6  *1  *10  *$"
expect "roster: the log" 0 "$bin" referee cotlb log --game "$g"
contains "roster: the log: what was asked" "$tmp/out" "^turn 1: fire --firer 93rd --weapon rifle --target line --inches 9 --at kiev1 --dice 6,6,6,5,2,1 --saves 2,5,6,1 --leader 1$"
contains "roster: the log: what changed" "$tmp/out" "=> \[Fire (e)\]  *kiev1's leader is dead"
contains "roster: the log: later turns" "$tmp/out" "^turn 3: turn$"
n=$(grep -c '^turn ' "$tmp/out"); [ "$n" -eq 6 ] && ok || ko "roster: the log has $n entries, 6 rulings changed the game"
# MORALE (c) after losses: 4 markers, then down to 3 stands and its leader: it routs; a battery
# that loses a close combat is out of the game (Close Combat (h))
g2="$tmp/cotlb-game2.json"
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$g2" >/dev/null
for i in 1 2 3 4; do "$bin" referee cotlb command --game "$g2" --unit azov1 --inches 20 >/dev/null; done
expect "roster: a rout from losses" 0 "$bin" referee cotlb save --game "$g2" --unit azov1 --hits 12
contains "roster: a rout from losses" "$tmp/out" "azov1's 4 markers reach its stands and leader: it ROUTS"
# [Close Combat (h)]: a game waits for the battery's die, spiked (4-6) or captured (an Ace)
expect "roster: a battery overrun, its die owed" 0 "$bin" referee cotlb melee --game "$g2" --attacker kiev1 --defender w-battery \
	--attacker-dice 6,6,6,5,5,5,4 --defender-dice 1,1,1,1,1,1 --winner-die 4
contains "roster: a battery overrun, its die owed" "$tmp/out" "unchanged until the ruling is complete (the battery's die, spiked or captured (--spike-die))"
expect "roster: a battery overrun" 0 "$bin" referee cotlb melee --game "$g2" --attacker kiev1 --defender w-battery --attacker-dice 6,6,6,5,5,5,4 --defender-dice 1,1,1,1,1,1 --winner-die 4 --spike-die 2
contains "roster: a battery overrun: gone" "$tmp/out" "w-battery loses its last 6 figures: it is destroyed"
contains "roster: a battery overrun: the attacker's marker" "$tmp/out" "kiev1 takes 1 morale marker (winning against a battery"
contains "roster: a battery overrun: the guns captured" "$tmp/out" "\[Close Combat (h)\]  *the battery's die 2: the guns are captured"
contains "roster: a battery overrun: an Ace" "$tmp/out" "the russian side captures the guns and gains an Ace for a later command point: 1 now"
expect "roster: the Ace shown" 0 "$bin" referee cotlb units --game "$g2" --side russian
contains "roster: the Ace shown" "$tmp/out" "russian: 1 Ace (captured guns"
expect "roster: an Ace spent" 0 "$bin" referee cotlb spend --game "$g2" --unit kiev2 --ace
contains "roster: an Ace spent" "$tmp/out" "kiev2 uses an Ace of the russian side for a command point: 0 left"
expect "roster: no second Ace" 1 "$bin" referee cotlb spend --game "$g2" --unit kiev2 --ace
contains "roster: no second Ace" "$tmp/err" "the russian side has no Ace"
# an Ace also when the winner is typed in (the battery's enemy gains it); an Ace and points together
gac="$tmp/gace.json"
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$gac" >/dev/null
expect "roster: a typed-in winner's Ace" 0 "$bin" referee cotlb melee --game "$gac" --attacker russian-cavalry --defender w-battery \
	--attacker-dice 6,6,6,5,5,5,4 --defender-dice 1,1,1,1,1,1 --winner-die 4 --spike-die 3
contains "roster: a typed-in winner's Ace" "$tmp/out" "the russian side captures the guns and gains an Ace"
expect "roster: an Ace and a point for a second phase" 0 "$bin" referee cotlb spend --game "$gac" --unit kiev2 --points 2 --ace
contains "roster: an Ace and a point: the point" "$tmp/out" "kiev2 spends 1 command point"
contains "roster: an Ace and a point: the Ace" "$tmp/out" "kiev2 uses an Ace of the russian side for a command point: 0 left"
expect "roster: no Ace for Cossacks" 1 "$bin" referee cotlb spend --game "$gac" --unit ural-cossacks --ace
expect "roster: a spike die for no battery" 2 "$bin" referee cotlb melee --game "$gac" --attacker kiev1 --defender 93rd \
	--attacker-dice 6,6,6,5,5,5,4 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --spike-die 2
contains "roster: a spike die for no battery" "$tmp/err" "the defender that lost is no battery"
expect "roster: units, a battery's guns" 0 "$bin" referee cotlb units --game "$g2" --side allied
contains "roster: a battery's stands are its guns" "$tmp/out" "^  i-troop  *british-artillery  *6/6  *3 "
echo '{"format": "crimea/1", "kind": "cotlb-game", "oob": "balaclava-2014", "turn": 1, "units": []}' >"$tmp/bad-game.json"
expect "roster: a game file missing units" 1 "$bin" referee cotlb units --game "$tmp/bad-game.json"
contains "roster: a game file missing units: file:line" "$tmp/err" 'bad-game.json:1: unit "dnieper1" is missing'
# A game on a table (tests/data/cotlb/test-table.json: the Dnieper battalion and the 93rd 10"
# apart, face to face, with their commanders): where units stand, fire's range, stands and
# target from the table, the two-inch rules, a move's dice, a formation change, the command
# radius at a new turn
g3="$tmp/cotlb-table.json"
expect "table: new game on a table" 0 "$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g3"
contains "table: new game on a table" "$tmp/out" "(60 units), on the table tests/data/cotlb/test-table.json$"
expect "table: check the test table" 0 "$bin" check tests/data/cotlb/test-table.json
expect "table: the table" 0 "$bin" referee cotlb table --game "$g3"
contains "table: the table's terrain" "$tmp/out" "^  woods  *woods "
expect "table: where" 0 "$bin" referee cotlb where --game "$g3"
contains "table: where: a unit" "$tmp/out" "^  dnieper1  *50.0  *40.0  *180  line  *93rd 8.5\"$"
contains "table: where: off the table" "$tmp/out" "^  grenadiers  *not arrived (enter)$"
expect "table: where one unit" 0 "$bin" referee cotlb where --game "$g3" --unit 93rd
contains "table: where one unit: its volley" "$tmp/out" "dnieper1  *8.5\"  6 stands at a line, short range"
contains "table: where one unit: its commander (exact twentieths)" "$tmp/out" "its commander campbell: 4.25\" (radius 24\")"
expect "table: fire from the table" 0 "$bin" referee cotlb fire --game "$g3" --firer 93rd --at dnieper1
contains "table: fire: the range" "$tmp/out" "93rd (rifle) to dnieper1: 8.5\" (9\"), short range (long range 20\")"
contains "table: fire: the stands" "$tmp/out" "6 stands of 93rd bear on dnieper1 within 45 degrees"
contains "table: fire: the volley" "$tmp/out" "fire: rifle, 6 dice, at a line, short range"
expect "table: fire ruled" 0 "$bin" referee cotlb fire --game "$g3" --firer dnieper1 --at 93rd --dice 6,6,5,4,2,1 --saves 6,6
contains "table: fire ruled: long range" "$tmp/out" "dnieper1 (musket) to 93rd: 8.5\" (9\"), long range"
contains "table: fire ruled: the marker" "$tmp/out" "93rd takes 1 morale marker (two natural sixes"
expect "table: move, no dice" 0 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --y 36
contains "table: move, the odds" "$tmp/out" "2 dice; the move needs 4\" (4.0\"): 91.7% to make it"
expect "table: move, short" 1 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --y 36 --dice 1,2
contains "table: move, short" "$tmp/err" "dnieper1 rolled 3\" and the move is 4.0\""
expect "table: move" 0 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --y 36 --dice 3,2
expect "table: no closer than 2 inches" 1 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --y 33 --dice 6,6
contains "table: no closer than 2 inches" "$tmp/err" "\[MOVE (i)\] dnieper1 would be 1.5\" from the enemy 93rd"
expect "table: a charge from too far" 1 "$bin" referee cotlb melee --game "$g3" --attacker dnieper1 --defender 93rd
contains "table: a charge from too far" "$tmp/err" "\[Close Combat (a)\] dnieper1 is 4.5\" from 93rd"
expect "table: a formation change" 0 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --formation square
contains "table: a formation change" "$tmp/out" "dnieper1 changes formation: its action"
expect "table: a square cannot move" 1 "$bin" referee cotlb move --game "$g3" --unit dnieper1 --y 38 --dice 6,6
expect "table: cavalry cannot form square" 1 "$bin" referee cotlb place --game "$g3" --unit heavy1 --x 80 --y 10 --formation square
expect "table: a reinforcement enters" 0 "$bin" referee cotlb place --game "$g3" --unit heavy1 --x 80 --y 10 --facing 90 --formation line
expect "table: a commander moves off" 0 "$bin" referee cotlb place --game "$g3" --commander gribbe --x 80 --y 70
expect "table: a new turn" 0 "$bin" referee cotlb turn --game "$g3"
contains "table: a new turn: out of command" "$tmp/out" "dnieper1 takes 1 morale marker (outside its brigade commander's radius"
expect "table: where after" 0 "$bin" referee cotlb where --game "$g3"
contains "table: where after: the square formed behind its front rank" "$tmp/out" "^  dnieper1  *50.0  *37.5  *180  square"
# a charge: straight at the enemy to 2", the modifiers the table shows, the loser withdrawing
g5="$tmp/cotlb-charge.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g5" >/dev/null
expect "table: toward, as far as the dice allow" 0 "$bin" referee cotlb move --game "$g5" --unit dnieper1 --toward 93rd --dice 2,1
contains "table: toward, as far as the dice allow" "$tmp/out" "dnieper1 moves straight at 93rd: 3.0\" (as far as the dice allow)"
expect "table: toward, to 2 inches" 0 "$bin" referee cotlb move --game "$g5" --unit dnieper1 --toward 93rd --dice 6,6
contains "table: toward, to 2 inches" "$tmp/out" "dnieper1 moves straight at 93rd: 3.5\" (to 2\" of it)"
expect "table: form square in place" 0 "$bin" referee cotlb move --game "$g5" --unit 93rd --formation square
expect "table: a charge, the table's modifiers" 0 "$bin" referee cotlb melee --game "$g5" --attacker dnieper1 --defender 93rd
contains "table: a charge at a square formed behind its front rank" "$tmp/out" "dnieper1 is 2.0\" from 93rd: it may charge"
contains "table: a charge, the square" "$tmp/out" "\[Modifiers (b)\]  *93rd: infantry in square (square +1)"
expect "table: the charge ruled" 0 "$bin" referee cotlb melee --game "$g5" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,6,6,6,6,6 --defender-dice 1,2,1,2,1,1,1 --winner-die 4 --defender-saves 1,1,1,1,1,1,1,1,1,1 --defender-leader-die 5
expect "table: the loser withdraws" 0 "$bin" referee cotlb withdraw --game "$g5" --unit 93rd --dice 3,3,3,3
contains "table: the loser withdraws 12 inches" "$tmp/out" "93rd withdraws 12.0\" (of 12\") away from dnieper1 to (50.0, 16.5), facing 180, in square"
expect "table: withdraw needs 4 dice" 2 "$bin" referee cotlb withdraw --game "$g5" --unit 93rd --dice 3,3
expect "table: rout needs a routing unit" 2 "$bin" referee cotlb rout --game "$g5" --unit dnieper1 --dice 3,3,3,3
# guns by prolonge: one die, and an even one to cross the stream [MOVE (e)]
"$bin" referee cotlb place --game "$g5" --unit w-battery --x 80 --y 58.5 --facing 0 --formation unlimbered >/dev/null
expect "table: prolonge across a stream, odd" 1 "$bin" referee cotlb move --game "$g5" --unit w-battery --y 62 --dice 3
contains "table: prolonge across a stream, odd" "$tmp/err" "\[MOVE (e)\] w-battery by prolonge crosses stream only on an even die, not 3"
expect "table: prolonge across a stream, even" 0 "$bin" referee cotlb move --game "$g5" --unit w-battery --y 62 --dice 4
# cavalry that fires is standing again [MOVE (h)]; a unit off the table does not fire
"$bin" referee cotlb place --game "$g5" --unit heavy1 --x 62 --y 3 --facing 0 --formation line >/dev/null
expect "table: cavalry moves 5 inches" 0 "$bin" referee cotlb move --game "$g5" --unit heavy1 --y 8 --dice 3,3,3
grep -q '"moving": true' "$g5" && ok || ko "table: cavalry moving after 5 inches forward"
expect "table: the cavalry fires" 0 "$bin" referee cotlb fire --game "$g5" --firer heavy1 --at dnieper1 --long --dice 1,2,3,4,5,6 --saves 6,6,6
grep -q '"moving": true' "$g5" && ko "table: firing is a standing action" || ok
expect "table: a unit off the table does not fire" 2 "$bin" referee cotlb fire --game "$g5" --firer grenadiers --at dnieper1
contains "table: a unit off the table does not fire" "$tmp/err" "grenadiers is not on the table"
# the sequence of play kept by the game [Initiative], [Side A Turn], [Side B Turn]: started by
# next, the initiative first, one action a unit a phase, the command point phases' cost, the
# reaction only against a unit that used a point, and the turn's end; odds are never refused
g6="$tmp/cotlb-seq.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g6" >/dev/null
"$bin" referee cotlb place --game "$g6" --unit kiev1 --x 64 --y 28 --facing 270 --formation line >/dev/null
expect "sequence: none kept" 0 "$bin" referee cotlb phase --game "$g6"
contains "sequence: none kept" "$tmp/out" "the game keeps no sequence of play (next starts it"
expect "sequence: started" 0 "$bin" referee cotlb next --game "$g6"
contains "sequence: started" "$tmp/out" "the game keeps the sequence of play from turn 1's initiative"
expect "sequence: the initiative first" 1 "$bin" referee cotlb fire --game "$g6" --firer 93rd --at dnieper1 --dice 1,1,1,2,2,3
contains "sequence: the initiative first" "$tmp/err" "\[Initiative (a)\] turn 1 starts with the initiative"
expect "sequence: no phase before the initiative" 1 "$bin" referee cotlb next --game "$g6"
"$bin" referee cotlb initiative --game "$g6" --dice 5,2 >/dev/null
expect "sequence: --first is a side" 2 "$bin" referee cotlb next --game "$g6" --first french
expect "sequence: the winner sends the Allies first" 0 "$bin" referee cotlb next --game "$g6" --first allied
contains "sequence: the winner sends the Allies first" "$tmp/out" "the russian side won the initiative and sends the allied side first: side A"
expect "sequence: the initiative is not rolled again" 1 "$bin" referee cotlb initiative --game "$g6" --dice 3,4
expect "sequence: side B waits in the free action phase" 1 "$bin" referee cotlb fire --game "$g6" --firer dnieper1 --at 93rd --dice 1,1,1,2,2,3
contains "sequence: side B waits in the free action phase" "$tmp/err" "\[Side A Turn (a)\] the free action phase is the allied side's: dnieper1 may not act"
expect "sequence: the odds are never refused" 0 "$bin" referee cotlb fire --game "$g6" --firer dnieper1 --at 93rd
expect "sequence: a free action" 0 "$bin" referee cotlb fire --game "$g6" --firer 93rd --at dnieper1 --dice 1,1,1,2,2,3
contains "sequence: a free action" "$tmp/out" "93rd's fire is its action in the free action phase"
expect "sequence: one action a phase" 1 "$bin" referee cotlb move --game "$g6" --unit 93rd --formation square
contains "sequence: one action a phase" "$tmp/err" "93rd has taken its action in this phase (fire): another costs a command point"
expect "sequence: the first command point phase" 0 "$bin" referee cotlb next --game "$g6"
expect "sequence: an action for a point" 0 "$bin" referee cotlb move --game "$g6" --unit 93rd --formation square
contains "sequence: an action for a point" "$tmp/out" "93rd spends 1 command point: 11 left"
contains "sequence: an action for a point" "$tmp/out" "93rd's change of formation is its action in the first command point phase (1 point)"
expect "sequence: the reaction phase" 0 "$bin" referee cotlb next --game "$g6"
contains "sequence: the reaction phase" "$tmp/out" "the russian side's reaction phase"
expect "sequence: the phase" 0 "$bin" referee cotlb phase --game "$g6"
contains "sequence: the phase: who may be answered" "$tmp/out" "used a command point (may be answered): 93rd"
expect "sequence: no free move in reaction" 1 "$bin" referee cotlb move --game "$g6" --unit dnieper1 --y 42 --dice 3
contains "sequence: no free move in reaction" "$tmp/err" "\[Side A Turn (c)\] reaction is fire, a turn in place, unlimbering, a cavalry charge or a reinforcement"
expect "sequence: a reaction charge falls short" 0 "$bin" referee cotlb move --game "$g6" --unit kiev1 --toward 93rd --dice 1,1,1
contains "sequence: a reaction charge falls short" "$tmp/out" "kiev1 takes 1 morale marker (its reaction charge fell short"
expect "sequence: reaction fire" 0 "$bin" referee cotlb fire --game "$g6" --firer dnieper1 --at 93rd --dice 1,1,1,2,2,3
contains "sequence: reaction fire" "$tmp/out" "dnieper1's fire is its reaction in this phase"
expect "sequence: one volley in reaction" 1 "$bin" referee cotlb fire --game "$g6" --firer dnieper1 --at 93rd --dice 1,1,1,2,2,3
"$bin" referee cotlb next --game "$g6" >/dev/null
expect "sequence: the second phase costs 2 points" 0 "$bin" referee cotlb move --game "$g6" --unit 93rd --formation line
contains "sequence: the second phase costs 2 points" "$tmp/out" "93rd spends 2 command points: 9 left"
grep -q '"phase": "command"' "$g6" && grep -q '"93rd": "reform"' "$g6" && ok || ko "sequence: the game file keeps the phase and who acted"
"$bin" referee cotlb next --game "$g6" >/dev/null
"$bin" referee cotlb next --game "$g6" >/dev/null
expect "sequence: side A declines, side B's turn" 0 "$bin" referee cotlb next --game "$g6"
contains "sequence: side A declines, side B's turn" "$tmp/out" "the russian side's turn, its free action phase"
"$bin" referee cotlb next --game "$g6" >/dev/null
expect "sequence: the turn is over" 0 "$bin" referee cotlb next --game "$g6"
contains "sequence: the turn is over" "$tmp/out" "turn 1 is over"
contains "sequence: the next turn's initiative" "$tmp/out" "turn 2: each side rolls for the initiative"
expect "sequence: stopped" 0 "$bin" referee cotlb phase --game "$g6" --off
expect "sequence: the referee's again" 0 "$bin" referee cotlb fire --game "$g6" --firer dnieper1 --at 93rd --dice 1,1,1,2,2,3
expect "sequence: --off is for phase" 2 "$bin" referee cotlb next --game "$g6" --off
sed 's/"phase": *"[a-z]*"/"phase": "lunch"/' "$g6" >"$tmp/seq-bad.json"
"$bin" referee cotlb next --game "$g6" >/dev/null
sed 's/"phase": *"[a-z]*"/"phase": "lunch"/' "$g6" >"$tmp/seq-bad.json"
expect "sequence: a bad phase in the game file" 1 "$bin" referee cotlb phase --game "$tmp/seq-bad.json"
contains "sequence: a bad phase in the game file" "$tmp/err" "seq-bad.json:[0-9]*: \"phase\" is initiative, free, command, reaction or assault, not \"lunch\""
# command and reaction fire are simultaneous: results held until the reaction phase ends
# [Side A Turn (b)]; spend and turn go round the sequence and are refused while it is kept
g8="$tmp/cotlb-held.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g8" >/dev/null
seq_start "$g8" 5,2 allied
expect "held: spend is refused" 2 "$bin" referee cotlb spend --game "$g8" --unit 93rd --points 1
contains "held: spend is refused" "$tmp/err" "keeps the sequence of play: an action in a command point phase pays its points itself"
expect "held: turn is refused" 2 "$bin" referee cotlb turn --game "$g8"
expect "held: no Ace for a free action" 2 "$bin" referee cotlb fire --game "$g8" --firer 93rd --at dnieper1 --dice 1,1,1,2,2,3 --ace
expect "held: a typed-in attacker" 2 "$bin" referee cotlb melee --game "$g8" --attacker british-infantry --defender dnieper1 --attacker-dice 6,6,5,5,4,4,3 --defender-dice 1,1,1,1,1,1,1 --winner-die 6
"$bin" referee cotlb next --game "$g8" >/dev/null
expect "held: command point fire" 0 "$bin" referee cotlb fire --game "$g8" --firer 93rd --at dnieper1 --dice 6,5,4,1,1,1 --saves 1,1,1
contains "held: command point fire" "$tmp/out" "held until the reaction phase ends: dnieper1 loses 3 figures, 0 markers"
"$bin" referee cotlb units --game "$g8" --side russian >"$tmp/units"
contains "held: not yet lost" "$tmp/units" "^  dnieper1  *russian-infantry  *24/24"
"$bin" referee cotlb next --game "$g8" >/dev/null
expect "held: the reaction at full strength" 0 "$bin" referee cotlb fire --game "$g8" --firer dnieper1 --at 93rd --dice 6,6,5,4,1,1 --saves 1,1
contains "held: the reaction at full strength" "$tmp/out" "6 stands of dnieper1 bear on 93rd"
expect "held: the phase shows them" 0 "$bin" referee cotlb phase --game "$g8"
contains "held: the phase shows them" "$tmp/out" "held until the reaction phase ends \[Side A Turn (b)\]: dnieper1 loses 3 figures"
expect "held: the reaction phase ends" 0 "$bin" referee cotlb next --game "$g8"
contains "held: the reaction phase ends" "$tmp/out" "the command and reaction fire, simultaneous, takes effect"
contains "held: the losses" "$tmp/out" "dnieper1 loses 3 figures: 21 left"
grep -q '"held"' "$g8" && ko "held: nothing held after the reaction phase" || ok
# the charge's morale checks [Close Combat (a)]: the attacker's, the defender's only when
# outnumbered two stands to one; a failure withdraws with a marker and there is no close combat
expect "charge morale: the chances" 0 "$bin" referee cotlb melee --attacker russian-infantry:24:3 --defender british-infantry:8
contains "charge morale: the attacker's chance" "$tmp/out" "the attacker's charge morale check passes 50.0% of the time \[Close Combat (a)\] (--attacker-morale-die D rules it)"
contains "charge morale: the outnumbered defender's" "$tmp/out" "the defender's charge morale check (outnumbered two stands to one) passes 50.0% of the time"
expect "charge morale: no defender check at even odds" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --defender-morale-die 3
g9="$tmp/cotlb-charge-morale.json"
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$g9" >/dev/null
for i in 1 2 3; do "$bin" referee cotlb command --game "$g9" --unit kiev1 --inches 20 >/dev/null; done
expect "charge morale: the attacker fails" 0 "$bin" referee cotlb melee --game "$g9" --attacker kiev1 --defender 93rd --attacker-morale-die 2
contains "charge morale: the attacker fails" "$tmp/out" "the attacker fails its morale check: it withdraws \[Close Combat (g)\] and there is no close combat"
contains "charge morale: its marker" "$tmp/out" "kiev1 takes 1 morale marker (a failed charge morale check \[Close Combat (a), (g)\]): 4 now"
"$bin" referee cotlb next --game "$g9" >/dev/null
"$bin" referee cotlb initiative --game "$g9" --dice 5,2 >/dev/null
"$bin" referee cotlb next --game "$g9" >/dev/null
expect "charge morale: a failed charge is the action" 0 "$bin" referee cotlb melee --game "$g9" --attacker kiev1 --defender 93rd --attacker-morale-die 2
contains "charge morale: a failed charge is the action" "$tmp/out" "kiev1's close combat is its action in the free action phase"
expect "charge morale: no second charge" 1 "$bin" referee cotlb melee --game "$g9" --attacker kiev1 --defender 93rd --attacker-dice 6,6,6,6,6,6,6 --defender-dice 1,1,1,1,1,1,1 --winner-die 4
expect "charge morale: passed, the combat still to rule" 0 "$bin" referee cotlb melee --game "$g9" --attacker kiev2 --defender 93rd --attacker-morale-die 6
"$bin" referee cotlb phase --game "$g9" >"$tmp/phase"
grep -q "kiev2" "$tmp/phase" && ko "charge morale: a passed check alone is no action yet" || ok
# [Close Combat (f)]: a winner at twice the loser's total stays locked in combat and fights it
# again as it withdraws, as the same action; once, unless it wins at twice again
g10="$tmp/cotlb-locked.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g10" >/dev/null
"$bin" referee cotlb place --game "$g10" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
seq_start "$g10" 5,2 russian
expect "locked: won at twice" 0 "$bin" referee cotlb melee --game "$g10" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6
contains "locked: won at twice" "$tmp/out" "dnieper1 won at twice 93rd's total: it may stay locked in combat"
"$bin" referee cotlb withdraw --game "$g10" --unit 93rd --dice 1,1,1,1 >/dev/null
expect "locked: fights on" 0 "$bin" referee cotlb melee --game "$g10" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 6,6,6,6,6,6,6 --winner-die 4 --attacker-saves 6 --defender-saves 6,6
contains "locked: beyond 2 inches" "$tmp/out" "dnieper1 stays locked in combat with 93rd as it withdraws"
contains "locked: no new charge" "$tmp/out" "the attacker stays locked in combat \[Close Combat (f)\]: no new charge, no morale check"
contains "locked: the same action" "$tmp/out" "\[Close Combat (f)\]  *dnieper1 stays locked in combat with 93rd: the same action"
expect "locked: not a third time" 1 "$bin" referee cotlb melee --game "$g10" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6
# [Close Combat (f)]: a winning attacker advances onto the loser's position once it has gone
g13="$tmp/cotlb-advance.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g13" >/dev/null
"$bin" referee cotlb move --game "$g13" --unit dnieper1 --toward 93rd --dice 6,6 >/dev/null
expect "advance: only after a win" 1 "$bin" referee cotlb advance --game "$g13" --unit dnieper1
contains "advance: only after a win" "$tmp/err" "\[Close Combat (f)\] dnieper1 has won no close combat as the attacker this turn"
"$bin" referee cotlb melee --game "$g13" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,6,6,6,6,6 --defender-dice 1,2,1,2,1,1,1 --winner-die 4 --defender-saves 1,1,1,1,1,1,1,1,1,1 --defender-leader-die 5 >/dev/null
grep -q '"beat": {' "$g13" && ok || ko "advance: the game file keeps the position won"
expect "advance: the loser withdraws first" 1 "$bin" referee cotlb advance --game "$g13" --unit dnieper1
contains "advance: the loser withdraws first" "$tmp/err" "\[Close Combat (g)\] 93rd still stands where it lost: it withdraws first"
"$bin" referee cotlb withdraw --game "$g13" --unit 93rd --dice 3,3,3,3 >/dev/null
expect "advance: not the loser" 1 "$bin" referee cotlb advance --game "$g13" --unit 93rd
expect "advance: --unit alone" 2 "$bin" referee cotlb advance --game "$g13" --unit dnieper1 --x 40
expect "advance: onto the position" 0 "$bin" referee cotlb advance --game "$g13" --unit dnieper1
contains "advance: onto the position" "$tmp/out" "\[Close Combat (f)\]  *dnieper1 advances onto 93rd's position (50.0, 30.0), facing 180 in line: part of its close combat, not an action"
expect "advance: once" 1 "$bin" referee cotlb advance --game "$g13" --unit dnieper1
"$bin" referee cotlb where --game "$g13" >"$tmp/where"
grep -q "^  dnieper1  *50.0  *30.0  *180  line" "$tmp/where" && ok || ko "advance: where it stands now"
# with the sequence kept: in the close combat's phase, not an action; a move gives it up
g14="$tmp/cotlb-advance-seq.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g14" >/dev/null
"$bin" referee cotlb place --game "$g14" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
seq_start "$g14" 5,2 russian
"$bin" referee cotlb melee --game "$g14" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6 >/dev/null
"$bin" referee cotlb withdraw --game "$g14" --unit 93rd --dice 1,1,1,1 >/dev/null
cp "$g14" "$tmp/advance-seq-won.json"
expect "advance: in its phase" 0 "$bin" referee cotlb advance --game "$g14" --unit dnieper1
grep -q "spends\|is its action" "$tmp/out" && ko "advance: not an action" || ok
cp "$tmp/advance-seq-won.json" "$g14"
"$bin" referee cotlb next --game "$g14" >/dev/null
expect "advance: not in the next phase" 1 "$bin" referee cotlb advance --game "$g14" --unit dnieper1
contains "advance: not in the next phase" "$tmp/err" "has won no close combat as the attacker in this phase"
# [Side A Turn (d)]: a close assault bought in a command point phase is declared, and resolved
# after the reaction phase, once the held fire has taken effect
g11="$tmp/cotlb-assault.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g11" >/dev/null
"$bin" referee cotlb place --game "$g11" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
seq_start "$g11" 5,2 russian
"$bin" referee cotlb next --game "$g11" >/dev/null
expect "assault: not ruled in the command point phase" 1 "$bin" referee cotlb melee --game "$g11" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4
contains "assault: not ruled in the command point phase" "$tmp/err" "declare it now (melee --attacker ID --defender ID --declare)"
expect "assault: the odds meanwhile" 0 "$bin" referee cotlb melee --game "$g11" --attacker dnieper1 --defender 93rd
expect "assault: declared" 0 "$bin" referee cotlb melee --game "$g11" --attacker dnieper1 --defender 93rd --declare
contains "assault: declared, paid" "$tmp/out" "dnieper1 spends 1 command point: 7 left"
contains "assault: declared" "$tmp/out" "dnieper1's close assault on 93rd is resolved after the reaction phase"
"$bin" referee cotlb next --game "$g11" >/dev/null
expect "assault: the defender's reaction volley" 0 "$bin" referee cotlb fire --game "$g11" --firer 93rd --at dnieper1 --dice 6,5,4,1,1,1 --saves 1,1,1
expect "assault: the reaction phase ends" 0 "$bin" referee cotlb next --game "$g11"
contains "assault: the fire first" "$tmp/out" "dnieper1 loses 3 figures: 21 left"
contains "assault: then the close assaults" "$tmp/out" "the close assaults of the command point and reaction phases are resolved: dnieper1 at 93rd"
expect "assault: resolved" 0 "$bin" referee cotlb melee --game "$g11" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6
contains "assault: after its losses" "$tmp/out" "attacker: russian-infantry, 21 figures"
contains "assault: resolved" "$tmp/out" "dnieper1's close assault on 93rd is resolved"
expect "assault: --declare is for a command point phase" 2 "$bin" referee cotlb melee --game "$g11" --attacker dnieper1 --defender 93rd --declare
# the review's cases: standing cavalry's -1 only against cavalry; the defender's check only after
# the attacker's; fire results held outside a reaction's phases; save and leader around the sequence
expect "charge morale: standing cavalry, infantry attacking" 0 "$bin" referee cotlb melee --attacker british-infantry --defender russian-cavalry:6 --defender-mod standing-cavalry --attacker-morale-die 6 --defender-morale-die 4
contains "charge morale: standing cavalry, infantry attacking" "$tmp/out" "russian-cavalry: 3 stands + die 4 = 7: passes"
expect "charge morale: standing cavalry, cavalry attacking" 0 "$bin" referee cotlb melee --attacker british-cavalry --defender russian-cavalry:6 --defender-mod standing-cavalry --attacker-morale-die 6 --defender-morale-die 4
contains "charge morale: standing cavalry, cavalry attacking" "$tmp/out" "russian-cavalry: 3 stands + die 4 - 1 standing cavalry attacked by cavalry = 6: fails"
expect "charge morale: the defender's after the attacker's" 2 "$bin" referee cotlb melee --attacker british-cavalry --defender russian-infantry:12 --defender-morale-die 1
sed 's/"turn": \([0-9]*\),/"turn": \1, "held": [{"unit": "93rd", "figures": 1, "markers": 0, "leader_killed": false, "why": "x"}],/' "$g11" >"$tmp/held-bad.json"
expect "held: none outside a command point or reaction phase" 1 "$bin" referee cotlb phase --game "$tmp/held-bad.json"
contains "held: none outside a command point or reaction phase" "$tmp/err" "held-bad.json:[0-9]*: \"held\" results wait for a reaction phase's end"
expect "sequence: save on a game unit goes round it" 2 "$bin" referee cotlb save --game "$g11" --unit 93rd --hits 2 --dice 1,1
expect "sequence: so does leader" 2 "$bin" referee cotlb leader --game "$g11" --unit 93rd --die 1
# fire priority [Fire (c)]: told without the sequence, refused with it, ignored in reaction
g7="$tmp/cotlb-prio.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g7" >/dev/null
"$bin" referee cotlb place --game "$g7" --unit azov1 --x 60 --y 44 --facing 180 --formation line >/dev/null
expect "priority: the nearest, told" 0 "$bin" referee cotlb fire --game "$g7" --firer 93rd --at azov1 --dice 1,1,1,2,2,3
contains "priority: the nearest, told" "$tmp/out" "\[Fire (c)\]  *fire priority names dnieper1 (the nearest enemy, 8.5\") before azov1"
seq_start "$g7" 5,1 russian
expect "priority: an advance" 0 "$bin" referee cotlb move --game "$g7" --unit azov1 --y 42 --dice 3,3
"$bin" referee cotlb next --game "$g7" >/dev/null
expect "priority: a point for a square" 0 "$bin" referee cotlb move --game "$g7" --unit dnieper1 --formation square
"$bin" referee cotlb next --game "$g7" >/dev/null
expect "priority: reaction fire ignores it" 0 "$bin" referee cotlb fire --game "$g7" --firer 93rd --at dnieper1 --dice 1,1,1,2,2,3
"$bin" referee cotlb next --game "$g7" >/dev/null
"$bin" referee cotlb next --game "$g7" >/dev/null
expect "priority: refused with the sequence" 1 "$bin" referee cotlb fire --game "$g7" --firer 93rd --at dnieper1 --dice 1,1,1,2,2,3
contains "priority: refused with the sequence" "$tmp/err" "\[Fire (c)\] fire priority: 93rd fires first at azov1 (advancing on it, [0-9.]*\"), not dnieper1 ("
expect "priority: the odds are still given" 0 "$bin" referee cotlb fire --game "$g7" --firer 93rd --at dnieper1
expect "priority: the advancing unit" 0 "$bin" referee cotlb fire --game "$g7" --firer 93rd --at azov1 --dice 1,1,1,2,2,3
contains "priority: the advancing unit" "$tmp/out" "azov1 is advancing on it: first in fire priority"
expect "priority: where says it" 0 "$bin" referee cotlb where --game "$g7" --unit 93rd
contains "priority: where says it" "$tmp/out" "^fire priority \[Fire (c)\]: azov1 first (advancing on it, "
grep -q '"from": {' "$g7" && ok || ko "priority: the game file keeps where the advance started"
# split fire [Fire (f)]: some stands at the first in priority, the others at the next, one action
g12="$tmp/cotlb-split.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g12" >/dev/null
"$bin" referee cotlb place --game "$g12" --unit azov1 --x 60 --y 44 --facing 180 --formation line >/dev/null
"$bin" referee cotlb place --game "$g12" --unit ukraine1 --x 42 --y 46 --facing 180 --formation line >/dev/null
expect "split: --stands wanted" 2 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at azov1 --split --dice 1,1
expect "split: without the sequence, the referee's" 0 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1 --split --stands 2 --dice 1,1
expect "split: nothing kept without the sequence" 0 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1 --split --stands 2 --dice 1,1
seq_start "$g12" 5,1 russian
"$bin" referee cotlb move --game "$g12" --unit azov1 --y 42 --dice 3,3 >/dev/null
"$bin" referee cotlb next --game "$g12" >/dev/null
"$bin" referee cotlb next --game "$g12" >/dev/null
expect "split: all the stands is no split" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at azov1 --split --stands 6 --dice 1,1,1,1,1,1
contains "split: all the stands is no split" "$tmp/err" "\[Fire (f)\] a split fire fires some of 93rd's 6 stands"
expect "split: the first part in priority" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1 --split --stands 2 --dice 1,1
contains "split: the first part in priority" "$tmp/err" "fire priority: 93rd fires first at azov1"
expect "split: opened" 0 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at azov1 --split --stands 2 --dice 1,1
contains "split: opened" "$tmp/out" "\[Fire (f)\]  *93rd splits its fire: 2 of its 6 stands at azov1; the other 4 fire at another target"
contains "split: opened as its action" "$tmp/out" "93rd's fire is its action in the free action phase"
grep -q '"split"' "$g12" && ok || ko "split: the game file keeps the split"
expect "split: where" 0 "$bin" referee cotlb where --game "$g12" --unit 93rd
contains "split: where names the next" "$tmp/out" "^fire priority \[Fire (c)\]: dnieper1 next (the nearest enemy"
contains "split: where says what is left" "$tmp/out" "^split fire \[Fire (f)\]: 4 stands left"
expect "split: phase" 0 "$bin" referee cotlb phase --game "$g12"
contains "split: phase" "$tmp/out" "split fire \[Fire (f)\]: 93rd has 4 stands left to fire at another target (fired at azov1)"
expect "split: not twice at one target" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at azov1 --dice 1,1
contains "split: not twice at one target" "$tmp/err" "93rd has fired at azov1 in this action: its other 4 stands fire at another target"
expect "split: the next in priority" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at ukraine1 --dice 1,1,1,1
contains "split: the next in priority" "$tmp/err" "fire priority: 93rd fires next at dnieper1 (the nearest enemy, 8.5\"), not ukraine1"
expect "split: no more stands than are left" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1 --stands 5 --dice 1,1,1,1,1
contains "split: no more stands than are left" "$tmp/err" "93rd has 4 stands left to fire in its split fire, not 5"
expect "split: the odds of the rest" 0 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1
contains "split: the odds of the rest" "$tmp/out" "4 of them fire: the stands 93rd's split fire has left"
expect "split: the rest" 0 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at dnieper1 --dice 1,1,1,1
contains "split: the rest" "$tmp/out" "93rd's split fire goes on: 4 stands at dnieper1, the same action; every stand has fired"
grep -q "spends" "$tmp/out" && ko "split: the rest unpaid" || ok
expect "split: then the action is over" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --at ukraine1 --dice 1
contains "split: then the action is over" "$tmp/err" "93rd has taken its action in this phase (fire)"
grep -q '"split": {}' "$g12" && ok || ko "split: closed in the game file"
# [Side A Turn (c) 1] reaction fire takes the mover "at any time during" its move
g15="$tmp/cotlb-react-path.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g15" >/dev/null
"$bin" referee cotlb place --game "$g15" --unit turks1 --x 20 --y 30 --facing 0 --formation line >/dev/null
"$bin" referee cotlb place --game "$g15" --unit heavy1 --x 33 --y 34 --facing 0 --formation line >/dev/null
"$bin" referee cotlb place --game "$g15" --unit uhlans --x 16 --y 39 --facing 90 --formation march-column >/dev/null
seq_start "$g15" 5,1 russian
"$bin" referee cotlb next --game "$g15" >/dev/null
expect "reaction path: a paid move" 0 "$bin" referee cotlb move --game "$g15" --unit uhlans --x 34 --dice 6,6,6,6
grep -q '"moved": {' "$g15" && ok || ko "reaction path: the game file keeps where the move began"
expect "reaction path: where it ends, 4 stands bear" 0 "$bin" referee cotlb fire --game "$g15" --firer turks1 --at uhlans
contains "reaction path: where it ends, 4 stands bear" "$tmp/out" "4 stands of turks1 bear on uhlans"
"$bin" referee cotlb next --game "$g15" >/dev/null
expect "reaction path: the best point of the move" 0 "$bin" referee cotlb fire --game "$g15" --firer turks1 --at uhlans --dice 1,1,1,1,1,1
contains "reaction path: the best point of the move" "$tmp/out" "\[Side A Turn (c) 1\]  *turks1 fires at uhlans as it passed (16.0, 39.0) during its move: the best point of it"
contains "reaction path: 6 stands then" "$tmp/out" "6 stands of turks1 bear on uhlans"
# [Close Combat (b)] a reinforcement in the reaction phase forms a double line for the charged line
g16="$tmp/cotlb-reinforce.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g16" >/dev/null
"$bin" referee cotlb place --game "$g16" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
"$bin" referee cotlb place --game "$g16" --unit turks1 --x 50 --y 27 --facing 0 --formation line >/dev/null
"$bin" referee cotlb place --game "$g16" --unit turks2 --x 30 --y 27 --facing 0 --formation line >/dev/null
expect "reinforce: a reaction of the sequence" 2 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd --die 6
seq_start "$g16" 5,2 russian
"$bin" referee cotlb next --game "$g16" >/dev/null
expect "reinforce: not in the command point phase" 1 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd --die 6
"$bin" referee cotlb melee --game "$g16" --attacker dnieper1 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g16" >/dev/null
expect "reinforce: the chance" 0 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd
contains "reinforce: the chance" "$tmp/out" "turks1 passes its morale test 100.0% of the time"
expect "reinforce: within 4 inches" 1 "$bin" referee cotlb reinforce --game "$g16" --unit turks2 --defender 93rd --die 6
contains "reinforce: within 4 inches" "$tmp/err" "\[Close Combat (b)\] turks2 is 11.15\" from 93rd: a double line is formed within 4 inches"
expect "reinforce: only a charged friend" 1 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender turks2 --die 6
contains "reinforce: only a charged friend" "$tmp/err" "reinforces a friend charged by an enemy that used command points (this round's close assaults: dnieper1 at 93rd)"
cp "$g16" "$tmp/reinforce-before.json"
python3 - "$g16" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for u in d["units"]:
    if u["id"] == "turks1":
        u["markers"] = 3
json.dump(d, open(sys.argv[1], "w"))
PY
expect "reinforce: a failed test is its reaction" 0 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd --die 2
contains "reinforce: a failed test" "$tmp/out" "turks1 fails its morale test: it does not reinforce 93rd"
grep -q '"reinforced": {}' "$g16" && ok || ko "reinforce: no double line after a failed test"
cp "$tmp/reinforce-before.json" "$g16"
expect "reinforce: passed" 0 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd --die 1
contains "reinforce: passed" "$tmp/out" "\[Close Combat (b)\]  *turks1 reinforces 93rd, forming a double line for the close assault on it"
contains "reinforce: its reaction" "$tmp/out" "turks1's reinforcement is its reaction in this phase"
expect "reinforce: phase shows it" 0 "$bin" referee cotlb phase --game "$g16"
contains "reinforce: phase shows it" "$tmp/out" "93rd is reinforced by turks1 as a double line \[Close Combat (b)\]"
expect "reinforce: once" 1 "$bin" referee cotlb reinforce --game "$g16" --unit turks1 --defender 93rd --die 6
"$bin" referee cotlb next --game "$g16" >/dev/null
expect "reinforce: the double line in the close assault" 0 "$bin" referee cotlb melee --game "$g16" --attacker dnieper1 --defender 93rd
contains "reinforce: the double line in the close assault" "$tmp/out" "\[Close Combat (b)\]  *turks1 reinforced 93rd as a double line (Q&A 3: \"they are both involved\"): it fights with it"
contains "reinforce: both lines fight, +1 each" "$tmp/out" "defender joined by turks1: turkish-infantry, 24 figures, 7 dice (6 stands, 1 leader), +1 a die"
contains "reinforce: +1 a die" "$tmp/out" "defender: british-infantry, 24 figures, 7 dice (6 stands, 1 leader), +1 a die"
# [Close Combat (b), (c)] units that fight with the defender: their dice follow its, the hits spread
expect "also: the odds" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:12 --defender-also turkish-infantry
contains "also: the odds, the side" "$tmp/out" "the defender's 2 units fight as one side: 11 dice, +0 in all"
contains "also: the odds, each unit's losses" "$tmp/out" "defender turkish-infantry figures lost"
expect "also: the dice of every unit" 1 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:12 --defender-also turkish-infantry --attacker-dice 6,6,2,2,2,1,4 --defender-dice 1,1,2,2 --winner-die 4
contains "also: the dice of every unit" "$tmp/err" "the defender (2 units) throws 11 dice (a die a stand and a leader stand, every unit's), not 4"
expect "also: ruled" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:12 --defender-also turkish-infantry --attacker-dice 6,6,2,2,2,1,4 --defender-dice 1,1,2,2,1,1,1,1,2,1,1 --winner-die 4 --attacker-saves 6,6,6
contains "also: the hits spread" "$tmp/out" "the defender's 7 possible hits are distributed throughout its units, one at a time from the first: 4 on british-infantry and 3 on the others after it"
contains "also: each unit's saves" "$tmp/out" "defender turkish-infantry saves:"
expect "also: no battery joins" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --defender-also british-artillery
expect "also: at most three" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --defender-also turkish-infantry --defender-also turkish-infantry --defender-also turkish-infantry --defender-also turkish-infantry
expect "also: the saves handed over" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --defender-also british-cavalry --attacker-dice 2,2,2,2,2,2,6 --defender-dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1 --winner-die 3 --attacker-saves 6,6,6,6 --defender-saves 6,6,6,6,6,6,1,1,1,1,1,1
contains "also: the first unit's six saves" "$tmp/out" "hit 6: british-infantry at 6 stands saves on 4-6: die 6, saved"
contains "also: the next unit's from the seventh die" "$tmp/out" "hit 1: british-cavalry at 6 stands saves on 2-6: die 1, a figure lost"
contains "also: its losses" "$tmp/out" "=> 6 figures lost"
expect "also: the hits a lost unit cannot take pass on" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:2 --defender-also british-infantry --attacker-dice 2,2,2,2,2,2,2 --defender-dice 1,1,1,1,1,1,1,1,1 --winner-die 3 --attacker-saves 6,6,6,6,6 --defender-saves 1,1,1,1,1,1,1,1,1,1,1,1
contains "also: the hits a lost unit cannot take pass on" "$tmp/out" "defender british-infantry:2 has no figures left: the other 6 possible hits pass to the next unit \[Close Combat (d)\]"
contains "also: the next unit takes them" "$tmp/out" "british-infantry loses 13 figures, 11 left"
expect "also: the odds of the saves, passed on" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:2 --defender-also british-infantry --attacker-dice 2,2,2,2,2,2,2 --defender-dice 1,1,1,1,1,1,1,1,1 --winner-die 3 --attacker-saves 6,6,6,6,6
contains "also: the odds of the saves, passed on" "$tmp/out" "defender british-infantry saves: british-infantry at 24 figures, 7 of the side's 14 possible hits and those a unit before it cannot take"
contains "also: 13 hits on the battalion at most" "$tmp/out" "13:  0.6%   (mean 7.49)"
expect "also: no save dice needed" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender turkish-infantry --defender-also turkish-infantry --attacker-dice 2,2,2,2,2,2,2 --defender-dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1 --winner-die 3 --attacker-saves 6,6,6,6,6
contains "also: no save dice needed" "$tmp/out" "turkish-infantry loses 7 figures, 17 left"
expect "also: leader dice for units not there" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --defender-leader-die 4,5
# without a table the troop types say the arms, and only the reaction phase's reinforcements fight
g20="$tmp/cotlb-notable.json"
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$g20" >/dev/null
seq_start "$g20" 5,2 russian
"$bin" referee cotlb next --game "$g20" >/dev/null
"$bin" referee cotlb melee --game "$g20" --attacker dnieper1 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g20" >/dev/null
expect "no table: no battery reinforces" 1 "$bin" referee cotlb reinforce --game "$g20" --unit w-battery --defender 93rd --contact --die 6
contains "no table: no battery reinforces" "$tmp/err" "friendly infantry or cavalry reinforce a charged unit, not w-battery"
expect "no table: no cavalry double line" 1 "$bin" referee cotlb reinforce --game "$g20" --unit heavy1 --defender 93rd --die 6
expect "no table: a reinforcement in contact" 0 "$bin" referee cotlb reinforce --game "$g20" --unit heavy1 --defender 93rd --contact --die 6
"$bin" referee cotlb next --game "$g20" >/dev/null
expect "no table: only the reinforcements fight" 1 "$bin" referee cotlb melee --game "$g20" --attacker dnieper1 --defender 93rd --defender-also turks1
contains "no table: only the reinforcements fight" "$tmp/err" "without a table, turks1 fights with 93rd in a close assault only as a reinforcement"
expect "no table: the reinforcement fights" 0 "$bin" referee cotlb melee --game "$g20" --attacker dnieper1 --defender 93rd
contains "no table: the reinforcement fights" "$tmp/out" "defender joined by heavy1: british-cavalry"
# ... on a table in the sequence: a reinforcement in contact with the attacker [Close Combat (b)]
g17="$tmp/cotlb-contact.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g17" >/dev/null
"$bin" referee cotlb place --game "$g17" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
"$bin" referee cotlb place --game "$g17" --unit heavy1 --x 59 --y 36 --facing 270 --formation line >/dev/null
"$bin" referee cotlb place --game "$g17" --unit light1 --x 66 --y 36 --facing 270 --formation line >/dev/null
expect "contact: a unit that does not touch does not fight" 1 "$bin" referee cotlb melee --game "$g17" --attacker dnieper1 --defender 93rd --defender-also heavy1
contains "contact: a unit that does not touch does not fight" "$tmp/err" "\[Close Combat (b)\] heavy1 is 3.5\" from dnieper1: a unit fights when it touches the enemy"
seq_start "$g17" 5,2 russian
"$bin" referee cotlb next --game "$g17" >/dev/null
"$bin" referee cotlb melee --game "$g17" --attacker dnieper1 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g17" >/dev/null
expect "contact: within 4 inches of the attacker" 1 "$bin" referee cotlb reinforce --game "$g17" --unit light1 --defender 93rd --contact --die 6
contains "contact: within 4 inches of the attacker" "$tmp/err" "light1 is [0-9.]*\" from dnieper1: it reinforces by moving no more than 4 inches to contact the attacker"
expect "contact: reinforces" 0 "$bin" referee cotlb reinforce --game "$g17" --unit heavy1 --defender 93rd --contact --die 5
contains "contact: reinforces" "$tmp/out" "heavy1 reinforces 93rd in contact with its attacker: it fights with it in the close assault"
grep -q '"joined": {' "$g17" && ok || ko "contact: the game file keeps it"
expect "contact: phase shows it" 0 "$bin" referee cotlb phase --game "$g17"
contains "contact: phase shows it" "$tmp/out" "heavy1 reinforces 93rd in contact with its attacker \[Close Combat (b)\]"
"$bin" referee cotlb next --game "$g17" >/dev/null
expect "contact: it fights" 0 "$bin" referee cotlb melee --game "$g17" --attacker dnieper1 --defender 93rd --attacker-dice 2,2,2,2,2,2,6 --defender-dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1 --winner-die 3 --attacker-saves 6,6,1,1 --defender-saves 6,6,6,6,6,6,1,1,1,1,1,1 --defender-leader-die 4
contains "contact: it fights" "$tmp/out" "heavy1 reinforced 93rd in contact with its attacker: it fights with it"
contains "contact: the losers' markers" "$tmp/out" "heavy1 takes 2 morale markers (losing the close combat and withdrawing"
contains "contact: its losses" "$tmp/out" "heavy1 loses 6 figures: 6 left on 3 stands"
# ... two units charge one defender: a reinforcement in contact may touch either of them. light1
# stands 3.5" from dnieper2 and 4.5" from dnieper1, who charged first (before, the referee measured
# to the first attacker only and refused what cact listed: a greedy game's "join" was refused)
g17b="$tmp/cotlb-contact2.json"
test_table_game "$g17b" dnieper1:50:33.5:180 dnieper2:50:26.5:0 light1:59:24:270
seq_start "$g17b" 5,2 russian
"$bin" referee cotlb next --game "$g17b" >/dev/null
"$bin" referee cotlb melee --game "$g17b" --attacker dnieper1 --defender 93rd --declare >/dev/null
"$bin" referee cotlb melee --game "$g17b" --attacker dnieper2 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g17b" >/dev/null
expect "contact: either attacker" 0 "$bin" referee cotlb reinforce --game "$g17b" --unit light1 --defender 93rd --contact --die 6
contains "contact: either attacker" "$tmp/out" "light1 reinforces 93rd in contact with its attacker: it fights with it in the close assault"
# the review's cases: a split names its target; a reinforcement is a reaction; no more stands than
# bear; an advance instead of the locked combat; a hand-edited split fire must be one the sequence opens
expect "review: a split names its target" 1 "$bin" referee cotlb fire --game "$g12" --firer 93rd --split --stands 2 --weapon rifle --target line --short --dice 1,1
g18="$tmp/cotlb-review.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g18" >/dev/null
seq_start "$g18" 5,2 russian
expect "review: a reinforcement is a reaction" 1 "$bin" referee cotlb reinforce --game "$g18" --unit dnieper2 --defender dnieper1 --die 6
contains "review: a reinforcement is a reaction" "$tmp/err" "a reinforcement is a reaction to a close assault bought with command points, in the reaction phase after it"
"$bin" referee cotlb next --game "$g18" >/dev/null
"$bin" referee cotlb next --game "$g18" >/dev/null
expect "review: no more stands than bear" 1 "$bin" referee cotlb fire --game "$g18" --firer 93rd --at dnieper1 --stands 7 --dice 1,1,1,1,1,1,1
contains "review: no more stands than bear" "$tmp/err" "\[Fire (i)\] 6 stands of 93rd bear on dnieper1, not 7"
expect "review: a split that went round the sequence" 0 "$bin" referee cotlb fire --game "$g18" --firer 93rd --at dnieper1 --split --stands 2 --dice 1,1
python3 - "$g18" "$tmp/split-bad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["sequence"]["acted"] = {}
json.dump(d, open(sys.argv[2], "w"))
PY
expect "review: a hand-edited split fire" 1 "$bin" referee cotlb phase --game "$tmp/split-bad.json"
contains "review: a hand-edited split fire" "$tmp/err" "split-bad.json:[0-9]*: \"split\": 93rd's split fire is a volley of side A's unit"
g19="$tmp/cotlb-advance-lock.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g19" >/dev/null
"$bin" referee cotlb place --game "$g19" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
seq_start "$g19" 5,2 russian
"$bin" referee cotlb melee --game "$g19" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6 >/dev/null
"$bin" referee cotlb withdraw --game "$g19" --unit 93rd --dice 1,1,1,1 >/dev/null
expect "review: the advance instead of the lock" 0 "$bin" referee cotlb advance --game "$g19" --unit dnieper1
contains "review: the advance instead of the lock" "$tmp/out" "dnieper1 advances instead of staying locked in combat with 93rd"
expect "review: then no locked combat" 1 "$bin" referee cotlb melee --game "$g19" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,5,5,4,4,2 --defender-dice 1,1,1,1,1,1,1 --winner-die 4 --attacker-saves 6 --defender-saves 6,6
# several units charge one [Close Combat (a)-(d)]: "Each charging unit rolls for morale", "Total
# everything at once", "Distribute loses throughout"
expect "charge with: the odds" 0 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-cavalry --defender british-infantry
contains "charge with: one side" "$tmp/out" "the attacker's 2 units fight as one side: 14 dice, +0 in all"
contains "charge with: each unit's losses" "$tmp/out" "attacker russian-cavalry figures lost"
contains "charge with: outnumbered by both" "$tmp/out" "the defender's charge morale check (outnumbered two stands to one)"
expect "charge with: a unit fails" 0 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-cavalry:12:3 --defender british-infantry:12 --attacker-morale-die 1,1 --attacker-dice 3,3,3,3,3,3,2 --defender-dice 1,1,1,1 --winner-die 5 --attacker-saves 6
contains "charge with: a unit fails" "$tmp/out" "the attacker russian-cavalry:12:3 fails its morale check: it withdraws \[Close Combat (g)\] and does not fight"
contains "charge with: the others fight" "$tmp/out" "attacker, russian-infantry: 7 dice 3 3 3 3 3 3 2, +0 a die: total 20"
expect "charge with: its dice are not thrown" 1 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-cavalry:12:3 --defender british-infantry:12 --attacker-morale-die 1,1 --attacker-dice 3,3,3,3,3,3,2,1,1,1,1,1,1,1 --defender-dice 1,1,1,1 --winner-die 5
contains "charge with: its dice are not thrown" "$tmp/out" "the attacking units that withdrew throw no dice: the attacker's are those of the 1 unit that fights"
expect "charge with: every unit fails" 0 "$bin" referee cotlb melee --attacker russian-infantry:24:2 --attacker-also russian-cavalry:12:3 --defender british-infantry --attacker-morale-die 1,1
contains "charge with: every unit fails" "$tmp/out" "no attacking unit fights: there is no close combat"
expect "charge with: no longer outnumbered" 0 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-cavalry:12:3 --defender british-infantry:18 --attacker-morale-die 1,1 --defender-morale-die 1
contains "charge with: no longer outnumbered" "$tmp/out" "the attacking units that passed have 6 stands against 5: the defender is not outnumbered two to one"
expect "charge with: no battery charges" 2 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-artillery --defender british-infantry
expect "charge with: a morale die each" 2 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry --attacker-morale-die 4,5
contains "charge with: a morale die each" "$tmp/err" "2 morale dice for the attacker's 1 unit"
expect "charge with: the defender checks after all of them" 2 "$bin" referee cotlb melee --attacker russian-infantry --attacker-also russian-cavalry --defender british-infantry --attacker-morale-die 4 --defender-morale-die 3
# ... on a table, in the free action phase: each unit's action, each within 2"
g21="$tmp/cotlb-charge-with.json"
test_table_game "$g21" dnieper1:44:33.5:180 dnieper2:56:33.5:180:line dnieper3:68:33.5:180:line
cp "$g21" "$tmp/cotlb-charge-with-0.json"
expect "charge with: a unit beyond 2\"" 1 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd
contains "charge with: a unit beyond 2\"" "$tmp/err" "\[Close Combat (a)\] dnieper3 is [0-9.]*\" from 93rd: a charge is declared only with some part of the unit within 2\""
expect "charge with: only friends" 2 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also 79th --defender 93rd
seq_start "$g21" 5,2 russian
expect "charge with: ruled" 0 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper2 --defender 93rd --attacker-morale-die 2,3 --attacker-dice 2,2,3,3,4,4,5,5,6,6,1,1,3,3 --defender-dice 1,1,1,1,2,2,2 --winner-die 4 --attacker-saves 6,6 --defender-saves 1,1,1,1,1,1
contains "charge with: on the table" "$tmp/out" "\[Close Combat (a)\] *dnieper2 charges 93rd with dnieper1 (2.0\")"
contains "charge with: everything at once" "$tmp/out" "the attacker's 2 units together: total 48 (everything at once)"
contains "charge with: each unit's action" "$tmp/out" "dnieper2's close combat is its action in the free action phase"
contains "charge with: both locked" "$tmp/out" "dnieper2 won at twice 93rd's total: it may stay locked in combat"
contains "charge with: one close combat won" "$tmp/out" "dnieper1 wins the close combat: +1 to the russian initiative next turn"
expect "charge with: the withdrawal" 0 "$bin" referee cotlb withdraw --game "$g21" --unit 93rd --dice 3,3,3,3
contains "charge with: away from both" "$tmp/out" "93rd withdraws 12.0\" (of 12\") away from dnieper1 and the other enemy within 2\" to (50.0, 18.0), facing 180"
expect "charge with: one advances" 0 "$bin" referee cotlb advance --game "$g21" --unit dnieper2
contains "charge with: the position taken" "$tmp/out" "dnieper1 no longer advances onto 93rd's position: dnieper2 holds it"
expect "charge with: the other does not" 1 "$bin" referee cotlb advance --game "$g21" --unit dnieper1
# (the review's cases) a fresh unit charging with one locked in combat checks its morale alone
"$bin" referee cotlb place --game "$g21" --unit dnieper3 --x 50 --y 14.5 --facing 0 --formation line >/dev/null
expect "charge with: locked and fresh" 0 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd
contains "charge with: the locked one" "$tmp/out" "the attacker dnieper1 stays locked in combat \[Close Combat (f)\]: no new charge, no morale check"
contains "charge with: the fresh one" "$tmp/out" "the attacker dnieper3's charge morale check passes"
expect "charge with: no morale die for the locked" 2 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd --attacker-morale-die 3,3
expect "charge with: the fresh unit's die, the locked one first" 0 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd --attacker-morale-die 3
contains "charge with: the fresh unit's die, the locked one first" "$tmp/out" "russian-infantry: 6 stands + die 3 = 9: passes"
"$bin" referee cotlb place --game "$g21" --unit dnieper3 --x 44 --y 37.5 --facing 180 --formation line >/dev/null
expect "charge with: no second line behind a locked unit far off" 1 "$bin" referee cotlb melee --game "$g21" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd
contains "charge with: no second line behind a locked unit far off" "$tmp/err" "dnieper3 is 1[0-9.]*\" from 93rd: a charge is declared only with some part of the unit within 2\" of the enemy (or as the second line"
# ... a unit that fails while the close combat waits for its dice changes nothing yet
g24="$tmp/cotlb-charge-with-wait.json"
cp "$tmp/cotlb-charge-with-0.json" "$g24"
seq_start "$g24" 5,2 russian
python3 - "$g24" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for u in d["units"]:
    if u["id"] == "dnieper2":
        u["markers"] = 3
json.dump(d, open(sys.argv[1], "w"))
PY
expect "charge with: a failure waits for the combat" 0 "$bin" referee cotlb melee --game "$g24" --attacker dnieper1 --attacker-also dnieper2 --defender 93rd --attacker-morale-die 6,1
contains "charge with: a failure waits for the combat" "$tmp/out" "unchanged until the ruling is complete (the close combat's dice"
grep -q '"markers": 3,' "$g24" && ok || ko "charge with: the marker not yet taken"
expect "charge with: then ruled once" 0 "$bin" referee cotlb melee --game "$g24" --attacker dnieper1 --attacker-also dnieper2 --defender 93rd --attacker-morale-die 6,1 --attacker-dice 2,2,3,3,4,4,5 --defender-dice 1,1,1,1,2,2,2 --winner-die 4 --attacker-saves 6,6 --defender-saves 1,1,1,1
contains "charge with: then ruled once" "$tmp/out" "dnieper2 takes 1 morale marker (a failed charge morale check \[Close Combat (a), (g)\]): 4 now"
contains "charge with: its action counted" "$tmp/out" "dnieper2's close combat is its action in the free action phase"
# ... friends and enemies, typed-in units and batteries
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$tmp/cotlb-charge-with-nt.json" >/dev/null
expect "charge with: a friend is no enemy" 2 "$bin" referee cotlb melee --game "$tmp/cotlb-charge-with-nt.json" --attacker 42nd --defender 93rd
contains "charge with: a friend is no enemy" "$tmp/err" "are on the same side: they cannot fight each other"
expect "charge with: typed in and the game's on a side" 2 "$bin" referee cotlb melee --game "$tmp/cotlb-charge-with-0.json" --attacker russian-infantry --attacker-also dnieper2 --defender 93rd
contains "charge with: typed in and the game's on a side" "$tmp/err" "the attacker's units are all units of the game or all typed in"
expect "charge with: enemies on one side" 2 "$bin" referee cotlb melee --game "$tmp/cotlb-charge-with-0.json" --attacker dnieper1 --attacker-also dnieper2 --defender 93rd --defender-also dnieper3
contains "charge with: enemies on one side" "$tmp/err" "dnieper3 is not on 93rd's side: it cannot join its defence"
# ... declared apart in a command point phase, resolved together after the reactions [Side A Turn (d)]
g22="$tmp/cotlb-charge-with-cmd.json"
cp "$tmp/cotlb-charge-with-0.json" "$g22"
seq_start "$g22" 5,2 russian
"$bin" referee cotlb next --game "$g22" >/dev/null
"$bin" referee cotlb melee --game "$g22" --attacker dnieper1 --defender 93rd --declare >/dev/null
expect "charge with: declared together" 1 "$bin" referee cotlb melee --game "$g22" --attacker dnieper2 --attacker-also dnieper3 --defender 93rd --declare
"$bin" referee cotlb melee --game "$g22" --attacker dnieper2 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g22" >/dev/null
"$bin" referee cotlb next --game "$g22" >/dev/null
expect "charge with: an undeclared unit" 1 "$bin" referee cotlb melee --game "$g22" --attacker dnieper1 --attacker-also dnieper3 --defender 93rd --attacker-dice 2,2,3,3,4,4,5,5,6,6,1,1,3,3,1,1,1,1,1,1,1 --defender-dice 1,1,1,1,2,2,2 --winner-die 4
expect "charge with: resolved together" 0 "$bin" referee cotlb melee --game "$g22" --attacker dnieper1 --defender 93rd --attacker-dice 2,2,3,3,4,4,5,5,6,6,1,1,3,3 --defender-dice 1,1,1,1,2,2,2 --winner-die 4 --attacker-saves 6,6 --defender-saves 1,1,1,1,1,1
contains "charge with: the other declared assault" "$tmp/out" "dnieper2's close assault on 93rd was declared this round too: it charges with dnieper1"
contains "charge with: both resolved" "$tmp/out" "dnieper2's close assault on 93rd is resolved"
expect "charge with: none left" 0 "$bin" referee cotlb phase --game "$g22"
contains "charge with: none left" "$tmp/out" "close assaults to resolve after the reactions: none left"
g25="$tmp/cotlb-charge-with-gone.json"
"$bin" referee cotlb new --oob balaclava-2014 --table none --game "$g25" >/dev/null
seq_start "$g25" 5,2 russian
"$bin" referee cotlb next --game "$g25" >/dev/null
expect "charge with: no battery declared" 2 "$bin" referee cotlb melee --game "$g25" --attacker dnieper1 --attacker-also left-battery --defender 93rd --declare
contains "charge with: no battery declared" "$tmp/err" "left-battery is a battery: infantry or cavalry charge"
expect "charge with: declared without a table" 0 "$bin" referee cotlb melee --game "$g25" --attacker dnieper1 --attacker-also dnieper2 --defender 93rd --declare
"$bin" referee cotlb next --game "$g25" >/dev/null
"$bin" referee cotlb next --game "$g25" >/dev/null
python3 - "$g25" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for u in d["units"]:
    if u["id"] == "dnieper2":
        u["figures"] = 0
json.dump(d, open(sys.argv[1], "w"))
PY
expect "charge with: a partner destroyed since" 0 "$bin" referee cotlb melee --game "$g25" --attacker dnieper1 --defender 93rd --attacker-dice 2,2,3,3,4,4,5 --defender-dice 1,1,1,1,2,2,2 --winner-die 4 --attacker-saves 6,6 --defender-saves 1,1,1,1
contains "charge with: a partner destroyed since" "$tmp/out" "dnieper2's close assault on 93rd was declared this round too, but it is destroyed: it does not charge"
# ... a double line of two units charges [Modifiers (a), (b)], Q&A 3: the second line, beyond 2",
# charges with the first, each at the double line's modifier
g23="$tmp/cotlb-double-line.json"
test_table_game "$g23" dnieper1:100:50:180 heavy1:100:46.25:0:line heavy2:100:42:0:line
cp "$g23" "$tmp/cotlb-double-line-0.json"
expect "double line: the second line charges" 0 "$bin" referee cotlb melee --game "$g23" --attacker heavy1 --attacker-also heavy2 --defender dnieper1
contains "double line: the second line charges" "$tmp/out" "heavy2, 6.25\" from dnieper1, charges as the second line of heavy1's double line"
contains "double line: +2 a die" "$tmp/out" "attacker joined by heavy2: british-cavalry, 12 figures, 7 dice (6 stands, 1 leader), +2 a die"
contains "double line: in place of the line's" "$tmp/out" "heavy1 charges in double line with heavy2 (lines within 4\" of each other): cavalry-double-line, in place of cavalry-line"
expect "double line: the second line alone is too far" 1 "$bin" referee cotlb melee --game "$g23" --attacker heavy2 --defender dnieper1
"$bin" referee cotlb place --game "$g23" --unit heavy2 --x 100 --y 38 --facing 90 --formation line >/dev/null
expect "double line: a line turned across is no second line" 1 "$bin" referee cotlb melee --game "$g23" --attacker heavy1 --attacker-also heavy2 --defender dnieper1
contains "double line: a line turned across is no second line" "$tmp/err" "heavy2 is [0-9.]*\" from dnieper1: a charge is declared only with some part of the unit within 2\" of the enemy (or as the second line of a double line with a unit that is)"
"$bin" referee cotlb place --game "$g23" --unit heavy2 --x 100 --y 42 --facing 0 --formation line >/dev/null
seq_start "$g23" 2,5 allied
"$bin" referee cotlb next --game "$g23" >/dev/null
expect "double line: declared together" 0 "$bin" referee cotlb melee --game "$g23" --attacker heavy1 --attacker-also heavy2 --defender dnieper1 --declare
contains "double line: declared together" "$tmp/out" "heavy2's close assault on dnieper1 is resolved after the reaction phase"
# (the second review's cases) a double line whose other line withdrew [Modifiers (a)]
g27="$tmp/cotlb-double-line-2.json"
cp "$tmp/cotlb-double-line-0.json" "$g27"
cp "$g27" "$tmp/cotlb-double-line-2-0.json"
python3 - "$g27" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for u in d["units"]:
    if u["id"] in ("heavy1", "heavy2"):
        u["markers"] = 5
json.dump(d, open(sys.argv[1], "w"))
PY
cp "$g27" "$tmp/cotlb-double-line-2-5.json"
expect "double line: the front withdraws" 0 "$bin" referee cotlb melee --game "$g27" --attacker heavy1 --attacker-also heavy2 --defender dnieper1 --attacker-morale-die 1,6
contains "double line: the front withdraws" "$tmp/out" "the attacker heavy2 charged as the second line of a double line with the attacker heavy1, which withdrew: it does not fight"
contains "double line: then no close combat" "$tmp/out" "no attacking unit fights: there is no close combat"
cp "$tmp/cotlb-double-line-2-5.json" "$g27"
expect "double line: the second line withdraws" 0 "$bin" referee cotlb melee --game "$g27" --attacker heavy1 --attacker-also heavy2 --defender dnieper1 --attacker-morale-die 6,1
contains "double line: the second line withdraws" "$tmp/out" "the attacker heavy1 charges without its double line, the attacker heavy2 having withdrawn \[Modifiers (a)\]"
contains "double line: the line's +1 again" "$tmp/out" "^attacker: british-cavalry, 12 figures, 7 dice (6 stands, 1 leader), -4 a die"
# ... declared one by one: the second line after its front line
g28="$tmp/cotlb-double-line-3.json"
cp "$tmp/cotlb-double-line-2-0.json" "$g28"
seq_start "$g28" 2,5 allied
"$bin" referee cotlb next --game "$g28" >/dev/null
"$bin" referee cotlb melee --game "$g28" --attacker heavy1 --defender dnieper1 --declare >/dev/null
expect "double line: the second line declared after" 0 "$bin" referee cotlb melee --game "$g28" --attacker heavy2 --defender dnieper1 --declare
# ... a battery charges with no one
expect "charge with: no battery first" 2 "$bin" referee cotlb melee --game "$g28" --attacker w-battery --attacker-also heavy1 --defender dnieper1 --declare
# [Fire (h)] "Double Line is two line formations within 4" of each other from axis of fire"
expect "fire at a double line" 0 "$bin" referee cotlb fire --game "$g23" --firer dnieper1 --at heavy1
contains "fire at a double line" "$tmp/out" "\[Fire (h)\] *heavy1 and heavy2 are two lines within 4\" of each other on the axis of fire: a double line"
contains "fire at a double line: its class" "$tmp/out" "at a column"
# actions: what the units may do now, as the sequence and the table allow
g26="$tmp/cotlb-actions.json"
cp "$tmp/cotlb-charge-with-0.json" "$g26"
expect "actions: no sequence" 0 "$bin" referee cotlb actions --game "$g26" --unit dnieper2
contains "actions: a charge within 2\"" "$tmp/out" "^  dnieper2  *charge  *at 93rd  *2.0\"$"
contains "actions: fire priority's target" "$tmp/out" "^  dnieper2  *fire  *at 93rd  *[0-9] stands*, short range, 2.0\"$"
expect "actions: an unknown unit" 2 "$bin" referee cotlb actions --game "$g26" --unit nobody
seq_start "$g26" 5,2 russian
"$bin" referee cotlb next --game "$g26" >/dev/null
expect "actions: the command point phase" 0 "$bin" referee cotlb actions --game "$g26" --side russian
contains "actions: the command point phase" "$tmp/out" "^turn 1, russian side's command point phase"
contains "actions: its cost" "$tmp/out" "^  dnieper1  *move  *1 point$"
"$bin" referee cotlb melee --game "$g26" --attacker dnieper1 --defender 93rd --declare >/dev/null
"$bin" referee cotlb next --game "$g26" >/dev/null
expect "actions: the reaction phase" 0 "$bin" referee cotlb actions --game "$g26"
contains "actions: the reaction phase" "$tmp/out" "^  93rd  *fire  *at dnieper1  *[0-9] stands*, short range, 2.0\", no points$"
grep -q "^  dnieper2 " "$tmp/out" && ko "actions: side A does not react" || ok
"$bin" referee cotlb next --game "$g26" >/dev/null
expect "actions: the close assaults" 0 "$bin" referee cotlb actions --game "$g26"
contains "actions: the close assaults" "$tmp/out" "^  dnieper1  *resolve  *at 93rd  *no points$"
# ... on the NASHCON table: the Royal Marine Artillery is emplaced: it turns, it does not move
"$bin" referee cotlb new --oob balaclava-2014 --game "$tmp/cotlb-actions-2.json" >/dev/null
expect "actions: an emplaced battery" 0 "$bin" referee cotlb actions --game "$tmp/cotlb-actions-2.json" --unit rma1
contains "actions: an emplaced battery turns" "$tmp/out" "^  rma1  *turn "
grep -q "^  rma1  *move" "$tmp/out" && ko "actions: an emplaced battery does not move" || ok
# a referee's session on one game: a command a line, from a pipe and at a terminal
g6="$tmp/cotlb-shell.json"
"$bin" referee cotlb new --oob balaclava-2014 --game "$g6" >/dev/null
printf 'where --unit 93rd\nfire --firer redoubt1-guns --at azov1 --dice 6,6,1,2 --saves 1,1\n# a comment\nbogus\nturn\nquit\nunits\n' >"$tmp/shell.in"
expect "shell: a session from a pipe, one line refused" 1 "$bin" referee cotlb shell --game "$g6" <"$tmp/shell.in"
contains "shell: where" "$tmp/out" "its commander campbell"
contains "shell: the volley written" "$tmp/out" "azov1 loses 2 figures: 22 left on 6 stands"
contains "shell: a bad line said" "$tmp/err" 'no ruling "bogus"'
contains "shell: turn" "$tmp/out" "game .*cotlb-shell.json, turn 2:"
grep -q 'Battle of Balaclava, NASHCON 2014 (Charge of the Light Brigade), turn 2$' "$tmp/out" && ko "shell: the lines after quit ran" || ok
grep -q '"turn": 2' "$g6" && ok || ko "shell: the game file is at turn 2"
expect "shell: needs a game" 2 "$bin" referee cotlb shell
grep -q 'referee>' "$tmp/out" && ko "shell: no prompt from a pipe" || ok
python3 -c "print('turn'+' '*1100+'turn')" >"$tmp/long.in"
expect "shell: a line too long is refused whole" 1 "$bin" referee cotlb shell --game "$g6" <"$tmp/long.in"
grep -q '"turn": 2' "$g6" && ok || ko "shell: a line too long ran"
printf 'turn --game /tmp/elsewhere.json\n' >"$tmp/other.in"
expect "shell: --game on a line is refused" 1 "$bin" referee cotlb shell --game "$g6" <"$tmp/other.in"
printf 'where\nunits --side allied\n' >"$tmp/ok.in"
expect "shell: a session that succeeds" 0 "$bin" referee cotlb shell --game "$g6" <"$tmp/ok.in"
if [ -x "$pty" ]; then
	if "$pty" tests/cli/shell.pty "$tmp/pty3.out" "$bin" referee cotlb shell --game "$g6" >"$tmp/out" 2>&1; then
		ok
	else
		ko "shell at a terminal: $(cat "$tmp/out")"
	fi
	grep -q '"formation": "square"' "$g6" && ok || ko "shell at a terminal: the completed formation change"
fi
expect "table: move takes --toward, not --from" 2 "$bin" referee cotlb move --game "$g5" --unit dnieper1 --from 93rd --dice 6,6
expect "table: withdraw takes --from, not --toward" 2 "$bin" referee cotlb withdraw --game "$g5" --unit dnieper1 --toward 93rd --dice 1,1,1,1
# lengths of .05" are shown exactly, and kept exactly in the game file
expect "table: a place at .05" 0 "$bin" referee cotlb place --game "$g5" --unit heavy1 --x 62.55 --y 3 --facing 0 --formation line
contains "table: a place at .05 shown" "$tmp/out" "heavy1 is placed at (62.55, 3.0)"
grep -q '"x": 62.55,' "$g5" && ok || ko "table: a place at .05 kept exactly in the file"
# Initiative (a) from what the game kept: the close combat won, the unit that fell back, who won
g7="$tmp/cotlb-init.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$g7" >/dev/null
"$bin" referee cotlb move --game "$g7" --unit dnieper1 --toward 93rd --dice 6,6 >/dev/null
expect "initiative: a close combat won" 0 "$bin" referee cotlb melee --game "$g7" --attacker dnieper1 --defender 93rd --attacker-dice 6,6,6,6,6,6,6 --defender-dice 1,2,1,2,1,1,1 --winner-die 4 --defender-saves 1,1,1,1,1,1,1,1,1,1 --defender-leader-die 5
contains "initiative: the close combat counted" "$tmp/out" "dnieper1 wins the close combat: +1 to the russian initiative next turn"
"$bin" referee cotlb withdraw --game "$g7" --unit 93rd --from dnieper1 --dice 3,3,3,3 >/dev/null
expect "initiative: ruled" 0 "$bin" referee cotlb initiative --game "$g7" --dice 5,2
contains "initiative: the winner kept" "$tmp/out" "the russian won the initiative on turn 1: +1 next turn"
"$bin" referee cotlb turn --game "$g7" >/dev/null
expect "initiative: next turn, from the game" 0 "$bin" referee cotlb initiative --game "$g7"
contains "initiative: next turn, from the game" "$tmp/out" "side A (russian) won it last turn, 1 close combat won, 0 units fell back; side B (allied) 0, 1$"
contains "initiative: next turn, the odds" "$tmp/out" "side A wins it 90.9% of the time"
expect "table: a table command without a table" 2 "$bin" referee cotlb where --game "$g"
sed 's/"x": 50, "y": 30/"x": 50, "y": 38/' tests/data/cotlb/test-table.json >"$tmp/table.json"
expect "table: a table whose start breaks the 2 inches" 1 "$bin" referee cotlb new --oob balaclava-2014 --table "$tmp/table.json" --game "$tmp/t2.json"
contains "table: file:line" "$tmp/err" "table.json:[0-9]*: 93rd's starting place: \[MOVE (i)\]"
expect "table: check a table whose start breaks the 2 inches" 1 "$bin" check "$tmp/table.json"
contains "table: check: the place's line" "$tmp/err" "table.json:207: 93rd's starting place"

# The scenario's own table (data/cotlb/balaclava-2014-table.json, reconstructed on the seed's
# 6' x 24' field): a new game stands on it by default, and draws
expect "table: check the Balaclava table" 0 "$bin" check data/cotlb/balaclava-2014-table.json
g4="$tmp/cotlb-balaclava.json"
expect "table: Balaclava on its table" 0 "$bin" referee cotlb new --oob balaclava-2014 --game "$g4"
contains "table: Balaclava on its table" "$tmp/out" "on the table balaclava-2014-table$"
expect "table: Balaclava, the redoubt guns" 0 "$bin" referee cotlb where --game "$g4" --unit redoubt1-guns
contains "table: Balaclava, the redoubt guns' targets" "$tmp/out" "^  azov1  *[0-9.]*\"  [0-9]* gunners at a column, short range$"
expect "table: Balaclava as SVG" 0 "$bin" referee cotlb table --game "$g4" --svg "$tmp/table.svg"
contains "table: the SVG's units" "$tmp/table.svg" "<title>93rd: line, 24 figures, 0 markers</title>"
contains "table: the SVG's terrain" "$tmp/table.svg" "<title>Causeway Heights (gentle-hill)</title>"
n=$(grep -c '<polygon' "$tmp/table.svg"); [ "$n" -ge 60 ] && ok || ko "table: the SVG has $n polygons"
expect "table: a command point move and its reactions" 0 "$bin" referee cotlb move --game "$g4" --unit azov1 --x 238 --dice 4,2,5 --command-phase
contains "table: reactions: the redoubt's guns" "$tmp/out" "\[Side A Turn (c) 1\]  *redoubt1-guns may fire at azov1: [0-9]* gunners at short range"
# the scenario's restrictions: the Marines within the immediate Balaclava defenses, the Royal
# Marine Artillery emplaced, the French infantry at the base of Sapoune Ridge
expect "table: the Marines stay in the defenses" 1 "$bin" referee cotlb move --game "$g4" --unit marines1 --y 22 --dice 6
contains "table: the Marines stay in the defenses" "$tmp/err" "\[Royal Marine Brigade\] marines1 may not move beyond the immediate Balaclava defenses: (180.4, 22.0) is outside it"
expect "table: emplaced guns do not limber" 1 "$bin" referee cotlb move --game "$g4" --unit rma1 --formation limbered
contains "table: emplaced guns do not limber" "$tmp/err" "rma1 is emplaced: it may turn in place, but not move or limber"
expect "table: emplaced guns turn" 0 "$bin" referee cotlb move --game "$g4" --unit rma1 --facing 60
"$bin" referee cotlb enter --game "$g4" --unit zouaves >/dev/null
expect "table: the Zouaves come down the escarpment" 0 "$bin" referee cotlb move --game "$g4" --unit zouaves --x 14 --dice 6,6,6
expect "table: the Zouaves stay at its base" 1 "$bin" referee cotlb move --game "$g4" --unit zouaves --x 33 --dice 6,6,6
contains "table: the Zouaves stay at its base" "$tmp/err" "\[THE FRENCH ARMY AT BALACLAVA\] zouaves may not move beyond the base of Sapoune Ridge"

# move --toward where the whole way to the enemy's 2" is refused (it would end on the 93rd): the
# move is planned as far as the unit's best dice could go that way [MOVE (a)]
g6="$tmp/cotlb-toward.json"
test_table_game "$g6" heavy1:10:15:90 azov1:60:15:270 93rd:55:15:90
expect "table: toward, the whole way refused, its odds" 0 "$bin" referee cotlb move --game "$g6" --unit heavy1 --toward azov1
contains "table: toward, the whole way refused, its odds" "$tmp/out" "heavy1 moves straight at azov1: 18.0\" (as far as its best dice could go: the whole way is refused)"
expect "table: toward, the whole way refused, on its dice" 0 "$bin" referee cotlb move --game "$g6" --unit heavy1 --toward azov1 --dice 6,5,4
contains "table: toward, the whole way refused, on its dice" "$tmp/out" "heavy1 moves straight at azov1: 9.0\" (as far as the dice allow)"
# heavy1 at its set-up goes sideways toward odessa1 (one die [MOVE (c)]) and the whole way
# passes through I Troop, 11" off: a 4 takes it 4", short of the troop, without the low die a
# pass through friends costs [MOVE (b)] (the ground it crosses, as a slope's penalty)
g7="$tmp/cotlb-noinch.json"
"$bin" referee cotlb new --oob balaclava-2014 --game "$g7" >/dev/null
expect "table: toward, short of a friend" 0 "$bin" referee cotlb move --game "$g7" --unit heavy1 --toward odessa1 --dice 4
contains "table: toward, short of a friend" "$tmp/out" "heavy1 moves straight at odessa1: 4.0\" (as far as the dice allow)"
# dice that make no inch (cavalry in woods, sideways: one die, the woods take off the highest)
# are refused as such, not as a move of another number of dice
g7w="$tmp/cotlb-noinch-woods.json"
test_table_game "$g7w" heavy1:110:20:0 azov1:135:20:270
expect "table: toward, no inch on the dice" 1 "$bin" referee cotlb move --game "$g7w" --unit heavy1 --toward azov1 --dice 4
contains "table: toward, no inch on the dice" "$tmp/err" "\[MOVE (a)\] heavy1's dice make no inch toward azov1"

# brigade commanders ride by the Staff row (4 dice, no terrain penalty), never within 2" of the
# enemy; with the sequence of play once a turn, in their side's free action phase; a
# reinforcement's commander comes on with his first unit (docs/RULES.md)
g5="$tmp/cotlb-commanders.json"
"$bin" referee cotlb new --oob balaclava-2014 --game "$g5" >/dev/null
expect "table: a commander's ride, its odds" 0 "$bin" referee cotlb move --game "$g5" --commander cardigan --x 185 --y 20
contains "table: a commander's ride, its odds" "$tmp/out" "cardigan rides with the Staff row, 4 dice; the move needs 16\" (16.0\"): 33.6% to make it"
expect "table: a commander's ride too short" 1 "$bin" referee cotlb move --game "$g5" --commander cardigan --x 185 --y 20 --dice 1,1,1,1
contains "table: a commander's ride too short" "$tmp/err" "\[MOVE (a)\] cardigan rolled 4\" and the move is 16.0\""
expect "table: a commander's ride" 0 "$bin" referee cotlb move --game "$g5" --commander cardigan --x 185 --y 20 --dice 6,5,4,3
contains "table: a commander's ride" "$tmp/out" "cardigan (Staff, no terrain penalty) rides 16.0\" to (185.0, 20.0)"
contains "table: a commander's ride, kept" "$g5" '"moved": 1'
expect "table: a commander has no facing" 2 "$bin" referee cotlb move --game "$g5" --commander cardigan --x 185 --y 30 --facing 90
"$bin" referee cotlb place --game "$g5" --unit dnieper1 --x 100 --y 40 --facing 180 >/dev/null
"$bin" referee cotlb place --game "$g5" --commander cardigan --x 100 --y 30 >/dev/null
expect "table: a commander keeps 2\" from the enemy" 1 "$bin" referee cotlb move --game "$g5" --commander cardigan --x 100 --y 38 --dice 6,6,6,6
contains "table: a commander keeps 2\" from the enemy" "$tmp/err" "\[MOVE (i)\] cardigan would come within 1.[0-9]*\" of dnieper1 at"
expect "table: a commander comes on with his unit" 0 "$bin" referee cotlb enter --game "$g5" --unit grenadiers
contains "table: a commander comes on with his unit" "$tmp/out" "bentinck, grenadiers's brigade commander, comes on with it at (1.0, 51.0)"
seq_start "$g5" 6,1 allied
expect "table: a commander rides in his side's free action phase" 1 "$bin" referee cotlb move --game "$g5" --commander gribbe --x 262 --y 35.5 --dice 6,6,6,6
contains "table: a commander rides in his side's free action phase" "$tmp/err" "gribbe moves in the russian side's free action phase, not in this free action phase"
expect "table: a commander rides once a turn" 0 "$bin" referee cotlb move --game "$g5" --commander scarlett --x 57 --y 25 --dice 6,6,6,6
expect "table: a commander rides once a turn, not twice" 1 "$bin" referee cotlb move --game "$g5" --commander scarlett --x 57 --y 27 --dice 6,6,6,6
contains "table: a commander rides once a turn, not twice" "$tmp/err" "scarlett has moved this turn (once a turn)"

# Charge of the Light Brigade as a game the program runs (crimea play, sim): the NASHCON 2014
# Balaclava scenario on its table, its length, arrivals and victory points reconstructed
expect "cotlb game: listed" 0 "$bin" list
contains "cotlb game: listed" "$tmp/out" "^  cotlb-balaclava  *cotlb  *Balaclava, NASHCON 2014"
expect "cotlb game: show" 0 "$bin" show cotlb-balaclava
contains "cotlb game: show: the length, reconstructed" "$tmp/out" "the game's length: 12 turns (reconstructed:"
contains "cotlb game: show: the arrivals" "$tmp/out" "French cavalry, in order from turn 5, each on a die of 2-6: chasseurs1 chasseurs4"
contains "cotlb game: show: the victory points" "$tmp/out" "allied    10  Redoubt No. 1 held"
printf 'help\nfirst russian\nactions left-battery\nfire left-battery redoubt1-guns\nfire 93rd odessa1\nscore\nhint\nend\nquit\n' >"$tmp/cotlb.in"
expect "cotlb game: played at a prompt" 0 "$bin" play cotlb-balaclava --seed 4 <"$tmp/cotlb.in"
contains "cotlb game: the initiative rolled" "$tmp/out" "Turn 1 of 12, initiative: [a-z]* chooses who acts first"
contains "cotlb game: the actions of a unit" "$tmp/out" "fire left-battery redoubt1-guns"
contains "cotlb game: a volley's dice" "$tmp/out" "\[Fire (a)\] 6 dice: [1-6] [1-6] [1-6] [1-6] [1-6] [1-6]"
contains "cotlb game: the other side waits" "$tmp/out" "93rd is not the russian side's: the russian side acts now"
contains "cotlb game: the score sheet" "$tmp/out" "\[Victory\] Redoubt No. 4 held"
contains "cotlb game: greedy's hint" "$tmp/out" "greedy would play: "
contains "cotlb game: the command point phase" "$tmp/out" "russian command point phase (round 1: 1 point an action)"
contains "cotlb game: the prompt's help names its actions" "$tmp/out" "the Light Brigade game: first SIDE, fire U T \[pivot\], charge U T"
# the table drawn (reftable.c's SVG, as a referee's game draws it): the set-up, and where a record left the units
expect "cotlb game: show --svg" 0 "$bin" show cotlb-balaclava --svg "$tmp/cotlb-table.svg"
contains "cotlb game: show --svg says what it wrote" "$tmp/out" "cotlb-table.svg: the table of cotlb-balaclava, turn 1, the units where they stand"
n=$(grep -c 'data-unit=' "$tmp/cotlb-table.svg"); [ "$n" -eq 47 ] && ok || ko "cotlb game: show --svg: $n units drawn, 47 set up"
n=$(grep -c 'data-feature=' "$tmp/cotlb-table.svg"); [ "$n" -eq 24 ] && ok || ko "cotlb game: show --svg: $n features drawn, the table has 24"
contains "cotlb game: show --svg: the table's provenance" "$tmp/cotlb-table.svg" "Table balaclava-2014-table (reconstructed)"
"$bin" play cotlb-balaclava --ai both=random --seed 4 --until-over --save "$tmp/cotlb-shown.rec" >/dev/null 2>&1
expect "cotlb game: show RECORD --svg" 0 "$bin" show "$tmp/cotlb-shown.rec" --svg "$tmp/cotlb-end.svg"
contains "cotlb game: show RECORD --svg: when" "$tmp/out" "the table of cotlb-balaclava, turn [0-9]*, at the end of the game"
grep -o 'data-unit="[^"]*"' "$tmp/cotlb-end.svg" | sort >"$tmp/u2"; grep -o 'data-unit="[^"]*"' "$tmp/cotlb-table.svg" | sort >"$tmp/u1"
cmp -s "$tmp/u1" "$tmp/u2" && ko "cotlb game: show RECORD --svg: the units of the set-up drawn" || ok
expect "cotlb game: show --counters refused" 1 "$bin" show cotlb-balaclava --counters "$tmp/cotlb-c.svg"
contains "cotlb game: show --counters: why" "$tmp/err" "cotlb-balaclava is played with miniatures on a table: no counters or booklet to print (--svg draws the table)"
[ -e "$tmp/cotlb-c.svg" ] && ko "cotlb game: show --counters left a file" || ok
# a volley's odds before the roll, as the referee's sheet gives them, from the game's own sight of the target
printf 'first russian\nsave %s\nquit\n' "$tmp/cotlb-first.rec" >"$tmp/cotlb-first.in"
"$bin" play cotlb-balaclava --seed 3 <"$tmp/cotlb-first.in" >/dev/null 2>&1
expect "cotlb game: a volley's odds" 0 "$bin" odds cotlb-balaclava "fire left-battery redoubt1-guns" --record "$tmp/cotlb-first.rec"
contains "cotlb game: the odds' range and cover" "$tmp/out" "redoubt1-guns is in Redoubt No. 1 (Canrobert's Hill): in cover"
contains "cotlb game: the odds' hits" "$tmp/out" "possible hits  *0:  8.8% 1: 26.3% 2: 32.9% 3: 21.9% 4:  8.2% 5:  1.6% 6:  0.1%"
contains "cotlb game: the odds after saves" "$tmp/out" "on turkish-artillery (4 figures, 0 markers), after saves \[Save Table\]:"
expect "cotlb game: odds of an action not listed" 1 "$bin" odds cotlb-balaclava "charge dnieper1 redoubt1-guns" --record "$tmp/cotlb-first.rec"
contains "cotlb game: odds of an action not listed: why" "$tmp/err" "not an action of the side to act now"
expect "cotlb game: odds of a move" 1 "$bin" odds cotlb-balaclava "reform dnieper1 line" --record "$tmp/cotlb-first.rec"
contains "cotlb game: odds of a move: why" "$tmp/err" "odds are for a volley (fire), a charge or a close assault resolved"
# a charge's odds: the first charge of a random game (the first seed from 4 whose game has one),
# asked just before it was made
for s in 4 5 6 7 8 9 10 11 12 13; do
	"$bin" play cotlb-balaclava --ai both=random --seed $s --until-over --save "$tmp/cotlb-charge.rec" >/dev/null 2>&1
	grep -q '^action charge ' "$tmp/cotlb-charge.rec" && break
done
cl=$(grep -n '^action charge ' "$tmp/cotlb-charge.rec" | head -n 1)
head -n $((${cl%%:*} - 1)) "$tmp/cotlb-charge.rec" >"$tmp/cotlb-r4a.rec"
expect "cotlb game: a charge's odds" 0 "$bin" odds cotlb-balaclava "${cl#*:action }" --record "$tmp/cotlb-r4a.rec"
contains "cotlb game: a charge's odds: its morale check" "$tmp/out" "the attacker's charge morale check passes [0-9.]*% of the time \[Close Combat (a)\]"
contains "cotlb game: a charge's odds: who wins" "$tmp/out" "=> the attacker wins [0-9.]*%, the defender [0-9.]*% \[Close Combat (c)\]"
expect "cotlb game: manual dice refused" 1 "$bin" play cotlb-balaclava --dice manual
contains "cotlb game: manual dice refused" "$tmp/err" "the program rolls a Charge of the Light Brigade game's dice"
# [Close Combat (a)] the charged unit's own stands, before any reinforcement, are outnumbered
expect "cotlb: the defender's own stands outnumbered" 0 "$bin" referee cotlb melee --attacker russian-infantry --defender british-infantry:12 --defender-also british-infantry:12
contains "cotlb: the defender's own stands outnumbered" "$tmp/out" "the defender's charge morale check (outnumbered two stands to one)"
expect "cotlb game: a random game" 0 "$bin" sim cotlb-balaclava -n 1 --seed 5 --check
contains "cotlb game: a random game completed" "$tmp/out" "completed 1, errors 0"
expect "cotlb game: greedy against random" 0 "$bin" sim cotlb-balaclava -n 1 --seed 5 --ai russian=greedy
contains "cotlb game: greedy against random" "$tmp/out" "completed 1, errors 0"
# the search player (csearch, src/ai/psearch.c) plays it: its choice at the free action phase
printf 'first russian\nhint search:5\nquit\n' >"$tmp/cotlb-search.in"
expect "cotlb game: search's hint" 0 "$bin" play cotlb-balaclava --seed 5 <"$tmp/cotlb-search.in"
contains "cotlb game: search's hint" "$tmp/out" "russian free action phase \[russian to act\]> search:5 would play: [a-z]"
expect "cotlb game: a quad posture refused" 2 "$bin" sim cotlb-balaclava -n 1 --ai russian=greedy:cautious
contains "cotlb game: a quad posture refused" "$tmp/err" "cautious is not one of greedy's plans for cotlb-balaclava, a cotlb game (default, attack, hold, rush, steady, withdraw)"
expect "cotlb game: greedy with its own plan" 0 "$bin" sim cotlb-balaclava -n 1 --seed 3 --ai russian=greedy:attack
contains "cotlb game: greedy with its own plan" "$tmp/out" "russian greedy:attack, allied random"
# [MOVE (c)] a unit near an enemy may turn about and fall back; greedy:withdraw takes the Turks
# out of the redoubts so, and the record holds the turns and the moves as a person types them
expect "cotlb game: greedy:withdraw" 0 "$bin" play cotlb-balaclava --ai allied=greedy:withdraw --ai russian=greedy --seed 3 --until-over --save "$tmp/cotlb-withdraw.rec"
contains "cotlb game: greedy:withdraw: the Turks turn about" "$tmp/cotlb-withdraw.rec" "^action turn turks[123] [0-9]*$"
contains "cotlb game: greedy:withdraw: and fall back" "$tmp/cotlb-withdraw.rec" "^action move turks[123] [0-9.]* [0-9.]* [0-9]*$"
expect "cotlb game: greedy:withdraw: the record read again" 0 "$bin" show "$tmp/cotlb-withdraw.rec"

# Sevastopol as a game the program runs (crimea play, sim): the siege on its reconstructed map of
# approaches, every ruling sroster's, the dice the program's
expect "siege game: listed" 0 "$bin" list
contains "siege game: listed" "$tmp/out" "^  sevastopol  *siege  *The Siege of Sevastopol"
expect "siege game: show" 0 "$bin" show sevastopol
contains "siege game: show: the approaches, reconstructed" "$tmp/out" "^The approaches (reconstructed: "
contains "siege game: show: an approach's works" "$tmp/out" "^french-left:mast  *0 lines +0  *900  0$"
printf 'help\nactions\nintervene tchernaya\nend\nmove gren-gd-1 balaclava-box\nmove gren-gd-1 british-center\nactions gren-gd-1\nhint\nend\nmove rus-siege-1 malakoff\nshow\nquit\n' >"$tmp/siege.in"
expect "siege game: played at a prompt" 0 "$bin" play sevastopol --seed 4 <"$tmp/siege.in"
contains "siege game: the first segment" "$tmp/out" "Game-Turn 1 (Oct I), Russian Field Army Intervention Segment \[4.0 1A\]"
contains "siege game: an intervention listed" "$tmp/out" "^  intervene inkerman$"
contains "siege game: Tchernaya refused before March 1855" "$tmp/out" "refused: \[5.12\] Tchernaya may not be chosen before the March 1855 Game-Turn"
contains "siege game: a unit moves once a segment" "$tmp/out" "refused: \[10.0\] gren-gd-1 has moved in this segment"
contains "siege game: the set-up's placements" "$tmp/out" "\[3.3\] gren-gd-1 is placed in the Balaclava Supply Box"
contains "siege game: greedy's hint" "$tmp/out" "greedy would play: "
contains "siege game: a Russian gun in its firing box" "$tmp/out" "\[3.3\] rus-siege-1 is placed in Malakoff"
contains "siege game: the bastions drawn" "$tmp/out" "^malakoff  *3  0 Russian units (0 in reserve), 10 positions (major)$"
contains "siege game: the prompt's help names its actions" "$tmp/out" "in a Sevastopol game: intervene BATTLE, takeoff U"
printf 'units russian\nend\nmove gren-gd-1 balaclava-box\nmove sf-gd-1 balaclava-box\nmove cs-gd-1 balaclava-box\nmove 42-hd-1 balaclava-box\nmove 79-hd-1 balaclava-box\nunits allied\nend\nend\nodds bombard brit-siege-1 british-center:great-redan\nscore\nquit\n' >"$tmp/siege2.in"
expect "siege game: units, odds, score" 0 "$bin" play sevastopol --seed 4 <"$tmp/siege2.in"
contains "siege game: the Russians' units" "$tmp/out" "^  russian-1  *todleben$"
contains "siege game: the Balaclava box" "$tmp/out" "^  balaclava-box  *gren-gd-1(5A) sf-gd-1(5A) cs-gd-1(5A) 42-hd-1(5B) 79-hd-1(5B)$"
contains "siege game: a round's odds" "$tmp/out" "\[8.5\] brit-siege-1 at 1200 yards, Great Redan$"
contains "siege game: a round's odds, the table" "$tmp/out" "^\[8.99\]  33.3%: 1 level, 1 infantry$"
contains "siege game: the score sheet" "$tmp/out" "russian     +1  \[19.0\] Malakoff held (major)"
mkdir -p "$tmp/siegebad"
cp data/siege/sevastopol.json data/siege/tables.json "$tmp/siegebad/"
sed 's/"source": "reconstructed",/"source": "guessed",/' data/siege/sevastopol-scenario.json >"$tmp/siegebad/scn.json"
expect "siege game: a scenario's provenance checked" 1 "$bin" show "$tmp/siegebad/scn.json"
contains "siege game: a scenario's provenance checked" "$tmp/err" 'scn.json:11: unknown provenance source "guessed" (seed, decoded or reconstructed)'
# [8.82]: the approaches out from a captured bastion: French, two at most, from a bastion there is
sed 's/"from": "mamelon", "bastion": "little-redan"/"from": "mamelon", "bastion": "great-redan"/; s/{"area": "french-right", "from": "mamelon", "bastion": "malakoff"/{"area": "british-center", "from": "mamelon", "bastion": "malakoff"/' \
	data/siege/sevastopol-scenario.json >"$tmp/siegebad/scn.json"
expect "siege game: [8.82] saps from a bastion checked" 1 "$bin" show "$tmp/siegebad/scn.json"
contains "siege game: [8.82] French works" "$tmp/err" 'scn.json:31: "from": works from a captured bastion are French (\[8.82\]), not the british-center Siege Area'"'"'s'
sed 's/"from": "mamelon", "bastion": "malakoff"/"from": "mamelons", "bastion": "malakoff"/' \
	data/siege/sevastopol-scenario.json >"$tmp/siegebad/scn.json"
expect "siege game: [8.82] from a bastion there is" 1 "$bin" show "$tmp/siegebad/scn.json"
contains "siege game: [8.82] no such bastion" "$tmp/err" 'scn.json:31: "from": no bastion "mamelons" in the order of battle'
sed 's/"area": "french-right", "from": "mamelon", "bastion": "little-redan", "yards": 750, "ground": \["flat", "flat", "hill", "hill"\]}/&, {"area": "french-right", "from": "mamelon", "bastion": "great-redan", "yards": 300, "ground": ["hill"]}/' \
	data/siege/sevastopol-scenario.json >"$tmp/siegebad/scn.json"
expect "siege game: [8.82] two saps at most" 1 "$bin" show "$tmp/siegebad/scn.json"
contains "siege game: [8.82] two saps at most" "$tmp/err" 'scn.json:32: "from": two saps at most from mamelon'
# an approach crosses no ravine ([9.6], [9.32], [9.36]: after a ravine's sap no parallel, so no next sap)
sed 's/"bastion": "mast", "yards": 900, "ground": \["flat", "flat"/"bastion": "mast", "yards": 900, "ground": ["flat", "ravine"/' \
	data/siege/sevastopol-scenario.json >"$tmp/siegebad/scn.json"
expect "siege game: no approach across a ravine" 1 "$bin" show "$tmp/siegebad/scn.json"
contains "siege game: no approach across a ravine" "$tmp/err" 'scn.json:22: an approach may not cross a ravine: no parallel may stand there \[9.6\]'
expect "siege game: manual dice refused" 1 "$bin" play sevastopol --dice manual
contains "siege game: manual dice refused" "$tmp/err" "the program rolls a Sevastopol game's dice"
expect "siege game: random games" 0 "$bin" sim sevastopol -n 4 --seed 5 --check --jobs 2
contains "siege game: random games completed" "$tmp/out" "completed 4, errors 0"
expect "siege game: greedy against greedy" 0 "$bin" sim sevastopol -n 2 --seed 5 --check --ai both=greedy
contains "siege game: greedy against greedy completed" "$tmp/out" "completed 2, errors 0"
expect "siege game: greedy Allies take bastions" 0 "$bin" sim sevastopol -n 4 --seed 5 --ai allied=greedy
contains "siege game: greedy Allies take bastions" "$tmp/out" "^Allied Victory  *4 "
# greedy with one of its Sevastopol plans ("greedy:PLAN"), for a what-if of style: the
# Allies closing to 300 yards before they storm; kept by name in a record
expect "siege game: greedy's patient plan" 0 "$bin" sim sevastopol -n 4 --seed 5 --ai allied=greedy:patient --ai russian=greedy
contains "siege game: greedy's patient plan shown" "$tmp/out" "russian greedy, allied greedy:patient"
expect "siege game: a plan played and recorded" 0 "$bin" play sevastopol --seed 5 --ai allied=greedy:patient --ai russian=greedy --until-over --save "$tmp/patient.rec"
contains "siege game: the plan in the record" "$tmp/patient.rec" "allied=greedy:patient"
expect "siege game: a quad posture refused" 2 "$bin" sim sevastopol -n 1 --ai allied=greedy:cautious
contains "siege game: a quad posture refused" "$tmp/err" "(default, bold, patient, near, late)"
expect "siege game: search against greedy" 0 "$bin" sim sevastopol -n 1 --seed 5 --ai russian=search:3 --ai allied=greedy
contains "siege game: search against greedy" "$tmp/out" "russian search:3, allied greedy"
expect "siege game: a posture refused" 2 "$bin" sim sevastopol -n 1 --ai russian=greedy:attack
expect "siege game: a whole game saved" 0 "$bin" play sevastopol --seed 6 --ai both=greedy --until-over --save "$tmp/siege.rec"
contains "siege game: over" "$tmp/out" "Game over: [A-Za-z]* Victory \[19.0\]"
expect "siege game: the record replays" 0 "$bin" replay "$tmp/siege.rec" --verify
expect "siege game: the log" 0 "$bin" replay "$tmp/siege.rec" --log
contains "siege game: the log's rulings" "$tmp/out" "\[8.13\] british: [0-9]* units\? in the Balaclava Supply Box"

# --roll: the program rolls the dice a ruling asks for, a game's from the stream kept in its file
gr="$tmp/roll.json"
expect "roll: a new game with its dice stream" 0 "$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$gr" --seed 7
contains "roll: the stream in the file" "$gr" '"dice": "d1 [0-9a-f]\{16\} [0-9a-f]\{16\} [0-9a-f]\{16\} [0-9a-f]\{16\}"'
"$bin" referee cotlb place --game "$gr" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
"$bin" referee cotlb next --game "$gr" >/dev/null
expect "roll: the initiative rolled" 0 "$bin" referee cotlb initiative --game "$gr" --roll
contains "roll: the initiative's dice" "$tmp/out" "side A: die [1-6] "
contains "roll: the initiative kept" "$tmp/out" "won the initiative on turn 1"
grep -q '"winner": -1' "$gr" && ko "roll: the initiative's winner is not kept" || ok
d1=$(grep -o '"dice": "[^"]*"' "$gr")
expect "roll: a morale check" 0 "$bin" referee cotlb morale --game "$gr" --unit dnieper1 --roll
contains "roll: a morale check's die" "$tmp/out" "russian-infantry: 6 stands + die [1-6] = "
[ "$(grep -o '"dice": "[^"]*"' "$gr")" != "$d1" ] && ok || ko "roll: every roll moves the stream on (the next ruling rolls anew)"
expect "roll: a morale check, kept in the log" 0 "$bin" referee cotlb log --game "$gr"
contains "roll: a morale check, kept in the log" "$tmp/out" "morale --unit dnieper1 --roll"
d1=$(grep -o '"dice": "[^"]*"' "$gr")
expect "roll: a refused ruling" 2 "$bin" referee cotlb morale --game "$gr" --unit nobody --roll
[ "$(grep -o '"dice": "[^"]*"' "$gr")" = "$d1" ] && ok || ko "roll: a refusal leaves the stream"
"$bin" referee cotlb next --game "$gr" --first russian >/dev/null
expect "roll: a close combat, every die rolled" 0 "$bin" referee cotlb melee --game "$gr" --attacker dnieper1 --defender 93rd --roll
contains "roll: the charge morale check" "$tmp/out" "russian-infantry: 6 stands + die [1-6] = "
contains "roll: the attacker's dice" "$tmp/out" "attacker, russian-infantry: 7 dice [1-6] [1-6] [1-6] [1-6] [1-6] [1-6] [1-6], +0 a die"
contains "roll: the defender's dice" "$tmp/out" "defender, british-infantry: 7 dice [1-6] [1-6] [1-6] [1-6] [1-6] [1-6] [1-6], +0 a die"
contains "roll: the game changed" "$tmp/out" "^game .*roll.json, turn 1:$"
[ "$(grep -o '"dice": "[^"]*"' "$gr")" != "$d1" ] && ok || ko "roll: the stream moves on with the game"
# the same seed and commands: the same game
gr2="$tmp/roll2.json"
"$bin" referee cotlb new --oob balaclava-2014 --table tests/data/cotlb/test-table.json --game "$gr2" --seed 7 >/dev/null
"$bin" referee cotlb place --game "$gr2" --unit dnieper1 --x 50 --y 33.5 --facing 180 >/dev/null
"$bin" referee cotlb next --game "$gr2" >/dev/null
"$bin" referee cotlb initiative --game "$gr2" --roll >/dev/null
"$bin" referee cotlb morale --game "$gr2" --unit dnieper1 --roll >/dev/null
"$bin" referee cotlb next --game "$gr2" --first russian >/dev/null
"$bin" referee cotlb melee --game "$gr2" --attacker dnieper1 --defender 93rd --roll >"$tmp/roll2.out"
grep -v "^game " "$tmp/out" >"$tmp/roll1.cmp"; grep -v "^game " "$tmp/roll2.out" >"$tmp/roll2.cmp"
cmp -s "$tmp/roll1.cmp" "$tmp/roll2.cmp" && ok || ko "roll: the same seed, the same close combat"
# a game file from before --roll gets its stream at the first --roll, kept at once
sed '/"dice": "d1/d' "$gr" >"$tmp/roll3.json"
grep -q '"dice"' "$tmp/roll3.json" && ko "roll: the old file still has a stream" || ok
expect "roll: an old game file" 0 "$bin" referee cotlb morale --game "$tmp/roll3.json" --unit dnieper1 --roll --seed 5
contains "roll: the old file's new stream" "$tmp/roll3.json" '"dice": "d1 '
expect "roll: an old game file, the seed's stream kept" 0 "$bin" referee cotlb morale --game "$tmp/roll3.json" --unit dnieper1 --roll
expect "roll: --seed on a game with a stream" 2 "$bin" referee cotlb morale --game "$gr" --unit dnieper1 --roll --seed 5
contains "roll: --seed refused" "$tmp/err" "this game has its own"
expect "roll: --seed without --roll" 2 "$bin" referee cotlb morale --unit russian-infantry --seed 5
expect "roll: --seed not a number" 2 "$bin" referee cotlb morale --unit russian-infantry --roll --seed x
# without a game: a dice roller, from --seed
expect "roll: the sheet alone" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --short --roll --seed 3
contains "roll: the sheet alone: a volley's dice" "$tmp/out" "6 dice: [1-6] [1-6] [1-6] [1-6] [1-6] [1-6]"
cp "$tmp/out" "$tmp/roll4.out"
expect "roll: the sheet alone, the same seed" 0 "$bin" referee cotlb fire --weapon musket --stands 6 --target line --short --roll --seed 3
cmp -s "$tmp/out" "$tmp/roll4.out" && ok || ko "roll: the same seed, the same volley"
expect "roll: a withdrawal's four dice" 0 "$bin" referee cotlb withdraw --game "$gr" --unit dnieper1 --roll
contains "roll: a withdrawal" "$tmp/out" "dnieper1 withdraws [0-9.]*\" (of [0-9]*\")"

# Sevastopol's charts (crimea referee siege)
expect "check the Sevastopol charts" 0 "$bin" check data/siege/tables.json
sed 's/"D\/2"/"Q\/2"/' data/siege/tables.json >"$tmp/siege.json"
expect "check broken Sevastopol charts" 1 "$bin" check "$tmp/siege.json"
contains "broken Sevastopol charts: file:line" "$tmp/err" 'siege.json:[0-9]*: "Q/2" is not a Siege Battery Fire cell'
expect "list names the Sevastopol charts" 0 "$bin" list
contains "list: siege" "$tmp/out" "^  siege .*the referee's charts and a game kept beside the printed map (crimea referee siege)$"
expect "siege attrition odds" 0 "$bin" referee siege attrition --turn 5 --nation british
contains "siege attrition odds" "$tmp/out" "1 lost 16.7%  2 lost 50.0%  3 lost 33.3%"
expect "siege attrition ruling" 0 "$bin" referee siege attrition --turn 13 --nation british --die 1
contains "siege attrition ruling" "$tmp/out" "die 1 -1 Florence Nightingale \[7.14\] = 0: 1 infantry unit lost"
expect "siege attrition out of season" 1 "$bin" referee siege attrition --turn 3 --nation french
contains "siege attrition out of season" "$tmp/err" "\[7.0\] no attrition in Game-Turn 3"
expect "siege intervention in winter" 1 "$bin" referee siege intervention --turn 6 --battle inkerman
contains "siege intervention in winter" "$tmp/err" "\[5.13\] no field army intervention in winter (Jan)"
expect "siege intervention" 0 "$bin" referee siege intervention --turn 9 --battle inkerman --die 2
contains "siege intervention" "$tmp/out" "inkerman, die 2: 12 Allied infantry units leave the map for one Game-Turn"
expect "siege ammunition" 0 "$bin" referee siege ammunition --turn 13 --british 3 --french 6
contains "siege ammunition: too few" "$tmp/out" "\[8.14\]  *british: 3 units in the Balaclava Supply Box, 4 needed"
contains "siege ammunition: enough" "$tmp/out" "\[8.13\]  *french: 6 units in the Kameitch Supply Box, 6 needed: +12 siege gun and +6 mortar rounds"
expect "siege bombard odds" 0 "$bin" referee siege bombard --gun siege --yards 450 --bastion 6
contains "siege bombard odds" "$tmp/out" "16.7%  1 strength level lost, 1 infantry unit destroyed, an ammunition dump explodes"
expect "siege bombard: mortar past 1200" 0 "$bin" referee siege bombard --gun mortar --yards 2000 --bastion 0 --die 6
contains "siege bombard: mortar past 1200" "$tmp/out" "mortar at bastion 0: die 6 -3 (range) = 3"
expect "siege bombard: siege gun past 1200" 1 "$bin" referee siege bombard --gun siege --yards 1300 --sap
# [14.0]'s example: 13 to 4 is 3-1
expect "siege melee odds" 0 "$bin" referee siege melee --attack 13 --defence 4 --defender russian --attacker-class C --defender-class B
contains "siege melee: 13-4 is 3-1" "$tmp/out" "13 to 4, the 3-1 column"
contains "siege melee odds" "$tmp/out" "the attacker affected 33.3%, the defender 100.0%"
# [14.35]'s example: a retreated unit that attacked a bastion of strength 5: -3
expect "siege morale: [14.35]" 0 "$bin" referee siege morale --class C --attacked-strength 5 --retreated --die 4
contains "siege morale: [14.35]" "$tmp/out" "class C: die 4 -3 = 1: eliminated \[14.41\]"
expect "siege field battery in a ravine" 0 "$bin" referee siege battery --yards 450 --defender zouave --ravine --die 6,5,2 --defender-class B --defender-morale-die 4,1
contains "siege battery: three shots" "$tmp/out" "3 shots (a ravine)"
contains "siege battery: a morale roll a shot" "$tmp/out" "die 1 -1 = 0: eliminated"
# [14.32] counts for the attackers in Assault Positions, not the Russian defender
expect "siege melee: each side's morale modifiers" 0 "$bin" referee siege melee --attack 8 --defence 4 --defender russian --die 1 --attacker-class B --defender-class B --attacked-strength 5 --attacker-morale-die 4 --defender-morale-die 4
contains "siege melee: the attackers' -2" "$tmp/out" "each attacking unit, class B: die 4 -2 = 2: routed"
contains "siege melee: the defender's none" "$tmp/out" "the defender, class B: die 4 +0 = 4: retreats 1"
# [14.0]: each affected attacking unit rolls its own die on its own class
expect "siege melee: a die an attacking unit" 0 "$bin" referee siege melee --attack 8 --defence 4 --defender russian --die 1 --attacker-class B,C --attacked-strength 5 --attacker-morale-die 4,6
contains "siege melee: the first attacker" "$tmp/out" "attacking unit 1, class B: die 4 -2 = 2: routed"
contains "siege melee: the second attacker" "$tmp/out" "attacking unit 2, class C: die 6 -2 = 4: retreats 2"
expect "siege battery: no bastion attacked" 2 "$bin" referee siege battery --yards 150 --defender zouave --defender-class A --attacked-strength 5
expect "siege bombard: a modified -1 reads its row" 0 "$bin" referee siege bombard --gun siege --yards 1200 --bastion 3 --die 2
contains "siege bombard: a modified -1 reads its row" "$tmp/out" "\[8.99\]  *no effect"
expect "siege: unknown ruling" 2 "$bin" referee siege storm
# a game of Sevastopol kept by the program (crimea referee siege ... --game F)
expect "check the Sevastopol order of battle" 0 "$bin" check data/siege/sevastopol.json
sed 's/"morale": "B"/"morale": "Q"/' data/siege/sevastopol.json >"$tmp/soob.json"
expect "check a broken Sevastopol order of battle" 1 "$bin" check "$tmp/soob.json"
contains "broken Sevastopol order of battle: file:line" "$tmp/err" 'soob.json:[0-9]*: "Q": a morale level is A, B, C or D \[3.22\]'
sg="$tmp/sg.json"
expect "siege new" 0 "$bin" referee siege new --game "$sg"
contains "siege new: written" "$tmp/out" "game written to"
expect "siege new: not over a game" 2 "$bin" referee siege new --game "$sg"
contains "siege new: not over a game" "$tmp/err" "exists: --force to replace it"
expect "siege status" 0 "$bin" referee siege status --game "$sg"
contains "siege status: the segment" "$tmp/out" "Game-Turn 1 of 18, Oct I: Russian Field Army Intervention Segment \[4.0 1A\]"
contains "siege status: bastions at 3" "$tmp/out" "Malakoff  *3   major"
contains "siege status: the guns to place" "$tmp/out" "to place in a bastion's firing box \[3.3\]: rus-siege-1, rus-siege-2, rus-siege-3, rus-siege-4, rus-mortar-1"
for u in 41-r-2 47-r-2 49-r-2 30-l-2 55-l-2; do "$bin" referee siege move --game "$sg" --unit $u --to supply >/dev/null 2>&1; done
expect "siege set-up: French help the British" 0 "$bin" referee siege move --game "$sg" --unit fr-7-1-1 --to supply:british
contains "siege set-up: placed" "$tmp/out" "\[3.3\]  *fr-7-1-1 is placed in the Balaclava Supply Box"
expect "siege set-up: never the Kameitch for the British" 1 "$bin" referee siege move --game "$sg" --unit 42-hd-1 --to supply:french
contains "siege set-up: never the Kameitch for the British" "$tmp/err" "british units may not go to the Kameitch Supply Box"
expect "siege set-up: a Russian into the Malakoff" 0 "$bin" referee siege move --game "$sg" --unit rus-gar-1 --to malakoff
"$bin" referee siege move --game "$sg" --unit rus-gar-2 --to mast >/dev/null
expect "siege: an unknown place" 2 "$bin" referee siege move --game "$sg" --unit rus-gar-2 --to kremlin
contains "siege: an unknown place" "$tmp/err" 'no place "kremlin": map, supply\[:NATION\], a Siege Area'
expect "siege next: replacements" 0 "$bin" referee siege next --game "$sg"
contains "siege next: the segment" "$tmp/out" "Reinforcement/Replacement Segment \[4.0 1B\]"
expect "siege next: ammunition, then fire" 0 "$bin" referee siege next --game "$sg"
contains "siege next: British rounds" "$tmp/out" "\[8.13\]  *british: 6 units in the Balaclava Supply Box, 5 needed: +2 siege gun, +1 mortar and Lancaster rounds"
contains "siege next: French rounds lost" "$tmp/out" "\[8.14\]  *french: 0 units in the Kameitch Supply Box, 2 needed"
contains "siege next: the fire segment" "$tmp/out" "Siege Battery Fire Segment \[4.0 2B\]"
expect "siege bombard: losses named" 1 "$bin" referee siege bombard --game "$sg" --unit brit-siege-1 --yards 700 --bastion malakoff --die 6
contains "siege bombard: the ruling first" "$tmp/out" "die 6 -2 (range) = 4"
contains "siege bombard: the owner names them" "$tmp/err" "\[8.91\] 1 Russian infantry unit lost: name it"
expect "siege bombard" 0 "$bin" referee siege bombard --game "$sg" --unit brit-siege-1 --yards 700 --bastion malakoff --die 6 --units rus-gar-1
contains "siege bombard: a round spent" "$tmp/out" "british siege gun rounds left: 1"
contains "siege bombard: the bastion" "$tmp/out" "Malakoff: Strength Level 3 -> 2"
expect "siege bombard: --held is a sap's or parallel's" 2 "$bin" referee siege bombard --game "$sg" --unit brit-siege-1 --yards 700 --bastion malakoff --held 1 --die 6
contains "siege bombard: --held is a sap's or parallel's" "$tmp/err" "\[8.94\] --held counts the units in the sap or parallel fired at (--sap)"
expect "siege next: construction" 0 "$bin" referee siege next --game "$sg"
contains "siege next: points due" "$tmp/out" "\[9.12\]  *british: 4 Construction Points"
expect "siege dig: the Guards do not dig" 1 "$bin" referee siege dig --game "$sg" --nation british --area british-center --sap --terrain start-line --units gren-gd-1,1-r-3
expect "siege dig: no parallel from the start line" 2 "$bin" referee siege dig --game "$sg" --nation british --area british-center --parallel --terrain start-line --units 4-r-3,1-r-3
contains "siege dig: [9.6]" "$tmp/err" "\[9.6\] no parallel may be built on start-line ground"
expect "siege dig" 0 "$bin" referee siege dig --game "$sg" --nation british --area british-center --sap --terrain start-line --units 4-r-3,1-r-3
contains "siege dig: a sap" "$tmp/out" "british build a sap in the british-center Siege Area for 2 points (2 left): 4-r-3 and 1-r-3 dig"
expect "siege next: movement" 0 "$bin" referee siege next --game "$sg"
expect "siege: diggers stay" 1 "$bin" referee siege move --game "$sg" --unit 4-r-3 --to supply
contains "siege: diggers stay" "$tmp/err" "\[10.11\]"
expect "siege assault: Raglan's two brigades" 1 "$bin" referee siege assault --game "$sg" --brigades 4/R,4/L,3/L
contains "siege assault: Raglan's two brigades" "$tmp/err" "\[16.0\] Lord Raglan activates 2 british brigades, not 3"
expect "siege units" 0 "$bin" referee siege units --game "$sg" --nation british
contains "siege units: a digger" "$tmp/out" "4-r-3 .*british-center .*(digging)"
contains "siege units: in a box" "$tmp/out" "41-r-2 .*supply:british"
expect "siege log" 0 "$bin" referee siege log --game "$sg"
contains "siege log: what was asked" "$tmp/out" "^Game-Turn 1: dig --game .* --units 4-r-3,1-r-3$"
cp "$sg" "$tmp/sg.before"
expect "siege: a refusal changes nothing" 1 "$bin" referee siege engineer --game "$sg" --nation russian --die 2
cmp -s "$sg" "$tmp/sg.before" && ok || ko "siege: a refused command changed the game file"
# [14.0]'s example in a game: 13 to 4 is 3-1, the units' own strengths
expect "siege assault" 0 "$bin" referee siege assault --game "$sg" --brigades 1/1
contains "siege assault: the brigades" "$tmp/out" "\[11.1\]  *the Allies assault with 0 British and 1 French brigade; Assault Impulse 1 of 5"
expect "siege melee: the odds before the roll" 0 "$bin" referee siege melee --game "$sg" --attackers fr-1zov-1-1,fr-leg-1-1 --defender rus-gar-2
contains "siege melee: the odds" "$tmp/out" "13 to 4, the 3-1 column, +1 \[14.21\]-\[14.23\]: the attackers affected 33.3%, the defender 100.0%"
expect "siege melee: dice asked" 1 "$bin" referee siege melee --game "$sg" --attackers fr-1zov-1-1,fr-leg-1-1 --defender rus-gar-2 --die 3
contains "siege melee: the column" "$tmp/out" "13 to 4, the 3-1 column: die 3 +1 = 4: D, the defender affected"
contains "siege melee: the defender's die" "$tmp/err" "\[14.24\] rus-gar-2 is affected: roll its morale die (--defender-die D; class D, +0)"
expect "siege melee" 0 "$bin" referee siege melee --game "$sg" --attackers fr-1zov-1-1,fr-leg-1-1 --defender rus-gar-2 --die 3 --defender-die 2
contains "siege melee: eliminated" "$tmp/out" "\[14.41\]  *rus-gar-2 is eliminated for the rest of the game"
contains "siege melee: an advance" "$tmp/out" "\[14.6\]  *an attacker may advance"
expect "siege battery: not in a bastion" 1 "$bin" referee siege battery --game "$sg" --unit rus-field-1 --at fr-7-1-1 --yards 300 --dice 4
contains "siege battery: not in a bastion" "$tmp/err" "\[13.0\] rus-field-1 is not a Russian field battery in a bastion's positions"
# a session on one game: a command a line, from a pipe and at a terminal
sgs="$tmp/siege-shell.json"
"$bin" referee siege new --game "$sgs" >/dev/null
printf 'move --unit 41-r-2 --to supply\nnext\n# a comment\nbogus\nshell\nstatus\nquit\nnext\n' >"$tmp/sshell.in"
expect "siege shell: a session from a pipe, two lines refused" 1 "$bin" referee siege shell --game "$sgs" <"$tmp/sshell.in"
contains "siege shell: a move" "$tmp/out" "41-r-2 is placed in the Balaclava Supply Box"
contains "siege shell: next" "$tmp/out" "Reinforcement/Replacement Segment \[4.0 1B\]"
contains "siege shell: status" "$tmp/out" "(1 in the Supply Box)"
contains "siege shell: a bad line said" "$tmp/err" 'no game command "bogus"'
contains "siege shell: no session in a session" "$tmp/err" "already in a session"
grep -q '"segment": 1,' "$sgs" && ok || ko "siege shell: the lines after quit ran"
if [ -x "$pty" ]; then
	rm -f "$sgs"
	"$bin" referee siege new --game "$sgs" >/dev/null
	if "$pty" tests/cli/siegeshell.pty "$tmp/pty4.out" "$bin" referee siege shell --game "$sgs" >"$tmp/out" 2>&1; then
		ok
	else
		ko "siege shell at a terminal: $(cat "$tmp/out")"
	fi
	grep -q '"box": "british"' "$sgs" && ok || ko "siege shell at a terminal: the completed move"
fi
expect "siege: an unknown option" 2 "$bin" referee siege next --game "$sg" --note hello
contains "siege: an unknown option" "$tmp/err" 'unknown option "--note"'
printf '{"format": "crimea/1", "kind": "siege-game", "oob": "sevastopol",\n "turn": 40}\n' >"$tmp/badsg.json"
expect "siege: a broken game file" 1 "$bin" referee siege status --game "$tmp/badsg.json"
contains "siege: a broken game file: file:line" "$tmp/err" "badsg.json:2: \"turn\" must be a whole number from 1 to 18"
# the 2001 play sheet (seed 004) as a variant: its saves, leader wound and morale check
expect "check the 2001 sheet" 0 "$bin" check data/cotlb/sheet-2001.json
expect "cotlb 2001: cavalry saves on 4-6" 0 "$bin" referee cotlb save --sheet data/cotlb/sheet-2001.json --unit british-cavalry \
	--hits 3 --dice 3,2,5
contains "cotlb 2001: cavalry saves on 4-6" "$tmp/out" "=> 2 figures lost"
expect "cotlb 2014: cavalry saves on 2-6" 0 "$bin" referee cotlb save --unit british-cavalry --hits 3 --dice 3,2,5
contains "cotlb 2014: cavalry saves on 2-6" "$tmp/out" "=> 0 figures lost"
expect "cotlb 2001: the leader counts in a morale check" 0 "$bin" referee cotlb morale --sheet data/cotlb/sheet-2001.json \
	--unit russian-infantry:8 --die 2
contains "cotlb 2001: the leader counts in a morale check" "$tmp/out" "2 stands + the leader + die 2 = 5: passes (5 or better passes)"
expect "cotlb 2001: a leader wounded on a 2" 0 "$bin" referee cotlb fire --sheet data/cotlb/sheet-2001.json --weapon musket \
	--stands 6 --target line --inches 8 --at british-infantry --dice 6,6,6,4,2,1 --leader 2 --saves 4,3
contains "cotlb 2001: the leader die's results" "$tmp/out" "roll a die, 1 kills, 2 wounds"
contains "cotlb 2001: a leader wounded on a 2" "$tmp/out" "the target's leader at risk, die 2: wounded, not killed"
# the 2001 MOVE Chart's road column: infantry 4 dice on a road; the 2014 sheet prints none
expect "cotlb 2001: infantry on a road, 4 dice" 0 "$bin" referee cotlb move --sheet 2001 --row infantry --road --dice 6,5,1,2
contains "cotlb 2001: infantry on a road, 4 dice" "$tmp/out" "infantry, on a road: 4 dice: 6 5 1 2"
contains "cotlb 2001: infantry on a road, 14 inches" "$tmp/out" "=> up to 14 inches"
expect "cotlb 2001: the sheet lists the road's dice" 0 "$bin" referee cotlb sheet --sheet 2001
contains "cotlb 2001: the sheet lists the road's dice" "$tmp/out" "^  cavalry  *3 4 5$"
expect "cotlb 2014: no road column" 1 "$bin" referee cotlb move --row infantry --road
contains "cotlb 2014: no road column" "$tmp/err" "\[MOVE Chart (a)\] this sheet's MOVE Chart has no road column"
expect "cotlb: column or road, not both" 2 "$bin" referee cotlb move --sheet 2001 --row infantry --road --column
g01="$tmp/g2001.json"
expect "cotlb 2001: a game on the 2001 sheet" 0 "$bin" referee cotlb new --sheet data/cotlb/sheet-2001.json --oob balaclava-2014 \
	--table none --game "$g01"
contains "cotlb 2001: new names its sheet" "$tmp/out" "ruled on the sheet 2001$"
contains "cotlb 2001: the game file keeps its sheet, by its short name" "$g01" '"sheet": "2001"'
# the game's own sheet rules it without --sheet (a 2 wounds on the 2001 sheet only)
expect "cotlb 2001: a leader wounded in a game" 0 "$bin" referee cotlb leader --game "$g01" --unit 93rd --die 2
contains "cotlb 2001: the wound's marker" "$tmp/out" "93rd takes 1 morale marker (its leader wounded \[MORALE\]): 1 now"
expect "cotlb 2001: the same sheet by its short name" 0 "$bin" referee cotlb leader --sheet 2001 --game "$g01" --unit 93rd --die 2
contains "cotlb 2001: the same sheet by its short name" "$tmp/out" "93rd takes 1 morale marker (its leader wounded \[MORALE\]): 2 now"
expect "cotlb 2001: another sheet refused" 2 "$bin" referee cotlb leader --sheet 2014 --game "$g01" --unit 93rd --die 2
contains "cotlb 2001: another sheet refused" "$tmp/err" "was started on the 2001 sheet: --sheet 2014 would rule it on another"
contains "cotlb 2001: a refusal changes nothing" "$g01" '"markers": 2'
# [Close Combat (g), (h)]: an unlimbered battery that withdraws leaves its guns (spiked, or captured
# for the enemy's Ace); a limbered one withdraws its 4 dice
gwd="$tmp/gwd.json"
"$bin" referee cotlb new --oob balaclava-2014 --game "$gwd" >/dev/null
expect "table: an unlimbered battery withdraws, its die owed" 2 "$bin" referee cotlb withdraw --game "$gwd" --unit redoubt1-guns \
	--dice 3,3,3,3
expect "table: an unlimbered battery withdraws" 0 "$bin" referee cotlb withdraw --game "$gwd" --unit redoubt1-guns --spike-die 2
contains "table: the guns remain" "$tmp/out" "redoubt1-guns withdraws: the gunners run away and the guns remain"
contains "table: the guns captured, an Ace" "$tmp/out" "the russian side captures the guns and gains an Ace for a later command point: 1 now"
contains "table: the battery gone" "$tmp/out" "redoubt1-guns loses its last 4 figures: it is destroyed"
expect "table: a limbered battery withdraws its dice" 0 "$bin" referee cotlb withdraw --game "$gwd" --unit horse-battery --dice 3,3,3,3
contains "table: a limbered battery withdraws its dice" "$tmp/out" "horse-battery withdraws 12.0\""
# a road move on the NASHCON table (the 2001 sheet's ROAD column): along the Tractir road
groad="$tmp/groad.json"
"$bin" referee cotlb new --sheet 2001 --oob balaclava-2014 --game "$groad" >/dev/null
"$bin" referee cotlb place --game "$groad" --unit dnieper4 --x 242.2 --y 57 --facing 180 >/dev/null
expect "cotlb 2001: a road move's odds" 0 "$bin" referee cotlb move --game "$groad" --unit dnieper4 --road --x 231.9 --y 52
contains "cotlb 2001: a road move's length" "$tmp/out" "dnieper4 moves by road along the Road from the Tractir bridge to Kadikoi: 14.0\""
contains "cotlb 2001: a road move's dice" "$tmp/out" "=> 4 dice; the move needs 14\""
expect "cotlb 2001: a road move" 0 "$bin" referee cotlb move --game "$groad" --unit dnieper4 --road --x 231.9 --y 52 --dice 4,4,4,4
grep -q '"x": 231.9' "$groad" && ok || ko "cotlb 2001: the road move kept"
expect "cotlb 2001: a road move off the road" 1 "$bin" referee cotlb move --game "$groad" --unit dnieper4 --road --x 200 --y 20
expect "cotlb 2001: a road move takes --x and --y alone" 2 "$bin" referee cotlb move --game "$groad" --unit dnieper4 --road \
	--x 231.9 --y 52 --facing 90
# [Leader Casualty] (2001): a dead leader's replacement has half the points left, rounded up
expect "cotlb 2001: a leader killed in a game" 0 "$bin" referee cotlb leader --game "$g01" --unit 42nd --die 1
contains "cotlb 2001: the replacement's half command points" "$tmp/out" "\[Leader Casualty\]  *his replacement has half the command points, rounded up: 6 of 12"
# the shell's sheet is the game's (the 2001 MOVE Chart has a road column)
printf 'sheet\nquit\n' >"$tmp/c01.in"
expect "cotlb 2001: the shell lists the game's sheet" 0 "$bin" referee cotlb shell --game "$g01" <"$tmp/c01.in"
contains "cotlb 2001: the shell lists the game's sheet" "$tmp/out" "on a road (--road)"
# a sheet given by a relative path is kept as the file's absolute path, so the game plays from anywhere
mkdir -p "$tmp/sheetdir"
cp data/cotlb/sheet-2001.json "$tmp/sheetdir/mine.json"
case $bin in /*) abin=$bin ;; *) abin=$PWD/$bin ;; esac
(cd "$tmp/sheetdir" && "$abin" referee cotlb new --sheet mine.json --oob balaclava-2014 --table none \
	--game "$tmp/gmine.json" >/dev/null 2>&1) || true
contains "cotlb: a relative sheet kept absolute" "$tmp/gmine.json" "\"sheet\": \"$tmp/sheetdir/mine.json\""
expect "cotlb: a missing game file says so, whatever the sheet" 1 "$bin" referee cotlb units --game "$tmp/none.json" --sheet 2001
contains "cotlb: a missing game file says so, whatever the sheet" "$tmp/err" "none.json: cannot open"
# a game file from before the field (no "sheet") is ruled on the 2014 sheet, where a 2 kills
grep -v '"sheet"' "$g01" >"$tmp/g2014.json"
expect "cotlb: an older game file keeps the 2014 sheet" 0 "$bin" referee cotlb leader --game "$tmp/g2014.json" --unit 93rd --die 2
contains "cotlb: an older game file keeps the 2014 sheet" "$tmp/out" "die 2: the leader is dead"
# From Ulm to Waterloo's morale rules (crimea referee ulm), with Morale D.2's worked examples
expect "check the Ulm tables" 0 "$bin" check data/ulm/tables.json
expect "list names the Ulm morale rules" 0 "$bin" list
contains "list: ulm" "$tmp/out" "^  ulm .*the morale, melee, canister, orders and breakthrough rules, and a game kept, for a referee (crimea referee ulm)$"
expect "ulm: 2 of 30 lost, no check" 0 "$bin" referee ulm fire-check --original 30 --before 30 --lost 2
contains "ulm: 2 of 30 lost, no check" "$tmp/out" "=> no check"
expect "ulm: 3 of 30 lost, a check at -1" 0 "$bin" referee ulm fire-check --original 30 --before 28 --lost 3
contains "ulm: 3 of 30 lost, a check at -1" "$tmp/out" "=> a non-contact morale check at -1$"
expect "ulm: past 50%, a permanent -2" 0 "$bin" referee ulm fire-check --original 30 --before 16 --lost 3
contains "ulm: past 50%, a permanent -2" "$tmp/out" "=> a non-contact morale check at -2 (permanent)"
expect "ulm morale odds" 0 "$bin" referee ulm morale --class line-infantry --plus -1
contains "ulm morale odds" "$tmp/out" "good 41.7%  disorganized 58.3%"
expect "ulm contact morale" 0 "$bin" referee ulm morale --class line-infantry --contact --plus -2 --dice 2,3
contains "ulm contact morale" "$tmp/out" "the unit follows the chart: good -> fall-back"
# E.4.b: a falling back unit is -2 (8 becomes 6: a failure, and a rout)
expect "ulm: falling back, -2" 0 "$bin" referee ulm morale --class line-infantry --state fall-back --dice 4,4
contains "ulm: falling back, -2" "$tmp/out" "dice 4 + 4 -2 = 6: disorganized"
contains "ulm: falling back, -2: a rout" "$tmp/out" "fall-back -> rout"
# Melee B.4.a: four or more attacking units are -3, no more
expect "ulm: attackers to -3" 0 "$bin" referee ulm morale --class guards --mod extra-attacker --mod extra-attacker --mod extra-attacker --mod extra-attacker --mod extra-attacker
contains "ulm: attackers to -3" "$tmp/out" "guards, good, -3:"
# H.2: second line troops' Loss of Effectiveness is -3, -4 past 50%
expect "ulm: second line fire losses" 0 "$bin" referee ulm fire-check --class second-line --original 30 --before 16 --lost 3
contains "ulm: second line fire losses" "$tmp/out" "=> a non-contact morale check at -4 (permanent)"
expect "ulm: a rally" 0 "$bin" referee ulm morale --class line-infantry --state disorganized --rally --dice 6,1
contains "ulm: a rally fails, no worse" "$tmp/out" "fails: it stays disorganized"
contains "ulm: a rally's chance" "$tmp/out" "passes 41.7%"
expect "siege: a field battery overrun" 0 "$bin" referee siege melee --attack 6 --defence 2 --defender field-battery --die 5
contains "siege: a field battery overrun" "$tmp/out" "\[14.25\]  *the field battery is placed in its bastion's Reserve Box"
expect "siege: shots stop at an elimination" 0 "$bin" referee siege battery --yards 450 --defender zouave --ravine --die 6,5,6 --defender-class B --defender-morale-die 4,1,3
contains "siege: a retreat is -1 on the next shot's roll" "$tmp/out" "die 1 -1 = 0: eliminated"
contains "siege: shots stop at an elimination" "$tmp/out" "the target is eliminated: the battery's other shots find nothing"
expect "ulm: a square against cavalry" 0 "$bin" referee ulm morale --class line-infantry --mod square-vs-cavalry --dice 3,2
contains "ulm: a square against cavalry" "$tmp/out" "dice 3 + 2 +2 = 7: passes"
expect "ulm: an unknown modifier lists the others" 2 "$bin" referee ulm morale --class line-infantry --mod bogus
contains "ulm: an unknown modifier lists the others" "$tmp/err" "route-march, square-vs-cavalry, commander-killed, swerving-trapped"
expect "ulm: an unknown troop type" 2 "$bin" referee ulm morale --class uhlans
# From Ulm to Waterloo's melee: the odds, a cast from the dice, and what is not a melee
expect "ulm melee odds" 0 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30
contains "ulm melee odds: even" "$tmp/out" "attackers lose 44.4%  defenders lose 44.4%  no loser 11.3%"
contains "ulm melee odds: doubles" "$tmp/out" "attackers 16.7%, defenders 16.7%"
expect "ulm melee: cavalry against infantry" 0 "$bin" referee ulm melee --attacker dragoon:24 --defender infantry:30 \
	--increment 2 --attacker-dice 6,6 --defender-dice 3
contains "ulm melee: dismounted troops, one die" "$tmp/out" "\[Inf v Cav A.2\]  *defenders' unit 1 (infantry): dismounted troops against cavalry use one die a unit"
contains "ulm melee: the increment" "$tmp/out" "the attackers cast 6,6: 12 +2 = 14"
contains "ulm melee: vulnerability 3" "$tmp/out" "attackers' unit 1 (dragoon, vulnerability 3): 0 of 24 figures lost"
contains "ulm melee: doubles" "$tmp/out" "the attackers cast doubles: the defenders check morale (contact) at once"
contains "ulm melee: the loser" "$tmp/out" "=> the defenders lose the melee"
expect "ulm melee: works" 0 "$bin" referee ulm melee --attacker infantry:30:enfilade --attacker grenadier:24 \
	--defender guard-infantry:30 --protection 3 --stands 4 --increment 2 --attacker-dice 6,5,4,3 --defender-dice 2
contains "ulm melee: Constructions D" "$tmp/out" "the attackers cast a die for each of their 4 stands in contact (4)"
contains "ulm melee: class 3 works" "$tmp/out" "a defending unit in works: +2 to the defenders' total (protection-3)"
contains "ulm melee: no increment against works" "$tmp/out" "attackers of works receive no increment"
contains "ulm melee: no breakthrough from works" "$tmp/out" "no breakthrough from works (Constructions D.11)"
expect "ulm melee: works need stands" 1 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30 --protection 2
expect "ulm melee: equal losses" 0 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30 \
	--attacker-dice 3,4 --defender-dice 5,2
contains "ulm melee: equal losses" "$tmp/out" "=> no loser: cast again (--cast 2)"
expect "ulm melee: a trailing comma" 2 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30 \
	--attacker-dice 3,4, --defender-dice 5,2
expect "ulm melee: one man kills two at most" 0 "$bin" referee ulm melee --attacker infantry:1 --defender infantry:30 \
	--attacker-dice 6,6 --defender-dice 1,1
contains "ulm melee: Melee C.2.f" "$tmp/out" "\[Melee C.2.f\]  *the attackers (1 man) kill at most 2 a cast"
contains "ulm melee: Melee C.2.f's cap" "$tmp/out" "defenders' unit 1 (infantry, vulnerability 1): 2 of 30 figures lost"
expect "ulm melee: a square" 0 "$bin" referee ulm melee --attacker light-horse:20:lancer --defender infantry:40:square --increment 1
contains "ulm melee: a square's cast" "$tmp/out" "no cavalry broke into the square: one die a cavalry unit (1), and 1 for the square"
contains "ulm melee: lancers' increment" "$tmp/out" "the Charge Increment (one attacking unit's): +1 to the attackers' total"
expect "ulm: square break" 0 "$bin" referee ulm square-break --disorganized --dice 6,5
contains "ulm: square break odds" "$tmp/out" "breaks in 8.3%"
contains "ulm: square broken" "$tmp/out" "the cavalry break in"
expect "ulm melee: skirmishers are not meleed" 1 "$bin" referee ulm melee --attacker infantry:30 --defender light-infantry:6:skirmisher
contains "ulm melee: Melee E.2" "$tmp/err" "\[Melee E.2\] infantry skirmishers without protection are eliminated"
expect "ulm melee: the wrong number of dice" 2 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30 \
	--attacker-dice 6 --defender-dice 1,1
contains "ulm melee: the wrong number of dice" "$tmp/err" "the attackers cast 2 dice and the defenders 2"
expect "ulm melee: an unknown figure type" 2 "$bin" referee ulm melee --attacker uhlan:20 --defender infantry:30
contains "ulm melee: the types listed" "$tmp/err" 'no figure type "uhlan" (infantry, artillery, train'
expect "ulm melee: an unknown quality" 2 "$bin" referee ulm melee --attacker infantry:20:brave --defender infantry:30
sed 's/"key": "dismounted"/"key": "dismounte"/' data/ulm/tables.json >"$tmp/badulm.json"
expect "check: a broken Ulm melee table" 1 "$bin" check "$tmp/badulm.json"
contains "check: the broken melee modifier, file:line" "$tmp/err" 'badulm.json:[0-9]*: the melee modifiers need "dismounted"'
# canister (Fire C.10)
expect "ulm canister odds" 0 "$bin" referee ulm canister --gun field --inches 12
contains "ulm canister odds" "$tmp/out" "7 16.7%  8 16.7%  9 16.7%  10 16.7%  11 16.7%  12 16.7%  (figures; mean 9.50)"
expect "ulm canister: works and point blank" 0 "$bin" referee ulm canister --gun field --inches 2 --protection 3 --die 4 --figures 30
contains "ulm canister: class 3 works" "$tmp/out" "\[Constructions A.3.b\] the target is protected (protection-3): -2"
contains "ulm canister: point blank" "$tmp/out" "die 4 +6 -2 = 8 kills, half again 12: 12 figures eliminated"
expect "ulm canister: a howitzer" 0 "$bin" referee ulm canister --gun howitzer --inches 16 --die 1
contains "ulm canister: a howitzer's casualties" "$tmp/out" "=> 7 figures eliminated"
expect "ulm canister: a howitzer's range" 1 "$bin" referee ulm canister --gun howitzer --inches 17
expect "ulm canister: a militia gun's die alone" 2 "$bin" referee ulm canister --gun light --inches 8 --militia --die 4
contains "ulm canister: a militia gun casts first" "$tmp/err" "\[Special Units F\] a militia gun past its first shot casts before firing"
expect "ulm canister: a dispersed square" 1 "$bin" referee ulm canister --gun light --inches 8 --square --dispersed
expect "ulm melee: two morale states" 2 "$bin" referee ulm melee --attacker infantry:20:rout,good --defender infantry:30
contains "ulm melee: two morale states" "$tmp/err" "a unit has one morale state"
expect "ulm melee: every defender routed" 1 "$bin" referee ulm melee --attacker infantry:20 --defender infantry:30:rout
contains "ulm melee: Morale E.5.c" "$tmp/err" "\[Morale E.5.c\] a stand in rout is destroyed by contact"
expect "ulm canister: a square" 0 "$bin" referee ulm canister --gun light --inches 10 --square
contains "ulm canister: a square's maximum" "$tmp/out" "=> 10 figures eliminated"
expect "ulm canister: a die against a square" 2 "$bin" referee ulm canister --gun light --inches 10 --square --die 3
expect "ulm canister: out of range" 1 "$bin" referee ulm canister --gun heavy --inches 30
contains "ulm canister: out of range" "$tmp/err" "\[Fire C.10.b\] 30 inches is beyond heavy guns' canister range, 24 inches"
expect "ulm canister: a disorganized battery, skirmishers" 0 "$bin" referee ulm canister --gun light --inches 8 --dispersed \
	--state disorganized --militia --militia-die 2 --die 5
contains "ulm canister: halved, two a figure" "$tmp/out" "die 5 +4 +0 = 9 kills, halved 4, two a figure 2: 2 figures eliminated"
expect "ulm canister, then the target's check" 0 "$bin" referee ulm canister --gun field --inches 8 --figures 16 --original 30 --die 4
contains "ulm canister: Morale D.2.c" "$tmp/out" "=> 10 figures eliminated; the target checks morale (non-contact) at -2 (permanent)"
expect "ulm canister: second line troops' check" 0 "$bin" referee ulm canister --gun light --inches 8 --figures 30 --original 30 \
	--die 1 --class second-line
contains "ulm canister: Special Units H.2" "$tmp/out" "=> 5 figures eliminated; the target checks morale (non-contact) at -3"
expect "ulm canister: the check needs the figures now" 2 "$bin" referee ulm canister --gun light --inches 8 --original 30 --die 1
expect "ulm canister: a battery falling back" 1 "$bin" referee ulm canister --gun light --inches 8 --state fall-back
expect "ulm canister: no such gun" 2 "$bin" referee ulm canister --gun mortar --inches 8
expect "ulm: observing a rout, a higher rating" 0 "$bin" referee ulm morale --class grenadiers --observing line-infantry
contains "ulm: Morale D.4.b" "$tmp/out" "no check (a unit of higher morale rating, D.4.b)"
expect "ulm: observing a rout, the same rating" 0 "$bin" referee ulm morale --class line-infantry --observing line-infantry --dice 3,3
contains "ulm: Morale D.4.a" "$tmp/out" "a non-contact check"
contains "ulm: Morale D.4.a's check" "$tmp/out" "the unit loses one morale grade: good -> disorganized"
expect "ulm: observing a rout from works" 0 "$bin" referee ulm morale --class militia --observing guards --in-works
contains "ulm: Morale D.4.c" "$tmp/out" "no check (a unit in works or a building, D.4.c)"
expect "ulm: observing, in contact" 2 "$bin" referee ulm morale --class militia --observing guards --contact
expect "ulm: an order change" 0 "$bin" referee ulm order-change --class militia --die 5
contains "ulm: an order change's odds" "$tmp/out" "militia: permitted 33.3%, a morale cast 33.3%"
contains "ulm: a militia 5 casts for morale" "$tmp/out" "\[Changing Orders C.5\] a 5: the unit must also cast for morale"
expect "ulm: ending a charge" 0 "$bin" referee ulm order-change --class grenadiers --die 2 --end-charge
contains "ulm: grenadiers read the line, reconstructed" "$tmp/out" "elite column (reconstructed, as the line): die 2: the change is permitted"
contains "ulm: ending a charge disorganizes" "$tmp/out" "\[Changing Orders B.8\] the charge (or attack) ends"
expect "ulm: the rule's example of a two-battalion square" 0 "$bin" referee ulm square --battalions 30,30 --figures 40 --disorganized 20
contains "ulm: 32 figures" "$tmp/out" "a square of 2 battalions needs at least 32 figures \[Inf v Cav B.4.b\]"
contains "ulm: half disorganized" "$tmp/out" "the square is disorganized for morale and fire (half or more)"
expect "ulm: a bad battalion list" 2 "$bin" referee ulm square --battalions 30,
expect "ulm: a square's minimum, both readings" 0 "$bin" referee ulm square --battalions 40,20 --figures 30
contains "ulm: the example's reading" "$tmp/out" "needs at least 32 figures"
contains "ulm: the sentence's reading" "$tmp/out" "its sentence, the battalions' own minimums added, would give 28"
expect "ulm: disorganized figures without the square's" 2 "$bin" referee ulm square --battalions 30 --disorganized 20
expect "ulm: more figures than the battalions had" 2 "$bin" referee ulm square --battalions 30 --figures 31
expect "ulm: observing a routing Guard unit" 0 "$bin" referee ulm morale --class line-infantry --observing guards --dice 4,4
contains "ulm: Morale C.4.b near a retreating Guard unit" "$tmp/out" "\[Morale C.4.b\] a non-Guard unit near a retreating Guard unit: -1"
expect "ulm: observing with a rally" 2 "$bin" referee ulm morale --class line-infantry --state disorganized --rally --observing guards
expect "ulm: an order change for an unknown type" 2 "$bin" referee ulm order-change --class uhlans
contains "ulm: an order change for an unknown type" "$tmp/err" 'no troop type "uhlans"'
expect "ulm melee: the checks a cast calls for" 0 "$bin" referee ulm melee --attacker dragoon:24 --defender infantry:30 \
	--attacker-dice 6,6 --defender-dice 3 --defender-class line-infantry --defender-morale-dice 4,3,2,3
contains "ulm melee: the doubles' check first, dismounted -1" "$tmp/out" "the defenders' contact check for the enemy's doubles \[Melee C.2.g\], line-infantry, good, -1:"
contains "ulm melee: its ruling" "$tmp/out" "dice 4 + 3 -1 = 6: disorganized"
contains "ulm melee: then the loser's, from the state left" "$tmp/out" "the defenders' contact check for losing the melee \[Melee B.9\], line-infantry, disorganized, -1:"
contains "ulm melee: the loser's ruling" "$tmp/out" "dice 2 + 3 -2 = 3: fall-back"
expect "ulm melee: a pair a check" 2 "$bin" referee ulm melee --attacker dragoon:24 --defender infantry:30 \
	--attacker-dice 6,6 --defender-dice 3 --defender-class line-infantry --defender-morale-dice 4,3
expect "ulm melee: works raise the defenders' morale" 0 "$bin" referee ulm melee --attacker infantry:30 --defender infantry:30 \
	--protection 2 --stands 3 --attacker-dice 6,6,5 --defender-dice 1 --defender-class line-infantry
contains "ulm melee: Constructions A.2.c" "$tmp/out" "losing the melee \[Melee B.9\], line-infantry, good, +3:"
expect "ulm melee: one side's dice only" 2 "$bin" referee ulm melee --attacker infantry:20 --defender infantry:30 --attacker-dice 1,2
# Breakthrough & Further Action: a charge that won breaks through with the bonus operation; more
# than two casts need an order change first (a militia 5 fails it)
expect "ulm breakthrough: a charge that won" 0 "$bin" referee ulm breakthrough --won --charged --cavalry
contains "ulm breakthrough: the bonus" "$tmp/out" "=> breakthrough, with the bonus operation"
contains "ulm breakthrough: cavalry disorganized after" "$tmp/out" "\[Breakthrough D\] cavalry taking breakthrough is disorganized"
expect "ulm breakthrough: an order change first" 0 "$bin" referee ulm breakthrough --won --casts 3 --class militia --die 5
contains "ulm breakthrough: an order change first" "$tmp/out" "=> no breakthrough: the order change failed"
expect "ulm breakthrough: no movement left" 0 "$bin" referee ulm breakthrough --fell-back --move-used
contains "ulm breakthrough: no movement left" "$tmp/out" "\[Breakthrough B.1.b\]"
expect "ulm breakthrough: won or fell back, not both" 2 "$bin" referee ulm breakthrough --won --fell-back
# the order change needs the chart: a tables file without it is refused, not read as "no die yet"
python3 -c 'import json,sys; d=json.load(open("data/ulm/tables.json")); d["tables"]=[t for t in d["tables"] if not t["id"].startswith("order-change")]; json.dump(d, sys.stdout)' >"$tmp/nooc.json"
expect "ulm breakthrough: no order change table" 2 "$bin" referee ulm breakthrough --won --casts 3 --class militia --die 1 \
	--tables "$tmp/nooc.json"
contains "ulm breakthrough: no order change table" "$tmp/err" "this tables file has no order-change table"
# From Ulm to Waterloo: a game kept in a file (crimea referee ulm new/add/units/log, --game)
ug="$tmp/ulm.json"
expect "ulm game: new" 0 "$bin" referee ulm new --game "$ug"
expect "ulm game: new will not replace one" 2 "$bin" referee ulm new --game "$ug"
expect "ulm game: add a battalion" 0 "$bin" referee ulm add --game "$ug" --id 1-line --class line-infantry --type infantry --figures 30
expect "ulm game: add dragoons" 0 "$bin" referee ulm add --game "$ug" --id dragoons --class other-horse --type dragoon --figures 24
expect "ulm game: add lancers" 0 "$bin" referee ulm add --game "$ug" --id uhlans --class other-horse --type light-horse \
	--figures 16 --quality lancer
expect "ulm game: one id a unit" 2 "$bin" referee ulm add --game "$ug" --id uhlans --class other-horse --type light-horse --figures 16
contains "ulm game: one id a unit" "$tmp/err" 'there is already a unit "uhlans"'
expect "ulm game: a troop type of the chart" 2 "$bin" referee ulm add --game "$ug" --id x --class line --type infantry --figures 16
contains "ulm game: a troop type of the chart" "$tmp/err" 'no troop type "line" on the Morale Evaluation Chart'
# canister at a game's unit: its figures and original strength come from the game, the loss goes back
expect "ulm game: canister at a unit" 0 "$bin" referee ulm canister --game "$ug" --at 1-line --gun field --inches 2 --die 4
contains "ulm game: canister's ruling" "$tmp/out" "=> 15 figures eliminated; the target checks morale (non-contact) at -1"
contains "ulm game: canister's loss kept" "$tmp/out" "game .*: 1-line loses 15 figures: 15 of 30 left"
expect "ulm game: the game gives the figures" 2 "$bin" referee ulm canister --game "$ug" --at 1-line --gun field --inches 2 --figures 30
# odds change nothing; a check from the dice keeps its result
expect "ulm game: morale odds" 0 "$bin" referee ulm morale --game "$ug" --unit 1-line --plus -1
contains "ulm game: morale odds from the unit's state" "$tmp/out" "line-infantry, good, -1:  good 41.7%  disorganized 58.3%"
expect "ulm game: a morale check" 0 "$bin" referee ulm morale --game "$ug" --unit 1-line --plus -1 --dice 2,3
contains "ulm game: a morale check kept" "$tmp/out" "game .*: 1-line: good -> disorganized"
# a melee among the game's units: the state, the lancers' die and each side's troop type come from the game
expect "ulm game: a melee cast" 0 "$bin" referee ulm melee --game "$ug" --attacker dragoons --defender 1-line --increment 2 \
	--attacker-dice 6,6 --defender-dice 3 --defender-morale-dice 2,3,1,1
contains "ulm game: the defenders' state from the game" "$tmp/out" "line-infantry, disorganized, -1:"
contains "ulm game: the melee's losses kept" "$tmp/out" "^  1-line loses 14 figures: 1 of 30 left; disorganized -> rout$"
# a game's unit breaks through: its troop type and arm from the game (dragoons: cavalry)
expect "ulm game: a breakthrough" 0 "$bin" referee ulm breakthrough --game "$ug" --unit dragoons --won --charged
contains "ulm game: a breakthrough: the game's cavalry" "$tmp/out" "\[Breakthrough D\] cavalry taking breakthrough"
expect "ulm game: the roster" 0 "$bin" referee ulm units --game "$ug"
contains "ulm game: the roster" "$tmp/out" "^1-line  *line-infantry  *infantry  *1/30  *rout, past 50% lost$"
contains "ulm game: the roster's lancers" "$tmp/out" "^uhlans .*16/16  *good  (lancer)$"
expect "ulm game: a routed unit does not check" 2 "$bin" referee ulm morale --game "$ug" --unit 1-line --dice 6,6
expect "ulm game: the referee's correction" 0 "$bin" referee ulm set --game "$ug" --unit 1-line --figures 3 --state disorganized
expect "ulm game: the log" 0 "$bin" referee ulm log --game "$ug"
contains "ulm game: the log's melee" "$tmp/out" "melee --attacker dragoons --defender 1-line --increment 2"
contains "ulm game: the log's correction" "$tmp/out" "1-line set: 3 of 30 figures, disorganized (was 1, rout)"
# [Morale D.2.c]: past 50% the permanent minus is the game's, added to every later check
expect "ulm game: fire losses past half" 0 "$bin" referee ulm add --game "$ug" --id 2-line --class second-line --type infantry --figures 30
expect "ulm game: small arms, 3 lost" 0 "$bin" referee ulm fire-check --game "$ug" --unit 2-line --lost 3
expect "ulm game: small arms, 13 more" 0 "$bin" referee ulm fire-check --game "$ug" --unit 2-line --lost 13
contains "ulm game: the permanent minus kept" "$tmp/out" "2-line loses 13 figures: 14 of 30 left; a permanent -4 to its morale checks"
expect "ulm game: the permanent minus added" 0 "$bin" referee ulm morale --game "$ug" --unit 2-line --plus -1
contains "ulm game: the permanent minus added" "$tmp/out" "second-line, good, -5:"
expect "ulm game: no such unit" 2 "$bin" referee ulm morale --game "$ug" --unit nobody --dice 1,1
# what the review found: a unit fights once a melee; an id is never a figure type; a typed-in
# first unit's troop type is the referee's; a mistyped id is named
expect "ulm game: a unit twice in a melee" 2 "$bin" referee ulm melee --game "$ug" --attacker dragoons --attacker dragoons \
	--defender uhlans
contains "ulm game: a unit twice in a melee" "$tmp/err" "dragoons is in this melee once, on one side"
expect "ulm game: a unit against itself" 2 "$bin" referee ulm melee --game "$ug" --attacker dragoons --defender dragoons
expect "ulm game: an id that is a figure type" 2 "$bin" referee ulm add --game "$ug" --id infantry --class line-infantry \
	--type infantry --figures 30
contains "ulm game: an id that is a figure type" "$tmp/err" 'may not be a figure type ("infantry")'
expect "ulm game: a typed-in attacker's troop type" 0 "$bin" referee ulm melee --game "$ug" --attacker infantry:30 \
	--attacker-class line-infantry --defender dragoons
expect "ulm game: the game's unit's troop type is the game's" 2 "$bin" referee ulm melee --game "$ug" --attacker infantry:30 \
	--defender dragoons --defender-class guards
contains "ulm game: the game's unit's troop type is the game's" "$tmp/err" "the game gives its unit at the point of contact's (other-horse)"
expect "ulm game: a mistyped unit" 2 "$bin" referee ulm melee --game "$ug" --attacker dragons --defender uhlans
contains "ulm game: a mistyped unit" "$tmp/err" 'no unit "dragons" in'
expect "ulm game: fire-check's troop type is the game's" 2 "$bin" referee ulm fire-check --game "$ug" --unit uhlans --lost 2 \
	--class guards
# a game started on its own tables keeps them (absolute), and is ruled on them from anywhere
mkdir -p "$tmp/ulmdir"
cp data/ulm/tables.json "$tmp/ulmdir/mine.json"
(cd "$tmp/ulmdir" && "$abin" referee ulm new --game "$tmp/ulmown.json" --tables mine.json >/dev/null)
contains "ulm game: its tables kept" "$tmp/ulmown.json" "\"tables\": \"$tmp/ulmdir/mine.json\""
expect "ulm game: on its tables" 0 "$bin" referee ulm add --game "$tmp/ulmown.json" --id a --class guards --type guard-infantry --figures 20
expect "ulm game: a ruling on its tables" 0 "$bin" referee ulm morale --game "$tmp/ulmown.json" --unit a --dice 3,3
expect "ulm game: other tables refused" 2 "$bin" referee ulm units --game "$tmp/ulmown.json" --tables data/ulm/tables.json
contains "ulm game: other tables refused" "$tmp/err" "was started on $tmp/ulmdir/mine.json: --tables data/ulm/tables.json would rule it on others"
# the session's tables are the game's: every command gets them, and no line names others
printf 'units\nmorale --unit a\nquit\n' >"$tmp/ulmt.in"
expect "ulm shell: its tables" 0 "$bin" referee ulm shell --game "$tmp/ulmown.json" <"$tmp/ulmt.in"
contains "ulm shell: its tables" "$tmp/out" "guards, good"
printf 'units --tables x\nquit\n' >"$tmp/ulmt2.in"
expect "ulm shell: no other tables in it" 1 "$bin" referee ulm shell --game "$tmp/ulmown.json" <"$tmp/ulmt2.in"
sed 's/"log": \[/"log": [1, /' "$ug" >"$tmp/badlog.json"
expect "ulm game: a broken log" 1 "$bin" referee ulm log --game "$tmp/badlog.json"
contains "ulm game: a broken log: file:line" "$tmp/err" 'badlog.json:[0-9]*: a log entry is {"what": the command'
printf '{"format": "crimea/1", "kind": "ulm-game",\n "units": [{"id": "a", "class": "line-infantry", "type": "infantry",\n "original": 30, "figures": 31, "state": "good"}]}\n' >"$tmp/badulm.json"
expect "ulm game: a broken game file" 1 "$bin" referee ulm units --game "$tmp/badulm.json"
contains "ulm game: a broken game file: file:line" "$tmp/err" "badulm.json:2: a unit starts with 1 to 200 figures"
# the Ulm game's session: piped lines, then at a terminal with completion
printf 'units\nmorale --unit dragoons --dice 6,6\norder-change --class militia --die 5\nquit\n' >"$tmp/ulmshell.in"
expect "ulm shell: piped commands" 0 "$bin" referee ulm shell --game "$ug" <"$tmp/ulmshell.in"
contains "ulm shell: units" "$tmp/out" "^dragoons  *other-horse  *dragoon  *24/24  *good$"
contains "ulm shell: a ruling kept" "$tmp/out" "game .*: dragoons stays good"
contains "ulm shell: a stateless ruling" "$tmp/out" "\[Changing Orders C.5\] a 5: the unit must also cast for morale"
if [ -x "$pty" ]; then
	if "$pty" tests/cli/ulmshell.pty "$tmp/pty5.out" "$bin" referee ulm shell --game "$ug" >"$tmp/out" 2>&1; then
		ok
	else
		ko "ulm shell at a terminal: $(cat "$tmp/out")"
	fi
	grep -q '"id": "3-gren"' "$ug" && ok || ko "ulm shell at a terminal: the completed add"
fi
expect "referee: unknown ruling" 2 "$bin" referee cotlb charge
expect "referee: another rule system" 2 "$bin" referee quad fire

# the docs that map rules and examples to tests name tests that exist (a test function, or a
# unit-test file by its name), so a renamed or removed test is caught here
for doc in docs/RULES.md docs/EXAMPLES.md docs/TABLES.md; do
	gone=""
	for t in $(grep -o '`test_[a-z0-9_]*`' "$doc" | tr -d '`' | sort -u); do
		[ -f "tests/unit/$t.c" ] || grep -rqw -- "$t" tests/unit tests/cli tests/http tests/fuzz || gone="$gone $t"
	done
	if [ -z "$gone" ]; then ok; else ko "$doc names tests that do not exist:$gone"; fi
done

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
