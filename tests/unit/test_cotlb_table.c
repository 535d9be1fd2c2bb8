/* Unit tests for src/games/cotlb/ctable.c: a Charge of the Light Brigade table (a small test
 * table of the balaclava-2014 order of battle, built here) and the rulings on where units stand:
 * footprints, the two-inch rule, fire's range, arc, line of sight, target class and cover, the
 * brigade command radius, and a move's dice, terrain and path; and the scenario's own table
 * (data/cotlb/balaclava-2014-table.json) loads with every unit placed. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/jdoc.h"
#include "games/cotlb/cact.h"
#include "games/cotlb/cplay.h"
#include "games/cotlb/cseq.h"
#include "games/cotlb/ctable.h"

#define SHEET "data/cotlb/sheet-2014.json"
#define OOB "data/cotlb/balaclava-2014.json"
#define TABLE "data/cotlb/balaclava-2014-table.json"

struct fix {
	struct ctab t;
	struct cros_oob o;
	struct ctbl tb;
	struct cros_game g;
};

static void must(int rc, struct errlist *l, const char *what)
{
	if (rc == 0)
		return;
	for (int i = 0; i < l->n; i++)
		print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
	fail_msg("%s does not load", what);
}

/* The bases every table of this sheet needs, and the test table's terrain: a gentle hill at
 * x 0-20, woods at x 100-120, a stream along y = 60 and a wall at x 70 from y 10 to 20. */
static const char *const test_table =
	"{\"format\": \"crimea/1\", \"kind\": \"table\", \"id\": \"t\", \"rules\": \"cotlb\", \"oob\": \"balaclava-2014\","
	" \"title\": \"test\", \"width\": 144, \"depth\": 72,"
	" \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"a test table\"},"
	" \"features\": ["
	"  {\"id\": \"hill\", \"kind\": \"gentle-hill\", \"polygon\": [[0, 0], [20, 0], [20, 72], [0, 72]],"
	"   \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}},"
	"  {\"id\": \"woods\", \"kind\": \"woods\", \"polygon\": [[100, 0], [120, 0], [120, 40], [100, 40]],"
	"   \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}},"
	"  {\"id\": \"stream\", \"kind\": \"stream\", \"polyline\": [[0, 60], [144, 60]],"
	"   \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}},"
	"  {\"id\": \"wall\", \"kind\": \"wall\", \"polyline\": [[70, 10], [70, 20]],"
	"   \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}}],"
	" \"bases\": {\"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}, \"types\": ["
	"  {\"type\": \"british-infantry\", \"arm\": \"infantry\", \"width\": 1.5, \"depth\": 1.5, \"weapon\": \"rifle\"},"
	"  {\"type\": \"french-infantry\", \"arm\": \"infantry\", \"width\": 1.5, \"depth\": 1.5, \"weapon\": \"rifle\"},"
	"  {\"type\": \"turkish-infantry\", \"arm\": \"infantry\", \"width\": 1.5, \"depth\": 1.5, \"weapon\": \"musket\"},"
	"  {\"type\": \"russian-infantry\", \"arm\": \"infantry\", \"width\": 1.5, \"depth\": 1.5, \"weapon\": \"musket\"},"
	"  {\"type\": \"british-cavalry\", \"arm\": \"cavalry\", \"width\": 2, \"depth\": 2, \"weapon\": \"mounted-cavalry\"},"
	"  {\"type\": \"french-cavalry\", \"arm\": \"cavalry\", \"width\": 2, \"depth\": 2, \"weapon\": \"mounted-cavalry\"},"
	"  {\"type\": \"russian-cavalry\", \"arm\": \"cavalry\", \"width\": 2, \"depth\": 2, \"weapon\": \"mounted-cavalry\"},"
	"  {\"type\": \"cossacks\", \"arm\": \"cavalry\", \"width\": 2, \"depth\": 2, \"weapon\": \"mounted-cavalry\"},"
	"  {\"type\": \"british-artillery\", \"arm\": \"artillery\", \"width\": 2, \"depth\": 2, \"weapon\": "
	"\"allied-foot-artillery\", \"horse_weapon\": \"allied-horse-artillery\"},"
	"  {\"type\": \"french-artillery\", \"arm\": \"artillery\", \"width\": 2, \"depth\": 2, \"weapon\": "
	"\"allied-foot-artillery\", \"horse_weapon\": \"allied-horse-artillery\"},"
	"  {\"type\": \"russian-artillery\", \"arm\": \"artillery\", \"width\": 2, \"depth\": 2, \"weapon\": "
	"\"russian-foot-artillery\", \"horse_weapon\": \"russian-horse-artillery\"},"
	"  {\"type\": \"turkish-artillery\", \"arm\": \"artillery\", \"width\": 2, \"depth\": 2, \"weapon\": "
	"\"allied-foot-artillery\"}]},"
	" \"deployment\": ["
	"  {\"unit\": \"dnieper1\", \"x\": 50, \"y\": 40, \"facing\": 180, \"formation\": \"line\"},"
	"  {\"unit\": \"93rd\", \"x\": 50, \"y\": 30, \"facing\": 0, \"formation\": \"line\"},"
	"  {\"commander\": \"gribbe\", \"x\": 50, \"y\": 45},"
	"  {\"commander\": \"campbell\", \"x\": 50, \"y\": 25}]}";

static struct fix *fixture_on(const char *text, const char *sheet);

static struct fix *fixture(const char *text)
{
	return fixture_on(text, SHEET);
}

static struct fix *fixture_on(const char *text, const char *sheet)
{
	struct fix *f = calloc(1, sizeof *f);
	struct errlist *l = malloc(sizeof *l);
	struct jdoc d;
	struct err e;
	assert_non_null(f);
	assert_non_null(l);
	errlist_init(l);
	must(ctab_load_file(&f->t, sheet, l), l, sheet);
	must(cros_oob_load_file(&f->o, &f->t, OOB, l), l, OOB);
	assert_int_equal(jdoc_parse(&d, "test-table.json", text, strlen(text), &e), 0);
	must(ctbl_load(&f->tb, &f->t, &f->o, &d, l), l, "the test table");
	jdoc_free(&d);
	free(l);
	cros_new(&f->o, &f->g);
	ctbl_deploy(&f->tb, &f->o, &f->g);
	return f;
}

/* Inches in the table's units. */
#define IN(x) ((int32_t)((x) * PL_PER_INCH + 0.5))

static int U(const struct fix *f, const char *id)
{
	int i = cros_find(&f->o, id);
	assert_true(i >= 0);
	return i;
}

static void put(struct fix *f, const char *id, double x, double y, int facing, int form)
{
	struct cros_pos *p = &f->g.s[U(f, id)].pos;
	p->on = true;
	p->c.x = IN(x);
	p->c.y = IN(y);
	p->facing = facing;
	p->form = form;
}

static void test_footprints_and_two_inches(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct pl_rect r;
	struct cros_pos p;
	struct err e;
	int d = U(f, "dnieper1");
	ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, d, &f->g.s[d].pos, &r);
	assert_int_equal(r.w, IN(9)); /* 6 stands of 1.5" */
	assert_int_equal(r.d, IN(1.5));
	p = f->g.s[d].pos;
	p.form = CF_ATTACK;
	ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, d, &p, &r);
	assert_int_equal(r.w, IN(3));
	assert_int_equal(r.d, IN(4.5));
	p.form = CF_MARCH;
	ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, d, &p, &r);
	assert_int_equal(r.w, IN(1.5));
	assert_int_equal(r.d, IN(9));
	/* losses shorten the line: 13 figures are 4 stands */
	f->g.s[d].figures = 13;
	ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, d, &f->g.s[d].pos, &r);
	assert_int_equal(r.w, IN(6));
	f->g.s[d].figures = 24;
	/* 10" between centres, less the two fronts 0.75" ahead of them: 8.5" */
	assert_int_equal(ctbl_gap(&f->t, &f->tb, &f->o, &f->g, d, U(f, "93rd")), IN(8.5));
	/* forms its arm cannot take */
	assert_false(ctbl_form_ok(&f->tb, &f->o, U(f, "heavy1"), CF_SQUARE));
	assert_true(ctbl_form_ok(&f->tb, &f->o, U(f, "w-battery"), CF_UNLIMBERED));
	/* [MOVE (i)]: not within 2" of the enemy; nor on a unit; nor off the table */
	p = f->g.s[d].pos;
	p.c.y = IN(32.5); /* 1" from the 93rd */
	assert_int_equal(ctbl_check(&f->t, &f->tb, &f->o, &f->g, d, &p, &e), -1);
	assert_non_null(strstr(e.msg, "[MOVE (i)]"));
	p.c.y = IN(33.5); /* 2" exactly: allowed */
	assert_int_equal(ctbl_check(&f->t, &f->tb, &f->o, &f->g, d, &p, &e), 0);
	p.c.x = IN(2);
	assert_int_equal(ctbl_check(&f->t, &f->tb, &f->o, &f->g, d, &p, &e), -1);
	assert_non_null(strstr(e.msg, "off the table"));
	free(f);
}

static void test_fire_geometry(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct ctbl_sight s;
	struct err e;
	int d = U(f, "dnieper1"), h = U(f, "93rd");
	/* face to face, 8.5": the 93rd's rifles at short range, all 6 stands, a line in the open */
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_string_equal(f->t.weapon[s.weapon].key, "rifle");
	assert_int_equal(s.inches, 9);
	assert_int_equal(s.band, 0);
	assert_int_equal(s.stands, 6);
	assert_int_equal(s.target, CT_LINE);
	assert_false(s.cover);
	/* the Russians' muskets: long range */
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.band, 1);
	/* a unit between them blocks every line [Fire (j)] */
	put(f, "42nd", 50, 35, 0, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	assert_non_null(strstr(s.blocked, "42nd"));
	f->g.s[U(f, "42nd")].pos.on = false;
	/* from the flank: an enfiladed line; a column is a column; a square the third column */
	put(f, "93rd", 65, 40, 270, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_ENFILADE);
	assert_true(s.stands > 0);
	f->g.s[d].pos.form = CF_ATTACK;
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_COLUMN);
	f->g.s[d].pos.form = CF_LINE;
	/* facing away: no stand bears; a pivot brings some [Fire (g)] */
	put(f, "93rd", 50, 30, 180, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.stands + s.pivot_stands, 0);
	put(f, "93rd", 50, 30, 60, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_true(s.pivot_stands > 0);
	/* in the woods: cover [Fire (b)]; from outside, at the edge only [Fire (k)] */
	put(f, "dnieper1", 101.5, 20, 270, CF_MARCH);
	put(f, "93rd", 90, 20, 90, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_true(s.cover);
	assert_true(s.stands > 0);
	put(f, "dnieper1", 110, 20, 270, CF_MARCH); /* deep in the woods */
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	assert_non_null(strstr(s.blocked, "[Fire (k)]"));
	/* behind the hill from a unit off it: hidden [Fire (l)]; on it, seen */
	put(f, "dnieper1", 5, 65, 90, CF_MARCH);
	put(f, "93rd", 30, 50, 270, CF_LINE);
	put(f, "dnieper1", 5, 40, 90, CF_MARCH);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_true(s.stands > 0); /* the target is on the hill */
	/* out of range */
	put(f, "dnieper1", 130, 65, 0, CF_LINE);
	put(f, "93rd", 30, 66, 90, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, d, &s, NULL, &e), 0);
	assert_int_equal(s.band, 2);
	free(f);
}

/* [Fire (h)] "Double Line is two line formations within 4" of each other from axis of fire" */
static void test_fire_double_line(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct ctbl_sight s;
	struct err e;
	int d = U(f, "dnieper1"), h = U(f, "93rd");
	put(f, "dnieper1", 50, 37, 180, CF_LINE);
	/* a friendly line 4" behind the target (the gap between the footprints), on the axis */
	put(f, "42nd", 50, 25, 0, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_COLUMN);
	/* 6" behind: two lines */
	put(f, "42nd", 50, 23, 0, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_LINE);
	/* within 4" but beside it, off the axis of fire */
	put(f, "42nd", 62, 30, 0, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_LINE);
	/* a column behind it is no line formation; an enemy line is not the target's second line */
	put(f, "42nd", 50, 25, 0, CF_ATTACK);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_LINE);
	f->g.s[U(f, "42nd")].pos.on = false;
	put(f, "dnieper2", 50, 25, 0, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_LINE);
	/* the target in column is a column whatever stands behind it */
	put(f, "dnieper2", 120, 60, 0, CF_LINE);
	put(f, "42nd", 50, 25, 0, CF_LINE);
	f->g.s[h].pos.form = CF_ATTACK;
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, d, h, &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_COLUMN);
	free(f);
}

/* [Modifiers (a), (b)], Q&A 3: two units in line, one behind the other, within 4" */
static void test_double_line(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	int h1 = U(f, "heavy1"), h2 = U(f, "heavy2"), l1 = U(f, "light1"), d = U(f, "dnieper1");
	put(f, "heavy1", 100, 46, 0, CF_LINE);
	put(f, "heavy2", 100, 42, 0, CF_LINE);
	assert_true(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h2));
	assert_true(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h2, h1));
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h1));
	put(f, "heavy2", 100, 38, 0, CF_LINE); /* more than 4" between them */
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h2));
	put(f, "heavy2", 112, 45, 0, CF_LINE); /* beside it, not behind */
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h2));
	put(f, "heavy2", 100, 42, 90, CF_LINE); /* facing across it */
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h2));
	put(f, "heavy2", 100, 42, 0, CF_MARCH); /* a column is no line */
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, h2));
	f->g.s[h2].pos.on = false;
	put(f, "light1", 103, 42, 30, CF_LINE); /* off-centre and turned, still behind its frontage */
	assert_true(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, l1));
	put(f, "dnieper1", 100, 42, 0, CF_LINE); /* an enemy, or another arm, is no second line */
	f->g.s[l1].pos.on = false;
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, d));
	put(f, "93rd", 100, 42, 0, CF_LINE);
	f->g.s[d].pos.on = false;
	assert_false(ctbl_double_line(&f->t, &f->tb, &f->o, &f->g, h1, U(f, "93rd")));
	free(f);
}

/* Whether the list holds unit's action kind at target. */
static bool has_act(const struct cact *a, int n, int unit, int kind, int target)
{
	for (int k = 0; k < n; k++)
		if (a[k].unit == unit && a[k].kind == kind && a[k].target == target)
			return true;
	return false;
}

/* [Modifiers (b)] "British heavy brigade attacking cavalry": from the order of battle's flag */
static void test_heavy_brigade(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	const char *keys[CTAB_MODS_MAX];
	bool rear;
	int h1 = U(f, "heavy1"), l1 = U(f, "light1"), uh = U(f, "uhlans"), d = U(f, "dnieper1"), n;
	bool found;
	put(f, "uhlans", 100, 50, 180, CF_LINE);
	put(f, "heavy1", 100, 46.25, 0, CF_LINE);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, h1, uh, 0, keys, CTAB_MODS_MAX, &rear, NULL);
	found = false;
	for (int k = 0; k < n; k++)
		found = found || !strcmp(keys[k], "heavy-brigade");
	assert_true(found);
	/* not the Light Brigade; not against infantry; not when the Heavy Brigade is charged */
	f->g.s[h1].pos.on = false;
	put(f, "light1", 100, 46.25, 0, CF_LINE);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, l1, uh, 0, keys, CTAB_MODS_MAX, &rear, NULL);
	for (int k = 0; k < n; k++)
		assert_string_not_equal(keys[k], "heavy-brigade");
	f->g.s[l1].pos.on = false;
	f->g.s[uh].pos.on = false;
	put(f, "heavy1", 100, 46.25, 0, CF_LINE);
	put(f, "dnieper1", 100, 50, 180, CF_LINE);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, h1, d, 0, keys, CTAB_MODS_MAX, &rear, NULL);
	for (int k = 0; k < n; k++)
		assert_string_not_equal(keys[k], "heavy-brigade");
	f->g.s[d].pos.on = false;
	put(f, "uhlans", 100, 50, 180, CF_LINE);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, uh, h1, 1, keys, CTAB_MODS_MAX, &rear, NULL);
	for (int k = 0; k < n; k++)
		assert_string_not_equal(keys[k], "heavy-brigade");
	free(f);
}

/* cact_list: what the units may do now, by the sequence and the table */
static void test_actions(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	static struct cact a[CACT_LIST_MAX];
	int d = U(f, "dnieper1"), h = U(f, "93rd"), n;
	put(f, "dnieper1", 50, 33.5, 180, CF_LINE);
	/* no sequence: fire at what priority names, a charge within 2", a move, a change of formation */
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, d, CACT_FIRE, h));
	assert_true(has_act(a, n, d, CACT_CHARGE, h));
	assert_true(has_act(a, n, d, CACT_MOVE, -1));
	assert_true(has_act(a, n, d, CACT_REFORM, -1));
	assert_false(has_act(a, n, d, CACT_RALLY, -1));
	for (int k = 0; k < n; k++)
		if (a[k].kind == CACT_FIRE) {
			assert_int_equal(a[k].stands, 6);
			assert_int_equal(a[k].band, 0);
			assert_int_equal(a[k].cost, 0);
		}
	/* beyond 2": no charge; a marker: a rally; a square does not move */
	put(f, "dnieper1", 50, 40, 180, CF_SQUARE);
	f->g.s[d].markers = 1;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_false(has_act(a, n, d, CACT_CHARGE, h));
	assert_true(has_act(a, n, d, CACT_RALLY, -1));
	assert_false(has_act(a, n, d, CACT_MOVE, -1));
	/* routing: a rally alone [MORALE (d)] */
	f->g.s[d].routing = true;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_int_equal(n, 1);
	assert_true(has_act(a, n, d, CACT_RALLY, -1));
	f->g.s[d].routing = false;
	f->g.s[d].markers = 0;
	/* [Close Combat (f)] locked in combat with the 93rd, 6.5" off: a charge only once the 93rd has
	 * withdrawn this turn, as the charge itself is judged (a listed charge was refused: the soak) */
	put(f, "dnieper1", 50, 40, 180, CF_LINE);
	f->g.seq.locked[d] = (unsigned char)(1 + h);
	assert_true(f->g.turn > 0);
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_false(has_act(a, n, d, CACT_CHARGE, h));
	f->g.s[h].fell_back = f->g.turn;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, d, CACT_CHARGE, h));
	f->g.s[h].fell_back = 0;
	f->g.seq.locked[d] = 0;
	put(f, "dnieper1", 50, 33.5, 180, CF_LINE);
	/* the sequence: the Russians' command point phase; the Allies do nothing in it; a unit that
	 * has acted does nothing more; an action costs the round's points */
	f->g.seq.phase = CSEQ_COMMAND;
	f->g.seq.first = f->o.u[d].side;
	f->g.seq.half = 0;
	f->g.seq.round = 2;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, d, CACT_CHARGE, h));
	for (int k = 0; k < n; k++) {
		assert_int_equal(a[k].unit, d);
		assert_int_equal(a[k].cost, 2);
	}
	/* one point left: nothing, unless its side has an Ace to pay the other [Close Combat (h)] */
	f->g.s[d].cp = 1;
	assert_int_equal(cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX), 0);
	f->g.aces[f->o.u[d].side] = 1;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, d, CACT_CHARGE, h));
	for (int k = 0; k < n; k++)
		assert_true(a[k].ace);
	f->g.aces[f->o.u[d].side] = 0;
	f->g.s[d].cp = 8;
	f->g.seq.acted[d] = 1 + CSEQ_MOVE;
	assert_int_equal(cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX), 0);
	/* its reaction phase: the 93rd fires at the unit that used a command point; a double line
	 * behind the charged 93rd and cavalry near its attacker may reinforce it */
	f->g.seq.paid[d] = 1;
	f->g.seq.assault[d] = (unsigned char)(1 + h);
	f->g.seq.phase = CSEQ_REACTION;
	put(f, "42nd", 50, 26, 0, CF_LINE);
	put(f, "heavy1", 58, 35, 270, CF_LINE);
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, h, CACT_FIRE, d));
	assert_true(has_act(a, n, U(f, "42nd"), CACT_REINFORCE, h));
	assert_true(has_act(a, n, U(f, "heavy1"), CACT_JOIN, h));
	assert_false(has_act(a, n, U(f, "heavy1"), CACT_REINFORCE, h)); /* cavalry forms no double line */
	assert_false(has_act(a, n, d, CACT_FIRE, h));                    /* side A does not react */
	for (int k = 0; k < n; k++)
		assert_int_equal(a[k].cost, 0); /* reaction is free (Q&A 1) */
	/* [Side A Turn (b)] "Results of fire are held until Side B gets any reaction shots", and
	 * "Command and Reaction Phase fire is always simultaneous": the 93rd, destroyed by a volley
	 * held from the command point phase, still stands and still fires in reaction */
	{
		int figs = f->g.s[h].figures;
		cros_hold(&f->t, &f->o, &f->g, h, figs, 0, false, "test", NULL);
		assert_int_equal(f->g.nheld, 1);
		assert_int_equal(f->g.s[h].figures, figs);
		n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX);
		assert_true(has_act(a, n, h, CACT_FIRE, d));
		f->g.nheld = 0;
	}
	/* without a table the arms are the troop types': cavalry neither fires in reaction nor
	 * forms a double line, a battery reinforces no one; nothing is moved on no table */
	n = cact_list(NULL, &f->t, NULL, &f->o, &f->g, -1, a, CACT_LIST_MAX);
	assert_true(has_act(a, n, h, CACT_FIRE, d));
	assert_false(has_act(a, n, U(f, "heavy1"), CACT_FIRE, d));
	assert_false(has_act(a, n, U(f, "heavy1"), CACT_REINFORCE, h));
	assert_true(has_act(a, n, U(f, "heavy1"), CACT_JOIN, h));
	assert_false(has_act(a, n, U(f, "w-battery"), CACT_JOIN, h));
	/* the close assault phase: the assault declared, to resolve; not by a routing unit, nor at a
	 * unit destroyed since (held fire took effect) */
	f->g.seq.phase = CSEQ_ASSAULT;
	n = cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX);
	assert_int_equal(n, 1);
	assert_true(has_act(a, n, d, CACT_RESOLVE, h));
	f->g.s[d].routing = true;
	assert_int_equal(cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX), 0);
	f->g.s[d].routing = false;
	f->g.s[h].figures = 0;
	assert_int_equal(cact_list(NULL, &f->t, &f->tb, &f->o, &f->g, -1, a, CACT_LIST_MAX), 0);
	f->g.s[h].figures = f->o.u[h].figures;
	/* no sequence, no table: no move or change of formation to list */
	f->g.seq.phase = CSEQ_OFF;
	n = cact_list(NULL, &f->t, NULL, &f->o, &f->g, d, a, CACT_LIST_MAX);
	assert_false(has_act(a, n, d, CACT_MOVE, -1));
	assert_false(has_act(a, n, d, CACT_REFORM, -1));
	free(f);
}

static void test_command_radius(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct event store[32];
	struct evsink ev;
	int d = U(f, "dnieper1");
	evsink_init(&ev, store, 32);
	/* Gribbe 5" behind the line: within 12" */
	assert_int_equal(ctbl_command(&f->t, &f->tb, &f->o, &f->g, &ev), 0);
	f->g.cmdr[f->o.u[d].commander].c.y = IN(54); /* 54": 13.25" from the line's rear */
	assert_int_equal(ctbl_command(&f->t, &f->tb, &f->o, &f->g, &ev), 1);
	assert_int_equal(f->g.s[d].markers, 1);
	/* British: 24" */
	f->g.cmdr[f->o.u[U(f, "93rd")].commander].c.y = IN(8); /* 21.25" */
	assert_int_equal(ctbl_command(&f->t, &f->tb, &f->o, &f->g, &ev), 1);
	assert_int_equal(f->g.s[U(f, "93rd")].markers, 0);
	free(f);
}

/* [the 2001 sheet's MOVE Chart, ROAD column]: a column moves along the road's line, the road's
 * dice, no terrain penalty (the road runs through the woods), facing along its last leg; off the
 * road, in line, or on the 2014 sheet it is refused, and an enemy by the road stops it. */
static void test_road_moves(void **state)
{
	(void)state;
	static const char road[] = "  {\"id\": \"road\", \"kind\": \"road\", \"name\": \"the road\", "
				   "\"polyline\": [[30, 50], [110, 50], [110, 20]],"
				   "   \"provenance\": {\"source\": \"reconstructed\", \"case\": \"test\", \"basis\": \"x\"}},";
	size_t n = strlen(test_table) + sizeof road;
	char *text = malloc(n);
	assert_non_null(text);
	const char *at = strstr(test_table, "\"features\": [") + strlen("\"features\": [");
	snprintf(text, n, "%.*s%s%s", (int)(at - test_table), test_table, road, at);
	struct fix *f = fixture_on(text, "data/cotlb/sheet-2001.json"), *f14 = fixture(text);
	struct event store[32];
	struct evsink ev;
	struct ctbl_move mv;
	struct cros_pos end;
	struct err e;
	int d = U(f, "dnieper1");
	evsink_init(&ev, store, 32);
	put(f, "dnieper1", 35, 50.5, 90, CF_ATTACK);
	put(f, "93rd", 20, 10, 0, CF_LINE);
	/* 0.5" onto the road, 75" east along it (through the woods at x 100-120), 25" south */
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(110), IN(25)}, &end, &mv, &ev, &e), 0);
	assert_int_equal(mv.dist, IN(0.5) + IN(75) + IN(25));
	assert_int_equal(mv.m.form, 2);
	assert_int_equal(mv.m.terrain, -1);
	assert_int_equal(cref_move_dice(&f->t, &mv.m, &e), 4);
	assert_int_equal(end.facing, 180);
	assert_true(end.c.x == IN(110) && end.c.y == IN(25));
	/* the way back west: the same road upstream */
	put(f, "dnieper1", 110, 40, 0, CF_MARCH);
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(40), IN(50)}, &end, &mv, &ev, &e), 0);
	assert_int_equal(mv.dist, IN(10) + IN(70));
	assert_int_equal(end.facing, 270);
	/* [MOVE (c)]: taking the road back (the column faces west, the road runs east): one die */
	put(f, "dnieper1", 35, 50.5, 270, CF_ATTACK);
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(60), IN(50)}, &end, &mv, &ev, &e), 0);
	assert_true(mv.m.one_die);
	assert_int_equal(cref_move_dice(&f->t, &mv.m, &e), 1);
	assert_int_equal(end.facing, 90); /* along the road where it leaves it */
	/* on one segment the other way: no doubling back */
	put(f, "dnieper1", 60, 50, 270, CF_MARCH);
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(40), IN(50)}, &end, &mv, &ev, &e), 0);
	assert_int_equal(mv.dist, IN(20));
	assert_false(mv.m.one_die);
	assert_int_equal(end.facing, 270);
	/* off the road: more than an inch from it */
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(40), IN(52)}, &end, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "within an inch of the same road"));
	/* in line */
	put(f, "dnieper1", 35, 50, 90, CF_LINE);
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(60), IN(50)}, &end, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "in column or limbered"));
	/* an enemy by the road [MOVE (i)] */
	put(f, "dnieper1", 35, 50, 90, CF_ATTACK);
	put(f, "93rd", 80, 53, 0, CF_LINE);
	assert_int_equal(ctbl_road_plan(&f->t, &f->tb, &f->o, &f->g, d, (struct pl_pt){IN(105), IN(50)}, &end, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "[MOVE (i)]"));
	/* the 2014 sheet prints no road column */
	put(f14, "dnieper1", 35, 50, 90, CF_ATTACK);
	assert_int_equal(ctbl_road_plan(&f14->t, &f14->tb, &f14->o, &f14->g, d, (struct pl_pt){IN(60), IN(50)}, &end, &mv, &ev, &e),
			 -1);
	assert_non_null(strstr(e.msg, "no road column"));
	free(f);
	free(f14);
	free(text);
}

static void test_moves(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct event store[32];
	struct evsink ev;
	struct ctbl_move mv;
	struct err e;
	int d = U(f, "dnieper1");
	struct cros_pos p = f->g.s[d].pos;
	evsink_init(&ev, store, 32);
	/* 3" straight ahead (south, toward the 93rd): two dice in line, no terrain */
	p.c.y = IN(37);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_int_equal(mv.kind, 0);
	assert_int_equal(mv.dist, IN(3));
	assert_int_equal(cref_move_dice(&f->t, &mv.m, &e), 2);
	assert_false(mv.m.one_die);
	assert_false(mv.m.interpen);
	/* on to 1.5" from the 93rd: refused [MOVE (i)] */
	p.c.y = IN(33);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "[MOVE (i)]"));
	/* backward: one die [MOVE (c)]; across the stream: the steep penalty */
	p = f->g.s[d].pos;
	p.c.y = IN(62);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_true(mv.m.one_die);
	assert_int_equal(mv.m.terrain, CT_STEEP);
	/* a pivot of 20 degrees: minus the low die; 40: refused; 40 in place: a facing change */
	p = f->g.s[d].pos;
	p.c.y = IN(38);
	p.facing = 200;
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_true(mv.m.interpen);
	p.facing = 220;
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), -1);
	p.c.y = IN(40);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_int_equal(mv.kind, 1);
	/* a formation change is its own action; with a move, refused */
	p = f->g.s[d].pos;
	p.form = CF_ATTACK;
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_int_equal(mv.kind, 1);
	p.c.y = IN(42);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), -1);
	/* a column moves three dice; a square not at all [MOVE (d)] */
	f->g.s[d].pos.form = CF_ATTACK;
	p = f->g.s[d].pos;
	p.c.y = IN(42);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	p.c.y = IN(37);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), 0);
	assert_int_equal(cref_move_dice(&f->t, &mv.m, &e), 3);
	f->g.s[d].pos.form = CF_SQUARE;
	p = f->g.s[d].pos;
	p.c.y = IN(42);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, d, &p, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "[MOVE (d)]"));
	/* guns may not cross the wall */
	put(f, "w-battery", 65, 15, 90, CF_LIMBERED);
	p = f->g.s[U(f, "w-battery")].pos;
	p.c.x = IN(76);
	assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, U(f, "w-battery"), &p, &mv, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "may not cross"));
	free(f);
}

static bool has_key(const char **keys, int n, const char *k)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(keys[i], k))
			return true;
	return false;
}

static void test_charges_and_falling_back(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct event store[64];
	struct evsink ev;
	struct ctbl_fall fb;
	struct err e;
	const char *keys[CTAB_MODS_MAX];
	bool rear;
	int32_t d;
	int n, dn = U(f, "dnieper1"), h = U(f, "93rd");
	struct cros_pos to;
	evsink_init(&ev, store, 64);
	/* straight at the 93rd, stopping at 2" exactly: 10" less the fronts (0.75" each) less 2" */
	to = ctbl_toward(&f->t, &f->tb, &f->o, &f->g, dn, h, -1, &d);
	assert_int_equal(d, IN(6.5));
	f->g.s[dn].pos = to;
	assert_int_equal(ctbl_gap(&f->t, &f->tb, &f->o, &f->g, dn, h), CTBL_TWO_INCHES);
	/* as far as 3" allow */
	f->g.s[dn].pos.c.y = IN(40);
	to = ctbl_toward(&f->t, &f->tb, &f->o, &f->g, dn, h, IN(3), &d);
	assert_int_equal(d, IN(3));
	assert_int_equal(to.c.y, IN(37));
	f->g.s[dn].pos.c.y = IN(33.4);
	/* infantry in line against infantry in line: nothing; from behind: the rear (e) */
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, dn, h, 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_int_equal(n, 0);
	assert_false(rear);
	put(f, "kiev1", 50, 26.4, 0, CF_LINE); /* Russian hussars behind the 93rd, charging its back */
	f->g.s[dn].pos.on = false;
	f->g.s[U(f, "kiev1")].moving = true;
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, U(f, "kiev1"), h, 0, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "cavalry-line"));
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, U(f, "kiev1"), h, 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(rear);
	/* standing cavalry defending; a square; a battery limbered */
	f->g.s[U(f, "kiev1")].moving = false;
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, h, U(f, "kiev1"), 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "standing-cavalry"));
	f->g.s[h].pos.form = CF_SQUARE;
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, U(f, "kiev1"), h, 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "square"));
	f->g.s[h].pos.form = CF_LINE;
	/* behind the wall at x = 70: cover */
	put(f, "93rd", 71, 15, 270, CF_MARCH);
	put(f, "kiev1", 66.8, 15, 90, CF_MARCH);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, U(f, "kiev1"), h, 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "cover"));
	/* a Russian attack column straight on at infantry: +2 */
	put(f, "kiev1", 130, 70, 0, CF_LINE);
	f->g.s[U(f, "kiev1")].pos.on = false;
	put(f, "dnieper1", 50, 40, 180, CF_ATTACK);
	put(f, "93rd", 50, 33, 0, CF_LINE);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, dn, h, 0, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "russian-attack-column"));

	/* a withdrawal: 12" straight away from the nearest enemy, facing away */
	put(f, "93rd", 50, 30, 0, CF_LINE);
	put(f, "dnieper1", 50, 33.5, 180, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, false, &fb, &ev, &e), 0);
	assert_int_equal(fb.from, dn);
	assert_true(fb.to.on);
	assert_int_equal(fb.to.c.x, IN(50));
	assert_int_equal(fb.to.c.y, IN(18));
	assert_int_equal(fb.to.facing, 180);
	assert_int_equal(fb.npassed, 0);
	/* through a friendly unit behind it: that unit takes a marker; a rout within 6" of a friend */
	put(f, "42nd", 50, 24, 0, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, false, &fb, &ev, &e), 0);
	assert_int_equal(fb.npassed, 1);
	assert_int_equal(fb.passed[0], U(f, "42nd"));
	put(f, "42nd", 61.5, 24, 0, CF_MARCH); /* 6" beside the line of rout: 61.5 - 0.7 - 54.5 = 6.3"; */
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, true, &fb, &ev, &e), 0);
	assert_int_equal(fb.nnear, 0);
	put(f, "42nd", 60.5, 24, 0, CF_MARCH); /* 5.3" */
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, true, &fb, &ev, &e), 0);
	assert_int_equal(fb.nnear, 1);
	/* from two attackers within 2" on its flanks: away from the middle of their centres, straight
	 * back; away from one of them (the nearer, dnieper1 to the west) it would turn and swing
	 * into the other's 2" at once */
	put(f, "42nd", 100, 60, 0, CF_LINE);
	put(f, "dnieper1", 44, 33.5, 180, CF_LINE);
	put(f, "dnieper2", 56, 33.5, 180, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, false, &fb, &ev, &e), 0);
	assert_int_equal(fb.others, 1);
	assert_int_equal(fb.to.c.x, IN(50));
	assert_int_equal(fb.to.c.y, IN(18));
	assert_int_equal(fb.to.facing, 180);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, dn, 12, false, &fb, &ev, &e), 0);
	assert_int_equal(fb.others, 0);
	assert_int_equal(fb.to.c.x, IN(50));
	assert_int_equal(fb.to.c.y, IN(30)); /* stopped at once, short of dnieper2 */
	/* from enemies on either side, their middle its own centre: away from the nearest */
	put(f, "dnieper1", 50, 33.5, 180, CF_LINE);
	put(f, "dnieper2", 50, 26.5, 0, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 12, false, &fb, &ev, &e), 0);
	assert_int_equal(fb.others, 0);
	assert_true(fb.from >= 0);
	assert_int_equal(fb.to.facing, pl_bearing(f->g.s[fb.from].pos.c, f->g.s[h].pos.c));
	put(f, "dnieper2", 120, 60, 180, CF_LINE);
	/* off the table: it leaves */
	put(f, "93rd", 50, 5, 0, CF_LINE);
	put(f, "dnieper1", 50, 8.5, 180, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, -1, 20, true, &fb, &ev, &e), 0);
	assert_false(fb.to.on);
	free(f);
}

static void test_reactions(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct ctbl_react r[CROS_UNITS_MAX];
	int dn = U(f, "dnieper1"), seen[4] = {-1, -1, -1, -1};
	struct cros_pos p = f->g.s[dn].pos;
	put(f, "heavy1", 70, 38, 270, CF_LINE);   /* cavalry facing the mover: a reaction charge */
	put(f, "w-battery", 30, 20, 0, CF_LIMBERED); /* limbered guns in range: may unlimber */
	put(f, "42nd", 65, 36, 90, CF_LINE);      /* in rifle range but facing away: may turn */
	p.c.y = IN(37);
	int n = ctbl_reactions(&f->t, &f->tb, &f->o, &f->g, dn, &p, r, CROS_UNITS_MAX);
	for (int k = 0; k < n; k++)
		seen[r[k].kind] = r[k].unit;
	assert_int_equal(seen[CR_FIRE], U(f, "93rd"));
	assert_int_equal(seen[CR_CHARGE], U(f, "heavy1"));
	assert_int_equal(seen[CR_UNLIMBER], U(f, "w-battery"));
	assert_int_equal(seen[CR_TURN], U(f, "42nd"));
	for (int k = 0; k < n; k++)
		if (r[k].kind == CR_FIRE) {
			assert_int_equal(r[k].dice, 6);
			assert_int_equal(r[k].band, 0);
		}
	assert_int_equal(n, 4);
	/* with 5 markers the hussars' dice reach 3 x 1 + 2 = 5": no charge [MOVE (f)] */
	f->g.s[U(f, "heavy1")].markers = 5;
	n = ctbl_reactions(&f->t, &f->tb, &f->o, &f->g, dn, &p, r, CROS_UNITS_MAX);
	for (int k = 0; k < n; k++)
		assert_true(r[k].kind != CR_CHARGE);
	free(f);
}

/* The cases a review of the table's rulings found wrong, each as it should be. */
static void test_review_cases(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct ctbl_sight s;
	struct ctbl_fall fb;
	struct event store[64];
	struct evsink ev;
	struct err e;
	const char *keys[CTAB_MODS_MAX];
	bool rear;
	int n, h = U(f, "93rd"), dn = U(f, "dnieper1");
	evsink_init(&ev, store, 64);
	/* limbered guns do not fire */
	put(f, "w-battery", 50, 15, 0, CF_LIMBERED);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, U(f, "w-battery"), dn, &s, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "limbered"));
	f->g.s[U(f, "w-battery")].pos.on = false;
	/* a line of sight only to the part of the target inside the arc: every point within 45
	 * degrees is behind another battery */
	put(f, "redoubt2-guns", 50, 10, 0, CF_UNLIMBERED);
	put(f, "uhlans", 62, 22, 0, CF_LINE);
	put(f, "redoubt3-guns", 52.9, 14.2, 35, CF_UNLIMBERED);
	f->g.s[dn].pos.on = f->g.s[h].pos.on = false;
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, U(f, "redoubt2-guns"), U(f, "uhlans"), &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	f->g.s[U(f, "redoubt2-guns")].pos.on = f->g.s[U(f, "redoubt3-guns")].pos.on = false;
	/* through 17.5" of woods: blocked, though the target is near an edge it does not cross */
	put(f, "left-battery", 90, 20, 90, CF_UNLIMBERED);
	put(f, "redoubt2-guns", 118.5, 20, 270, CF_UNLIMBERED);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, U(f, "left-battery"), U(f, "redoubt2-guns"), &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	f->g.s[U(f, "left-battery")].pos.on = f->g.s[U(f, "redoubt2-guns")].pos.on = false;
	/* straight in front of a line's end is not its flank */
	put(f, "uhlans", 50, 50, 0, CF_LINE);
	put(f, "redoubt2-guns", 55, 54, 180, CF_UNLIMBERED);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, U(f, "redoubt2-guns"), U(f, "uhlans"), &s, NULL, &e), 0);
	assert_int_equal(s.target, CT_LINE);
	f->g.s[U(f, "uhlans")].pos.on = f->g.s[U(f, "redoubt2-guns")].pos.on = false;
	/* a square fires every way, with a face's stands; it has no rear */
	put(f, "93rd", 50, 30, 180, CF_SQUARE);
	put(f, "dnieper1", 50, 40, 180, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, dn, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 2);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, dn, h, 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_false(rear);
	/* cavalry in march column: -2 (i) */
	put(f, "heavy1", 80, 40, 270, CF_MARCH);
	n = ctbl_cc_mods(&f->t, &f->tb, &f->o, &f->g, dn, U(f, "heavy1"), 1, keys, CTAB_MODS_MAX, &rear, &ev);
	assert_true(has_key(keys, n, "march-column"));
	f->g.s[U(f, "heavy1")].pos.on = false;
	/* from a crest, over a lower unit more than 6" from the target [Fire (l)] */
	put(f, "93rd", 19, 30, 90, CF_LINE);
	put(f, "marines1", 24, 30, 90, CF_LINE);
	put(f, "dnieper1", 38, 30, 270, CF_LINE);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, dn, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 6);
	put(f, "marines1", 34, 30, 90, CF_LINE); /* within 6" of the target: it blocks */
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, dn, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	put(f, "93rd", 12, 30, 90, CF_LINE);
	put(f, "marines1", 16, 30, 90, CF_LINE); /* on the same hill, in front: not lower, it blocks */
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, h, dn, &s, NULL, &e), 0);
	assert_int_equal(s.stands, 0);
	f->g.s[U(f, "marines1")].pos.on = false;
	/* guns by prolonge: no chart penalty on the gentle hill, an even die only across the stream */
	{
		struct ctbl_move mv;
		struct cros_pos q;
		put(f, "w-battery", 10, 50, 90, CF_UNLIMBERED);
		q = f->g.s[U(f, "w-battery")].pos;
		q.c.x = IN(12);
		assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, U(f, "w-battery"), &q, &mv, &ev, &e), 0);
		assert_int_equal(mv.m.terrain, -1);
		assert_false(mv.even_die);
		put(f, "w-battery", 30, 58.5, 0, CF_UNLIMBERED);
		q = f->g.s[U(f, "w-battery")].pos;
		q.c.y = IN(62);
		assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, U(f, "w-battery"), &q, &mv, &ev, &e), 0);
		assert_true(mv.even_die);
		f->g.s[U(f, "w-battery")].pos.on = false;
	}
	/* a withdrawal from one enemy stops short of another's 2" */
	put(f, "93rd", 50, 30, 0, CF_LINE);
	put(f, "dnieper1", 50, 40, 180, CF_LINE);
	put(f, "uhlans", 50, 26.5, 0, CF_LINE);
	assert_int_equal(ctbl_fall_back(&f->t, &f->tb, &f->o, &f->g, h, U(f, "uhlans"), 12, false, &fb, &ev, &e), 0);
	assert_true(fb.to.on);
	f->g.s[h].pos = fb.to;
	assert_true(ctbl_gap(&f->t, &f->tb, &f->o, &f->g, h, dn) >= CTBL_TWO_INCHES);
	/* a change of formation keeps the front rank where it is */
	put(f, "93rd", 50, 30, 0, CF_LINE);
	f->g.s[U(f, "uhlans")].pos.on = false;
	{
		struct cros_pos q = ctbl_reform(&f->t, &f->tb, &f->o, &f->g, h, CF_SQUARE);
		struct pl_rect a, b;
		struct pl_pt ca[4], cb[4];
		ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, h, &f->g.s[h].pos, &a);
		ctbl_footprint(&f->t, &f->tb, &f->o, &f->g, h, &q, &b);
		pl_rect_corners(&a, ca);
		pl_rect_corners(&b, cb);
		assert_int_equal(ca[0].y, cb[0].y);
	}
	free(f);
}

static void test_load_errors(void **state)
{
	(void)state;
	struct fix *f = calloc(1, sizeof *f);
	struct errlist *l = malloc(sizeof *l);
	struct jdoc d;
	struct err e;
	char *bad;
	assert_non_null(f);
	assert_non_null(l);
	errlist_init(l);
	must(ctab_load_file(&f->t, SHEET, l), l, SHEET);
	must(cros_oob_load_file(&f->o, &f->t, OOB, l), l, OOB);
	/* the 93rd 1" from the Dnieper battalion, a cavalry formation for infantry, a point off the
	 * table: each a file:line error */
	bad = strdup(test_table);
	assert_non_null(bad);
	memcpy(strstr(bad, "\"y\": 30"), "\"y\": 37", 7);
	assert_int_equal(jdoc_parse(&d, "bad.json", bad, strlen(bad), &e), 0);
	assert_int_equal(ctbl_load(&f->tb, &f->t, &f->o, &d, l), -1);
	assert_non_null(strstr(l->e[0].msg, "[MOVE (i)]"));
	jdoc_free(&d);
	free(bad);
	errlist_init(l);
	bad = strdup(test_table);
	assert_non_null(bad);
	memcpy(strstr(bad, "[[0, 60], [144, 60]]"), "[[0, 60], [145, 60]]", 20);
	assert_int_equal(jdoc_parse(&d, "bad.json", bad, strlen(bad), &e), 0);
	assert_int_equal(ctbl_load(&f->tb, &f->t, &f->o, &d, l), -1);
	assert_int_equal(l->e[0].line, 1);
	assert_non_null(strstr(l->e[0].msg, "on the table"));
	jdoc_free(&d);
	free(bad);
	free(l);
	free(f);
}

/* [Side A Turn (c) 1] reaction fire at a mover "at any time during" its move: the best point of
 * the line it moved along; with no move kept, where it stands. */
static void test_sight_along(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	const int tk = U(f, "turks1"), uh = U(f, "uhlans");
	struct ctbl_sight s, here;
	struct cros_pos from, where;
	struct err e;
	put(f, "turks1", 20, 30, 0, CF_LINE);
	put(f, "heavy1", 33, 34, 0, CF_LINE); /* a friend in the way of the move's end */
	put(f, "uhlans", 16, 39, 90, CF_MARCH);
	from = f->g.s[uh].pos;
	f->g.s[uh].pos.c.x = IN(34);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, tk, uh, &here, NULL, &e), 0);
	assert_int_equal(here.stands, 4);
	assert_int_equal(ctbl_sight_along(&f->t, &f->tb, &f->o, &f->g, tk, uh, &from, &s, &where, &e), 0);
	assert_int_equal(s.stands, 6);
	assert_int_equal(s.band, 1);
	assert_int_equal(where.c.x, IN(16)); /* the first point at its best */
	assert_int_equal(where.c.y, IN(39));
	assert_int_equal(f->g.s[uh].pos.c.x, IN(34)); /* the game is not changed */
	from.on = false;
	assert_int_equal(ctbl_sight_along(&f->t, &f->tb, &f->o, &f->g, tk, uh, &from, &s, &where, &e), 0);
	assert_int_equal(s.stands, 4);
	assert_int_equal(where.c.x, IN(34));
	/* from behind the friend in the way (3 stands) to the far end (6 at 7.45"): nearer still in
	 * the middle of the move, 6 at 7.25" */
	put(f, "heavy2", 7, 34, 0, CF_LINE);
	put(f, "uhlans", 36, 39, 90, CF_MARCH);
	from = f->g.s[uh].pos;
	f->g.s[uh].pos.c.x = IN(8);
	assert_int_equal(ctbl_sight(&f->t, &f->tb, &f->o, &f->g, tk, uh, &here, NULL, &e), 0);
	assert_int_equal(here.stands, 6);
	assert_int_equal(here.gap, IN(7.45));
	assert_int_equal(ctbl_sight_along(&f->t, &f->tb, &f->o, &f->g, tk, uh, &from, &s, &where, &e), 0);
	assert_int_equal(s.stands, 6);
	assert_int_equal(s.gap, IN(7.25));
	assert_true(where.c.x > IN(8) && where.c.x < IN(36));
	free(f);
}

/* Fire priority [Fire (c)]: "1st charging enemy; 2nd firing at you; 3rd advancing on you; 4th
 * nearest enemy", among the enemy units the firer can fire at. */

static void test_fire_priority(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	const int n93 = U(f, "93rd"), dn = U(f, "dnieper1");
	int rank, az, kv;
	int32_t gap;
	put(f, "azov1", 60, 44, 180, CF_LINE);  /* in the 93rd's arc, farther than the Dnieper battalion */
	put(f, "kiev1", 80, 60, 180, CF_LINE);  /* beyond the rifle's 20" */
	az = U(f, "azov1");
	kv = U(f, "kiev1");
	/* 4th: the nearest */
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), dn);
	assert_int_equal(rank, CF_NEAREST);
	assert_int_equal(gap, IN(8.5));
	/* 3rd: Azov advances (its first move of the turn kept) and outranks the nearer Dnieper */
	cros_note_move(&f->g, az);
	f->g.s[az].pos.c.y = IN(42);
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, az), CF_ADVANCING);
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), az);
	/* ... a second move of the turn is measured from where it stood before the first */
	cros_note_move(&f->g, az);
	f->g.s[az].pos.c.y = IN(43);
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, az), CF_ADVANCING);
	f->g.s[az].pos.c.y = IN(45);
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, az), CF_NEAREST); /* drew back */
	/* 2nd: the Dnieper battalion fired at the 93rd; the turn after it still counts, not two */
	cros_note_fire(&f->g, dn, n93);
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, dn), CF_FIRING);
	f->g.s[az].pos.c.y = IN(42);
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), dn);
	assert_int_equal(rank, CF_FIRING);
	f->g.turn = 2;
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, dn), CF_FIRING);
	f->g.turn = 3;
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, dn), CF_NEAREST);
	/* 1st: Azov charges the 93rd (this turn only); an enemy out of range is no target at all */
	cros_note_charge(&f->g, az, n93);
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), az);
	assert_int_equal(rank, CF_CHARGING);
	cros_note_charge(&f->g, kv, n93);
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, kv), CF_CHARGING);
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), az);
	f->g.turn = 4;
	assert_int_equal(ctbl_prio_rank(&f->t, &f->tb, &f->o, &f->g, n93, az), CF_NEAREST);
	/* a unit with no enemy it can fire at */
	f->g.s[n93].pos.facing = 180;
	assert_int_equal(ctbl_fire_priority(&f->t, &f->tb, &f->o, &f->g, n93, &rank, &gap), -1);
	free(f);
}

/* The memo (ctbl_memo) keeps each firer's fire priority, and below it whether each of its stands
 * bears on each enemy, with the line it was seen by or the units that blocked every line: a
 * unit that comes to stand across the line, or a blocker that moves off, must be noticed, and
 * the answer is always the one worked out afresh. */
static int fire_target_checked(struct fix *f, struct ctbl_memo *m, int firer)
{
	struct ctbl_sight s, s2;
	const int j = ctbl_fire_target(m, &f->t, &f->tb, &f->o, &f->g, firer, NULL, &s);
	assert_int_equal(ctbl_fire_target(NULL, &f->t, &f->tb, &f->o, &f->g, firer, NULL, &s2), j);
	if (j >= 0)
		assert_memory_equal(&s, &s2, sizeof s);
	return j;
}

static void test_fire_memo_lines(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	struct ctbl_memo *m = ctbl_memo_new();
	const int n93 = U(f, "93rd"), dn = U(f, "dnieper1");
	assert_non_null(m);
	/* the 93rd (50, 30) sees the Dnieper battalion (50, 40), 8.5" off: the line it sees by is kept */
	assert_int_equal(fire_target_checked(f, m, n93), dn);
	/* two battalions of Guards come to stand between them, shoulder to shoulder: every line is
	 * blocked [Fire (j)] */
	put(f, "grenadiers", 45.6, 35, 0, CF_LINE);
	put(f, "coldstream", 54.4, 35, 0, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), -1);
	/* one moves off: the lines it blocked may be clear again, and some are */
	put(f, "grenadiers", 80, 5, 0, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), dn);
	/* it comes back; then the Dnieper battalion, hidden, steps off to the side and is seen */
	put(f, "grenadiers", 45.6, 35, 0, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), -1);
	put(f, "dnieper1", 64, 40, 180, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), dn);
	/* the Guards march off; the Azov battalion stands 13.5" off, the Dnieper 9.9": then the
	 * Dnieper draws back to 17.2", and the nearest is Azov (the gaps kept are the new ones) */
	put(f, "grenadiers", 80, 5, 0, CF_LINE);
	put(f, "coldstream", 95, 5, 0, CF_LINE);
	put(f, "azov1", 36, 44, 180, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), dn);
	put(f, "dnieper1", 64, 48, 180, CF_LINE);
	assert_int_equal(fire_target_checked(f, m, n93), U(f, "azov1"));
	ctbl_memo_free(m);
	free(f);
}

/* The scenario's own table: every unit has a place, every start is legal. */
static void test_balaclava_table(void **state)
{
	(void)state;
	struct fix *f = calloc(1, sizeof *f);
	struct errlist *l = malloc(sizeof *l);
	assert_non_null(f);
	assert_non_null(l);
	errlist_init(l);
	must(ctab_load_file(&f->t, SHEET, l), l, SHEET);
	must(cros_oob_load_file(&f->o, &f->t, OOB, l), l, OOB);
	must(ctbl_load_file(&f->tb, &f->t, &f->o, TABLE, l), l, TABLE);
	for (int i = 0; i < f->o.n; i++) {
		if (!(f->o.u[i].reinforcement ? f->tb.entry[i].on : f->tb.start[i].on))
			fail_msg("%s has no place on %s", f->o.u[i].id, TABLE);
	}
	for (int k = 0; k < f->o.ncmdrs; k++)
		if (!f->tb.cmdr_start[k].on && !f->tb.cmdr_entry[k].on)
			fail_msg("commander %s has no place on %s", f->o.cmdr[k], TABLE);
	/* every unit the order of battle restricts is restricted on its table */
	for (int i = 0; i < f->o.n; i++)
		if (f->o.u[i].restriction[0] && f->tb.unit_rs[i] < 0)
			fail_msg("%s (\"%s\") has no restriction on %s", f->o.u[i].id, f->o.u[i].restriction, TABLE);
	free(l);
	free(f);
}

/* The scenario's restrictions on the table: the Marines kept within the immediate Balaclava
 * defenses, the Royal Marine Artillery emplaced, the French infantry at the base of Sapoune
 * Ridge [Royal Marine Brigade], [THE FRENCH ARMY AT BALACLAVA]; the loader's errors. */
static void test_restrictions(void **state)
{
	(void)state;
	struct fix *f = calloc(1, sizeof *f);
	struct errlist *l = malloc(sizeof *l);
	struct cros_pos p;
	struct err e;
	struct jdoc d;
	assert_non_null(f);
	assert_non_null(l);
	errlist_init(l);
	must(ctab_load_file(&f->t, SHEET, l), l, SHEET);
	must(cros_oob_load_file(&f->o, &f->t, OOB, l), l, OOB);
	must(ctbl_load_file(&f->tb, &f->t, &f->o, TABLE, l), l, TABLE);
	cros_new(&f->o, &f->g);
	ctbl_deploy(&f->tb, &f->o, &f->g);
	const int m1 = cros_find(&f->o, "marines1"), rma = cros_find(&f->o, "rma1"), zz = cros_find(&f->o, "zouaves");
	const int n93 = cros_find(&f->o, "93rd");
	assert_true(m1 >= 0 && rma >= 0 && zz >= 0 && n93 >= 0);
	/* the Marines: along the heights, yes; north into the South Valley, no */
	p = f->g.s[m1].pos;
	p.c.x += IN(4);
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, m1, &p, &e), 0);
	p.c.y += IN(7);
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, m1, &p, &e), -1);
	assert_non_null(strstr(e.msg, "[Royal Marine Brigade] marines1 may not move beyond the immediate Balaclava defenses"));
	/* the same move of the 93rd, unrestricted */
	p = f->g.s[n93].pos;
	p.c.y += IN(11);
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, n93, &p, &e), 0);
	/* the Royal Marine Artillery turns but neither moves nor limbers */
	p = f->g.s[rma].pos;
	p.facing = (p.facing + 90) % 360;
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, rma, &p, &e), 0);
	p.form = CF_LIMBERED;
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, rma, &p, &e), -1);
	assert_non_null(strstr(e.msg, "emplaced"));
	p = f->g.s[rma].pos;
	p.c.x += 1;
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, rma, &p, &e), -1);
	/* the Zouaves: down the escarpment to its foot, yes; out into the North Valley, no */
	f->g.s[zz].pos = f->tb.entry[zz];
	p = f->tb.entry[zz];
	p.c.x = IN(30);
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, zz, &p, &e), 0);
	p.c.x = IN(32);
	assert_int_equal(ctbl_restricted(&f->tb, &f->o, &f->g, zz, &p, &e), -1);
	assert_non_null(strstr(e.msg, "[THE FRENCH ARMY AT BALACLAVA]"));
	/* a move plan refuses it too, before any dice */
	{
		struct ctbl_move mv;
		struct event store[32];
		struct evsink ev;
		evsink_init(&ev, store, 32);
		assert_int_equal(ctbl_move_plan(&f->t, &f->tb, &f->o, &f->g, zz, &p, &mv, &ev, &e), -1);
		assert_non_null(strstr(e.msg, "base of Sapoune Ridge"));
	}
	/* the loader: a restricted unit that starts outside its area, a unit restricted twice */
	{
		static const char *const subs[][3] = {
			{"\"units\": [\"marines1\", \"marines2\"]", "\"units\": [\"marines1\", \"93rd\"]",
			 "93rd starts outside the immediate Balaclava defenses"},
			{"\"units\": [\"rma1\", \"rma2\"]", "\"units\": [\"rma1\", \"marines2\"]", "marines2 is restricted twice"},
			{"\"units\": [\"rma1\", \"rma2\"]", "\"units\": [\"rma1\", \"nobody\"]", "not a unit of balaclava-2014"},
		};
		for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++) {
			bool found = false;
			test_variant_doc(&d, TABLE, subs[k][0], subs[k][1], NULL);
			errlist_init(l);
			assert_int_equal(ctbl_load(&f->tb, &f->t, &f->o, &d, l), -1);
			for (int i = 0; i < l->n; i++)
				found = found || strstr(l->e[i].msg, subs[k][2]);
			if (!found)
				fail_msg("no error \"%s\" (first: %s)", subs[k][2], l->n ? l->e[0].msg : "none");
			jdoc_free(&d);
		}
	}
	free(l);
	free(f);
}


/* A command carried out with the dice it asks for rolled (cplay_run_rolled): a close combat's
 * charge morale check, both sides' dice, the winner's die and the saves are rolled in the order
 * the ruling asks for them; the same stream gives the same ruling; the stream moves on with every
 * ruling made, one that changes nothing in the game too; a refusal leaves the game and the
 * stream as they were; dice given are kept. */
static void test_rolled_commands(void **state)
{
	(void)state;
	struct fix *f = fixture(test_table);
	const struct cplay c = {.t = &f->t, .tb = &f->tb, .o = &f->o, .name = "test"};
	struct cplay_res *res = malloc(sizeof *res);
	struct ref_out *out = malloc(sizeof *out);
	struct ref_req *q = malloc(sizeof *q);
	struct cros_game *g0 = malloc(sizeof *g0), *g1 = malloc(sizeof *g1);
	const struct cplay_opts x = {.facing = -1};
	struct rng r0, r1;
	int d = U(f, "dnieper1"), h = U(f, "93rd");
	assert_non_null(res);
	assert_non_null(out);
	assert_non_null(q);
	assert_non_null(g0);
	assert_non_null(g1);
	put(f, "dnieper1", 50, 33.5, 180, CF_LINE); /* 2" from the 93rd */
	*g0 = f->g;
	/* a close combat, every die rolled */
	rng_init(&r0, 99, RNG_RULES);
	r1 = r0;
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "melee");
	snprintf(q->side[0].unit, sizeof q->side[0].unit, "dnieper1");
	snprintf(q->side[1].unit, sizeof q->side[1].unit, "93rd");
	cplay_res_init(res, false);
	assert_int_equal(cplay_run_rolled(&c, &f->g, q, &x, out, res, &r0), 0);
	assert_true(res->changed);
	assert_true(res->ruled);
	assert_int_equal(out->pending[0], 0);
	assert_int_equal(res->want.kind, RW_NONE);
	assert_true(q->side[0].morale_die >= 1 && q->side[0].morale_die <= 6); /* the charge morale check */
	assert_true(q->side[0].dice.given && q->side[1].dice.given);
	assert_int_equal(q->side[0].dice.n, 7); /* 6 stands and the leader */
	assert_int_equal(q->side[1].dice.n, 7);
	assert_true(out->cc_winner == d || out->cc_winner == h);
	assert_true(q->wdie >= 1 && q->wdie <= 6);
	assert_true(f->g.s[d].markers > 0 || f->g.s[h].markers > 0); /* the loser's two chits */
	assert_memory_not_equal(&r0, &r1, sizeof r0); /* the stream moved on with the game */
	assert_non_null(strstr(res->text.s, "close combat"));
	/* the same stream and game: the same ruling */
	*g1 = *g0;
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "melee");
	snprintf(q->side[0].unit, sizeof q->side[0].unit, "dnieper1");
	snprintf(q->side[1].unit, sizeof q->side[1].unit, "93rd");
	assert_int_equal(cplay_run_rolled(&c, g1, q, &x, out, res, &r1), 0);
	assert_memory_equal(&r0, &r1, sizeof r0);
	assert_int_equal(g1->s[d].figures, f->g.s[d].figures);
	assert_int_equal(g1->s[h].figures, f->g.s[h].figures);
	assert_int_equal(g1->s[d].markers, f->g.s[d].markers);
	assert_int_equal(g1->s[h].markers, f->g.s[h].markers);
	/* a ruling that changes nothing in the game (a morale check) moves the stream on all the
	 * same: each roll is the next (the referee's log keeps it) */
	r1 = r0;
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "morale");
	snprintf(q->unit, sizeof q->unit, "dnieper1");
	assert_int_equal(cplay_run_rolled(&c, &f->g, q, &x, out, res, &r0), 0);
	assert_false(res->changed);
	assert_true(res->rolled);
	assert_true(q->die >= 1 && q->die <= 6);
	assert_memory_not_equal(&r0, &r1, sizeof r0);
	r1 = r0;
	/* a refusal: the game and the stream as they were (a unit 2" off cannot charge) */
	*g1 = f->g;
	put(f, "dnieper1", 50, 40, 180, CF_LINE);
	*g1 = f->g;
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "melee");
	snprintf(q->side[0].unit, sizeof q->side[0].unit, "dnieper1");
	snprintf(q->side[1].unit, sizeof q->side[1].unit, "93rd");
	assert_int_equal(cplay_run_rolled(&c, &f->g, q, &x, out, res, &r0), 1);
	assert_false(res->changed);
	assert_memory_equal(&r0, &r1, sizeof r0);
	assert_memory_equal(&f->g, g1, sizeof *g1);
	/* dice given are kept: a withdrawal's four dice, none rolled */
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "withdraw");
	snprintf(q->unit, sizeof q->unit, "dnieper1");
	q->dice = (struct ref_dice){.given = true, .n = 4, .d = {1, 1, 1, 2}};
	assert_int_equal(cplay_run_rolled(&c, &f->g, q, &x, out, res, &r0), 0);
	assert_true(res->changed);
	assert_int_equal(q->dice.n, 4);
	assert_int_equal(q->dice.d[3], 2);
	assert_memory_equal(&r0, &r1, sizeof r0); /* nothing rolled: the stream as it was */
	cplay_res_free(res);
	free(res);
	free(out);
	free(q);
	free(g0);
	free(g1);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_footprints_and_two_inches),
		cmocka_unit_test(test_fire_geometry),
		cmocka_unit_test(test_fire_double_line),
		cmocka_unit_test(test_double_line),
		cmocka_unit_test(test_actions),
		cmocka_unit_test(test_rolled_commands),
		cmocka_unit_test(test_heavy_brigade),
		cmocka_unit_test(test_command_radius),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_road_moves),
		cmocka_unit_test(test_charges_and_falling_back),
		cmocka_unit_test(test_reactions),
		cmocka_unit_test(test_review_cases),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_balaclava_table),
		cmocka_unit_test(test_restrictions),
		cmocka_unit_test(test_fire_priority),
		cmocka_unit_test(test_fire_memo_lines),
		cmocka_unit_test(test_sight_along),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
