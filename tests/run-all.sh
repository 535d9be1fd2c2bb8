#!/bin/sh
# The whole test suite. Every step counts its own tests; the last line is the total,
# "N passed, N failed", which CI reads.
cd "$(dirname "$0")/.."
pass=0; fail=0
log=tests/out; mkdir -p "$log"
t0=$(date +%s)

# took START: "N s" since START (seconds since the epoch), for each step's line, so that a
# run's log shows where its minutes go (CI's budget is 20 minutes for the whole run).
took() { echo "$(( $(date +%s) - $1 )) s"; }

# count NAME RC TOOK: counts a finished step from its log and exit status: if the log ends with
# "N passed, N failed" those are counted, otherwise the step counts as one test.
count() {
	name=$1; rc=$2
	last=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log/$name.log" | tail -1)
	p=$(printf '%s' "$last" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
	f=$(printf '%s' "$last" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
	if [ -z "$p" ]; then
		if [ "$rc" -eq 0 ]; then p=1; f=0; else p=0; f=1; fi
	elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	if [ "$f" -ne 0 ] || [ "$rc" -ne 0 ]; then
		tail -40 "$log/$name.log"
		echo "-- $name: FAILED ($p passed, $f failed; $3)"
	else
		echo "-- $name: $p passed ($3)"
	fi
	pass=$((pass + p)); fail=$((fail + f))
}

# step NAME COMMAND...: runs a step and counts it.
step() {
	name=$1; shift
	echo "== $name"
	st=$(date +%s)
	"$@" >"$log/$name.log" 2>&1
	count "$name" $? "$(took "$st")"
}

# beside NAME COMMAND...: starts a step that runs on one core in the background, beside the
# steps that follow it, so that the other core is not idle (CI has two; the whole run aims to
# stay under 20 minutes); joined waits for it and counts it. One at a time.
beside() {
	bname=$1; shift
	echo "== $bname (beside the next steps)"
	rm -f "$log/$bname.rc"
	bst=$(date +%s)
	{ "$@" >"$log/$bname.log" 2>&1; echo $? >"$log/$bname.rc"; } &
	bpid=$!
}
joined() {
	wait "$bpid"
	echo "== $bname (joined)"
	count "$bname" "$(cat "$log/$bname.rc" 2>/dev/null || echo 127)" "$(took "$bst") with the steps beside it"
}

# gcc builds and tests at -O2; clang builds and tests under AddressSanitizer + UBSan (make asan:
# -Werror with clang's warnings, the benchmarks too). One clang build serves as both the clang
# run and the sanitizers' (a clang -O2 build and unit run of its own took some 140 s of the 20
# minutes).
step build-gcc make -j2 WERROR=1 CC=gcc all tests
# the CLI tests are one shell script, one command at a time: each runs beside steps that use
# two threads
beside cli sh tests/cli/run.sh build/crimea
step unit sh tests/run-unit.sh build
joined # cli
step asan make -j2 asan WERROR=1 CC=clang
beside cli-asan sh tests/cli/run.sh build-asan/crimea
step sim sh tests/cli/sim.sh build/crimea
step soak sh tests/cli/soak.sh build/crimea
joined # cli-asan
# the browser tests (one page at a time) beside the HTTP API's (one request at a time); each
# starts its own server on a free port with its own database
beside browser sh tests/browser/run.sh
step http sh tests/http/run.sh build/crimea
step hexcheck sh tests/hexcheck/run.sh
joined # browser
step fuzz sh tests/fuzz/run.sh

echo "== whole run: $(took "$t0")"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
