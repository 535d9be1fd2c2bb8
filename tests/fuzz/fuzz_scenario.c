/* fuzz_scenario: scenario_load (src/games/rules.h) of a fuzzed scenario file.
 * The input is written as balaclava/scenario.json in a temp directory that also holds the real
 * balaclava/map.json and tables.json (so "map": "map.json" and "tables": "../tables.json" resolve
 * as in data/quad). A scenario that loads must start a game and survive a short playout of legal
 * actions with the invariants of fuzz_game.h; every refusal must come with an error. */
#include "fuzz_game.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fz_scn_ctx {
	char path[FZ_PATH_MAX];
};
static struct fz_scn_ctx ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_layout_balaclava(ctx.path, sizeof ctx.path, FZ_SKIP_SCENARIO);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario s;
	struct errlist errs;
	static struct game g; /* 8 KB: kept off the stack */
	struct err e;

	fz_write(ctx.path, data, size);
	errlist_init(&errs);
	if (scenario_load(&s, ctx.path, &errs) != 0) {
		if (errs.total == 0)
			fz_fail("scenario_load failed without saying why");
		scenario_free(&s);
		return 0;
	}
	if (errs.total != 0)
		fz_fail("scenario_load succeeded with %d errors", errs.total);
	if (game_init(&g, &s, 1, DICE_RNG, 0, &e) == 0) {
		uint64_t seed = fnv1a64(FNV_OFFSET, data, size);
		fz_playout(&g, seed, 12, true);
	} else if (!e.msg[0]) {
		fz_fail("game_init failed without saying why");
	}
	scenario_free(&s);
	return 0;
}
