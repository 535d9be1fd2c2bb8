/* Unit tests for the quad Standard Rules ([4.0]-[13.0], errata of 19 May 1978), each from a
 * worked example or case of the rulebook, on a tiny scenario written as data in
 * tests/data/quad/ (maps *-map.json, one scenario per topic). Dice are manual, so every
 * combat is deterministic; events and refusals are checked for the rule case they cite.
 *
 * Readings the engine takes where the rules are ambiguous are noted beside the tests. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsio.h"
#include "core/jdoc.h"
#include "games/quad/qcombat.h"
#include "games/quad/qmove.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define FX_DATA "tests/data/quad/"
#include "quadfix.h"

/* The front-end odds text (rules->odds). */
static void odds_text(struct fx *f, const char *text, char *out, size_t n)
{
	struct action a;
	parse(f, text, &a);
	out[0] = '\0';
	if (f->g.rules->odds(&f->g, &a, out, n, &f->e) != 0)
		fail_msg("odds \"%s\": %s", text, f->e.msg);
}

/* ================================================================ movement [5.0] */

/* [5.25] example, path A: infantry 0715 -> 0814 -> 0914 along a Steep Slope, 2 + 2. */
static void test_525_path_a(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ia 0715 0814 0914", 0);
	assert_int_equal(HEXOF(f, "ia"), H("0914"));
	assert_int_equal(UST(f, "ia")->mp, 8); /* half movement points: 4 MP */
	need_event(f, "[5.0]", "(4 of 5 movement points spent)");
	fx_free(f);
}

/* A move or entry built in code (not parsed from text, which checks its hexes) with a hex
 * index off the map is refused, and changes nothing: no step reads past the map's arrays. */
static void test_move_bad_index(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	const int n = q_scn(&f->g)->map.n, bad[] = {-1, -7, n, n + 100};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
		for (int pos = 1; pos <= 3; pos++) {
			struct action a;
			parse(f, "move ia 0715 0814 0914", &a);
			a.arg[pos] = bad[k];
			uint64_t before = f->g.rules->checksum(&f->g);
			assert_int_not_equal(f->g.rules->apply(&f->g, &a, &f->sink, &f->e), 0);
			assert_non_null(strstr(f->e.msg, "not on the map"));
			assert_true(before == f->g.rules->checksum(&f->g));
			parse(f, "move ia 0914", &a); /* the destination alone */
			a.arg[1] = bad[k];
			assert_int_not_equal(f->g.rules->apply(&f->g, &a, &f->sink, &f->e), 0);
			assert_true(before == f->g.rules->checksum(&f->g));
		}
	ok(f, "move ia 0715 0814 0914", 0); /* and the good one still goes */
	fx_free(f);
	f = fx_new("reinf.json", 0); /* an entry: its hex and its path */
	const int ne = q_scn(&f->g)->map.n;
	for (int pos = 1; pos <= 3; pos++) {
		struct action a;
		parse(f, "enter e1 0105 0205 0305", &a);
		a.arg[pos] = pos == 2 ? -1 : ne;
		uint64_t before = f->g.rules->checksum(&f->g);
		assert_int_not_equal(f->g.rules->apply(&f->g, &a, &f->sink, &f->e), 0);
		assert_non_null(strstr(f->e.msg, "not on the map"));
		assert_true(before == f->g.rules->checksum(&f->g));
	}
	ok(f, "enter e1 0105 0205 0305", 0);
	fx_free(f);
}

/* [5.25] path B: 1 for 0815, 4 for 0915 (along the slope into Woods): 5, all of the MA. */
static void test_525_path_b(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ia 0715 0815 0915", 0);
	assert_int_equal(UST(f, "ia")->mp, 10);
	/* nothing is left: [5.16] */
	refused(f, "move ia 0915 0916", 0, "[5.16]");
	fx_free(f);
}

/* The cheapest path service agrees: 0914 by path A (4); 0915 by 0814 (2 + 2, entering the
 * woods from 0814 is not along the slope), cheaper than path B. */
static void test_525_path_service(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	char out[512];
	assert_int_equal(f->g.rules->path(&f->g, "ia", H("0914"), out, sizeof out, &f->e), 0);
	need_sub(out, "0715 0814(2) 0914(4)");
	need_sub(out, "cost 4 movement points");
	assert_int_equal(f->g.rules->path(&f->g, "ia", H("0915"), out, sizeof out, &f->e), 0);
	need_sub(out, "cost 4 movement points");
	/* "move UNIT HEX" takes that cheapest path */
	ok(f, "move ia 0914", 0);
	assert_int_equal(UST(f, "ia")->mp, 8);
	fx_free(f);
}

/* [5.26] infantry 0714 -> 0814 -> 0815: 1 (steep slope, downhill, reduced from 2) + 1 + 1. */
static void test_526_infantry(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ib 0714 0814 0815", 0);
	assert_int_equal(UST(f, "ib")->mp, 6);
	fx_free(f);
	/* uphill a steep slope costs infantry the full 2 extra: 0814 -> 0813 = 3 */
	f = fx_new("moves.json", 0);
	ok(f, "move ia 0715 0814", 0);
	assert_int_equal(UST(f, "ia")->mp, 4);
	ok(f, "move ia 0814 0813", 0); /* [5.18]: the same unit, still in hand */
	assert_int_equal(UST(f, "ia")->mp, 10);
	/* the prompt's `hex` words the slope as the move found it: up from 0814 to 0813 */
	char buf[2048];
	assert_int_equal(f->g.rules->hex_info(&f->g, H("0814"), buf, sizeof buf, &f->e), 0);
	need_sub(buf, "hexside N: steep slope up from here");
	assert_int_equal(f->g.rules->hex_info(&f->g, H("0813"), buf, sizeof buf, &f->e), 0);
	need_sub(buf, "hexside S: steep slope down from here");
	fx_free(f);
}

/* [5.26] cavalry 0614 -> 0715 -> 0716 -> 0816: 2 + 1 + 1 + 2 + 1 = 7, and so disrupted
 * ([11.11]: 7 or more Movement Points in one Movement Phase) when it ceases moving: as the
 * Movement Phase ends, or another unit moves ([5.18]); until then it may go on, to its
 * allowance of 8, in one action or hex by hex. */
static void test_526_cavalry(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ca 0614 0715 0716 0816", 0);
	assert_int_equal(HEXOF(f, "ca"), H("0816"));
	assert_int_equal(UST(f, "ca")->mp, 14);
	assert_false(q_disrupted(&f->g, U(f, "ca")));
	assert_true(q_cav_spent(&f->g, U(f, "ca"))); /* (what the players look at) */
	ok(f, "end", 0);
	assert_true(q_disrupted(&f->g, U(f, "ca")));
	assert_false(q_cav_spent(&f->g, U(f, "ca")));
	need_event(f, "[11.11]", "ca expended 7 movement points and is disrupted");
	fx_free(f);
	/* the eighth point in a second action; disrupted when ib moves */
	f = fx_new("moves.json", 0);
	ok(f, "move ca 0614 0715 0716 0816", 0);
	int n = list(f), more = -1;
	char buf[128];
	for (int i = 0; i < n && more < 0; i++) {
		act_text(f, i, buf, sizeof buf);
		if (!strncmp(buf, "move ca ", 8))
			more = i;
	}
	assert_true(more >= 0); /* 1 MP left: it may go on */
	act_text(f, more, buf, sizeof buf);
	ok(f, buf, 0);
	assert_int_equal(UST(f, "ca")->mp, 16);
	assert_false(q_disrupted(&f->g, U(f, "ca")));
	assert_int_equal(count_listed(f, "move ca "), 0);
	ok(f, "move ib 0714 0713", 0);
	assert_true(q_disrupted(&f->g, U(f, "ca")));
	need_event(f, "[11.11]", "ca expended 8 movement points and is disrupted");
	fx_free(f);
	/* six MP do not disrupt: 0614 -> 0715 -> 0716 -> 0717 = 3 + 1 + 1 */
	f = fx_new("moves.json", 0);
	ok(f, "move ca 0614 0715 0716 0717", 0);
	assert_int_equal(UST(f, "ca")->mp, 10);
	assert_false(q_disrupted(&f->g, U(f, "ca")));
	assert_false(q_cav_spent(&f->g, U(f, "ca")));
	fx_free(f);
}

/* [5.27] ridges: every unit, infantry too, pays +1 (gentle-gentle) or +3 (steep-steep). */
static void test_527_ridges(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ic 0303 0304", 0);
	assert_int_equal(UST(f, "ic")->mp, 4);
	ok(f, "move id 0306 0307", 0);
	assert_int_equal(UST(f, "id")->mp, 8);
	fx_free(f);
}

/* [13.0] major road 1/2 per hex through road hexsides (the engine reading: the road rate
 * replaces the slope cost, so 1103 -> 1104 over a steep slope costs 1/2); [9.14] a
 * disrupted unit gets no road benefit, and [9.11] has its allowance halved (5 -> 3). */
static void test_road_and_disrupted(void **state)
{
	(void)state;
	struct fx *f = fx_new("moves.json", 0);
	ok(f, "move ie 1101 1102 1103 1104", 0);
	assert_int_equal(UST(f, "ie")->mp, 3);
	need_event(f, "[5.0]", "ie moves to 1104 (1.5 of 5 movement points spent)"); /* halves shown as .5 */
	fx_free(f);
	f = fx_new("moves.json", 0);
	assert_int_equal(q_ma(&f->g, U(f, "ig")), 3);
	ok(f, "move ig 1105 1104", 0);
	assert_int_equal(UST(f, "ig")->mp, 2); /* clear hex cost, not 1/2 */
	need_event(f, "[5.0]", "(1 of 3 movement points spent)"); /* the halved allowance */
	refused(f, "move ig 1104 1103", 0, "[5.16]"); /* 3 more MP uphill: 5 > 3 */
	fx_free(f);
}

/* ================================================================ zones of control [6.0] */

/* [5.13] a unit stops on entering an enemy-controlled hex, and may not move on. */
static void test_513_stop_in_zoc(void **state)
{
	(void)state;
	struct fx *f = fx_new("zoc.json", 0);
	refused(f, "move r1 0305 0306 0307 0207", 0, "[5.13]");
	ok(f, "move r1 0305 0306 0307", 0);
	assert_true(UST(f, "r1")->fl & QF_STOPPED);
	need_event(f, "[5.0]", "[5.13]");
	refused(f, "move r1 0307 0306", 0, "[5.13]");
	/* the path service says where a move ends in a zone */
	char out[512];
	struct fx *f2 = fx_new("zoc.json", 0);
	assert_int_equal(f2->g.rules->path(&f2->g, "r1", H("0207"), out, sizeof out, &f2->e), 0);
	need_sub(out, "ends in an enemy zone of control [5.13]");
	fx_free(f2);
	fx_free(f);
}

/* [5.14] / [6.33]: a unit starting in an enemy ZOC may leave into a free hex, never directly
 * into another controlled hex. */
static void test_514_zoc_to_zoc(void **state)
{
	(void)state;
	struct fx *f = fx_new("zoc.json", 0);
	refused(f, "move r2 0407 0308", 0, "[5.12]"); /* the enemy's own hex */
	refused(f, "move r2 0407 0307", 0, "[5.14]");
	refused(f, "move r2 0407 0408", 0, "[5.14]");
	ok(f, "move r2 0407 0406 0405", 0);
	assert_false(UST(f, "r2")->fl & QF_STOPPED);
	fx_free(f);
	/* moving out to a free hex and back into the zone is entering it anew: stop there */
	f = fx_new("zoc.json", 0);
	ok(f, "move r2 0407 0406 0307", 0);
	assert_true(UST(f, "r2")->fl & QF_STOPPED);
	fx_free(f);
}

/* [6.14] no ZOC through a non-bridged river hexside or across a cliff; [6.12] disrupted
 * units exert none. */
static void test_614_612_zoc_extent(void **state)
{
	(void)state;
	struct fx *f = fx_new("zoc.json", 0);
	const struct q_scn *s = q_scn(&f->g);
	uint8_t *zoc = malloc((size_t)s->map.n);
	assert_non_null(zoc);
	q_zoc(&f->g, 1, zoc);
	/* b2 at 0810, river on its south hexside 0810/0811 */
	assert_true(zoc[IDX(f, "0809")] && zoc[IDX(f, "0711")] && zoc[IDX(f, "0911")]);
	assert_false(zoc[IDX(f, "0811")]);
	/* b3 at 1303 atop the cliff 1303/1304 */
	assert_true(zoc[IDX(f, "1302")] && zoc[IDX(f, "1403")]);
	assert_false(zoc[IDX(f, "1304")]);
	/* b4 at 1310 is disrupted */
	assert_false(zoc[IDX(f, "1311")] || zoc[IDX(f, "1309")] || zoc[IDX(f, "1210")]);
	free(zoc);
	/* so r3 walks through 0811 (across the river from b2) without stopping */
	ok(f, "move r3 0813 0812 0811 0712", 0);
	assert_false(UST(f, "r3")->fl & QF_STOPPED);
	/* and r5 passes beside the disrupted b4 */
	ok(f, "move r5 1312 1311 1211 1111", 0);
	assert_false(UST(f, "r5")->fl & QF_STOPPED);
	fx_free(f);
}

/* ================================================================ stacking [5.3] */

static void test_532_533_538_stacking(void **state)
{
	(void)state;
	struct fx *f = fx_new("stack.json", 0);
	/* [5.32] no two infantry/cavalry units */
	refused(f, "move i1 0503 0504 0505", 0, "[5.32]");
	refused(f, "move c1 0507 0506 0505", 0, "[5.32]");
	assert_false(listed(f, "move i1 0505"));
	/* [5.31] moving through a friendly unit is free */
	ok(f, "move i1 0503 0504 0505 0506", 0);
	assert_int_equal(UST(f, "i1")->mp, 6);
	/* [5.33] artillery stacks with one other unit */
	ok(f, "move a1 0705 0605 0505", 0);
	assert_int_equal(HEXOF(f, "a1"), H("0505"));
	/* [5.38] never more than two units: refused, citing a stacking case */
	refused(f, "move a2 0706 0605 0505", 0, "[5.3");
	fx_free(f);
	/* [5.33] two artillery units together */
	f = fx_new("stack.json", 0);
	ok(f, "move a2 0706 0705", 0);
	fx_free(f);
}

/* [5.38] a third unit joining a stack is refused citing [5.38] (a regression: every refusal
 * once cited [5.32]). */
static void test_538_cited(void **state)
{
	(void)state;
	struct fx *f = fx_new("stack.json", 0);
	ok(f, "move a1 0705 0605 0505", 0);
	refused(f, "move a2 0706 0605 0505", 0, "[5.38]");
	fx_free(f);
}

/* [5.18] a unit may not move again once another unit has moved (the engine reading: the
 * hand stays on a unit until another unit moves, so one unit may be moved in several steps). */
static void test_518_move_once(void **state)
{
	(void)state;
	struct fx *f = fx_new("stack.json", 0);
	ok(f, "move i1 0503 0403", 0);
	ok(f, "move i1 0403 0303", 0);
	ok(f, "move i2 0505 0405", 0);
	refused(f, "move i1 0303 0203", 0, "[5.18]");
	assert_false(listed(f, "move i1 0203"));
	fx_free(f);
}

/* ================================================================ reinforcements [12.0] */

/* [12.13] the 1st, 2nd and 3rd unit entering at a road hex with a road off the map pay
 * 1/2, 1 and 1 1/2. */
static void test_1213_road_entry(void **state)
{
	(void)state;
	struct fx *f = fx_new("reinf.json", 0);
	ok(f, "enter e1 0105 0205 0305", 0);
	need_event(f, "[12.13]", "paying 0.5 movement points (the first to enter there)");
	assert_int_equal(UST(f, "e1")->mp, 3); /* 1 + two road hexes at 1/2 */
	ok(f, "enter e2 0105 0205", 0);
	need_event(f, "[12.13]", "paying 1 movement point (1 unit entered there before it)");
	assert_int_equal(UST(f, "e2")->mp, 3);
	ok(f, "enter e3 0105", 0);
	need_event(f, "[12.13]", "paying 1.5 movement points (2 units entered there before it)");
	assert_int_equal(UST(f, "e3")->mp, 3);
	assert_int_equal(HEXOF(f, "e3"), H("0105"));
	/* e7 is scheduled for Game-Turn 2 */
	refused(f, "enter e7 0105", 0, "[12.0]");
	fx_free(f);
}

/* [12.22] an entry hex held by an enemy unit, or by a friendly unit in an enemy ZOC, sends
 * the reinforcement to the nearest unblocked map-edge hex(es); [12.21] entering a ZOC stops. */
static void test_1222_blocked_entry(void **state)
{
	(void)state;
	struct fx *f = fx_new("reinf.json", 0);
	assert_int_equal(count_listed(f, "enter e4 "), 2);
	assert_true(listed(f, "enter e4 0109"));
	assert_true(listed(f, "enter e4 0111"));
	assert_int_equal(count_listed(f, "enter e5 "), 2);
	assert_true(listed(f, "enter e5 0114"));
	assert_true(listed(f, "enter e5 0116"));
	refused(f, "enter e4 0110", 0, "[12.22]");
	refused(f, "enter e4 0105", 0, "[12.22]");
	refused(f, "enter e5 0115", 0, "[12.22]");
	ok(f, "enter e4 0109", 0);
	assert_true(UST(f, "e4")->fl & QF_STOPPED); /* [12.21] in b1's zone */
	fx_free(f);
}

/* [12.23] a reinforcement withheld may enter on a later Game-Turn, at its scheduled hex;
 * [12.13] the count of units entered at a hex starts again each Movement Phase. */
static void test_1223_withheld(void **state)
{
	(void)state;
	struct fx *f = fx_new("reinf.json", 0);
	ok(f, "end", 0); /* red Movement Phase, nobody enters */
	to_phase(f, QP_MOVE);      /* blue */
	assert_int_equal(ST(f)->phasing, 1);
	ok(f, "end", 0);
	to_phase(f, QP_MOVE);      /* red, Game-Turn 2 */
	assert_int_equal(ST(f)->turn, 2);
	assert_int_equal(ST(f)->phasing, 0);
	assert_true(listed(f, "enter e1 0105"));
	ok(f, "enter e7 0105 0205", 0); /* scheduled for this turn */
	need_event(f, "[12.13]", "paying 0.5 movement points");
	ok(f, "enter e1 0105", 0);      /* scheduled for turn 1, withheld */
	need_event(f, "[12.13]", "paying 1 movement point ");
	fx_free(f);
}

/* ================================================================ fire [7.0] */

/* [7.15] example: Morale 2, result 4 -> disrupted and retreats 2. Fire 6 (column 6), die 5
 * gives 4 on data/quad/tables.json's fire_crt. The owner chooses among legal paths ([8.5]). */
static void test_715_retreat_two(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire f6 > 0303", 5);
	need_event(f, "[7.12]", "column 6");
	need_event(f, "[7.12]", "result 4");
	assert_true(q_disrupted(&f->g, U(f, "t2")));
	need_event(f, "[7.15]", "retreat 2 hexes");
	assert_int_equal(ST(f)->npend, 1);
	assert_int_equal(ST(f)->pend[0].hexes, 2);
	assert_int_equal(q_deciding(&f->g), 1); /* the owner retreats it */
	/* every offered path goes 2 hexes away, each hex further, never into red's ZOC */
	const struct q_scn *s = q_scn(&f->g);
	uint8_t *zoc = malloc((size_t)s->map.n);
	assert_non_null(zoc);
	q_zoc(&f->g, 0, zoc);
	int n = list(f);
	assert_true(n >= 1);
	for (int i = 0; i < n; i++) {
		const struct action *a = &f->acts[i];
		assert_int_equal(a->kind, QA_RETREAT);
		assert_int_equal(a->n, 3);
		for (int k = 1; k < a->n; k++) {
			assert_int_equal(hex_distance(H("0303"), map_hex(&s->map, a->arg[k])), k);
			assert_false(zoc[a->arg[k]]);
		}
	}
	free(zoc);
	refused(f, "end", 0, "retreat");
	refused(f, "retreat t2 0304", 0, "[8.5]");      /* one hex short */
	refused(f, "retreat t2 0403 0402", 0, "[8.5]"); /* back toward the firer */
	char t[ACTION_TEXT_MAX];
	act_text(f, 0, t, sizeof t);
	ok(f, t, 0);
	assert_int_equal(hex_distance(H("0303"), HEXOF(f, "t2")), 2);
	need_event(f, "[8.5]", "retreats");
	fx_free(f);
}

/* [7.14] an already disrupted unit: result = Morale -> retreat 1; result > Morale ->
 * eliminated. t3 is disrupted, Morale 3 on its back; fire 6 is read on column 7 ([9.26]). */
static void test_714_disrupted_target(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire f6b > 0703", 2); /* column 7, die 2: 3 */
	need_event(f, "[7.14]", "retreat 1 hex");
	assert_true(ST(f)->npend == 1 || hex_distance(H("0703"), HEXOF(f, "t3")) == 1);
	if (ST(f)->npend == 1)
		assert_int_equal(ST(f)->pend[0].hexes, 1);
	fx_free(f);
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire f6b > 0703", 4); /* column 7, die 4: 4 > 3 */
	assert_int_equal(UST(f, "t3")->idx, Q_ELIM);
	need_event(f, "[7.14]", "eliminated");
	fx_free(f);
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire f6b > 0703", 1); /* column 7, die 1: 2 < 3, no effect */
	assert_int_equal(HEXOF(f, "t3"), H("0703"));
	need_event(f, "[7.13]", "unaffected");
	fx_free(f);
}

/* [7.17] artillery never retreats from fire; every other effect applies. */
static void test_717_artillery_no_retreat(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire f6c > 1103", 5); /* column 6, die 5: 4 against Morale 2 */
	assert_true(q_disrupted(&f->g, U(f, "ta")));
	need_event(f, "[7.17]", "does not retreat");
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(HEXOF(f, "ta"), H("1103"));
	fx_free(f);
	/* already disrupted: result = Morale -> no retreat; result > Morale -> eliminated */
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	UST(f, "ta")->fl |= QF_DISRUPTED;
	ok(f, "fire f6c > 1103", 1); /* column 7, die 1: 2 */
	need_event(f, "[7.17]", "does not retreat");
	assert_int_equal(HEXOF(f, "ta"), H("1103"));
	fx_free(f);
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	UST(f, "ta")->fl |= QF_DISRUPTED;
	ok(f, "fire f6c > 1103", 4); /* column 7, die 4: 4 > 2 */
	assert_int_equal(UST(f, "ta")->idx, Q_ELIM);
	fx_free(f);
}

/* [9.26] example: 6 Fire Strength Points at a disrupted unit use the 7 column; errata
 * [7.42]: +1 for a cavalry target, -1 for a town, cumulative. */
static void test_926_742_column_shifts(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	char out[1024];
	to_phase(f, QP_OFFFIRE);
	assert_int_equal(fire_odds(f, "fire f6b > 0703").column, 6); /* index 6 = column "7" */
	odds_text(f, "fire f6b > 0703", out, sizeof out);
	need_sub(out, "fire strength 6, column 7");
	assert_int_equal(fire_odds(f, "fire f6 > 0303").column, 5);   /* no shift */
	assert_int_equal(fire_odds(f, "fire f5 > 1503").column, 5);   /* 5, cavalry +1 */
	assert_int_equal(fire_odds(f, "fire f5b > 0308").column, 3);  /* 5, town -1 */
	assert_int_equal(fire_odds(f, "fire f5c > 0708").column, 4);  /* 5, cavalry in town: 0 */
	/* the odds list every die: column 7 for a disrupted Morale 3: 1 none, 2-3 retreat,
	 * 4-6 eliminated */
	struct q_odds o = fire_odds(f, "fire f6b > 0703");
	need_sub(o.outcome[0], "no effect");
	need_sub(o.outcome[1], "retreat 1");
	need_sub(o.outcome[3], "eliminated");
	fx_free(f);
}

/* [7.21] a parenthesised fire strength fires only in the Defensive Fire Phase. */
static void test_721_parenthesised(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_DEFFIRE); /* blue fires defensively */
	assert_int_equal(q_deciding(&f->g), 1);
	ok(f, "fire bp > 1507", 1);
	to_phase(f, QP_OFFFIRE);
	refused(f, "fire rp > 1508", 1, "[7.21]");
	assert_false(listed(f, "fire rp > 1508"));
	fx_free(f);
}

/* [7.22] only the top unit of a stack fires or is fired upon (unless both are artillery). */
static void test_722_top_unit(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	refused(f, "fire rsa > 1108", 1, "[7.22]");
	ok(f, "fire rsi > 1108", 3); /* column 4, die 3: 2 = Morale 2 of the top unit */
	assert_true(q_disrupted(&f->g, U(f, "bsi")));
	assert_true(UST(f, "bsi")->fl & QF_FIRED_AT);
	assert_false(q_disrupted(&f->g, U(f, "bsa")));
	assert_false(UST(f, "bsa")->fl & QF_FIRED_AT);
	fx_free(f);
}

/* [7.22] two artillery units stacked both fire and are both fired upon. */
static void test_722_two_artillery(void **state)
{
	(void)state;
	struct fx *f = fx_new("range.json", 0);
	to_phase(f, QP_DEFFIRE);
	ok(f, "fire bb,bb2 > 0201", 1); /* range 5: A 1 + B 1 */
	need_event(f, "[7.12]", "2 fire strength");
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire ra > 0206", 6); /* range 5: 1, column 1, die 6: 2 against Morale 2 */
	assert_true(q_disrupted(&f->g, U(f, "bb")));
	assert_true(q_disrupted(&f->g, U(f, "bb2")));
	fx_free(f);
}

/* [7.23] a unit is fired upon once a phase; [7.24] a unit fires once a phase; [7.27]
 * infantry fires only at adjacent units. */
static void test_723_724_727(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire g1 > 0313", 1);
	refused(f, "fire g2 > 0313", 1, "[7.23]");
	refused(f, "fire g1 > 0311", 1, "[7.24]");
	refused(f, "fire g3 > 0714", 1, "[7.27]");
	fx_free(f);
	/* [7.11] the fire of two units at one hex is combined: 8, the 8+ column */
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	ok(f, "fire g1,g2 > 0313", 1);
	need_event(f, "[7.12]", "g1, g2 fire at 0313 with 8 fire strength: column 8+"); /* who fired, in the event */
	refused(f, "fire g2 > 0311", 1, "[7.24]");
	fx_free(f);
}

/* [7.41] artillery fire strength by class and range (range counts the target hex). */
static void test_741_artillery_ranges(void **state)
{
	(void)state;
	struct fx *f = fx_new("range.json", 0);
	static const struct {
		const char *unit;
		int col;
		int s[7]; /* ranges 1..7; -1: cannot reach */
	} t[] = {
		{"ra", 2, {8, 5, 3, 2, 1, 1, -1}},
		{"rb", 4, {7, 4, 2, 1, 1, -1, -1}},
		{"rc", 6, {8, 4, 2, -1, -1, -1, -1}},
		{"rd", 8, {7, 3, 2, 1, -1, -1, -1}},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		for (int d = 1; d <= 7; d++) {
			int target = map_index(&q_scn(&f->g)->map, hex_make(t[i].col, 1 + d));
			int v = q_fire_strength(&f->g, U(f, t[i].unit), target, &f->e);
			if (v != t[i].s[d - 1])
				fail_msg("%s at range %d: %d, expected %d (%s)", t[i].unit, d, v, t[i].s[d - 1], f->e.msg);
			if (v < 0)
				need_sub(f->e.msg, "[7.41]");
		}
	/* [7.27] infantry: adjacent only */
	assert_int_equal(q_fire_strength(&f->g, U(f, "ri"), IDX(f, "1202"), &f->e), 3);
	assert_int_equal(q_fire_strength(&f->g, U(f, "ri"), IDX(f, "1203"), &f->e), -1);
	need_sub(f->e.msg, "[7.27]");
	fx_free(f);
}

/* Errata [7.28]: regular artillery that moved may not fire in that Offensive Fire Phase nor
 * the next Defensive Fire Phase; [7.29] horse artillery that moved may not fire in that
 * Offensive Fire Phase but may in the next Defensive Fire Phase. Errata [7.42] 2b: fire at
 * artillery that could not fire shifts one column right. */
static void test_728_729_moved_artillery(void **state)
{
	(void)state;
	struct fx *f = fx_new("range.json", 0);
	ok(f, "move ra 0201 0202", 0);
	ok(f, "move rh 1001 1002", 0);
	to_phase(f, QP_DEFFIRE);
	/* blue's gun at range 4 (class A: 2) on the gun that moved: column 2, +1 */
	assert_int_equal(fire_odds(f, "fire bb > 0202").column, 2);
	/* errata [7.42] 2a "disrupted; or" 2b "an artillery unit that could not fire": one shift
	 * when both hold */
	UST(f, "ra")->fl |= QF_DISRUPTED;
	assert_int_equal(fire_odds(f, "fire bb > 0202").column, 2);
	UST(f, "ra")->fl &= (uint16_t)~QF_DISRUPTED;
	to_phase(f, QP_OFFFIRE);
	refused(f, "fire ra > 0206", 1, "[7.28]");
	refused(f, "fire rh > 1004", 1, "[7.29]");
	ok(f, "end", 0);
	to_phase(f, QP_DEFFIRE); /* blue's Player-Turn: red fires defensively */
	assert_int_equal(ST(f)->phasing, 1);
	refused(f, "fire ra > 0206", 1, "[7.28]");
	ok(f, "fire rh > 1004", 1); /* horse artillery may */
	ok(f, "end", 0);
	to_phase(f, QP_MOVE);    /* red's second Player-Turn */
	to_phase(f, QP_OFFFIRE);
	assert_int_equal(ST(f)->phasing, 0);
	ok(f, "fire ra > 0206", 1);
	fx_free(f);
}

/* ================================================================ line of sight [7.3] */

/* [7.35] woods and town hexes block; [7.37] not the firer's or the target's hex. */
static void test_735_737_blocking_hexes(void **state)
{
	(void)state;
	struct fx *f = fx_new("los.json", 0);
	blocked(f, "1101", "1105", "[7.35]");
	blocked(f, "1101", "1105", "1103");
	blocked(f, "1301", "1305", "[7.35]");
	see(f, "1103", "1106"); /* firing out of the woods */
	see(f, "1101", "1103"); /* into the woods */
	see(f, "1301", "1303");
	fx_free(f);
}

/* [7.36] a line along a hexside is blocked only if both hexes block (the line 2106-2309 runs
 * along 2107/2206); [7.39] adjacent units always see each other. */
static void test_736_739(void **state)
{
	(void)state;
	struct fx *f = fx_new("los.json", 0);
	blocked(f, "2106", "2309", "[7.36]");
	see(f, "1706", "1909"); /* same geometry, only 1707 is woods */
	see(f, "1102", "1103");
	see(f, "0903", "0904"); /* across a ridge */
	fx_free(f);
}

/* [7.34] a ridge blocks, except when it is a side of the firer's hex. */
static void test_734_ridge(void **state)
{
	(void)state;
	struct fx *f = fx_new("los.json", 0);
	blocked(f, "0901", "0906", "[7.34]");
	see(f, "0903", "0906");
	blocked(f, "0906", "0903", "[7.34]"); /* a side of the target's hex does not count */
	fx_free(f);
}

/* [7.33] up a slope and then down: blocked, gentle or steep, either way. */
static void test_733_up_then_down(void **state)
{
	(void)state;
	struct fx *f = fx_new("los.json", 0);
	blocked(f, "0701", "0706", "[7.33]");
	blocked(f, "0706", "0701", "[7.33]");
	see(f, "0703", "0706"); /* from the hilltop: down only */
	fx_free(f);
}

/* [7.32] steep slope 0505 (up) / 0506 (down): firing downhill, blocked if the hexside is
 * more than half way; firing uphill, blocked if it is less than half way (hexsides counted). */
static void test_732_steep_half_distance(void **state)
{
	(void)state;
	struct fx *f = fx_new("los.json", 0);
	blocked(f, "0501", "0506", "[7.32]"); /* 5th of 5 hexsides */
	blocked(f, "0504", "0507", "[7.32]"); /* 2nd of 3 */
	see(f, "0505", "0508");               /* 1st of 3 */
	see(f, "0504", "0508");               /* 2nd of 4: exactly half */
	blocked(f, "0506", "0502", "[7.32]"); /* uphill, 1st of 4 */
	see(f, "0507", "0503");               /* uphill, 2nd of 4: exactly half */
	blocked(f, "0508", "0501", "[7.32]"); /* uphill, 3rd of 7 */
	see(f, "0508", "0502");               /* uphill, 3rd of 6 */
	blocked(f, "1901", "1906", "cliff");  /* a cliff counts as a steep slope */
	fx_free(f);
}

/* Errata [7.51]: "An artillery unit in the 'splash' hex of a redoubt hexside and firing through
 * that redoubt hexside, may fire only into the adjacent hex"; [7.52]: from inside (the
 * non-splash hex) the wall does not restrict it. The open map's wall 1412/1413: 1412 inside,
 * 1413 the splash hex. */
static void test_751_redoubt_wall(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	clear_all(f);
	place(f, "rsa", "1413");
	place(f, "t2", "1411");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	refused(f, "fire rsa > 1411", 1, "[7.51]"); /* through the wall at range 2 */
	assert_int_equal(count_listed(f, "fire rsa"), 0);
	q_place(ST(f), U(f, "t2"), IDX(f, "1412"));
	(void)fire_odds(f, "fire rsa > 1412"); /* into the adjacent hex: allowed */
	assert_true(listed(f, "fire rsa > 1412"));
	fx_free(f);
	/* [7.52] inside, firing out through its wall at range 2 */
	f = fx_new("fire.json", 0);
	clear_all(f);
	place(f, "rsa", "1412");
	place(f, "t2", "1414");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	(void)fire_odds(f, "fire rsa > 1414");
	assert_true(listed(f, "fire rsa > 1414"));
	fx_free(f);
}

/* ================================================================ melee [8.0] */

/* [8.0] example: 13 against 4 is 3.25 to 1, rounded for the defender to 3-1, read on the
 * Clear line; [8.81]/[8.83] the highest attacker Morale (4) picks the row: die + 4 - 1. */
static void test_80_13_vs_4(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	char out[1024];
	to_phase(f, QP_MELEE);
	struct q_odds o = melee_odds(f, "melee a5,a4a,a4b > 0503");
	assert_int_equal(o.total_a, 13);
	assert_int_equal(o.total_d, 4);
	assert_int_equal(o.terrain, QTM_CLEAR);
	assert_int_equal(o.column, 4);
	assert_int_equal(o.row_base, 3);
	need_sub(o.outcome[0], "row 4");
	need_sub(o.outcome[5], "row 9");
	odds_text(f, "melee a5,a4a,a4b > 0503", out, sizeof out);
	need_sub(out, "melee 13 against 4, Clear line, 3-1 column");
	/* die 3 -> row 6, 3-1: D:1. d4 is disrupted and retreats 1; 0603 and 0403 are in the
	 * attackers' zones ([8.51]), so the only way is 0504. */
	ok(f, "melee a5,a4a,a4b > 0503", 3);
	need_event(f, "[8.4]", "3-1 column; die 3, row 6");
	need_event(f, "[8.4]", "a5, a4a, a4b attack 0503: melee 13 against 4"); /* who, where */
	/* a list too long for its buffer ends "and N more" */
	char ids[40];
	int att[3] = {U(f, "a5"), U(f, "a4a"), U(f, "a4b")};
	q_ids_text(q_scn(&f->g), att, 3, ids, 20);
	assert_string_equal(ids, "a5 and 2 more");
	q_ids_text(q_scn(&f->g), att, 3, ids, 24);
	assert_string_equal(ids, "a5, a4a and 1 more");
	q_ids_text(q_scn(&f->g), att, 3, ids, 40);
	assert_string_equal(ids, "a5, a4a, a4b");
	assert_true(q_disrupted(&f->g, U(f, "d4")));
	assert_int_equal(HEXOF(f, "d4"), H("0504"));
	/* [8.7] advance along the path of retreat; 0504 holds the enemy */
	assert_true(listed(f, "advance a4a 0503"));
	assert_true(listed(f, "end"));
	assert_int_equal(count_listed(f, "advance a4a 0503 "), 0);
	ok(f, "advance a4a 0503", 0);
	assert_int_equal(HEXOF(f, "a4a"), H("0503"));
	/* [8.75] an advanced unit neither attacks nor is attacked this phase */
	assert_int_equal(ST(f)->npend, 0);
	refused(f, "melee a4a > 0504", 2, "[8.75]");
	fx_free(f);
}

/* Errata [8.4]: odds beyond the table are read on its end columns. */
static void test_84_clamp(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	assert_int_equal(melee_odds(f, "melee w1 > 0903").column, 0);  /* 1-4, worse than 1-3 */
	assert_int_equal(melee_odds(f, "melee s20 > 1301").column, 7); /* 20-1, beyond 6-1 */
	/* the odds and the event say when worse odds are read on the first column */
	char out[1024];
	odds_text(f, "melee w1 > 0903", out, sizeof out);
	need_sub(out, "1-3 column [8.4] (worse odds are read on it, errata [8.4])");
	ok(f, "melee w1 > 0903", 3);
	need_event(f, "[8.4]", "1-3 column (worse odds are read on it, errata [8.4])");
	fx_free(f);
}

/* [8.34] example: "A unit in a Redoubt behind a Steep Slope would benefit from the Redoubt
 * only": 0303's north wall stands on a Steep Slope (tests/data/quad/redoubt-map.json), and the
 * attack across it is read on the Redoubt line (the first), not the Steep Slope's (the River
 * line). Errata [8.32]: with one attacker across the steep side alone the wall no longer
 * counts, and the slope does (every attacker is below one); across the two walls, the Redoubt.
 * [8.81] example: an attacker of Morale 3 reads the third die roll column (row = die + 2);
 * [8.83] with several, the highest Morale present. */
static void test_834_redoubt_behind_steep(void **state)
{
	(void)state;
	struct fx *f = fx_new("redoubt.json", 0);
	char out[1024];
	to_phase(f, QP_MELEE);
	struct q_odds o = melee_odds(f, "melee rn > 0303");
	assert_int_equal(o.terrain, QTM_FORT);
	assert_int_equal(o.row_base, 2); /* [8.81] Morale 3: the third column */
	need_sub(o.outcome[0], "row 3");
	need_sub(o.outcome[5], "row 8");
	odds_text(f, "melee rn > 0303", out, sizeof out);
	need_sub(out, "melee 3 against 3, Town/Redoubt/Vineyard line");
	assert_int_equal(melee_odds(f, "melee rne > 0303").terrain, QTM_RIVER);  /* the slope alone */
	assert_int_equal(melee_odds(f, "melee rne > 0303").row_base, 1);        /* Morale 2 */
	o = melee_odds(f, "melee rn,rne > 0303");
	assert_int_equal(o.terrain, QTM_RIVER); /* [8.32] not all across the wall; all below a slope */
	assert_int_equal(o.row_base, 2);        /* [8.83] the higher Morale, 3 */
	assert_int_equal(melee_odds(f, "melee rn,rs > 0303").terrain, QTM_FORT);
	assert_int_equal(melee_odds(f, "melee rs > 0303").terrain, QTM_FORT);
	ok(f, "melee rn > 0303", 6); /* row 8 on the Redoubt line's first column */
	need_event(f, "[8.4]", "Town/Redoubt/Vineyard line");
	need_event(f, "[8.4]", "die 6, row 8");
	fx_free(f);
}

/* [8.34] the one most favourable terrain; [8.35] defenders in several hexes all take the best;
 * errata [8.32] slope benefit only if every attacker is on the splash side; [8.22]. */
static void test_83_terrain(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	assert_int_equal(melee_odds(f, "melee at0 > 0708").terrain, QTM_FORT);   /* town */
	assert_int_equal(melee_odds(f, "melee am > 0911,1011").terrain, QTM_WOODS);
	assert_int_equal(melee_odds(f, "melee a1s > 0514").terrain, QTM_RIVER);  /* from below */
	assert_int_equal(melee_odds(f, "melee a2s > 0514").terrain, QTM_CLEAR);
	assert_int_equal(melee_odds(f, "melee a1s,a2s > 0514").terrain, QTM_CLEAR);
	fx_free(f);
}

/* [8.71]-[8.74] advancing after a melee against two hexes: the Path of Retreat is every hex
 * the defenders left; the attacker moves from hex to adjacent hex of it and may not stray
 * ([8.74]). It may enter either defender's hex first, and go from one to the other only when
 * they are adjacent (it once jumped from the first defender's hex to the second's two hexes
 * away, and could never enter the second first). */
static void test_871_two_hexes(void **state)
{
	(void)state;
	/* 1005 and 1106 are adjacent: both defenders retreat one hex (disrupted: no ZOC) */
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "a2", "1006");
	place(f, "h1", "1005");
	place(f, "h2", "1106");
	to_phase(f, QP_MELEE);
	ok(f, "melee a2 > 1005,1106", 6);
	ok(f, "retreat h2 1206", 0);
	ok(f, "retreat h1 1004", 0);
	assert_true(listed(f, "advance a2 1106"));
	assert_true(listed(f, "advance a2 1106 1005"));
	assert_true(listed(f, "advance a2 1005"));
	assert_int_equal(count_listed(f, "advance a2 1005 "), 0); /* 1106 is earlier on the path */
	assert_int_equal(count_listed(f, "advance a2 1106 1206"), 0); /* h2 stands there */
	ok(f, "advance a2 1005", 0);
	assert_int_equal(HEXOF(f, "a2"), H("1005"));
	fx_free(f);
	/* 1005 and 1007 are not adjacent: two disrupted defenders eliminated by 2* */
	f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "s20", "1006");
	place(f, "d1", "1005");
	place(f, "z1", "1007");
	UST(f, "d1")->fl |= QF_DISRUPTED;
	UST(f, "z1")->fl |= QF_DISRUPTED;
	to_phase(f, QP_MELEE);
	ok(f, "melee s20 > 1005,1007", 4); /* 5-1, row 6: 2* */
	assert_int_equal(UST(f, "d1")->idx, Q_ELIM);
	assert_int_equal(UST(f, "z1")->idx, Q_ELIM);
	assert_true(listed(f, "advance s20 1005"));
	assert_true(listed(f, "advance s20 1007"));
	assert_int_equal(count_listed(f, "advance s20 1005 "), 0);
	assert_int_equal(count_listed(f, "advance s20 1007 "), 0);
	refused(f, "advance s20 1005 1007", 0, "[8.7]");
	fx_free(f);
}

/* [8.22] an undisrupted attacker must attack every enemy hex whose units control it. */
static void test_822_all_controlling(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	refused(f, "melee x > 1005", 2, "[8.22]");
	refused(f, "melee x > 1005", 2, "1106");
	refused(f, "melee am > 1011", 2, "[8.22]");
	(void)melee_odds(f, "melee x > 1005,1106");
	assert_true(listed(f, "melee x > 1005,1106"));
	/* [8.11] the phase cannot end while an attack is owed */
	refused(f, "end", 0, "[8.11]");
	fx_free(f);
}

/* [8.14] no unit attacks twice; [8.82] a Morale 5 defender retreats one hex less (R -> 0). */
static void test_814_882_morale5(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee y > 0107", 5); /* 1-1, Morale 3: row 7, D:R */
	need_event(f, "[8.4]", "defender retreats 1 (no disruption)");
	assert_int_equal(HEXOF(f, "z"), H("0107"));
	assert_false(q_disrupted(&f->g, U(f, "z")));
	assert_int_equal(ST(f)->npend, 0);
	refused(f, "melee y > 0107", 5, "[8.14]");
	fx_free(f);
}

/* [8.82] a Morale 1 defender retreats one hex more: D:1 -> 2, disrupted. */
static void test_882_morale1(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee y1 > 0110", 6); /* 1-1, row 8: D:1 */
	assert_true(q_disrupted(&f->g, U(f, "z1")));
	need_event(f, "[8.5]", "z1 must retreat 2 hexes");
	fx_free(f);
}

/* [8.5], [8.51], [8.56]: retreat 2 hexes away from the combat position, never into an enemy
 * ZOC, ending as far from the enemy as possible. */
static void test_856_retreat_far(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee a8 > 1510", 5); /* 3-1, row 7: D:2 */
	assert_true(ST(f)->npend >= 1);
	assert_int_equal(q_deciding(&f->g), 1);
	const struct q_scn *s = q_scn(&f->g);
	uint8_t *zoc = malloc((size_t)s->map.n);
	assert_non_null(zoc);
	q_zoc(&f->g, 0, zoc);
	int n = list(f);
	assert_true(n >= 1);
	for (int i = 0; i < n; i++) {
		const struct action *a = &f->acts[i];
		assert_int_equal(a->kind, QA_RETREAT);
		assert_int_equal(a->n, 3);
		for (int k = 1; k < 3; k++) {
			assert_int_equal(hex_distance(H("1510"), map_hex(&s->map, a->arg[k])), k);
			assert_false(zoc[a->arg[k]]);
		}
		assert_int_equal(hex_distance(H("1509"), map_hex(&s->map, a->arg[2])), 3);
	}
	free(zoc);
	/* a legal but nearer end (1310 is 2 from the attacker): refused */
	refused(f, "retreat d8 1410 1310", 0, "[8.56]");
	refused(f, "retreat d8 1409 1309", 0, "[8.5]"); /* through the attacker's zone */
	fx_free(f);
}

/* Errata [8.4]: a defender disrupted before the melee survives a plain 2 (and retreats) but is
 * eliminated by 2*. */
static void test_84_star_on_disrupted(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	UST(f, "d8")->fl |= QF_DISRUPTED;
	ok(f, "melee a8 > 1510", 5); /* 3-1, row 7: D:2 */
	assert_true(UST(f, "d8")->idx >= 0);
	need_event(f, "[8.5]", "d8 must retreat 2 hexes");
	fx_free(f);
	f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	UST(f, "d8")->fl |= QF_DISRUPTED;
	ok(f, "melee a8 > 1510", 6); /* row 8: D:2* */
	assert_int_equal(UST(f, "d8")->idx, Q_ELIM);
	need_event(f, "[8.4]", "d8 is eliminated");
	fx_free(f);
}

/* [8.55] artillery forced to retreat is eliminated. */
static void test_855_artillery(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee y2 > 0114", 4); /* 3 against (1): 3-1, row 6: D:1 */
	assert_int_equal(UST(f, "ba")->idx, Q_ELIM);
	need_event(f, "[8.55]", "eliminated");
	fx_free(f);
}

/* [8.6] a retreat whose only way is through a friendly unit displaces it one hex ([8.61]). */
static void test_86_displacement(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee m10a > 1014", 6); /* 1-1, row 8: D:1 */
	assert_int_equal(HEXOF(f, "d1x"), H("1015"));
	assert_int_equal(HEXOF(f, "f"), H("1016"));
	need_event(f, "[8.61]", "f is displaced to 1016");
	fx_free(f);
}

/* [8.61] the owning player moves a displaced unit: d (attacked from 0604) can retreat only
 * through a friend (0506, 0606, 0706 are all held, [8.53]); f1 then has three equally good hexes
 * ([8.56]) and its owner picks one; never d's combat position or path. */
static void test_861_owner_places_displaced(void **state)
{
	(void)state;
	struct fx *f = fx_new("displace.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee att > 0605", 3); /* 9 against 3: 3-1, row 5: D:R, retreat 1 */
	assert_int_equal(q_deciding(&f->g), 1);
	assert_int_equal(count_listed(f, "retreat d "), 3);
	ok(f, "retreat d 0606", 0);
	need_event(f, "[8.61]", "f1 in 0606 must make way for d");
	assert_int_equal(q_deciding(&f->g), 1);
	assert_int_equal(count_listed(f, "retreat f1 "), 3);
	refused(f, "retreat f1 0605", 0, "[8.5]"); /* not into d's combat position */
	ok(f, "retreat f1 0707", 0);
	need_event(f, "[8.61]", "f1 is displaced to 0707");
	assert_int_equal(HEXOF(f, "f1"), H("0707"));
	assert_int_equal(HEXOF(f, "d"), H("0606"));
	fx_free(f);
}

/* [8.7] advance along the path of retreat, stopping in the first enemy-controlled hex
 * ([8.73]); [8.72] at any hex of it. */
static void test_87_advance(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	char t[ACTION_TEXT_MAX];
	to_phase(f, QP_MELEE);
	ok(f, "melee a2 > 1502", 5); /* 3-1, row 7: D:2 */
	assert_int_equal(q_deciding(&f->g), 1);
	/* blue retreats d2 by 1503, a hex b2 (1504) controls */
	int n = list(f), pick = -1;
	for (int i = 0; i < n; i++) {
		act_text(f, i, t, sizeof t);
		if (!strncmp(t, "retreat d2 1503 ", 16))
			pick = i;
	}
	if (pick < 0)
		fail_msg("no retreat of d2 by 1503 offered");
	act_text(f, pick, t, sizeof t);
	ok(f, t, 0);
	assert_int_equal(q_deciding(&f->g), 0);
	assert_true(listed(f, "advance a2 1502"));
	assert_true(listed(f, "advance a2 1502 1503"));
	assert_int_equal(count_listed(f, "advance a2 1502 1503 "), 0);
	refused(f, "advance a2 1502 1503 1504", 0, "[8.7]");
	refused(f, "advance a2 1601", 0, "[8.7]"); /* off the path of retreat [8.74] */
	ok(f, "advance a2 1502 1503", 0);
	assert_int_equal(HEXOF(f, "a2"), H("1503"));
	assert_true(UST(f, "a2")->fl & QF_ADVANCED);
	fx_free(f);
}

/* [11.21] cavalry is disrupted after melee; [11.25] disrupted cavalry in melee is eliminated;
 * [11.24] a '*' result eliminates cavalry. */
static void test_112_cavalry_melee(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee cv > 0216", 5); /* 1-1, row 7: D:R, the Morale 5 defender stays */
	assert_true(q_disrupted(&f->g, U(f, "cv")));
	assert_true(q_disrupted(&f->g, U(f, "zc"))); /* defending cavalry too */
	need_event(f, "[11.21]", "cv is disrupted");
	ok(f, "melee cvd > 0315", 5);
	assert_int_equal(UST(f, "cvd")->idx, Q_ELIM);
	need_event(f, "[11.25]", "cvd is eliminated");
	ok(f, "melee yy > 1416", 6); /* 3-1, row 8: D:2* */
	assert_int_equal(UST(f, "zcv")->idx, Q_ELIM);
	need_event(f, "[11.24]", "zcv is eliminated");
	fx_free(f);
}

/* ================================================================ rally [10.0] */

/* [10.0] example: Morale 2 in a Redoubt, adjacent to an undisrupted enemy and an undisrupted
 * friend: -1 + 1 - 1 = -1. */
static void test_100_rally_example(void **state)
{
	(void)state;
	struct fx *f = fx_new("rally.json", 0);
	to_phase(f, QP_RALLY);
	ok(f, "rally d2", 3);
	need_event(f, "[10.0]", "d2 rallies: die 3-1 = 2 against morale 2 (");
	need_event(f, "[10.0]", "+1 adjacent undisrupted enemy");
	need_event(f, "[10.0]", "-1 adjacent undisrupted friend");
	need_event(f, "[10.0]", "-1 in a redoubt)"); /* the reasons in brackets, no stray ';' */
	assert_false(q_disrupted(&f->g, U(f, "d2")));
	fx_free(f);
	f = fx_new("rally.json", 0);
	to_phase(f, QP_RALLY);
	ok(f, "rally d2", 4);
	need_event(f, "[10.0]", "fails to rally: die 4-1 = 3");
	assert_true(q_disrupted(&f->g, U(f, "d2")));
	refused(f, "rally d2", 1, "[10.0]"); /* once a phase */
	fx_free(f);
}

/* ================================================================ cavalry [11.26] */

/* [11.26] the non-phasing player retreats cavalry in the ZOC of enemy non-cavalry one hex,
 * never into an enemy ZOC, after his Defensive Fire. */
static void test_1126_cavalry_retreat(void **state)
{
	(void)state;
	struct fx *f = fx_new("cavret.json", 0);
	to_phase(f, QP_CAVRETREAT);
	assert_int_equal(q_deciding(&f->g), 1);
	assert_true(listed(f, "retreat bc 0504"));
	assert_false(listed(f, "retreat bc 0602")); /* ri's zone */
	assert_int_equal(count_listed(f, "retreat bc2 "), 0); /* only enemy cavalry near it */
	assert_true(count_listed(f, "retreat bcd ") > 0);     /* disrupted may, without 11.27 */
	refused(f, "retreat bc 0602", 0, "[11.26]");
	refused(f, "retreat bc2 1504", 0, "[11.26]");
	refused(f, "retreat bc 0505", 0, "[11.26]"); /* two hexes */
	ok(f, "retreat bc 0504", 0);
	need_event(f, "[11.26]", "bc retreats before combat to 0504");
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_OFFFIRE);
	fx_free(f);
}

/* [11.26] with [6.14]: cavalry below a cliff is not in the zone of control of infantry above
 * it, so it may not retreat before combat (a regression). */
static void test_1126_not_across_cliff(void **state)
{
	(void)state;
	struct fx *f = fx_new("cavret.json", 0);
	to_phase(f, QP_CAVRETREAT);
	assert_int_equal(count_listed(f, "retreat bcc "), 0);
	refused(f, "retreat bcc 1305", 0, "[11.26]");
	fx_free(f);
}

/* Errata [11.27] (optional): disrupted cavalry may not retreat before combat. */
static void test_1127_option(void **state)
{
	(void)state;
	struct fx *f = fx_new("cavret.json", Q_OPT_11_27);
	to_phase(f, QP_CAVRETREAT);
	assert_int_equal(count_listed(f, "retreat bcd "), 0);
	refused(f, "retreat bcd 1004", 0, "[11.27]");
	fx_free(f);
}

/* ================================================================ sequence of play [4.0] */

static void test_40_sequence(void **state)
{
	(void)state;
	struct fx *f = fx_new("seq.json", 0);
	static const int order[] = {QP_MOVE, QP_DEFFIRE, QP_OFFFIRE, QP_MELEE, QP_RALLY};
	const int first = 1; /* "first": "blue" */
	struct result r;

	for (int turn = 1; turn <= 2; turn++)
		for (int pt = 0; pt < 2; pt++) {
			int phasing = pt == 0 ? first : 1 - first;
			for (int k = 0; k < 5; k++) {
				assert_int_equal(ST(f)->turn, turn);
				assert_int_equal(ST(f)->phasing, phasing);
				assert_int_equal(ST(f)->phase, order[k]);
				/* the non-phasing player decides in the Defensive Fire Phase */
				assert_int_equal(f->g.rules->to_act(&f->g), order[k] == QP_DEFFIRE ? 1 - phasing : phasing);
				assert_false(f->g.rules->over(&f->g, NULL));
				ok(f, "end", 0);
			}
		}
	assert_true(f->g.rules->over(&f->g, &r));
	assert_true(r.over);
	assert_int_equal(f->g.rules->to_act(&f->g), -1);
	assert_int_equal(list(f), 0);
	need_event(f, "[4.0]", "last Game-Turn");
	refused(f, "end", 0, "[4.0]");
	fx_free(f);
}

/* A counter's face as printed ([7.21] parenthesised fire, [8.17] bracketed melee, [7.41] an
 * artillery class letter instead of a fire strength): what crimea show and the API print. */
static void test_face_text(void **state)
{
	(void)state;
	struct q_udef d;
	char buf[32];
	memset(&d, 0, sizeof d);
	d.fire[0] = 5, d.melee[0] = 3, d.morale[0] = 5;
	q_face_text(&d, 0, buf, sizeof buf);
	assert_string_equal(buf, "5-3-5");
	d.fire[1] = 2, d.melee[1] = 3, d.morale[1] = 5; /* [2.4]'s example: 5-3-5 front, 2-3-5 back */
	q_face_text(&d, 1, buf, sizeof buf);
	assert_string_equal(buf, "2-3-5");
	d.fire[1] = 2, d.fire_paren[1] = 1, d.melee[1] = 1, d.melee_paren[1] = 1, d.morale[1] = 3;
	q_face_text(&d, 1, buf, sizeof buf);
	assert_string_equal(buf, "(2)-[1]-3");
	d.cls[0] = 'B', d.fire_paren[0] = 1;
	q_face_text(&d, 0, buf, sizeof buf);
	assert_string_equal(buf, "(B)-3-5");
	d.cls[0] = 0, d.fire[0] = -1;
	q_face_text(&d, 0, buf, sizeof buf);
	assert_string_equal(buf, "--3-5");
}

/* Text with the first occurrence of `from` replaced by `to` (malloc'd). */
static char *replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	assert_non_null(at);
	size_t n = strlen(text) - strlen(from) + strlen(to) + 1, head = (size_t)(at - text);
	char *out = malloc(n);
	assert_non_null(out);
	snprintf(out, n, "%.*s%s%s", (int)head, text, to, at + strlen(from));
	return out;
}

/* The line (from 1) of the first `what` after the first `after` in text. */
static int line_of(const char *text, const char *after, const char *what)
{
	const char *at = strstr(text, after);
	assert_non_null(at);
	at = strstr(at, what);
	assert_non_null(at);
	int line = 1;
	for (const char *p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

/* Does any error in l say `what` at line `line` of its file? */
static bool has_error(const struct errlist *l, int line, const char *what)
{
	for (int i = 0; i < l->n; i++)
		if (l->e[i].line == line && strstr(l->e[i].msg, what))
			return true;
	return false;
}

/* Tables by range bands ([7.41] artillery, Inkerman [24.2] Big Gun) refuse a band past the
 * table's reach and a cell out of its scale, each at its own line; the rest still loads. */
static void test_range_tables_refused(void **state)
{
	(void)state;
	char *text, *bad1, *bad2;
	size_t len;
	struct err e;
	struct jdoc d;
	struct errlist l;
	struct q_tables *t = calloc(1, sizeof *t);
	assert_non_null(t);
	assert_int_equal(fs_read_all("data/quad/tables.json", &text, &len, &e), 0);
	/* the Big Gun table reaches 10 hexes, the artillery's 11; ratings are 0-6 */
	bad1 = replaced(text, "\"columns\": [\"1\", \"2\", \"3\", \"4\", \"5-6\", \"7-8\", \"9-10\"]",
			"\"columns\": [\"1\", \"2\", \"3\", \"4\", \"5-6\", \"7-8\", \"9-11\"]");
	bad2 = replaced(bad1, "{\"key\": \"sevastopol\", \"cells\": [\"5\"", "{\"key\": \"sevastopol\", \"cells\": [\"7\"");
	assert_int_equal(jdoc_parse(&d, "tables.json", bad2, strlen(bad2), &e), 0);
	errlist_init(&l);
	assert_int_not_equal(qt_load(t, &d, &l), 0);
	/* the line of the Big Gun table's columns, and of its row holding the bad cell */
	int cols_line = line_of(bad2, "\"id\": \"big_gun\"", "\"columns\"");
	int row_line = line_of(bad2, "\"id\": \"big_gun\"", "\"sevastopol\"");
	assert_true(has_error(&l, cols_line, "big_gun: column must be a range within 1-10"));
	assert_true(has_error(&l, row_line, "big_gun: cell must be \"-\" or a rating 0-6"));
	jdoc_free(&d);
	free(bad2);
	free(bad1);
	free(text);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_525_path_a),
		cmocka_unit_test(test_move_bad_index),
		cmocka_unit_test(test_525_path_b),
		cmocka_unit_test(test_525_path_service),
		cmocka_unit_test(test_526_infantry),
		cmocka_unit_test(test_526_cavalry),
		cmocka_unit_test(test_527_ridges),
		cmocka_unit_test(test_road_and_disrupted),
		cmocka_unit_test(test_513_stop_in_zoc),
		cmocka_unit_test(test_514_zoc_to_zoc),
		cmocka_unit_test(test_614_612_zoc_extent),
		cmocka_unit_test(test_532_533_538_stacking),
		cmocka_unit_test(test_538_cited),
		cmocka_unit_test(test_518_move_once),
		cmocka_unit_test(test_1213_road_entry),
		cmocka_unit_test(test_1222_blocked_entry),
		cmocka_unit_test(test_1223_withheld),
		cmocka_unit_test(test_715_retreat_two),
		cmocka_unit_test(test_714_disrupted_target),
		cmocka_unit_test(test_717_artillery_no_retreat),
		cmocka_unit_test(test_926_742_column_shifts),
		cmocka_unit_test(test_721_parenthesised),
		cmocka_unit_test(test_722_top_unit),
		cmocka_unit_test(test_722_two_artillery),
		cmocka_unit_test(test_723_724_727),
		cmocka_unit_test(test_741_artillery_ranges),
		cmocka_unit_test(test_728_729_moved_artillery),
		cmocka_unit_test(test_735_737_blocking_hexes),
		cmocka_unit_test(test_736_739),
		cmocka_unit_test(test_734_ridge),
		cmocka_unit_test(test_733_up_then_down),
		cmocka_unit_test(test_732_steep_half_distance),
		cmocka_unit_test(test_751_redoubt_wall),
		cmocka_unit_test(test_80_13_vs_4),
		cmocka_unit_test(test_84_clamp),
		cmocka_unit_test(test_83_terrain),
		cmocka_unit_test(test_871_two_hexes),
		cmocka_unit_test(test_834_redoubt_behind_steep),
		cmocka_unit_test(test_822_all_controlling),
		cmocka_unit_test(test_814_882_morale5),
		cmocka_unit_test(test_882_morale1),
		cmocka_unit_test(test_856_retreat_far),
		cmocka_unit_test(test_84_star_on_disrupted),
		cmocka_unit_test(test_855_artillery),
		cmocka_unit_test(test_86_displacement),
		cmocka_unit_test(test_861_owner_places_displaced),
		cmocka_unit_test(test_87_advance),
		cmocka_unit_test(test_112_cavalry_melee),
		cmocka_unit_test(test_100_rally_example),
		cmocka_unit_test(test_1126_cavalry_retreat),
		cmocka_unit_test(test_1126_not_across_cliff),
		cmocka_unit_test(test_1127_option),
		cmocka_unit_test(test_40_sequence),
		cmocka_unit_test(test_face_text),
		cmocka_unit_test(test_range_tables_refused),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
