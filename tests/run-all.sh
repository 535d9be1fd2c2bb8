#!/bin/sh
# The whole test suite. Every step counts its own tests; the last line is the total,
# "N passed, N failed", which CI reads.
cd "$(dirname "$0")/.."
pass=0; fail=0
log=tests/out; mkdir -p "$log"

# step NAME COMMAND...: runs a command; if its output ends with "N passed, N failed" those are
# counted, otherwise the step counts as one test.
step() {
	name=$1; shift
	echo "== $name"
	"$@" >"$log/$name.log" 2>&1; rc=$?
	last=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log/$name.log" | tail -1)
	p=$(printf '%s' "$last" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
	f=$(printf '%s' "$last" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
	if [ -z "$p" ]; then
		if [ $rc -eq 0 ]; then p=1; f=0; else p=0; f=1; fi
	elif [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	if [ "$f" -ne 0 ] || [ $rc -ne 0 ]; then
		tail -40 "$log/$name.log"
		echo "-- $name: FAILED ($p passed, $f failed)"
	else
		echo "-- $name: $p passed"
	fi
	pass=$((pass + p)); fail=$((fail + f))
}

step build-gcc make -j2 WERROR=1 CC=gcc all tests
step build-clang make -j2 WERROR=1 CC=clang O=build-clang all tests
step unit sh tests/run-unit.sh build
step unit-clang sh tests/run-unit.sh build-clang
step cli sh tests/cli/run.sh build/crimea
step asan make -j2 asan WERROR=1 CC=gcc
step cli-asan sh tests/cli/run.sh build-asan/crimea
step sim sh tests/cli/sim.sh build/crimea
step soak sh tests/cli/soak.sh build/crimea
step http sh tests/http/run.sh build/crimea
step fuzz sh tests/fuzz/run.sh
step hexcheck sh tests/hexcheck/run.sh
step browser sh tests/browser/run.sh

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
