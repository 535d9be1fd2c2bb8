/* Unit tests for src/app/complete.c, the play prompt's tab completion, on Balaclava's set-up
 * (the Russian Movement Phase of Game-Turn 1): the first word from the prompt's commands and
 * the legal actions' verbs; an action's next word only from legal actions that begin with the
 * words typed (units that may move, a unit's hexes); `actions` offers units; `odds` offers
 * the fire and melee of the phases ahead; the word's start in the line; the game unchanged. */
#define FX_DATA ""
#include "quadfix.h"

#include "app/complete.h"

#define BALACLAVA "data/quad/balaclava/scenario.json"

static struct complete_list L; /* (24 KB: not on the stack) */

static bool has(const char *w)
{
	for (int i = 0; i < L.n; i++)
		if (!strcmp(L.word[i], w))
			return true;
	return false;
}

/* Completes line in f's game, which must not change; returns the count. */
static int complete(struct fx *f, const char *line)
{
	struct game before = f->g;
	int n = complete_line(&f->g, line, &L);
	assert_int_equal(n, L.n);
	assert_memory_equal(&before, &f->g, sizeof before);
	for (int i = 1; i < L.n; i++) /* sorted, each once */
		assert_true(strcmp(L.word[i - 1], L.word[i]) < 0);
	return n;
}

static void test_first_word(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALACLAVA, 0);
	complete(f, "");
	assert_int_equal(L.start, 0);
	for (int i = 0; complete_commands[i]; i++)
		assert_true(has(complete_commands[i]));
	assert_true(has("move"));
	assert_true(has("end"));
	assert_false(has("fire")); /* not in a Movement Phase */
	assert_int_equal(complete(f, "mo"), 1);
	assert_string_equal(L.word[0], "move");
	complete(f, "s");
	assert_true(has("save") && has("schedule") && has("score") && has("show") && has("status"));
	for (int i = 0; i < L.n; i++)
		assert_int_equal(L.word[i][0], 's');
	assert_int_equal(complete(f, "xyz"), 0);
	fx_free(f);
}

static void test_action_words(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALACLAVA, 0);
	char line[64];

	/* the units that may move, each with a legal move, and only those */
	complete(f, "move ");
	assert_int_equal(L.start, 5);
	assert_true(has("kiev1") && has("kiev2"));
	assert_false(has("suth93")); /* an Allied unit: not the Russians' to move */
	assert_true(L.n > 10);
	for (int i = 0; i < L.n; i++) {
		snprintf(line, sizeof line, "move %s ", L.word[i]);
		assert_true(count_listed(f, line) > 0);
	}
	/* a unit's hexes: kiev1 reaches ten in the 18xx column (docs: `actions kiev1`) */
	assert_int_equal(complete(f, "move kiev1 18"), 10);
	assert_string_equal(L.word[0], "1801");
	assert_string_equal(L.word[9], "1810");
	assert_int_equal(L.start, 11);
	for (int i = 0; i < L.n; i++) {
		snprintf(line, sizeof line, "move kiev1 %s", L.word[i]);
		assert_true(listed(f, line));
	}
	/* spaces anywhere; the word starts where it starts */
	assert_int_equal(complete(f, "  move   kiev1   181"), 1);
	assert_string_equal(L.word[0], "1810");
	assert_int_equal(L.start, 17);
	/* nothing past an action's last word, nor for a unit that cannot move or a bad verb */
	assert_int_equal(complete(f, "move kiev1 1810 "), 0);
	assert_int_equal(complete(f, "move nosuch "), 0);
	assert_int_equal(complete(f, "hex 18"), 0);
	assert_int_equal(complete(f, "quit "), 0);
	/* `actions UNIT`: units the legal actions name */
	complete(f, "actions ki");
	assert_true(has("kiev1") && has("kiev2"));
	for (int i = 0; i < L.n; i++)
		assert_true(!strncmp(L.word[i], "ki", 2));
	assert_int_equal(complete(f, "actions kiev1 "), 0);
	/* `hint PLAYER`: the computer players */
	complete(f, "hint ");
	assert_true(has("greedy") && has("search") && has("random") && has("greedy:cautious"));
	assert_int_equal(complete(f, "hint greedy:c"), 3); /* combine, cautious, centre */
	assert_int_equal(complete(f, "hint greedy "), 0);
	/* `units SIDE` */
	assert_int_equal(complete(f, "units r"), 1);
	assert_string_equal(L.word[0], "russian");
	assert_int_equal(complete(f, "units "), 2);
	fx_free(f);
}

static void test_odds_ahead(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALACLAVA, 0);
	struct err e;
	/* with the game's own dice, so the look ahead may end phases that roll */
	assert_int_equal(game_init(&f->g, &f->s, 1, DICE_RNG, 0, &e), 0);
	complete(f, "odds ");
	assert_int_equal(L.start, 5);
	assert_true(has("fire"));    /* the Offensive Fire Phase ahead */
	assert_false(has("move"));   /* no odds */
	assert_false(has("melee"));  /* nobody adjacent yet */
	ok(f, "move kiev1 1810", 0); /* next to the redoubt at 1811 */
	assert_int_equal(complete(f, "odds mel"), 1);
	assert_string_equal(L.word[0], "melee");
	complete(f, "odds melee ");
	assert_true(has("kiev1"));
	assert_int_equal(complete(f, "odds melee kiev1 > "), 1);
	assert_string_equal(L.word[0], "1811");
	/* in a fire phase its own fires, the units where they stand */
	to_phase(f, QP_OFFFIRE);
	complete(f, "odds ");
	assert_true(has("fire"));
	complete(f, "");
	assert_true(has("fire") && has("end"));
	fx_free(f);
}

static void test_common_prefix(void **state)
{
	(void)state;
	char buf[COMPLETE_WORD];
	L.n = 0;
	assert_int_equal(complete_common(&L, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	L.n = 3;
	strcpy(L.word[0], "1801");
	strcpy(L.word[1], "1809");
	strcpy(L.word[2], "1810");
	assert_int_equal(complete_common(&L, buf, sizeof buf), 2);
	assert_string_equal(buf, "18");
	L.n = 1;
	assert_int_equal(complete_common(&L, buf, 3), 2); /* cut to the buffer */
	assert_string_equal(buf, "18");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_word),
		cmocka_unit_test(test_action_words),
		cmocka_unit_test(test_odds_ahead),
		cmocka_unit_test(test_common_prefix),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
