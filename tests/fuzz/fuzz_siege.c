/* fuzz_siege: Sevastopol's charts loader (stab_load, what `crimea check` and `crimea referee
 * siege` read) on arbitrary bytes, then rulings on charts that load: charts the loader accepts
 * must be usable. The input's last 8 bytes pick the rulings' parameters; every odds
 * distribution must sum to 1 and every melee and morale lookup give a letter of the table. */
#include <math.h>

#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/siege/sref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct stab t;
	struct jdoc d;
	struct err e;
	struct errlist errs;
	struct stab_fire out;
	double p[STAB_FIRE_ROWS], a[8], s;
	uint8_t k[8] = {0};
	int rc, lost, eff;
	bool used[SB_BATTLES] = {false, false, false};

	if (jdoc_parse(&d, "tables.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = stab_load(&t, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("stab_load failed without saying why");
		return 0;
	}
	if (errs.total)
		fz_fail("stab_load returned 0 with %d errors", errs.total);
	memcpy(k, data + (size > 8 ? size - 8 : 0), size < 8 ? size : 8);
	if (sref_attrition(&t, 1 + k[0] % STAB_TURNS, k[1] % SN_NATIONS, 1 + k[2] % 6, &lost, a, NULL, &e) == 0) {
		s = 0;
		for (int i = 0; i < 8; i++)
			s += a[i];
		if (fabs(s - 1) > 1e-9)
			fz_fail("attrition odds sum to %.12f", s);
	}
	sref_intervention(&t, 1 + k[0] % STAB_TURNS, k[3] % SB_BATTLES, used, 0, 1 + k[4] % 6, &eff, NULL, &e);
	if (sref_bombard(&t, k[5] % 3, 1 + (k[6] * 13) % 1400, (int)(k[7] % 10) - 1, k[7] & 1, 1 + k[2] % 6, &out, p, NULL,
			 &e) == 0) {
		s = 0;
		for (int i = 0; i < STAB_FIRE_ROWS; i++)
			s += p[i];
		if (fabs(s - 1) > 1e-9)
			fz_fail("bombard odds sum to %.12f", s);
		if (out.strength < 0 || out.infantry < 0)
			fz_fail("a negative result");
	}
	for (int c = 0; c < STAB_CRT_COLS; c++)
		for (int m = -4; m <= 10; m++)
			if (!strchr("ADB", sref_melee_result(&t, c, m)) || !strchr("ER12-", sref_morale_effect(&t, c % 4, m)))
				fz_fail("a melee or morale cell outside the table's letters");
	return 0;
}
