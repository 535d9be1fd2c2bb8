/* Unit tests for src/games/siege: Sevastopol's charts as read from data/siege/tables.json (stab,
 * with its loader's errors) and the referee's rulings (sref), against the rules' cases and their
 * worked examples ([14.0]'s 13-4 and 17-6, [8.5]'s 450 yards, [14.35]'s -3). */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/fsio.h"
#include "core/jdoc.h"
#include "games/siege/sref.h"
#include "games/siege/stab.h"

#define TABLES "data/siege/tables.json"

static const struct stab *tables(void)
{
	static struct stab t;
	static int loaded;
	if (!loaded) {
		struct errlist *l = malloc(sizeof *l);
		assert_non_null(l);
		errlist_init(l);
		if (stab_load_file(&t, TABLES, l) != 0) {
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

static bool has_event(const struct evsink *s, const char *rule, const char *text)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->ev[i].rule, rule) && strstr(s->ev[i].text, text))
			return true;
	return false;
}

/* The charts' cells, spot-checked against the seed's decoded chart sheet. */
static void test_tables(void **state)
{
	(void)state;
	const struct stab *t = tables();
	assert_string_equal(t->turn[0], "Oct I");
	assert_string_equal(t->turn[17], "Sep");
	assert_true(t->winter[4] && t->winter[5] && t->winter[6]);
	assert_false(t->winter[3] || t->winter[7]);
	assert_true(t->attrition_turn[4] && t->attrition_turn[7] && t->attrition_turn[12]);
	assert_false(t->attrition_turn[8]);
	assert_int_equal(t->attrition[7][SN_BRITISH], 3);
	assert_int_equal(t->attrition[0][SN_RUSSIAN], 0);
	assert_int_equal(t->intervention[0][SB_INKERMAN], 14);
	assert_int_equal(t->intervention[3][SB_BALACLAVA], STAB_NONE);
	assert_int_equal(t->ammo[12][7], 20);      /* June: 20 Russian siege rounds */
	assert_int_equal(t->ammo[7][4], 9);        /* March: 9 French siege rounds */
	assert_int_equal(t->ammo[1][2], STAB_NONE); /* October II: no British mortar rounds */
	/* [8.99]: the 4/5 row's 6-5 cell is 1/1*, the last row's 8-7 D/2 */
	assert_int_equal(t->fire_siege[7], 4);
	assert_int_equal(t->fire_mortar[7], 5);
	assert_int_equal(t->fire[7][2].strength, 1);
	assert_int_equal(t->fire[7][2].infantry, 1);
	assert_true(t->fire[7][2].dump);
	assert_true(t->fire[10][1].damaged);
	assert_int_equal(t->fire_mortar[10], STAB_NONE);
	assert_int_equal(t->fire_siege[0], STAB_NONE);
	assert_int_equal(sref_melee_result(t, 0, -1), 'A');
	assert_int_equal(sref_melee_result(t, 7, 0), 'B');
	assert_int_equal(sref_melee_result(t, 7, 1), 'D');
	assert_int_equal(sref_morale_effect(t, 0, 1), 'R');
	assert_int_equal(sref_morale_effect(t, 3, 6), '1');
	assert_int_equal(sref_morale_effect(t, 0, -5), 'E'); /* below the table: its first row */
}

/* [14.0]: the ratio reduced in the defender's favour, with the rules' two examples. */
static void test_melee(void **state)
{
	(void)state;
	const struct stab *t = tables();
	struct err e;
	assert_string_equal(stab_crt_col[sref_melee_col(13, 4, &e)], "3-1");
	assert_string_equal(stab_crt_col[sref_melee_col(17, 6, &e)], "2-1");
	assert_string_equal(stab_crt_col[sref_melee_col(40, 4, &e)], "6-1");
	assert_string_equal(stab_crt_col[sref_melee_col(4, 4, &e)], "1-1");
	assert_string_equal(stab_crt_col[sref_melee_col(3, 4, &e)], "1-2");
	assert_string_equal(stab_crt_col[sref_melee_col(2, 5, &e)], "1-3");
	assert_int_equal(sref_melee_col(1, 4, &e), -1);
	assert_non_null(strstr(e.msg, "[14.26]"));
	/* [14.21]-[14.23] */
	assert_int_equal(sref_melee_mod("russian"), 1);
	assert_int_equal(sref_melee_mod("french"), -1);
	assert_int_equal(sref_melee_mod("zouave"), -2);
	assert_int_equal(sref_melee_mod("british"), -2);
	assert_int_equal(sref_melee_mod("turkish"), 0);
	/* [14.35]'s example: a retreated unit that attacked a bastion of strength 5: -3 */
	assert_int_equal(sref_morale_mod(5, true), -3);
	assert_int_equal(sref_morale_mod(4, false), -2);
	assert_int_equal(sref_morale_mod(3, false), -1);
	assert_int_equal(sref_morale_mod(1, false), 0);
	assert_int_equal(sref_morale_mod(-1, true), -1);
	/* the whole table read: every modified die gives a result */
	for (int c = 0; c < STAB_CRT_COLS; c++)
		for (int m = -3; m <= 9; m++)
			assert_non_null(strchr("ADB", sref_melee_result(t, c, m)));
}

/* [7.0]-[7.2]: attrition's turns and modifiers. */
static void test_attrition(void **state)
{
	(void)state;
	const struct stab *t = tables();
	struct event store[8];
	struct evsink ev;
	struct err e;
	double p[8];
	int lost = -1;
	evsink_init(&ev, store, 8);
	assert_int_equal(sref_attrition(t, 3, SN_FRENCH, 4, &lost, p, &ev, &e), -1); /* [7.0] */
	/* winter +1: Russian die 6 -> 7: 2 */
	assert_int_equal(sref_attrition(t, 5, SN_RUSSIAN, 6, &lost, p, &ev, &e), 0);
	assert_int_equal(lost, 2);
	assert_true(has_event(&ev, "[7.2]", "+1 winter [7.13]"));
	/* Game-Turn 8 (March, no winter): British -1 (the addenda's 8 through 18), die 1 -> 0: 1 */
	assert_int_equal(sref_attrition(t, 8, SN_BRITISH, 4, &lost, p, &ev, &e), 0);
	assert_int_equal(lost, 2); /* 4 - 1 = 3: 2 */
	assert_int_equal(sref_attrition(t, 13, SN_BRITISH, 4, &lost, p, &ev, &e), 0);
	assert_int_equal(lost, 2);
	/* June: the French +1: die 4 -> 5: 2 */
	assert_int_equal(sref_attrition(t, 13, SN_FRENCH, 4, &lost, p, &ev, &e), 0);
	assert_int_equal(lost, 2);
	assert_int_equal(sref_attrition(t, 13, SN_FRENCH, 0, &lost, p, NULL, &e), 0);
	assert_true(fabs(p[1] - 3.0 / 6) < 1e-12 && fabs(p[2] - 2.0 / 6) < 1e-12 && fabs(p[3] - 1.0 / 6) < 1e-12);
}

/* [5.1]-[5.3]: which interventions may be chosen, and their effects. */
static void test_intervention(void **state)
{
	(void)state;
	const struct stab *t = tables();
	bool none[SB_BATTLES] = {false, false, false}, inker[SB_BATTLES] = {false, true, false};
	struct err e;
	int eff = 0;
	assert_int_equal(sref_intervention(t, 6, SB_BALACLAVA, none, 0, 1, &eff, NULL, &e), -1); /* winter */
	assert_non_null(strstr(e.msg, "[5.13]"));
	assert_int_equal(sref_intervention(t, 4, SB_TCHERNAYA, none, 0, 1, &eff, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[5.12]"));
	assert_int_equal(sref_intervention(t, 9, SB_INKERMAN, inker, 0, 1, &eff, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[5.11]"));
	assert_int_equal(sref_intervention(t, 9, SB_BALACLAVA, inker, 8, 1, &eff, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[5.14]"));
	assert_int_equal(sref_intervention(t, 9, SB_BALACLAVA, inker, 9, 1, &eff, NULL, &e), -1); /* same turn */
	assert_non_null(strstr(e.msg, "[5.12]"));
	assert_int_equal(sref_intervention(t, 9, SB_BALACLAVA, inker, 11, 1, &eff, NULL, &e), -1);
	assert_int_equal(sref_intervention(t, 10, SB_BALACLAVA, inker, 8, 2, &eff, NULL, &e), 0);
	assert_int_equal(eff, 2);
	assert_int_equal(sref_intervention(t, 8, SB_TCHERNAYA, none, 0, 3, &eff, NULL, &e), 0);
	assert_int_equal(eff, STAB_NONE);
}

/* [8.5]-[8.99]: range, guns, the Mamelon, the rows each gun reads. */
static void test_bombard(void **state)
{
	(void)state;
	const struct stab *t = tables();
	struct event store[16];
	struct evsink ev;
	struct stab_fire out;
	struct err e;
	double p[STAB_FIRE_ROWS];
	int mod;
	evsink_init(&ev, store, 16);
	assert_int_equal(sref_range_mod(t, 450, &mod, &e), 0); /* [8.5]'s example */
	assert_int_equal(mod, -1);
	assert_int_equal(sref_range_mod(t, 1201, &mod, &e), -1);
	/* every gun's every die at every band stays inside the table */
	for (int i = 0; i < t->nranges; i++)
		for (int f = 1; f <= 6; f++) {
			assert_true(f + t->range_mod[i] >= -2 && f + t->range_mod[i] <= 7);
			if (i)
				assert_true(t->range_mod[i] <= t->range_mod[i - 1]);
		}
	assert_int_equal(sref_bombard(t, SG_SIEGE, 1300, 4, false, 3, &out, p, &ev, &e), -1); /* [8.63] */
	/* a mortar past 1200 yards takes the 1200 modifier [8.62]: -3; die 6 -> 3 reads mortar row 3 */
	assert_int_equal(sref_bombard(t, SG_MORTAR, 3000, 0, false, 6, &out, p, &ev, &e), 0);
	assert_int_equal(out.infantry, 2);
	/* the Lancaster ignores range [8.61]: die 6 reads mortar row 6 at any yards */
	assert_int_equal(sref_bombard(t, SG_LANCASTER, 5000, 0, false, 6, &out, p, &ev, &e), 0);
	assert_int_equal(out.infantry, 3);
	/* a siege gun at 300 yards (0), die 6 on a sap: D/2 */
	assert_int_equal(sref_bombard(t, SG_SIEGE, 300, -1, false, 6, &out, p, &ev, &e), 0);
	assert_true(out.damaged);
	assert_int_equal(out.infantry, 2);
	/* the Mamelon counts two higher [8.81]: strength 0 reads 2-1 (2/2), not 0 (-/3) */
	assert_int_equal(sref_bombard(t, SG_SIEGE, 300, 0, true, 4, &out, p, &ev, &e), 0);
	assert_int_equal(out.strength, 2);
	assert_int_equal(out.infantry, 2);
	assert_int_equal(sref_bombard(t, SG_SIEGE, 300, 0, false, 4, &out, p, &ev, &e), 0);
	assert_int_equal(out.strength, 0);
	assert_int_equal(out.infantry, 3);
	/* a modified die of -1 reads its own row (siege: row 2, mortar: row 1), not the last:
	 * at 1200 yards (-3) die 2 against a bastion of 3 is no effect, a mortar's at a sap too */
	assert_int_equal(sref_bombard(t, SG_SIEGE, 1200, 3, false, 2, &out, p, &ev, &e), 0);
	assert_true(!out.strength && !out.infantry && !out.damaged);
	assert_int_equal(sref_bombard(t, SG_MORTAR, 1200, -1, false, 2, &out, p, &ev, &e), 0);
	assert_true(!out.strength && !out.infantry && !out.damaged);
	/* the Lancaster is Allied: no saps [8.41], [8.42] */
	assert_int_equal(sref_bombard(t, SG_LANCASTER, 300, -1, false, 3, &out, p, &ev, &e), -1);
	/* the odds sum to 1 */
	{
		double s = 0;
		for (int r = 0; r < STAB_FIRE_ROWS; r++)
			s += p[r];
		assert_true(fabs(s - 1) < 1e-12);
	}
	/* an ammunition dump: a siege gun at 150 yards (+1), die 3 -> 4, bastion 6 */
	evsink_clear(&ev);
	assert_int_equal(sref_bombard(t, SG_SIEGE, 150, 6, false, 3, &out, p, &ev, &e), 0);
	assert_true(out.dump);
	assert_true(has_event(&ev, "[8.98]", "must destroy two"));
}

/* [8.18]: what is due, and what happens with too few units in the Supply Box. */
static void test_ammunition(void **state)
{
	(void)state;
	const struct stab *t = tables();
	struct event store[8];
	struct evsink ev;
	int units[SN_NATIONS] = {3, 6, -1};
	evsink_init(&ev, store, 8);
	sref_ammunition(t, 13, units, &ev);
	assert_int_equal(ev.n, 3);
	assert_true(has_event(&ev, "[8.14]", "4 needed: the 4 siege gun and 2 mortar rounds and as many Lancaster rounds due are lost"));
	assert_true(has_event(&ev, "[8.13]", "+12 siege gun and +6 mortar rounds"));
	assert_true(has_event(&ev, "[8.18]", "20 siege gun and 5 mortar rounds due, with 4 units"));
}

/* The loader: a broken cell is refused at its line. */
static void test_load_errors(void **state)
{
	(void)state;
	char *text;
	size_t len;
	struct err e;
	struct jdoc d;
	struct errlist *l = malloc(sizeof *l);
	static struct stab t;
	char *at;
	assert_non_null(l);
	assert_int_equal(fs_read_all(TABLES, &text, &len, &e), 0);
	at = strstr(text, "\"AAAAAAAB\"");
	if (!at) {
		/* the rows are written as lists of letters */
		at = strstr(text, "\"B\"");
	}
	assert_non_null(at);
	at[1] = 'Q';
	assert_int_equal(jdoc_parse(&d, "t.json", text, len, &e), 0);
	errlist_init(l);
	assert_int_equal(stab_load(&t, &d, l), -1);
	assert_true(l->n >= 1);
	assert_true(l->e[0].line > 0);
	assert_non_null(strstr(l->e[0].msg, "\"Q\""));
	jdoc_free(&d);
	free(text);
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),	  cmocka_unit_test(test_melee),	     cmocka_unit_test(test_attrition),
		cmocka_unit_test(test_intervention), cmocka_unit_test(test_bombard), cmocka_unit_test(test_ammunition),
		cmocka_unit_test(test_load_errors),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
