/* Standard Rules cases [5]-[6] and [12] (movement, stacking, zones of control, reinforcements)
 * that no other test cited, one test each, driving the real engine on the tiny position
 * tests/data/quad/cases-move.json: clear ground, entry hexes 0105 (road), 0108 (clear), 0112
 * (woods) and 0114 on the west edge. Each test clears the map and places the units it needs. */
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

#define SCN "cases-move.json"

/* clear_all, with the reinforcements put back off the map (Q_OFF), waiting to enter. */
static void reset(struct fx *f)
{
	const struct q_scn *s = q_scn(&f->g);
	clear_all(f);
	for (int u = 0; u < s->nunits; u++)
		if (s->u[u].enter_turn)
			q_place(ST(f), u, Q_OFF);
}

static struct fx *fresh(void)
{
	struct fx *f = fx_new(SCN, 0);
	reset(f);
	return f;
}

/* Does side sd (0 red, 1 blue) exert a zone of control into hex h (a hex number)? */
static bool zoc_at(struct fx *f, int sd, int h)
{
	uint8_t z[Q_NMAX];
	const struct map *m = &q_scn(&f->g)->map;
	int i = map_index(m, h);
	assert_true(m->n <= Q_NMAX && i >= 0);
	q_zoc(&f->g, sd, z);
	return z[i] != 0;
}

static bool stopped(struct fx *f, const char *id)
{
	return (UST(f, id)->fl & QF_STOPPED) != 0;
}

/* "move UNIT" along one column: from row `row`, `steps` hexes south (the start hex first). */
static const char *colmove(char *buf, size_t n, const char *unit, int col, int row, int steps)
{
	size_t l = (size_t)snprintf(buf, n, "move %s", unit);
	for (int k = 0; k <= steps && l < n; k++)
		l += (size_t)snprintf(buf + l, n - l, " %02d%02d", col, row + k);
	return buf;
}

/* Resolves the decisions a combat left (retreats, displacements), declining an advance
 * ("end") where one is offered. */
static void settle(struct fx *f)
{
	char t[ACTION_TEXT_MAX];
	for (int k = 0; k < 16 && ST(f)->npend > 0; k++) {
		int n = list(f), pick = 0;
		assert_true(n > 0);
		for (int i = 0; i < n; i++) {
			act_text(f, i, t, sizeof t);
			if (!strcmp(t, "end"))
				pick = i;
		}
		act_text(f, pick, t, sizeof t);
		ok(f, t, 0);
	}
	assert_int_equal(ST(f)->npend, 0);
}

/* Ends the current Player-Turn and stops at the next Movement Phase. */
static void next_player_turn(struct fx *f)
{
	ok(f, "end", 0);
	to_phase(f, QP_MOVE);
}

/* ================================================================ movement [5.1] */

/* [5.15] "No combat takes place during the Movement Phase. Once a Player has begun to resolve
 * combat and has rolled the die, he has irreversibly initiated the Combat Phase." i1 stands
 * next to b1: no fire and no melee in the Movement Phase; once the phase is over and a die has
 * been rolled, nobody moves any more. */
static void test_515_no_combat_in_movement(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0807");
	place(f, "b1", "0808");
	assert_int_equal(ST(f)->phase, QP_MOVE);
	assert_int_equal(count_listed(f, "fire "), 0);
	assert_int_equal(count_listed(f, "melee "), 0);
	assert_true(count_listed(f, "move i1 ") > 0);
	refused(f, "fire i1 > 0808", 1, "[7.0]");
	refused(f, "melee i1 > 0808", 1, "[8.0]");
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_DEFFIRE);
	assert_true(listed(f, "fire b1 > 0807")); /* combat now */
	ok(f, "fire b1 > 0807", 1);               /* column 3, die 1: result 1, below morale 3 */
	need_event(f, "[7.12]", "result 1");
	assert_int_equal(count_listed(f, "move "), 0);
	refused(f, "move i1 0807 0707", 0, "[5.11]");
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_OFFFIRE);
	assert_int_equal(count_listed(f, "move "), 0);
	refused(f, "move i1 0807 0707", 0, "[5.11]");
	assert_int_equal(HEXOF(f, "i1"), H("0807"));
	fx_free(f);
}

/* [5.17] "Movement from hex to hex must be consecutive. A unit may not skip hexes." A path
 * with a gap is refused even where the unit could pay for the hexes it names; the destination
 * alone costs every hex between. */
static void test_517_no_skipping(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0305");
	refused(f, "move i1 0305 0307", 0, "[5.17]");      /* 0306 skipped */
	refused(f, "move i1 0305 0306 0308", 0, "[5.17]"); /* 0307 skipped */
	refused(f, "move i1 0307 0308", 0, "[5.17]");      /* the first hex is not adjacent */
	refused(f, "move i1 0305", 0, "[5.17]");           /* a path that never leaves */
	assert_int_equal(UST(f, "i1")->mp, 0);
	ok(f, "move i1 0307", 0); /* by 0306: two hexes, two movement points */
	assert_int_equal(HEXOF(f, "i1"), H("0307"));
	assert_int_equal(UST(f, "i1")->mp, 4);
	need_event(f, "[5.0]", "i1 moves to 0307 (2 of 5 movement points spent)");
	fx_free(f);
}

/* [5.19] "All infantry units have a Movement Allowance of 5, all cavalry units a Movement
 * Allowance of 8, and all horse artillery a Movement Allowance of 7 ... whenever an infantry or
 * cavalry unit is disrupted, its Movement Allowance is halved (rounding fractions up). No horse
 * artillery or regular artillery may move while disrupted." The scenario gives no "ma" but the
 * regular artillery's (3, "see Exclusive Rules"). Each unit goes exactly its allowance in clear
 * hexes and not one hex more. */
static void test_519_allowances(void **state)
{
	(void)state;
	struct fx *f = fresh();
	char b[256];
	place(f, "i1", "0202");
	place(f, "c1", "0402");
	place(f, "h1", "0602");
	place(f, "a1", "0802");
	place(f, "i2", "1002");
	place(f, "c2", "1202");
	place(f, "h2", "1402");
	place(f, "a2", "1602");
	UST(f, "i2")->fl |= QF_DISRUPTED;
	UST(f, "c2")->fl |= QF_DISRUPTED;
	UST(f, "h2")->fl |= QF_DISRUPTED;
	UST(f, "a2")->fl |= QF_DISRUPTED;
	assert_int_equal(q_ma(&f->g, U(f, "i1")), 5);
	assert_int_equal(q_ma(&f->g, U(f, "c1")), 8);
	assert_int_equal(q_ma(&f->g, U(f, "h1")), 7);
	assert_int_equal(q_ma(&f->g, U(f, "a1")), 3);
	assert_int_equal(q_ma(&f->g, U(f, "i2")), 3); /* 5 / 2 = 2.5, rounded up */
	assert_int_equal(q_ma(&f->g, U(f, "c2")), 4);
	assert_int_equal(q_ma(&f->g, U(f, "h2")), 0);
	assert_int_equal(q_ma(&f->g, U(f, "a2")), 0);

	refused(f, colmove(b, sizeof b, "i1", 2, 2, 6), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "i1", 2, 2, 5), 0);
	assert_int_equal(UST(f, "i1")->mp, 10);
	refused(f, colmove(b, sizeof b, "c1", 4, 2, 9), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "c1", 4, 2, 8), 0); /* (and [11.11] disrupts it: 7 or more) */
	assert_int_equal(HEXOF(f, "c1"), H("0410"));
	refused(f, colmove(b, sizeof b, "h1", 6, 2, 8), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "h1", 6, 2, 7), 0);
	assert_int_equal(HEXOF(f, "h1"), H("0609"));
	refused(f, colmove(b, sizeof b, "a1", 8, 2, 4), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "a1", 8, 2, 3), 0);
	/* disrupted infantry: a 4-MP move is refused, 3 is its whole allowance */
	refused(f, colmove(b, sizeof b, "i2", 10, 2, 4), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "i2", 10, 2, 3), 0);
	need_event(f, "[5.0]", "i2 moves to 1005 (3 of 3 movement points spent)");
	/* disrupted cavalry: 4, not 8 */
	refused(f, colmove(b, sizeof b, "c2", 12, 2, 5), 0, "[5.16]");
	ok(f, colmove(b, sizeof b, "c2", 12, 2, 4), 0);
	assert_int_equal(HEXOF(f, "c2"), H("1206"));
	/* disrupted horse and regular artillery do not move at all */
	assert_int_equal(count_listed(f, "move h2 "), 0);
	assert_int_equal(count_listed(f, "move a2 "), 0);
	refused(f, "move h2 1402 1403", 0, "[5.19]");
	refused(f, "move a2 1602 1603", 0, "[5.19]");
	fx_free(f);
}

/* ================================================================ stacking and movement [5.3] */

/* [5.31] "A Friendly unit may move through hexes occupied by other Friendly units at no
 * additional Movement Point cost." i1 walks through four friends in a row (infantry, cavalry,
 * artillery, infantry) and arrives with exactly its 5 MP spent. */
static void test_531_through_friends(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0302");
	place(f, "i2", "0303");
	place(f, "c1", "0304");
	place(f, "a1", "0305");
	place(f, "i3", "0306");
	ok(f, "move i1 0302 0303 0304 0305 0306 0307", 0);
	assert_int_equal(HEXOF(f, "i1"), H("0307"));
	assert_int_equal(UST(f, "i1")->mp, 10);
	need_event(f, "[5.0]", "i1 moves to 0307 (5 of 5 movement points spent)");
	/* the friends stay where they were */
	assert_int_equal(HEXOF(f, "i2"), H("0303"));
	assert_int_equal(HEXOF(f, "c1"), H("0304"));
	assert_int_equal(HEXOF(f, "a1"), H("0305"));
	assert_int_equal(HEXOF(f, "i3"), H("0306"));
	fx_free(f);
}

/* [5.35] "There is no limit to the number of Friendly units which may pass through a single
 * hex in one Movement Phase." Four units pass through 0505 (where a1 stands) in one phase,
 * each at the clear-terrain cost. */
static void test_535_no_pass_limit(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "a1", "0505");
	place(f, "i1", "0504");
	place(f, "i2", "0404");
	place(f, "i3", "0604");
	place(f, "c1", "0503");
	ok(f, "move i1 0504 0505 0506", 0);
	ok(f, "move i2 0404 0505 0605", 0);
	ok(f, "move i3 0604 0505 0405", 0);
	ok(f, "move c1 0503 0504 0505 0506 0507", 0); /* through a1 and then i1 */
	assert_int_equal(HEXOF(f, "i1"), H("0506"));
	assert_int_equal(HEXOF(f, "i2"), H("0605"));
	assert_int_equal(HEXOF(f, "i3"), H("0405"));
	assert_int_equal(HEXOF(f, "c1"), H("0507"));
	assert_int_equal(HEXOF(f, "a1"), H("0505"));
	assert_int_equal(UST(f, "i1")->mp, 4);
	assert_int_equal(UST(f, "i2")->mp, 4);
	assert_int_equal(UST(f, "i3")->mp, 4);
	assert_int_equal(UST(f, "c1")->mp, 8);
	fx_free(f);
}

/* [5.36] "Friendly-controlled hexes never inhibit the movement of Friendly units." Every hex
 * of i1's path is in its own side's zone of control: it neither stops ([5.13]) nor is held
 * by "zone to zone" ([5.14]). */
static void test_536_friendly_zoc(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0602");
	place(f, "i2", "0704");
	place(f, "i3", "0706");
	place(f, "a1", "0708");
	const int red = side(f, "red");
	assert_true(zoc_at(f, red, H("0603")) && zoc_at(f, red, H("0604")) && zoc_at(f, red, H("0605")) &&
		    zoc_at(f, red, H("0606")) && zoc_at(f, red, H("0607")));
	assert_true(listed(f, "move i1 0607"));
	ok(f, "move i1 0602 0603 0604 0605 0606 0607", 0);
	assert_int_equal(HEXOF(f, "i1"), H("0607"));
	assert_int_equal(UST(f, "i1")->mp, 10);
	assert_false(stopped(f, "i1"));
	assert_false(has_event(f, "[5.0]", "[5.13]"));
	fx_free(f);
}

/* [5.37] "There is no Movement Point cost for a unit to change its position in a stack."
 * i1 arrives on top of a1; putting a1 on top costs neither unit anything, is not a move
 * (i1, still in hand, goes on), and a1 then has its whole allowance. */
static void test_537_restack_free(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "a1", "0505");
	place(f, "i1", "0503");
	ok(f, "move i1 0503 0504 0505", 0);
	assert_int_equal(q_top(&f->g, IDX(f, "0505")), U(f, "i1")); /* the arrival goes on top */
	assert_true(listed(f, "top a1"));
	ok(f, "top a1", 0);
	need_event(f, "[5.37]", "a1 is put on top");
	assert_int_equal(q_top(&f->g, IDX(f, "0505")), U(f, "a1"));
	assert_int_equal(UST(f, "a1")->mp, 0);
	assert_int_equal(UST(f, "i1")->mp, 4);
	assert_false(UST(f, "a1")->fl & QF_MOVED);
	ok(f, "move i1 0505 0506 0507 0508", 0); /* its 3 MP left */
	assert_int_equal(UST(f, "i1")->mp, 10);
	ok(f, "move a1 0505 0504 0503 0502", 0); /* a1's whole allowance of 3 */
	assert_int_equal(UST(f, "a1")->mp, 6);
	fx_free(f);
}

/* ================================================================ zones of control [6.0] */

/* [6.11] "All undisrupted units exert a Zone of Control throughout the Game-Turn. The presence
 * of Zones of Control is never negated by the presence of other units, Enemy or Friendly."
 * b1's zone reaches 0507 though a red unit stands there: i1 joining a1 must stop. In blue's
 * Player-Turn a red artillery unit's zone stops a blue unit. */
static void test_611_zoc_not_negated(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "b1", "0508");
	place(f, "a1", "0507");
	place(f, "i1", "0505");
	assert_true(zoc_at(f, side(f, "blue"), H("0507")));
	refused(f, "move i1 0505 0506 0507 0406", 0, "[5.13]");
	ok(f, "move i1 0505 0506 0507", 0);
	assert_int_equal(HEXOF(f, "i1"), H("0507"));
	assert_true(stopped(f, "i1"));
	need_event(f, "[5.0]", "i1 moves to 0507 (2 of 5 movement points spent), stopping in an enemy zone of control [5.13]");
	fx_free(f);

	f = fresh();
	place(f, "a1", "0303");
	place(f, "b3", "0306");
	next_player_turn(f);
	assert_int_equal(ST(f)->phasing, side(f, "blue"));
	assert_true(zoc_at(f, side(f, "red"), H("0304")));
	refused(f, "move b3 0306 0305 0304 0204", 0, "[5.13]");
	ok(f, "move b3 0306 0305 0304", 0);
	assert_true(stopped(f, "b3"));
	fx_free(f);
}

/* [6.13] "If there are both Enemy and Friendly Zones of Control exerted into the same hex,
 * both Zones co-exist, and that hex is mutually controlled by both Players. There is no
 * additional effect in having more than one unit exerting Zones of Control into a single
 * hex." 0506 lies between i1 and b1: a red unit and a blue unit entering it both stop; a hex
 * two blue units control costs and does no more than one. */
static void test_613_mutual_zoc(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0505");
	place(f, "b1", "0507");
	place(f, "b2", "0707");
	place(f, "i2", "0403");
	place(f, "i3", "0604");
	assert_true(zoc_at(f, side(f, "red"), H("0506")));
	assert_true(zoc_at(f, side(f, "blue"), H("0506")));
	/* red's own zone does not cancel blue's */
	refused(f, "move i2 0403 0404 0405 0506 0405", 0, "[5.13]");
	ok(f, "move i2 0403 0404 0405 0506", 0);
	assert_true(stopped(f, "i2"));
	assert_int_equal(UST(f, "i2")->mp, 6);
	/* 0606 is in the zones of b1 and b2: one clear hex's cost, and a stop like any other */
	ok(f, "move i3 0604 0605 0606", 0);
	assert_true(stopped(f, "i3"));
	assert_int_equal(UST(f, "i3")->mp, 4);
	refused(f, "move i3 0606 0605", 0, "[5.13]");
	fx_free(f);

	/* and in blue's Player-Turn, blue's zone does not cancel red's there */
	f = fresh();
	place(f, "i1", "0505");
	place(f, "b1", "0507");
	place(f, "b2", "0408");
	next_player_turn(f);
	assert_int_equal(ST(f)->phasing, side(f, "blue"));
	refused(f, "move b2 0408 0407 0406 0506 0406", 0, "[5.13]");
	ok(f, "move b2 0408 0407 0406 0506", 0);
	assert_true(stopped(f, "b2"));
	assert_int_equal(UST(f, "b2")->mp, 6);
	fx_free(f);
}

/* [6.21] "Melee Combat between undisrupted units which end the Movement Phase in Enemy Zones
 * of Control is mandatory." i1 ends its move next to b1: the Melee Phase cannot end until it
 * attacks. Beside a disrupted b1 (no zone) nothing is owed. */
static void test_621_melee_mandatory(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0505");
	place(f, "b1", "0508");
	ok(f, "move i1 0505 0506 0507", 0);
	to_phase(f, QP_MELEE);
	assert_false(listed(f, "end"));
	refused(f, "end", 0, "[8.11]");
	assert_true(listed(f, "melee i1 > 0508"));
	ok(f, "melee i1 > 0508", 5); /* 1-1, morale 3: row 7, D:R */
	need_event(f, "[8.4]", "0508");
	settle(f);
	assert_true(listed(f, "end"));
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_RALLY);
	fx_free(f);

	f = fresh();
	place(f, "i1", "0507");
	place(f, "b1", "0508");
	UST(f, "b1")->fl |= QF_DISRUPTED;
	to_phase(f, QP_MELEE);
	assert_true(listed(f, "melee i1 > 0508")); /* it may */
	assert_true(listed(f, "end"));              /* it need not */
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_RALLY);
	fx_free(f);
}

/* [6.22] "Disrupted units which end a Movement Phase in an Enemy Zone of Control are never
 * required to Melee attack, although they may do so if they are capable of conducting Melee
 * Combat at the discretion of the owning Player." The disrupted i1 moves next to b1: the Melee
 * Phase may end without an attack, or i1 may attack. */
static void test_622_disrupted_may_melee(void **state)
{
	(void)state;
	for (int attack = 0; attack <= 1; attack++) {
		struct fx *f = fresh();
		place(f, "i1", "0506");
		place(f, "b1", "0508");
		UST(f, "i1")->fl |= QF_DISRUPTED;
		ok(f, "move i1 0506 0507", 0);
		assert_true(stopped(f, "i1"));
		to_phase(f, QP_MELEE);
		assert_true(listed(f, "end"));
		assert_true(listed(f, "melee i1 > 0508"));
		if (attack) {
			ok(f, "melee i1 > 0508", 5); /* its back: melee 3, morale 3 */
			need_event(f, "[8.4]", "0508");
			settle(f);
		}
		ok(f, "end", 0);
		assert_int_equal(ST(f)->phase, QP_RALLY);
		fx_free(f);
	}
}

/* [6.31] "Units pay no additional Movement Points to enter an Enemy-controlled hex." i1 spends
 * its whole 5 MP on five clear hexes, the last one in b1's zone. */
static void test_631_no_zoc_cost(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0502");
	place(f, "b1", "0508");
	assert_true(zoc_at(f, side(f, "blue"), H("0507")));
	assert_true(listed(f, "move i1 0507"));
	ok(f, "move i1 0502 0503 0504 0505 0506 0507", 0);
	assert_int_equal(UST(f, "i1")->mp, 10);
	assert_true(stopped(f, "i1"));
	need_event(f, "[5.0]", "i1 moves to 0507 (5 of 5 movement points spent), stopping");
	fx_free(f);
}

/* [6.32] "A unit may exit an Enemy controlled hex ... by regular movement at the beginning of a
 * Friendly Movement Phase." a1 enters ba's zone and must stay the rest of the turn; at the
 * next red Movement Phase it leaves into a free hex (never straight into another controlled
 * hex). (Two artillery units: neither may melee, so nothing else moves them.) */
static void test_632_exit_next_phase(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "a1", "0505");
	place(f, "ba", "0508");
	ok(f, "move a1 0505 0506 0507", 0);
	assert_true(stopped(f, "a1"));
	refused(f, "move a1 0507 0506", 0, "[5.13]");
	next_player_turn(f); /* blue */
	assert_int_equal(ST(f)->phasing, side(f, "blue"));
	refused(f, "move a1 0507 0506", 0, "[5.11]");
	next_player_turn(f); /* red, Game-Turn 2 */
	assert_int_equal(ST(f)->turn, 2);
	assert_int_equal(ST(f)->phasing, side(f, "red"));
	assert_int_equal(HEXOF(f, "a1"), H("0507"));
	assert_false(stopped(f, "a1"));
	refused(f, "move a1 0507 0407", 0, "[5.14]");
	assert_true(listed(f, "move a1 0506"));
	ok(f, "move a1 0507 0506", 0);
	assert_int_equal(HEXOF(f, "a1"), H("0506"));
	assert_false(stopped(f, "a1"));
	fx_free(f);
}

/* [6.32] "... either by retreat or advance as a result of combat, by removal of the Enemy
 * unit exerting the Zone of Control as a result of combat ...". i1 stopped in b1's zone
 * leaves it the same Game-Turn by its own retreat (A:R), or, once b1 is driven off (D:R) and
 * its zone gone from i1's hex, by advancing. */
static void test_632_exit_by_combat(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0505");
	place(f, "b1", "0508");
	ok(f, "move i1 0505 0506 0507", 0);
	assert_true(stopped(f, "i1"));
	to_phase(f, QP_MELEE);
	ok(f, "melee i1 > 0508", 3); /* 1-1, morale 3: row 5, A:R */
	settle(f);
	assert_int_not_equal(HEXOF(f, "i1"), H("0507"));
	assert_int_equal(hex_distance(HEXOF(f, "i1"), H("0507")), 1);
	assert_false(zoc_at(f, side(f, "blue"), HEXOF(f, "i1")));
	assert_false(q_disrupted(&f->g, U(f, "i1")));
	fx_free(f);

	f = fresh();
	place(f, "i1", "0505");
	place(f, "b1", "0508");
	ok(f, "move i1 0505 0506 0507", 0);
	to_phase(f, QP_MELEE);
	ok(f, "melee i1 > 0508", 5); /* row 7, D:R */
	if (ST(f)->npend > 0 && listed(f, "retreat b1 0509"))
		ok(f, "retreat b1 0509", 0);
	assert_int_equal(HEXOF(f, "b1"), H("0509"));
	assert_false(zoc_at(f, side(f, "blue"), H("0507"))); /* b1's zone is gone from i1's hex */
	assert_true(listed(f, "advance i1 0508"));
	ok(f, "advance i1 0508", 0);
	assert_int_equal(HEXOF(f, "i1"), H("0508"));
	fx_free(f);
}

/* [6.33] "A unit may always exit an Enemy-controlled hex in which it begins its Friendly
 * Movement Phase, but no unit may ever move directly from one Enemy-controlled hex to another."
 * i1 begins in b1's zone; 0406 is controlled by another enemy unit (b2) alone, and is still
 * refused; a free hex is open, and from it the unit moves on freely. */
static void test_633_exit_start_zoc(void **state)
{
	(void)state;
	struct fx *f = fresh();
	place(f, "i1", "0507");
	place(f, "b1", "0508");
	place(f, "b2", "0306");
	assert_true(zoc_at(f, side(f, "blue"), H("0406")));
	refused(f, "move i1 0507 0406", 0, "[5.14]"); /* b2's zone */
	refused(f, "move i1 0507 0407", 0, "[5.14]"); /* b1's */
	assert_true(listed(f, "move i1 0504"));
	ok(f, "move i1 0507 0506 0505 0504", 0);
	assert_int_equal(UST(f, "i1")->mp, 6);
	assert_false(stopped(f, "i1"));
	fx_free(f);
}

/* ================================================================ reinforcements [12.0] */

/* [12.11] "When placed on the map, a Reinforcement expends Movement Points to enter the entry
 * hex according to the Terrain Effects Chart ... onto a hex which has a road leading off the
 * map ... at the road movement rate." Woods 2, clear 1, the road 1/2; the rest of the
 * allowance is what is left. */
static void test_1211_entry_cost(void **state)
{
	(void)state;
	struct fx *f = fresh();
	ok(f, "enter ew 0112", 0);
	need_event(f, "[12.13]", "ew enters at 0112 paying 2 movement points (the first to enter there)");
	assert_int_equal(UST(f, "ew")->mp, 4);
	refused(f, "move ew 0112 0113 0114 0115 0116", 0, "[5.16]");
	ok(f, "move ew 0112 0113 0114 0115", 0);
	assert_int_equal(UST(f, "ew")->mp, 10);
	ok(f, "enter e1 0108", 0);
	need_event(f, "[12.13]", "e1 enters at 0108 paying 1 movement point (the first to enter there)");
	assert_int_equal(UST(f, "e1")->mp, 2);
	ok(f, "enter er 0105", 0);
	need_event(f, "[12.13]", "er enters at 0105 paying 0.5 movement points (the first to enter there)");
	assert_int_equal(UST(f, "er")->mp, 1);
	fx_free(f);
}

/* [11.12] with [12.11]: a reinforcement "expends Movement Points to enter the entry hex" as a
 * move into it; cavalry entering the woods hex 0112, where no road leads off the map, has come
 * in through a non-road hexside and is disrupted as the Movement Phase ends. */
static void test_1211_cavalry_enters_woods(void **state)
{
	(void)state;
	struct fx *f = fresh();
	set_turn(f, 2, side(f, "red"), QP_MOVE);
	ok(f, "enter ec 0112", 0);
	assert_false(q_disrupted(&f->g, U(f, "ec")));
	ok(f, "end", 0);
	assert_true(q_disrupted(&f->g, U(f, "ec")));
	need_event(f, "[11.12]", "ec entered woods off the road and is disrupted");
	fx_free(f);
}

/* [12.12] "In several cases more than one unit is scheduled to appear in the same hex in the
 * same Game-Turn. These units are deployed off map, adjacent to the listed map entry hex."
 * (A friend in the entry hex: the later ones are listed entering through it.)
 * e1, e2 and e3 all enter at 0108 in one phase, queued off the map: a friend standing in the
 * entry hex does not send the next one elsewhere; each pays one more hypothetical clear hex
 * ([12.13]). */
static void test_1212_queue_at_hex(void **state)
{
	(void)state;
	struct fx *f = fresh();
	assert_true(listed(f, "enter e1 0108"));
	assert_true(listed(f, "enter e2 0108"));
	assert_true(listed(f, "enter e3 0108"));
	ok(f, "enter e1 0108", 0);
	refused(f, "enter e2 0107", 0, "[12.22]");
	/* e2 may not stop in 0108 ([5.32]) but may enter through it ([5.31]): the listing offers
	 * each neighbour it may stop in, the same ones for e3, and none off the map */
	refused(f, "enter e2 0108", 0, "[5.32]");
	assert_false(listed(f, "enter e2 0108"));
	assert_true(listed(f, "enter e2 0108 0208"));
	assert_true(listed(f, "enter e2 0108 0109"));
	assert_true(listed(f, "enter e2 0108 0107"));
	assert_int_equal(count_listed(f, "enter e2 0108 "), count_listed(f, "enter e3 0108 "));
	assert_true(count_listed(f, "enter e2 0108 ") >= 3);
	ok(f, "enter e2 0108 0208", 0);
	need_event(f, "[12.13]", "e2 enters at 0108 paying 2 movement points (1 unit entered there before it)");
	assert_int_equal(UST(f, "e2")->mp, 6);
	ok(f, "enter e3 0108 0109", 0);
	need_event(f, "[12.13]", "e3 enters at 0108 paying 3 movement points (2 units entered there before it)");
	assert_int_equal(UST(f, "e3")->mp, 8);
	assert_int_equal(HEXOF(f, "e1"), H("0108"));
	assert_int_equal(HEXOF(f, "e2"), H("0208"));
	assert_int_equal(HEXOF(f, "e3"), H("0109"));
	fx_free(f);
}

/* [12.14] "Once on the map, Reinforcements may be moved normally." er enters by the road
 * (1/2), goes on along it at 1/2 a hex and off it at 1, in later actions, until its 5 MP are
 * spent; the next Game-Turn it has its whole allowance. */
static void test_1214_then_normal(void **state)
{
	(void)state;
	struct fx *f = fresh();
	ok(f, "enter er 0105", 0);
	ok(f, "move er 0105 0205 0305", 0);
	assert_int_equal(UST(f, "er")->mp, 3);
	ok(f, "move er 0305 0306 0307 0308", 0);
	need_event(f, "[5.0]", "er moves to 0308 (4.5 of 5 movement points spent)");
	refused(f, "move er 0308 0309", 0, "[5.16]");
	next_player_turn(f);
	next_player_turn(f);
	assert_int_equal(ST(f)->turn, 2);
	assert_int_equal(ST(f)->phasing, side(f, "red"));
	ok(f, "move er 0308 0309 0310 0311 0312 0313", 0);
	assert_int_equal(UST(f, "er")->mp, 10);
	fx_free(f);
}

/* [12.24] "Regardless of whether a Reinforcement is brought into play on its scheduled
 * Game-Turn, it must appear in its scheduled hex or alternative (see Case 12.22)." el, due on
 * Game-Turn 1 at 0114 and withheld, may enter on Game-Turn 2 there and nowhere else; with
 * 0114 held by the enemy, at the nearest open edge hexes only. */
static void test_1224_withheld_same_hex(void **state)
{
	(void)state;
	struct fx *f = fresh();
	next_player_turn(f);
	next_player_turn(f);
	assert_int_equal(ST(f)->turn, 2);
	assert_int_equal(ST(f)->phasing, side(f, "red"));
	assert_int_equal(count_listed(f, "enter el "), 1);
	assert_true(listed(f, "enter el 0114"));
	refused(f, "enter el 0113", 0, "[12.22]");
	refused(f, "enter el 0101", 0, "[12.22]");
	ok(f, "enter el 0114", 0);
	fx_free(f);

	f = fresh();
	place(f, "b1", "0114");
	next_player_turn(f);
	next_player_turn(f);
	assert_int_equal(ST(f)->turn, 2);
	assert_int_equal(count_listed(f, "enter el "), 2);
	assert_true(listed(f, "enter el 0113"));
	assert_true(listed(f, "enter el 0115"));
	refused(f, "enter el 0114", 0, "[12.22]");
	refused(f, "enter el 0112", 0, "[12.22]");
	ok(f, "enter el 0115", 0);
	assert_true(stopped(f, "el")); /* [12.21] in b1's zone */
	fx_free(f);
}

/* [12.25] "Until they are moved onto the map, Reinforcements have no effect on play. They do
 * not exert a Zone of Control onto the map, nor may artillery units (for example) fire from
 * imaginary hexes off the map." bz and bra wait to enter at 0110: i1 walks through 0109, 0110
 * and 0111 without stopping, and bra has no fire while ba on the map has. Once bz has entered
 * its zone is there. */
static void test_1225_offmap_no_effect(void **state)
{
	(void)state;
	struct fx *f = fresh();
	const int blue = side(f, "blue");
	place(f, "i1", "0107");
	place(f, "ba", "0313");
	assert_false(zoc_at(f, blue, H("0109")) || zoc_at(f, blue, H("0110")) || zoc_at(f, blue, H("0111")) ||
		     zoc_at(f, blue, H("0209")) || zoc_at(f, blue, H("0210")));
	ok(f, "move i1 0107 0108 0109 0110 0111", 0);
	assert_false(stopped(f, "i1"));
	assert_int_equal(UST(f, "i1")->mp, 8);
	ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, QP_DEFFIRE);
	assert_true(listed(f, "fire ba > 0111")); /* range 3 */
	assert_int_equal(count_listed(f, "fire bra"), 0);
	refused(f, "fire bra > 0111", 3, "not on the map");
	next_player_turn(f); /* blue's Movement Phase */
	assert_int_equal(ST(f)->phasing, blue);
	ok(f, "enter bz 0110", 0);
	assert_true(stopped(f, "bz")); /* [12.21] next to i1 */
	assert_true(zoc_at(f, blue, H("0109")) && zoc_at(f, blue, H("0111")) && zoc_at(f, blue, H("0210")));
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_515_no_combat_in_movement),
		cmocka_unit_test(test_517_no_skipping),
		cmocka_unit_test(test_519_allowances),
		cmocka_unit_test(test_531_through_friends),
		cmocka_unit_test(test_535_no_pass_limit),
		cmocka_unit_test(test_536_friendly_zoc),
		cmocka_unit_test(test_537_restack_free),
		cmocka_unit_test(test_611_zoc_not_negated),
		cmocka_unit_test(test_613_mutual_zoc),
		cmocka_unit_test(test_621_melee_mandatory),
		cmocka_unit_test(test_622_disrupted_may_melee),
		cmocka_unit_test(test_631_no_zoc_cost),
		cmocka_unit_test(test_632_exit_next_phase),
		cmocka_unit_test(test_632_exit_by_combat),
		cmocka_unit_test(test_633_exit_start_zoc),
		cmocka_unit_test(test_1211_entry_cost),
		cmocka_unit_test(test_1211_cavalry_enters_woods),
		cmocka_unit_test(test_1212_queue_at_hex),
		cmocka_unit_test(test_1214_then_normal),
		cmocka_unit_test(test_1224_withheld_same_hex),
		cmocka_unit_test(test_1225_offmap_no_effect),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
