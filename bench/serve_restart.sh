#!/bin/sh
# How long `crimea serve` takes to start on a database holding one finished game against the
# computer: the server rebuilds every stored game by replaying its actions (docs/API.md
# "Storage"), and an undo replays a game the same way. Plays SCENARIO (default balaclava) to
# its end through the HTTP API, the Russians by this script (`end`, or the first action
# offered), the Allies by PLAYER (default search); then starts the server on that database
# three times, and three times more on a copy turned back into schema 1 (no computer players'
# state stored: each of their choices is made again), and prints each start-up's time and the
# server's own count of what it replayed.
#
#   sh bench/serve_restart.sh [SCENARIO [PLAYER [BUILD_DIR]]]     (from the repository root)
#
# Needs node (the HTTP driver) and the sqlite3 shell (the schema-1 copy).
set -eu
scn=${1:-balaclava}
player=${2:-search}
bin=$(pwd)/${3:-build}/crimea
T=$(mktemp -d "${TMPDIR:-/tmp}/crimea-bench-serve.XXXXXX")
PID=""
trap '[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
mkdir -p "$T/web"
echo '<!doctype html><title>crimea</title>' >"$T/web/index.html"

# start DB: starts the server on DB; sets PID, URL and SECS (the seconds to "serving")
start() {
	: >"$T/out"
	t0=$(date +%s.%N)
	"$bin" serve --port 0 --db "$1" --web "$T/web" >"$T/out" 2>>"$T/err" &
	PID=$!
	while ! grep -q '^crimea: serving' "$T/out"; do
		kill -0 "$PID" 2>/dev/null || { cat "$T/err" >&2; exit 1; }
		sleep 0.01
	done
	t1=$(date +%s.%N)
	URL=$(sed -n 's/^crimea: serving //p' "$T/out")
	SECS=$(echo "$t1 $t0" | awk '{ printf "%.2f", $1 - $2 }')
}
stop() { kill -9 "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }

start "$T/db"
t0=$(date +%s)
node - "$URL" "$scn" "$player" <<'EOF'
const [url, scn, player] = process.argv.slice(2);
const post = (p, b) => fetch(url + p, {method: "POST", headers: {"Content-Type": "application/json"},
	body: JSON.stringify(b)}).then(r => r.json());
(async () => {
	const g = await post("api/games", {scenario: scn, mode: "ai", ai: {allied: player}, seed: 3});
	const tok = g.seats.russian;
	for (let i = 0; i < 20000; i++) {
		const a = await fetch(`${url}api/games/${g.id}/actions?token=${tok}`).then(r => r.json());
		if (!a.actions || a.actions.length == 0)
			break;
		const r = await post(`api/games/${g.id}/actions`, {token: tok,
			action: a.actions.includes("end") ? "end" : a.actions[0]});
		if (r.error)
			throw new Error(r.error);
	}
})().catch(e => { console.error(e.message); process.exit(1); });
EOF
echo "played one $scn game, russian by this script, allied by $player: $(($(date +%s) - t0)) s"
stop
sqlite3 "$T/db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
cp "$T/db" "$T/db1"
sqlite3 "$T/db1" 'ALTER TABLE actions DROP COLUMN ai; PRAGMA user_version = 1;'
for schema in 2 1; do
	for _ in 1 2 3; do
		db=$T/db; [ "$schema" = 1 ] && { cp "$T/db1" "$T/db1run"; db=$T/db1run; }
		start "$db"
		stop
		echo "schema $schema: start-up $SECS s; $(grep 'crimea serve: resumed' "$T/err" | tail -1 | sed 's/^crimea serve: //; s/ (actions stored.*//')"
	done
done
