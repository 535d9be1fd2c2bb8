/* fuzz_referee: the referee's request bodies (POST /api/referee/cotlb: ref_req_json) and the
 * rulings they ask for (ref_run) on the real play sheet, on fuzzed JSON. Compiled by including
 * src/games/cotlb/referee.c (no server). Checked: a refused body says why; a run answers (0) or says
 * why it does not (1 a refusal of the sheet, 2 a bad request); every distribution of an answer
 * sums to 1; the answer becomes JSON. */
#include "games/cotlb/referee.c"

#include <math.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ctab fz_sheet; /* loaded once; read only */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	struct errlist errs;
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/data/cotlb/sheet-2014.json", fz_root());
	errlist_init(&errs);
	if (ctab_load_file(&fz_sheet, path, &errs) != 0)
		fz_fail("the play sheet %s does not load", path);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ref_req q;
	static struct ref_out o;
	char why[256] = "";
	json_error_t jerr;
	json_t *body = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &jerr), *out;
	int rc;

	if (!body)
		return 0;
	rc = ref_req_json(body, &q, why, sizeof why);
	json_decref(body);
	if (rc != 0) {
		if (!why[0])
			fz_fail("a refused referee body says nothing");
		return 0;
	}
	rc = ref_run(&fz_sheet, &q, &o);
	if (rc < 0 || rc > 2)
		fz_fail("ref_run returned %d", rc);
	if (rc && !o.error[0])
		fz_fail("ref_run refused (%d) without saying why", rc);
	if (o.nitems < 0 || o.nitems > REF_ITEMS || o.ndists < 0 || o.ndists > REF_DISTS)
		fz_fail("%d items, %d distributions", o.nitems, o.ndists);
	for (int i = 0; i < o.ndists; i++) {
		double s = 0;
		for (int k = 0; k <= o.dist[i].n; k++)
			s += o.dist[i].p[k];
		if (fabs(s - 1) > 1e-9)
			fz_fail("distribution %d sums to %.12f", i, s);
	}
	out = ref_out_json(&o);
	if (!out)
		fz_fail("the answer did not become JSON");
	json_decref(out);
	return 0;
}
