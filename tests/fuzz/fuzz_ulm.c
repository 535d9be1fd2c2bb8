/* fuzz_ulm: From Ulm to Waterloo's tables loaders (umor_load and umel_load, what `crimea check`
 * and `crimea referee ulm` read) on arbitrary bytes: tables the loaders accept must be usable:
 * every check's odds sum to 1, and every state a check gives is one of the four, never better
 * than the state held; every melee's odds sum to 1 and a cast never kills more figures than a
 * side has; every canister discharge's odds sum to 1 and its figures are among them. */
#include <math.h>
#include <string.h>

#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/ulm/ufire.h"
#include "games/ulm/umelee.h"
#include "games/ulm/umorale.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fire tables of d, when they load: every gun at a few ranges and states, its odds and each
 * die's figures. */
static void canister(const struct jdoc *d, size_t size)
{
	static struct ufire_tab t;
	struct errlist errs;
	errlist_init(&errs);
	if (ufire_load(&t, d, &errs) != 0) {
		if (!errs.total)
			fz_fail("ufire_load failed without saying why");
		return;
	}
	for (int g = 0; g < UG_GUNS; g++)
		for (int v = 0; v < 8; v++) {
			struct ufire_canister c;
			struct err e;
			double p[UFIRE_MAX + 1], sum = 0;
			memset(&c, 0, sizeof c);
			c.gun = g;
			c.inches = (int)((size + (size_t)v * 5) % 30);
			c.state = v % 2;
			c.protection = (int)((size + (size_t)v) % 6);
			c.dispersed = (v & 2) != 0;
			c.square = (v & 4) != 0;
			c.militia = (size & 1) != 0;
			c.figures = (int)(size % 20);
			if (ufire_canister(&t, &c, 0, 0, p, NULL, &e) == -1)
				continue;
			for (int k = 0; k <= UFIRE_MAX; k++)
				sum += p[k];
			if (fabs(sum - 1) > 1e-9)
				fz_fail("canister odds sum to %.12f", sum);
			for (int die = 1; die <= 6; die++) {
				int f = ufire_canister(&t, &c, die, 1, NULL, NULL, &e);
				if (f < 0 || f > UFIRE_MAX || p[f] <= 0)
					fz_fail("a die of %d gave %d figures, which the odds give no chance", die, f);
			}
		}
}

/* The melee tables of d, when they load: a few melees of every figure type against the next,
 * with qualities from size, planned, their odds and one cast checked. */
static void melee(const struct jdoc *d, size_t size)
{
	static struct umel_tab t;
	struct errlist errs;
	errlist_init(&errs);
	if (umel_load(&t, d, &errs) != 0) {
		if (!errs.total)
			fz_fail("umel_load failed without saying why");
		return;
	}
	if (errs.total)
		fz_fail("umel_load returned 0 with %d errors", errs.total);
	for (int a = 0; a < t.ntypes; a++) {
		struct umel_melee m;
		struct umel_plan p;
		struct umel_odds o;
		struct umel_result r;
		struct err e;
		int dice[2][UMEL_DICE];
		const int *dp[2] = {dice[0], dice[1]};
		memset(&m, 0, sizeof m);
		m.cast = 1 + (int)(size % 3);
		m.increment = (int)(size % 4);
		m.protection = (int)(size / 3 % 6);
		m.stands = m.protection >= 1 && m.protection <= 3 ? 1 + (int)(size % 4) : 0;
		m.n[0] = 1 + a % 2;
		m.n[1] = 1 + (int)(size % 2);
		for (int s = 0; s < 2; s++)
			for (int k = 0; k < m.n[s]; k++) {
				struct umel_unit *u = &m.u[s][k];
				u->type = (a + s + k) % t.ntypes;
				u->figures = 1 + (int)((size + (size_t)(a * 7 + k)) % 9);
				u->state = (int)((size >> k) % 3);
				u->fl = (unsigned)((size * (size_t)(a + 1) >> s) & 0xFF);
			}
		if (umel_plan(&t, &m, &p, NULL, &e) != 0)
			continue;
		if (p.dice[0] > 5 || p.dice[1] > 5)
			continue; /* (keep the odds quick) */
		umel_odds(&t, &m, &p, &o);
		if (!p.square && fabs(o.lose[0] + o.lose[1] + o.none - 1) > 1e-9)
			fz_fail("melee odds sum to %.12f", o.lose[0] + o.lose[1] + o.none);
		for (int s = 0; s < 2; s++)
			for (int i = 0; i < p.dice[s]; i++)
				dice[s][i] = 1 + (int)((size + (size_t)i) % 6);
		umel_cast(&t, &m, &p, dp, &r, NULL);
		for (int s = 0; s < 2; s++)
			for (int k = 0; k < m.n[s]; k++)
				if (r.lost[s][k] < 0 || r.lost[s][k] > m.u[s][k].figures)
					fz_fail("a unit of %d figures lost %d", m.u[s][k].figures, r.lost[s][k]);
	}
}

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
	melee(&d, size);
	canister(&d, size);
	rc = umor_load(&t, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("umor_load failed without saying why");
		return 0;
	}
	if (errs.total)
		fz_fail("umor_load returned 0 with %d errors", errs.total);
	for (int col = 0; col < UMOR_COLS; col++) {
		double pp, pm;
		bool cast;
		umor_order_change(&t, col, 0, &cast, &pp, &pm, NULL);
		if (pp < 0 || pp > 1 || pm < 0 || pm > 1 || pp + pm > 1 + 1e-12)
			fz_fail("an order change permitted %.3f and calling a morale cast %.3f", pp, pm);
		for (int die = 1; die <= 6; die++) {
			int ok = umor_order_change(&t, col, die, &cast, NULL, NULL, NULL);
			/* a file without the order change tables rules none: -1, and no cast */
			if (!t.oc_have ? ok != -1 || cast : ok != 0 && ok != 1)
				fz_fail("an order change gave %d (the tables %s)", ok, t.oc_have ? "there" : "absent");
			if (ok && cast)
				fz_fail("a die both permits the change and calls a morale cast");
		}
	}
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
