/* Unit tests for src/games/ulm/umorale.c: From Ulm to Waterloo's Morale Evaluation Chart as read
 * from data/ulm/tables.json, the checks and their effects, and the rulebook's two worked examples
 * of fire losses (Morale D.2.a and D.2.c). */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/fsio.h"
#include "core/jdoc.h"
#include "games/ulm/umorale.h"

#define TABLES "data/ulm/tables.json"

static const struct umor_tab *tab(void)
{
	static struct umor_tab t;
	static int loaded;
	if (!loaded) {
		struct errlist *l = malloc(sizeof *l);
		assert_non_null(l);
		errlist_init(l);
		if (umor_load_file(&t, TABLES, l) != 0) {
			for (int i = 0; i < l->n; i++)
				print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
			free(l);
			fail_msg("%s does not load", TABLES);
		}
		free(l);
		loaded = 1;
	}
	return &t;
}

/* The chart as printed: a cell of each column, and the rolls past its ends. */
static void test_chart(void **state)
{
	(void)state;
	const struct umor_tab *t = tab();
	int line = umor_class(t, "line-infantry"), mil = umor_class(t, "militia"), gd = umor_class(t, "guards");
	assert_int_equal(umor_class(t, "hussars"), umor_class(t, "grenadiers"));
	assert_int_equal(umor_class(t, "command"), gd);
	assert_int_equal(umor_class(t, "uhlans"), -1);
	assert_int_equal(umor_chart(t, line, 7), UM_GOOD);
	assert_int_equal(umor_chart(t, line, 6), UM_DISORGANIZED);
	assert_int_equal(umor_chart(t, line, 4), UM_FALL_BACK);
	assert_int_equal(umor_chart(t, line, 2), UM_ROUT);
	assert_int_equal(umor_chart(t, mil, 7), UM_DISORGANIZED);
	assert_int_equal(umor_chart(t, mil, 3), UM_ROUT);
	assert_int_equal(umor_chart(t, gd, 3), UM_DISORGANIZED);
	assert_int_equal(umor_chart(t, gd, 2), UM_FALL_BACK);
	assert_int_equal(umor_chart(t, mil, 12), UM_GOOD); /* above 8: the 8 row */
	assert_int_equal(umor_chart(t, gd, -3), UM_FALL_BACK); /* below 2: the 2 row */
}

/* C.2.e: a failed non-contact check costs one grade; C.3.b: a failed contact check imposes the
 * chart's result; E.3.c: a disorganized unit is -1; the odds against every pair of dice. */
static void test_checks(void **state)
{
	(void)state;
	const struct umor_tab *t = tab();
	struct event store[8];
	struct evsink ev;
	double p[UM_STATES], q[UM_STATES];
	int line = umor_class(t, "line-infantry"), mil = umor_class(t, "militia");
	evsink_init(&ev, store, 8);
	assert_int_equal(umor_check(t, line, false, UM_GOOD, 0, 1, 1, NULL, &ev), UM_DISORGANIZED);
	assert_int_equal(umor_check(t, line, true, UM_GOOD, 0, 1, 1, NULL, &ev), UM_ROUT);
	assert_int_equal(umor_check(t, line, true, UM_GOOD, -2, 2, 3, NULL, &ev), UM_FALL_BACK);
	assert_int_equal(umor_check(t, line, false, UM_GOOD, 0, 4, 4, NULL, NULL), UM_GOOD);
	/* disorganized: 6 + 1 = 7 passes for line, but -1 makes it 6: one more grade */
	assert_int_equal(umor_check(t, line, false, UM_DISORGANIZED, 0, 6, 1, NULL, NULL), UM_FALL_BACK);
	assert_int_equal(umor_check(t, line, false, UM_DISORGANIZED, 0, 6, 2, NULL, NULL), UM_DISORGANIZED);
	/* E.4.b: a falling back unit is -2: 4 + 4 = 8 passes for line in good order, but falling back
	 * it is 6, a failure, one grade more: a rout */
	assert_int_equal(umor_check(t, line, false, UM_GOOD, 0, 4, 4, NULL, NULL), UM_GOOD);
	assert_int_equal(umor_check(t, line, false, UM_FALL_BACK, 0, 4, 4, NULL, NULL), UM_ROUT);
	/* E.2.b: a rally: line, disorganized (-1): 7 + 1 = 8 passes to good, less stays disorganized */
	{
		double pr;
		assert_int_equal(umor_rally(t, line, 0, 6, 2, &pr, NULL), UM_GOOD);
		assert_int_equal(umor_rally(t, line, 0, 6, 1, NULL, NULL), UM_DISORGANIZED);
		assert_int_equal(umor_rally(t, line, 0, 0, 0, &pr, NULL), -1);
		assert_true(fabs(pr - 15.0 / 36) < 1e-12); /* 8 or better: 15 of 36 */
	}
	/* a contact result no worse than the state held leaves it */
	assert_int_equal(umor_check(t, mil, true, UM_FALL_BACK, 0, 3, 3, NULL, NULL), UM_FALL_BACK);
	/* the odds are the dice's */
	for (int st = UM_GOOD; st <= UM_FALL_BACK; st++)
		for (int c = 0; c < 2; c++)
			for (int mod = -3; mod <= 1; mod++) {
				umor_check(t, line, c, st, mod, 0, 0, p, NULL);
				memset(q, 0, sizeof q);
				for (int a = 1; a <= 6; a++)
					for (int b = 1; b <= 6; b++)
						q[umor_check(t, line, c, st, mod, a, b, NULL, NULL)] += 1.0 / 36;
				for (int s = 0; s < UM_STATES; s++)
					assert_true(fabs(p[s] - q[s]) < 1e-12);
			}
	/* non-contact, line, -1: passes on 8 or better: 15 of 36 */
	umor_check(t, line, false, UM_GOOD, -1, 0, 0, p, NULL);
	assert_true(fabs(p[UM_GOOD] - 15.0 / 36) < 1e-12);
}

/* Morale D.2's worked examples: Unit A, 30 figures: 2 lost is not 10%, no check; 3 lost is a check
 * at -1; reduced to 16 and losing 3 more (below 50%), a check at a permanent -2. */
static void test_fire_examples(void **state)
{
	(void)state;
	int mod;
	bool perm;
	assert_int_equal(umor_fire_check(NULL, -1, 30, 30, 2, false, &mod, &perm, NULL), 0);
	assert_int_equal(umor_fire_check(NULL, -1, 30, 28, 3, false, &mod, &perm, NULL), 1);
	assert_int_equal(mod, -1);
	assert_false(perm);
	assert_int_equal(umor_fire_check(NULL, -1, 30, 16, 3, false, &mod, &perm, NULL), 1);
	assert_int_equal(mod, -2);
	assert_true(perm);
	/* D.2.b: a charging unit checks on any loss; with 10% the -1 too */
	assert_int_equal(umor_fire_check(NULL, -1, 30, 30, 1, true, &mod, &perm, NULL), 1);
	assert_int_equal(mod, 0);
	assert_int_equal(umor_fire_check(NULL, -1, 30, 30, 3, true, &mod, &perm, NULL), 1);
	assert_int_equal(mod, -1);
	/* 50% casualties exactly is not more than 50% */
	assert_int_equal(umor_fire_check(NULL, -1, 30, 18, 3, false, &mod, &perm, NULL), 1);
	assert_int_equal(mod, -1);
	/* H.2: second line troops' Loss of Effectiveness is -3 and -4 */
	{
		const struct umor_tab *t = tab();
		int sl = umor_class_index(t, "second-line");
		assert_true(sl >= 0);
		assert_int_equal(t->cls_col[sl], umor_class(t, "line-infantry"));
		assert_int_equal(umor_fire_check(t, sl, 30, 28, 3, false, &mod, &perm, NULL), 1);
		assert_int_equal(mod, -3);
		assert_int_equal(umor_fire_check(t, sl, 30, 16, 3, false, &mod, &perm, NULL), 1);
		assert_int_equal(mod, -4);
		assert_int_equal(umor_fire_check(t, umor_class_index(t, "guards"), 30, 28, 3, false, &mod, &perm, NULL), 1);
		assert_int_equal(mod, -1);
	}
}

/* Is there an event of the sink citing rule whose text contains sub? */
static bool ulm_event(const struct evsink *s, const char *rule, const char *sub)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->ev[i].rule, rule) && strstr(s->ev[i].text, sub))
			return true;
	return false;
}

/* Ulm Morale D.2.a example, played operation by operation: "In Operation 1, Unit A (30 original
 * figures) loses 2 figures. This is not 10%. No morale check is taken due to fire. In three
 * subsequent operations, Unit A loses 3 figures each operation due to fire. Each operation a
 * morale check is taken due to fire. Each time the check is made at -1."
 *
 * test_fire_examples rules the first of the three later operations (28 -> 25);
 * here all four, the unit's figures carried from one to the next (30, 28, 25, 22, 19: never past
 * 50% casualties, so never D.2.c's permanent -2), for the common modifiers (cls -1) and for
 * line infantry on the tables. */
static void test_ulm_d2a_example_operations(void **state)
{
	(void)state;
	const struct umor_tab *t = tab();
	int line = umor_class_index(t, "line-infantry");
	assert_true(line >= 0);
	const struct umor_tab *tabs[2] = {NULL, t};
	const int cls[2] = {-1, line};
	for (int k = 0; k < 2; k++) {
		struct event store[8];
		struct evsink ev;
		int mod, figures = 30;
		bool perm;
		/* Operation 1: 2 lost, under 10%: no check */
		evsink_init(&ev, store, 8);
		assert_int_equal(umor_fire_check(tabs[k], cls[k], 30, figures, 2, false, &mod, &perm, &ev), 0);
		assert_int_equal(mod, 0);
		assert_true(ulm_event(&ev, "[Morale D.2.a]", "2 of 30 original figures lost: under 10%, no check"));
		figures -= 2;
		/* three subsequent operations, 3 lost in each: a check at -1 each time */
		for (int op = 2; op <= 4; op++) {
			evsink_init(&ev, store, 8);
			assert_int_equal(umor_fire_check(tabs[k], cls[k], 30, figures, 3, false, &mod, &perm, &ev), 1);
			assert_int_equal(mod, -1);
			assert_false(perm);
			assert_true(ulm_event(&ev, "[Morale D.2.a]", "a Loss of Effectiveness check at -1"));
			figures -= 3;
		}
		assert_int_equal(figures, 19);
	}
}

/* The loader: a chart that is better on a lower roll, and an unknown result, are refused. */
static void test_load_errors(void **state)
{
	(void)state;
	char *text, *at;
	size_t len;
	struct err e;
	struct jdoc d;
	struct errlist *l = malloc(sizeof *l);
	static struct umor_tab t;
	assert_non_null(l);
	assert_int_equal(fs_read_all(TABLES, &text, &len, &e), 0);
	at = strstr(text, "\"rout\"");
	assert_non_null(at);
	memcpy(at, "\"bolt\"", 6);
	assert_int_equal(jdoc_parse(&d, "u.json", text, len, &e), 0);
	errlist_init(l);
	assert_int_equal(umor_load(&t, &d, l), -1);
	assert_true(l->n >= 1 && l->e[0].line > 0);
	jdoc_free(&d);
	memcpy(at, "\"-\"   ", 6); /* "-" where the 3 row's militia says rout: better than the 4 row */
	assert_int_equal(jdoc_parse(&d, "u.json", text, len, &e), 0);
	errlist_init(l);
	assert_int_equal(umor_load(&t, &d, l), -1);
	assert_non_null(strstr(l->e[0].msg, "worse on"));
	jdoc_free(&d);
	free(text);
	free(l);
}

/* A tables file from before the order change tables (the morale tables alone) still loads for
 * the morale rulings, and says it has no order change. */
static void test_older_file(void **state)
{
	(void)state;
	struct jdoc d;
	struct err e;
	struct errlist l;
	static struct umor_tab t;
	json_t *tables;
	size_t i;
	assert_int_equal(jdoc_load(&d, TABLES, &e), 0);
	tables = json_object_get(d.root, "tables");
	for (i = json_array_size(tables); i-- > 0;) {
		const char *id = json_string_value(json_object_get(json_array_get(tables, i), "id"));
		if (id && !strncmp(id, "order-change", 12))
			json_array_remove(tables, i);
	}
	errlist_init(&l);
	assert_int_equal(umor_load(&t, &d, &l), 0);
	assert_false(t.oc_have);
	assert_int_equal(umor_chart(&t, umor_class(&t, "line-infantry"), 6), UM_DISORGANIZED);
	/* without the tables an order change rules nothing and its chances are 0, not 7/6 (the
	 * fuzzer's find: the empty column's "lowest die that calls a cast" was 0) */
	for (int col = 0; col < UMOR_COLS; col++) {
		double pp = -1, pm = -1;
		bool cast = true;
		assert_int_equal(umor_order_change(&t, col, 6, &cast, &pp, &pm, NULL), -1);
		assert_false(cast);
		assert_true(pp == 0 && pm == 0);
	}
	jdoc_free(&d);
}

/* Changing Orders C.3-C.5: one die; militia 1-2, line and second line 1-3, guard 1-4; a morale
 * cast on 5-6 (militia), 6 (line); the columns the rule does not name read the line's
 * (reconstructed, and said so). */
static void test_order_change(void **state)
{
	(void)state;
	const struct umor_tab *t = tab();
	struct event store[4];
	struct evsink ev;
	bool cast;
	double pp, pm;
	int mil = umor_class(t, "militia"), line = umor_class(t, "line-infantry"), gd = umor_class(t, "guards");
	assert_int_equal(umor_order_change(t, mil, 2, &cast, &pp, &pm, NULL), 1);
	assert_false(cast);
	assert_true(fabs(pp - 2.0 / 6) < 1e-12 && fabs(pm - 2.0 / 6) < 1e-12);
	assert_int_equal(umor_order_change(t, mil, 3, &cast, NULL, NULL, NULL), 0);
	assert_int_equal(umor_order_change(t, mil, 5, &cast, NULL, NULL, NULL), 0);
	assert_true(cast);
	assert_int_equal(umor_order_change(t, umor_class(t, "second-line"), 3, &cast, NULL, NULL, NULL), 1);
	assert_int_equal(umor_order_change(t, line, 4, &cast, NULL, NULL, NULL), 0);
	assert_false(cast);
	assert_int_equal(umor_order_change(t, line, 6, &cast, NULL, NULL, NULL), 0);
	assert_true(cast);
	assert_int_equal(umor_order_change(t, gd, 4, &cast, NULL, NULL, NULL), 1);
	assert_int_equal(umor_order_change(t, gd, 6, &cast, NULL, &pm, NULL), 0);
	assert_false(cast);
	assert_true(pm == 0);
	assert_int_equal(umor_order_change(t, gd, 0, &cast, &pp, NULL, NULL), -1);
	assert_true(fabs(pp - 4.0 / 6) < 1e-12);
	evsink_init(&ev, store, 4);
	umor_order_change(t, umor_class(t, "grenadiers"), 3, &cast, NULL, NULL, &ev);
	assert_non_null(strstr(ev.ev[0].text, "reconstructed"));
	assert_true(t->oc_reconstructed[umor_class(t, "light-infantry")]);
	assert_false(t->oc_reconstructed[line]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chart),
		cmocka_unit_test(test_checks),
		cmocka_unit_test(test_fire_examples),
		cmocka_unit_test(test_ulm_d2a_example_operations),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_order_change),
		cmocka_unit_test(test_older_file),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
