#!/bin/sh
# End-to-end tests of `crimea serve` (docs/API.md) over real HTTP with curl: a throwaway
# database in a temporary directory, a free port on 127.0.0.1 picked by the server (--port 0).
# Covers every game mode, scenarios, legal and illegal actions (400/403/404/413/422 with the
# rule case), odds, undo, the record (checked by `crimea replay --verify`), server-sent events,
# computer players, verifiable dice, static files, and crash safety (kill -9 and restart).
#
#   sh tests/http/run.sh [build/crimea]
#
# Needs curl and node (for reading JSON). Prints "http: N passed, M failed" last; exits non-zero
# on any failure.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
BIN=${1:-build/crimea}
case $BIN in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
pass=0
fail=0
T=$(mktemp -d "${TMPDIR:-/tmp}/crimea-http.XXXXXX") || exit 2
PID=""
SSE=""
JPID=""
cleanup() {
	[ -n "$JPID" ] && kill "$JPID" 2>/dev/null
	[ -n "$SSE" ] && kill "$SSE" 2>/dev/null
	[ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

ok() { pass=$((pass + 1)); echo "ok   $1"; }
no() { fail=$((fail + 1)); echo "FAIL $1${2:+: $2}"; }
check() { # name command: one command (check NAME A && B would test A only; see verdict)
	n=$1; shift
	if "$@"; then ok "$n"; else no "$n"; fi
}
verdict() { # status name: after a compound condition, "COND; verdict $? NAME"
	if [ "$1" = 0 ]; then ok "$2"; else no "$2"; fi
}
# j JSON EXPR: prints the value of EXPR (JavaScript, the document is `o`); objects as JSON.
# One node process answers every call (started by jstart; a node started a call took some 0.16 s
# on these machines, most of this script's time): a call writes it EXPR and JSON, each as its
# length in bytes, a newline and the bytes, and reads the value's lines up to a line holding
# only an RS character (\036).
RS=$(printf '\036')
jstart() {
	mkfifo "$T/jin" "$T/jout" || return 1
	node -e '
let buf = Buffer.alloc(0);
// a field: its length in bytes, a newline, the bytes; [text, where the next begins] or null
const field = (at) => {
	const nl = buf.indexOf(10, at);
	if (nl < 0) return null;
	const n = Number(buf.subarray(at, nl).toString());
	return buf.length < nl + 1 + n ? null : [buf.subarray(nl + 1, nl + 1 + n).toString(), nl + 1 + n];
};
const value = (expr, s) => {
	let o; try { o = JSON.parse(s); } catch (e) { return "<not json>"; }
	let v; try { v = eval(expr); } catch (e) { v = "<" + e.message + ">"; }
	return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
};
process.stdin.on("data", (d) => {
	buf = Buffer.concat([buf, d]);
	for (;;) {
		const e = field(0), doc = e && field(e[1]);
		if (!doc) break;
		buf = buf.subarray(doc[1]);
		process.stdout.write(value(e[0], doc[0]) + "\n\x1e\n");
	}
});' <"$T/jin" >"$T/jout" &
	JPID=$!
	exec 7>"$T/jin" 8<"$T/jout"
}
j() {
	printf '%s\n%s%s\n%s' "$(printf '%s' "$2" | wc -c)" "$2" "$(printf '%s' "$1" | wc -c)" "$1" >&7
	while IFS= read -r jl <&8; do
		[ "$jl" = "$RS" ] && break
		printf '%s\n' "$jl"
	done
}
# req METHOD PATH [BODY]: sets $code and $body.
req() {
	if [ $# -ge 3 ]; then
		printf '%s' "$3" >"$T/req"
		code=$(curl -s -o "$T/resp" -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' \
			--data-binary @"$T/req" "$URL${2#/}")
	else
		code=$(curl -s -o "$T/resp" -w '%{http_code}' -X "$1" "$URL${2#/}")
	fi
	body=$(cat "$T/resp")
}
start() {
	# emptied here, not by the background job's redirection, which may run after the loop
	# below has read the last server's address; and the server's stderr so far is counted,
	# so that resumed_line reads this start's lines only
	: >"$T/out"
	ERR0=$(cat "$T/err" 2>/dev/null | wc -l)
	"$BIN" serve --port 0 --db "$T/crimea.db" --web "$T/web" >>"$T/out" 2>>"$T/err" &
	PID=$!
	URL=""
	# up to a minute: a start-up that replays games whose computer players must choose again
	# (a schema-1 store: hundreds of search decisions) takes seconds, more on a loaded machine
	for _ in $(seq 1 1200); do
		URL=$(sed -n 's/^crimea: serving //p' "$T/out")
		[ -n "$URL" ] && return 0
		sleep 0.05
	done
	echo "server did not start:"; cat "$T/err"
	return 1
}

command -v curl >/dev/null 2>&1 || { echo "curl is missing"; echo "http: 0 passed, 1 failed"; exit 1; }
command -v node >/dev/null 2>&1 || { echo "node is missing"; echo "http: 0 passed, 1 failed"; exit 1; }
[ -x "$BIN" ] || { echo "no $BIN (make first)"; echo "http: 0 passed, 1 failed"; exit 1; }
jstart || { echo "cannot start node for reading JSON"; echo "http: 0 passed, 1 failed"; exit 1; }
mkdir -p "$T/web/js"
echo '<!doctype html><title>crimea</title>' >"$T/web/index.html"
echo 'console.log(1);' >"$T/web/js/app.js"
echo 'body{}' >"$T/web/s.css"
echo 'secret' >"$T/outside.txt"

if start; then ok "server starts and prints its address"; else no "server starts"; echo "http: $pass passed, $fail failed"; exit 1; fi

# ---- scenarios ----
req GET /api/scenarios
[ "$code" = 200 ] && [ "$(j "$body" 'o.some(s => s.id == "balaclava" && s.sides.length == 2 && s.turns > 0)')" = true ]
verdict $? "GET /api/scenarios lists balaclava"
req GET /api/scenarios/balaclava
[ "$code" = 200 ] && [ "$(j "$body" 'o.map.hexes.length > 100 && o.map.hexsides.length > 0 && o.units.length > 10 && /^\d{4}$/.test(o.map.hexes[0].hex)')" = true ]
verdict $? "GET /api/scenarios/balaclava has a map with hexes and units"
[ "$(j "$body" 'o.units.find(u => u.id == "zou1_1").enter.condition == "[17.21]" && !o.units.find(u => u.id == "cda4_1").enter.condition')" = true ]
verdict $? "GET /api/scenarios/balaclava: the French reinforcements wait for [17.21]"
req GET /api/scenarios/nowhere
check "unknown scenario: 404" [ "$code" = 404 ]
# a scenario's set-up to print, before any game: what crimea show writes
curl -s -o "$T/scn.svg" "${URL}api/scenarios/balaclava/map.svg"
"$BIN" show balaclava --svg "$T/scn-show.svg" >/dev/null
check "a scenario's map.svg: crimea show's, byte for byte" cmp -s "$T/scn.svg" "$T/scn-show.svg"
type=$(curl -s -o "$T/scn.html" -w '%{http_code} %{content_type}' "${URL}api/scenarios/tchernaya-nonhistorical/print.html?paper=legal")
check "a scenario's print.html (a long id): 200 as HTML" [ "$type" = "200 text/html; charset=utf-8" ]
"$BIN" show tchernaya-nonhistorical --print "$T/scn-show.html" --paper legal >/dev/null
check "a scenario's print.html: crimea show --print's, byte for byte" cmp -s "$T/scn.html" "$T/scn-show.html"
req GET /api/scenarios/nowhere/map.svg
check "an unknown scenario's map.svg: 404" [ "$code" = 404 ]
req GET /api/scenarios/balaclava/nothing
check "a scenario's unknown endpoint: 404" [ "$code" = 404 ]
req POST /api/scenarios/balaclava/counters.svg '{}'
check "a scenario's counters.svg by POST: 405" [ "$code" = 405 ]

# ---- Sevastopol: a game without a hex map, shown as text (docs/API.md) ----
req GET /api/scenarios
[ "$(j "$body" 'o.some(s => s.id == "sevastopol" && s.rules == "siege" && s.turns == 18 && s.first == "russian")')" = true ]
verdict $? "GET /api/scenarios lists sevastopol, 18 Game-Turns"
req GET /api/scenarios/sevastopol
[ "$code" = 200 ] && [ "$(j "$body" 'o.map === null && o.view == "text" && o.units.length == 0 && o.reconstructed.length == 4')" = true ]
verdict $? "GET /api/scenarios/sevastopol: no map, a text view, its reconstructions"
req GET /api/scenarios/sevastopol/map.svg
check "sevastopol's map.svg: 422 (no map to print)" [ "$code" = 422 ]
req POST /api/games '{"scenario": "sevastopol", "mode": "hotseat", "seed": 3}'
SV=$(j "$body" o.id); SVA=$(j "$body" o.seats.allied); SVR=$(j "$body" o.seats.russian)
[ "$code" = 201 ] && [ ${#SVA} = 32 ] && [ ${#SVR} = 32 ]
verdict $? "create a Sevastopol hot-seat game"
req POST "/api/games/$SV/actions" "{\"token\": \"$SVR\", \"action\": \"end\"}"
check "the Russians send no field army: 200" [ "$code" = 200 ]
req GET "/api/games/$SV?token=$SVA"
[ "$code" = 200 ] && [ "$(j "$body" 'o.to_act == "allied" && /Reinforcement\/Replacement Segment/.test(o.status_text) && /malakoff +3/.test(o.board) && /french-left +fr-7-1-1/.test(o.places)')" = true ]
verdict $? "a Sevastopol game: the Allies' set-up; the board and the units' places as text"
req GET "/api/games/$SV/actions?token=$SVA"
[ "$(j "$body" 'o.actions.includes("move gren-gd-1 balaclava-box") && o.actions.includes("end")')" = true ]
verdict $? "a Sevastopol game's actions as text"
req POST "/api/games/$SV/actions" "{\"token\": \"$SVA\", \"action\": \"move gren-gd-1 balaclava-box\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.events.some(e => e.rule == "[3.3]" && /gren-gd-1 is placed in the Balaclava Supply Box/.test(e.text))')" = true ]
verdict $? "a Sevastopol action played, its ruling cited"
req POST "/api/games/$SV/actions" "{\"token\": \"$SVA\", \"action\": \"move gren-gd-1 british-center\"}"
[ "$code" = 422 ] && [ "$(j "$body" 'o.error')" = "[10.0] gren-gd-1 has moved in this segment" ]
verdict $? "a Sevastopol refusal: 422 with its case"
req GET /api/scenarios/sevastopol
[ "$(j "$body" 'o.siege.bastions.length == 8 && o.siege.areas.map((a) => a.id + ":" + a.active).join() == "french-left:1,british-center:1,french-right:7" && JSON.stringify(o.siege.approaches[0]) == JSON.stringify({area: "french-left", bastion: "mast", yards: 900, steps: 5}) && JSON.stringify(o.siege.approaches[9]) == JSON.stringify({area: "french-right", bastion: "malakoff", yards: 600, steps: 3, from: "mamelon"})')" = true ]
verdict $? "Sevastopol's view: the bastions, the Allied areas with their activation, the approaches with their yards"
req GET "/api/games/$SV?token=$SVA"
[ "$(j "$body" 'o.siege.bastions.length == 8 && o.siege.approaches.length == 11 && o.siege.approaches[0].front == 900 && o.siege.approaches[0].open && o.siege.approaches.filter((a) => !a.open).length == 2 && o.siege.bastions.every((b) => b.level == 3 && !b.captured)')" = true ]
verdict $? "a Sevastopol game's siege: each bastion's level, each approach's front, the Mamelon's two closed [8.82]"
req GET "/api/games/$SV/map.svg?token=$SVA"
check "a Sevastopol game's map.svg: 422" [ "$code" = 422 ]

# ---- Charge of the Light Brigade: shown as text, beside its table ----
req GET /api/scenarios/cotlb-balaclava
[ "$code" = 200 ] && [ "$(j "$body" 'o.map === null && o.view == "text" && o.turns == 12')" = true ]
verdict $? "GET /api/scenarios/cotlb-balaclava: shown as text, 12 turns"
[ "$(j "$body" 'o.table.units_per_inch == 20 && o.table.width == 5760 && o.table.depth == 1440 && o.table.source == "reconstructed" && o.table.features.length == 24')" = true ]
verdict $? "the CotLB table: 288 by 72 inches in twentieths, reconstructed, 24 features"
[ "$(j "$body" 'JSON.stringify(o.table.features.find((f) => f.id == "redoubt1")) == JSON.stringify({id: "redoubt1", name: "Redoubt No. 1 (Canrobert\x27s Hill)", kind: "redoubt", closed: true, points: [[4588, 696], [4688, 696], [4688, 784], [4588, 784]]}) && o.table.objectives.filter((x) => x.feature == "redoubt1").map((x) => x.side + x.vp).join() == "russian5,allied10"')" = true ]
verdict $? "the CotLB table: Redoubt No. 1's outline as the table file gives it, and what holding it scores each side"
req POST /api/games '{"scenario": "cotlb-balaclava", "mode": "ai", "ai": {"russian": "greedy:cautious"}}'
[ "$code" = 400 ] && [ "$(j "$body" '/greedy:cautious player does not play cotlb-balaclava .a cotlb game.: greedy.s plans for it: default, attack, hold, rush, steady, withdraw/.test(o.error)')" = true ]
verdict $? "a CotLB game against a quad posture: 400 naming the game's plans"
req POST /api/games '{"scenario": "cotlb-balaclava", "mode": "ai", "ai": {"russian": "greedy"}, "seed": 2}'
CB=$(j "$body" o.id); CBA=$(j "$body" o.seats.allied)
req GET "/api/games/$CB?token=$CBA"
[ "$code" = 200 ] && [ "$(j "$body" '/93rd +139\.2 +24\.4/.test(o.board) && o.to_act == "allied"')" = true ]
verdict $? "a CotLB game against greedy: the board as the terminal draws it"
[ "$(j "$body" 'const p = o.pieces.find((x) => x.id == "93rd"); JSON.stringify([p.side, p.formation, p.facing, p.at, p.figures, p.full, p.corners.length]) == JSON.stringify(["allied", "line", 20, [2784, 488], 24, 24, 4]) && !o.pieces.some((x) => x.id == "c-troop") && o.commanders.length > 0')" = true ]
verdict $? "a CotLB game's pieces: the 93rd's footprint where the board puts it, no reinforcement before it arrives"
[ "$(j "$body" 'typeof o.last_action == "string" && o.last_action.length > 0')" = true ]
verdict $? "a CotLB game against greedy: the action greedy took last"

curl -s -o "$T/cotlb-game.svg" "${URL}api/games/$CB/map.svg?token=$CBA"
curl -s -o "$T/cotlb-game.rec" "${URL}api/games/$CB/record?token=$CBA"
"$BIN" show "$T/cotlb-game.rec" --svg "$T/cotlb-rec.svg" >/dev/null
check "a CotLB game's map.svg: its table as greedy's actions left it, crimea show RECORD's byte for byte" cmp -s "$T/cotlb-game.svg" "$T/cotlb-rec.svg"
"$BIN" show cotlb-balaclava --svg "$T/cotlb-show.svg" >/dev/null
check "a CotLB game's map.svg: not the set-up (greedy has fired)" sh -c "! cmp -s '$T/cotlb-game.svg' '$T/cotlb-show.svg'"
curl -s -o "$T/cotlb-scn.svg" "${URL}api/scenarios/cotlb-balaclava/map.svg"
check "cotlb-balaclava's map.svg: the same table" cmp -s "$T/cotlb-scn.svg" "$T/cotlb-show.svg"
req GET "/api/games/$CB/counters.svg?token=$CBA"
[ "$code" = 422 ] && [ "$(j "$body" '/played with miniatures on a table/.test(o.error)')" = true ]
verdict $? "a CotLB game's counters.svg: 422, a game of miniatures"

# ---- creation in each mode ----
req POST /api/games '{"scenario": "balaclava", "mode": "hotseat", "seed": 7}'
H=$(j "$body" o.id); HR=$(j "$body" o.seats.russian); HA=$(j "$body" o.seats.allied); HS=$(j "$body" o.spectator)
[ "$code" = 201 ] && [ ${#HR} = 32 ] && [ ${#HA} = 32 ] && [ ${#HS} = 32 ] && [ "$(j "$body" 'o.commitment.length')" = 64 ]
verdict $? "create a hot-seat game: 201, two seats, a spectator, a commitment"
req POST /api/games '{"scenario": "balaclava", "mode": "remote"}'
RM=$(j "$body" o.id); RR=$(j "$body" o.seats.russian); RA=$(j "$body" o.seats.allied)
[ "$code" = 201 ] && [ ${#RR} = 32 ] && [ ${#RA} = 32 ]
verdict $? "create a remote game: 201, two seats"
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "random"}, "seed": 11}'
AI1=$(j "$body" o.id)
[ "$code" = 201 ] && [ "$(j "$body" 'Object.keys(o.seats).join()')" = allied ]
verdict $? "create an AI game: the computer's side gets no token"
AA=$(j "$body" o.seats.allied)
req GET "/api/games/$AI1?token=$AA"
[ "$code" = 200 ] && [ "$(j "$body" 'o.seq > 0 && o.to_act == "allied"')" = true ]
verdict $? "the computer plays its turn at once (russian moves first)"
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "random", "allied": "random"}}'
check "both sides by the computer: 400" [ "$code" = 400 ]
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"allied": "search:201"}}'
[ "$code" = 400 ] && [ "$(j "$body" 'o.error.includes("search:N (1 <= N <= 200)")')" = true ]
verdict $? "a search budget over the server's limit: 400 naming it"
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"allied": "search:2"}}'
SB=$(j "$body" o.id); SBR=$(j "$body" o.seats.russian)
check "a search budget within it: 201" [ "$code" = 201 ]
req GET "/api/games/$SB?token=$SBR"
[ "$code" = 200 ] && [ "$(j "$body" 'o.ai.allied')" = search:2 ]
verdict $? "the game shows the budget as given"
# greedy with one of search's plans ("greedy:POSTURE"): kept and shown by name; unknown: 400
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "greedy:cautious"}}'
GP=$(j "$body" o.id); GPA=$(j "$body" o.seats.allied)
check "a greedy posture: 201" [ "$code" = 201 ]
req GET "/api/games/$GP?token=$GPA"
[ "$code" = 200 ] && [ "$(j "$body" 'o.ai.russian')" = greedy:cautious ] && [ "$(j "$body" 'o.seq > 0')" = true ]
verdict $? "the game shows the posture and the computer has played"
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "greedy:reckless"}}'
[ "$code" = 400 ] && [ "$(j "$body" 'o.error.includes("greedy:PLAN (combine, attack, cautious")')" = true ]
verdict $? "an unknown posture: 400 listing them"
req POST /api/games '{"scenario": "balaclava", "mode": "chess"}'
check "bad mode: 400" [ "$code" = 400 ]
req POST /api/games '{"scenario": "nowhere"}'
check "unknown scenario at creation: 404" [ "$code" = 404 ]
req GET /api/games
[ "$code" = 200 ] && [ "$(j "$body" "o.length >= 3 && o.some(g => g.id == '$H' && g.status == 'playing' && g.to_act == 'russian')")" = true ]
verdict $? "GET /api/games lists the games"

# ---- memory: the computer players' memo and scratch are the scenario's, not each game's ----
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$PID/status"; }
if [ -r "/proc/$PID/status" ]; then
	before=$(rss)
	for i in $(seq 1 20); do
		req POST /api/games "{\"scenario\": \"balaclava\", \"mode\": \"ai\", \"ai\": {\"russian\": \"greedy\"}, \"seed\": $i}"
	done
	after=$(rss)
	# a memo a game made these 20 grow the server by about 13 MB; shared, by about 1 MB
	[ "$code" = 201 ] && [ $((after - before)) -lt 6144 ]
	verdict $? "20 more games against the computer grow the server by less than 6 MB (grew $((after - before)) kB)"
fi

# ---- reading a game ----
req GET "/api/games/$H?token=$HS"
[ "$code" = 200 ] && [ "$(j "$body" 'o.seq == 0 && o.units.length > 10 && o.to_act == "russian" && o.result === null')" = true ]
verdict $? "the spectator sees the game"
[ "$(j "$body" 'o.score.lines.some(l => l.rule == "[23.22]" && l.side == "allied" && l.vp == 24 && /redoubt guns remaining/.test(l.what)) &&
	o.score.vp.allied == 54 && o.score.vp.russian == 0 &&
	o.score.vp.allied == o.score.lines.filter(l => l.side == "allied").reduce((t, l) => t + l.vp, 0) &&
	/\[23\.1\]/.test(o.score.level)')" = true ]
verdict $? "the score sheet: its lines cite the schedule and add up to each side's points"
[ "$(j "$body" 'o.score.schedule.length == 10 &&
	o.score.schedule.some(l => l.side == "allied" && l.rule == "[23.22]" && l.item == "redoubt guns remaining, 6 each" && l.vp == 24) &&
	o.score.schedule.some(l => l.side == "russian" && l.rule == "[23.21]" && /raid Balaclava/.test(l.item) && l.vp == 0) &&
	o.score.schedule.findIndex(l => l.side == "allied") == 6')" = true ]
verdict $? "the whole schedule: ten items, those scoring nothing yet too, the Russians' six first"
# a hex in words (the rules' hex_info): any seat or spectator token
req GET "/api/games/$H/hex/1811?token=$HS"
[ "$code" = 200 ] && [ "$(j "$body" 'o.hex == "1811" && /Redoubt No\. 3/.test(o.text) && /arabtabia .*artillery/.test(o.text) && /hexside N: redoubt/.test(o.text)')" = true ]
verdict $? "a hex in words: 200 with its place, hexsides and stack"
req GET "/api/games/$H/hex/1811"
check "a hex without a token: 403" [ "$code" = 403 ]
req GET "/api/games/$H/hex/18x1?token=$HS"
check "a hex that is not four digits: 400" [ "$code" = 400 ]
req GET "/api/games/$H/hex/9999?token=$HS"
[ "$code" = 404 ] && [ "$(j "$body" 'o.error')" = "hex 9999 is not on the map" ]
verdict $? "a hex off the map: 404 with the reason"
req POST "/api/games/$H/hex/1811" "{\"token\": \"$HS\"}"
check "a hex by POST: 405" [ "$code" = 405 ]
# the printable map and counters of the game as it stands: what `crimea show` writes
type=$(curl -s -o "$T/map.svg" -w '%{http_code} %{content_type}' "${URL}api/games/$H/map.svg?token=$HS")
check "map.svg: 200 as SVG" [ "$type" = "200 image/svg+xml" ]
"$BIN" show balaclava --svg "$T/show.svg" >/dev/null
check "map.svg: the game at its start is the scenario's set-up, byte for byte" cmp -s "$T/map.svg" "$T/show.svg"
req GET "/api/games/$H/counters.svg?token=$HS"
[ "$code" = 200 ] && [ "$(printf '%s' "$body" | grep -c '<g class="counter back"')" -gt 60 ]
verdict $? "counters.svg: 200 with every counter's back"
type=$(curl -s -o "$T/print.html" -w '%{http_code} %{content_type}' "${URL}api/games/$H/print.html?token=$HS&paper=letter")
check "print.html: 200 as HTML" [ "$type" = "200 text/html; charset=utf-8" ]
"$BIN" show balaclava --print "$T/show.html" --paper letter >/dev/null
check "print.html: the booklet crimea show --print writes, byte for byte" cmp -s "$T/print.html" "$T/show.html"
req GET "/api/games/$H/print.html?token=$HS&paper=a5"
[ "$code" = 400 ] && [ "$(j "$body" 'o.error')" = '"paper" must be a4, letter, a3 or legal' ]
verdict $? "print.html on unknown paper: 400 with the reason"
req GET "/api/games/$H/map.svg"
check "map.svg without a token: 403" [ "$code" = 403 ]
req POST "/api/games/$H/map.svg" "{\"token\": \"$HS\"}"
check "map.svg by POST: 405" [ "$code" = 405 ]
req GET "/api/games/$H?token=nope"
check "a wrong token: 403" [ "$code" = 403 ]
req GET "/api/games/$H"
check "no token: 403" [ "$code" = 403 ]
req GET "/api/games/g_0000000000000000?token=$HS"
check "unknown game: 404" [ "$code" = 404 ]
req GET "/api/games/$H/actions?token=$HA"
check "actions for the side not to act: 403" [ "$code" = 403 ]
req GET "/api/games/$H/actions?token=$HR"
[ "$code" = 200 ] && [ "$(j "$body" 'o.side == "russian" && o.actions.length > 10 && o.actions.includes("end")')" = true ]
verdict $? "actions for the side to act"
MOVE=$(j "$body" 'o.actions.find(a => a.startsWith("move "))')

# ---- playing ----
req POST "/api/games/$H/actions" "{\"token\": \"$HA\", \"action\": \"end\"}"
check "an action from the wrong seat: 403" [ "$code" = 403 ]
req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": "
[ "$code" = 400 ] && [ -n "$(j "$body" o.error)" ]
verdict $? "malformed JSON: 400"
req POST "/api/games/$H/actions" "[1, 2]"
check "a body that is not an object: 400" [ "$code" = 400 ]
head -c 70000 /dev/zero | tr '\0' 'x' >"$T/big"
code=$(curl -s -o "$T/resp" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @"$T/big" "${URL}api/games/$H/actions")
check "a body over 64 KiB: 413" [ "$code" = 413 ]
req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": \"fire sous1 > 0302\"}"
[ "$code" = 422 ] && [ "$(j "$body" 'o.rule')" = "[7.0]" ]
verdict $? "an illegal action: 422 with the rule case"
curl -s -N --max-time 6 "${URL}api/games/$H/events?token=$HS" >"$T/sse" 2>/dev/null &
SSE=$!
sleep 0.5
req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": \"$MOVE\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.game.seq == 1 && Array.isArray(o.events)')" = true ]
verdict $? "a legal action ($MOVE): 200 with the game at seq 1"
sleep 0.5
check "server-sent events: an update with the new seq" grep -q 'event: update' "$T/sse"
check "server-sent events: data names seq 1" grep -q 'data: {"seq": 1}' "$T/sse"
kill "$SSE" 2>/dev/null; wait "$SSE" 2>/dev/null; SSE=""

req POST "/api/games/$H/undo" "{\"token\": \"$HA\"}"
check "undo from the wrong seat: 403" [ "$code" = 403 ]
req POST "/api/games/$H/undo" "{\"token\": \"$HR\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.seq')" = 0 ]
verdict $? "undo a move: 200, back to seq 0"
req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": \"$MOVE\"}"
check "the move again" [ "$code" = 200 ]
# odds planned in the Movement Phase: those of the phase ahead that allows the fire, the game as it was
req POST "/api/games/$H/odds" "{\"token\": \"$HR\", \"action\": \"fire bty4pos > 2012\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.ahead == "Game-Turn 1 (last 12), russian Player-Turn, Offensive Fire Phase" &&
	o.outcomes.reduce((t, x) => t + parseInt(x.p), 0) == 6 && !/Phase:/.test(o.text)')" = true ]
verdict $? "odds ahead: 200 naming the Offensive Fire Phase, outcomes summing to 6/6"
req GET "/api/games/$H?token=$HS"
[ "$(j "$body" 'o.seq == 1 && o.phase == "Movement"')" = true ]
verdict $? "odds ahead: the game still at its move, in the Movement Phase"
req POST "/api/games/$H/odds" "{\"token\": \"$HR\", \"action\": \"fire sous1 > 2012\"}"
[ "$code" = 422 ] && [ "$(j "$body" '/\[7\.27\] sous1 may fire only at adjacent units/.test(o.error)')" = true ]
verdict $? "odds ahead refused: 422 with each phase's reason"
# a hint: what greedy (or a posture) would play now, for the seat to act only; the game as it was
req POST "/api/games/$H/hint" "{\"token\": \"$HR\"}"
hint1=$(j "$body" 'o.action')
[ "$code" = 200 ] && [ "$(j "$body" 'o.player')" = greedy ] && [ -n "$hint1" ]
verdict $? "hint: 200 with greedy's action"
req GET "/api/games/$H/actions?token=$HR"
[ "$(j "$body" "o.actions.includes('$hint1')")" = true ]
verdict $? "hint: a legal action ($hint1)"
req POST "/api/games/$H/hint" "{\"token\": \"$HR\", \"player\": \"greedy\"}"
check "hint: asked again, the same answer" [ "$(j "$body" 'o.action')" = "$hint1" ]
req GET "/api/games/$H?token=$HS"
check "hint: the game still at seq 1" [ "$(j "$body" 'o.seq')" = 1 ]
req POST "/api/games/$H/hint" "{\"token\": \"$HR\", \"player\": \"greedy:cautious\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.player')" = greedy:cautious ]
verdict $? "hint: greedy:cautious"
req POST "/api/games/$H/hint" "{\"token\": \"$HR\", \"player\": \"search:3\"}"
[ "$code" = 200 ] && [ "$(j "$body" 'o.player')" = search:3 ] && [ -n "$(j "$body" 'o.action')" ]
verdict $? "hint: search:3, thought without the server's lock"
req POST "/api/games/$H/hint" "{\"token\": \"$HR\", \"player\": \"search:500\"}"
check "hint: search over the server's budget refused, 400" [ "$code" = 400 ]
req POST "/api/games/$H/hint" "{\"token\": \"$HR\", \"player\": \"nobody\"}"
check "hint: an unknown player refused, 400" [ "$code" = 400 ]
req POST "/api/games/$H/hint" "{\"token\": \"$HA\"}"
check "hint: not the seat to act, 403" [ "$code" = 403 ]
req GET "/api/games/$H/hint?token=$HR"
check "hint: GET, 405" [ "$code" = 405 ]
# a long hint (search:200, seconds) does not hold up the server; the game changing meanwhile
# makes it 409, to be asked again
printf '%s' "{\"token\": \"$HR\", \"player\": \"search:200\"}" >"$T/hintreq"
curl -s -o "$T/hintresp" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
	--data-binary @"$T/hintreq" "${URL}api/games/$H/hint" >"$T/hintcode" &
HINT=$!
sleep 1 # (the request in, and search at work: it takes about 5 s here)
req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": \"end\"}"
check "end the phase (while search thinks of a hint)" [ "$code" = 200 ]
check "the action was answered while the hint was still being thought" kill -0 "$HINT"
wait "$HINT"
check "the hint thought while the game changed: 409" [ "$(cat "$T/hintcode")" = 409 ]
req POST "/api/games/$H/undo" "{\"token\": \"$(j "$body" "o.game.to_act == 'russian' ? '$HR' : '$HA'")\"}"
check "undo across a change of the deciding side: 422" [ "$code" = 422 ]

# play on with `end` (and the first fire when one is offered, after asking its odds)
odds_done=0
for _ in $(seq 1 40); do
	tok=$HR
	req GET "/api/games/$H/actions?token=$tok"
	if [ "$code" = 403 ]; then tok=$HA; req GET "/api/games/$H/actions?token=$tok"; fi
	pick=$(j "$body" '(o.actions.find(a => a.startsWith("fire ")) || "") + "|" + (o.actions.includes("end") ? "end" : o.actions[0])')
	fire=${pick%%|*}
	if [ -n "$fire" ] && [ $odds_done = 0 ]; then
		req POST "/api/games/$H/odds" "{\"token\": \"$HS\", \"action\": \"$fire\"}"
		[ "$code" = 200 ] && \
			[ "$(j "$body" 'o.outcomes.reduce((t, x) => t + parseInt(x.p), 0) == 6 && o.outcomes.every(x => x.dice.length > 0) && o.text.length > 0')" = true ]
		verdict $? "odds of $fire: outcomes summing to 6/6"
		req POST "/api/games/$H/actions" "{\"token\": \"$tok\", \"action\": \"$fire\"}"
		[ "$code" = 200 ] && [ "$(j "$body" 'o.events.some(e => /^\[\d/.test(e.rule))')" = true ]
		verdict $? "a fire (dice rolled): 200 with events citing rules"
		req POST "/api/games/$H/undo" "{\"token\": \"$tok\"}"
		check "undo stops at a die roll: 422" [ "$code" = 422 ]
		odds_done=1
		continue
	fi
	act=${pick#*|}
	req POST "/api/games/$H/actions" "{\"token\": \"$tok\", \"action\": \"$act\"}"
	[ "$code" = 200 ] || { no "playing on ($act)" "$code $body"; break; }
done
[ $odds_done = 1 ] || no "a fire was offered within 40 actions"
req GET "/api/games/$H?token=$HS"
HSEQ=$(j "$body" o.seq)
check "the game went on" [ "$HSEQ" -gt 10 ]

req GET "/api/games/$H/record?token=$HS"
printf '%s' "$body" >"$T/h.rec"
[ "$code" = 200 ] && grep -q '^crimea-record 1' "$T/h.rec"
verdict $? "GET record"
check "crimea replay --verify accepts the record" "$BIN" replay "$T/h.rec" --verify
check "the record holds every action" [ "$(grep -c '^action ' "$T/h.rec")" = "$HSEQ" ]
# the game log: every action numbered with its side, the rulings under it, as replay --log gives it
req GET "/api/games/$H/log?token=$HS"
printf '%s\n' "$body" >"$T/h.log"
[ "$code" = 200 ] && [ "$(grep -cE '^  [0-9]+\. (russian|allied): ' "$T/h.log")" = "$HSEQ" ] && grep -q '^       \[5\.0\] ' "$T/h.log"
verdict $? "GET log: $HSEQ actions, with their rulings"
"$BIN" replay "$T/h.rec" --log >"$T/h2.log" 2>&1
sed '$d' "$T/h2.log" >"$T/h3.log" # (replay's last line is its summary)
check "GET log is replay --log of the record" cmp -s "$T/h.log" "$T/h3.log"
req GET "/api/games/$H/log"
check "GET log without a token: 403" [ "$code" = 403 ]
req GET "/api/games/$H?token=$HS&at=0"
[ "$code" = 200 ] && [ "$(j "$body" "o.at == 0 && o.of == $HSEQ && o.action === null && o.units.length > 10")" = true ]
verdict $? "?at=0: the opening position, no action"
A2=$(sed -n '/^action /{s/^action //;s/ ;.*//;p}' "$T/h.rec" | sed -n 2p)
req GET "/api/games/$H?token=$HS&at=2"
[ "$code" = 200 ] && [ "$(j "$body" "o.at == 2 && o.action == '$A2' && Array.isArray(o.events)")" = true ]
verdict $? "?at=2: the second action and its rulings"
req GET "/api/games/$H?token=$HS&at=$((HSEQ + 1))"
check "?at beyond the game: 400" [ "$code" = 400 ]

# ---- verifiable dice ----
req POST "/api/games/$RM/entropy" "{\"token\": \"$RA\", \"entropy\": \"00ff10\"}"
check "entropy before the first action: 200" [ "$code" = 200 ]
req POST "/api/games/$RM/entropy" "{\"token\": \"$RA\", \"entropy\": \"xyz\"}"
check "malformed entropy: 400" [ "$code" = 400 ]
req GET "/api/games/$RM/record?token=$RA"
check "the record of a live game with a secret seed is withheld: 403" [ "$code" = 403 ]
req GET "/api/games/$RM/reveal"
check "reveal before the end: 403" [ "$code" = 403 ]
req POST "/api/games/$RM/actions" "{\"token\": \"$RR\", \"action\": \"end\"}"
check "the first action of the remote game" [ "$code" = 200 ]
req POST "/api/games/$RM/entropy" "{\"token\": \"$RR\", \"entropy\": \"abcd\"}"
check "entropy after the first action: 422" [ "$code" = 422 ]

# ---- the computer answers a human ----
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"allied": "random"}, "seed": 5}'
AI2=$(j "$body" o.id); A2R=$(j "$body" o.seats.russian)
req POST "/api/games/$AI2/actions" "{\"token\": \"$A2R\", \"action\": \"end\"}"
[ "$code" = 200 ] && \
	[ "$(j "$body" 'o.game.seq > 1 && o.game.to_act == "russian"')" = true ]
verdict $? "after the human's end the computer plays on and hands back"

# ---- manual dice ----
req POST /api/games '{"scenario": "balaclava", "mode": "hotseat", "dice": "manual"}'
check "create a manual-dice game" [ "$code" = 201 ]

# ---- static files ----
code=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "$URL")
check "GET / serves index.html as text/html" [ "$code" = "200 text/html; charset=utf-8" ]
code=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "${URL}js/app.js")
check "a .js file as text/javascript" [ "$code" = "200 text/javascript; charset=utf-8" ]
code=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "${URL}s.css")
check "a .css file as text/css" [ "$code" = "200 text/css; charset=utf-8" ]
code=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "${URL}../outside.txt")
c2=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "${URL}js/%2e%2e/%2e%2e/outside.txt")
c3=$(curl -s -o /dev/null -w '%{http_code}' "${URL}nothing.html")
check "no way out of the web folder; missing files 404" [ "$code$c2$c3" = 404404404 ]

# ---- the referee's sheet (Charge of the Light Brigade) ----
req GET /api/referee/cotlb
check "referee sheet: 200" [ "$code" = 200 ]
check "referee sheet: weapons" [ "$(j "$body" 'o.weapons.find(w => w.key === "rifle").long')" = 20 ]
check "referee sheet: modifiers" [ "$(j "$body" 'o.modifiers.find(m => m.key === "cavalry-double-line").value')" = 2 ]
check "referee sheet: the MOVE Chart's road dice, none on the 2014 sheet" [ "$(j "$body" 'o.moves.find(m => m.key === "infantry").road')" = 0 ]
req POST /api/referee/cotlb '{"what":"fire","weapon":"musket","stands":6,"target":"line","inches":8,"at":"british-infantry"}'
check "referee fire odds: 200" [ "$code" = 200 ]
check "referee fire odds: the hits" [ "$(j "$body" 'o.items.find(i => i.label === "possible hits").p.map(x => x.toFixed(4)).join(" ")')" = "0.0156 0.3281 0.5469 0.1094" ]
req POST /api/referee/cotlb '{"what":"fire","weapon":"musket","stands":6,"target":"line","inches":8,"at":"british-infantry","dice":[6,6,6,4,2,1],"saves":[4,3]}'
check "referee fire ruling: halved, with its section" [ "$(j "$body" 'o.items.find(i => i.rule === "[Fire (o)]").text')" = "long range: half the possible hits, rounded up: 2" ]
check "referee fire ruling: a save die shown" [ "$(j "$body" 'o.items.filter(i => i.rule === "[Save Table]").map(i => i.dice[0]).join(",")')" = "4,3" ]
check "referee fire ruling: the casualties" [ "$(j "$body" 'o.items[o.items.length - 1].text')" = "1 figure lost" ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry","dice":[1,2,2,3,4,2,6]},"defender":{"unit":"british-infantry","dice":[1,1,1,1,1,1,1]},"winner_die":5}'
check "referee melee: Q&A 5, pips added" [ "$(j "$body" 'o.items.find(i => i.rule === "[Close Combat (d)]").text.includes("add up to 7 possible hits")')" = true ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry","dice":[6,6,6,5,5,5,4]},"defender":{"unit":"british-artillery","dice":[1,1,1,1,1,1]},"winner_die":4,"spike_die":5}'
check "referee melee: a battery's guns spiked [Close Combat (h)]" [ "$(j "$body" 'o.items.some(i => i.rule === "[Close Combat (h)]" && i.text.startsWith("the battery\x27s die 5: the guns are spiked"))')" = true ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry:24:3","morale_die":2},"defender":{"unit":"british-infantry"}}'
check "referee melee: a charge morale check fails [Close Combat (a)]" [ "$(j "$body" 'o.items.some(i => i.text.startsWith("the attacker fails its morale check: it withdraws"))')" = true ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry","dice":[6,6,2,2,2,1,4],"saves":[6,6,6]},"defender":{"unit":"british-infantry:12","dice":[1,1,2,2,1,1,1,1,2,1,1]},"defender_also":[{"unit":"turkish-infantry"}],"winner_die":4}'
check "referee melee: a unit joins the defender [Close Combat (b)]" [ "$(j "$body" 'o.items.some(i => i.text.startsWith("the defender\x27s 7 possible hits are distributed throughout its units"))')" = true ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry"},"defender":{"unit":"british-infantry"},"defender_also":[1]}'
check "referee melee: defender_also wants objects" [ "$code" = 400 ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry","morale_die":1,"dice":[6,6,2,2,2,1,4]},"attacker_also":[{"unit":"russian-cavalry:12:2","morale_die":1}],"defender":{"unit":"british-infantry:12","dice":[1,1,2,2]},"winner_die":4}'
check "referee melee: each charging unit checks its morale [Close Combat (a)]" [ "$(j "$body" 'o.items.some(i => i.text.startsWith("the attacker russian-cavalry:12:2 fails its morale check: it withdraws [Close Combat (g)] and does not fight")) && o.items.some(i => i.text.startsWith("the attacker russian-infantry passes"))')" = true ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"russian-infantry"},"attacker_also":[{"unit":"russian-cavalry","dice":[1]}],"defender":{"unit":"british-infantry"}}'
check "referee melee: a charging unit's dice follow the attacker's" [ "$code" = 400 ]
req POST /api/referee/cotlb '{"what":"fire","weapon":"musket","stands":6,"target":"line","inches":11}'
check "referee: a refusal is 422 with its section" [ "$code:$(j "$body" 'o.rule')" = "422:[Fire (n)]" ]
req POST /api/referee/cotlb '{"what":"melee","attacker":{"unit":"bogus"},"defender":{"unit":"cossacks"}}'
check "referee: an unknown troop type is 400" [ "$code" = 400 ]
req POST /api/referee/cotlb '{"what":"fire","dice":[7]}'
check "referee: a die of 7 is 400" [ "$code:$(j "$body" 'o.error')" = '400:"dice": die 1 is not a whole number from 1 to 6' ]
req POST /api/referee/cotlb '[1'
check "referee: malformed JSON is 400" [ "$code" = 400 ]
req POST /api/referee/cotlb '{"what":"initiative","a":{"won_last_turn":true,"close_combats_won":1},"b":{"withdrew_or_routed":2},"dice":[1,5]}'
check "referee initiative: a tie rolls again" [ "$(j "$body" 'o.items[o.items.length - 1].text')" = "a tie: roll again" ]
req POST /api/referee/cotlb '{"what":"initiative","a":{"won_last_turn":"yes"}}'
check "referee initiative: a bad modifier is 400" [ "$code" = 400 ]
# the 2014 sheet the server reads prints no road column (the 2001 sheet's): a road move is refused
req POST /api/referee/cotlb '{"what":"move","row":"infantry","formation":"road"}'
check "referee move: no road on the 2014 sheet, 422 with its section" [ "$code:$(j "$body" 'o.rule')" = "422:[MOVE Chart (a)]" ]
req POST /api/referee/cotlb '{"what":"move","row":"infantry","formation":"march"}'
check "referee move: an unknown formation is 400" [ "$code:$(j "$body" 'o.error')" = '400:"formation" is "line", "column", "road" or "one-die"' ]
req POST /api/referee/siege '{"args":["melee","--attack","13","--defence","4","--defender","russian","--die","4"]}'
check "referee siege: the command's text" [ "$code:$(j "$body" 'o.text.split("\n")[0]')" = "200:melee [14.0]: 13 to 4, the 3-1 column (rounded in the defender's favour), +1 for a russian defender [14.21]-[14.23]" ]
req POST /api/referee/siege '{"args":["attrition","--turn","3","--nation","french"]}'
check "referee siege: a refusal is 422 with its case" [ "$code:$(j "$body" 'o.rule')" = "422:[7.0]" ]
req POST /api/referee/siege '{"args":["new","--game","/tmp/crimea-http-siege.json"]}'
[ "$code" = 400 ] && [ ! -e /tmp/crimea-http-siege.json ]; verdict $? "referee siege: no game file on the server"
req POST /api/referee/siege '{"args":["status","--game","/etc/passwd"]}'
check "referee siege: no game file of the server's" [ "$code" = 400 ]
req POST /api/referee/ulm '{"args":["morale","--tables","/etc/passwd"]}'
check "referee ulm: no file of the server's" [ "$code" = 400 ]
req POST /api/referee/ulm '{"args":["units","--game","/etc/passwd"]}'
check "referee ulm: no game file of the server's" [ "$code" = 400 ]
req POST /api/referee/ulm '{"args":["add","--id","x","--class","guards","--type","infantry","--figures","3"]}'
check "referee ulm: a game's command is the command line's" [ "$code" = 400 ]
req POST /api/referee/ulm '{"args":["fire-check","--original","30","--before","28","--lost","3"]}'
check "referee ulm: fire losses" [ "$(j "$body" 'o.text.includes("a non-contact morale check at -1")')" = true ]
req POST /api/referee/ulm '{"args":["melee","--attacker","dragoon:24","--defender","infantry:30","--attacker-dice","6,6","--defender-dice","3"]}'
check "referee ulm: a melee cast" [ "$(j "$body" 'o.text.includes("the defenders lose the melee")')" = true ]
req POST /api/referee/ulm '{"args":["melee","--attacker","infantry:30","--defender","light-infantry:6:skirmisher"]}'
check "referee ulm: not a melee is a 422 with the case" [ "$code" = 422 ] && [ "$(j "$body" 'o.rule === "[Melee E.2]"')" = true ]
req GET /api/referee/ulm
check "referee ulm: GET is 405" [ "$code" = 405 ]
req PUT /api/referee/cotlb '{}'
check "referee: PUT is 405" [ "$code" = 405 ]

# ---- crash safety ----
req GET "/api/games/$H?token=$HS"
before=$(j "$body" 'JSON.stringify([o.seq, o.status_text, o.units, o.events.slice(-20)])')
req GET "/api/games/$AI1?token=$AA"
before_ai=$(j "$body" 'JSON.stringify([o.seq, o.status_text, o.units])')
kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=""
if start; then ok "restart on the same database"; else no "restart"; fi
req GET "/api/games/$H?token=$HS"
after=$(j "$body" 'JSON.stringify([o.seq, o.status_text, o.units, o.events.slice(-20)])')
[ "$before" = "$after" ] && [ "$(j "$body" o.seq)" = "$HSEQ" ]
verdict $? "after kill -9: the hot-seat game has every action and the same state"
req GET "/api/games/$AI1?token=$AA"
after_ai=$(j "$body" 'JSON.stringify([o.seq, o.status_text, o.units])')
check "after kill -9: the AI game is the same" [ "$before_ai" = "$after_ai" ]
req GET "/api/games/$H/record?token=$HS"
printf '%s' "$body" >"$T/h2.rec"
check "after kill -9: the same record" cmp -s "$T/h.rec" "$T/h2.rec"
# a burst of actions, each acknowledged, then kill -9 at once
acked=$HSEQ
for _ in $(seq 1 8); do
	req POST "/api/games/$H/actions" "{\"token\": \"$HR\", \"action\": \"end\"}"
	[ "$code" = 403 ] && req POST "/api/games/$H/actions" "{\"token\": \"$HA\", \"action\": \"end\"}"
	[ "$code" = 200 ] && acked=$((acked + 1))
done
kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=""
start >/dev/null
req GET "/api/games/$H?token=$HS"
check "every acknowledged action survives kill -9 (seq $acked)" [ "$(j "$body" o.seq)" = "$acked" ]
req GET "/api/games/$RM?token=$RR"
check "the remote game resumes with its entropy and first action" [ "$(j "$body" o.seq)" = 1 ]

# ---- the computer players' state is stored with each action (store schema 2) ----
# human_turn GAME TOKEN: the human plays `end` (or the first action when `end` is not offered)
# until the computer has answered (the seq moves by more than the human's one action); the
# human's actions are added to $T/human-GAME
human_turn() {
	for _ in $(seq 1 30); do
		req GET "/api/games/$1/actions?token=$2"
		[ "$code" = 200 ] || return 1
		act=$(j "$body" 'o.actions.includes("end") ? "end" : o.actions[0]')
		printf '%s\n' "$act" >>"$T/human-$1"
		req GET "/api/games/$1?token=$2"
		s0=$(j "$body" o.seq)
		req POST "/api/games/$1/actions" "{\"token\": \"$2\", \"action\": \"$act\"}"
		[ "$code" = 200 ] || return 1
		[ $(($(j "$body" o.game.seq) - s0)) -gt 1 ] && return 0
	done
	return 1
}
state() { # GAME TOKEN: what a player sees, as one line
	req GET "/api/games/$1?token=$2"
	j "$body" 'JSON.stringify([o.seq, o.to_act, o.status_text, o.units])'
}
resumed_line() { tail -n "+$((ERR0 + 1))" "$T/err" | grep 'crimea serve: resumed' | tail -1; }
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"allied": "search:2"}, "seed": 21}'
SX=$(j "$body" o.id); SXR=$(j "$body" o.seats.russian)
req POST /api/games '{"scenario": "balaclava", "mode": "ai", "ai": {"allied": "search:2"}, "seed": 21}'
SY=$(j "$body" o.id); SYR=$(j "$body" o.seats.russian)
human_turn "$SX" "$SXR" && human_turn "$SY" "$SYR" && [ "$(state "$SX" "$SXR")" = "$(state "$SY" "$SYR")" ]
verdict $? "two games against search with one seed and the same human actions are the same"
human_turn "$SY" "$SYR"
y_next=$(state "$SY" "$SYR")
# the record the server gives keeps the computer players' state: the terminal, resuming it
# with the human's next actions, plays on as the server did
req GET "/api/games/$SY/record?token=$SYR"
cp "$T/resp" "$T/y1.rec"
: >"$T/human-$SY"
human_turn "$SY" "$SYR"
req GET "/api/games/$SY/record?token=$SYR"
cp "$T/resp" "$T/y2.rec"
"$BIN" play "$T/y1.rec" --ai allied=search:2 --save "$T/y3.rec" <"$T/human-$SY" >/dev/null 2>&1
grep -q '^ai ai1 ' "$T/y1.rec" && [ "$(grep -c '^action ' "$T/y2.rec")" -gt "$(grep -c '^action ' "$T/y1.rec")" ] &&
	cmp -s "$T/y2.rec" "$T/y3.rec"
verdict $? "crimea play of the server's record, with the human's next actions, continues as the server did"
# the record names the game's players, so the terminal needs no --ai to go on as the server did
check "the server's record names the game's players" grep -q '^players russian=human allied=search:2$' "$T/y1.rec"
"$BIN" play "$T/y1.rec" --save "$T/y4.rec" <"$T/human-$SY" >/dev/null 2>&1
check "crimea play of the server's record without --ai continues as the server did" cmp -s "$T/y2.rec" "$T/y4.rec"
x_before=$(state "$SX" "$SXR")
kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=""
start >/dev/null
resumed_line | grep -q ' 0 computer choices made again'
verdict $? "a restart puts the computer players' state back without choosing again ($(resumed_line | sed 's/.*: //'))"
check "after kill -9: the game against search is the same" [ "$(state "$SX" "$SXR")" = "$x_before" ]
human_turn "$SX" "$SXR"
check "after kill -9: search answers as it does in the game that was not restarted" [ "$(state "$SX" "$SXR")" = "$y_next" ]
x_move=""
for _ in $(seq 1 30); do # on to the human's next Movement Phase
	req GET "/api/games/$SX/actions?token=$SXR"
	x_move=$(j "$body" 'o.actions.find(a => a.startsWith("move ")) || ""')
	[ -n "$x_move" ] && break
	req POST "/api/games/$SX/actions" "{\"token\": \"$SXR\", \"action\": \"$(j "$body" 'o.actions.includes("end") ? "end" : o.actions[0]')\"}"
done
x_before=$(state "$SX" "$SXR")
req POST "/api/games/$SX/actions" "{\"token\": \"$SXR\", \"action\": \"$x_move\"}"
[ -n "$x_move" ] && [ "$code" = 200 ]
verdict $? "a move in the game against search ($x_move)"
req POST "/api/games/$SX/undo" "{\"token\": \"$SXR\"}"
[ "$code" = 200 ] && [ "$(state "$SX" "$SXR")" = "$x_before" ]
verdict $? "undo in a game against search (its choices replayed from the stored state): the game as it was"
# a store of the first schema (no state with its actions) is brought up to schema 2 and its
# games resume with the computer players choosing again
if command -v sqlite3 >/dev/null 2>&1; then
	kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=""
	sqlite3 "$T/crimea.db" "UPDATE actions SET ai = 'ai1 garbled' WHERE game = '$SX';"
	start >/dev/null
	n_again=$(resumed_line | sed -n 's/.* \([0-9]*\) computer choices made again.*/\1/p')
	grep -q "game $SX: action 1: not a computer players' state" "$T/err" && [ "${n_again:-0}" -gt 0 ] &&
		[ "$(state "$SX" "$SXR")" = "$x_before" ]
	verdict $? "stored states that do not read are reported once and those choices made again ($n_again); the game is the same"
	kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=""
	sqlite3 "$T/crimea.db" 'ALTER TABLE actions DROP COLUMN ai; PRAGMA user_version = 1;'
	start >/dev/null
	n_again=$(resumed_line | sed -n 's/.* \([0-9]*\) computer choices made again.*/\1/p')
	[ "${n_again:-0}" -gt 0 ] && [ "$(sqlite3 "$T/crimea.db" 'PRAGMA user_version')" = 2 ]
	verdict $? "a schema-1 store is brought up to schema 2; its computer choices are made again ($n_again)"
	check "after the schema change: the game against search is the same" [ "$(state "$SX" "$SXR")" = "$x_before" ]
	req GET "/api/games/$H?token=$HS"
	check "after the schema change: the hot-seat game keeps every action" [ "$(j "$body" o.seq)" = "$acked" ]
else
	no "the sqlite3 command is missing (scripts/deps test installs it)"
fi

# ---- a computer player thinks without holding up the server ----
# search:40 plays the Russians' first player-turn while the game is being created (seconds):
# the game list answers meanwhile and shows the new game with the Russians still to act
req GET /api/games
ids0=$(j "$body" 'o.map(g => g.id).join(",")')
curl -s -o "$T/slow" -X POST -H 'Content-Type: application/json' \
	--data '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "search:40"}, "seed": 5}' "${URL}api/games" &
SLOW=$!
mid=""
for _ in $(seq 1 200); do
	req GET /api/games
	mid=$(j "$body" "JSON.stringify(o.filter(g => !'$ids0'.split(',').includes(g.id)).map(g => g.to_act))")
	[ "$mid" != "[]" ] && break
	sleep 0.02
done
[ "$mid" = '["russian"]' ] && kill -0 "$SLOW" 2>/dev/null
verdict $? "while search thinks, the server answers: the game list shows the new game mid-turn ($mid)"
wait "$SLOW"
SL=$(j "$(cat "$T/slow")" o.id); SLA=$(j "$(cat "$T/slow")" o.seats.allied)
req GET "/api/games/$SL?token=$SLA"
[ "$code" = 200 ] && [ "$(j "$body" 'o.to_act == "allied" && o.seq > 5')" = true ]
verdict $? "then its creation answers with the Russians' turn played"

# ---- clean stop ----
# while a computer player is thinking, too: it stops after the decision it is making
curl -s -o /dev/null -X POST -H 'Content-Type: application/json' \
	--data '{"scenario": "balaclava", "mode": "ai", "ai": {"russian": "search:40"}, "seed": 6}' "${URL}api/games" &
SLOW=$!
sleep 0.5
kill -TERM "$PID"
stopped=no
for _ in $(seq 1 50); do
	if ! kill -0 "$PID" 2>/dev/null; then stopped=yes; break; fi
	sleep 0.1
done
wait "$PID" 2>/dev/null; rc=$?; PID=""
[ "$stopped" = yes ] && [ "$rc" = 0 ]
verdict $? "SIGTERM stops the server cleanly (a computer player thinking meanwhile)"
wait "$SLOW" 2>/dev/null

echo "http: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
