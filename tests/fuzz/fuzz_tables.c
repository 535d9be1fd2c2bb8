/* fuzz_tables: the quad rule system's tables loader (qt_load, through the check_tables hook
 * that `crimea check` uses) on arbitrary bytes. Tables that pass the check must also load as
 * the tables of the real balaclava scenario (the input is written as tables.json next to it)
 * and survive a short playout: `crimea check` saying "fine" must mean the file is usable. */
#include "fuzz_game.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fz_tab_ctx {
	const struct rules *quad;
	char scn[FZ_PATH_MAX];
	char tables[FZ_PATH_MAX];
};
static struct fz_tab_ctx ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	ctx.quad = rules_find("quad");
	if (!ctx.quad || !ctx.quad->check_tables)
		fz_fail("no quad rule system with a check_tables hook");
	fz_layout_balaclava(ctx.scn, sizeof ctx.scn, FZ_SKIP_TABLES);
	fz_tmppath(ctx.tables, sizeof ctx.tables, "tables.json");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jdoc d;
	struct err e;
	struct errlist errs;
	struct scenario s;
	static struct game g;

	if (jdoc_parse(&d, "tables.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	int rc = ctx.quad->check_tables(&d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (errs.total == 0)
			fz_fail("check_tables failed without saying why");
		return 0;
	}
	if (errs.total != 0)
		fz_fail("check_tables returned 0 with %d errors", errs.total);

	fz_write(ctx.tables, data, size);
	errlist_init(&errs);
	if (scenario_load(&s, ctx.scn, &errs) != 0) {
		char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
		err_format(&errs.e[0], buf, sizeof buf);
		fz_fail("tables pass check_tables but the scenario does not load with them: %s", buf);
	}
	if (game_init(&g, &s, 1, DICE_RNG, 0, &e) != 0)
		fz_fail("tables pass check_tables but game_init fails: %s", e.msg);
	fz_playout(&g, fnv1a64(FNV_OFFSET, data, size), 8, false);
	scenario_free(&s);
	return 0;
}
