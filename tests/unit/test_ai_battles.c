/* Computer players and the battles' special rules (Issue 6: greedy "understands each battle's
 * special rules"), from fixed positions built with the quad test fixture: the rulings come from
 * the game (manual dice where a die is needed), the choices from the player. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define FX_DATA "data/quad/"
#include "quadfix.h"

#define ALMA "alma/scenario.json"
#define BALACLAVA "balaclava/scenario.json"

/* Lets greedy play side `who` until the phase or the phasing side changes (at most `max`
 * actions); every choice is applied with its events kept in f->sink. */
static void greedy_phase(struct fx *f, int who, int max)
{
	int phase = ST(f)->phase, phasing = ST(f)->phasing;
	for (int k = 0; k < max && ST(f)->phase == phase && ST(f)->phasing == phasing; k++) {
		struct action a;
		assert_int_equal(f->g.rules->to_act(&f->g), who);
		assert_int_equal(ai_choose(AI_GREEDY, &f->g, &a), 0);
		assert_int_equal(f->g.rules->apply(&f->g, &a, &f->sink, &f->e), 0);
	}
}

static int count_events(struct fx *f, const char *rule)
{
	int n = 0;
	for (int i = 0; i < f->sink.n; i++)
		n += !strcmp(f->ev[i].rule, rule);
	return n;
}

/* Alma's Russian Preservation ([21.2], errata: exits through 2225): once it is triggered, two
 * units exiting in a Game-Turn take 2 points off the Allies ([23.11]) and not doing so costs
 * the Russians one from the next Game-Turn ([23.12]). Greedy's Russians, with three battalions
 * a few hexes from the exit when the die triggers it on Game-Turn 8, march two of them off in
 * that Movement Phase (a unit may exit the move that brings it to 2225), and the Allies lose
 * the 2 points; the greedy before this rule never exited a unit (an exit is material lost to
 * its evaluation, and the points come only at the end of the Game-Turn). */
static void test_greedy_alma_preservation_exits(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	static const char *dead[] = {"ru_bb_1w", "ru_bb_2w", "ru_mos_1w", "ru_mos_2w"};
	int ru = side(f, "russian"), al = side(f, "allied");

	clear_all(f);
	for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++)
		q_place(ST(f), U(f, dead[i]), Q_ELIM);
	place(f, "ru_min_2c", "2223");
	place(f, "ru_vol_1c", "2123");
	place(f, "ru_tar_1w", "2023");
	place(f, "gb3_44", "1010"); /* an Allied battalion far off */
	set_turn(f, 8, al, QP_RALLY);
	ok(f, "end", 6); /* the Russian Movement Phase: die 6 + 4 eliminated */
	need_event(f, "[21.1]", "triggered");
	assert_int_equal(q_alma_exits_owed(&f->g), 2);
	f->sink.n = 0;
	greedy_phase(f, ru, 40);
	print_message("greedy exited %d Russian units through 2225\n", count_events(f, "[21.2]"));
	assert_true(count_events(f, "[21.2]") >= 2);
	assert_int_equal(q_alma_exits_owed(&f->g), 0);
	/* the rest of the Russian Player-Turn: the Game-Turn's exits are scored at its end */
	f->sink.n = 0;
	for (int k = 0; k < 20 && ST(f)->phasing == ru; k++)
		greedy_phase(f, f->g.rules->to_act(&f->g), 40);
	need_event(f, "[23.11]", "the Allies lose 2 victory points");
	fx_free(f);
}

/* Before the trigger no unit may exit ([21.13]), and greedy's Russians do not try: the same
 * position on Game-Turn 8 with a die that does not trigger, nothing exits and nothing is
 * refused. */
static void test_greedy_alma_no_exit_before_trigger(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int ru = side(f, "russian"), al = side(f, "allied");

	clear_all(f);
	place(f, "ru_min_2c", "2225");
	place(f, "ru_vol_1c", "2123");
	place(f, "gb3_44", "1010");
	set_turn(f, 8, al, QP_RALLY);
	ok(f, "end", 1);
	need_event(f, "[21.1]", "not triggered");
	assert_int_equal(q_alma_exits_owed(&f->g), -1);
	f->sink.n = 0;
	greedy_phase(f, ru, 40);
	assert_int_equal(count_events(f, "[21.2]"), 0);
	fx_free(f);
}

/* Alma's Allies close with the Russian infantry at any odds (greedy.c unit_score): every
 * Game-Turn before Preservation is a Russian point ([23.12]), only eliminated Russian infantry
 * scores for the Allies and brings the trigger nearer ([23.11], [21.1]), and contact forces
 * the melee ([8.12]) that carries the heights. A lone British battalion (melee 3) two hexes
 * from two Moscow battalions stacked in 1607 (melee 10: worse than 1-3) moves next to them in
 * its Movement Phase; the greedy of the thirteenth session kept it out of contact at such odds
 * (-1.5 - 0.3 a melee point), and its Allies lost 397 of 400 games to greedy's Russians. */
static void test_greedy_alma_allies_close(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int al = side(f, "allied");

	clear_all(f);
	place(f, "ru_mos_1w", "1607");
	place(f, "ru_mos_2w", "1607");
	place(f, "gb2_41", "1605");
	set_turn(f, 3, al, QP_MOVE);
	f->sink.n = 0;
	greedy_phase(f, al, 10);
	print_message("gb2_41 ends its move in %04d\n", HEXOF(f, "gb2_41"));
	assert_int_equal(hex_distance(HEXOF(f, "gb2_41"), H("1607")), 1);
	fx_free(f);
}

/* Balaclava's French additional reinforcements, eight battalions, enter after a Russian unit
 * moves west of the 0400 column (errata [17.21]). Greedy's Russians do not make that move
 * while they are off the map: a Russian battalion in 0421 with a lone Turkish militia
 * battalion in 0221 (melee 3 against 2) stays east of the column, where the greedy of the
 * fourteenth session stepped into 0321 next to it and brought the French on (as in a third of
 * its games). Once one of them has entered, the column no longer matters and it closes. */
static void test_greedy_balaclava_shuns_the_west(void **state)
{
	(void)state;
	for (int come = 0; come < 2; come++) {
		struct fx *f = fx_new(BALACLAVA, 0);
		int ru = side(f, "russian");

		clear_all(f);
		place(f, "sous1", "0421");
		place(f, "mil6", "0221");
		if (come)
			place(f, "zou1_1", "0101");
		set_turn(f, 2, ru, QP_MOVE);
		f->sink.n = 0;
		greedy_phase(f, ru, 10);
		int h = HEXOF(f, "sous1");
		print_message("French %s: sous1 ends its move in %04d, [17.21] events %d\n", come ? "on the map" : "off",
			      h, count_events(f, "[17.21]"));
		if (come) {
			assert_true(hex_col(h) < Q_BAL_TRIGGER_COLUMN);
		} else {
			assert_true(hex_col(h) >= Q_BAL_TRIGGER_COLUMN);
			assert_int_equal(count_events(f, "[17.21]"), 0);
		}
		fx_free(f);
	}
}

/* Combined fire ([7.11]: the fire strengths of the units firing at one hex are combined):
 * actions() lists each unit's fire alone, and a hex may be fired at once a phase ([7.23]),
 * so plain greedy, which judges the listed fires, can shoot only one of two Russian battalions
 * (fire 2 each) at a Turkish militia battalion, on the 2 column, while
 * greedy:combine (search's first plan; every plan combines) builds the combined fire from the
 * listed ones and fires both, on the 4 column. */
static void test_greedy_combines_fire(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALACLAVA, 0);
	int ru = side(f, "russian"), t = H("1510");
	char a[8], b[8], text[ACTION_TEXT_MAX];
	struct ai_player plain, combine;
	struct action act;

	assert_int_equal(ai_player_parse("greedy", &plain), 0);
	assert_int_equal(ai_player_parse("greedy:combine", &combine), 0);
	hex_format(hex_neighbor(t, 0), a);
	hex_format(hex_neighbor(t, 1), b);
	clear_all(f);
	place(f, "mil6", "1510");
	place(f, "uk1", a);
	place(f, "uk2", b);
	set_turn(f, 3, ru, QP_OFFFIRE);
	assert_true(listed(f, "fire uk1 > 1510") && listed(f, "fire uk2 > 1510"));
	assert_int_equal(ai_player_choose(&combine, &f->g, &act), 0);
	f->g.rules->format(&f->g, &act, text, sizeof text);
	print_message("greedy:combine: %s\n", text);
	assert_string_equal(text, "fire uk1,uk2 > 1510");
	assert_int_equal(ai_player_choose(&plain, &f->g, &act), 0);
	f->g.rules->format(&f->g, &act, text, sizeof text);
	print_message("greedy: %s\n", text);
	assert_false(act.kind == QA_FIRE && act.arg[0] > 1); /* (one fire, or none: a close call) */
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_greedy_alma_preservation_exits),
		cmocka_unit_test(test_greedy_alma_no_exit_before_trigger),
		cmocka_unit_test(test_greedy_alma_allies_close),
		cmocka_unit_test(test_greedy_balaclava_shuns_the_west),
		cmocka_unit_test(test_greedy_combines_fire),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
