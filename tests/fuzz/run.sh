#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.c) into build-fuzz/ with clang
# (-fsanitize=fuzzer,address,undefined, UB fatal) against the library sources of src/core,
# src/hex, src/games and src/games/quad, and runs each for a fixed number of inputs from a
# temporary copy of its seed corpus (tests/fuzz/corpus/TARGET/ is never written to).
#
# Prints "TARGET: ok" or the crash for each target and ends with "fuzz: N passed, M failed";
# exits non-zero if any target failed (or could not be built).
#
#   sh tests/fuzz/run.sh                 the CI run (about a minute on 2 cores: the library
#                                        built, then the targets two at a time)
#   sh tests/fuzz/run.sh fuzz_map ...    only these targets
#   FUZZ_TIME=300 sh tests/fuzz/run.sh   each target for 300 s instead of a fixed count
#   FUZZ_SCALE=10 sh tests/fuzz/run.sh   each target for 10 times its CI count
#   sh tests/fuzz/run.sh --repro         runs the saved reproducers tests/fuzz/crashes/TARGET-*
#                                        (each should pass once its bug is fixed)
# Crash inputs found by a run are saved as build-fuzz/artifacts/TARGET-crash-*; the log of
# each run is build-fuzz/logs/TARGET.log.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
OUT=build-fuzz
CC=${FUZZ_CC:-clang}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Wshadow -Wstrict-prototypes \
-Wmissing-prototypes -Wformat=2 -Wundef -Wvla $(pkg-config --cflags jansson 2>/dev/null)"
LIBS="$(pkg-config --libs jansson 2>/dev/null || echo -ljansson) -lm"

# target  CI runs  max_len (the longest runs first: they run JOBS at a time, in this order)
TARGETS="fuzz_action 2500 1024
fuzz_tables 1500 40000
fuzz_referee 4000 1024
fuzz_jdoc 20000 4096
fuzz_map 6000 8192
fuzz_scenario 300 40000
fuzz_cotlb 3000 40000
fuzz_oob 1500 40000
fuzz_table 1500 40000
fuzz_siege 1500 40000
fuzz_siegegame 600 40000
fuzz_ulm 1500 20000
fuzz_ulmgame 1500 8192
fuzz_record 1200 6000
fuzz_http_json 20000 4096"

die() { echo "fuzz: $*" >&2; echo "fuzz: 0 passed, 1 failed"; exit 1; }

build() { # target
	# shellcheck disable=SC2086
	$CC $CFLAGS $SAN -fsanitize=fuzzer -Isrc -DFUZZ_ROOT="\"$ROOT\"" \
		-o "$OUT/$1" "tests/fuzz/$1.c" "$OUT/libcrimea-fuzz.a" $LIBS >"$OUT/logs/$1.build.log" 2>&1
}

selected() { [ -z "$SELECT" ] || case " $SELECT " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# Summarises a failed run from its log: the sanitizer or invariant line and the saved input.
report() { # target log
	grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|fuzz invariant broken|SUMMARY:' "$2" | sed "s|^|$1: |"
	grep -m1 -E 'Test unit written to|Running: ' "$2" | sed "s|^|$1: |"
	grep -m1 -E '^    #[0-9]+ .* in [a-z_]+ .*src/' "$2" | sed "s|^ *|$1:   at |"
}

# one TARGET RUNS MAX_LEN: builds the target and runs it (or its reproducers with --repro);
# writes the lines to print to $TMP/TARGET.out and its passes and failures to $TMP/TARGET.n
one() {
	t=$1 runs=$2 maxlen=$3
	p=0 f=0
	log="$OUT/logs/$t.log"
	exec 3>"$TMP/$t.out"
	if ! build "$t"; then
		echo "$t: FAILED to build" >&3
		sed 's/^/    /' "$OUT/logs/$t.build.log" | head -20 >&3
		f=1
	elif [ "$REPRO" = 1 ]; then
		for c in tests/fuzz/crashes/"$t"-*; do
			[ -f "$c" ] || continue
			if FUZZ_KNOWN_BUGS=1 "$OUT/$t" -runs=1 -timeout=5 -rss_limit_mb=2048 "$c" >"$log" 2>&1; then
				echo "$t: ok $(basename "$c")" >&3
				p=$((p + 1))
			else
				echo "$t: FAILED $(basename "$c")" >&3
				report "$t" "$log" >&3
				f=$((f + 1))
			fi
		done
	else
		corpus="$TMP/$t"
		mkdir -p "$corpus"
		cp tests/fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null
		if [ -n "${FUZZ_TIME:-}" ]; then
			limit="-max_total_time=$FUZZ_TIME"
		else
			limit="-runs=$((runs * ${FUZZ_SCALE:-1}))"
		fi
		# shellcheck disable=SC2086
		if "$OUT/$t" $limit -max_len="$maxlen" -seed="${FUZZ_SEED:-1}" -timeout=20 \
			-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$t-" \
			"$corpus" >"$log" 2>&1; then
			echo "$t: ok ($(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') inputs)" >&3
			p=1
		else
			echo "$t: FAILED (log $log)" >&3
			report "$t" "$log" >&3
			f=1
		fi
	fi
	exec 3>&-
	echo "$p $f" >"$TMP/$t.n"
}

# (the xargs below runs each target through this script: "--one TARGET RUNS MAX_LEN", with
# REPRO and TMP from the run that started it)
if [ "${1:-}" = --one ]; then
	shift
	one "$@"
	exit 0
fi

REPRO=0
SELECT=""
for a in "$@"; do
	case $a in
	--repro) REPRO=1 ;;
	-h|--help) sed -n '2,18p' "$0"; exit 0 ;;
	*) SELECT="$SELECT $a" ;;
	esac
done


command -v "$CC" >/dev/null 2>&1 || die "$CC not found (Debian: apt-get install clang libclang-rt-14-dev)"
mkdir -p "$OUT/obj" "$OUT/logs" "$OUT/artifacts" || die "cannot create $OUT"

# Is libFuzzer's runtime there? (Debian ships it in libclang-rt-NN-dev, a recommendation of clang.)
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
	>"$OUT/probe.c"
$CC -fsanitize=fuzzer,address,undefined "$OUT/probe.c" -o "$OUT/probe" >"$OUT/probe.log" 2>&1 ||
	die "clang cannot link -fsanitize=fuzzer (Debian: apt-get install libclang-rt-14-dev); see $OUT/probe.log"

# The library, compiled once with fuzzer coverage (no libFuzzer main) and sanitizers.
SRCS=$(ls src/core/*.c src/hex/*.c src/plane/*.c src/games/*.c src/games/quad/*.c src/games/cotlb/*.c src/games/siege/*.c src/games/ulm/*.c src/ai/*.c src/app/complete.c)
echo "$SRCS" | sed "s|^\(.*\)\.c$|\1.c $OUT/obj/\1.o|" | while read -r src obj; do
	if [ ! -f "$obj" ] || [ -n "$(find "$src" -newer "$obj")" ] ||
		[ -n "$(find src -name '*.h' -newer "$obj" 2>/dev/null | head -1)" ]; then
		echo "$src $obj"
	fi
done >"$OUT/stale.txt"
if [ -s "$OUT/stale.txt" ]; then
	export CC CFLAGS SAN
	# shellcheck disable=SC2016
	xargs -P "$JOBS" -L 1 sh -c 'mkdir -p "$(dirname "$2")" && $CC $CFLAGS $SAN -fsanitize=fuzzer-no-link -c "$1" -o "$2"' sh \
		<"$OUT/stale.txt" >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; die "library build failed"; }
fi
OBJS=$(echo "$SRCS" | sed "s|^\(.*\)\.c$|$OUT/obj/\1.o|")
rm -f "$OUT/libcrimea-fuzz.a"
# shellcheck disable=SC2086
ar rcs "$OUT/libcrimea-fuzz.a" $OBJS || die "ar failed"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/crimea-fuzz-run.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$TMP"' EXIT INT TERM
# the targets' own temp directories go there too, so a crashed run leaves nothing behind
TMPDIR=$TMP
export TMPDIR

# The targets run JOBS at a time (each is one process), in the list's order, each printed in
# that order when all are done.
echo "$TARGETS" | while read -r t runs maxlen; do selected "$t" && echo "$t $runs $maxlen"; done >"$TMP/todo"
export REPRO TMP TMPDIR
xargs -P "$JOBS" -L 1 sh tests/fuzz/run.sh --one <"$TMP/todo"
pass=0
fail=0
while read -r t runs maxlen; do
	cat "$TMP/$t.out" 2>/dev/null
	read -r p f <"$TMP/$t.n" 2>/dev/null || { p=0 f=1; echo "$t: FAILED (did not finish)"; }
	pass=$((pass + p)); fail=$((fail + f))
done <"$TMP/todo"
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
