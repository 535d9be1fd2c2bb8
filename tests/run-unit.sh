#!/bin/sh
# Runs every cmocka unit-test binary in $1/tests; prints their output and a summary line.
# Exit status 1 if any test failed.
dir=${1:-build}
pass=0; fail=0
for t in "$dir"/tests/test_*; do
	[ -x "$t" ] || continue
	out=$(cd "$(dirname "$0")/.." && "$t" 2>&1); rc=$?
	printf '%s\n' "$out" | grep -E '^\[ *(FAILED|  ERROR) *\]|^\[  FAILED  \]' || true
	p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	[ -n "$p" ] || p=0
	[ -n "$f" ] || f=0
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		printf '%s\n' "$out" | tail -20
		echo "FAILED: $t exited with $rc"
	fi
	echo "$(basename "$t"): $p passed, $f failed"
	pass=$((pass + p)); fail=$((fail + f))
done
echo "unit ($dir): $pass passed, $fail failed"
[ "$fail" -eq 0 ]
