/* Unit tests for the exclusive rules of the four battles (Alma, Balaclava, Inkerman,
 * Tchernaya River: src/games/quad/qalma.c, qbalaclava.c, qinkerman.c, qtchernaya.c), each from
 * a worked example or case of the rulebook with the errata of 19 May 1978, on the real
 * scenarios in data/quad/. Positions are set up by editing the state directly (units placed,
 * the rest taken out of play as Q_ABSENT), dice are manual, and the hooks are called either
 * through actions or directly through qbattle.h. Readings the engine takes are noted beside
 * the tests (docs/RULES.md "Exclusive rules"). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/quad/qbattle.h"
#include "games/quad/qcombat.h"
#include "games/quad/qmove.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#include "quadfix.h"








/* ================================================================ position helpers */

#define ALMA "data/quad/alma/scenario.json"
#define BALA "data/quad/balaclava/scenario.json"
#define INKH "data/quad/inkerman/historical.json"
#define INKO "data/quad/inkerman/option.json"
#define TCHE "data/quad/tchernaya/tchernaya.json"

static const struct q_scn *SCN(struct fx *f) { return q_scn(&f->g); }

/* Places unit id in map index idx (top of the stack), undisrupted. */
static void place_idx_b(struct fx *f, const char *id, int idx)
{
	int u = U(f, id);
	q_place(ST(f), u, idx);
	ST(f)->u[u].fl = 0;
	ST(f)->u[u].layer = ++ST(f)->layer_next;
}

static struct result victory(struct fx *f)
{
	struct result r;
	memset(&r, 0, sizeof r);
	q_victory(&f->g, &r);
	return r;
}

/* The hook refusal must cite rule. */
static void hook_refuses_at(int rc, struct err *e, const char *rule, int line)
{
	if (rc == 0)
		fail_msg("line %d: accepted; expected a refusal citing %s", line, rule);
	if (!strstr(e->msg, rule))
		fail_msg("line %d: refused with \"%s\"; expected %s", line, e->msg, rule);
}

static void hook_allows_at(int rc, struct err *e, int line)
{
	if (rc != 0)
		fail_msg("line %d: refused: %s", line, e->msg);
}

#define hook_refuses(rc, e, rule) hook_refuses_at(rc, e, rule, __LINE__)
#define hook_allows(rc, e) hook_allows_at(rc, e, __LINE__)

/* ================================================================ Alma */

/* [16.1] example: CG/1st and 44/3rd (two parents) fire together: 2 is subtracted; [16.12] the
 * modified die is at least one; one parent: no change; [16.11] Russian artillery is exempt. */
static void test_alma_161_parents(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	struct action a = {QA_FIRE, 4, {2, U(f, "gb1_cg"), U(f, "gb3_44"), 0}};
	assert_int_equal(q_battle_fire_die(&f->g, &a, 5), 3);
	assert_int_equal(q_battle_fire_die(&f->g, &a, 2), 1);  /* [16.12] */
	assert_int_equal(q_battle_fire_die(&f->g, &a, 1), 1);
	struct action one = {QA_FIRE, 4, {2, U(f, "gb3_44"), U(f, "gb3_28"), 0}};
	assert_int_equal(q_battle_fire_die(&f->g, &one, 4), 4);
	struct action three = {QA_FIRE, 5, {3, U(f, "gb3_44"), U(f, "gb2_47"), U(f, "gb1_cg"), 0}};
	assert_int_equal(q_battle_fire_die(&f->g, &three, 6), 3);
	struct action ru = {QA_FIRE, 4, {2, U(f, "ru_fb1"), U(f, "ru_mos_1w"), 0}};
	assert_int_equal(q_battle_fire_die(&f->g, &ru, 4), 4); /* [16.11] */
	struct action ru2 = {QA_FIRE, 5, {3, U(f, "ru_fb1"), U(f, "ru_mos_1w"), U(f, "ru_mos_2w"), 0}};
	assert_int_equal(q_battle_fire_die(&f->g, &ru2, 4), 2);
	fx_free(f);
}

/* The units of a parent (struct q_udef parent_first, parent_next, made at load for [16.1] and
 * [17.11]): from any unit with a parent the chain visits exactly the units of its side with that
 * parent, in unit order; a unit without one has none. */
static void test_alma_parent_chain(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct q_scn *s = SCN(f);
	int chained = 0;
	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		if (!d->parent[0]) {
			assert_int_equal(d->parent_first, Q_PARENT_END);
			assert_int_equal(d->parent_next, Q_PARENT_END);
			continue;
		}
		int v = d->parent_first, prev = -1;
		for (int w = 0; w < s->nunits; w++) {
			if (s->u[w].side != d->side || strcmp(s->u[w].parent, d->parent))
				continue;
			assert_int_equal(v, w); /* the next of the chain is the next such unit */
			prev = v;
			v = s->u[v].parent_next;
		}
		assert_int_equal(v, Q_PARENT_END);
		assert_true(prev >= 0);
		chained++;
	}
	assert_true(chained > 20);
	fx_free(f);
}

/* [18.1] example: "Certain hexes on the map are designated Vineyards; e.g., hex 3901. They cost
 * 3 Movement Points to enter" (the Terrain Effects Chart: Vineyard hex, Alma only, 3 MP). A
 * Russian battalion steps into 3901 from a neighbour across a plain hexside (no road, slope or
 * stream: the cost is the hex's; 3901's neighbours on the map are vineyards and a town). */
static void test_alma_181_vineyard(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct map *m = &SCN(f)->map;
	int v = IDX(f, "3901"), from = -1;
	assert_int_equal(m->terrain[v], TER_VINEYARD);
	for (int d = 0; d < 6 && from < 0; d++) {
		int j = map_nb(m, v, d);
		if (j >= 0 && (m->flags[j] & HEXF_ONMAP) && m->terrain[j] != TER_TOWN &&
		    map_side_features(m, v, d) == 0 && map_slope_into(m, v, d) == 0 && map_slope_away(m, v, d) == 0)
			from = j;
	}
	assert_true(from >= 0);
	clear_all(f);
	char hex[8], text[64];
	hex_format(map_hex(m, from), hex);
	place(f, "ru_mos_1w", hex);
	set_turn(f, 4, side(f, "russian"), QP_MOVE);
	snprintf(text, sizeof text, "move ru_mos_1w %s 3901", hex);
	ok(f, text, 0);
	assert_int_equal(HEXOF(f, "ru_mos_1w"), H("3901"));
	assert_int_equal(UST(f, "ru_mos_1w")->mp, 6); /* half movement points: 3 MP */
	need_event(f, "[5.0]", "(3 of");
	fx_free(f);
}

/* Alma [17.2] with the errata's east/west swap: the Alma east of the bridge hexside 2113/2213 is
 * River that costs 3 MP to cross, west of it Stream that costs 2 (each in addition to the hex
 * entered, docs/TABLES.md). Every River hexside of the map lies east of the bridge, every
 * Stream hexside west; an infantry battalion crossing each into a clear hex over no slope
 * pays 1 + 3 and 1 + 2. */
static void test_alma_172_river(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct q_scn *s = SCN(f);
	const struct map *m = &s->map;
	int bridge_x2 = 21 + 22, nriver = 0, nstream = 0, river_cost = -1, stream_cost = -1;
	for (int i = 0; i < m->n; i++) {
		if (!(m->flags[i] & HEXF_ONMAP))
			continue;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			if (j < 0 || !(m->flags[j] & HEXF_ONMAP))
				continue;
			unsigned fe = map_side_features(m, i, d);
			if (!(fe & (SIDE_RIVER | SIDE_STREAM)) || (fe & SIDE_BRIDGE))
				continue;
			int x2 = hex_col(map_hex(m, i)) + hex_col(map_hex(m, j)); /* twice the hexside's column */
			bool plain = m->terrain[j] == TER_CLEAR && !map_slope_into(m, i, d) && !map_slope_away(m, i, d) &&
				     !(fe & ~(SIDE_RIVER | SIDE_STREAM));
			int c = s->step[q_mclass(Q_INF, false)][i * 6 + d];
			if (fe & SIDE_RIVER) {
				assert_true(x2 >= bridge_x2);
				nriver++;
				if (plain)
					river_cost = c;
			} else {
				assert_true(x2 <= bridge_x2);
				nstream++;
				if (plain)
					stream_cost = c;
			}
		}
	}
	assert_true(nriver > 0 && nstream > 0);
	assert_int_equal(river_cost, 8);  /* 1 + 3 MP in halves */
	assert_int_equal(stream_cost, 6); /* 1 + 2 */
	fx_free(f);
}

/* Errata [18.4]: the line 2106-2309 runs along 2107/2206 and 2208/2308 and is blocked by
 * [18.42] c ([7.36] does not apply, [18.43]); adjacent hexes always see each other. */
static void test_alma_184_errata_line(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	char why[256];
	blocked(f, "2106", "2309", "[18.42] c");
	assert_int_equal(los(f, "2106", "2107", why, sizeof why), 1);
	fx_free(f);
}

/* A hex of depth d south of the Alma in column col (or -1). */
static int alma_depth_hex(struct fx *f, int col, int d)
{
	const struct q_scn *s = SCN(f);
	for (int r = s->map.row0; r <= s->map.row1; r++) {
		int idx = map_index(&s->map, hex_make(col, r));
		if (idx >= 0 && (s->map.flags[idx] & HEXF_ONMAP) && s->zone[idx] == d)
			return idx;
	}
	return -1;
}

static void alma_south(struct fx *f, const char *parent, bool south)
{
	for (int u = 0; u < SCN(f)->nunits; u++)
		if (!strcmp(SCN(f)->u[u].parent, parent))
			ST(f)->u[u].aux = (uint8_t)(south ? 0x81 : 0);
}

/* [17.11] no Allied unit more than two hexes south until its parent's non-artillery units are
 * all south at the start of the Movement Phase; [17.13] French: three hexes until every unit
 * of the parent (artillery too) is south; [17.12] a unit already deeper is not forced back
 * but goes no deeper. */
static void test_alma_171_depth(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int d2 = -1, d3 = -1, d4 = -1;
	for (int c = 10; c <= 30 && (d2 < 0 || d3 < 0 || d4 < 0); c++) {
		d2 = alma_depth_hex(f, c, 2);
		d3 = alma_depth_hex(f, c, 3);
		d4 = alma_depth_hex(f, c, 4);
	}
	int gb = U(f, "gb3_44"), fr = U(f, "fr1_4"), art = U(f, "fr1_a");
	assert_true(d2 >= 0 && d3 >= 0 && d4 >= 0);

	alma_south(f, "gb_3rd", false);
	hook_allows(q_battle_move_ok(&f->g, gb, d2, &f->e), &f->e);
	hook_refuses(q_battle_move_ok(&f->g, gb, d3, &f->e), &f->e, "[17.11]");
	alma_south(f, "gb_3rd", true);
	hook_allows(q_battle_move_ok(&f->g, gb, d4, &f->e), &f->e);

	/* French: the infantry across but not the guns: three hexes ([17.13]) */
	alma_south(f, "fr_1st", true);
	ST(f)->u[art].aux = 0;
	hook_allows(q_battle_move_ok(&f->g, fr, d3, &f->e), &f->e);
	hook_refuses(q_battle_move_ok(&f->g, fr, d4, &f->e), &f->e, "[17.13]");
	ST(f)->u[art].aux = 0x81;
	hook_allows(q_battle_move_ok(&f->g, fr, d4, &f->e), &f->e);
	/* a French battalion not across: two hexes, [17.11] */
	ST(f)->u[U(f, "fr1_8")].aux = 0;
	hook_refuses(q_battle_move_ok(&f->g, fr, d3, &f->e), &f->e, "[17.11]");

	/* [17.12] gb3_44 already three hexes south, its parent no longer across */
	alma_south(f, "gb_3rd", false);
	ST(f)->u[gb].aux = 0x80 | 3;
	hook_allows(q_battle_move_ok(&f->g, gb, d3, &f->e), &f->e);
	hook_refuses(q_battle_move_ok(&f->g, gb, d4, &f->e), &f->e, "[17.12]");
	/* Russians are not bound */
	hook_allows(q_battle_move_ok(&f->g, U(f, "ru_mos_1w"), d4, &f->e), &f->e);
	fx_free(f);
}

/* [19.2] with the errata: in the Defensive Fire Phase an undisrupted NON-phasing artillery unit
 * in an enemy ZOC may retreat one hex out of every enemy ZOC instead of firing ([19.22]);
 * [19.1] artillery has no ZOC. */
static void test_alma_192_art_retreat(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int al = side(f, "allied");
	clear_all(f);
	int gun = place(f, "ru_fb1", "3010");
	place(f, "gb3_44", "3009");
	int agun = place(f, "gb2_a", "3012");
	set_turn(f, 4, al, QP_DEFFIRE);
	/* the allied gun is phasing: it may not */
	refused(f, "retreat gb2_a 3013", 0, "[19.2]");
	refused(f, "retreat ru_fb1 3009", 0, "[19.21]"); /* into the enemy */
	refused(f, "retreat ru_fb1 3110", 0, "[19.21]"); /* 3110 is next to 3009: still in its ZOC */
	ok(f, "retreat ru_fb1 3011", 0);
	need_event(f, "[19.2]", "ru_fb1");
	assert_int_equal(HEXOF(f, "ru_fb1"), H("3011"));
	assert_true(ST(f)->u[gun].fl & QF_FIRED); /* [19.22] */
	/* [19.1] artillery exerts no ZOC */
	assert_false(q_battle_exerts_zoc(&f->g, agun));
	assert_true(q_battle_exerts_zoc(&f->g, U(f, "gb3_44")));
	fx_free(f);
}

/* [20.1] no French unit moves before Game-Turn Three; [20.2] the Zouaves may. */
static void test_alma_201_french_wait(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	assert_int_equal(ST(f)->turn, 1);
	hook_refuses(q_can_move(&f->g, U(f, "fr1_8"), &f->e), &f->e, "[20.1]");
	hook_allows(q_can_move(&f->g, U(f, "fr3_1z"), &f->e), &f->e);
	hook_allows(q_can_move(&f->g, U(f, "gb3_44"), &f->e), &f->e);
	ST(f)->turn = 3;
	hook_allows(q_can_move(&f->g, U(f, "fr1_8"), &f->e), &f->e);
	fx_free(f);
}

/* Alma test position: everything out of play but ru_min_2c on the exit hex and `elim` Russian
 * infantry eliminated; the Allied Rally Phase of Game-Turn `turn`. */
static struct fx *alma_pres(int turn, int elim)
{
	struct fx *f = fx_new(ALMA, 0);
	static const char *inf[] = {"ru_bb_1w", "ru_bb_2w", "ru_mos_1w", "ru_mos_2w", "ru_tar_1w", "ru_bor_1c"};
	clear_all(f);
	for (int i = 0; i < elim; i++)
		q_place(ST(f), U(f, inf[i]), Q_ELIM);
	place(f, "ru_min_2c", "2225");
	place(f, "ru_vol_1c", "2224");
	set_turn(f, turn, side(f, "allied"), QP_RALLY);
	return f;
}

/* [21.1] from Game-Turn Five, at the start of the Russian Movement Phase: die + Russian infantry
 * eliminated, 10 or more triggers; [21.13] (errata) no exit before the trigger. */
static void test_alma_211_preservation(void **state)
{
	(void)state;
	struct fx *f = alma_pres(4, 4);
	ok(f, "end", 0); /* Game-Turn 4: no roll */
	assert_false(has_event(f, "[21.1]", NULL));
	refused(f, "exit ru_min_2c", 0, "[21.13]");
	fx_free(f);

	f = alma_pres(5, 4);
	assert_int_not_equal(act(f, "end", 0), 0); /* a die is needed */
	ok(f, "end", 5);
	need_event(f, "[21.1]", "die 5 + 4 infantry eliminated = 9: not triggered");
	refused(f, "exit ru_min_2c", 0, "[21.13]");
	fx_free(f);

	f = alma_pres(5, 4);
	ok(f, "end", 6);
	need_event(f, "[21.1]", "= 10: triggered");
	refused(f, "exit ru_vol_1c", 0, "2225");
	ok(f, "exit ru_min_2c", 0);
	need_event(f, "[21.2]", "ru_min_2c");
	assert_int_equal(UST(f, "ru_min_2c")->idx, Q_ELIM);
	struct result r = victory(f);
	/* [23.11] 4 infantry eliminated (the exited unit is not) + 3 for a trigger before turn 7 */
	assert_int_equal(r.vp[side(f, "allied")], 7);
	fx_free(f);
}

/* [23.12] example: triggered on Game-Turn Eight, no two units exit that turn: no loss; the same
 * on Game-Turn Nine: the Russians lose one. [23.11] two exits in a turn: the Allies lose 2. */
static void test_alma_2312_example(void **state)
{
	(void)state;
	struct fx *f = alma_pres(8, 4);
	int ru = side(f, "russian"), al = side(f, "allied");
	ok(f, "end", 6);
	need_event(f, "[21.1]", "triggered");
	to_phase(f, QP_RALLY);
	f->sink.n = 0;
	ok(f, "end", 0); /* end of Game-Turn 8 */
	assert_false(has_event(f, "[23.12]", NULL));
	assert_false(has_event(f, "[23.11]", NULL));
	to_phase(f, QP_MOVE); /* Allied, turn 9 */
	to_phase(f, QP_RALLY);
	to_phase(f, QP_MOVE); /* Russian, turn 9: no more rolls */
	assert_false(has_event(f, "[21.1]", "die"));
	to_phase(f, QP_RALLY);
	ok(f, "end", 0);
	need_event(f, "[23.12]", "lose 1");
	struct result r = victory(f);
	/* Russian: 7 complete turns before the trigger - 1; Allied: 4 eliminated */
	assert_int_equal(r.vp[ru], 6);
	assert_int_equal(r.vp[al], 4);
	/* the score sheet says the same, item by item */
	struct score_sheet sh = check_score(&f->g);
	const struct score_line *l = score_find(&sh, "[23.12]", "7 complete Game-Turns before Preservation");
	assert_non_null(l);
	assert_int_equal(l->vp, 7);
	l = score_find(&sh, "[23.12]", "1 Game-Turn after Preservation without the Allies losing points");
	assert_non_null(l);
	assert_int_equal(l->vp, -1);
	l = score_find(&sh, "[23.11]", "4 Russian infantry units eliminated");
	assert_non_null(l);
	assert_int_equal(l->side, al);
	assert_null(score_find(&sh, "[23.11]", "before Game-Turn Seven")); /* triggered on 8 */
	/* turn 10: two exits */
	to_phase(f, QP_MOVE);
	to_phase(f, QP_RALLY);
	to_phase(f, QP_MOVE);
	ok(f, "exit ru_min_2c", 0);
	q_place(ST(f), U(f, "ru_vol_1c"), IDX(f, "2225"));
	ok(f, "exit ru_vol_1c", 0); /* [21.2] errata: unlimited exits */
	to_phase(f, QP_RALLY);
	ok(f, "end", 0);
	need_event(f, "[23.11]", "lose 2");
	r = victory(f);
	assert_int_equal(r.vp[al], 2);
	assert_int_equal(r.vp[ru], 6);
	fx_free(f);
}

/* ================================================================ Balaclava */

/* [17.21] errata: a Russian unit west of the 0400 column triggers the French additional
 * reinforcements, which enter in the next Allied Movement Phase. */
static void test_bal_1721_trigger(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int zou = U(f, "zou1_1");
	hook_refuses(q_battle_may_enter(&f->g, zou, &f->e), &f->e, "[17.21]");
	place(f, "sous1", "0402");
	q_battle_after_move(&f->g, U(f, "sous1"), &f->sink);
	assert_false(has_event(f, "[17.21]", NULL)); /* the 0400 column itself is not west of it */
	place(f, "sous1", "0302");
	q_battle_after_move(&f->g, U(f, "sous1"), &f->sink);
	need_event(f, "[17.21]", "next Allied Movement Phase");
	hook_refuses(q_battle_may_enter(&f->g, zou, &f->e), &f->e, "next Allied Movement Phase");
	ST(f)->pturn++;
	hook_allows(q_battle_may_enter(&f->g, zou, &f->e), &f->e);
	fx_free(f);
}

/* [18.1] a redoubt gun fires from the bottom of its stack and is not attacked there; errata
 * [18.4] its range is one hex. */
static void test_bal_181_guns(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int gun = U(f, "gun4");
	assert_int_equal(HEXOF(f, "gun4"), H("1312"));
	int stk[Q_STACK_MAX];
	assert_int_equal(q_stack(&f->g, IDX(f, "1312"), stk, Q_STACK_MAX), 2);
	assert_int_equal(stk[0], U(f, "mil4")); /* "T": the militia on top */
	assert_int_equal(q_battle_fire_from_bottom(&f->g, gun), 1);
	assert_int_equal(q_battle_fire_from_bottom(&f->g, U(f, "barker")), 0);
	assert_false(q_battle_defends(&f->g, gun));
	assert_int_equal(q_battle_art_range(&f->g, gun), 1);
	assert_int_equal(q_battle_art_range(&f->g, U(f, "barker")), 0);
	fx_free(f);
}

/* [18.2] with the errata: the unit stacked with a gun is eliminated, a Russian unit exerts a
 * ZOC into the redoubt: the gun is captured (3 VP) and one such Russian unit may advance. */
static void test_bal_182_capture(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian");
	place(f, "od1", "1311");
	set_turn(f, 1, ru, QP_MELEE);
	q_eliminate(&f->g, U(f, "mil4"), &f->sink, "[8.4]", "test");
	q_battle_after_action(&f->g, &f->sink);
	need_event(f, "[18.2]", "gun4");
	assert_int_equal(UST(f, "gun4")->idx, Q_ELIM);
	assert_int_equal(ST(f)->npend, 1);
	assert_int_equal(ST(f)->pend[0].kind, QPEND_ADVANCE);
	assert_int_equal(ST(f)->pend[0].side, ru);
	assert_int_equal(ST(f)->pend[0].units[0], U(f, "od1"));
	ok(f, "advance od1 1312", 0);
	assert_int_equal(HEXOF(f, "od1"), H("1312"));
	fx_free(f);

	/* no Russian ZOC: the gun stays, exposed, and the Allies may spike it ([18.3]) */
	f = fx_new(BALA, 0);
	int al = side(f, "allied");
	set_turn(f, 1, ru, QP_MELEE);
	q_eliminate(&f->g, U(f, "mil4"), &f->sink, "[8.4]", "test");
	q_battle_after_action(&f->g, &f->sink);
	assert_int_equal(HEXOF(f, "gun4"), H("1312"));
	set_turn(f, 1, ru, QP_MOVE);
	refused(f, "spike gun4", 0, "[18.3]");
	set_turn(f, 1, al, QP_MOVE);
	refused(f, "spike barker", 0, "[18.3]");
	ok(f, "spike gun4", 0);
	need_event(f, "[18.3]", "gun4");
	struct result r1 = victory(f);
	/* a spiked gun scores nothing for either side; gun2, arabtabia and canrobt remain (6 each) */
	(void)r1;
	fx_free(f);
}

/* [19.0] fatigue: initial level = morale; moving the full allowance, a melee attack, being
 * disrupted each take one; at zero the unit is disrupted for good and never rallies. */
static void test_bal_19_fatigue(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int al = side(f, "allied"), u = place(f, "f20", "0510");
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 4);
	set_turn(f, 5, al, QP_MOVE);
	ST(f)->u[u].fl |= QF_MOVED;
	ST(f)->u[u].mp = (uint8_t)(2 * q_ma(&f->g, u) - 1);
	q_battle_end_phase(&f->g, &f->sink); /* not the full allowance */
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 4);
	ST(f)->u[u].mp = (uint8_t)(2 * q_ma(&f->g, u));
	q_battle_end_phase(&f->g, &f->sink);
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 3);
	need_event(f, "[19.0]", "moved its full allowance");
	q_battle_on_melee(&f->g, &u, 1, &f->sink);
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 2);
	q_disrupt(&f->g, u, &f->sink, "[7.4]");
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 1);
	/* disrupted: its allowance is halved, and moving all of it still tires ([9.11]) */
	ST(f)->u[u].fl |= QF_MOVED;
	ST(f)->u[u].mp = (uint8_t)(2 * q_ma(&f->g, u));
	q_battle_end_phase(&f->g, &f->sink);
	assert_int_equal(ST(f)->u[u].aux & 0x0f, 0);
	need_event(f, "[19.0]", "is fatigued");
	assert_true(q_disrupted(&f->g, u));
	hook_refuses(q_battle_may_rally(&f->g, u, &f->e), &f->e, "[19.0]");
	/* units outside [19.1] have no fatigue */
	int s93 = U(f, "suth93");
	q_battle_on_melee(&f->g, &s93, 1, &f->sink);
	assert_int_equal(ST(f)->u[s93].aux, 0);
	fx_free(f);
}

/* [20.0] more than 22 non-parenthesised British melee points eliminated: British morale is
 * halved, rounded up. */
static void test_bal_20_demoralization(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	static const char *gone[] = {"f20", "f21", "f63", "f57", "f46", "rb1", "bw42", "cam79", "hus8"};
	int s93 = U(f, "suth93"), sum = 0;
	for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++) {
		int u = place(f, gone[i], "0510");
		sum += SCN(f)->u[u].melee[0];
		q_eliminate(&f->g, u, &f->sink, "[8.4]", "test");
	}
	assert_int_equal(sum, 22);
	assert_int_equal(q_morale(&f->g, s93), 5);
	/* retreats and guns do not count */
	q_eliminate(&f->g, U(f, "barker"), &f->sink, "[8.4]", "test");
	assert_int_equal(q_morale(&f->g, s93), 5);
	int u = place(f, "lt4dr", "0510");
	q_eliminate(&f->g, u, &f->sink, "[8.4]", "test");
	assert_int_equal(q_morale(&f->g, s93), 3);
	assert_int_equal(q_morale(&f->g, U(f, "lan17")), 3);
	assert_int_equal(q_morale(&f->g, U(f, "mil1")), 3); /* Turkish: unaffected */
	assert_int_equal(q_morale(&f->g, U(f, "sous1")), 2);
	fx_free(f);
}

/* [21.0] British cavalry stacks four strength points a hex, with one artillery unit too. */
static void test_bal_21_cavalry_stacking(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	clear_all(f);
	place(f, "lan17", "0510");
	place(f, "hus8", "0510");
	assert_true(q_stack_ok(&f->g, U(f, "hus11"), IDX(f, "0510")));
	place(f, "hus11", "0510");
	assert_true(q_stack_ok(&f->g, U(f, "ctroop"), IDX(f, "0510")));
	assert_false(q_stack_ok(&f->g, U(f, "lt13dr"), IDX(f, "0510"))); /* 5 points */
	assert_false(q_stack_ok(&f->g, U(f, "suth93"), IDX(f, "0510")));
	place(f, "ctroop", "0510");
	assert_false(q_stack_ok(&f->g, U(f, "barker"), IDX(f, "0510"))); /* one gun only */
	/* Russian cavalry: the Standard Rules */
	place(f, "kiev1", "0810");
	assert_false(q_stack_ok(&f->g, U(f, "ural1"), IDX(f, "0810")));
	fx_free(f);
}

/* [21.0] four one-point Light Brigade regiments and a horse artillery troop make a legal stack
 * of five units (the fuzz found greedy's Allies building it after Game-Turn 7). Every unit of
 * it must count: the top, the rules' invariants, and the defenders of a melee against it. */
static void test_bal_21_five_unit_stack(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	const char *ids[5] = {"lt4dr", "hus8", "hus11", "lt13dr", "ctroop"};
	int idx = IDX(f, "0510"), stk[Q_STACK_MAX + 1];
	char why[160];
	clear_all(f);
	for (int k = 0; k < 5; k++) {
		assert_true(q_stack_ok(&f->g, U(f, ids[k]), idx));
		place(f, ids[k], "0510");
	}
	assert_int_equal(q_stack(&f->g, idx, stk, Q_STACK_MAX), 5);
	assert_int_equal(stk[0], U(f, "ctroop"));
	assert_int_equal(q_top(&f->g, idx), U(f, "ctroop")); /* placed last: on top */
	assert_int_equal(f->g.rules->check(&f->g, why, sizeof why), 0);
	/* a Russian melee against the hex meets all five units: four regiments' points and the
	 * troop's parenthesized 1, which defends ([8.0]: parentheses bar only attacking) */
	int ru = side(f, "russian");
	place(f, "kiev1", "0610");
	set_turn(f, 3, ru, QP_MELEE);
	struct action a;
	struct q_odds o;
	parse(f, "melee kiev1 > 0510", &a);
	if (q_melee_odds(&f->g, &a, &o, &f->e) != 0)
		fail_msg("melee odds: %s", f->e.msg);
	assert_int_equal(o.total_d, 5);
	fx_free(f);
}

/* [22.11] attacking out of an Aqueduct hex halves melee (down), [22.12] defence unchanged;
 * [22.21], [22.22] 3 MP, never entered by cavalry or artillery. */
static void test_bal_22_aqueduct(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	const struct q_scn *s = SCN(f);
	int aq = IDX(f, "2506"), u = place(f, "od1", "2506");
	assert_int_equal(s->map.terrain[aq], TER_AQUEDUCT);
	assert_int_equal(q_battle_melee_strength(&f->g, u, true, 5), 2);
	assert_int_equal(q_battle_melee_strength(&f->g, u, false, 5), 5);
	int from = IDX(f, "2406"), d = -1;
	for (int k = 0; k < 6; k++)
		if (map_nb(&s->map, from, k) == aq)
			d = k;
	assert_true(d >= 0);
	assert_int_equal(map_side_features(&s->map, from, d), 0);
	assert_int_equal(s->step[q_mclass(Q_CAV, false)][from * 6 + d], PATH_NOWAY);
	assert_int_equal(s->step[q_mclass(Q_ART, false)][from * 6 + d], PATH_NOWAY);
	assert_int_equal(s->step[q_mclass(Q_HART, false)][from * 6 + d], PATH_NOWAY);
	assert_int_equal(s->step[q_mclass(Q_INF, false)][from * 6 + d], 6); /* 3 MP in halves */
	fx_free(f);
}

/* Errata [13.0]: "An Aqueduct hex may be entered by a cavalry or artillery unit in its Movement
 * Phase if the unit is not disrupted [and] moving along a road and/or entering a Bridge hex
 * (from any direction). An Aqueduct hex may never be entered by a disrupted cavalry or
 * artillery unit at any point in the game, the unit is eliminated instead." Balaclava 2505 is
 * a Bridge hex (the Woronzov road crosses the aqueduct there; Tchernaya [16.14]'s term): from
 * 2506, off the road, undisrupted cavalry and guns may enter (1 MP, the tec row
 * aqueduct_bridge), disrupted ones never; a disrupted cavalry unit is never offered a retreat
 * into it (eliminated when it has no other way, [11.23]), nor an advance after combat. */
static void test_130_aqueduct_bridge(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	const struct q_scn *s = SCN(f);
	int br = IDX(f, "2505"), from = IDX(f, "2506"), d = -1;
	for (int k = 0; k < 6; k++)
		if (map_nb(&s->map, from, k) == br)
			d = k;
	assert_true(d >= 0);
	assert_int_equal(s->map.terrain[br], TER_AQUEDUCT);
	assert_true(s->map.flags[br] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK));
	assert_int_equal(map_side_features(&s->map, from, d) & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK), 0);
	for (int t = Q_INF; t <= Q_HART; t++)
		assert_int_equal(s->step[q_mclass(t, false)][from * 6 + d], 2); /* 1 MP in halves */
	for (int t = Q_CAV; t <= Q_HART; t++)
		assert_int_equal(s->step[q_mclass(t, true)][from * 6 + d], PATH_NOWAY);
	assert_int_equal(s->step[q_mclass(Q_INF, true)][from * 6 + d], 2);

	/* a disrupted cavalry unit owed a retreat of one hex from 2604: 2605, never the bridge */
	int ru = side(f, "russian");
	clear_all(f);
	int c = place(f, "lan17", "2604");
	place(f, "sous1", "2704");
	set_turn(f, 3, ru, QP_MELEE);
	ST(f)->u[c].fl |= QF_DISRUPTED;
	q_owe_retreat(&f->g, c, 1, 0, -1, &f->sink, "[8.5]");
	assert_true(listed(f, "retreat lan17 2605"));
	assert_int_equal(count_listed(f, "retreat lan17 2505"), 0);
	refused(f, "retreat lan17 2505", 0, "[8.5]");
	fx_free(f);
	/* with 2605 held by the enemy, no way out: eliminated */
	f = fx_new(BALA, 0);
	clear_all(f);
	c = place(f, "lan17", "2604");
	place(f, "sous1", "2704");
	place(f, "sous2", "2605");
	set_turn(f, 3, ru, QP_MELEE);
	ST(f)->u[c].fl |= QF_DISRUPTED;
	q_owe_retreat(&f->g, c, 1, 0, -1, &f->sink, "[8.5]");
	q_settle(&f->g, &f->sink); /* (as the melee that owes it does) */
	assert_true(ST(f)->u[c].idx < 0);
	need_event(f, "[8.54]", "lan17 is eliminated");
	fx_free(f);
	/* undisrupted (as after an R result without [11.21]), the bridge is a way out */
	f = fx_new(BALA, 0);
	clear_all(f);
	c = place(f, "lan17", "2604");
	place(f, "sous1", "2704");
	set_turn(f, 3, ru, QP_MELEE);
	q_owe_retreat(&f->g, c, 1, 0, -1, &f->sink, "[8.5]");
	assert_true(listed(f, "retreat lan17 2505"));
	fx_free(f);

	/* advance after combat: the Turks in 2505 retreat 1 (die 4 at 3-1); the cavalry that
	 * attacked is disrupted ([11.21]) and may not follow onto the bridge, the infantry may */
	f = fx_new(BALA, 0);
	clear_all(f);
	place(f, "mil4", "2505");
	place(f, "od1", "2604");
	place(f, "kiev2", "2605");
	set_turn(f, 3, ru, QP_MELEE);
	ok(f, "melee od1,kiev2 > 2505", 4);
	need_event(f, "[8.5]", "mil4 must retreat 1 hex");
	ok(f, "retreat mil4 2405", 0);
	assert_true(q_disrupted(&f->g, U(f, "kiev2")));
	assert_true(listed(f, "advance od1 2505"));
	assert_int_equal(count_listed(f, "advance kiev2"), 0);
	fx_free(f);
}

/* The terminal map: an empty aqueduct hex shows '=', an Allied unit 'A' (the two were the
 * same letter). Row r's odd columns are on text line 1 + 2 (r - row0), even columns on the
 * line after; column c at character 3 + 3 (c - col0). */
static char drawn_at(struct fx *f, const char *text, int col, int row)
{
	const struct map *m = &SCN(f)->map;
	int line = 1 + 2 * (row - m->row0) + ((col & 1) ? 0 : 1);
	const char *p = text;
	for (int k = 0; k < line && p; k++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	assert_non_null(p);
	return p[3 + 3 * (col - m->col0)];
}

static void test_bal_map_glyphs(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	static char buf[1 << 16];
	assert_int_equal(SCN(f)->map.terrain[IDX(f, "2501")], TER_AQUEDUCT);
	f->g.rules->draw(&f->g, buf, sizeof buf, 0);
	assert_int_equal(drawn_at(f, buf, 25, 1), '=');  /* aqueduct, empty */
	assert_int_equal(drawn_at(f, buf, 7, 14), 'A');  /* mil6, Allied */
	assert_int_equal(drawn_at(f, buf, 7, 1), 'R');   /* sous3, Russian */
	assert_int_equal(drawn_at(f, buf, 1, 1), '.');   /* clear */
	assert_non_null(strstr(buf, "= aqueduct"));
	fx_free(f);
}

/* The map in colour (DRAW_COLOR, a terminal's): the same drawing once its escapes are taken
 * out; each side's units in its colour, bold unless disrupted, terrain in its own, each cell
 * reset after it. */
static void test_bal_map_colour(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	static char plain[1 << 16], col[1 << 17], stripped[1 << 17];
	size_t k = 0;
	f->g.rules->draw(&f->g, plain, sizeof plain, 0);
	UST(f, "mil5")->fl |= QF_DISRUPTED;
	f->g.rules->draw(&f->g, col, sizeof col, DRAW_COLOR);
	UST(f, "mil5")->fl &= (uint16_t)~QF_DISRUPTED;
	for (const char *p = col; *p; p++) {
		if (*p == '\033') { /* ESC [ digits and ; ... m */
			assert_int_equal(p[1], '[');
			p += 2;
			while (*p && *p != 'm')
				p++;
			assert_int_equal(*p, 'm');
			continue;
		}
		stripped[k++] = *p;
	}
	stripped[k] = '\0';
	/* the one difference: mil5 drawn disrupted, a lower-case letter */
	char *m5 = strstr(col, "\033[31ma");
	assert_non_null(m5); /* disrupted Allied: red, not bold */
	assert_non_null(strstr(col, "\033[1;31mA \033[0m")); /* an Allied unit alone */
	assert_non_null(strstr(col, "\033[1;32mR \033[0m")); /* a Russian one */
	assert_non_null(strstr(col, "\033[34m~\033[0m"));    /* the sea */
	assert_non_null(strstr(col, "\033[2;33m=\033[0m"));  /* the aqueduct */
	assert_int_equal(strlen(stripped), strlen(plain));
	size_t diff = 0;
	for (size_t i = 0; plain[i]; i++)
		diff += plain[i] != stripped[i];
	assert_int_equal(diff, 1);
	fx_free(f);
}

/* The prompt's `hex`: a disrupted unit's back values and its state; the zone of control of
 * the side not in the hex ([6.1]: a disrupted unit exerts none); off the map refused. */
static void test_bal_hex_info(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	static char buf[4096];
	clear_all(f);
	int od = place(f, "od1", "1006");
	place(f, "mil6", "1007");
	ST(f)->u[od].fl |= QF_DISRUPTED | QF_FIRED;
	ST(f)->u[od].mp = 3;
	assert_int_equal(f->g.rules->hex_info(&f->g, H("1006"), buf, sizeof buf, &f->e), 0);
	need_sub(buf, "od1 ");
	need_sub(buf, "russian infantry 1-3-2, MA 3, disrupted, 1.5 movement points spent, has fired [7.24]");
	need_sub(buf, "in the allied zone of control [6.1]");
	assert_null(strstr(buf, "russian zone")); /* the occupants' own side: not said */
	/* the militia's hex: od1 is disrupted and controls nothing */
	assert_int_equal(f->g.rules->hex_info(&f->g, H("1007"), buf, sizeof buf, &f->e), 0);
	need_sub(buf, "mil6 ");
	assert_null(strstr(buf, "zone of control"));
	assert_int_equal(f->g.rules->hex_info(&f->g, H("1008"), buf, sizeof buf, &f->e), 0);
	need_sub(buf, "no units");
	need_sub(buf, "in the allied zone of control [6.1]");
	assert_int_equal(f->g.rules->hex_info(&f->g, H("9999"), buf, sizeof buf, &f->e), -1);
	need_sub(f->e.msg, "not on the map");
	fx_free(f);
}

/* A fire whose shifts cancel ([7.42] a redoubt hexside -1, [9.26] a disrupted target +1)
 * still names them, "after shifts:", on the column it is read on. */
static void test_bal_fire_shifts_cancel(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian");
	clear_all(f);
	place(f, "mil3", "1811");
	UST(f, "mil3")->fl |= QF_DISRUPTED;
	place(f, "od1", "1810");
	set_turn(f, 1, ru, QP_OFFFIRE);
	ok(f, "fire od1 > 1811", 1);
	need_event(f, "[7.12]", "od1 fires at 1811 with 2 fire strength: column 2 after shifts: ");
	need_event(f, "[7.12]", "redoubt hexside [7.42]");
	need_event(f, "[7.12]", "disrupted target [9.26]");
	fx_free(f);
}

/* [23.2] the schedule; [23.1] a difference under fifty is a draw. */
static void test_bal_23_victory(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	struct result r = victory(f);
	/* the Allies were the last to occupy the three western redoubts (set-up): 30 */
	assert_int_equal(r.vp[al], 30);
	assert_int_equal(r.vp[ru], 0);
	assert_int_equal(r.winner, -1);
	q_place(ST(f), U(f, "lan17"), Q_ELIM);  /* British cavalry 2 x 2 */
	q_place(ST(f), U(f, "mil1"), Q_ELIM);   /* Turkish infantry 2 */
	q_place(ST(f), U(f, "marine4"), Q_ELIM); /* British artillery 8 */
	q_place(ST(f), U(f, "cda4_1"), Q_ELIM); /* French cavalry 2 */
	r = victory(f);
	assert_int_equal(r.vp[ru], 4 + 2 + 8 + 2);
	place(f, "gun2", "2012"); /* a redoubt gun remaining: 6 */
	q_place(ST(f), U(f, "bty5lt"), Q_ELIM); /* Russian artillery 15 */
	q_place(ST(f), U(f, "sous1"), Q_ELIM);  /* 3 */
	r = victory(f);
	assert_int_equal(r.vp[al], 30 + 6 + 15 + 3);
	assert_int_equal(r.winner, -1); /* 54 - 16 = 38 < 50 */
	q_place(ST(f), U(f, "bty7lt"), Q_ELIM);
	r = victory(f);
	assert_int_equal(r.vp[al] - r.vp[ru], 53);
	assert_int_equal(r.winner, al);
	need_sub(r.level, "Allied victory");
	/* the three eastern redoubts held by the Russians: 30 */
	place(f, "od1", "1811");
	place(f, "od2", "2012");
	place(f, "od3", "2313");
	r = victory(f);
	assert_int_equal(r.vp[ru], 16 + 30);
	assert_int_equal(r.winner, -1);
	fx_free(f);
}

/* Errata [23.21]: the raid's exit hex is 2025 (the printed 2026 corrected): a Russian unit with
 * movement points left exits there in its Movement Phase; two or more score 15; an exited unit
 * is not an eliminated one ([23.22] gives the Allies nothing for it). */
static void test_bal_2321_raid(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	place(f, "od1", "2025");
	place(f, "od2", "2025");
	place(f, "od3", "2024");
	set_turn(f, 5, ru, QP_MOVE);
	int allied_before = victory(f).vp[al];
	refused(f, "exit od3", 0, "[23.21] Russian units exit the map at 2025");
	ok(f, "exit od1", 0);
	need_event(f, "[23.21]", "od1 exits the map at 2025 to raid Balaclava");
	assert_int_equal(victory(f).vp[ru], 0); /* one is not a raid */
	ok(f, "exit od2", 0);
	struct result r = victory(f);
	assert_int_equal(r.vp[ru], 15);
	assert_int_equal(r.vp[al], allied_before);
	fx_free(f);
}

/* [23.22] "occupying or being the last to occupy" the three western redoubts: a Russian unit
 * ending an action in one takes the Allies' 30 points away, and they stay away after it
 * leaves, until an Allied unit ends an action there again. */
static void test_bal_2322_last_occupant(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	assert_int_equal(victory(f).vp[al], 30); /* the set-up's Turkish militia were the last */
	set_turn(f, 1, ru, QP_MOVE);
	place(f, "od1", "1113");
	ok(f, "move od1 1114", 0);
	assert_int_equal(HEXOF(f, "od1"), H("1114"));
	assert_int_equal(victory(f).vp[al], 0);
	place(f, "od1", "1013"); /* gone from the redoubt: the Russians are still the last in it */
	ok(f, "end", 0);
	assert_int_equal(victory(f).vp[al], 0);
	set_turn(f, 1, al, QP_MOVE);
	place(f, "mil5", "1115");
	ok(f, "move mil5 1114", 0);
	assert_int_equal(HEXOF(f, "mil5"), H("1114"));
	assert_int_equal(victory(f).vp[al], 30);
	fx_free(f);
}

/* ================================================================ Inkerman */

static int sev_idx(struct fx *f)
{
	for (int i = 0; i < SCN(f)->map.n; i++)
		if (SCN(f)->zone[i] == 1)
			return i;
	return -1;
}

/* [16.31] only Russian units in Sevastopol and the Mamelon; [16.32] in and out by road only. */
static void test_ink_163_sevastopol(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	const struct q_scn *s = SCN(f);
	int sv = sev_idx(f), nroad = 0, noway = 0;
	assert_true(sv >= 0);
	assert_true(q_battle_closed(&f->g, U(f, "b_cdsm"), sv));
	assert_false(q_battle_closed(&f->g, U(f, "r_tomsk1"), sv));
	assert_true(q_battle_closed(&f->g, U(f, "b_cdsm"), IDX(f, "0511"))); /* the Mamelon */
	for (int i = 0; i < s->map.n; i++)
		for (int d = 0; d < 6; d++) {
			int j = map_nb(&s->map, i, d);
			if (j < 0 || s->zone[i] == s->zone[j] || !(s->map.flags[j] & HEXF_ONMAP) ||
			    !(s->map.flags[i] & HEXF_ONMAP))
				continue;
			bool road = map_side_features(&s->map, i, d) & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK);
			int c = s->step[q_mclass(Q_INF, false)][i * 6 + d];
			if (road)
				nroad += c != PATH_NOWAY;
			else
				noway += c == PATH_NOWAY;
			if (!road)
				assert_int_equal(c, PATH_NOWAY);
		}
	assert_true(nroad > 0 && noway > 0);
	fx_free(f);
}

/* [16.4] exits (errata [22.2]: 1826-2226 one VP, 2327-2727 two); [16.43] never into the
 * harbour; [16.45] only in the owner's Movement Phase. */
static void test_ink_164_exits(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int ru = side(f, "russian");
	clear_all(f);
	place(f, "r_tomsk1", "2025");
	place(f, "r_tomsk2", "0801");
	set_turn(f, 12, 1 - ru, QP_MOVE);
	refused(f, "exit r_tomsk1", 0, "[16.45]");
	set_turn(f, 12, ru, QP_MOVE);
	refused(f, "exit r_tomsk2", 0, "[16.41]"); /* the harbour row */
	ok(f, "exit r_tomsk1", 0);
	need_event(f, "[16.4]", "1 victory point");
	struct result r = victory(f);
	assert_int_equal(r.vp[ru], 1);
	fx_free(f);
}

/* Errata [22.2]: exits into 1826-2226 score one point and into 2327-2727 two (the printed
 * 2026-2426 and 2527-2927 corrected); the Russians' once-a-game
 * hexes are 1823, 1824, 1924, 2415, 2515, 2516, 2615, 2524 (not the printed 1723, 1724);
 * [22.2 & 22.3]: the Lancaster Battery is 1314 (not 1514). */
static void test_ink_22_errata_hexes(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int ru = side(f, "russian");
	clear_all(f);
	place(f, "r_tomsk1", "1825");
	place(f, "r_tomsk2", "2326");
	set_turn(f, 12, ru, QP_MOVE);
	ok(f, "exit r_tomsk1", 0);
	assert_int_equal(victory(f).vp[ru], 1);
	ok(f, "exit r_tomsk2", 0);
	assert_int_equal(victory(f).vp[ru], 3);
	fx_free(f);

	f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "r_tomsk1", "1924");
	place(f, "r_tomsk2", "1723");
	set_turn(f, 12, ru, QP_MOVE);
	ok(f, "end", 0);
	assert_int_equal(victory(f).vp[ru], 1);
	fx_free(f);

	/* control, the last side in the hex after an action ([22.1]): 1314 scores, 1514 not */
	f = fx_new(INKH, 0);
	clear_all(f);
	int before = victory(f).vp[ru];
	place(f, "r_tomsk1", "1514");
	set_turn(f, 12, ru, QP_MOVE);
	ok(f, "end", 0);
	assert_int_equal(victory(f).vp[ru], before);
	place(f, "r_tomsk2", "1314");
	ok(f, "end", 0);
	assert_int_equal(victory(f).vp[ru], before + 2);
	fx_free(f);
}

/* [17.11] woods are clear for sighting; [17.2] ravine examples: 1715 and 1912 see each other
 * on Clear turns, and so do 0508 and 0910. */
static void test_ink_17_sight(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	assert_int_equal(q_battle_los_hex(&f->g, IDX(f, "0112")), 0);
	ST(f)->turn = 12;
	see(f, "1715", "1912");
	see(f, "0508", "0910");
	ST(f)->turn = 9; /* Fog, third turn: 2 hexes */
	blocked(f, "1715", "1912", "[18.5]");
	fx_free(f);
}

/* [18.2] allowances one less in Night and Fog: battalion 6, disrupted skirmisher 3. */
static void test_ink_182_allowances(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int bn = U(f, "b_cdsm"), sk = U(f, "b_a55");
	ST(f)->u[sk].fl |= QF_DISRUPTED;
	assert_int_equal(ST(f)->turn, 8);
	assert_int_equal(q_ma(&f->g, bn), 6);
	assert_int_equal(q_ma(&f->g, sk), 3);
	ST(f)->turn = 12;
	assert_int_equal(q_ma(&f->g, bn), 7);
	assert_int_equal(q_ma(&f->g, sk), 4);
	assert_int_equal(q_ma(&f->g, U(f, "b_ltbde")), 10);
	fx_free(f);
}

/* [18.31] one column left in Night and Fog; the example: 10 fire at night -> the 7 column.
 * [20.12] an unstacked skirmisher target: one more (docs/TABLES.md: the code follows
 * [18.31] literally, so the [20.12] example's 9 -> "6" comes out as 5). */
static void test_ink_1831_fire_shift(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKO, 0);
	int al = side(f, "allied");
	char why[128];
	clear_all(f);
	place(f, "r_tomsk1", "2617");
	place(f, "b_cdsm", "2616");
	place(f, "b_gren", "2717");
	place(f, "b_a33lt", "2518");
	set_turn(f, 3, al, QP_OFFFIRE);
	assert_int_equal(q_battle_fire_shift(&f->g, U(f, "r_tomsk1"), why, sizeof why), -1);
	need_sub(why, "[18.31]");
	struct q_odds night = fire_odds(f, "fire b_cdsm,b_gren,b_a33lt > 2617");
	ST(f)->turn = 15;
	struct q_odds clear = fire_odds(f, "fire b_cdsm,b_gren,b_a33lt > 2617");
	assert_int_equal(night.total_a, 10);   /* the example's combined strength of 10 */
	assert_int_equal(clear.column, 7);     /* by day, the 8+ column (2617 gives no shift) */
	assert_int_equal(night.column, 6);     /* at night one to the left: the example's "7" */
	/* [20.12] */
	int sk = place(f, "b_a55", "2816");
	ST(f)->turn = 9;
	assert_int_equal(q_battle_fire_shift(&f->g, sk, why, sizeof why), -2);
	need_sub(why, "[20.12]");
	place(f, "b_b55", "2816"); /* stacked: no more */
	assert_int_equal(q_battle_fire_shift(&f->g, sk, why, sizeof why), -1);
	fx_free(f);
}

/* [18.54] fog sighting: 1, 1, 2, 4, 7 hexes on fog turns 1-5 (errata: turn 8 is the second);
 * [18.55] artillery firing in the dark is spotted until it moves. */
static void test_ink_1854_sighting(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKO, 0);
	static const int range[12] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 7, 99};
	char why[128];
	/* along row 24 of open ground: distance k from 0224 */
	for (int t = 1; t <= 12; t++) {
		ST(f)->turn = (int16_t)t;
		for (int k = 1; k <= 8; k++) {
			int a = map_index(&SCN(f)->map, H("1020")), b = map_index(&SCN(f)->map, hex_make(10, 20 - k));
			int rc = q_los(&f->g, a, b, why, sizeof why);
			if (k > range[t - 1]) {
				assert_false(rc);
				need_sub(why, "[18.5]");
			} else if (!rc) {
				assert_null(strstr(why, "[18.5]"));
			}
		}
	}
	/* spotted artillery */
	int gun = place(f, "b_2div_art1", "1020");
	ST(f)->u[gun].aux = 0; /* moved from Home Ridge: no longer spotted ([29.26] rule 4) */
	ST(f)->turn = 3;
	place(f, "r_tomsk1", "1014");
	assert_false(q_los(&f->g, IDX(f, "1014"), IDX(f, "1020"), why, sizeof why));
	ST(f)->u[gun].fl |= QF_FIRED;
	q_battle_after_action(&f->g, &f->sink);
	int rc = q_los(&f->g, IDX(f, "1014"), IDX(f, "1020"), why, sizeof why);
	if (!rc)
		assert_null(strstr(why, "[18.5]")); /* terrain may still block, not the range */
	q_battle_after_move(&f->g, gun, &f->sink);
	assert_false(q_los(&f->g, IDX(f, "1014"), IDX(f, "1020"), why, sizeof why));
	fx_free(f);
}

/* [18.41], [18.42] rally at Night or in Fog: other units ignored, +1; morale 1 never. */
static void test_ink_184_rally(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	char why[128];
	clear_all(f);
	int u = place(f, "r_tomsk1", "1010");
	place(f, "b_cdsm", "1011");
	place(f, "r_tomsk2", "1110");
	ST(f)->u[u].fl |= QF_DISRUPTED;
	assert_int_equal(q_battle_rally_mod(&f->g, u, 0, why, sizeof why), 1);
	need_sub(why, "[18.42]");
	ST(f)->turn = 12;
	assert_int_equal(q_battle_rally_mod(&f->g, u, 0, why, sizeof why), 0); /* +1 enemy -1 friend */
	int b = place(f, "r_borodino1", "2020");
	ST(f)->u[b].fl |= QF_DISRUPTED;
	hook_allows(q_battle_may_rally(&f->g, b, &f->e), &f->e);
	ST(f)->turn = 9;
	hook_refuses(q_battle_may_rally(&f->g, b, &f->e), &f->e, "[18.4]");
	hook_allows(q_battle_may_rally(&f->g, u, &f->e), &f->e);
	fx_free(f);
}

/* [19.1] stacking: two Russians; British only with artillery or a skirmisher ([19.16], not the
 * Light Brigade); [19.13] never British with French; [21.24] French not in a picket hex. */
static void test_ink_191_stacking(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "r_tomsk1", "1010");
	assert_true(q_stack_ok(&f->g, U(f, "r_tomsk2"), IDX(f, "1010")));
	place(f, "b_cdsm", "2020");
	assert_true(q_stack_ok(&f->g, U(f, "b_a55"), IDX(f, "2020")));
	assert_false(q_stack_ok(&f->g, U(f, "b_gren"), IDX(f, "2020")));
	assert_true(q_stack_ok(&f->g, U(f, "b_2div_art1"), IDX(f, "2020")));
	place(f, "b_ltbde", "2220");
	assert_false(q_stack_ok(&f->g, U(f, "b_a55"), IDX(f, "2220")));
	int fa = U(f, "f_pstn");
	place(f, "b_2div_art1", "2420");
	hook_refuses(q_battle_move_ok(&f->g, U(f, "f_2_6line"), IDX(f, "2420"), &f->e), &f->e, "[19.13]");
	hook_refuses(q_battle_move_ok(&f->g, fa, IDX(f, "2020"), &f->e), &f->e, "[19.13]");
	place(f, "b_picket_1616", "1616");
	hook_refuses(q_battle_move_ok(&f->g, fa, IDX(f, "1616"), &f->e), &f->e, "[21.24]");
	place(f, "f_2_6line", "2620");
	hook_allows(q_battle_move_ok(&f->g, fa, IDX(f, "2620"), &f->e), &f->e);
	assert_true(q_stack_ok(&f->g, fa, IDX(f, "2620")));
	fx_free(f);
}

/* [19.21]-[19.24]: only the top unit fires and is fired upon unless both are artillery or
 * both skirmishers; two skirmishers may not fire at the same unit; when the top unit leaves,
 * the other may be fired upon ([19.24] example). */
static void test_ink_192_stacked_fire(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int out[Q_STACK_MAX];
	clear_all(f);
	int r1 = place(f, "r_tomsk1", "0806");
	int r2 = place(f, "r_tomsk2", "0806");
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "0806"), out), 1);
	assert_int_equal(out[0], r2);
	int s1 = place(f, "b_a55", "0707"), s2 = place(f, "b_b55", "0707");
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "0707"), out), 2);
	assert_int_equal(q_battle_fire_from_bottom(&f->g, s1), 1);
	int both[2] = {s1, s2};
	hook_refuses(q_battle_fire_group_ok(&f->g, both, 2, &f->e), &f->e, "[19.23]");
	int s3 = place(f, "b_a95", "0807");
	int mix[2] = {s2, s3};
	hook_allows(q_battle_fire_group_ok(&f->g, mix, 2, &f->e), &f->e);
	/* the top Russian unit retreats: the other may now be fired upon */
	q_place(ST(f), r2, IDX(f, "0805"));
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "0806"), out), 1);
	assert_int_equal(out[0], r1);
	place(f, "b_2div_art1", "1010");
	place(f, "b_2div_art2", "1010");
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "1010"), out), 2);
	fx_free(f);
}

/* [19.24] example, played: two British Skirmishers in 0707 and two in 0807, two Russian
 * battalions in 0806 and two in 0706 (the later placed on top). */
static struct fx *ink_1924_position(void)
{
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "r_borodino2", "0806"); /* bottom */
	place(f, "r_borodino1", "0806"); /* top */
	place(f, "r_tomsk4", "0706");
	place(f, "r_tomsk3", "0706");
	place(f, "b_a55", "0707");
	place(f, "b_b55", "0707");
	place(f, "b_a95", "0807");
	place(f, "b_b95", "0807");
	return f;
}

/* [19.24] example: "Either British unit in either hex may make a fire attack on the top Russian
 * unit in 0806. If the top unit in 0707 and the bottom unit in 0807 combine in a fire attack that
 * results in the retreat of the top Russian unit out of 0806, the bottom unit in 0707 and the top
 * unit in 0807 may now combine in a fire attack on the remaining Russian unit in 0806. If the top
 * units in hexes 0806 and 0706 combine in a fire attack [...], the two bottom Russian units may
 * not fire" ([19.21], the Standard Rules' [7.22] with its exceptions: the refusal cites [7.22]). The Russians here are Borodino's (morale 1, shown 2 at Inkerman) so that
 * two Skirmishers' 4 can retreat one: die 5, result 3. */
static void test_ink_1924_example(void **state)
{
	(void)state;
	struct fx *f = ink_1924_position();
	set_turn(f, 15, side(f, "allied"), QP_OFFFIRE);
	assert_true(listed(f, "fire b_a55 > 0806")); /* every Skirmisher of both stacks */
	assert_true(listed(f, "fire b_b55 > 0806"));
	assert_true(listed(f, "fire b_a95 > 0806"));
	assert_true(listed(f, "fire b_b95 > 0806"));
	ok(f, "fire b_b55,b_a95 > 0806", 5); /* top of 0707, bottom of 0807 */
	need_event(f, "[7.12]", "b_b55, b_a95 fire at 0806 with 4 fire strength");
	need_event(f, "[7.15]", "r_borodino1 must retreat 1 hex");
	ok(f, "retreat r_borodino1 0805", 0);
	assert_int_equal(HEXOF(f, "r_borodino1"), H("0805"));
	ok(f, "fire b_a55,b_b95 > 0806", 6); /* bottom of 0707, top of 0807, at the one left */
	need_event(f, "[7.13]", "r_borodino2 is disrupted");
	fx_free(f);

	f = ink_1924_position();
	set_turn(f, 15, side(f, "russian"), QP_OFFFIRE);
	assert_true(listed(f, "fire r_borodino1 > 0707"));
	assert_true(listed(f, "fire r_tomsk3 > 0707"));
	assert_int_equal(count_listed(f, "fire r_borodino2"), 0);
	assert_int_equal(count_listed(f, "fire r_tomsk4"), 0);
	refused(f, "fire r_borodino2 > 0707", 1, "[7.22]");
	refused(f, "fire r_tomsk4 > 0707", 1, "[7.22]");
	ok(f, "fire r_borodino1,r_tomsk3 > 0707", 1); /* the top units, combined */
	need_event(f, "[7.12]", "r_borodino1, r_tomsk3 fire at 0707");
	refused(f, "fire r_borodino2 > 0807", 1, "[7.22]"); /* nor at the other stack */
	assert_int_equal(count_listed(f, "fire r_borodino2"), 0);
	assert_int_equal(count_listed(f, "fire r_tomsk4"), 0);
	fx_free(f);
}

/* [19.3] both units of a stack that attack do so together. */
static void test_ink_193_stack_melee(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	int a = place(f, "r_tomsk1", "1010"), b = place(f, "r_tomsk2", "1010");
	struct action one = {QA_MELEE, 4, {1, a, 1, IDX(f, "1011")}};
	struct action two = {QA_MELEE, 5, {2, a, b, 1, IDX(f, "1011")}};
	hook_allows(q_battle_melee_ok(&f->g, &one, &f->e), &f->e);
	hook_allows(q_battle_melee_ok(&f->g, &two, &f->e), &f->e);
	ST(f)->u[b].fl |= QF_MELEED; /* b attacked alone */
	hook_refuses(q_battle_melee_ok(&f->g, &one, &f->e), &f->e, "[19.3]");
	fx_free(f);
}

/* A one-hex retreat with one way out, for [19.42]/[19.43]: `ret` in O (1010) is attacked
 * from E, the neighbour in direction 0 (enemy unit `enemy`); E controls two of O's hexes, the
 * other two besides T (direction 3, two hexes from E) each hold two friendly guns, where no
 * third unit may end ([8.62]). Returns T; x[] gets the three hexes beyond T (the hexes a unit
 * displaced from T may go to, [8.56] three from E). */
static int one_way(struct fx *f, const char *ret, const char *enemy, int *x)
{
	const struct map *m = &SCN(f)->map;
	static const char *const rguns[4] = {"r_p_ltpstn", "r_p_position", "r_p_light1", "r_p_light2"};
	static const char *const aguns[4] = {"b_2div_art1", "b_2div_art2", "b_181br", "a_bg_1825"};
	const char *const *guns = SCN(f)->u[U(f, ret)].side == side(f, "russian") ? rguns : aguns;
	int o = IDX(f, "1010"), e = map_nb(m, o, 0), t = map_nb(m, o, 3), ng = 0, nx = 0;
	clear_all(f);
	place(f, ret, "1010");
	q_place(ST(f), U(f, enemy), e);
	assert_int_equal(hex_distance(map_hex(m, e), map_hex(m, t)), 2);
	for (int d = 0; d < 6; d++) {
		int n = map_nb(m, o, d);
		if (n != t && hex_distance(map_hex(m, e), map_hex(m, n)) == 2)
			for (int k = 0; k < 2; k++)
				q_place(ST(f), U(f, guns[ng++]), n);
		int b = map_nb(m, t, d);
		if (hex_distance(map_hex(m, e), map_hex(m, b)) == 3)
			x[nx++] = b;
	}
	assert_int_equal(ng, 4);
	assert_int_equal(nx, 3);
	set_turn(f, 14, 1 - side(f, "russian"), QP_MELEE);
	return t;
}

static void owe_retreat(struct fx *f, const char *id, int hexes)
{
	q_owe_retreat(&f->g, U(f, id), hexes, 0, -1, &f->sink, "[8.4]");
	q_settle(&f->g, &f->sink);
}

static void fmt_hex_of(struct fx *f, int idx, char *hx)
{
	hex_format(map_hex(&SCN(f)->map, idx), hx);
}

/* [19.43] a single unit retreated into a hex occupied by another single unit forms a stack
 * unless prohibited by the stacking rules: two Russians stack ([19.12]), nobody is displaced;
 * two British infantry may not ([19.15]): the other is displaced ([8.61]). [8.53]/[8.64]: a
 * vacant hex still comes first, and forming a stack before displacing. */
static void test_ink_1943_single_forms_stack(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int x[3], t = one_way(f, "r_tomsk1", "b_20_4", x);
	char hx[8];
	place_idx_b(f, "r_tomsk2", t);
	owe_retreat(f, "r_tomsk1", 1);
	assert_int_equal(ST(f)->npend, 0); /* no choice: it goes into T */
	assert_int_equal(UST(f, "r_tomsk1")->idx, t);
	assert_int_equal(UST(f, "r_tomsk2")->idx, t); /* not displaced */
	need_event(f, "[19.43]", "r_tomsk1 forms a stack with r_tomsk2");
	assert_false(has_event(f, "[8.61]", NULL));

	/* British: b_gren and b_cdsm may not stack, so b_cdsm makes way */
	t = one_way(f, "b_gren", "r_tomsk3", x);
	set_turn(f, 14, side(f, "russian"), QP_MELEE);
	place_idx_b(f, "b_cdsm", t);
	f->sink.n = 0;
	owe_retreat(f, "b_gren", 1);
	assert_int_equal(q_deciding(&f->g), 1 - side(f, "russian"));
	assert_int_equal(count_listed(f, "retreat b_cdsm "), 3); /* its owner chooses ([8.61]) */
	fmt_hex_of(f, x[0], hx);
	char txt[64];
	snprintf(txt, sizeof txt, "retreat b_cdsm %s", hx);
	ok(f, txt, 0);
	assert_int_equal(UST(f, "b_gren")->idx, t);
	assert_int_equal(UST(f, "b_cdsm")->idx, x[0]);
	assert_false(has_event(f, "[19.43]", NULL));
	/* a British skirmisher may stack with British infantry ([19.16]): no displacement */
	t = one_way(f, "b_gren", "r_tomsk3", x);
	set_turn(f, 14, side(f, "russian"), QP_MELEE);
	place_idx_b(f, "b_a55", t);
	f->sink.n = 0;
	owe_retreat(f, "b_gren", 1);
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(UST(f, "b_a55")->idx, t);
	need_event(f, "[19.43]", "b_gren forms a stack with b_a55");

	/* [8.53] a vacant hex first: free one of the gun hexes */
	t = one_way(f, "r_tomsk1", "b_20_4", x);
	place_idx_b(f, "r_tomsk2", t);
	int gun = UST(f, "r_p_light2")->idx;
	q_place(ST(f), U(f, "r_p_light2"), Q_ABSENT);
	q_place(ST(f), U(f, "r_p_light1"), Q_ABSENT);
	f->sink.n = 0;
	owe_retreat(f, "r_tomsk1", 1);
	assert_int_equal(UST(f, "r_tomsk1")->idx, gun);
	/* [8.64] forming a stack before displacing: T holds one unit, the gun hex a stack of two */
	t = one_way(f, "r_tomsk1", "b_20_4", x);
	place_idx_b(f, "r_tomsk2", t);
	gun = UST(f, "r_p_light2")->idx;
	q_place(ST(f), U(f, "r_p_light2"), Q_ABSENT);
	q_place(ST(f), U(f, "r_p_light1"), Q_ABSENT);
	place_idx_b(f, "r_tomsk3", gun);
	place_idx_b(f, "r_tomsk4", gun);
	f->sink.n = 0;
	owe_retreat(f, "r_tomsk1", 1);
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(UST(f, "r_tomsk1")->idx, t);
	need_event(f, "[19.43]", NULL);
	fx_free(f);
}

/* [19.42] a single unit retreating into a stack: its owner displaces one unit of the stack
 * (the other stays, and the retreating unit stacks with it) or both as a stack. Two decisions:
 * "retreat X HEX" (either unit, any of its [8.61] hexes), then "retreat Y HEX" into X's hex
 * to go with it, or "end" to stay. */
static void test_ink_1942_stack_displaced(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0), *w = fx_new(INKH, 0);
	int x[3], t = one_way(f, "r_tomsk1", "b_20_4", x), ru = side(f, "russian");
	char hx[8], hy[8], txt[64];
	place_idx_b(f, "r_tomsk2", t);
	place_idx_b(f, "r_tomsk3", t);
	owe_retreat(f, "r_tomsk1", 1);
	need_event(f, "[19.42]", "r_tomsk1 retreats into");
	assert_int_equal(q_deciding(&f->g), ru);
	assert_int_equal(count_listed(f, "retreat r_tomsk2 "), 3);
	assert_int_equal(count_listed(f, "retreat r_tomsk3 "), 3);
	assert_int_equal(count_listed(f, "retreat r_tomsk1 "), 0);
	fmt_hex_of(f, x[0], hx);
	fmt_hex_of(f, x[1], hy);
	snprintf(txt, sizeof txt, "retreat r_tomsk2 %s", hx);
	ok(f, txt, 0);
	need_event(f, "[19.42]", "r_tomsk2 is displaced from");
	assert_int_equal(UST(f, "r_tomsk2")->idx, x[0]);
	assert_int_equal(UST(f, "r_tomsk1")->idx, IDX(f, "1010")); /* paused */
	assert_int_equal(q_deciding(&f->g), ru);
	list(f);
	assert_int_equal(f->nacts, 2);
	snprintf(txt, sizeof txt, "retreat r_tomsk3 %s", hx);
	assert_true(listed(f, txt));
	assert_true(listed(f, "end"));
	snprintf(txt, sizeof txt, "retreat r_tomsk3 %s", hy);
	refused(f, txt, 0, "[19.42]"); /* as a stack: into the same hex */

	/* (a) one unit displaced: r_tomsk3 stays, r_tomsk1 stacks with it */
	w->g = f->g;
	w->sink.n = 0;
	ok(w, "end", 0);
	need_event(w, "[19.42]", "r_tomsk3 stays");
	assert_int_equal(q_cst(&w->g)->npend, 0);
	assert_int_equal(q_cst(&w->g)->u[U(w, "r_tomsk1")].idx, t);
	assert_int_equal(q_cst(&w->g)->u[U(w, "r_tomsk3")].idx, t);
	assert_int_equal(q_cst(&w->g)->u[U(w, "r_tomsk2")].idx, x[0]);

	/* (b) both as a stack: r_tomsk3 goes with r_tomsk2, r_tomsk1 alone in T */
	snprintf(txt, sizeof txt, "retreat r_tomsk3 %s", hx);
	ok(f, txt, 0);
	need_event(f, "[19.42]", "the stack is displaced together");
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(UST(f, "r_tomsk3")->idx, x[0]);
	assert_int_equal(UST(f, "r_tomsk2")->idx, x[0]);
	assert_int_equal(UST(f, "r_tomsk1")->idx, t);

	/* British infantry and a skirmisher: b_gren retreating may stay with the skirmisher, not
	 * with the infantry ([19.15]), so displacing the skirmisher first leaves the infantry
	 * only to go with it */
	t = one_way(f, "b_gren", "r_tomsk4", x);
	set_turn(f, 14, ru, QP_MELEE);
	place_idx_b(f, "b_cdsm", t);
	place_idx_b(f, "b_a55", t);
	f->sink.n = 0;
	owe_retreat(f, "b_gren", 1);
	assert_int_equal(count_listed(f, "retreat b_cdsm "), 3);
	assert_int_equal(count_listed(f, "retreat b_a55 "), 3);
	fmt_hex_of(f, x[2], hx);
	snprintf(txt, sizeof txt, "retreat b_a55 %s", hx);
	ok(f, txt, 0);
	/* b_cdsm may not stay: it goes with b_a55, the only choice, taken by the program */
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(UST(f, "b_cdsm")->idx, x[2]);
	assert_int_equal(UST(f, "b_a55")->idx, x[2]);
	assert_int_equal(UST(f, "b_gren")->idx, t);
	fx_free(w);
	fx_free(f);
}

/* [19.51] stacked battalions of one regiment: +1 morale in fire and melee, [19.52] never at
 * night or in fog; not in the rally phase. */
static void test_ink_195_regimental(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int t1 = U(f, "r_tomsk1");
	assert_int_equal(HEXOF(f, "r_tomsk2"), HEXOF(f, "r_tomsk1"));
	set_turn(f, 12, side(f, "russian"), QP_MELEE);
	assert_int_equal(q_morale(&f->g, t1), 3);
	ST(f)->u[t1].fl |= QF_DISRUPTED; /* even disrupted */
	assert_int_equal(q_morale(&f->g, t1), 3);
	ST(f)->turn = 11;
	assert_int_equal(q_morale(&f->g, t1), 2);
	set_turn(f, 12, side(f, "russian"), QP_RALLY);
	assert_int_equal(q_morale(&f->g, t1), 2);
	fx_free(f);
}

/* [20.3] two undisrupted skirmishers of one battalion stacked at the end of the Allied Rally
 * Phase of a Clear turn become one unit: strengths added, parentheses ignored, MA 7. */
static void test_ink_203_forming(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied");
	clear_all(f);
	int a = place(f, "b_b55", "2020"), b = place(f, "b_a55", "2020");
	(void)a;
	set_turn(f, 11, al, QP_RALLY); /* Fog: no */
	ok(f, "end", 0);
	assert_false(has_event(f, "[20.32]", NULL));
	set_turn(f, 12, al, QP_RALLY);
	ST(f)->u[a].fl |= QF_DISRUPTED;
	ok(f, "end", 0);
	assert_false(has_event(f, "[20.32]", NULL)); /* one is disrupted */
	set_turn(f, 12, al, QP_RALLY);
	ST(f)->u[a].fl = 0;
	ok(f, "end", 0);
	need_event(f, "[20.32]", NULL);
	assert_int_equal(ST(f)->u[a].idx, Q_ABSENT);
	assert_int_equal(HEXOF(f, "b_a55"), H("2020"));
	assert_int_equal(q_fire(&f->g, b), 4);
	assert_int_equal(q_melee(&f->g, b), 2);
	assert_int_equal(q_ma(&f->g, b), 7);
	ST(f)->u[b].fl |= QF_DISRUPTED;
	assert_int_equal(q_fire(&f->g, b), 2);
	assert_false(q_battle_paren(&f->g, b, false, true));
	assert_false(q_battle_paren(&f->g, b, true, true));
	assert_int_equal(q_ma(&f->g, b), 4);
	/* a battalion now: a third skirmisher may join it ([20.33]); no [20.12] shift */
	assert_true(q_stack_ok(&f->g, U(f, "b_a95"), IDX(f, "2020")));
	char why[64];
	ST(f)->turn = 13;
	assert_int_equal(q_battle_fire_shift(&f->g, b, why, sizeof why), 0);
	/* eliminated: worth both counters' melee points ([22.2]) */
	q_place(ST(f), b, Q_ELIM);
	assert_int_equal(victory(f).vp[side(f, "russian")], 2);
	assert_int_equal(q_fire(&f->g, b), 2);
	fx_free(f);
}

/* [21] pickets: immobile, a British unit with one is on top, three eliminated score 1. */
static void test_ink_21_pickets(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int ru = side(f, "russian"), p = U(f, "b_picket_1616");
	ST(f)->turn = 12;
	hook_refuses(q_can_move(&f->g, p, &f->e), &f->e, "may not move");
	int stk[Q_STACK_MAX];
	place(f, "b_a47", "1616");
	ST(f)->u[U(f, "b_a47")].layer = 1;
	assert_int_equal(q_stack(&f->g, IDX(f, "1616"), stk, Q_STACK_MAX), 2);
	assert_int_equal(stk[0], U(f, "b_a47"));
	struct result r0 = victory(f);
	q_eliminate(&f->g, p, &f->sink, "[21.23]", "test");
	q_eliminate(&f->g, U(f, "b_picket_1717"), &f->sink, "[21.23]", "test");
	assert_int_equal(victory(f).vp[ru], r0.vp[ru]);
	q_eliminate(&f->g, U(f, "b_picket_1919"), &f->sink, "[21.23]", "test");
	assert_int_equal(victory(f).vp[ru], r0.vp[ru] + 1);
	fx_free(f);
}

/* [22.41] under 9 Russian points: Allied Decisive; [22.42] 9-11: at least Allied Tactical. */
static void test_ink_22_levels(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int ru = side(f, "russian");
	clear_all(f);
	struct result r = victory(f);
	int va = r.vp[1 - ru];
	assert_int_equal(r.vp[ru], 0);
	need_sub(r.level, "Allied Decisive Victory");
	need_sub(r.level, "[22.41]");
	/* 3 + 3 + 3 = 9 Russian points (Guards battalions' melee) */
	q_place(ST(f), U(f, "b_cdsm"), Q_ELIM);
	q_place(ST(f), U(f, "b_gren"), Q_ELIM);
	q_place(ST(f), U(f, "b_sfg"), Q_ELIM);
	r = victory(f);
	assert_int_equal(r.vp[ru], 9);
	if (9 - va >= -4)
		need_sub(r.level, "[22.42]");
	q_place(ST(f), U(f, "b_7lt"), Q_ELIM);
	r = victory(f);
	assert_int_equal(r.vp[ru], 12);
	assert_null(strstr(r.level, "[22.42]"));
	q_place(ST(f), U(f, "b_2div_art1"), Q_ELIM); /* artillery: 3 */
	assert_int_equal(victory(f).vp[ru], 15);
	fx_free(f);
}

/* [29.16] releases: a group is released when one of its units is attacked; the two French
 * units roll each Game-Turn after they enter (1-3 move). */
static void test_ink_2916_releases(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied"), ru = side(f, "russian");
	hook_refuses(q_can_move(&f->g, U(f, "b_cdsm"), &f->e), &f->e, "[29.16]");
	hook_refuses(q_can_move(&f->g, U(f, "b_7lt"), &f->e), &f->e, "[29.16]");
	UST(f, "b_gren")->fl |= QF_FIRED_AT;
	q_battle_after_action(&f->g, &f->sink);
	need_event(f, "[29.16]", "b_gren");
	hook_allows(q_can_move(&f->g, U(f, "b_cdsm"), &f->e), &f->e);
	hook_refuses(q_can_move(&f->g, U(f, "b_7lt"), &f->e), &f->e, "[29.16]");
	/* Russian release turns */
	set_turn(f, 12, ru, QP_MOVE);
	hook_refuses(q_can_move(&f->g, U(f, "r_susdal1"), &f->e), &f->e, "Game-Turn 13");
	hook_allows(q_can_move(&f->g, U(f, "r_vladimir1"), &f->e), &f->e);
	/* the French die */
	place(f, "f_2_6line", "2325");
	set_turn(f, 12, ru, QP_RALLY);
	ok(f, "end", 4);
	need_event(f, "[29.16]", "die 4, it may not move");
	assert_int_equal(ST(f)->phasing, al);
	hook_refuses(q_can_move(&f->g, U(f, "f_2_6line"), &f->e), &f->e, "[29.16]");
	set_turn(f, 13, ru, QP_RALLY);
	ok(f, "end", 3);
	need_event(f, "[29.16]", "die 3, it may move");
	hook_allows(q_can_move(&f->g, U(f, "f_2_6line"), &f->e), &f->e);
	fx_free(f);
}

/* [29.26] rule 4: the Home Ridge guns begin spotted; rule 7: Russian stacking restrictions
 * (Soimonov's infantry stacks only in Sevastopol, Paulov's never) until the turn after an
 * attack or three units within three hexes of a British unit; rule 6: on the Allies' first
 * moving turn, disrupted units neither attacked nor moved recover. */
static void test_ink_2926_option(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKO, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	char why[128];
	int gun = -1;
	for (int u = 0; u < SCN(f)->nunits; u++)
		if (ST(f)->u[u].idx == IDX(f, "2414") && SCN(f)->u[u].type == Q_ART)
			gun = u;
	assert_true(gun >= 0);
	/* rule 4: the gun on 2414 begins spotted: seen from three hexes on a Night turn */
	int far = -1;
	for (int i = 0; i < SCN(f)->map.n && far < 0; i++)
		if ((SCN(f)->map.flags[i] & HEXF_ONMAP) &&
		    hex_distance(map_hex(&SCN(f)->map, i), H("2414")) == 3 && q_los(&f->g, i, IDX(f, "2414"), why, sizeof why))
			far = i;
	assert_true(far >= 0);

	/* rule 7 */
	int s1 = U(f, "r_tomsk1"), s2 = U(f, "r_tomsk2");
	int sv = UST(f, "r_tomsk1")->idx;
	assert_int_equal(SCN(f)->zone[sv], 1);
	place(f, "r_tomsk2", "1212");
	hook_refuses(q_battle_move_ok(&f->g, s1, IDX(f, "1212"), &f->e), &f->e, "[29.26] 7");
	q_place(ST(f), s2, sv);
	hook_allows(q_battle_move_ok(&f->g, s1, sv, &f->e), &f->e);
	int p1 = place(f, "r_yakutsk1", "1214");
	hook_refuses(q_battle_move_ok(&f->g, U(f, "r_yakutsk2"), IDX(f, "1214"), &f->e), &f->e, "Paulov");
	(void)p1;
	/* Soimonov's units attack in the Russian offensive fire phase */
	set_turn(f, 3, ru, QP_OFFFIRE);
	place(f, "r_tomsk3", "1314");
	UST(f, "r_tomsk3")->fl |= QF_FIRED;
	q_battle_after_action(&f->g, &f->sink);
	need_event(f, "[29.26]", "Soimonov");
	place(f, "r_tomsk2", "1212");
	hook_refuses(q_battle_move_ok(&f->g, s1, IDX(f, "1212"), &f->e), &f->e, "[29.26] 7");
	ST(f)->turn = 4;
	hook_allows(q_battle_move_ok(&f->g, s1, IDX(f, "1212"), &f->e), &f->e);
	hook_refuses(q_battle_move_ok(&f->g, U(f, "r_yakutsk2"), IDX(f, "1214"), &f->e), &f->e, "Paulov");
	fx_free(f);

	/* rule 6 */
	f = fx_new(INKO, 0);
	ru = side(f, "russian");
	al = side(f, "allied");
	int hit = U(f, "b_a30"), calm = U(f, "b_b95");
	ST(f)->u[hit].fl |= QF_DISRUPTED;
	ST(f)->u[calm].fl |= QF_DISRUPTED;
	set_turn(f, 5, ru, QP_OFFFIRE);
	ST(f)->u[hit].fl |= QF_FIRED_AT;
	q_battle_after_action(&f->g, &f->sink); /* a Russian attack: the Allies move from turn 6 */
	to_phase(f, QP_RALLY);
	ok(f, "end", 0);
	need_event(f, "[29.26]", "may move from Game-Turn 6");
	assert_int_equal(ST(f)->turn, 6);
	assert_int_equal(ST(f)->phasing, al);
	to_phase(f, QP_RALLY);
	need_event(f, "[29.26]", "b_b95");
	assert_false(q_disrupted(&f->g, calm));
	assert_true(q_disrupted(&f->g, hit));
	(void)gun;
	fx_free(f);
}

/* [29.26] 5, the rule's example: "A Russian unit first attacks a British unit on Game-Turn Six.
 * All Allied reinforcements would be advanced one Game-Turn": the Allies may move from Game-Turn
 * Seven, one before Eight, so 20/4 (printed Game-Turn 10) may enter on 9 and not on 8. */
static void test_ink_2926_example(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKO, 0);
	int ru = side(f, "russian"), al = side(f, "allied"), r = U(f, "b_20_4");
	assert_int_equal(SCN(f)->u[r].enter_turn, 10);
	hook_refuses(q_battle_may_enter(&f->g, r, &f->e), &f->e, "wait until the Allies may move");
	set_turn(f, 6, ru, QP_OFFFIRE);
	UST(f, "b_a30")->fl |= QF_FIRED_AT; /* the first Russian attack on a British unit */
	q_battle_after_action(&f->g, &f->sink);
	to_phase(f, QP_RALLY);
	ok(f, "end", 0);
	need_event(f, "[29.26]", "may move from Game-Turn 7; reinforcements shift -1 Game-Turns");
	set_turn(f, 8, al, QP_MOVE);
	hook_refuses(q_battle_may_enter(&f->g, r, &f->e), &f->e, "b_20_4 is due on Game-Turn 9");
	set_turn(f, 9, al, QP_MOVE);
	hook_allows(q_battle_may_enter(&f->g, r, &f->e), &f->e);
	fx_free(f);
}

/* The errata's corrections that are data, as the scenarios load them: Alma's class J artillery
 * (8/6/4/-, an omission of [7.41]) and the map's UGL/2E at 3013 and UGL/1E at 3213; Balaclava's
 * 4LtDr/L a cavalry unit at 0518 ([16.1]) and horse artillery's allowance of 7 ([16.43]);
 * Inkerman's b95/2 a Skirmisher and 2 Susdal 2-3-2 (counter-mix), in both scenarios. */
static void test_errata_data(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct q_tables *t = &SCN(f)->tab;
	assert_true(t->art_defined['J' - 'A']);
	assert_int_equal(t->art['J' - 'A'][1], 8);
	assert_int_equal(t->art['J' - 'A'][2], 6);
	assert_int_equal(t->art['J' - 'A'][3], 4);
	assert_int_equal(t->art['J' - 'A'][4], -1);
	assert_int_equal(HEXOF(f, "ru_ugl_2e"), H("3013"));
	assert_int_equal(HEXOF(f, "ru_ugl_1e"), H("3213"));
	fx_free(f);

	f = fx_new(BALA, 0);
	assert_int_equal(SCN(f)->u[U(f, "lt4dr")].type, Q_CAV);
	assert_int_equal(HEXOF(f, "lt4dr"), H("0518"));
	int nhart = 0;
	for (int u = 0; u < SCN(f)->nunits; u++)
		if (SCN(f)->u[u].type == Q_HART) {
			assert_int_equal(q_ma(&f->g, u), 7);
			nhart++;
		}
	assert_true(nhart > 0);
	fx_free(f);

	const char *ink[2] = {INKH, INKO};
	for (int k = 0; k < 2; k++) {
		f = fx_new(ink[k], 0);
		assert_true(SCN(f)->u[U(f, "b_b95")].tags & QT_SKIRMISHER);
		const struct q_udef *d = &SCN(f)->u[U(f, "r_susdal2")];
		assert_int_equal(d->fire[0], 2);
		assert_int_equal(d->melee[0], 3);
		assert_int_equal(d->morale[0], 2);
		fx_free(f);
	}
}

/* ================================================================ Tchernaya River */

/* [16.11] halving out of an Aqueduct hex, [16.14] not out of a Bridge hex. */
static void test_tch_1614_bridge(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	const struct map *m = &SCN(f)->map;
	int plain = -1, bridge = -1;
	for (int i = 0; i < m->n; i++) {
		if (m->terrain[i] != TER_AQUEDUCT || !(m->flags[i] & HEXF_ONMAP))
			continue;
		if (m->flags[i] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK))
			bridge = i;
		else
			plain = i;
	}
	assert_true(plain >= 0 && bridge >= 0);
	int u = U(f, "smol_7");
	q_place(ST(f), u, plain);
	assert_int_equal(q_battle_melee_strength(&f->g, u, true, 9), 4);
	q_place(ST(f), u, bridge);
	assert_int_equal(q_battle_melee_strength(&f->g, u, true, 9), 9);
	fx_free(f);
}

/* [17.1] engineers: an Aqueduct hex holding one is a Bridge for Russian infantry only (errata
 * [17.14]); they never count for stacking; disrupted, they are eliminated ([17.13]). */
static void test_tch_171_engineers(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	const struct q_scn *s = SCN(f);
	const struct map *m = &s->map;
	int aq = -1, from = -1, dir = -1;
	for (int i = 0; i < m->n && aq < 0; i++) {
		if (m->terrain[i] != TER_AQUEDUCT || (m->flags[i] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK)))
			continue;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			if (j >= 0 && (m->flags[j] & HEXF_ONMAP) && m->terrain[j] == TER_CLEAR && !map_side_features(m, i, d)) {
				aq = i;
				from = j;
				dir = (d + 3) % 6;
				break;
			}
		}
	}
	assert_true(aq >= 0);
	assert_int_equal(map_nb(m, from, dir), aq);
	int eng = U(f, "2_5"), inf = U(f, "smol_7"), cav = -1;
	for (int u = 0; u < s->nunits; u++)
		if (s->u[u].side == side(f, "russian") && s->u[u].type == Q_CAV)
			cav = u;
	uint8_t *scratch = malloc((size_t)m->n * 6);
	assert_non_null(scratch);
	q_place(ST(f), inf, from);
	assert_true(q_battle_steps(&f->g, inf, scratch)[from * 6 + dir] > s->tab.tec.hex[TER_CLEAR][Q_INF]);
	q_place(ST(f), eng, aq);
	assert_int_equal(q_battle_steps(&f->g, inf, scratch)[from * 6 + dir], s->tab.tec.hex[TER_CLEAR][Q_INF]);
	assert_int_equal(q_battle_steps(&f->g, cav, scratch)[from * 6 + dir], PATH_NOWAY);
	free(scratch);
	/* stacking: engineer + infantry + artillery */
	q_place(ST(f), inf, aq);
	assert_true(q_stack_ok(&f->g, U(f, "3h_8_7"), aq));
	assert_false(q_stack_ok(&f->g, U(f, "mhlw_7"), aq));
	/* [17.12] never attacks: parenthesised values */
	assert_true(s->u[eng].fire_paren[0] && s->u[eng].melee_paren[0]);
	q_disrupt(&f->g, eng, &f->sink, "[7.4]");
	assert_int_equal(ST(f)->u[eng].idx, Q_ELIM);
	fx_free(f);
}

/* [17.11] engineers never count for stacking: the four of them join a legal stack of two, six
 * units in one hex (greedy's Russians built five in 3213; the fuzz found it). Every unit of it
 * must count: the top, the rules' invariants, and the defence ([17.11] engineers always add
 * their melee strength to the defence of a hex). */
static void test_tch_1711_six_unit_stack(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	const char *ids[6] = {"belo_4", "26l_12", "2_5", "1_2_12", "3_17", "6_17"};
	int idx = IDX(f, "3213"), stk[Q_STACK_MAX + 1];
	char why[160];
	clear_all(f);
	for (int k = 0; k < 6; k++) {
		assert_true(q_stack_ok(&f->g, U(f, ids[k]), idx));
		place(f, ids[k], "3213");
	}
	assert_int_equal(q_stack(&f->g, idx, stk, Q_STACK_MAX), 6);
	assert_int_equal(stk[0], U(f, "6_17"));
	assert_int_equal(q_top(&f->g, idx), U(f, "6_17")); /* placed last: on top */
	assert_int_equal(f->g.rules->check(&f->g, why, sizeof why), 0);
	assert_false(q_stack_ok(&f->g, U(f, "smol_7"), idx)); /* a third that counts */
	/* an Allied melee against the hex meets 11 + 2 + four engineers' 2 */
	place(f, "14ch_1", "3313");
	set_turn(f, 3, side(f, "allied"), QP_MELEE);
	struct action a;
	struct q_odds o;
	parse(f, "melee 14ch_1 > 3213", &a);
	if (q_melee_odds(&f->g, &a, &o, &f->e) != 0)
		fail_msg("melee odds: %s", f->e.msg);
	assert_int_equal(o.total_d, 21);
	fx_free(f);
}

/* [18.1] garrisoned redoubts: closed to every unit; any adverse result destroys the garrison
 * (a Destroyed marker: 2 Russian VP), and the hex is then a normal hex. */
static void test_tch_181_garrisons(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), g1 = U(f, "garrison_2214"), idx = IDX(f, "2214");
	assert_true(q_battle_closed(&f->g, U(f, "smol_7"), idx));
	assert_true(q_battle_closed(&f->g, U(f, "50l_2"), idx));
	assert_true(q_battle_closed(&f->g, -1, idx));
	int before = victory(f).vp[ru];
	q_disrupt(&f->g, g1, &f->sink, "[7.4]");
	need_event(f, "[18.1]", "garrison_2214");
	assert_int_equal(ST(f)->u[g1].idx, Q_ELIM);
	assert_false(q_battle_closed(&f->g, U(f, "smol_7"), idx));
	/* 2 for the marker; the garrison, which may not fire offensively, is worth nothing */
	assert_int_equal(victory(f).vp[ru], before + 2);
	fx_free(f);
}

/* [18.2] Tchorgoun does not block 2910 or 3010 (errata) to 3306-3308 and 3407. */
static void test_tch_182_tchorgoun(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	static const char *to[] = {"3306", "3307", "3308", "3407"};
	char why[256];
	for (int i = 0; i < 4; i++) {
		for (int k = 0; k < 2; k++) {
			const char *from = k ? "3010" : "2910";
			if (los(f, from, to[i], why, sizeof why) != 1)
				if (strstr(why, "3009") || strstr(why, "3110") || strstr(why, "3209"))
					fail_msg("%s-%s blocked by Tchorgoun: %s", from, to[i], why);
		}
	}
	fx_free(f);
}

/* [19.23] C, D, E movement holds (errata: movement only). */
static void test_tch_1923_holds(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	set_turn(f, 1, ru, QP_MOVE);
	hook_refuses(q_can_move(&f->g, U(f, "kost_5"), &f->e), &f->e, "[19.23] C");
	hook_allows(q_can_move(&f->g, U(f, "smol_7"), &f->e), &f->e);
	ST(f)->turn = 6;
	hook_allows(q_can_move(&f->g, U(f, "kost_5"), &f->e), &f->e);
	ST(f)->turn = 1;
	/* an enemy unit adjacent to one unit of C: all of C move */
	place(f, "50l_2", "1502");
	place(f, "50l_2", "1601");
	q_battle_after_action(&f->g, &f->sink);
	need_event(f, "[19.23]", "C:");
	hook_allows(q_can_move(&f->g, U(f, "kost_5"), &f->e), &f->e);

	set_turn(f, 2, al, QP_MOVE);
	hook_refuses(q_can_move(&f->g, U(f, "14ch_1"), &f->e), &f->e, "[19.23] D");
	hook_refuses(q_can_move(&f->g, U(f, "62l_1"), &f->e), &f->e, "[19.23] D");
	hook_refuses(q_can_move(&f->g, U(f, "sav_r"), &f->e), &f->e, "[19.23] E");
	UST(f, "14ch_1")->fl |= QF_FIRED_AT;
	UST(f, "giust_r")->fl |= QF_FIRED_AT;
	q_battle_after_action(&f->g, &f->sink);
	hook_allows(q_can_move(&f->g, U(f, "14ch_1"), &f->e), &f->e);
	hook_refuses(q_can_move(&f->g, U(f, "62l_1"), &f->e), &f->e, "[19.23] D"); /* only that unit */
	hook_allows(q_can_move(&f->g, U(f, "sav_r"), &f->e), &f->e);    /* all of E */
	ST(f)->turn = 5;
	hook_allows(q_can_move(&f->g, U(f, "62l_1"), &f->e), &f->e);
	fx_free(f);

	/* errata [19.23]: the holds restrict movement only; held units fire freely */
	f = fx_new(TCHE, 0);
	clear_all(f);
	place(f, "62l_1", "1510");
	place(f, "smol_7", "1511");
	set_turn(f, 2, al, QP_MOVE);
	hook_refuses(q_can_move(&f->g, U(f, "62l_1"), &f->e), &f->e, "[19.23] D");
	set_turn(f, 2, al, QP_OFFFIRE);
	assert_true(listed(f, "fire 62l_1 > 1511"));
	ok(f, "fire 62l_1 > 1511", 1);
	UST(f, "62l_1")->fl = 0; /* (the next Player-Turn: the Allies fire defensively) */
	UST(f, "smol_7")->fl = 0;
	set_turn(f, 2, ru, QP_DEFFIRE);
	assert_true(listed(f, "fire 62l_1 > 1511"));
	fx_free(f);
}

/* [19.1] values and [19.24] levels. */
static void test_tch_1924_levels(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	struct result r = victory(f);
	assert_int_equal(r.vp[ru], 0);
	assert_int_equal(r.vp[al], 0);
	need_sub(r.level, "Russian Marginal Victory");
	q_place(ST(f), U(f, "2_5"), Q_ELIM); /* an engineer: may not fire offensively, 0 */
	assert_int_equal(victory(f).vp[al], 0);
	q_place(ST(f), U(f, "ch_pol_7"), Q_ELIM);
	r = victory(f);
	assert_true(r.vp[al] > 0);
	need_sub(r.level, "Allied Marginal Victory");
	place(f, "50l_2", "3009"); /* Tchorgoun: 10 */
	place(f, "62l_1", "3214"); /* 5 */
	r = victory(f);
	int d = r.vp[ru] - r.vp[al];
	need_sub(r.level, d >= -11 ? "Allied Marginal" : d >= -21 ? "Allied Substantive" : "Allied Decisive");
	fx_free(f);
}

/* q_level_text writes exactly what snprintf(out, n, "%s (%s %d, %s %d)%s", ...) writes,
 * including a truncated text when out is short. */
static void test_level_text(void **state)
{
	static const int vals[] = {0, 7, -3, 50, 123456, -2147483647 - 1, 2147483647};
	static const size_t sizes[] = {0, 1, 2, 5, 9, 17, 30, 160};
	(void)state;
	for (size_t a = 0; a < sizeof vals / sizeof vals[0]; a++)
		for (size_t b = 0; b < sizeof vals / sizeof vals[0]; b++)
			for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
				char want[200], got[200];
				size_t n = sizes[k];
				memset(want, 'x', sizeof want);
				memset(got, 'x', sizeof got);
				snprintf(want, n, "%s (%s %d, %s %d)%s", "Russian victory", "russian", vals[a],
					 "allied", vals[b], " [23.1]");
				q_level_text(got, n, "Russian victory", "russian", vals[a], "allied", vals[b],
					     " [23.1]");
				assert_memory_equal(want, got, sizeof want);
				/* and Tchernaya's, with the margin first (every value, and differences) */
				int mg = b % 2 ? vals[a] : vals[a] / 2 - vals[b] / 2;
				memset(want, 'x', sizeof want);
				memset(got, 'x', sizeof got);
				snprintf(want, n, "%s (%+d: %s %d, %s %d)%s", "Allied Marginal Victory", mg,
					 "russian", vals[a], "allied", vals[b], " [19.24]");
				q_level_text_margin(got, n, "Allied Marginal Victory", mg, "russian",
						    vals[a], "allied", vals[b], " [19.24]");
				assert_memory_equal(want, got, sizeof want);
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level_text),
		cmocka_unit_test(test_alma_161_parents),
		cmocka_unit_test(test_alma_parent_chain),
		cmocka_unit_test(test_alma_172_river),
		cmocka_unit_test(test_alma_181_vineyard),
		cmocka_unit_test(test_alma_184_errata_line),
		cmocka_unit_test(test_alma_171_depth),
		cmocka_unit_test(test_alma_192_art_retreat),
		cmocka_unit_test(test_alma_201_french_wait),
		cmocka_unit_test(test_alma_211_preservation),
		cmocka_unit_test(test_alma_2312_example),
		cmocka_unit_test(test_bal_1721_trigger),
		cmocka_unit_test(test_bal_181_guns),
		cmocka_unit_test(test_bal_182_capture),
		cmocka_unit_test(test_bal_19_fatigue),
		cmocka_unit_test(test_bal_20_demoralization),
		cmocka_unit_test(test_bal_21_cavalry_stacking),
		cmocka_unit_test(test_bal_21_five_unit_stack),
		cmocka_unit_test(test_bal_22_aqueduct),
		cmocka_unit_test(test_130_aqueduct_bridge),
		cmocka_unit_test(test_bal_map_glyphs),
		cmocka_unit_test(test_bal_map_colour),
		cmocka_unit_test(test_bal_hex_info),
		cmocka_unit_test(test_bal_fire_shifts_cancel),
		cmocka_unit_test(test_bal_23_victory),
		cmocka_unit_test(test_bal_2321_raid),
		cmocka_unit_test(test_bal_2322_last_occupant),
		cmocka_unit_test(test_ink_163_sevastopol),
		cmocka_unit_test(test_ink_164_exits),
		cmocka_unit_test(test_ink_22_errata_hexes),
		cmocka_unit_test(test_ink_17_sight),
		cmocka_unit_test(test_ink_182_allowances),
		cmocka_unit_test(test_ink_1831_fire_shift),
		cmocka_unit_test(test_ink_1854_sighting),
		cmocka_unit_test(test_ink_184_rally),
		cmocka_unit_test(test_ink_191_stacking),
		cmocka_unit_test(test_ink_192_stacked_fire),
		cmocka_unit_test(test_ink_1924_example),
		cmocka_unit_test(test_ink_193_stack_melee),
		cmocka_unit_test(test_ink_1943_single_forms_stack),
		cmocka_unit_test(test_ink_1942_stack_displaced),
		cmocka_unit_test(test_ink_195_regimental),
		cmocka_unit_test(test_ink_203_forming),
		cmocka_unit_test(test_ink_21_pickets),
		cmocka_unit_test(test_ink_22_levels),
		cmocka_unit_test(test_ink_2916_releases),
		cmocka_unit_test(test_ink_2926_option),
		cmocka_unit_test(test_ink_2926_example),
		cmocka_unit_test(test_errata_data),
		cmocka_unit_test(test_tch_1614_bridge),
		cmocka_unit_test(test_tch_171_engineers),
		cmocka_unit_test(test_tch_1711_six_unit_stack),
		cmocka_unit_test(test_tch_181_garrisons),
		cmocka_unit_test(test_tch_182_tchorgoun),
		cmocka_unit_test(test_tch_1923_holds),
		cmocka_unit_test(test_tch_1924_levels),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
