#!/bin/sh
# Instructions per operation of each bench_hex benchmark: runs `bench_hex callgrind` (a fixed
# number of operations per benchmark, each in its own function) under callgrind and divides
# each function's inclusive instruction count by its operations.
# Usage, from the repository root: sh bench/callgrind.sh [BUILD_DIR]   (default build)
dir=${1:-build}
out=${TMPDIR:-/tmp}/crimea-bench-cg.$$
if ! valgrind --tool=callgrind --callgrind-out-file="$out" "$dir/bench/bench_hex" callgrind \
	>"$out.list" 2>"$out.err"; then
	cat "$out.err" >&2
	rm -f "$out" "$out.list" "$out.err"
	exit 1
fi
callgrind_annotate --inclusive=yes --threshold=100 "$out" >"$out.ann"
printf '%-32s %14s\n' benchmark instructions/op
# bench_hex prints "function<TAB>benchmark<TAB>ops" per benchmark
while IFS='	' read -r fn name ops; do
	ir=$(grep -E "[: ]$fn " "$out.ann" | head -1 | awk '{ gsub(",", "", $1); print $1 }')
	awk -v n="$name" -v ir="${ir:-0}" -v ops="$ops" 'BEGIN { printf "%-32s %14.1f\n", n, ir / ops }'
done <"$out.list"
rm -f "$out" "$out.list" "$out.err" "$out.ann"
