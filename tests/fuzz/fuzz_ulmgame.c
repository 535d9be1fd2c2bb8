/* fuzz_ulmgame: the From Ulm to Waterloo game file reader (urost_read, what every `crimea
 * referee ulm ... --game F` reads) on fuzzed JSON, on the real tables. A file that reads must
 * write back a file that reads to the same units, every unit within its bounds; a file that
 * does not must say why. */
#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/ulm/uroster.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct umor_tab fz_mt; /* loaded once; read only */
static struct umel_tab fz_lt;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	static struct errlist errs;
	struct jdoc d;
	struct err e;
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/data/ulm/tables.json", fz_root());
	errlist_init(&errs);
	if (jdoc_load(&d, path, &e) != 0 || umor_load(&fz_mt, &d, &errs) != 0 || umel_load(&fz_lt, &d, &errs) != 0)
		fz_fail("the tables %s do not load", path);
	jdoc_free(&d);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct urost_game g, back;
	static struct errlist errs;
	struct jdoc d;
	struct err e;
	json_t *j;
	char *txt;
	int rc;

	if (jdoc_parse(&d, "ulm.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = urost_read(&g, &fz_mt, &fz_lt, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("urost_read failed without saying why");
		return 0;
	}
	if (errs.total)
		fz_fail("urost_read returned 0 with %d errors", errs.total);
	for (int i = 0; i < g.n; i++) {
		const struct urost_unit *u = &g.u[i];
		if (u->figures < 0 || u->figures > u->original || u->original > UROST_FIGURES || u->state < 0 ||
		    u->state >= UM_STATES || u->perm > 0 || u->perm < -9 || urost_find(&g, u->id) != i)
			fz_fail("unit %d out of bounds: %d of %d figures, state %d", i, u->figures, u->original, u->state);
	}
	if (!(j = urost_json(&g)) || !(txt = json_dumps(j, 0)))
		fz_fail("the game does not write");
	json_decref(j);
	if (jdoc_parse(&d, "back.json", txt, strlen(txt), &e) != 0)
		fz_fail("the written game is not JSON");
	errlist_init(&errs);
	if (urost_read(&back, &fz_mt, &fz_lt, &d, &errs) != 0)
		fz_fail("the written game does not read back");
	jdoc_free(&d);
	free(txt);
	if (back.n != g.n || memcmp(back.u, g.u, sizeof g.u[0] * (size_t)g.n))
		fz_fail("the game read back is not the one written");
	return 0;
}
