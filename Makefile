# crimea build. `make` builds build/crimea and the benchmarks (build/bench/, kept in step so a
# stale benchmark never measures old code); `make test` builds and runs the unit tests;
# `make asan` runs them under AddressSanitizer + UBSan; tests/fuzz/run.sh runs the fuzzers.
# WERROR=1 (set by CI) turns warnings into errors.

CC      ?= cc
O       ?= build
OPT     ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion \
           -Wsign-conversion -Wformat=2 -Wundef -Wpointer-arith -Wcast-qual -Wvla \
           -Wno-sign-conversion
ifeq ($(WERROR),1)
WARN    += -Werror
endif
PKGS    := jansson libmicrohttpd sqlite3 libsodium
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -pthread $(OPT) $(WARN) $(shell pkg-config --cflags $(PKGS))
LDLIBS  += $(shell pkg-config --libs $(PKGS)) -lm -pthread
# the crimea command alone also links libedit (the play prompt's line editing, src/app/prompt.c)
APP_LDLIBS := $(shell pkg-config --libs libedit)
# MPI=1: `crimea sim` shares its games among MPI ranks (Debian: openmpi-bin libopenmpi-dev).
ifeq ($(MPI),1)
CC      := mpicc
CFLAGS  += -DCRIMEA_MPI
endif

LIB_SRC := $(wildcard src/core/*.c src/hex/*.c src/plane/*.c src/games/*.c src/games/*/*.c src/ai/*.c)
APP_SRC := $(wildcard src/app/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(O)/%.o)
APP_OBJ := $(APP_SRC:%.c=$(O)/%.o)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TESTS   := $(TEST_SRC:tests/unit/%.c=$(O)/tests/%)
BENCH_SRC := $(wildcard bench/bench_*.c)
BENCHES := $(BENCH_SRC:bench/%.c=$(O)/bench/%)

all: $(O)/crimea $(BENCHES)

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(O)/libcrimea.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(O)/crimea: $(APP_OBJ) $(O)/libcrimea.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(APP_OBJ) $(O)/libcrimea.a $(APP_LDLIBS) $(LDLIBS)

# crimea-mpi: the crimea command whose `sim` shares its games among MPI ranks (Debian:
# openmpi-bin libopenmpi-dev), linked from $(O)/crimea's objects: only cmd_sim.c knows MPI, so only
# it is compiled again, by mpicc with CRIMEA_MPI (tests/cli/sim.sh builds it in seconds; MPI=1
# builds every object with mpicc instead, as $(O)/crimea)
MPI_OBJ := $(O)/mpi/src/app/cmd_sim.o
$(MPI_OBJ): src/app/cmd_sim.c
	@mkdir -p $(dir $@)
	mpicc $(CFLAGS) -DCRIMEA_MPI -MMD -MP -c $< -o $@

$(O)/crimea-mpi: $(filter-out $(O)/src/app/cmd_sim.o,$(APP_OBJ)) $(MPI_OBJ) $(O)/libcrimea.a
	mpicc $(CFLAGS) $(LDFLAGS) -o $@ $(filter-out $(O)/src/app/cmd_sim.o,$(APP_OBJ)) $(MPI_OBJ) $(O)/libcrimea.a \
		$(APP_LDLIBS) $(LDLIBS)

$(O)/tests/%: tests/unit/%.c tests/unit/testutil.h tests/unit/quadfix.h $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/libcrimea.a $(TEST_LDWRAP) $(LDLIBS) -lcmocka

# test_noalloc counts the library's allocations inside games: its calls to malloc, calloc and
# realloc go through the test's wrappers
$(O)/tests/test_noalloc: TEST_LDWRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

$(O)/bench/%: bench/%.c bench/scenarios.h $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/libcrimea.a $(LDLIBS)

# test_store tests the server's store (src/app/store.c, not in the library) with it
$(O)/tests/test_store: tests/unit/test_store.c $(O)/src/app/store.o $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/src/app/store.o $(O)/libcrimea.a $(LDLIBS) -lcmocka

# test_players tests how the app reads a record's players line (src/app/players.c) with it
$(O)/tests/test_players: tests/unit/test_players.c $(O)/src/app/players.o $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/src/app/players.o $(O)/libcrimea.a $(LDLIBS) -lcmocka

# test_svgmap tests the printable map, counters and booklet (src/app/svgmap.c, svgbook.c) with them
$(O)/tests/test_svgmap: tests/unit/test_svgmap.c $(O)/src/app/svgmap.o $(O)/src/app/svgbook.o $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/src/app/svgmap.o $(O)/src/app/svgbook.o $(O)/libcrimea.a $(LDLIBS) -lcmocka

# test_complete tests the play prompt's tab completion (src/app/complete.c) with it
$(O)/tests/test_complete: tests/unit/test_complete.c $(O)/src/app/complete.o $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/src/app/complete.o $(O)/libcrimea.a $(LDLIBS) -lcmocka

# bench_prompt times the play prompt's completion (src/app/complete.c) with it
$(O)/bench/bench_prompt: bench/bench_prompt.c $(O)/src/app/complete.o $(O)/libcrimea.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(O)/src/app/complete.o $(O)/libcrimea.a $(LDLIBS)

# the portable path_sweep's tests are test_pathsearch.c's, on pathsweep.c compiled with them
$(O)/tests/test_pathsweep_scalar: tests/unit/test_pathsearch.c src/hex/pathsweep.c

# ptyrun drives the crimea command on a pseudo-terminal for the CLI tests (tests/cli/run.sh)
$(O)/tests/ptyrun: tests/cli/ptyrun.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

tests: $(TESTS) $(O)/tests/ptyrun

test: $(O)/crimea $(TESTS) $(O)/tests/ptyrun
	@sh tests/run-unit.sh $(O)

# (UNIT_SANITIZED: tests/run-unit.sh leaves the strength test out under the sanitizers; CI runs
# it with CC=clang, as its clang build, the benchmarks too)
asan:
	UNIT_SANITIZED=1 $(MAKE) O=build-asan OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -DQ_OCC_VERIFY" \
		LDFLAGS="-fsanitize=address,undefined" build-asan/crimea bench test

# the crimea command under the sanitizers, through the CLI tests (after `make asan`)
asan-cli: asan
	sh tests/cli/run.sh build-asan/crimea

bench: $(BENCHES)

clean:
	rm -rf build build-asan build-fuzz

.PHONY: all test tests asan asan-cli bench clean
-include $(LIB_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(MPI_OBJ:.o=.d)
