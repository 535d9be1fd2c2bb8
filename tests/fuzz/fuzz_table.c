/* fuzz_table: the Charge of the Light Brigade table loader (ctbl_load, what `crimea check` and
 * `crimea referee cotlb new --table` read) on fuzzed JSON, against the real play sheet and the
 * balaclava-2014 order of battle; a table that loads is set up, and every ruling on where units
 * stand (gaps, fire, moves, the command radius) runs on it with its invariants checked: no
 * starting unit within 2" of an enemy, no more dice than stands or gunners, no negative gap. */
#include "fuzz_common.h"

#include <string.h>

#include "core/jdoc.h"
#include "games/cotlb/cact.h"
#include "games/cotlb/ctable.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ctab fz_sheet;   /* loaded once; read only */
static struct cros_oob fz_oob; /* loaded once; read only */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	struct errlist errs;
	(void)argc;
	(void)argv;
	errlist_init(&errs);
	snprintf(path, sizeof path, "%s/data/cotlb/sheet-2014.json", fz_root());
	if (ctab_load_file(&fz_sheet, path, &errs) != 0)
		fz_fail("the play sheet %s does not load", path);
	snprintf(path, sizeof path, "%s/data/cotlb/balaclava-2014.json", fz_root());
	if (cros_oob_load_file(&fz_oob, &fz_sheet, path, &errs) != 0)
		fz_fail("the order of battle %s does not load", path);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ctbl tb;
	static struct cros_game g;
	static struct errlist errs;
	const struct ctab *t = &fz_sheet;
	const struct cros_oob *o = &fz_oob;
	struct event store[64];
	struct evsink ev;
	struct jdoc d;
	struct err e;
	int rc, tries = 0;

	if (jdoc_parse(&d, "table.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = ctbl_load(&tb, t, o, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("a table refused without a reason");
		return 0;
	}
	cros_new(o, &g);
	ctbl_deploy(&tb, o, &g);
	evsink_init(&ev, store, 64);
	/* a unit that stays where it starts keeps any restriction (the loader checked its area) */
	for (int i = 0; i < o->n; i++)
		if (g.s[i].pos.on && ctbl_restricted(&tb, o, &g, i, &g.s[i].pos, &e) != 0)
			fz_fail("%s may not stay where it starts: %s", o->u[i].id, e.msg);
	for (int i = 0; i < o->n; i++) {
		if (!g.s[i].pos.on)
			continue;
		for (int j = 0; j < o->n; j++) {
			int32_t gap = ctbl_gap(t, &tb, o, &g, i, j);
			if (j == i || !g.s[j].pos.on)
				continue;
			if (gap < 0 || gap != ctbl_gap(t, &tb, o, &g, j, i))
				fz_fail("gap %s-%s %d, not symmetric or negative", o->u[i].id, o->u[j].id, gap);
			if (o->u[i].side != o->u[j].side && gap < CTBL_TWO_INCHES)
				fz_fail("%s starts %d units from the enemy %s", o->u[i].id, gap, o->u[j].id);
			if (o->u[i].side != o->u[j].side && tries++ < 40) {
				struct ctbl_sight s;
				int most = tb.base[o->u[i].type].arm == CA_ARTILLERY ? g.s[i].figures : o->u[i].stands;
				evsink_clear(&ev);
				if (ctbl_sight(t, &tb, o, &g, i, j, &s, &ev, &e) != 0)
					fz_fail("sight %s at %s refused: %s", o->u[i].id, o->u[j].id, e.msg);
				if (s.stands < 0 || s.pivot_stands < 0 || s.stands + s.pivot_stands > most)
					fz_fail("%s: %d + %d dice of %d", o->u[i].id, s.stands, s.pivot_stands, most);
			}
		}
		/* a few moves: toward the table's middle, and a pivot; whatever is allowed must end legal */
		{
			struct ctbl_move mv;
			struct cros_pos p = g.s[i].pos;
			p.c.x = (p.c.x + tb.width / 2) / 2;
			p.c.y = (p.c.y + tb.depth / 2) / 2;
			p.facing = pl_norm(p.facing + 20);
			evsink_clear(&ev);
			if (ctbl_move_plan(t, &tb, o, &g, i, &p, &mv, &ev, &e) == 0 && ctbl_check(t, &tb, o, &g, i, &p, &e) != 0)
				fz_fail("a move of %s planned to a place it may not stand: %s", o->u[i].id, e.msg);
		}
	}
	/* what the units may do (cact.c): a unit on the table, at an enemy (a volley with no more
	 * dice than it has, a charge within 2"), nothing paid without the sequence; a double line is
	 * the same both ways round */
	{
		static struct cact a[CACT_LIST_MAX];
		int n = cact_list(NULL, t, &tb, o, &g, -1, a, CACT_LIST_MAX);
		for (int k = 0; k < n && k < CACT_LIST_MAX; k++) {
			const struct cact *x = &a[k];
			if (x->unit < 0 || x->unit >= o->n || !g.s[x->unit].pos.on || x->cost || x->target >= o->n)
				fz_fail("action %d: unit %d, target %d, cost %d", k, x->unit, x->target, x->cost);
			if ((x->kind == CACT_FIRE || x->kind == CACT_CHARGE) &&
			    (x->target < 0 || o->u[x->target].side == o->u[x->unit].side))
				fz_fail("%s's %s is at no enemy", o->u[x->unit].id, cact_kind_name[x->kind]);
			if (x->kind == CACT_CHARGE && ctbl_gap(t, &tb, o, &g, x->unit, x->target) > CTBL_TWO_INCHES)
				fz_fail("%s may charge %s from beyond 2\"", o->u[x->unit].id, o->u[x->target].id);
		}
		for (int i = 0; i + 1 < o->n; i++)
			if (ctbl_double_line(t, &tb, o, &g, i, i + 1) != ctbl_double_line(t, &tb, o, &g, i + 1, i))
				fz_fail("%s and %s: a double line one way round only", o->u[i].id, o->u[i + 1].id);
	}
	/* a rout of each unit on the table: where it ends is on the table, on no unit */
	for (int i = 0; i < o->n; i++) {
		struct ctbl_fall fb;
		struct cros_pos was = g.s[i].pos;
		if (!was.on)
			continue;
		evsink_clear(&ev);
		if (ctbl_fall_back(t, &tb, o, &g, i, -1, 4 + i % 21, true, &fb, &ev, &e) != 0)
			fz_fail("a rout of %s refused: %s", o->u[i].id, e.msg);
		if (fb.to.on) {
			g.s[i].pos.on = false;
			if (ctbl_check(t, &tb, o, &g, i, &fb.to, &e) != 0 && !strstr(e.msg, "[MOVE (i)]"))
				fz_fail("%s routs to where it may not stand: %s", o->u[i].id, e.msg);
			g.s[i].pos = was;
		}
	}
	evsink_clear(&ev);
	ctbl_command(t, &tb, o, &g, &ev);
	return 0;
}
