/* Unit tests for quad Standard Rules cases no other test cites by number: [5.21]-[5.24],
 * [8.13], [8.15], [8.16], [8.18], [8.31], [8.33], [8.63], [9.0], [9.21], [9.23], [9.24], [11.12],
 * [11.13]. Each drives the real engine on tests/data/quad/cases-more-roster.json (its map
 * cases-more-map.json): all units off the map, the few a case needs placed, manual dice. */
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

#define SCN "cases-more-roster.json"

/* The test roster with every unit off the map, in red's Movement Phase of Game-Turn 1. */
static struct fx *empty(void)
{
	struct fx *f = fx_new(SCN, 0);
	clear_all(f);
	set_turn(f, 1, side(f, "red"), QP_MOVE);
	return f;
}

/* The movement points (in halves) `unit` spends on "move unit from to", alone on the map. */
static int move_cost(const char *unit, const char *from, const char *to)
{
	struct fx *f = empty();
	char t[64];
	place(f, unit, from);
	snprintf(t, sizeof t, "move %s %s %s", unit, from, to);
	ok(f, t, 0);
	assert_int_equal(HEXOF(f, unit), H(to));
	int mp = UST(f, unit)->mp;
	fx_free(f);
	return mp;
}

/* "move unit from to" is refused citing rule, `unit` alone on the map. */
static void move_refused(const char *unit, const char *from, const char *to, const char *rule)
{
	struct fx *f = empty();
	char t[64];
	place(f, unit, from);
	snprintf(t, sizeof t, "move %s %s %s", unit, from, to);
	refused(f, t, 0, rule);
	fx_free(f);
}

/* Applies the first legal action (a retreat the owner must choose, say). */
static void first_listed(struct fx *f)
{
	char t[ACTION_TEXT_MAX];
	assert_true(list(f) > 0);
	act_text(f, 0, t, sizeof t);
	ok(f, t, 0);
}

/* ================================================================ movement [5.2] */

/* [5.21] "A unit must expend one Movement Point to enter a Clear terrain hex. To enter other
 * types of terrain, a unit must often expend more ... All terrain costs are cumulative."
 * Clear 1, Woods 2 ([13.0]); Woods behind a Gentle Slope 2 + 1, behind a Steep Slope 2 + 2. */
static void test_521_terrain_costs(void **state)
{
	(void)state;
	assert_int_equal(move_cost("ri1", "0504", "0505"), 2); /* clear: 1 MP */
	assert_int_equal(move_cost("rc1", "0504", "0505"), 2);
	assert_int_equal(move_cost("ra1", "0504", "0505"), 2);
	assert_int_equal(move_cost("ri1", "0505", "0506"), 4); /* woods: 2 */
	assert_int_equal(move_cost("rc1", "0505", "0506"), 4);
	assert_int_equal(move_cost("ri1", "0507", "0508"), 6); /* woods up a gentle slope: 2 + 1 */
	assert_int_equal(move_cost("ri1", "0509", "0510"), 8); /* woods up a steep slope: 2 + 2 */
	assert_int_equal(move_cost("rc1", "0509", "0510"), 8);
	/* the sum is what the unit pays: 4 MP is more than the gun's 3 */
	move_refused("ra1", "0509", "0510", "[5.16]");
	/* and in one move: clear then woods, 1 + 2 */
	struct fx *f = empty();
	place(f, "ri1", "0504");
	ok(f, "move ri1 0504 0505 0506", 0);
	assert_int_equal(UST(f, "ri1")->mp, 6);
	need_event(f, "[5.0]", "ri1 moves to 0506 (3 of 5 movement points spent)");
	fx_free(f);
}

/* [5.22] "To cross certain types of hexsides, units must expend additional Movement Points
 * (see Section 13.0)": the hexside's cost is added to the hex's. The tec table's Stream and
 * Redoubt hexsides (+1 each, reconstructed: docs/TABLES.md) against the same move over a
 * plain hexside. */
static void test_522_hexside_costs(void **state)
{
	(void)state;
	assert_int_equal(move_cost("ri1", "0804", "0805"), 2); /* no hexside feature: 1 */
	assert_int_equal(move_cost("ri1", "0804", "0803"), 4); /* across the stream: 1 + 1 */
	assert_int_equal(move_cost("rc1", "0804", "0803"), 4);
	assert_int_equal(move_cost("ra1", "0804", "0803"), 4);
	assert_int_equal(move_cost("ri1", "0808", "0807"), 4); /* over the redoubt wall: 1 + 1 */
	assert_int_equal(move_cost("ri1", "0807", "0808"), 4); /* out of it the same */
}

/* [5.23] "When crossing a Gentle Slope hexside, a unit expends one additional Movement Point
 * (exception: see Case 5.26)": 1003 is uphill of 1004. Uphill every type pays 1 + 1;
 * downhill cavalry and artillery pay the same, infantry one less ([5.26]). */
static void test_523_gentle_slope(void **state)
{
	(void)state;
	assert_int_equal(move_cost("ri1", "1004", "1003"), 4);
	assert_int_equal(move_cost("rc1", "1004", "1003"), 4);
	assert_int_equal(move_cost("ra1", "1004", "1003"), 4);
	assert_int_equal(move_cost("ri1", "1003", "1004"), 2);
	assert_int_equal(move_cost("rc1", "1003", "1004"), 4);
	assert_int_equal(move_cost("ra1", "1003", "1004"), 4);
}

/* [5.24] "When crossing a Steep Slope hexside, a unit expends two additional Movement Points
 * (exception: see Case 5.26)": 1007 is uphill of 1008. Uphill 1 + 2 for every type;
 * downhill 1 + 2 for cavalry and artillery, 1 + 1 for infantry ([5.26]). */
static void test_524_steep_slope(void **state)
{
	(void)state;
	assert_int_equal(move_cost("ri1", "1008", "1007"), 6);
	assert_int_equal(move_cost("rc1", "1008", "1007"), 6);
	assert_int_equal(move_cost("ra1", "1008", "1007"), 6);
	assert_int_equal(move_cost("ri1", "1007", "1008"), 4);
	assert_int_equal(move_cost("rc1", "1007", "1008"), 6);
	assert_int_equal(move_cost("ra1", "1007", "1008"), 6);
}

/* ================================================================ melee [8.1] */

/* The test roster off the map, in red's Melee Phase of Game-Turn 1. */
static struct fx *melee_fx(void)
{
	struct fx *f = empty();
	set_turn(f, 1, side(f, "red"), QP_MELEE);
	return f;
}

/* [8.13] "A defending unit may be attacked at one time by as many as six adjacent units":
 * bi1 in 0814 ringed by six red infantry units, all attacking it in one combat (18 against
 * 3), each then counted as having attacked ([8.14]). */
static void test_813_six_attackers(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	static const char *const ring[6][2] = {{"ri1", "0813"}, {"ri2", "0815"}, {"ri3", "0714"},
					       {"ri4", "0715"}, {"ri5", "0914"}, {"ri6", "0915"}};
	place(f, "bi1", "0814");
	for (int i = 0; i < 6; i++)
		place(f, ring[i][0], ring[i][1]);
	struct q_odds o = melee_odds(f, "melee ri1,ri2,ri3,ri4,ri5,ri6 > 0814");
	assert_int_equal(o.total_a, 18);
	assert_int_equal(o.total_d, 3);
	ok(f, "melee ri1,ri2,ri3,ri4,ri5,ri6 > 0814", 1);
	need_event(f, "[8.4]", "ri1, ri2, ri3, ri4, ri5, ri6 attack 0814: melee 18 against 3");
	for (int i = 0; i < 6; i++)
		assert_true(UST(f, ring[i][0])->fl & QF_MELEED);
	fx_free(f);
}

/* [8.13] "as many as six adjacent units": where a battle lets several units stand in a hex
 * (Balaclava [21.0], four strength points of British cavalry a hex), a seventh attacker is
 * refused and six of the same seven are accepted; the listing offers no seven. */
static void test_813_seventh_refused(void **state)
{
	(void)state;
	struct fx *f = fx_new("../../../data/quad/balaclava/scenario.json", 0);
	clear_all(f);
	place(f, "kiev1", "0609");
	place(f, "lt4dr", "0510");
	place(f, "hus8", "0510");
	place(f, "hus11", "0510");
	place(f, "lt13dr", "0510");
	place(f, "lan17", "0608");
	place(f, "dr2", "0709");
	place(f, "dr6", "0710");
	char why[256];
	assert_int_equal(f->g.rules->check(&f->g, why, sizeof why), 0); /* a legal position */
	set_turn(f, 3, side(f, "allied"), QP_MELEE);
	refused(f, "melee lt4dr,hus8,hus11,lt13dr,lan17,dr2,dr6 > 0609", 3, "[8.13]");
	refused(f, "melee lt4dr,hus8,hus11,lt13dr,lan17,dr2,dr6 > 0609", 3, "not 7");
	assert_int_equal(count_listed(f, "melee lt4dr,hus8,hus11,lt13dr,lan17,dr2,dr6 "), 0);
	ok(f, "melee lt4dr,hus8,hus11,lt13dr,lan17,dr2 > 0609", 6);
	need_event(f, "[8.4]", "lt4dr, hus8, hus11, lt13dr, lan17, dr2 attack 0609");
	fx_free(f);
}

/* [8.15] "Units may only Melee attack when adjacent to a defending unit": ri1 two hexes from
 * bi1 may not attack it, alone or with an adjacent unit; next to it, it may. */
static void test_815_adjacent_only(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "ri1", "0812");
	place(f, "ri2", "0813");
	refused(f, "melee ri1 > 0814", 3, "[8.24]");
	refused(f, "melee ri1 > 0814", 3, "ri1 is not next to 0814");
	refused(f, "melee ri1,ri2 > 0814", 3, "ri1 is not next to 0814");
	assert_int_equal(count_listed(f, "melee ri1"), 0);
	assert_int_equal(count_listed(f, "melee ri1,"), 0);
	assert_true(listed(f, "melee ri2 > 0814"));
	q_place(ST(f), U(f, "ri1"), IDX(f, "0914")); /* now adjacent */
	assert_true(listed(f, "melee ri1 > 0814"));
	ok(f, "melee ri1,ri2 > 0814", 3);
	fx_free(f);
}

/* [8.16] "Disrupted units are never required to attack by Melee, even if they possess Melee
 * Strengths that can be used offensively": the Melee Phase ends with the disrupted ri1 next
 * to bi1 unattacked (it still may attack); undisrupted, it must ([8.11], [8.12]). */
static void test_816_disrupted_need_not_attack(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "ri1", "0813");
	UST(f, "ri1")->fl |= QF_DISRUPTED;
	assert_true(listed(f, "melee ri1 > 0814"));
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_RALLY);
	assert_false(UST(f, "bi1")->fl & QF_MELEED);
	fx_free(f);
	f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "ri1", "0813");
	refused(f, "end", 0, "[8.11]");
	fx_free(f);
}

/* [8.18] "It is possible for a unit to be attacked twice during a Player-Turn: once during
 * the Fire Phase and once during the Melee Phase": bm2, fired upon (no effect) in the
 * Offensive Fire Phase, must still be attacked in the Melee Phase and is; fired upon and
 * disrupted, it may still be attacked (now with its back's melee strength, 2). */
static void test_818_fire_then_melee(void **state)
{
	(void)state;
	struct fx *f = empty();
	place(f, "bm2", "0814");
	place(f, "ri1", "0813");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire ri1 > 0814", 1); /* column 3, die 1: 1 against Morale 2 */
	need_event(f, "[7.13]", "unaffected");
	assert_true(UST(f, "bm2")->fl & QF_FIRED_AT);
	to_phase(f, QP_MELEE);
	refused(f, "end", 0, "[8.11]"); /* still owed its melee */
	ok(f, "melee ri1 > 0814", 6);
	need_event(f, "[8.4]", "ri1 attacks 0814: melee 3 against 3");
	assert_true(UST(f, "bm2")->fl & QF_MELEED);
	fx_free(f);
	f = empty();
	place(f, "bm2", "0814");
	place(f, "ri1", "0813");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire ri1 > 0814", 4); /* column 3, die 4: 2 = Morale 2, disrupted */
	assert_true(q_disrupted(&f->g, U(f, "bm2")));
	assert_int_equal(HEXOF(f, "bm2"), H("0814"));
	to_phase(f, QP_MELEE);
	ok(f, "melee ri1 > 0814", 6);
	need_event(f, "[8.4]", "ri1 attacks 0814: melee 3 against 2");
	fx_free(f);
}

/* ================================================================ terrain in melee [8.3] */

/* [8.31] "Only defending units benefit from the terrain in the hex they occupy ... Terrain in
 * hexes occupied by attacking units has no effect on combat": attacking out of Woods (1113) or
 * a Town (1115) into Clear (1114) reads the Clear line; attacking from Clear into Woods or a
 * Town reads theirs. */
static void test_831_defender_terrain_only(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "1114");
	place(f, "ri1", "1113"); /* woods */
	assert_int_equal(melee_odds(f, "melee ri1 > 1114").terrain, QTM_CLEAR);
	q_place(ST(f), U(f, "ri1"), IDX(f, "1115")); /* town */
	assert_int_equal(melee_odds(f, "melee ri1 > 1114").terrain, QTM_CLEAR);
	ok(f, "melee ri1 > 1114", 3);
	need_event(f, "[8.4]", "ri1 attacks 1114: melee 3 against 3 on the Clear line");
	fx_free(f);
	f = melee_fx();
	place(f, "bi1", "1113"); /* woods */
	place(f, "ri1", "1013");
	assert_int_equal(melee_odds(f, "melee ri1 > 1113").terrain, QTM_WOODS);
	q_place(ST(f), U(f, "bi1"), IDX(f, "1115")); /* town */
	q_place(ST(f), U(f, "ri1"), IDX(f, "1014"));
	assert_int_equal(melee_odds(f, "melee ri1 > 1115").terrain, QTM_FORT);
	fx_free(f);
}

/* [8.33] "Simply locate the terrain from which the defending unit benefits, refer to the
 * proper Combat Ratio column, and roll the die under that column heading": the same 3 against
 * 3 at Morale 3 with a die of 6 (row 8) is 1-1 on the Clear line (D:1), 1-1 on the Woods line
 * (D:R) and, worse than 2-1, the Town line's first column (A:R). */
static void test_833_terrain_picks_line(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "1114");
	place(f, "ri1", "1014");
	ok(f, "melee ri1 > 1114", 6);
	need_event(f, "[8.4]", "on the Clear line: 1-1 column; die 6, row 8: defender disrupted, retreats 1");
	assert_true(q_disrupted(&f->g, U(f, "bi1")));
	fx_free(f);
	f = melee_fx();
	place(f, "bi1", "1113");
	place(f, "ri1", "1013");
	ok(f, "melee ri1 > 1113", 6);
	need_event(f, "[8.4]", "on the Woods/Gentle Slope/Stream line: 1-1 column; die 6, row 8: defender retreats 1 (no disruption)");
	assert_false(q_disrupted(&f->g, U(f, "bi1")));
	fx_free(f);
	f = melee_fx();
	place(f, "bi1", "1115");
	place(f, "ri1", "1014");
	ok(f, "melee ri1 > 1115", 6);
	need_event(f, "[8.4]", "on the Town/Redoubt/Vineyard line: 2-1 column");
	need_event(f, "[8.4]", "die 6, row 8: attacker retreats 1 (no disruption)");
	assert_int_equal(HEXOF(f, "bi1"), H("1115"));
	assert_false(q_disrupted(&f->g, U(f, "bi1")));
	fx_free(f);
}

/* ================================================================ displacement [8.6] */

/* [8.63] "If displacement would cause any of the displaced units to be eliminated, the
 * retreating unit is eliminated instead. Displaced units can themselves displace other
 * Friendly units in a chain reaction of displacement, if such is the only path of
 * displacement open to them." On the west edge: bi1 (0113), attacked from 0213, can retreat
 * only into bi2's 0112; bi2 only into bi3's 0111 (0211 and 0212 are controlled); bi3 only
 * into 0110. With 0110 free the chain goes through; with 0110 controlled too, bi3 and so bi2
 * have nowhere to go, and bi1 is eliminated in their place. */
static struct fx *chain_fx(bool blocked)
{
	struct fx *f = melee_fx();
	place(f, "bi1", "0113");
	place(f, "bi2", "0112");
	place(f, "bi3", "0111");
	place(f, "r9", "0213");  /* controls 0212, 0114 */
	place(f, "ri1", "0311"); /* controls 0210, 0211 */
	if (blocked)
		place(f, "ri2", "0209"); /* controls 0110 */
	return f;
}

static void test_863_chain_displacement(void **state)
{
	(void)state;
	struct fx *f = chain_fx(false);
	ok(f, "melee r9 > 0113", 3); /* 9 against 3: 3-1, row 5: D:R, retreat 1 */
	need_event(f, "[8.61]", "bi3 is displaced to 0110");
	need_event(f, "[8.61]", "bi2 is displaced to 0111");
	need_event(f, "[8.5]", "bi1 retreats to 0112");
	assert_int_equal(HEXOF(f, "bi1"), H("0112"));
	assert_int_equal(HEXOF(f, "bi2"), H("0111"));
	assert_int_equal(HEXOF(f, "bi3"), H("0110"));
	fx_free(f);
}

static void test_863_retreating_unit_eliminated(void **state)
{
	(void)state;
	struct fx *f = chain_fx(true);
	ok(f, "melee r9 > 0113", 3);
	need_event(f, "[8.63]", "bi1 is eliminated (its displacement would eliminate a friendly unit)");
	assert_int_equal(UST(f, "bi1")->idx, Q_ELIM);
	assert_int_equal(HEXOF(f, "bi2"), H("0112")); /* the friends stay, unharmed */
	assert_int_equal(HEXOF(f, "bi3"), H("0111"));
	assert_false(has_event(f, "[8.61]", NULL));
	fx_free(f);
}

/* ================================================================ disruption [9.0] */

/* [9.0] "When a unit is disrupted, it is flipped over to its back. If the back of the counter
 * is blank, the unit is eliminated": the same fire result (3 against Morale 3, no retreat)
 * flips bi1 to its back (1-2-3) and eliminates bblank, whose back is blank. */
static void test_90_flip_or_blank(void **state)
{
	(void)state;
	struct fx *f = empty();
	place(f, "bi1", "0814");
	place(f, "ri1", "0813");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	assert_int_equal(q_melee(&f->g, U(f, "bi1")), 3);
	ok(f, "fire ri1 > 0814", 6); /* column 3, die 6: 3 */
	assert_true(q_disrupted(&f->g, U(f, "bi1")));
	assert_int_equal(HEXOF(f, "bi1"), H("0814"));
	assert_int_equal(q_fire(&f->g, U(f, "bi1")), 1);  /* the back's values */
	assert_int_equal(q_melee(&f->g, U(f, "bi1")), 2);
	assert_false(has_event(f, "[9.0]", NULL));
	fx_free(f);
	f = empty();
	place(f, "bblank", "0814");
	place(f, "ri1", "0813");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire ri1 > 0814", 6);
	assert_int_equal(UST(f, "bblank")->idx, Q_ELIM);
	need_event(f, "[9.0]", "bblank is eliminated (disrupted with a blank back)");
	fx_free(f);
	/* a result below its Morale leaves it as it was */
	f = empty();
	place(f, "bblank", "0814");
	place(f, "ri1", "0813");
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	ok(f, "fire ri1 > 0814", 1);
	assert_int_equal(HEXOF(f, "bblank"), H("0814"));
	fx_free(f);
}

/* [9.21] "Disrupted units are never required to attack adjacent Enemy units, regardless of
 * Zones of Control": ri1 between bi1 and bi2, disrupted, may attack bi1 alone (undisrupted,
 * [8.22] would make it take in bi2 too), and the phase may end with both unattacked. */
static void test_921_disrupted_regardless_of_zoc(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "ri1", "0814");
	place(f, "bi1", "0813");
	place(f, "bi2", "0815");
	refused(f, "melee ri1 > 0813", 3, "[8.22]");
	refused(f, "end", 0, "[8.11]");
	UST(f, "ri1")->fl |= QF_DISRUPTED;
	assert_true(listed(f, "melee ri1 > 0813"));
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_RALLY);
	fx_free(f);
	f = melee_fx();
	place(f, "ri1", "0814");
	place(f, "bi1", "0813");
	place(f, "bi2", "0815");
	UST(f, "ri1")->fl |= QF_DISRUPTED;
	ok(f, "melee ri1 > 0813", 3);
	assert_false(UST(f, "bi2")->fl & QF_MELEED);
	fx_free(f);
}

/* [9.23] "If a disrupted unit does attack during the Melee Phase, it must follow all rules
 * pertaining to standard Melee Combat": rd (6 in front, 2 on its back) attacks with 2, only
 * when adjacent ([8.15]), once ([8.14]); an attacker's '*' result eliminates it as an
 * already-disrupted unit (errata [8.4]) where it only disrupts and retreats an undisrupted
 * attacker of the same strength (r2m), and a plain 2 retreats it. */
static void test_923_disrupted_attacker(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "rd", "0812");
	UST(f, "rd")->fl |= QF_DISRUPTED;
	refused(f, "melee rd > 0814", 1, "[8.24]");
	q_place(ST(f), U(f, "rd"), IDX(f, "0813"));
	struct q_odds o = melee_odds(f, "melee rd > 0814");
	assert_int_equal(o.total_a, 2);
	assert_int_equal(o.column, 1); /* 2 against 3: the 1-2 column */
	ok(f, "melee rd > 0814", 1);    /* row 3: A:2* */
	need_event(f, "[8.4]", "rd attacks 0814: melee 2 against 3");
	need_event(f, "[8.4]", "rd is eliminated");
	assert_int_equal(UST(f, "rd")->idx, Q_ELIM);
	fx_free(f);
	/* the same result on an undisrupted attacker: disrupted, retreats 2 */
	f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "r2m", "0813");
	ok(f, "melee r2m > 0814", 1);
	need_event(f, "[8.4]", "r2m attacks 0814: melee 2 against 3");
	assert_true(UST(f, "r2m")->idx >= 0);
	assert_true(q_disrupted(&f->g, U(f, "r2m")));
	need_event(f, "[8.5]", "r2m must retreat 2 hexes");
	fx_free(f);
	/* a plain 2 retreats the disrupted attacker; it may not attack again */
	f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "rd", "0813");
	UST(f, "rd")->fl |= QF_DISRUPTED;
	ok(f, "melee rd > 0814", 2); /* row 4: A:2 */
	need_event(f, "[8.5]", "rd must retreat 2 hexes");
	while (ST(f)->npend > 0)
		first_listed(f);
	assert_int_equal(hex_distance(H("0813"), HEXOF(f, "rd")), 2);
	refused(f, "melee rd > 0814", 1, "[8.14]");
	fx_free(f);
}

/* [9.24] "If a disrupted unit stacked with an undisrupted unit is attacked, the disrupted unit
 * must add its Melee strength to the total strength of the hex": the disrupted bi1 (2 on its
 * back) with the undisrupted gun ba1 ((1)) defends with 3; the other way round, 3 + 1 = 4.
 * The result falls on both. */
static void test_924_disrupted_defender_counts(void **state)
{
	(void)state;
	struct fx *f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "ba1", "0814");
	place(f, "ri1", "0813");
	UST(f, "bi1")->fl |= QF_DISRUPTED;
	assert_int_equal(melee_odds(f, "melee ri1 > 0814").total_d, 3);
	ok(f, "melee ri1 > 0814", 6); /* 1-1, row 8: D:1 */
	need_event(f, "[8.4]", "ri1 attacks 0814: melee 3 against 3");
	assert_int_equal(UST(f, "ba1")->idx, Q_ELIM); /* [8.55] */
	assert_true(UST(f, "bi1")->idx >= 0);         /* already disrupted: a plain 1 retreats it */
	need_event(f, "[8.5]", "bi1 must retreat 1 hex");
	fx_free(f);
	f = melee_fx();
	place(f, "bi1", "0814");
	place(f, "ba1", "0814");
	place(f, "ri1", "0813");
	UST(f, "ba1")->fl |= QF_DISRUPTED;
	assert_int_equal(melee_odds(f, "melee ri1 > 0814").total_d, 4);
	fx_free(f);
}

/* ================================================================ cavalry [11.1] */

/* [11.12] "A cavalry unit that is moved into a Woods hex through a non-road hexside is
 * disrupted at the end of that Movement Phase": rc1 enters the woods 1205 from 1105, off the
 * road, and is still undisrupted until the phase ends; then it is disrupted. Along the road
 * (1204 -> 1205) it is not, nor is infantry; passing through the woods counts. */
static void test_1112_woods_off_road(void **state)
{
	(void)state;
	struct fx *f = empty();
	place(f, "rc1", "1105");
	ok(f, "move rc1 1105 1205", 0);
	assert_int_equal(UST(f, "rc1")->mp, 4); /* woods: 2 */
	assert_false(q_disrupted(&f->g, U(f, "rc1")));
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_DEFFIRE);
	assert_true(q_disrupted(&f->g, U(f, "rc1")));
	need_event(f, "[11.12]", "rc1 entered woods off the road");
	fx_free(f);
	f = empty();
	place(f, "rc1", "1204");
	ok(f, "move rc1 1204 1205", 0);
	assert_int_equal(UST(f, "rc1")->mp, 1); /* the road: 1/2 */
	ok(f, "end", 0);
	assert_false(q_disrupted(&f->g, U(f, "rc1")));
	assert_false(has_event(f, "[11.12]", NULL));
	fx_free(f);
	f = empty();
	place(f, "rc1", "1105");
	ok(f, "move rc1 1105 1205 1206", 0); /* in off the road, out along it */
	ok(f, "end", 0);
	assert_true(q_disrupted(&f->g, U(f, "rc1")));
	fx_free(f);
	f = empty();
	place(f, "ri1", "1105");
	ok(f, "move ri1 1105 1205", 0);
	ok(f, "end", 0);
	assert_false(q_disrupted(&f->g, U(f, "ri1")));
	fx_free(f);
}

/* The unit `target` in 0103 or 0107 (the west edge), fired on from ri1 next to it, must
 * retreat one hex, and ri1's zone leaves it one way out: the woods 0102, or across the
 * redoubt wall 0106/0107. Returns the position after the fire (die given). */
static struct fx *forced_out(const char *target, const char *hex, const char *firer_hex, int die)
{
	struct fx *f = empty();
	char t[64];
	place(f, target, hex);
	place(f, "ri1", firer_hex);
	set_turn(f, 1, side(f, "red"), QP_OFFFIRE);
	snprintf(t, sizeof t, "fire ri1 > %s", hex);
	ok(f, t, die);
	return f;
}

/* [11.12] "If forced to enter a Woods hex as a result of combat, the cavalry unit is
 * eliminated": bc1 (Morale 2) must retreat 1 (3 fire at cavalry: column 4, die 5: 3) and its
 * only way is the woods 0102: eliminated. Infantry (bm2, column 3, die 6: 3) retreats there,
 * and so does bc1 where the one way out is clear. */
static void test_1112_forced_into_woods(void **state)
{
	(void)state;
	struct fx *f = forced_out("bc1", "0103", "0203", 5);
	need_event(f, "[7.15]", "retreat 1 hex");
	assert_int_equal(UST(f, "bc1")->idx, Q_ELIM);
	fx_free(f);
	f = forced_out("bm2", "0103", "0203", 6);
	need_event(f, "[7.15]", "retreat 1 hex");
	assert_int_equal(HEXOF(f, "bm2"), H("0102"));
	fx_free(f);
	/* the control: the same fire with the one way out into clear 0110 retreats bc1 there */
	f = forced_out("bc1", "0111", "0211", 5);
	assert_int_equal(HEXOF(f, "bc1"), H("0110"));
	fx_free(f);
}

/* [11.13] "Cavalry units may not cross Redoubt hexsides which do not have a road running
 * through them": 1406 is walled on all six sides, and a road runs through it from 1405 to
 * 1407. Cavalry may not go in or out across a wall without the road; along the road it may
 * (1/2 a hex); infantry may cross a wall (1 + 1). */
static void test_1113_redoubt_moves(void **state)
{
	(void)state;
	move_refused("rc1", "1506", "1406", "[13.0]");
	move_refused("rc1", "1406", "1506", "[13.0]");
	move_refused("rc1", "1306", "1406", "[13.0]");
	assert_int_equal(move_cost("ri1", "1506", "1406"), 4);
	assert_int_equal(move_cost("rc1", "1405", "1406"), 1);
	assert_int_equal(move_cost("rc1", "1406", "1407"), 1);
	struct fx *f = empty();
	place(f, "rc1", "1405");
	ok(f, "move rc1 1405 1406 1407", 0);
	assert_int_equal(UST(f, "rc1")->mp, 2);
	fx_free(f);
}

/* [11.13] with [9.14]: a disrupted cavalry unit has no road rate, but the road still runs
 * through the redoubt's gate: rc1 crosses 1405 -> 1406 at the hex's own cost (1 MP, the
 * redoubt_road row's +0), as it would in a retreat; off the road the wall still bars it. */
static void test_1113_disrupted_at_the_gate(void **state)
{
	(void)state;
	struct fx *f = empty();
	place(f, "rc1", "1405");
	UST(f, "rc1")->fl |= QF_DISRUPTED;
	ok(f, "move rc1 1405 1406", 0);
	assert_int_equal(UST(f, "rc1")->mp, 2);
	refused(f, "move rc1 1406 1306", 0, "[13.0]");
	fx_free(f);
}

/* [11.13] "If forced to do so as a result of combat, they are eliminated": bc1 in 0107 must
 * retreat 1 and its only way crosses the redoubt wall into 0106: eliminated. Infantry (bm2)
 * retreats across it. */
static void test_1113_forced_across_redoubt(void **state)
{
	(void)state;
	struct fx *f = forced_out("bc1", "0107", "0207", 5);
	need_event(f, "[7.15]", "retreat 1 hex");
	assert_int_equal(UST(f, "bc1")->idx, Q_ELIM);
	fx_free(f);
	f = forced_out("bm2", "0107", "0207", 6);
	assert_int_equal(HEXOF(f, "bm2"), H("0106"));
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_521_terrain_costs),
		cmocka_unit_test(test_522_hexside_costs),
		cmocka_unit_test(test_523_gentle_slope),
		cmocka_unit_test(test_524_steep_slope),
		cmocka_unit_test(test_813_six_attackers),
		cmocka_unit_test(test_813_seventh_refused),
		cmocka_unit_test(test_815_adjacent_only),
		cmocka_unit_test(test_816_disrupted_need_not_attack),
		cmocka_unit_test(test_818_fire_then_melee),
		cmocka_unit_test(test_831_defender_terrain_only),
		cmocka_unit_test(test_833_terrain_picks_line),
		cmocka_unit_test(test_863_chain_displacement),
		cmocka_unit_test(test_863_retreating_unit_eliminated),
		cmocka_unit_test(test_90_flip_or_blank),
		cmocka_unit_test(test_921_disrupted_regardless_of_zoc),
		cmocka_unit_test(test_923_disrupted_attacker),
		cmocka_unit_test(test_924_disrupted_defender_counts),
		cmocka_unit_test(test_1112_woods_off_road),
		cmocka_unit_test(test_1112_forced_into_woods),
		cmocka_unit_test(test_1113_redoubt_moves),
		cmocka_unit_test(test_1113_disrupted_at_the_gate),
		cmocka_unit_test(test_1113_forced_across_redoubt),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
