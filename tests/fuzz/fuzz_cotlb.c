/* fuzz_cotlb: the Charge of the Light Brigade play sheet loader (ctab_load, what `crimea check`
 * and `crimea referee cotlb` read) on arbitrary bytes, then rulings on a sheet that loads: a
 * sheet the loader accepts must be usable. The tail of the input (its last 16 bytes) picks the
 * rulings' parameters and dice; every odds distribution must sum to 1 and every ruling either
 * refuse with a message or rule within bounds. */
#include <math.h>

#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/cotlb/cref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static double sum(const double *p, int n)
{
	double s = 0;
	for (int i = 0; i <= n; i++)
		s += p[i];
	return s;
}

static void near1(double s, const char *what)
{
	if (fabs(s - 1) > 1e-9)
		fz_fail("%s odds sum to %.12f", what, s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ctab t;
	static struct cref_cc_odds co;
	struct jdoc d;
	struct err e;
	struct errlist errs;
	struct event store[256];
	struct evsink ev;
	uint8_t k[16] = {0};
	int rc;

	if (jdoc_parse(&d, "sheet.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = ctab_load(&t, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (errs.total == 0)
			fz_fail("ctab_load failed without saying why");
		return 0;
	}
	if (errs.total)
		fz_fail("ctab_load returned 0 with %d errors", errs.total);
	if (!t.nweapons || !t.nunits || !t.nmoves)
		return 0;
	memcpy(k, data + (size > 16 ? size - 16 : 0), size < 16 ? size : 16);
	evsink_init(&ev, store, 256);

	/* fire, and the target's saves */
	{
		struct cref_fire f = {k[0] % t.nweapons, 1 + k[1] % 12, k[2] % 4, k[3] & 1, k[3] % 3,
				      (k[3] & 2) != 0, (k[4] & 1) ? -1 : k[4] % 48, (k[4] & 2) != 0};
		struct cref_unit u = {k[5] % t.nunits, 1 + k[6] % CREF_FIG_MAX, k[7] % 4, k[7] & 1};
		double hits[CREF_DICE_MAX + 1], mk[CREF_DICE_MAX + 1], lead, cas[CREF_FIG_MAX + 1];
		struct cref_shot s;
		struct cref_fire_out o;
		int dice[CREF_DICE_MAX], used, c;
		if (cref_shot(&t, &f, &s, &e) == 0) {
			if (s.dice < 1 || s.dice > CREF_DICE_MAX || s.need < 1 || s.need > CTAB_NEVER)
				fz_fail("a shot of %d dice needing %d", s.dice, s.need);
			cref_fire_odds(&t, &f, hits, CREF_DICE_MAX, mk, CREF_DICE_MAX, &lead, &e);
			near1(sum(hits, CREF_DICE_MAX), "fire hits");
			near1(sum(mk, CREF_DICE_MAX), "fire markers");
			for (int i = 0; i < s.dice; i++)
				dice[i] = 1 + (k[8 + i % 8] + i) % 6;
			if (cref_fire_roll(&t, &f, dice, s.dice, &o, &ev, &e) != 0)
				fz_fail("a volley's own dice refused: %s", e.msg);
			if (o.hits < 0 || o.hits > s.dice)
				fz_fail("%d hits from %d dice", o.hits, s.dice);
			cref_save_odds(&t, &u, o.hits, cas, CREF_FIG_MAX);
			near1(sum(cas, CREF_FIG_MAX), "saves");
			rc = cref_save_roll(&t, &u, o.hits, dice, s.dice, &used, &c, &ev, &e);
			if (c < 0 || c > u.figures)
				fz_fail("%d casualties of %d figures", c, u.figures);
		} else if (!e.msg[0]) {
			fz_fail("a shot refused without a reason");
		}
	}
	/* close combat */
	{
		struct cref_side a = {{k[9] % t.nunits, 1 + k[10] % 12, k[11] % 3, k[11] & 1}, {0}, 0, false, false, true};
		struct cref_side b = {{k[12] % t.nunits, 1 + k[13] % 12, k[14] % 3, 0}, {0}, 0, (k[14] & 4) != 0,
				      (k[14] & 8) != 0, false};
		if (t.nmods) {
			a.mods[a.nmods++] = k[15] % t.nmods;
			b.mods[b.nmods++] = (k[15] / 7) % t.nmods;
		}
		if (cref_cc_odds(&t, &a, &b, &co, &e) == 0) {
			near1(co.win[0] + co.win[1], "close combat winner");
			for (int s = 0; s < 2; s++) {
				near1(sum(co.hits[s], CREF_HITS_MAX), "close combat hits");
				near1(sum(co.cas[s], CREF_FIG_MAX), "close combat casualties");
			}
		}
	}
	/* a move */
	{
		struct cref_move m = {k[1] % t.nmoves, k[2] % 3, (k[2] & 8) != 0, (int)(k[3] % 4) - 1, (k[3] & 4) != 0,
				      k[4] % 3};
		double dist[64];
		if (cref_move_dice(&t, &m, &e) > 0 && cref_move_odds(&t, &m, dist, 63, &e) == 0)
			near1(sum(dist, 63), "move");
	}
	return 0;
}
