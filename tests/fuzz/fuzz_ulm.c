/* fuzz_ulm: From Ulm to Waterloo's morale tables loader (umor_load, what `crimea check` and
 * `crimea referee ulm` read) on arbitrary bytes: tables the loader accepts must be usable: every
 * check's odds sum to 1, and every state a check gives is one of the four, never better than the
 * state held. */
#include <math.h>

#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/ulm/umorale.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct umor_tab t;
	struct jdoc d;
	struct err e;
	struct errlist errs;
	int rc;

	if (jdoc_parse(&d, "tables.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = umor_load(&t, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("umor_load failed without saying why");
		return 0;
	}
	if (errs.total)
		fz_fail("umor_load returned 0 with %d errors", errs.total);
	for (int col = 0; col < UMOR_COLS; col++)
		for (int st = UM_GOOD; st < UM_ROUT; st++)
			for (int c = 0; c < 2; c++) {
				double p[UM_STATES], s = 0;
				int mod = (int)(size % 7) - 4;
				umor_check(&t, col, c, st, mod, 0, 0, p, NULL);
				for (int k = 0; k < UM_STATES; k++)
					s += p[k];
				if (fabs(s - 1) > 1e-9)
					fz_fail("morale odds sum to %.12f", s);
				for (int a = 1; a <= 6; a++) {
					int r = umor_check(&t, col, c, st, mod, a, 7 - a, NULL, NULL);
					if (r < st || r >= UM_STATES)
						fz_fail("a check from %d gave %d", st, r);
				}
			}
	return 0;
}
