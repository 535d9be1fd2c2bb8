/* Unit tests for src/games/ulm/umelee.c: From Ulm to Waterloo's melee as read from
 * data/ulm/tables.json: each side's dice and modifiers (Melee B.7, C.2-C.4, D, E; Infantry vs
 * Cavalry A, D; Constructions A-B), the casualties by vulnerability from the point of contact,
 * the rulebook's limit on one or two men (its example, C.2.f), doubles, the loser, the square,
 * and the odds against every roll of the dice. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/jdoc.h"
#include "games/ulm/umelee.h"
#include "games/ulm/umorale.h"

#define TABLES "data/ulm/tables.json"

static const struct umel_tab *tab(void)
{
	static struct umel_tab t;
	static int loaded;
	if (!loaded) {
		struct errlist *l = malloc(sizeof *l);
		assert_non_null(l);
		errlist_init(l);
		struct jdoc d;
		struct err e;
		assert_int_equal(jdoc_load(&d, TABLES, &e), 0);
		if (umel_load(&t, &d, l) != 0) {
			for (int i = 0; i < l->n; i++)
				print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
			free(l);
			fail_msg("%s does not load", TABLES);
		}
		jdoc_free(&d);
		free(l);
		loaded = 1;
	}
	return &t;
}

/* Side s's next unit: a figure type, figures, a state and qualities. */
static void add(struct umel_melee *m, int s, const char *type, int figures, int state, unsigned fl)
{
	struct umel_unit *u = &m->u[s][m->n[s]++];
	u->type = umel_type(tab(), type);
	assert_true(u->type >= 0);
	u->figures = figures;
	u->state = state;
	u->fl = fl;
}

static void fresh(struct umel_melee *m)
{
	memset(m, 0, sizeof *m);
	m->cast = 1;
}

static void plan_ok(const struct umel_melee *m, struct umel_plan *p)
{
	struct err e;
	if (umel_plan(tab(), m, p, NULL, &e) != 0)
		fail_msg("no melee: %s", e.msg);
}

/* One cast with these dice. */
static void cast(const struct umel_melee *m, const struct umel_plan *p, const int *a, const int *d, struct umel_result *r)
{
	const int *dice[2] = {a, d};
	umel_cast(tab(), m, p, dice, r, NULL);
}

/* Melee C.3's table, with Special Units A.2 and D.4. */
static void test_vulnerability(void **state)
{
	(void)state;
	const struct umel_tab *t = tab();
	static const struct {
		const char *type;
		int vul;
	} want[] = {{"infantry", 1}, {"artillery", 1}, {"train", 1}, {"grenadier", 2}, {"sapper", 2}, {"light-infantry", 1},
		    {"guard-infantry", 3}, {"light-guard-infantry", 2}, {"light-horse", 2}, {"dragoon", 3}, {"cuirassier", 4},
		    {"commander", 3}};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_int_equal(t->vul[umel_type(t, want[i].type)], want[i].vul);
	assert_int_equal(umel_type(t, "uhlan"), -1);
	assert_int_equal(t->mod[UMM_PROT1], 4);
	assert_int_equal(t->mod[UMM_PROT4], 1);
	assert_int_equal(t->mod[UMM_MILITIA], -2);
	assert_int_equal(t->mod[UMM_CAV_SKIRMISHER], -3);
}

/* B.7 and C.2: 2 dice for the first unit, 1 for each other; one die disorganized or falling
 * back, none in rout; bonus dice (enfilade C.4, lancers D) on the first cast only; the
 * increment on the first two casts only (C.2.d, B.10). */
static void test_dice(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_DISORGANIZED, 0);
	add(&m, 1, "infantry", 30, UM_ROUT, 0);
	add(&m, 1, "grenadier", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 3);
	assert_int_equal(p.dice[1], 3); /* 1 disorganized + 0 rout + 2 for the first in good order */
	m.u[1][2].state = UM_DISORGANIZED;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[1], 2); /* nobody in good order: a die each but the routed */
	m.u[1][2].state = UM_GOOD;
	m.u[1][0].state = UM_GOOD; /* the listing order does not matter */
	plan_ok(&m, &p);
	assert_int_equal(p.dice[1], 3);
	fresh(&m);
	add(&m, 0, "light-horse", 20, UM_GOOD, UMEL_LANCER | UMEL_ENFILADE);
	add(&m, 1, "light-horse", 20, UM_FALL_BACK, 0);
	m.increment = 3;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 4); /* 2 + enfilade + lancers */
	assert_int_equal(p.dice[1], 1); /* falling back */
	assert_int_equal(p.mod[0], 3);
	m.cast = 2;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 2);
	assert_int_equal(p.mod[0], 3);
	m.cast = 3;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 0);
}

/* Infantry vs Cavalry A: dismounted troops against cavalry, one die a unit, -1, and no
 * increment; Constructions A: protection; Special Units E.1 and H.2: militia and second line -2;
 * Melee E.3: cavalry skirmishers -3 against formed troops. */
static void test_modifiers(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	fresh(&m);
	add(&m, 0, "dragoon", 24, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, UMEL_MILITIA);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	m.protection = 4;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[1], 2);
	assert_int_equal(p.mod[1], -1 - 2 - 1 + 1 + 1); /* dismounted twice, militia, cover for each unit */
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, UMEL_SECOND_LINE);
	add(&m, 1, "light-horse", 20, UM_GOOD, UMEL_ROUTE_MARCH);
	m.increment = 2;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 1);
	assert_int_equal(p.mod[0], -1 - 2); /* and the increment lost (A.3) */
	assert_int_equal(p.mod[1], -3);     /* Route March D.5.b */
	fresh(&m);
	add(&m, 0, "light-horse", 8, UM_GOOD, UMEL_SKIRMISHER);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	m.protection = 5;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], -3);
	assert_int_equal(p.mod[1], -1 + 1); /* dismounted against cavalry, rubble */
}

/* C.2.e: the total over the opposing figures' vulnerability, fractions discarded, from the
 * point of contact: the next unit loses figures only once the first is gone. */
static void test_casualties(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "cuirassier", 2, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 1); /* infantry against cavalry */
	{
		int a[] = {6}, d[] = {5, 1, 2};
		assert_int_equal(p.dice[1], 3);
		cast(&m, &p, a, d, &r); /* 6 - 1 = 5: one cuirassier (4), the 1 left does not reach the infantry */
		assert_int_equal(r.total[0], 5);
		assert_int_equal(r.lost[1][0], 1);
		assert_int_equal(r.lost[1][1], 0);
		assert_int_equal(r.lost[0][0], 8);
		assert_int_equal(r.loser, 0);
	}
	fresh(&m);
	add(&m, 0, "guard-infantry", 30, UM_GOOD, 0);
	add(&m, 1, "dragoon", 1, UM_GOOD, 0);
	add(&m, 1, "grenadier", 20, UM_GOOD, 0);
	m.increment = 1;
	plan_ok(&m, &p);
	{
		int a[] = {5}, d[] = {3, 4, 1};
		assert_int_equal(p.dice[1], 3);
		cast(&m, &p, a, d, &r); /* 5 -1 +0 (infantry lose the increment) = 4: the dragoon (3), then 1 < 2 */
		assert_int_equal(r.total[0], 4);
		assert_int_equal(r.lost[1][0], 1);
		assert_int_equal(r.lost[1][1], 0);
		assert_int_equal(r.lost[0][0], 2); /* 8 / 3 */
		assert_int_equal(r.loser, 0);
	}
}

/* C.2.f's example: one man cannot kill more than 2, two not more than 4; F.1.b: gunners kill
 * at most double their number. */
static void test_few_men(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	int six[] = {6, 6}, one[] = {1, 2};
	for (int men = 1; men <= 3; men++) {
		fresh(&m);
		add(&m, 0, "infantry", men, UM_GOOD, 0);
		add(&m, 1, "infantry", 30, UM_GOOD, 0);
		plan_ok(&m, &p);
		cast(&m, &p, six, one, &r);
		assert_int_equal(r.lost_all[1], men <= 2 ? 2 * men : 12);
	}
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "artillery", 4, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.cap[1], 8);
	{
		int a[] = {1, 1}, d[] = {6, 5};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.lost_all[0], 8);
		assert_int_equal(r.lost_all[1], 2);
		assert_int_equal(r.loser, 0);
	}
}

/* C.2.g: doubles make the enemy check, unless the side that cast them was eliminated; B.8.b:
 * equal losses, no loser. */
static void test_doubles(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	fresh(&m);
	add(&m, 0, "infantry", 5, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	{
		int a[] = {2, 2}, d[] = {1, 2};
		cast(&m, &p, a, d, &r);
		assert_true(r.doubles[0]);
		assert_true(r.check[1]);
		assert_false(r.check[0]);
		assert_int_equal(r.loser, 1); /* 4 lost to 3 */
	}
	{
		int a[] = {2, 2}, d[] = {3, 3};
		cast(&m, &p, a, d, &r); /* the attackers lose all 5: their doubles force nothing */
		assert_int_equal(r.lost_all[0], 5);
		assert_false(r.check[1]);
		assert_false(r.check[0]); /* nobody left to check */
		assert_int_equal(r.loser, 0);
	}
	{
		int a[] = {1, 2}, d[] = {2, 1};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.loser, -1);
	}
}

/* What is not a melee: routed attackers, unprotected infantry skirmishers against formed troops
 * (Melee E.2; protected ones and enfilade attackers melee, E.4, E.5.b), infantry with cavalry
 * against a square (F.2), a square in fall back (B.5). */
static void test_not_melee(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct err e;
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_ROUT, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Melee B.7] a routed unit does not attack"));
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "light-infantry", 6, UM_GOOD, UMEL_SKIRMISHER);
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Melee E.2]"));
	m.protection = 4;
	plan_ok(&m, &p);
	fresh(&m);
	add(&m, 0, "light-infantry", 6, UM_GOOD, UMEL_SKIRMISHER | UMEL_ENFILADE);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 2); /* enfilade, but no extra die against formed troops (E.5.b) */
	fresh(&m);
	add(&m, 0, "dragoon", 24, UM_GOOD, 0);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, UMEL_SQUARE);
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Inf v Cav F.2]"));
	fresh(&m);
	add(&m, 0, "dragoon", 24, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_FALL_BACK, UMEL_SQUARE);
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Inf v Cav B.5]"));
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	m.protection = 6;
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	m.protection = 2; /* works need the attackers' stands in contact */
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Constructions D.6.b]"));
	/* qualities on the wrong unit */
	static const struct {
		const char *type;
		int side;
		unsigned fl;
		const char *why;
	} wrong[] = {{"infantry", 0, UMEL_LANCER, "lancers and swerving cavalry are horse"},
		     {"infantry", 1, UMEL_MILITIA | UMEL_SECOND_LINE, "not both"},
		     {"infantry", 0, UMEL_SQUARE, "a square defends"},
		     {"light-horse", 1, UMEL_LANCER, "attackers' qualities"},
		     {"dragoon", 1, UMEL_SQUARE, "a square is formed infantry"}};
	for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
		fresh(&m);
		add(&m, 0, wrong[i].side ? "infantry" : wrong[i].type, 20, UM_GOOD, wrong[i].side ? 0 : wrong[i].fl);
		add(&m, 1, wrong[i].side ? wrong[i].type : "infantry", 20, UM_GOOD, wrong[i].side ? wrong[i].fl : 0);
		assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
		assert_non_null(strstr(e.msg, wrong[i].why));
	}
	fresh(&m);
	add(&m, 0, "infantry", 20, UM_GOOD, 0);
	add(&m, 1, "infantry", 20, UM_GOOD, 0);
	m.faces = 2; /* a square's */
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	fresh(&m);
	add(&m, 0, "dragoon", 20, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, UMEL_SQUARE);
	add(&m, 1, "artillery", 4, UM_GOOD, 0);
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1); /* a square defends alone */
	assert_non_null(strstr(e.msg, "[Inf v Cav B.4.b]"));
	m.n[1] = 1;
	m.cast = 2; /* the cavalry swerved after the first cast */
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Inf v Cav E]"));
	m.u[0][0].fl = UMEL_TRAPPED;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], -2);
}

/* Infantry vs Cavalry D: the break-in roll (12, or 11-12 against a disorganized square), and a
 * cast against an unbroken square: a die a cavalry unit and a face, a figure a pip, increment
 * for lancers (or any cavalry against a disorganized square); a broken square melees as
 * dismounted troops at -2 more. */
static void test_square(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	assert_true(fabs(umel_square_break(false, 0, 0, NULL) - 1.0 / 36) < 1e-12);
	assert_true(fabs(umel_square_break(true, 0, 0, NULL) - 3.0 / 36) < 1e-12);
	assert_true(umel_square_break(false, 6, 6, NULL) == 1);
	assert_true(umel_square_break(false, 6, 5, NULL) == 0);
	assert_true(umel_square_break(true, 6, 5, NULL) == 1);
	fresh(&m);
	add(&m, 0, "cuirassier", 24, UM_GOOD, 0);
	add(&m, 0, "light-horse", 20, UM_GOOD, UMEL_LANCER);
	add(&m, 1, "infantry", 40, UM_GOOD, UMEL_SQUARE);
	m.faces = 2;
	m.increment = 2;
	plan_ok(&m, &p);
	assert_true(p.square);
	assert_int_equal(p.dice[0], 2);
	assert_int_equal(p.dice[1], 2);
	assert_int_equal(p.mod[0], 2);
	{
		int a[] = {3, 5}, d[] = {4, 4};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.lost_all[1], 10);
		assert_int_equal(r.lost_all[0], 8); /* a figure a pip, cuirassiers too */
		assert_int_equal(r.loser, -1);
		assert_true(r.check[0]);
	}
	m.u[0][1].fl = 0; /* no lancers: no increment against a good square (Charges C.5.b) */
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 0);
	m.u[1][0].state = UM_DISORGANIZED; /* D.10.b */
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 2);
	m.u[1][0].fl |= UMEL_BROKEN; /* D.8 */
	m.faces = 0;
	plan_ok(&m, &p);
	assert_false(p.square);
	assert_int_equal(p.dice[1], 1);
	assert_int_equal(p.mod[1], -1 - 2);
	assert_int_equal(p.mod[0], 2); /* a charge into the broken square: the increment */
	/* the increment on the first two casts only (B.10), against a square too */
	fresh(&m);
	add(&m, 0, "light-horse", 20, UM_GOOD, UMEL_LANCER | UMEL_TRAPPED);
	add(&m, 1, "infantry", 40, UM_GOOD, UMEL_SQUARE);
	m.increment = 2;
	m.cast = 3;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], -2); /* trapped, and no increment */
	m.cast = 2;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 0);
	/* militia cavalry, route marching squares, and C.2.f's cap apply to a square's cast */
	fresh(&m);
	add(&m, 0, "dragoon", 1, UM_GOOD, UMEL_MILITIA);
	add(&m, 1, "infantry", 40, UM_GOOD, UMEL_SQUARE | UMEL_ROUTE_MARCH);
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], -2);
	assert_int_equal(p.mod[1], -3);
	assert_int_equal(p.cap[0], 2);
	{
		int a[] = {6}, d[] = {1};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.lost_all[1], 2); /* 6 - 2 = 4, one man kills 2 at most */
		assert_int_equal(r.lost_all[0], 0);
	}
	/* D.12.c: the cavalry's losses in proportion to their figures */
	fresh(&m);
	add(&m, 0, "dragoon", 10, UM_GOOD, 0);
	add(&m, 0, "light-horse", 20, UM_GOOD, 0);
	add(&m, 1, "infantry", 40, UM_GOOD, UMEL_SQUARE);
	m.faces = 2;
	plan_ok(&m, &p);
	{
		int a[] = {1, 2}, d[] = {6, 5};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.lost_all[0], 11);
		assert_int_equal(r.lost[0][0], 4); /* 11 x 10/30 = 3.67 */
		assert_int_equal(r.lost[0][1], 7); /* 11 x 20/30 = 7.33 */
	}
}

/* Constructions D: against works or a building the attackers cast a die a stand in contact,
 * without increment or bonus dice; the defenders a die a unit, each with the works' factor; no
 * breakthrough. Rubble (E.4-E.5) and cover (B.1) add their factor to the open melee, and no
 * charge crosses rubble. */
static void test_works(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	fresh(&m);
	add(&m, 0, "grenadier", 24, UM_GOOD, UMEL_ENFILADE);
	add(&m, 1, "infantry", 20, UM_GOOD, 0);
	add(&m, 1, "light-infantry", 10, UM_DISORGANIZED, UMEL_MILITIA);
	add(&m, 1, "infantry", 10, UM_ROUT, 0);
	m.protection = 2;
	m.stands = 4;
	m.increment = 3;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 4);
	assert_int_equal(p.mod[0], 0);
	assert_int_equal(p.dice[1], 2);
	assert_int_equal(p.mod[1], 3 + 3 - 2);
	assert_false(p.breakthrough);
	{
		int a[] = {6, 6, 5, 1}, d[] = {2, 3};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.lost_all[1], 18);
		assert_int_equal(r.loser, 1);
	}
	fresh(&m);
	add(&m, 0, "dragoon", 24, UM_GOOD, 0);
	add(&m, 1, "light-horse", 20, UM_GOOD, 0);
	m.protection = 5;
	m.increment = 2;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 0); /* no charge over rubble */
	assert_int_equal(p.mod[1], 1);
	assert_true(p.breakthrough);
	m.protection = 4;
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 2);
	m.u[0][0].state = UM_DISORGANIZED; /* no charger: no increment (Charges C.2.i) */
	plan_ok(&m, &p);
	assert_int_equal(p.mod[0], 0);
	assert_int_equal(p.dice[0], 1);
}

/* A routed unit casts no die and brings no modifier; a side without dice kills nothing, works
 * or not (B.7.a). */
static void test_rout(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	struct err e;
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_ROUT, UMEL_MILITIA);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	m.protection = 4;
	plan_ok(&m, &p);
	assert_int_equal(p.dice[1], 2);
	assert_int_equal(p.mod[1], 1); /* the good unit's cover; no militia minus, no cover, for the routed one */
	{
		int a[] = {1, 1}, d[] = {1, 2};
		cast(&m, &p, a, d, &r);
		assert_int_equal(r.total[1], 4);
		assert_int_equal(r.lost[1][0], 2); /* from the point of contact: the routed unit */
	}
	/* every defender in rout: destroyed by contact, not a melee (Morale E.5.c) */
	m.u[1][1].state = UM_ROUT;
	assert_int_equal(umel_plan(tab(), &m, &p, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Morale E.5.c]"));
	/* a side that casts no die kills nothing, whatever its modifiers */
	{
		struct umel_plan q;
		memset(&q, 0, sizeof q);
		q.dice[0] = 2;
		q.mod[1] = 4;
		fresh(&m);
		add(&m, 0, "infantry", 30, UM_GOOD, 0);
		add(&m, 1, "infantry", 30, UM_GOOD, 0);
		int a[] = {1, 1}, d[] = {0};
		cast(&m, &q, a, d, &r);
		assert_int_equal(r.total[1], 0);
		assert_int_equal(r.lost_all[0], 0);
	}
}

/* E.5.b: a cavalry skirmisher attacking infantry enfilade claims the die; C.2.e: what is left
 * after the first unit is gone goes on to the next. */
static void test_more(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_result r;
	fresh(&m);
	add(&m, 0, "light-horse", 8, UM_GOOD, UMEL_SKIRMISHER | UMEL_ENFILADE);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 3);
	assert_int_equal(p.mod[0], -3);
	fresh(&m); /* infantry attacking cavalry enfilade: still one die (Inf v Cav A.2) */
	add(&m, 0, "infantry", 30, UM_GOOD, UMEL_ENFILADE);
	add(&m, 1, "dragoon", 20, UM_GOOD, 0);
	plan_ok(&m, &p);
	assert_int_equal(p.dice[0], 1);
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "grenadier", 2, UM_GOOD, 0);
	add(&m, 1, "infantry", 20, UM_GOOD, 0);
	plan_ok(&m, &p);
	{
		int a[] = {6, 5}, d[] = {1, 1, 1};
		cast(&m, &p, a, d, &r); /* 11: both grenadiers (4), then 7 infantry */
		assert_int_equal(r.lost[1][0], 2);
		assert_int_equal(r.lost[1][1], 7);
		assert_int_equal(r.loser, 1);
	}
}

/* The odds are the casts: over every roll of both sides' dice, umel_cast's outcomes weighted
 * equally give umel_odds' chances. */
static void test_odds(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_odds o;
	struct umel_result r;
	for (int k = 0; k < 4; k++) {
		fresh(&m);
		if (k == 0) {
			add(&m, 0, "infantry", 30, UM_GOOD, UMEL_ENFILADE);
			add(&m, 1, "grenadier", 10, UM_GOOD, 0);
			m.protection = 3;
			m.stands = 3;
		} else if (k == 1) {
			add(&m, 0, "light-horse", 2, UM_GOOD, UMEL_LANCER);
			add(&m, 1, "infantry", 3, UM_DISORGANIZED, 0);
			add(&m, 1, "cuirassier", 5, UM_GOOD, 0);
			m.increment = 2;
		} else if (k == 2) {
			add(&m, 0, "dragoon", 20, UM_GOOD, 0);
			add(&m, 0, "light-horse", 20, UM_GOOD, 0);
			add(&m, 1, "infantry", 30, UM_GOOD, UMEL_SQUARE);
			m.faces = 2;
		} else {
			add(&m, 0, "infantry", 4, UM_GOOD, UMEL_MILITIA);
			add(&m, 1, "artillery", 3, UM_GOOD, 0);
		}
		plan_ok(&m, &p);
		umel_odds(tab(), &m, &p, &o);
		int na = p.dice[0], nd = p.dice[1], rolls = 1;
		for (int i = 0; i < na + nd; i++)
			rolls *= 6;
		double lose[2] = {0, 0}, none = 0, lost[2] = {0, 0}, check[2] = {0, 0};
		for (int x = 0; x < rolls; x++) {
			int a[UMEL_DICE], d[UMEL_DICE], y = x;
			for (int i = 0; i < na; i++, y /= 6)
				a[i] = y % 6 + 1;
			for (int i = 0; i < nd; i++, y /= 6)
				d[i] = y % 6 + 1;
			cast(&m, &p, a, d, &r);
			if (r.loser >= 0)
				lose[r.loser] += 1.0 / rolls;
			else if (!p.square)
				none += 1.0 / rolls;
			for (int s = 0; s < 2; s++) {
				lost[s] += (double)r.lost_all[s] / rolls;
				check[s] += r.check[s] ? 1.0 / rolls : 0;
			}
		}
		for (int s = 0; s < 2; s++) {
			assert_true(fabs(o.lose[s] - lose[s]) < 1e-9);
			assert_true(fabs(o.mean_lost[s] - lost[s]) < 1e-9);
			assert_true(fabs(o.check[s] - check[s]) < 1e-9);
		}
		assert_true(fabs(o.none - none) < 1e-9);
		if (!p.square)
			assert_true(fabs(o.lose[0] + o.lose[1] + o.none - 1) < 1e-9);
	}
}

/* Inf v Cav B.4: a battalion square needs 16 figures or 60% of its strength, whichever is less;
 * the rule's example: a two-battalion square 32 or 60% of their total, whichever is less. */
static void test_square_min(void **state)
{
	(void)state;
	assert_int_equal(umel_square_min((const int[]){36}, 1), 16);
	assert_int_equal(umel_square_min((const int[]){20}, 1), 12);
	assert_int_equal(umel_square_min((const int[]){24}, 1), 15); /* 14.4, rounded up */
	assert_int_equal(umel_square_min((const int[]){30, 30}, 2), 32);
	assert_int_equal(umel_square_min((const int[]){20, 20}, 2), 24);
	assert_int_equal(umel_square_min((const int[]){40, 20}, 2), 32); /* the example's reading, not 16 + 12 */
}

/* The odds worked by hand: two battalions of the line, 2 dice each, vulnerability 1: no loser
 * when both totals are equal, sum of the squares of 2d6's chances, 146/1296; a check for the
 * enemy's doubles a sixth. */
static void test_odds_by_hand(void **state)
{
	(void)state;
	struct umel_melee m;
	struct umel_plan p;
	struct umel_odds o;
	fresh(&m);
	add(&m, 0, "infantry", 30, UM_GOOD, 0);
	add(&m, 1, "infantry", 30, UM_GOOD, 0);
	plan_ok(&m, &p);
	umel_odds(tab(), &m, &p, &o);
	assert_true(fabs(o.none - 146.0 / 1296) < 1e-12);
	assert_true(fabs(o.lose[0] - (1 - 146.0 / 1296) / 2) < 1e-12);
	assert_true(fabs(o.check[0] - 1.0 / 6) < 1e-12);
	assert_true(fabs(o.mean_lost[1] - 7) < 1e-12);
}

/* A tables file with the melee tables broken says what is wrong. */
static void test_load_errors(void **state)
{
	(void)state;
	static const char bad[] =
		"{\"format\": \"crimea/1\", \"kind\": \"tables\", \"id\": \"ulm\", \"tables\": [\n"
		"{\"id\": \"melee-vulnerability\", \"provenance\": {\"source\": \"seed\", \"case\": \"Melee C.3\"},\n"
		" \"rows\": [{\"key\": \"infantry\", \"cells\": [\"1\", \"foot\"]}, {\"key\": \"hussar\", \"cells\": [\"0\", \"horse\"]},\n"
		"  {\"key\": \"infantry\", \"cells\": [\"2\", \"foot\"]}, {\"key\": \"uhlan\", \"cells\": [\"2\", \"camel\"]}]},\n"
		"{\"id\": \"melee-modifiers\", \"provenance\": {\"source\": \"seed\", \"case\": \"x\"},\n"
		" \"rows\": [{\"key\": \"protection-1\", \"cells\": [\"-4\", \"A.1.a\", \"\"]}, {\"key\": \"militia\", \"cells\": [\"-2\", \"E.1\", \"\"]},\n"
		"  {\"key\": \"protection-2\", \"cells\": [\"+3\", \"A.2.a\", \"\"]}]}]}\n";
	struct jdoc d;
	struct err e;
	struct errlist l;
	struct umel_tab t;
	assert_int_equal(jdoc_parse(&d, "bad.json", bad, sizeof bad - 1, &e), 0);
	errlist_init(&l);
	assert_int_equal(umel_load(&t, &d, &l), -1);
	jdoc_free(&d);
	int twice = 0, vul = 0, plus = 0, need = 0, less = 0;
	for (int i = 0; i < l.n; i++) {
		twice += strstr(l.e[i].msg, "\"infantry\" twice") != NULL;
		vul += strstr(l.e[i].msg, "a figure type is") != NULL;
		plus += strstr(l.e[i].msg, "protection-1 is a plus") != NULL;
		need += strstr(l.e[i].msg, "need \"dismounted\"") != NULL;
		less += strstr(l.e[i].msg, "protection-1 protects less than protection-2") != NULL;
		assert_true(l.e[i].line > 0);
	}
	assert_int_equal(twice, 1);
	assert_int_equal(vul, 2); /* vulnerability 0, arm camel */
	assert_int_equal(plus, 1);
	assert_int_equal(need, 1);
	assert_int_equal(less, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vulnerability),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_modifiers),
		cmocka_unit_test(test_casualties),
		cmocka_unit_test(test_few_men),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_not_melee),
		cmocka_unit_test(test_square),
		cmocka_unit_test(test_works),
		cmocka_unit_test(test_rout),
		cmocka_unit_test(test_more),
		cmocka_unit_test(test_odds),
		cmocka_unit_test(test_odds_by_hand),
		cmocka_unit_test(test_square_min),
		cmocka_unit_test(test_load_errors),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
