#!/bin/sh
# Prints, for each rule case given on stdin (one per line, e.g. 7.14), the source files that
# cite it and the test files that cite it: the raw material of docs/RULES.md's table.
# Usage: tools/rules-index.sh < cases.txt
cd "$(dirname "$0")/.."
while read -r c; do
	[ -n "$c" ] || continue
	pat="\\[$(printf '%s' "$c" | sed 's/\./\\./')\\]"
	code=$(grep -l -- "$pat" src/games/quad/*.c src/games/*.c 2>/dev/null | xargs -n1 basename 2>/dev/null | tr '\n' ' ')
	tests=$(grep -l -- "$pat" tests/unit/test_quad_*.c tests/cli/run.sh 2>/dev/null | xargs -n1 basename 2>/dev/null | tr '\n' ' ')
	printf '%s|%s|%s\n' "$c" "$code" "$tests"
done
