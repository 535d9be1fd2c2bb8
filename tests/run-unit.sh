#!/bin/sh
# Runs every cmocka unit-test binary in $1/tests (default build), JOBS at a time (default: the
# processors, nproc), then prints their failures and counts in a fixed order and a summary
# line. Exit status 1 if any test failed.
#
# test_ai's whole-game tests and test_cotlb_game are most of the suite's time, so test_ai runs
# as three jobs, chosen with cmocka's filters (CRIMEA_TEST_ONLY / CRIMEA_TEST_SKIP,
# tests/unit/testutil.h), and the jobs start longest first so that two cores finish together.
#
# UNIT_SANITIZED=1 (make asan sets it): test_search_beats_greedy is left out. It measures
# strength (search against greedy, whole Alma games at budget 20, the longest job under ASan);
# the plain run (gcc, -O2) measures it, and test_ai's other search tests run the same code under
# the sanitizers.
dir=${1:-build}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$dir/tests" && pwd) || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crimea-unit-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# The jobs, one a line: label, binary, CRIMEA_TEST_ONLY, CRIMEA_TEST_SKIP ("-": none). The
# longest first: test_ai's three, then the other binaries that take longest (under ASan, in
# seconds, fifty-fifth session, on a loaded machine: test_cotlb_game 171 before its memo of
# lines of sight, test_ai's other tests 161, test_search_beats_greedy 151, test_ai's other search
# tests 150, test_quad_sample 31, test_noalloc 22; the rest 21 or less each; each job's line
# below says its seconds), then the others in name order.
long="test_cotlb_game test_quad_sample test_noalloc"
{
	echo "test_ai:other test_ai - test_search_*"
	[ "${UNIT_SANITIZED:-0}" = 1 ] || echo "test_ai:beats_greedy test_ai test_search_beats_greedy -"
	echo "test_ai:search test_ai test_search_* test_search_beats_greedy"
	for b in $long; do
		[ -x "$bin/$b" ] && echo "$b $b - -"
	done
	for t in "$bin"/test_*; do
		b=$(basename "$t")
		case " test_ai $long " in *" $b "*) continue ;; esac
		[ -x "$t" ] && echo "$b $b - -"
	done
} >"$tmp/jobs"

# Each job writes its output to $TMP/LABEL.out, its exit status to $TMP/LABEL.rc and its
# seconds to $TMP/LABEL.s (printed beside its count, to keep the order above honest).
export ROOT="$root" BIN="$bin" TMP="$tmp"
xargs -P "$jobs" -L 1 sh -c '
	label=$1 b=$2 only=$3 skip=$4
	[ "$only" = - ] && only=
	[ "$skip" = - ] && skip=
	st=$(date +%s)
	cd "$ROOT" && CRIMEA_TEST_ONLY=$only CRIMEA_TEST_SKIP=$skip "$BIN/$b" >"$TMP/$label.out" 2>&1
	echo $? >"$TMP/$label.rc"
	echo $(( $(date +%s) - st )) >"$TMP/$label.s"' sh <"$tmp/jobs"

pass=0; fail=0
while read -r label b only skip; do
	out=$(cat "$tmp/$label.out" 2>/dev/null)
	rc=$(cat "$tmp/$label.rc" 2>/dev/null || echo 127)
	printf '%s\n' "$out" | grep -E '^\[ *(FAILED|  ERROR) *\]|^\[  FAILED  \]' || true
	p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	[ -n "$p" ] || p=0
	[ -n "$f" ] || f=0
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		printf '%s\n' "$out" | tail -20
		echo "FAILED: $b ($label) exited with $rc"
	fi
	echo "$label: $p passed, $f failed ($(cat "$tmp/$label.s" 2>/dev/null || echo ?) s)"
	pass=$((pass + p)); fail=$((fail + f))
done <"$tmp/jobs"
[ "${UNIT_SANITIZED:-0}" = 1 ] && echo "test_ai:beats_greedy: left out under the sanitizers (UNIT_SANITIZED=1)"
echo "unit ($dir): $pass passed, $fail failed"
[ "$fail" -eq 0 ]
