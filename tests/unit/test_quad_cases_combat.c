/* Standard Rules cases [7]-[11] (fire, line of sight, melee, disruption, cavalry) that no other
 * test cited, one test each, driving the real engine with manual dice on the tiny scenarios of
 * tests/data/quad/ (cases-los.json is this file's own). Headings ([7.1], [8.2], [8.3], [8.8],
 * [11.2]) and the summary [11.0] have nothing of their own to rule and have no test. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/quad/qcombat.h"
#include "games/quad/qmove.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define FX_DATA "tests/data/quad/"
#include "quadfix.h"

/* Applies the first listed action whose text starts with prefix (a choice the test does not
 * care about, e.g. which of several equally good retreat paths). */
static void take_first(struct fx *f, const char *prefix)
{
	char t[ACTION_TEXT_MAX];
	int n = list(f);
	for (int i = 0; i < n; i++) {
		act_text(f, i, t, sizeof t);
		if (!strncmp(t, prefix, strlen(prefix))) {
			ok(f, t, 0);
			return;
		}
	}
	fail_msg("no listed action starts with \"%s\"", prefix);
}

/* Makes every owed retreat (and displacement) by its first listed path. */
static void retreat_all(struct fx *f)
{
	for (int i = 0; i < 10 && ST(f)->npend > 0 && count_listed(f, "retreat ") > 0; i++)
		take_first(f, "retreat ");
}

/* The rule case of the one event saying that unit id is disrupted (fails unless there is
 * exactly one). */
static const char *disrupt_rule(struct fx *f, const char *id)
{
	char text[64];
	const char *rule = NULL;
	snprintf(text, sizeof text, "%s is disrupted", id);
	for (int i = 0; i < f->sink.n; i++)
		if (!strcmp(f->ev[i].text, text)) {
			if (rule)
				fail_msg("%s is disrupted twice (%s, %s)", id, rule, f->ev[i].rule);
			rule = f->ev[i].rule;
		}
	if (!rule)
		fail_msg("no event says %s", text);
	return rule;
}

/* ================================================================ fire [7.1] */

/* [7.16] "If a unit cannot retreat it is eliminated (see Case 8.5)." t2 (Morale 2) in 0303 is
 * told to retreat 2 hexes, but red's zones of control (f6 0302, g1 0204, g2 0404) cover all six
 * of its neighbours ([8.51]): it is eliminated where it stands, and no decision is owed. */
static void test_716_no_retreat_eliminated(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	clear_all(f);
	place(f, "f6", "0302");
	place(f, "g1", "0204");
	place(f, "g2", "0404");
	place(f, "t2", "0303");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire f6 > 0303", 5); /* column 6, die 5: 4 against Morale 2: disrupted, retreat 2 */
	need_event(f, "[7.15]", "t2 must retreat 2 hexes");
	assert_int_equal(UST(f, "t2")->idx, Q_ELIM);
	need_event(f, "[8.54]", "t2 is eliminated");
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(count_listed(f, "retreat "), 0);
	fx_free(f);
	/* the same fire with one neighbour (0403, SE) free of g2's zone: t2 lives and retreats */
	f = fx_new("fire.json", 0);
	clear_all(f);
	place(f, "f6", "0302");
	place(f, "g1", "0204");
	place(f, "t2", "0303");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire f6 > 0303", 5);
	retreat_all(f);
	assert_true(UST(f, "t2")->idx >= 0);
	assert_int_equal(hex_distance(H("0303"), HEXOF(f, "t2")), 2);
	fx_free(f);
}

/* [7.18] "Units may never advance after combat as a result of Fire Combat. All retreats,
 * however, are carried out exactly as described in Cases 8.5 and 8.6." f6 fires t2 out of
 * 0303; its only way, 0304, is held by the friendly t4 (0402/0202 are f6's zone, 0403 g2's,
 * 0203 g1's), so t4 is displaced ([8.61]) as in a melee retreat. Then nothing is pending, the
 * firer is offered no advance into the vacated hex, and one is refused. */
static void test_718_fire_no_advance(void **state)
{
	(void)state;
	struct fx *f = fx_new("fire.json", 0);
	clear_all(f);
	place(f, "f6", "0302");
	place(f, "g1", "0103");
	place(f, "g2", "0503");
	place(f, "t2", "0303");
	place(f, "t4", "0304");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire f6 > 0303", 3); /* column 6, die 3: 3 against Morale 2: disrupted, retreat 1 */
	need_event(f, "[7.15]", "t2 must retreat 1 hex");
	retreat_all(f); /* the owner places the displaced t4 */
	need_event(f, "[8.61]", "t4 is displaced to");
	assert_int_equal(HEXOF(f, "t2"), H("0304"));
	assert_int_equal(hex_distance(H("0304"), HEXOF(f, "t4")), 1);
	assert_true(q_disrupted(&f->g, U(f, "t2")));
	/* no advance after fire combat */
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(q_deciding(&f->g), side(f, "red"));
	assert_int_equal(count_listed(f, "advance "), 0);
	refused(f, "advance f6 0303", 0, "[8.7]");
	assert_int_equal(HEXOF(f, "f6"), H("0302"));
	fx_free(f);
}

/* ================================================================ line of sight [7.2], [7.3] */

/* [7.25] "A unit may never fire at an Enemy unit to which it cannot trace a Line of Sight."
 * The gun xa at 1101 and its target xt at 1105 (range 4, in reach of class A) have the woods
 * 1103 between them: the fire is refused and not listed; from 1109, the same range with a clear
 * line, it is listed and goes. */
static void test_725_no_fire_without_los(void **state)
{
	(void)state;
	struct fx *f = fx_new("cases-los.json", 0);
	clear_all(f);
	place(f, "xa", "1101");
	place(f, "xt", "1105");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	refused(f, "fire xa > 1105", 1, "line of sight");
	refused(f, "fire xa > 1105", 1, "[7.35]");
	assert_false(listed(f, "fire xa > 1105"));
	assert_int_equal(count_listed(f, "fire "), 0);
	fx_free(f);
	f = fx_new("cases-los.json", 0);
	clear_all(f);
	place(f, "xa", "1109");
	place(f, "xt", "1105");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	assert_true(listed(f, "fire xa > 1105"));
	ok(f, "fire xa > 1105", 6); /* range 4, class A: 2; column 2, die 6: 2 against Morale 2 */
	need_event(f, "[7.12]", "xa fires at 1105 with 2 fire strength");
	assert_true(q_disrupted(&f->g, U(f, "xt")));
	fx_free(f);
}

/* [7.26] "A unit may always fire through other units, whether they are Friendly or Enemy."
 * Between the gun xa (1109) and xt (1105) stand the friendly xi (1108), the enemy xe (1107) and
 * the enemy gun xg (1106): the fire at xt is listed and goes, and only xt is hit. */
static void test_726_fire_through_units(void **state)
{
	(void)state;
	struct fx *f = fx_new("cases-los.json", 0);
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	assert_true(listed(f, "fire xa > 1105"));
	ok(f, "fire xa > 1105", 6);
	assert_true(q_disrupted(&f->g, U(f, "xt")));
	assert_true(UST(f, "xt")->fl & QF_FIRED_AT);
	assert_false(q_disrupted(&f->g, U(f, "xe")) || q_disrupted(&f->g, U(f, "xg")) ||
		     q_disrupted(&f->g, U(f, "xi")));
	assert_false((UST(f, "xe")->fl | UST(f, "xg")->fl) & QF_FIRED_AT);
	fx_free(f);
	/* the other way, in the Defensive Fire Phase: blue's gun xg (1106) fires at xa (1109),
	 * range 3, through its own xe (1107) and the enemy xi (1108) */
	f = fx_new("cases-los.json", 0);
	set_turn(f, 1, side(f, "red"), QP_DEFFIRE);
	assert_int_equal(q_deciding(&f->g), side(f, "blue"));
	assert_true(listed(f, "fire xg > 1109"));
	ok(f, "fire xg > 1109", 1);
	need_event(f, "[7.12]", "xg fires at 1109 with 3 fire strength");
	fx_free(f);
}

/* [7.31] "lay a straight-edge from the center of the hex occupied by the firing unit to the
 * center of the target hex ... If the LOS passes through a blocking hex ... the LOS is
 * blocked." The line 1102-1304 passes through 1202 and 1203 only; the woods 1103 and the town
 * 1303 each lie on another shortest hex path between the two (1102-1103-1203-1304,
 * 1102-1202-1303-1304) but off the straight line, so they do not block. The line 0902-1304
 * crosses the woods 1103 itself and is blocked. */
static void test_731_straight_line(void **state)
{
	(void)state;
	struct fx *f = fx_new("cases-los.json", 0);
	see(f, "1102", "1304");
	see(f, "1304", "1102");
	blocked(f, "0902", "1304", "[7.35]");
	blocked(f, "0902", "1304", "1103");
	blocked(f, "1304", "0902", "1103");
	fx_free(f);
}

/* [7.38] "Other units, whether Enemy or Friendly, never block LOS." The line 1109-1105 runs
 * through three hexes holding units of both sides (xi, xe, xg): it is clear, and the gun xa is
 * listed firing at each enemy hex along it, the far one behind the near ones too. */
static void test_738_units_never_block(void **state)
{
	(void)state;
	struct fx *f = fx_new("cases-los.json", 0);
	see(f, "1109", "1105");
	see(f, "1105", "1109");
	see(f, "1109", "1106");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	assert_true(listed(f, "fire xa > 1107"));
	assert_true(listed(f, "fire xa > 1106"));
	assert_true(listed(f, "fire xa > 1105"));
	assert_int_equal(count_listed(f, "fire xa > "), 3);
	fx_free(f);
}

/* ================================================================ melee [8.1], [8.2] */

/* [8.19] "A given unit's Combat strength is always unitary; it may not be divided among
 * different combats either attacking or defending." x (melee 3) is next to two disrupted enemy
 * units (no zone of control, so it owes neither an attack): against both hexes it brings its 3
 * once; naming it twice is refused; after attacking one hex it cannot attack the other. A part
 * of a unit's fire strength may not be allotted either (split fire is Inkerman's optional
 * [28.1] only). */
static void test_819_unitary_strength(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "x", "1006");
	place(f, "h1", "1005");
	place(f, "h2", "1106");
	UST(f, "h1")->fl |= QF_DISRUPTED;
	UST(f, "h2")->fl |= QF_DISRUPTED;
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	struct q_odds o = melee_odds(f, "melee x > 1005,1106");
	assert_int_equal(o.total_a, 3);
	assert_int_equal(o.total_d, 6); /* 3 + 3 (their backs) */
	refused(f, "melee x,x > 1005", 1, "[8.19]");
	ok(f, "melee x > 1005", 5); /* 3 against 3, 1-1, row 7: D:R */
	retreat_all(f);
	ok(f, "end", 0); /* no advance: x stays next to h2 */
	assert_int_equal(HEXOF(f, "x"), H("1006"));
	refused(f, "melee x > 1106", 1, "[8.14]");
	assert_false(listed(f, "melee x > 1106"));
	fx_free(f);
	f = fx_new("fire.json", 0);
	to_phase(f, QP_OFFFIRE);
	refused(f, "fire g1:2 > 0313", 1, "[7.24]");
	refused(f, "fire g1:2 > 0313", 1, "whole strength");
	fx_free(f);
}

/* [8.21] "The Melee strengths of all units defending in a given hex must be combined ... The
 * Defender may not withhold a unit in a hex under attack." d8 (melee 3) and the gun ba
 * (bracketed melee 1) share 0808: a8's 9 meets 4 (2-1), not d8's 3 alone (3-1), and the result
 * D:1 falls on both: d8 is disrupted and retreats, ba, artillery, is eliminated ([8.55]). */
static void test_821_whole_hex_defends(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "a8", "0807");
	place(f, "ba", "0808");
	place(f, "d8", "0808"); /* on top */
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	struct q_odds o = melee_odds(f, "melee a8 > 0808");
	assert_int_equal(o.total_a, 9);
	assert_int_equal(o.total_d, 4);
	assert_int_equal(o.column, 3); /* 2-1 on the Clear line */
	ok(f, "melee a8 > 0808", 5);   /* row 7, 2-1: D:1 */
	need_event(f, "[8.4]", "melee 9 against 4");
	assert_true(UST(f, "ba")->fl & QF_MELEED);
	assert_true(UST(f, "d8")->fl & QF_MELEED);
	assert_int_equal(UST(f, "ba")->idx, Q_ELIM);
	need_event(f, "[8.55]", "ba is eliminated");
	retreat_all(f);
	assert_true(q_disrupted(&f->g, U(f, "d8")));
	assert_int_equal(hex_distance(H("0808"), HEXOF(f, "d8")), 1);
	fx_free(f);
}

/* [8.23] "Units in two or more different hexes may combine their Melee strengths and attack a
 * single hex if all the attacking units are adjacent to the Enemy occupied hex." a4a (0807)
 * and a4b (0909), 4 each, attack d4 (0808, 4) together: 8 against 4, 2-1 (each alone is 1-1),
 * the joint attack is listed, both have attacked, and both may advance. */
static void test_823_two_hexes_one_target(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "a4a", "0807");
	place(f, "a4b", "0909");
	place(f, "d4", "0808");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	assert_int_equal(melee_odds(f, "melee a4a > 0808").column, 2);
	struct q_odds o = melee_odds(f, "melee a4a,a4b > 0808");
	assert_int_equal(o.total_a, 8);
	assert_int_equal(o.total_d, 4);
	assert_int_equal(o.column, 3);
	assert_true(listed(f, "melee a4a,a4b > 0808"));
	ok(f, "melee a4a,a4b > 0808", 4); /* Morale 4: row 7, 2-1: D:1 */
	need_event(f, "[8.4]", "a4a, a4b attack 0808: melee 8 against 4");
	assert_true(UST(f, "a4a")->fl & QF_MELEED);
	assert_true(UST(f, "a4b")->fl & QF_MELEED);
	retreat_all(f);
	assert_true(listed(f, "advance a4a 0808"));
	assert_true(listed(f, "advance a4b 0808"));
	fx_free(f);
}

/* [8.24] "Attacks may involve any number of attacking or defending units in different hexes.
 * For the attacks to be resolved as a single combat, however, all attacking units must be
 * adjacent to all defending units." h1 (0412) and h2 (0413) are attacked by a4a (0313) and a4b
 * (0513), each next to both: one combat, 8 against 6, whose result strikes both hexes. x (0512)
 * is next to 0412 only: with it the attack on both hexes is refused. */
static void test_824_all_adjacent_to_all(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "a4a", "0313");
	place(f, "a4b", "0513");
	place(f, "x", "0512");
	place(f, "h1", "0412");
	place(f, "h2", "0413");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	refused(f, "melee a4a,x > 0412,0413", 5, "[8.24]");
	refused(f, "melee a4a,x > 0412,0413", 5, "x is not next to 0413");
	struct q_odds o = melee_odds(f, "melee a4a,a4b > 0412,0413");
	assert_int_equal(o.total_a, 8);
	assert_int_equal(o.total_d, 6);
	assert_int_equal(o.column, 2); /* 1-1 */
	ok(f, "melee a4a,a4b > 0412,0413", 5); /* Morale 4: row 8, 1-1: D:1 */
	assert_true(q_disrupted(&f->g, U(f, "h1")));
	assert_true(q_disrupted(&f->g, U(f, "h2")));
	need_event(f, "[8.5]", "h1 must retreat 1 hex");
	need_event(f, "[8.5]", "h2 must retreat 1 hex");
	fx_free(f);
}

/* ================================================================ advance [8.7] */

/* [8.76] "The defender may never advance after combat." y attacks z and the result A:1 makes
 * y retreat (disrupted) out of 0808: once it has gone, no advance is owed or listed for z, and
 * "advance z" is refused, while the same attack with a D result offers y one ([8.71]). */
static void test_876_defender_no_advance(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "y", "0808");
	place(f, "h1", "0809");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	ok(f, "melee y > 0809", 2); /* 3 against 3, 1-1, Morale 3: row 4: A:1 */
	need_event(f, "[8.5]", "y must retreat 1 hex");
	retreat_all(f);
	assert_int_equal(hex_distance(H("0808"), HEXOF(f, "y")), 1);
	assert_true(q_disrupted(&f->g, U(f, "y")));
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(q_deciding(&f->g), side(f, "red"));
	assert_int_equal(count_listed(f, "advance "), 0);
	refused(f, "advance h1 0808", 0, "[8.7]");
	assert_int_equal(HEXOF(f, "h1"), H("0809"));
	fx_free(f);
	/* the attacker, on a D result, is offered the advance */
	f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "y", "0808");
	place(f, "h1", "0809");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	ok(f, "melee y > 0809", 6); /* row 8: D:1 */
	retreat_all(f);
	assert_true(listed(f, "advance y 0809"));
	fx_free(f);
}

/* ================================================================ morale [8.8] */

/* [8.84] "Defenders' Morale Ratings affect only the number of hexes to be retreated as a
 * result of Melee Combat. They do not affect the actual resolution of combat." The same
 * attacker y (Morale 3) against z (Morale 5) and against z1 (Morale 1), both 3 strong: the
 * same column, the same die roll column and the same result for every die; with die 6 (D:1)
 * z retreats no hex ([8.82]: 1 - 1) and z1 two. */
static void test_884_defender_morale(void **state)
{
	(void)state;
	const char *def[2] = {"z", "z1"};
	struct q_odds o[2];
	for (int k = 0; k < 2; k++) {
		struct fx *f = fx_new("melee.json", 0);
		clear_all(f);
		place(f, "y", "0808");
		place(f, def[k], "0809");
		set_turn(f, 1, side(f, "red"), QP_MELEE);
		o[k] = melee_odds(f, "melee y > 0809");
		ok(f, "melee y > 0809", 6);
		need_event(f, "[8.4]", "die 6, row 8: defender disrupted, retreats 1");
		assert_true(q_disrupted(&f->g, U(f, def[k])));
		if (k == 0) {
			assert_int_equal(ST(f)->npend, 0); /* Morale 5: no hex */
			assert_int_equal(HEXOF(f, "z"), H("0809"));
		} else {
			retreat_all(f);
			assert_int_equal(hex_distance(H("0809"), HEXOF(f, "z1")), 2);
		}
		fx_free(f);
	}
	assert_int_equal(o[0].column, o[1].column);
	assert_int_equal(o[0].row_base, o[1].row_base);
	assert_int_equal(o[0].row_base, 2); /* the attacker's Morale 3 */
	for (int d = 0; d < 6; d++)
		assert_string_equal(o[0].outcome[d], o[1].outcome[d]);
}

/* ================================================================ disruption [9.0] */

/* [9.12] "Disrupted artillery and horse artillery units may never be moved. If forced to do so
 * as a result of combat they are eliminated." Disrupted, ra (artillery) and rh (horse
 * artillery) may not move (refused, none listed); undisrupted rh moves. In melee, a D:R result
 * on rh undisrupted retreats it a hex ([8.55]); on rh disrupted it eliminates it. */
static void test_912_disrupted_artillery_never_moves(void **state)
{
	(void)state;
	struct fx *f = fx_new("range.json", 0);
	set_turn(f, 1, side(f, "red"), QP_MOVE);
	UST(f, "ra")->fl |= QF_DISRUPTED;
	UST(f, "rh")->fl |= QF_DISRUPTED;
	refused(f, "move ra 0201 0202", 0, "[9.12]");
	refused(f, "move rh 1001 1002", 0, "[9.12]");
	assert_int_equal(count_listed(f, "move ra "), 0);
	assert_int_equal(count_listed(f, "move rh "), 0);
	UST(f, "rh")->fl &= (uint16_t)~QF_DISRUPTED;
	assert_true(count_listed(f, "move rh ") > 0);
	fx_free(f);
	/* blue's bh (3) attacks rh ((1)) in blue's Melee Phase: 3-1, Morale 3, die 3: row 5, D:R */
	for (int dis = 0; dis < 2; dis++) {
		f = fx_new("range.json", 0);
		clear_all(f);
		place(f, "bh", "0807");
		place(f, "rh", "0808");
		if (dis)
			UST(f, "rh")->fl |= QF_DISRUPTED;
		set_turn(f, 1, side(f, "blue"), QP_MELEE);
		ok(f, "melee bh > 0808", 3);
		need_event(f, "[8.4]", "die 3, row 5: defender retreats 1 (no disruption)");
		if (dis) {
			assert_int_equal(UST(f, "rh")->idx, Q_ELIM);
			need_event(f, "[9.12]", "rh is eliminated");
		} else {
			retreat_all(f);
			assert_true(UST(f, "rh")->idx >= 0);
			assert_int_equal(hex_distance(H("0808"), HEXOF(f, "rh")), 1);
		}
		fx_free(f);
	}
}

/* [8.55] "Undisrupted horse artillery is always allowed to retreat after combat", read as
 * undisrupted before the combat: bh attacks rh (undisrupted) with every die; a result that
 * disrupts rh and retreats it leaves it a retreat, never the [9.12] elimination of disrupted
 * artillery made to move. At least one die both disrupts and retreats it. */
static void test_855_horse_artillery_retreats_disrupted(void **state)
{
	(void)state;
	int both = 0;
	for (int die = 1; die <= 6; die++) {
		struct fx *f = fx_new("range.json", 0);
		clear_all(f);
		place(f, "bh", "0807");
		place(f, "rh", "0808");
		set_turn(f, 1, side(f, "blue"), QP_MELEE);
		ok(f, "melee bh > 0808", die);
		assert_false(has_event(f, "[9.12]", "rh"));
		if (q_disrupted(&f->g, U(f, "rh")) && ST(f)->npend > 0) {
			both++;
			retreat_all(f);
			assert_true(UST(f, "rh")->idx >= 0);
			assert_true(hex_distance(H("0808"), HEXOF(f, "rh")) >= 1);
		}
		fx_free(f);
	}
	assert_true(both > 0);
}

/* [9.13] "Disrupted units do not exert Zones of Control or affect the movement of Enemy units
 * through adjacent hexes." r2 starts next to b1 (0308): undisrupted, b1 forbids the step to
 * 0307 (zone to zone, [5.14]); disrupted, r2 walks 0307, 0207, 0208, all next to b1, without
 * stopping, and no hex around b1 is in blue's zone. */
static void test_913_disrupted_no_zoc(void **state)
{
	(void)state;
	struct fx *f = fx_new("zoc.json", 0);
	refused(f, "move r2 0407 0307 0207 0208", 0, "[5.14]");
	fx_free(f);
	f = fx_new("zoc.json", 0);
	UST(f, "b1")->fl |= QF_DISRUPTED;
	const struct q_scn *s = q_scn(&f->g);
	uint8_t *zoc = malloc((size_t)s->map.n);
	assert_non_null(zoc);
	q_zoc(&f->g, side(f, "blue"), zoc);
	static const char *const around[] = {"0307", "0309", "0407", "0408", "0207", "0208"};
	for (size_t i = 0; i < sizeof around / sizeof around[0]; i++)
		assert_false(zoc[IDX(f, around[i])]);
	free(zoc);
	ok(f, "move r2 0407 0307 0207 0208", 0);
	assert_int_equal(HEXOF(f, "r2"), H("0208"));
	assert_false(UST(f, "r2")->fl & QF_STOPPED);
	fx_free(f);
}

/* [9.22] "Since disrupted units possess no Zone of Control, adjacent Enemy units are never
 * required to attack them." x (1006) is next to h1 (1005) and h2 (1106). With h1 disrupted, x
 * may attack h2 alone (else [8.22] refuses it); with only the disrupted h1 next to it, the
 * Melee Phase may end without an attack (else [8.11] refuses it). */
static void test_922_disrupted_need_not_be_attacked(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "x", "1006");
	place(f, "h1", "1005");
	place(f, "h2", "1106");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	refused(f, "melee x > 1106", 1, "[8.22]");
	UST(f, "h1")->fl |= QF_DISRUPTED;
	assert_true(listed(f, "melee x > 1106"));
	ok(f, "melee x > 1106", 1);
	fx_free(f);
	f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "x", "1006");
	place(f, "h1", "1005");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	refused(f, "end", 0, "[8.11] the enemy in 1005");
	UST(f, "h1")->fl |= QF_DISRUPTED;
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_RALLY);
	assert_int_equal(HEXOF(f, "h1"), H("1005"));
	assert_false(UST(f, "h1")->fl & QF_MELEED);
	fx_free(f);
}

/* [9.25] "Disrupted artillery and horse artillery units may never participate in Fire
 * Combat." Disrupted, ra and rh are refused and not listed, alone or with others; disrupted
 * infantry still fires (ri, with the 1 on its back). */
static void test_925_disrupted_artillery_never_fires(void **state)
{
	(void)state;
	struct fx *f = fx_new("range.json", 0);
	clear_all(f);
	place(f, "ra", "0201");
	place(f, "rh", "0205");
	place(f, "ri", "1201");
	place(f, "bb", "0206");
	place(f, "bh", "1202");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	assert_true(listed(f, "fire ra > 0206"));
	assert_true(listed(f, "fire rh > 0206"));
	UST(f, "ra")->fl |= QF_DISRUPTED;
	UST(f, "rh")->fl |= QF_DISRUPTED;
	UST(f, "ri")->fl |= QF_DISRUPTED;
	refused(f, "fire ra > 0206", 1, "[9.25]");
	refused(f, "fire rh > 0206", 1, "[9.25]");
	refused(f, "fire ra,rh > 0206", 1, "[9.25]");
	assert_int_equal(count_listed(f, "fire ra "), 0);
	assert_int_equal(count_listed(f, "fire rh "), 0);
	assert_true(listed(f, "fire ri > 1202"));
	ok(f, "fire ri > 1202", 1);
	need_event(f, "[7.12]", "ri fires at 1202 with 1 fire strength");
	fx_free(f);
	/* in the Defensive Fire Phase too: blue's disrupted gun bb */
	f = fx_new("range.json", 0);
	clear_all(f);
	place(f, "ra", "0201");
	place(f, "bb", "0206");
	UST(f, "bb")->fl |= QF_DISRUPTED;
	set_turn(f, 1, side(f, "red"), QP_DEFFIRE);
	assert_int_equal(q_deciding(&f->g), side(f, "blue"));
	refused(f, "fire bb > 0201", 1, "[9.25]");
	assert_int_equal(count_listed(f, "fire "), 0);
	fx_free(f);
}

/* ================================================================ cavalry [11.2] */

/* [11.22] "A cavalry unit which suffers a disruption result from Melee Combat is only required
 * to meet any retreat requirements that may apply. There is no additional effect on the
 * cavalry unit due to the disruption result (the "D" is disregarded)." zcv (cavalry, Morale 3)
 * takes D:1: it retreats its hex, the result does not disrupt it ([8.4] says nothing of it),
 * only engaging in melee does ([11.21]), and, undisrupted when the combat began, it is not
 * eliminated ([11.25]). The attacking cavalry cv taking A:1 likewise. */
static void test_1122_cavalry_d_disregarded(void **state)
{
	(void)state;
	struct fx *f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "y", "0808");
	place(f, "zcv", "0809");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	ok(f, "melee y > 0809", 6); /* 3 against 3, 1-1, row 8: D:1 */
	need_event(f, "[8.4]", "defender disrupted, retreats 1");
	assert_string_equal(disrupt_rule(f, "zcv"), "[11.21]"); /* once, by engaging, not by the D */
	assert_false(has_event(f, "[11.25]", NULL));
	need_event(f, "[8.5]", "zcv must retreat 1 hex");
	retreat_all(f);
	assert_true(UST(f, "zcv")->idx >= 0);
	assert_true(q_disrupted(&f->g, U(f, "zcv")));
	assert_int_equal(hex_distance(H("0809"), HEXOF(f, "zcv")), 1);
	fx_free(f);
	/* the attacker's side: cv (cavalry, 3, Morale 3) against h1 (3): die 2, row 4: A:1 */
	f = fx_new("melee.json", 0);
	clear_all(f);
	place(f, "cv", "0808");
	place(f, "h1", "0809");
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	ok(f, "melee cv > 0809", 2);
	need_event(f, "[8.4]", "attacker disrupted, retreats 1");
	assert_string_equal(disrupt_rule(f, "cv"), "[11.21]");
	assert_false(has_event(f, "[11.25]", NULL));
	retreat_all(f);
	assert_true(UST(f, "cv")->idx >= 0);
	assert_int_equal(hex_distance(H("0808"), HEXOF(f, "cv")), 1);
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_716_no_retreat_eliminated),
		cmocka_unit_test(test_718_fire_no_advance),
		cmocka_unit_test(test_725_no_fire_without_los),
		cmocka_unit_test(test_726_fire_through_units),
		cmocka_unit_test(test_731_straight_line),
		cmocka_unit_test(test_738_units_never_block),
		cmocka_unit_test(test_819_unitary_strength),
		cmocka_unit_test(test_821_whole_hex_defends),
		cmocka_unit_test(test_823_two_hexes_one_target),
		cmocka_unit_test(test_824_all_adjacent_to_all),
		cmocka_unit_test(test_876_defender_no_advance),
		cmocka_unit_test(test_884_defender_morale),
		cmocka_unit_test(test_855_horse_artillery_retreats_disrupted),
		cmocka_unit_test(test_912_disrupted_artillery_never_moves),
		cmocka_unit_test(test_913_disrupted_no_zoc),
		cmocka_unit_test(test_922_disrupted_need_not_be_attacked),
		cmocka_unit_test(test_925_disrupted_artillery_never_fires),
		cmocka_unit_test(test_1122_cavalry_d_disregarded),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
