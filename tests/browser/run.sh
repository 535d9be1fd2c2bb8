#!/bin/sh
# Browser end-to-end tests: installs the pinned playwright-core (npm ci), starts the real
# `crimea serve` on a free port with a temporary database, runs tests/browser/run-tests.mjs in
# Debian's chromium, stops the server. Last line: "browser: N passed, M failed".
# Env: CRIMEA_BIN (default build/crimea), CHROMIUM (default /usr/bin/chromium).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BIN=${CRIMEA_BIN:-$ROOT/build/crimea}
OUT=$ROOT/tests/out/browser
mkdir -p "$OUT"
if [ ! -x "$BIN" ]; then echo "browser: $BIN not built"; echo "browser: 0 passed, 1 failed"; exit 1; fi
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then echo "browser: no chromium (apt-get install chromium)"; echo "browser: 0 passed, 1 failed"; exit 1; fi
if ! (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error >"$OUT/npm.log" 2>&1); then
	cat "$OUT/npm.log"; echo "browser: 0 passed, 1 failed"; exit 1
fi
TMP=$(mktemp -d)
"$BIN" serve --port 0 --db "$TMP/games.db" --web "$ROOT/web" >"$TMP/serve.log" 2>&1 &
PID=$!
cleanup() { kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT INT TERM
URL=
i=0
while [ $i -lt 100 ]; do
	URL=$(sed -n 's/.*serving \(http:[^ ]*\).*/\1/p' "$TMP/serve.log" | head -n 1)
	[ -n "$URL" ] && break
	kill -0 "$PID" 2>/dev/null || break
	sleep 0.1; i=$((i + 1))
done
if [ -z "$URL" ]; then cat "$TMP/serve.log"; echo "browser: 0 passed, 1 failed"; exit 1; fi
URL=${URL%/}
cd tests/browser && CRIMEA_BIN="$BIN" OUT="$OUT" timeout 300 node run-tests.mjs "$URL"
RC=$?
cp "$TMP/serve.log" "$OUT/serve.log" 2>/dev/null
[ $RC -eq 124 ] && echo "browser: 0 passed, 1 failed (timed out)"
exit $RC
