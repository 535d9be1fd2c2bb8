/* Unit tests for src/games/ulm/ufire.c: From Ulm to Waterloo's canister as read from
 * data/ulm/tables.json: range and casualties by gun (Fire C.10), squares (C.3.e), protection
 * (Constructions A), a disorganized or suppressed battery (Fire A.6, Morale E.6.b), dispersed
 * targets (Fire A.5.b-c), point blank (A.9), militia guns (Special Units F), and the odds. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/jdoc.h"
#include "games/ulm/ufire.h"
#include "games/ulm/umorale.h"

#define TABLES "data/ulm/tables.json"

static const struct ufire_tab *tab(void)
{
	static struct ufire_tab t;
	static int loaded;
	if (!loaded) {
		struct jdoc d;
		struct err e;
		struct errlist *l = malloc(sizeof *l);
		assert_non_null(l);
		errlist_init(l);
		assert_int_equal(jdoc_load(&d, TABLES, &e), 0);
		if (ufire_load(&t, &d, l) != 0) {
			for (int i = 0; i < l->n; i++)
				print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
			fail_msg("%s does not load", TABLES);
		}
		jdoc_free(&d);
		free(l);
		loaded = 1;
	}
	return &t;
}

static struct ufire_canister gun(int g, int inches)
{
	struct ufire_canister c;
	memset(&c, 0, sizeof c);
	c.gun = g;
	c.inches = inches;
	return c;
}

/* The figures of one discharge (asserting it may fire). */
static int fire(const struct ufire_canister *c, int die)
{
	struct err e;
	int f = ufire_canister(tab(), c, die, 0, NULL, NULL, &e);
	assert_true(f >= 0);
	return f;
}

/* Fire C.10.b-c as printed, and the ranges' ends. */
static void test_table(void **state)
{
	(void)state;
	const struct ufire_tab *t = tab();
	struct ufire_canister c = gun(UG_LIGHT, 16);
	struct err e;
	assert_int_equal(t->range[UG_LIGHT], 16);
	assert_int_equal(t->range[UG_FIELD], 20);
	assert_int_equal(t->range[UG_HEAVY], 24);
	assert_int_equal(fire(&c, 1), 5);
	c = gun(UG_FIELD, 20);
	assert_int_equal(fire(&c, 1), 7);
	c = gun(UG_HEAVY, 24);
	assert_int_equal(fire(&c, 6), 14);
	c = gun(UG_LIGHT, 17);
	assert_int_equal(ufire_canister(t, &c, 3, 0, NULL, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire C.10.b]"));
	c = gun(UG_FIELD, 5);
	c.state = UM_FALL_BACK;
	assert_int_equal(ufire_canister(t, &c, 3, 0, NULL, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire A.6.b]"));
	c = gun(UG_FIELD, 5);
	assert_int_equal(ufire_canister(t, &c, 0, 0, NULL, NULL, &e), -2); /* no die: the odds only */
	assert_int_equal(ufire_gun("field"), UG_FIELD);
	assert_int_equal(ufire_gun("mortar"), -1);
}

/* C.3.e, C.10.c: against a square, maximum casualties without a die; protection (the greatest
 * only: the caller gives one class), a suppressed battery, a disorganized one at half. */
static void test_modifiers(void **state)
{
	(void)state;
	struct ufire_canister c = gun(UG_FIELD, 10);
	c.square = true;
	assert_int_equal(fire(&c, 0), 12);
	assert_int_equal(fire(&c, 1), 12); /* the die is ignored */
	c = gun(UG_FIELD, 10);
	c.protection = 1;
	assert_int_equal(fire(&c, 3), 3 + 6 - 4);
	c.protection = 4;
	assert_int_equal(fire(&c, 3), 3 + 6 - 1);
	c.suppressed = true;
	assert_int_equal(fire(&c, 3), 3 + 6 - 1 - 1);
	c = gun(UG_LIGHT, 10);
	c.state = UM_DISORGANIZED;
	assert_int_equal(fire(&c, 5), 4); /* 9 / 2 */
	c = gun(UG_LIGHT, 10);
	c.protection = 1;
	c.suppressed = true;
	assert_int_equal(fire(&c, 1), 0); /* 1 + 4 - 4 - 1 = 0, never below */
}

/* Fire A.5.b-c: a dispersed target takes two kills a figure, except within 3 inches; A.9:
 * within 2 inches half again; the target's figures are the most it can lose. */
static void test_range_effects(void **state)
{
	(void)state;
	struct ufire_canister c = gun(UG_LIGHT, 4);
	c.dispersed = true;
	assert_int_equal(fire(&c, 5), 4); /* 9 kills, two a figure */
	c.inches = 3;
	assert_int_equal(fire(&c, 5), 9);
	c.inches = 2;
	assert_int_equal(fire(&c, 5), 13); /* 9 + 4 */
	c = gun(UG_HEAVY, 1);
	c.figures = 12;
	assert_int_equal(fire(&c, 6), 12); /* 14 + 7 = 21, of 12 */
	c = gun(UG_FIELD, 2); /* a disorganized battery at point blank: half, then half again */
	c.state = UM_DISORGANIZED;
	assert_int_equal(fire(&c, 1), 4); /* 7 kills, 3, then 3 + 1 */
}

/* C.10.b-c: howitzers have the light guns' range and the field guns' casualties; rubble is a
 * factor of 1 (Constructions E.5); a square is neither dispersed nor protected (refused). */
static void test_howitzer_rubble(void **state)
{
	(void)state;
	struct ufire_canister c = gun(UG_HOWITZER, 16);
	struct err e;
	assert_int_equal(ufire_gun("howitzer"), UG_HOWITZER);
	assert_int_equal(fire(&c, 1), 7);
	c.inches = 17;
	assert_int_equal(ufire_canister(tab(), &c, 1, 0, NULL, NULL, &e), -1);
	c = gun(UG_LIGHT, 10);
	c.protection = 5;
	assert_int_equal(fire(&c, 3), 3 + 4 - 1);
	c.square = true;
	assert_int_equal(ufire_canister(tab(), &c, 0, 0, NULL, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire C.3.e]"));
	c.protection = 0;
	c.dispersed = true;
	assert_int_equal(ufire_canister(tab(), &c, 0, 0, NULL, NULL, &e), -1);
}

/* The printed odds, one case worked by hand: a field gun at 12 inches, 7 to 12 figures, a sixth
 * each. */
static void test_odds_by_hand(void **state)
{
	(void)state;
	struct ufire_canister c = gun(UG_FIELD, 12);
	struct err e;
	double p[UFIRE_MAX + 1];
	ufire_canister(tab(), &c, 0, 0, p, NULL, &e);
	for (int k = 0; k <= UFIRE_MAX; k++)
		assert_true(fabs(p[k] - (k >= 7 && k <= 12 ? 1.0 / 6 : 0)) < 1e-12);
}

/* Special Units F: a militia gun casts first: 6 misfires, 5 fires an operation late. */
static void test_militia(void **state)
{
	(void)state;
	struct ufire_canister c = gun(UG_FIELD, 10);
	struct err e;
	double p[UFIRE_MAX + 1];
	c.militia = true;
	assert_int_equal(ufire_canister(tab(), &c, 4, 6, NULL, NULL, &e), 0);
	assert_int_equal(ufire_canister(tab(), &c, 4, 5, NULL, NULL, &e), 0);
	assert_int_equal(ufire_canister(tab(), &c, 4, 4, NULL, NULL, &e), 10);
	assert_int_equal(ufire_canister(tab(), &c, 4, 0, p, NULL, &e), -2);
	assert_true(fabs(p[0] - 2.0 / 6) < 1e-12);
	assert_true(fabs(p[7] - 4.0 / 36) < 1e-12);
}

/* The odds are the dice: p[k] is the share of the six dice (one for a square) giving k. */
static void test_odds(void **state)
{
	(void)state;
	for (int g = 0; g < UG_GUNS; g++)
		for (int v = 0; v < 16; v++) {
			struct ufire_canister c = gun(g, v & 1 ? 2 : 12);
			struct err e;
			double p[UFIRE_MAX + 1], want[UFIRE_MAX + 1] = {0}, sum = 0;
			c.dispersed = (v & 2) != 0;
			c.state = v & 4 ? UM_DISORGANIZED : UM_GOOD;
			c.square = (v & 8) != 0;
			c.protection = c.square ? 0 : v % 6;
			c.dispersed &= !c.square;
			ufire_canister(tab(), &c, 0, 0, p, NULL, &e);
			for (int d = 1; d <= 6; d++)
				want[fire(&c, d)] += c.square ? (d == 6) : 1.0 / 6;
			for (int k = 0; k <= UFIRE_MAX; k++) {
				assert_true(fabs(p[k] - want[k]) < 1e-12);
				sum += p[k];
			}
			assert_true(fabs(sum - 1) < 1e-12);
		}
}

/* Broken fire tables say what is wrong, each at its line. */
static void test_load_errors(void **state)
{
	(void)state;
	static const char bad[] =
		"{\"format\": \"crimea/1\", \"kind\": \"tables\", \"id\": \"ulm\", \"tables\": [\n"
		"{\"id\": \"canister\", \"provenance\": {\"source\": \"seed\", \"case\": \"Fire C.10\"},\n"
		" \"rows\": [{\"key\": \"light\", \"cells\": [\"16\", \"4\"]}, {\"key\": \"howitzer\", \"cells\": [\"16\", \"6\"]},\n"
		"  {\"key\": \"field\", \"cells\": [\"20\", \"3\"]}, {\"key\": \"mortar\", \"cells\": [\"9\", \"9\"]},\n"
		"  {\"key\": \"light\", \"cells\": [\"16\", \"40\"]}]},\n"
		"{\"id\": \"fire-modifiers\", \"provenance\": {\"source\": \"seed\", \"case\": \"x\"},\n"
		" \"rows\": [{\"key\": \"protection-1\", \"cells\": [\"+4\", \"A.1.b\", \"\"]},\n"
		"  {\"key\": \"protection-2\", \"cells\": [\"-3\", \"A.2.b\", \"\"]}, {\"key\": \"protection-3\", \"cells\": [\"-4\", \"A.3.b\", \"\"]}]}]}\n";
	struct jdoc d;
	struct err e;
	struct errlist l;
	struct ufire_tab t;
	assert_int_equal(jdoc_parse(&d, "bad.json", bad, sizeof bad - 1, &e), 0);
	errlist_init(&l);
	assert_int_equal(ufire_load(&t, &d, &l), -1);
	jdoc_free(&d);
	int row = 0, heavy = 0, less = 0, mod = 0, need = 0, prot = 0;
	for (int i = 0; i < l.n; i++) {
		row += strstr(l.e[i].msg, "a canister row is") != NULL;
		heavy += strstr(l.e[i].msg, "needs \"heavy\"") != NULL;
		less += strstr(l.e[i].msg, "field guns reach or kill less than howitzer guns") != NULL;
		mod += strstr(l.e[i].msg, "a fire modifier is") != NULL;
		need += strstr(l.e[i].msg, "need \"suppressed\"") != NULL;
		prot += strstr(l.e[i].msg, "protection-2 protects less than protection-3") != NULL;
		assert_true(l.e[i].line > 0);
	}
	assert_int_equal(row, 2); /* mortar; a light gun of 40, which point blank would take past UFIRE_MAX */
	assert_int_equal(heavy, 1);
	assert_int_equal(less, 1);
	assert_int_equal(mod, 1);
	assert_int_equal(need, 1);
	assert_int_equal(prot, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_modifiers),
		cmocka_unit_test(test_range_effects),
		cmocka_unit_test(test_militia),
		cmocka_unit_test(test_howitzer_rubble),
		cmocka_unit_test(test_odds_by_hand),
		cmocka_unit_test(test_odds),
		cmocka_unit_test(test_load_errors),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
