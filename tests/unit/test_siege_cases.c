/* Unit tests for the Sevastopol cases no other test cited: each test drives the real code (the
 * playable game, splay.c and sassault.c, on data/siege/sevastopol-scenario.json; the game the
 * referee keeps, sroster.c; the charts' rulings, sref.c) and asserts what its case requires, so
 * that it fails if the rule is broken. The case and its key words stand above each test. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/rng.h"
#include "games/rules.h"
#include "games/siege/soob.h"
#include "games/siege/splay.h"
#include "games/siege/spriv.h"
#include "games/siege/sref.h"
#include "games/siege/sroster.h"
#include "games/siege/stab.h"

#define SCN "data/siege/sevastopol-scenario.json"
#define NACT 8192
#define NEV 256

#include "siegefix.h"

/* The action with these dice: the game's own dice stream (DICE_RNG) is put at a point of its
 * sequence where the next n dice are these (a Sevastopol game refuses manual dice: its apply
 * begins its own dice), so the rulings are the game's own, only the faces chosen. Its events
 * into ev. */
static void play_dice(struct game *g, const char *text, const int *dice, int n, struct evsink *ev)
{
	struct err e;
	uint64_t seed;
	for (seed = 1; seed < 1000000; seed++) {
		struct rng r;
		int k;
		rng_init(&r, seed, RNG_RULES);
		for (k = 0; k < n && (int)rng_below(&r, 6) + 1 == dice[k]; k++)
			;
		if (k == n)
			break;
	}
	assert_true(seed < 1000000);
	rng_init(&g->dice.rng, seed, RNG_RULES);
	if (game_apply_text(g, text, NULL, 0, ev, &e) != 0)
		fail_msg("\"%s\" refused: %s", text, e.msg);
}

static int unit_of(const struct game *g, const char *id)
{
	int i = sob_find(splay_oob(g), id);
	if (i < 0)
		fail_msg("no unit %s", id);
	return i;
}

/* The odds text of an action (the game unchanged). */
static void odds_of(const struct game *g, const char *text, char *out, size_t n)
{
	struct action a;
	struct err e;
	if (g->rules->parse(g, text, &a, &e) != 0 || g->rules->odds(g, &a, out, n, &e) != 0)
		fail_msg("\"%s\": no odds: %s", text, e.msg);
}

/* An assault set on the ground by hand, in the Allied Melee Segment of its first impulse: the
 * French units fr[nfr] of area at bastion's Assault Positions (those whose bit of in is set in
 * its positions), the Russians ru[nru] holding it (as test_siege_play.c's mast_assault). */
static void assault_on(struct game *g, const char *area, const char *bastion, const char *const *fr, int nfr,
		       unsigned in, const char *const *ru, int nru)
{
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	int b = sob_bastion(o, bastion), a = sob_area(o, area);
	assert_true(b >= 0 && a >= 0);
	S->g.turn = 9;
	S->g.seg = SS_ASSAULT;
	S->g.assault = true;
	S->g.impulse = 1;
	S->step = IP_AMELEE;
	for (int k = 0; k < nfr; k++) {
		int i = unit_of(g, fr[k]);
		S->g.s[i].where = SW_AREA;
		S->g.s[i].box = a;
		S->g.s[i].active = true;
		S->aim[i] = (int8_t)b;
		S->dist[i] = 0;
		S->f[i] |= ((in >> k) & 1u) ? SPF_IN : 0;
	}
	for (int k = 0; k < nru; k++) {
		int i = unit_of(g, ru[k]);
		S->g.s[i].where = SW_BASTION;
		S->g.s[i].box = b;
	}
}

/* Turn 1's Allied Operational Movement Segment with approach area:bastion depth lines deep,
 * damaged works at its front, brigade named to storm bastion; the segment's end launches the
 * assault. */
static void storm(struct game *g, const char *area, const char *bastion, int depth, int damaged, const char *brigade)
{
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	int k = approach_of(g, area, bastion);
	char cmd[64];
	until(g, SS_ALLIED_MOVE);
	S->depth[k] = (uint8_t)depth;
	S->damaged[k] = (uint8_t)damaged;
	snprintf(cmd, sizeof cmd, "storm %s %s", bastion, brigade);
	play(g, cmd);
	play(g, "end");
	assert_int_equal(S->g.seg, SS_ASSAULT);
	assert_int_equal(S->step, IP_AMOVE);
}

/* Plays "end" until the next Allied Tactical Movement Segment. */
static void next_impulse(struct game *g)
{
	const struct sp_state *S = (const struct sp_state *)(const void *)g->st;
	for (int k = 0; k < 8 && S->step != IP_AMOVE; k++)
		play(g, "end");
	assert_int_equal(S->step, IP_AMOVE);
}

/* Game-Turn 1's Siege Battery Fire Segment with the British rounds of Oct I (five British
 * units in the Balaclava Supply Box [8.13]). */
static void british_rounds(struct game *g)
{
	static const char *const box[] = {"gren-gd-1", "sf-gd-1", "cs-gd-1", "42-hd-1", "79-hd-1"};
	until(g, SS_REINFORCE);
	for (int k = 0; k < 5; k++) {
		char cmd[64];
		snprintf(cmd, sizeof cmd, "move %s balaclava-box", box[k]);
		play(g, cmd);
	}
	until(g, SS_FIRE);
	assert_int_equal(splay_roster(g)->ammo[SN_BRITISH][SG_SIEGE], 2);
}

/* ---- [3.3] the set-up ---------------------------------------------------------------------- */

/* [3.32] French At-Start Set-Up: "7/1/1, 1ZOV/1/1, LEG/1/1, ... 39/2/4, 74/2/4, Siege Batt. 1,
 * Mortar 1, Commander-in-Chief Canrobert, Engineer Officer Bizot"; [3.3]: "the French at-start
 * combat units and siege guns are placed on the map behind the French Left Siege Area Start
 * Line", the mortar in a firing box. Exactly these French units are in play at the start. */
static void test_332_french_at_start(void **state)
{
	struct fix *f = *state;
	static const char *const inf[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1", "fr-20-2-1", "fr-27-2-1", "fr-50-1-2",
					  "fr-3zov-1-2", "fr-1tir-1-2", "fr-7leg-2-2", "fr-6-2-2", "fr-2zov-1-3",
					  "fr-3mar-1-3", "fr-20leg-2-3", "fr-22leg-2-3", "fr-19-1-4", "fr-26-1-4",
					  "fr-39-2-4", "fr-74-2-4"};
	int left = A(f, "french-left"), listed = 0, at_start = 0;
	for (int k = 0; k < 18; k++) {
		int i = U(f, inf[k]);
		assert_int_equal(f->o.u[i].kind, SK_INFANTRY);
		assert_int_equal(f->g.s[i].where, SW_AREA);
		assert_int_equal(f->g.s[i].box, left);
		listed++;
	}
	assert_int_equal(f->g.s[U(f, "fr-siege-1")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "fr-siege-1")].box, left);
	assert_int_equal(f->g.s[U(f, "fr-mortar-1")].where, SW_MAP); /* its Mortar Firing Box */
	assert_int_equal(f->g.s[U(f, "canrobert")].where, SW_AREA);
	assert_int_equal(f->g.cinc[SN_FRENCH], U(f, "canrobert"));
	assert_int_equal(f->g.s[U(f, "bizot")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "bizot")].box, left);
	listed += 4;
	for (int i = 0; i < f->o.n; i++)
		if (f->o.u[i].nation == SN_FRENCH && f->g.s[i].where != SW_DUE)
			at_start++;
	assert_int_equal(at_start, listed); /* no other French unit at the start */
}

/* ---- [6.3] reinforcements -------------------------------------------------------------------- */

struct due {
	const char *id;
	int turn;
};

/* Each unit is due (not in play) before its Game-Turn, and arrives in its Reinforcement
 * Segment ([6.14]: "must appear on the Game-Turn they are due"), the Allies behind their start
 * line [6.11], a mortar in its firing box. */
static void check_arrivals(struct fix *f, const struct due *d, int n, int area)
{
	int last = 0;
	for (int k = 0; k < n; k++)
		last = d[k].turn > last ? d[k].turn : last;
	for (int turn = 1; turn <= last; turn++) {
		go_to(f, turn, SS_REINFORCE);
		for (int k = 0; k < n; k++) {
			int i = U(f, d[k].id);
			char what[64];
			if (d[k].turn > turn) {
				assert_int_equal(f->g.s[i].where, SW_DUE);
				continue;
			}
			assert_int_not_equal(f->g.s[i].where, SW_DUE);
			if (d[k].turn != turn)
				continue;
			snprintf(what, sizeof what, "%s arrives", d[k].id);
			assert_true(has_event(&f->ev, "[6.14]", what));
			if (f->o.u[i].kind == SK_MORTAR) {
				assert_int_equal(f->g.s[i].where, SW_MAP);
			} else {
				assert_int_equal(f->g.s[i].where, SW_AREA);
				assert_int_equal(f->g.s[i].box, area);
			}
		}
	}
}

/* [6.31] British Reinforcements: "MARCH: Siege Gun Batt. 2" (Game-Turn 8). */
static void test_631_british_reinforcements(void **state)
{
	struct fix *f = *state;
	static const struct due d[] = {{"brit-siege-2", 8}};
	check_arrivals(f, d, 1, A(f, "british-center"));
}

/* [6.32] French Reinforcements: "OCT II: 21/1/5, 41/1/5, 5LEG/2/5, 4ZOV/2/5, 4/LEG/BZ, 2/LEG/BZ,
 * Siege Gun Batt. 2; DEC: 1/1/6, 2/1/6, 1/2/6, 2/2/6; JAN: ...7; FEB: ...8; APRIL I: 1/GREN/GD,
 * 2/GREN/GD, 1/VOLT/GD, 2/VOLT/GD, 1/ZOUVE/GD, Mortar 2; JULY I: Siege Gun Batt. 3". */
static void test_632_french_reinforcements(void **state)
{
	struct fix *f = *state;
	static const struct due d[] = {
		{"fr-21-1-5", 2},     {"fr-41-1-5", 2},     {"fr-5leg-2-5", 2},   {"fr-4zov-2-5", 2},
		{"fr-4-leg-bz", 2},   {"fr-2-leg-bz", 2},   {"fr-siege-2", 2},    {"fr-1-1-6", 5},
		{"fr-2-1-6", 5},      {"fr-1-2-6", 5},      {"fr-2-2-6", 5},      {"fr-1-1-7", 6},
		{"fr-2-1-7", 6},      {"fr-1-2-7", 6},      {"fr-2-2-7", 6},      {"fr-1-1-8", 7},
		{"fr-2-1-8", 7},      {"fr-1-2-8", 7},      {"fr-2-2-8", 7},      {"fr-1-gren-gd", 9},
		{"fr-2-gren-gd", 9},  {"fr-1-volt-gd", 9},  {"fr-2-volt-gd", 9},  {"fr-1-zouve-gd", 9},
		{"fr-mortar-2", 9},   {"fr-siege-3", 14},
	};
	check_arrivals(f, d, (int)(sizeof d / sizeof d[0]), A(f, "french-left"));
}

/* ---- [8.0] siege battery supply and fire ----------------------------------------------------- */

/* [8.12] "The Allied Player may receive additional French and British siege battery unit
 * ammunition if and only if sufficient units are deployed in the Kameitch and Balaclava Supply
 * Boxes, respectively." French units in the Balaclava box help the British [8.15], never the
 * French: with none in the Kameitch box the French rounds are lost. */
static void test_812_supply_boxes_by_nation(void **state)
{
	struct fix *f = *state;
	static const char *const brit[] = {"41-r-2", "47-r-2", "49-r-2"}, *help[] = {"fr-7-1-1", "fr-1zov-1-1"};
	static const char *const kam[] = {"fr-leg-1-1", "fr-20-2-1", "fr-27-2-1"};
	for (int k = 0; k < 3; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, brit[k]), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	for (int k = 0; k < 2; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, help[k]), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	go_to(f, 1, SS_FIRE);
	/* Oct I: the British need 5 (3 British and 2 French in Balaclava), the French 2 in Kameitch */
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 2);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_MORTAR], 1);
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_SIEGE], 0);
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_MORTAR], 0);
	assert_true(has_event(&f->ev, "[8.14]", "french: 0 units in the Kameitch Supply Box, 2 needed"));
	/* three French units in the Kameitch box bring Oct II's French rounds (3 needed: 3 and 1) */
	go_to(f, 1, SS_ALLIED_MOVE);
	for (int k = 0; k < 3; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, kam[k]), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), 0);
	go_to(f, 2, SS_FIRE);
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_SIEGE], 3);
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_MORTAR], 1);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 4);
}

/* [8.22] "French (or British) mortar units, the Lancaster Battery, Russian siege gun units, and
 * Russian mortar units are in supply if (respectively) one or more French (or British) mortar
 * rounds, Lancaster Battery rounds, Russian siege gun rounds, and Russian mortar rounds are
 * available": each battery fires on rounds of its own kind, whatever the others have. */
static void test_822_supply_is_rounds_of_its_kind(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 31);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	int mast = sob_bastion(o, "mast");
	british_rounds(g);
	assert_int_equal(S->g.ammo[SN_BRITISH][SG_MORTAR], 1);
	assert_int_equal(S->g.ammo[SN_BRITISH][SG_LANCASTER], 1);
	assert_true(has(g, "bombard brit-mortar-1 british-center:great-redan"));
	assert_true(has(g, "bombard brit-lancaster british-center:great-redan"));
	S->g.ammo[SN_BRITISH][SG_LANCASTER] = 0; /* mortar rounds, no Lancaster rounds */
	assert_true(has(g, "bombard brit-mortar-1 british-center:great-redan"));
	assert_false(has(g, "bombard brit-lancaster british-center:great-redan"));
	S->g.ammo[SN_BRITISH][SG_LANCASTER] = 1;
	S->g.ammo[SN_BRITISH][SG_MORTAR] = 0;
	assert_false(has(g, "bombard brit-mortar-1 british-center:great-redan"));
	assert_true(has(g, "bombard brit-lancaster british-center:great-redan"));
	S->g.ammo[SN_BRITISH][SG_SIEGE] = 0;
	assert_false(has(g, "bombard brit-siege-1 british-center:great-redan"));
	/* the Russians: a siege gun and the mortar in the Mast's firing boxes, works to fire at */
	play(g, "end"); /* the Allies fire first [8.0] */
	assert_int_equal(g->rules->to_act(g), SP_SIDE_RUSSIAN);
	S->depth[approach_of(g, "french-left", "mast")] = 1;
	S->g.s[unit_of(g, "rus-siege-1")].where = SW_BASTION;
	S->g.s[unit_of(g, "rus-siege-1")].box = mast;
	S->g.s[unit_of(g, "rus-mortar-1")].where = SW_BASTION;
	S->g.s[unit_of(g, "rus-mortar-1")].box = mast;
	S->g.ammo[SN_RUSSIAN][SG_SIEGE] = 0;
	S->g.ammo[SN_RUSSIAN][SG_MORTAR] = 1;
	assert_false(has(g, "bombard rus-siege-1 french-left:mast"));
	assert_true(has(g, "bombard rus-mortar-1 french-left:mast"));
	S->g.ammo[SN_RUSSIAN][SG_SIEGE] = 1;
	S->g.ammo[SN_RUSSIAN][SG_MORTAR] = 0;
	assert_true(has(g, "bombard rus-siege-1 french-left:mast"));
	assert_false(has(g, "bombard rus-mortar-1 french-left:mast"));
	finish(g, s);
}

/* [8.34] "Only siege battery units that are in supply (see Case 8.2) may fire. Note: There is
 * no limit on the number of available rounds any one siege battery unit may fire in any one
 * Game-Turn." One siege gun fires three rounds in a segment; with none left it may not. */
static void test_834_rounds_a_unit_fires(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 32);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	static const int die[] = {1}; /* 1 -3 (1200 yards): no effect, and no ammunition dump */
	struct err e;
	british_rounds(g);
	S->g.ammo[SN_BRITISH][SG_SIEGE] = 3;
	for (int k = 0; k < 3; k++) {
		assert_true(has(g, "bombard brit-siege-1 british-center:great-redan"));
		play_dice(g, "bombard brit-siege-1 british-center:great-redan", die, 1, NULL);
		assert_int_equal(S->g.ammo[SN_BRITISH][SG_SIEGE], 2 - k);
	}
	assert_false(has(g, "bombard brit-siege-1 british-center:great-redan"));
	assert_int_not_equal(game_apply_text(g, "bombard brit-siege-1 british-center:great-redan", NULL, 0, NULL, &e), 0);
	assert_non_null(strstr(e.msg, "[8.16]"));
	finish(g, s);
}

/* [8.43] "Infantry units, artillery units, and leaders per se may never be fired upon by siege
 * battery units. Only siegeworks, bastions, and Bastion Reserve Boxes may be fired upon." A
 * Russian round at a sap destroys infantry in the works, never an Allied gun or leader there
 * ([8.96]: Allied artillery is never destroyed by Russian siege battery fire). */
static void test_843_no_unit_is_a_target(void **state)
{
	struct fix *f = *state;
	int gun = U(f, "rus-siege-1");
	/* 300 yards (0), die 6: the siege gun's row 6 at a sap: D/2 */
	struct sros_round r = {.unit = gun, .yards = 300, .bastion = -1, .die = 6, .dump = {-1, -1}};
	go_to(f, 1, SS_FIRE);
	f->g.s[gun].where = SW_BASTION;
	f->g.s[gun].box = B(f, "mast");
	f->g.ammo[SN_RUSSIAN][SG_SIEGE] = 1;
	r.nlost = 2;
	r.lost[0] = U(f, "brit-siege-1");
	r.lost[1] = U(f, "41-r-2");
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[8.94] brit-siege-1 cannot be one of them"));
	r.lost[0] = U(f, "raglan");
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
	r.lost[0] = U(f, "burgoyne");
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
	assert_int_equal(f->g.ammo[SN_RUSSIAN][SG_SIEGE], 1); /* refused: nothing changed */
	r.lost[0] = U(f, "47-r-2");
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "41-r-2")].where, SW_ELIMINATED);
	assert_int_equal(f->g.s[U(f, "47-r-2")].where, SW_ELIMINATED);
	assert_int_equal(f->g.s[U(f, "brit-siege-1")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "raglan")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "burgoyne")].where, SW_AREA);
}

/* [8.51] "When firing a siege gun or mortar unit deployed in a Firing Box of a Bastion, the
 * Russian Player calculates the range from the Range Point of that bastion to the Range point
 * of the target siegework counter": the yards from the Mast to the forwardmost work of the
 * approach (900 yards from the start line), not to the start line. */
static void test_851_russian_range_to_the_work(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 33);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	int k = approach_of(g, "french-left", "mast"), gun = unit_of(g, "rus-siege-1");
	char odds[2048];
	until(g, SS_FIRE);
	play(g, "end"); /* the Allies fire first [8.0] */
	S->g.s[gun].where = SW_BASTION;
	S->g.s[gun].box = sob_bastion(splay_oob(g), "mast");
	S->g.ammo[SN_RUSSIAN][SG_SIEGE] = 5;
	S->depth[k] = 0;
	S->work[k] = 1; /* a sap out of the start line: 750 yards from the Mast */
	odds_of(g, "bombard rus-siege-1 french-left:mast", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] rus-siege-1 at 750 yards"));
	S->depth[k] = 2;
	S->work[k] = 0; /* two lines: the forwardmost parallel 600 yards away */
	odds_of(g, "bombard rus-siege-1 french-left:mast", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] rus-siege-1 at 600 yards"));
	S->work[k] = 1; /* and the next sap 450 */
	odds_of(g, "bombard rus-siege-1 french-left:mast", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] rus-siege-1 at 450 yards"));
	finish(g, s);
}

/* [8.52] "When firing a siege or mortar unit deployed in a parallel or Firing Box, the Allied
 * Player calculates the range from the center of the firing siege battery unit to the Range
 * Point of the target bastion": a siege gun from its forward parallel, a mortar from its
 * firing box behind the start line. */
static void test_852_allied_range_from_the_gun(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 34);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	int k = approach_of(g, "british-center", "great-redan");
	char odds[2048];
	british_rounds(g);
	odds_of(g, "bombard brit-siege-1 british-center:great-redan", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] brit-siege-1 at 1200 yards"));
	S->depth[k] = 2; /* the guns go forward with the works: two lines, 900 yards */
	odds_of(g, "bombard brit-siege-1 british-center:great-redan", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] brit-siege-1 at 900 yards"));
	odds_of(g, "bombard brit-mortar-1 british-center:great-redan", odds, sizeof odds);
	assert_non_null(strstr(odds, "[8.5] brit-mortar-1 at 1200 yards"));
	finish(g, s);
}

/* One round's cell: gun at yards on target strength (-1 a sap or parallel), the die rolled. */
static struct stab_fire round_cell(struct fix *f, int gun, int yards, int strength, int die)
{
	struct stab_fire c;
	double p[STAB_FIRE_ROWS];
	if (sref_bombard(&f->t, gun, yards, strength, false, die, &c, p, NULL, &f->e) != 0)
		fail_msg("gun %d at %d yards refused: %s", gun, yards, f->e.msg);
	return c;
}

static bool same_cell(struct stab_fire a, struct stab_fire b)
{
	return a.strength == b.strength && a.damaged == b.damaged && a.infantry == b.infantry && a.dump == b.dump;
}

/* [8.71] "There is no absolute range limitation on the fire of mortars or the Lancaster
 * Battery. However, the effectiveness of mortar fire may be affected by range (see Case 8.6).
 * The effectiveness of the Lancaster Battery is never affected by range." */
static void test_871_mortar_and_lancaster_range(void **state)
{
	struct fix *f = *state;
	struct stab_fire c;
	double p[STAB_FIRE_ROWS];
	bool differs = false;
	for (int st = -1; st <= 8; st++)
		for (int die = 1; die <= 6; die++) {
			if (st >= 0) /* the Lancaster fires at bastions only [8.42] */
				assert_true(same_cell(round_cell(f, SG_LANCASTER, 150, st, die),
						      round_cell(f, SG_LANCASTER, 20000, st, die)));
			/* a mortar at any range, past 1200 yards as at 1200 */
			c = round_cell(f, SG_MORTAR, 1200, st, die);
			assert_true(same_cell(round_cell(f, SG_MORTAR, 20000, st, die), c));
			differs = differs || !same_cell(round_cell(f, SG_MORTAR, 150, st, die), c);
		}
	assert_true(differs); /* range tells on a mortar */
	assert_int_equal(sref_bombard(&f->t, SG_SIEGE, 1350, 3, false, 6, &c, p, NULL, &f->e), -1); /* [8.63] */
}

/* [8.93] "Leaders, engineers, and Russian artillery units are never affected by Allied siege
 * battery fire." A round that destroys infantry in the Malakoff takes its one infantry unit,
 * never the field battery, the guns in its firing boxes or Todleben there. */
static void test_893_leaders_and_russian_guns_untouched(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff");
	static const char *const there[] = {"rus-field-1", "rus-siege-1", "rus-mortar-1", "todleben", "rus-gar-1"};
	/* 700 yards (-2), die 6: the siege gun's row 4 at Strength Level 3: 1/2 */
	struct sros_round r = {.unit = U(f, "brit-siege-1"), .yards = 700, .bastion = mal, .die = 6, .dump = {-1, -1}};
	for (int k = 0; k < 5; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, there[k]), SW_BASTION, mal, &f->ev, &f->e), 0);
	go_to(f, 1, SS_FIRE);
	f->g.ammo[SN_BRITISH][SG_SIEGE] = 3;
	r.nlost = 1;
	for (int k = 0; k < 4; k++) {
		r.lost[0] = U(f, there[k]);
		assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
		assert_non_null(strstr(f->e.msg, "cannot be one of them"));
	}
	r.nlost = 2;
	r.lost[0] = U(f, "rus-gar-1");
	r.lost[1] = U(f, "rus-field-1");
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1); /* one infantry unit there: one lost */
	r.nlost = 1;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "rus-gar-1")].where, SW_ELIMINATED);
	assert_int_equal(f->g.strength[mal], 2);
	for (int k = 0; k < 4; k++) {
		assert_int_equal(f->g.s[U(f, there[k])].where, SW_BASTION);
		assert_int_equal(f->g.s[U(f, there[k])].box, mal);
	}
}

/* ---- [9.0] siegework construction ------------------------------------------------------------ */

/* [9.11] "The expenditure of Construction Points is always optional ... However, unused
 * Construction Points may not be accumulated from Game-Turn to Game-Turn." Points left unspent
 * (and an engineer's bonus) are gone by the next Game-Turn's construction. */
static void test_911_points_not_kept(void **state)
{
	struct fix *f = *state;
	go_to(f, 1, SS_ALLIED_BUILD);
	assert_int_equal(f->g.cp[SN_BRITISH], f->t.cp[0][SN_BRITISH]);
	assert_true(f->g.cp[SN_BRITISH] > 0 && f->g.cp[SN_FRENCH] > 0);
	assert_int_equal(sros_engineer(&f->o, &f->t, &f->g, SN_FRENCH, 1, &f->ev, &f->e), 0);
	assert_int_equal(f->g.bonus[SN_FRENCH], 2);
	next(f); /* nothing spent: the segment ends all the same */
	assert_int_equal(f->g.seg, SS_ALLIED_MOVE);
	go_to(f, 1, SS_RUSSIAN_BUILD);
	assert_true(f->g.cp[SN_RUSSIAN] > 0);
	go_to(f, 2, SS_ALLIED_BUILD);
	assert_int_equal(f->g.cp[SN_BRITISH], f->t.cp[1][SN_BRITISH]);
	assert_int_equal(f->g.cp[SN_FRENCH], f->t.cp[1][SN_FRENCH]);
	assert_int_equal(f->g.bonus[SN_FRENCH], 0);
	go_to(f, 2, SS_RUSSIAN_BUILD);
	assert_int_equal(f->g.cp[SN_RUSSIAN], f->t.cp[1][SN_RUSSIAN]);
}

/* Plays text, a dig that must be accepted, and puts the text of its [9.3] event (what was
 * built) into what. */
static void dig_ev(struct game *g, const char *text, char *what, size_t n)
{
	struct event store[NEV];
	struct evsink ev;
	struct err e;
	evsink_init(&ev, store, NEV);
	if (game_apply_text(g, text, NULL, 0, &ev, &e) != 0)
		fail_msg("\"%s\" refused: %s", text, e.msg);
	what[0] = 0;
	for (int i = 0; i < ev.n; i++)
		if (!strcmp(ev.ev[i].rule, "[9.3]"))
			snprintf(what, n, "%s", ev.ev[i].text);
	assert_true(what[0] != 0);
}

/* [9.32] "A sap may also be constructed from a line of three or more parallel counters,
 * provided that there is a continuous path of undamaged siegework counters between the line and
 * the Allied Start Line." From a complete line the next work is a sap; with the line's front
 * work damaged, none until it is repaired. */
static void test_932_sap_from_a_line(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 35);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	int k = approach_of(g, "french-left", "mast");
	char what[EVENT_TEXT_MAX];
	until(g, SS_ALLIED_BUILD);
	S->depth[k] = 1; /* a sap and its line of three parallels */
	S->work[k] = 0;
	S->damaged[k] = 1;
	assert_false(has(g, "dig french-left:mast"));
	play(g, "repair french-left:mast");
	assert_true(has(g, "dig french-left:mast"));
	dig_ev(g, "dig french-left:mast", what, sizeof what);
	assert_non_null(strstr(what, "build a sap"));
	assert_int_equal(S->depth[k], 1);
	assert_int_equal(S->work[k], 1);
	finish(g, s);
}

/* The approach named `name` ("FROM:BASTION" too), by its name in actions. */
static int approach_named(const struct game *g, const char *name)
{
	char buf[64];
	for (int k = 0; k < splay_napproaches(g); k++) {
		splay_approach_name(g, k, buf, sizeof buf);
		if (!strcmp(buf, name))
			return k;
	}
	fail_msg("no approach %s", name);
	return -1;
}

/* [8.82] "Should the Mamelon be captured, the bastion may be considered to be a free six parallel
 * start line for purposes of French siegework construction. That is, two saps may be constructed
 * out from the Mamelon." Before the capture no work goes out from it; after it the French Right
 * digs a sap from it toward the Malakoff and toward the Little Redan, and a French brigade of the
 * French Right goes over from the Mamelon, 600 yards from the Malakoff (its own works stand
 * 1,350 yards away, beyond an assault's reach [11.0]). */
static void test_882_saps_from_the_mamelon(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 38);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	int fr = sob_area(o, "french-right"), mam = sob_bastion(o, "mamelon"), aim;
	int k = approach_named(g, "mamelon:malakoff"), kl = approach_named(g, "mamelon:little-redan");
	static const char *const bde[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"};
	char what[EVENT_TEXT_MAX];
	struct action a;
	struct err e;
	bool in;
	assert_int_equal(splay_approach(g, k)->from, mam);
	assert_int_equal(splay_approach(g, k)->area, fr);
	until(g, SS_ALLIED_BUILD);
	S->g.turn = 9; /* March 1855: the French Right active [3.1], construction again [9.17] */
	S->g.cp[SN_FRENCH] = 8;
	S->g.s[unit_of(g, "bizot")].where = SW_AREA; /* the French engineer there [9.24] */
	S->g.s[unit_of(g, "bizot")].box = (int8_t)fr;
	for (int i = 0; i < 3; i++) {
		S->g.s[unit_of(g, bde[i])].where = SW_AREA;
		S->g.s[unit_of(g, bde[i])].box = (int8_t)fr;
	}
	assert_true(has(g, "dig french-right:malakoff"));
	assert_false(has(g, "dig mamelon:malakoff"));
	assert_false(has(g, "dig mamelon:little-redan"));
	assert_false(splay_approach_open(g, k));
	assert_int_equal(g->rules->parse(g, "dig mamelon:malakoff", &a, &e), 0);
	assert_int_not_equal(game_apply_text(g, "dig mamelon:malakoff", NULL, 0, NULL, &e), 0);
	assert_non_null(strstr(e.msg, "[8.82]"));
	S->g.captured[mam] = true;
	assert_true(splay_approach_open(g, k));
	assert_true(has(g, "dig mamelon:little-redan"));
	dig_ev(g, "dig mamelon:malakoff", what, sizeof what);
	assert_non_null(strstr(what, "french build a sap"));
	assert_int_equal(S->work[k], 1);
	assert_int_equal(S->work[kl], 0);
	assert_int_equal(S->work[approach_of(g, "french-right", "malakoff")], 0);
	S->work[k] = 0; /* the sap taken up again: the brigade goes from the Mamelon itself */
	/* the brigade's units, not digging, storm the Malakoff from the Mamelon */
	for (int i = 0; i < 3; i++)
		S->g.s[unit_of(g, bde[i])].worked = false;
	until(g, SS_ALLIED_MOVE);
	assert_true(has(g, "storm malakoff 1/1"));
	S->g.captured[mam] = false;
	assert_false(has(g, "storm malakoff 1/1")); /* 1,350 yards without the Mamelon */
	S->g.captured[mam] = true;
	play(g, "storm malakoff 1/1");
	play(g, "end");
	assert_int_equal(S->g.seg, SS_ASSAULT);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(splay_assault_unit(g, unit_of(g, bde[i]), &aim, &in), 4); /* 600 yards */
		assert_int_equal(aim, sob_bastion(o, "malakoff"));
	}
	finish(g, s);
}

/* [8.82] as it happens: three French units of the French Right hold the Mamelon's positions
 * at the end of the fifth impulse, no Russian is left in them, and the Mamelon falls [11.31];
 * the events say that its two saps may go out from it now, and they are listed to dig. */
static void test_882_the_mamelon_falls(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 39);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"};
	struct event store[64];
	struct evsink ev;
	struct err e;
	int k = approach_named(g, "mamelon:malakoff");
	assault_on(g, "french-right", "mamelon", fr, 3, 7, NULL, 0);
	S->g.impulse = 5;
	assert_false(splay_approach_open(g, k));
	evsink_init(&ev, store, 64);
	for (int t = 0; t < 8 && S->g.seg == SS_ASSAULT; t++)
		if (game_apply_text(g, "end", NULL, 0, &ev, &e) != 0)
			fail_msg("end refused: %s", e.msg);
	assert_true(splay_roster(g)->captured[sob_bastion(splay_oob(g), "mamelon")]);
	assert_true(splay_approach_open(g, k));
	assert_true(has_event(&ev, "[8.82]", "a sap may go out from it toward Malakoff (mamelon:malakoff, 600 yards)"));
	assert_true(has_event(&ev, "[8.82]", "(mamelon:little-redan, 750 yards)"));
	finish(g, s);
}

/* [8.82] in play: from March 1855 with the Mamelon in Allied hands, games of random actions to
 * the end keep the game's invariants (check) at every step, and some dig out from the Mamelon
 * and storm from its works. */
static void test_882_random_games_from_the_mamelon(void **state)
{
	(void)state;
	struct scenario *s = load();
	static struct action acts[NACT];
	int dug = 0, stormed = 0;
	for (uint64_t seed = 1; seed <= 24; seed++) {
		struct game *g = start(s, seed);
		struct sp_state *S = (struct sp_state *)(void *)g->st;
		const struct sob *o = splay_oob(g);
		int k = approach_named(g, "mamelon:malakoff"), kl = approach_named(g, "mamelon:little-redan");
		struct rng r;
		char why[256];
		rng_init(&r, seed, RNG_AI);
		S->g.captured[sob_bastion(o, "mamelon")] = true;
		S->g.turn = 9;
		for (int step = 0; step < 20000 && !g->rules->over(g, NULL); step++) {
			int n = g->rules->actions(g, acts, NACT);
			struct err e;
			assert_true(n > 0 && n <= NACT);
			if (game_apply(g, &acts[rng_below(&r, (uint32_t)n)], NULL, 0, NULL, &e) != 0)
				fail_msg("seed %llu: a listed action refused: %s", (unsigned long long)seed, e.msg);
			if (g->rules->check(g, why, sizeof why) != 0)
				fail_msg("seed %llu: %s", (unsigned long long)seed, why);
			for (int i = 0; i < o->n; i++) {
				int aim;
				bool in;
				if (splay_assault_unit(g, i, &aim, &in) >= 0 && o->u[i].nation == SN_FRENCH &&
				    S->g.s[i].box == sob_area(o, "french-right"))
					stormed++;
			}
		}
		assert_true(g->rules->over(g, NULL));
		dug += S->work[k] + 4 * S->depth[k] + S->work[kl] + 4 * S->depth[kl];
		free(g);
	}
	assert_true(dug > 0);
	assert_true(stormed > 0);
	scenario_free(s);
	free(s);
}

/* [9.33] "One or two parallels may be constructed at the end of a sap counter", and no more
 * than three from one sap [9.35]: after a sap come parallels, not another sap, and the line
 * stands with its third. */
static void test_933_parallels_at_the_sap(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 36);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	int k = approach_of(g, "french-left", "mast");
	char what[EVENT_TEXT_MAX];
	until(g, SS_ALLIED_BUILD);
	S->g.cp[SN_FRENCH] = 8;
	dig_ev(g, "dig french-left:mast", what, sizeof what);
	assert_non_null(strstr(what, "build a sap"));
	for (int p = 1; p <= 3; p++) {
		dig_ev(g, "dig french-left:mast", what, sizeof what);
		assert_non_null(strstr(what, "build a parallel"));
		assert_int_equal(S->depth[k], p == 3 ? 1 : 0);
		assert_int_equal(S->work[k], p == 3 ? 0 : 1 + p);
	}
	finish(g, s);
}

/* [9.36] "A parallel may not be constructed from (or adjacent to) the Allied Start Line": the
 * first work out of a start line is a sap, at the sap's cost ([9.6]: the Start Line row prohibits
 * parallels). */
static void test_936_no_parallel_from_the_start_line(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 37);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct stab *t = splay_tables(g);
	char what[EVENT_TEXT_MAX];
	assert_int_equal(t->build_cost[ST_START_LINE][0], STAB_NONE);
	until(g, SS_ALLIED_BUILD);
	S->g.cp[SN_BRITISH] = 4;
	S->g.cp[SN_FRENCH] = 6;
	dig_ev(g, "dig british-center:great-redan", what, sizeof what);
	assert_non_null(strstr(what, "british build a sap"));
	assert_int_equal(S->work[approach_of(g, "british-center", "great-redan")], 1);
	dig_ev(g, "dig french-left:central", what, sizeof what);
	assert_non_null(strstr(what, "french build a sap"));
	finish(g, s);
}

/* [9.43] "Any Russian infantry unit that has been moved into a bastion during a previous
 * Operational or Tactical Movement Segment may be used to satisfy the requirements of Case 9.42
 * for that bastion only. Such units' movement in subsequent Russian Tactical or Operational
 * Movement Segments is never restricted." */
static void test_943_workers_of_their_bastion(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff"), mast = B(f, "mast"), m1 = U(f, "rus-marines-1"), m2 = U(f, "rus-marines-2");
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, m1, SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, m2, SW_BASTION, mal, &f->ev, &f->e), 0);
	f->g.strength[mal] = 1;
	f->g.strength[mast] = 1;
	go_to(f, 1, SS_RUSSIAN_BUILD);
	assert_int_equal(sros_fortify(&f->o, &f->g, mast, 1, false, &f->ev, &f->e), -1); /* the Malakoff's men */
	assert_non_null(strstr(f->e.msg, "[9.42]"));
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 2, false, &f->ev, &f->e), 0);
	assert_int_equal(f->g.strength[mal], 3);
	assert_false(f->g.s[m1].worked);
	go_to(f, 2, SS_RUSSIAN_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, m1, SW_BASTION, mast, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, m2, SW_SUPPLY, SN_RUSSIAN, &f->ev, &f->e), 0);
	go_to(f, 2, SS_RUSSIAN_BUILD);
	assert_int_equal(sros_fortify(&f->o, &f->g, mast, 1, false, &f->ev, &f->e), 0); /* now the Mast's */
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 1, true, &f->ev, &f->e), -1);  /* none left there */
}

/* [9.53] "Saps constructed between sections of the Allied Start Line are placed end-to-end
 * between the ends of the sections of the line, linking them. This type of construction is the
 * sole exception to Case 9.36": the link's saps follow one another, no parallel between, at the
 * sap's cost in a ravine (where parallels are prohibited [9.6]). */
static void test_953_link_saps_end_to_end(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 38);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct stab *t = splay_tables(g);
	int before;
	until(g, SS_ALLIED_BUILD);
	assert_int_equal(t->build_cost[ST_RAVINE][0], STAB_NONE);
	S->g.cp[SN_BRITISH] = 8;
	before = S->g.cp[SN_BRITISH] + S->g.bonus[SN_BRITISH];
	play(g, "link french-left british");
	assert_int_equal(S->linked[0], 1);
	assert_false(splay_roster(g)->linked[0]);
	assert_true(has(g, "link french-left british")); /* the next sap at once, end to end */
	play(g, "link french-left british");
	assert_int_equal(S->linked[0], 2);
	assert_true(splay_roster(g)->linked[0]);
	assert_int_equal(before - S->g.cp[SN_BRITISH] - S->g.bonus[SN_BRITISH], 2 * t->build_cost[ST_RAVINE][1]);
	assert_false(has(g, "link french-left british"));
	finish(g, s);
}

/* ---- [10.0] operational movement ------------------------------------------------------------- */

/* [10.4] "All Commanders-in-Chief and Engineer Officers are treated exactly as infantry units of
 * their respective nationalities for purposes of operational movement": to their Supply Boxes
 * (artillery may not go), never into the other nation's Siege Area [10.16], in their own side's
 * segment. */
static void test_104_leaders_move_as_infantry(void **state)
{
	struct fix *f = *state;
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "burgoyne"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "raglan"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "raglan"), SW_AREA, A(f, "british-center"), &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "raglan"), SW_AREA, A(f, "french-left"), &f->ev, &f->e), -1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "raglan"), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), -1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "bizot"), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "canrobert"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	/* as infantry, not as artillery */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "brit-siege-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), -1);
	/* the Russian engineer in the Russian segment, not the Allied one */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "todleben"), SW_SUPPLY, SN_RUSSIAN, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[10.0]"));
	go_to(f, 1, SS_RUSSIAN_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "todleben"), SW_SUPPLY, SN_RUSSIAN, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "todleben"), SW_BASTION, B(f, "mast"), &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "burgoyne"), SW_AREA, A(f, "british-center"), &f->ev, &f->e), -1);
}

/* [9.24], [9.25]: new works need the nation's engineer in the Siege Area. A refusal says where
 * he is, and in the game how to bring him (he moves as infantry does [10.4]); on his way between
 * the French areas [10.25] it says when he arrives. The Russians' upgrade [9.16] says the same of
 * Todleben. */
static void test_925_where_the_engineer_is(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 41);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	int fr = sob_area(o, "french-right"), bizot = unit_of(g, "bizot"), diggers[2];
	struct err e;
	until(g, SS_ALLIED_BUILD);
	S->g.turn = 9; /* March 1855: the French Right active [3.1], construction again [9.17] */
	S->g.cp[SN_FRENCH] = 8;
	assert_int_equal(S->g.s[bizot].where, SW_AREA);
	assert_int_equal(S->g.s[bizot].box, sob_area(o, "french-left"));
	assert_false(has(g, "dig french-right:mamelon"));
	assert_int_not_equal(game_apply_text(g, "dig french-right:mamelon", NULL, 0, NULL, &e), 0);
	assert_non_null(strstr(e.msg, "[9.24], [9.25] new french siegeworks need the french engineer in the "
				      "french-right Siege Area, and Bizot is in the french-left Siege Area"));
	assert_non_null(strstr(e.msg, "move bizot french-right"));
	S->g.s[bizot].where = SW_TRANSIT; /* [10.25] a Game-Turn off the map */
	S->g.s[bizot].box = (int8_t)fr;
	S->g.s[bizot].back = 10;
	assert_int_not_equal(game_apply_text(g, "dig french-right:mamelon", NULL, 0, NULL, &e), 0);
	assert_non_null(strstr(e.msg, "Bizot is on his way to the french-right Siege Area (there in Game-Turn 10)"));
	assert_null(strstr(e.msg, "move bizot"));
	/* the referee's ruling (sroster) says where he is too */
	diggers[0] = unit_of(g, "fr-7-1-1");
	diggers[1] = unit_of(g, "fr-1zov-1-1");
	assert_int_equal(sros_dig(o, &S->g, SN_FRENCH, fr, 2, false, true, diggers, 2, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "Bizot is on his way to the french-right Siege Area"));
	/* the Russians' upgrade: Todleben in the Mast, the Malakoff's area another */
	S->g.seg = SS_RUSSIAN_BUILD;
	S->g.cp[SN_RUSSIAN] = 4;
	S->g.s[unit_of(g, "todleben")].where = SW_BASTION;
	S->g.s[unit_of(g, "todleben")].box = (int8_t)sob_bastion(o, "mast");
	assert_int_equal(sros_fortify(o, &S->g, sob_bastion(o, "malakoff"), 1, true, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[9.24] an upgrade needs the engineer in the bastion's Siege Area"));
	assert_non_null(strstr(e.msg, "Todleben is in Mast"));
	free(g);
	scenario_free(s);
	free(s);
}

/* [10.15] "The Allied Player must move units so that it is possible to trace a line of
 * contiguous siegework counters and/or the Allied Start Line between the initial position of the
 * unit ... and its new position." With saps joining both French areas to the British one a French
 * unit goes from the French Left to the French Right at once [10.24]; with one of them damaged
 * [8.95] no line runs there, and the move takes a Game-Turn off the map [10.25]. */
static void test_1015_a_line_of_works(void **state)
{
	struct fix *f = *state;
	int left = A(f, "french-left"), right = A(f, "french-right");
	go_to(f, 8, SS_ALLIED_BUILD);
	assert_int_equal(sros_link(&f->o, &f->g, left, false, &f->ev, &f->e), 0);
	assert_int_equal(sros_link(&f->o, &f->g, right, false, &f->ev, &f->e), 0);
	go_to(f, 8, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-7-1-1"), SW_AREA, right, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "fr-7-1-1")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "fr-7-1-1")].box, right);
	go_to(f, 9, SS_FIRE);
	assert_int_equal(sros_link(&f->o, &f->g, left, true, &f->ev, &f->e), 0);
	go_to(f, 9, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-leg-1-1"), SW_AREA, right, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "fr-leg-1-1")].where, SW_TRANSIT);
	assert_int_equal(f->g.s[U(f, "fr-leg-1-1")].back, 10);
}

/* [10.22] "British units behind the Allied Start Line or deployed in siegework positions ... may
 * be moved to the British Supply Box, and vice versa" (never the Kameitch box [8.15]). */
static void test_1022_british_supply_box(void **state)
{
	struct fix *f = *state;
	int u = U(f, "41-r-2"), area = A(f, "british-center");
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[u].where, SW_SUPPLY);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "47-r-2"), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), -1);
	go_to(f, 2, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_AREA, A(f, "french-left"), &f->ev, &f->e), -1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_AREA, area, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[u].where, SW_AREA);
	assert_int_equal(f->g.s[u].box, area);
}

/* [10.23] "There is no limit to the number of units which may be placed in a Supply Box": every
 * British infantry unit in the Balaclava box, every Russian one in the North Shore box (French
 * units in the Balaclava box are the one limit, two [8.15]). */
static void test_1023_supply_box_unlimited(void **state)
{
	struct fix *f = *state;
	int brit = 0, rus = 0;
	for (int i = 0; i < f->o.n; i++) {
		if (f->o.u[i].kind != SK_INFANTRY || f->g.s[i].where == SW_DUE || f->o.u[i].nation == SN_FRENCH)
			continue;
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, i, SW_SUPPLY, f->o.u[i].nation, &f->ev, &f->e), 0);
		brit += f->o.u[i].nation == SN_BRITISH;
		rus += f->o.u[i].nation == SN_RUSSIAN;
	}
	assert_int_equal(brit, 34);
	assert_int_equal(rus, 12);
	assert_int_equal(sros_in_supply(&f->o, &f->g, SN_BRITISH), brit);
	assert_int_equal(sros_in_supply(&f->o, &f->g, SN_RUSSIAN), rus);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-7-1-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-leg-1-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-20-2-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), -1);
}

/* [10.34] "Russian, field, and marine field artillery units are never considered 'limbered',
 * even if they are moved" (unlike an Allied siege gun [10.12]); one moved fires in the assault. */
static void test_1034_field_batteries_never_limbered(void **state)
{
	struct fix *f = *state;
	const char *br[] = {"1/1"};
	int gun = U(f, "rus-field-1"), mb = U(f, "rus-marine-batt-1"), mal = B(f, "malakoff");
	struct sros_fire fire = {.gun = gun, .target = U(f, "fr-7-1-1"), .yards = 300, .dice = {1}, .ndice = 1};
	go_to(f, 1, SS_REINFORCE);
	assert_int_equal(sros_convert(&f->o, &f->g, mb, &f->ev, &f->e), 0);
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "brit-siege-1"), SW_AREA, A(f, "british-center"), &f->ev,
				   &f->e), 0);
	assert_true(f->g.s[U(f, "brit-siege-1")].limbered); /* the contrast */
	go_to(f, 1, SS_RUSSIAN_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, gun, SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, mb, SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_false(f->g.s[gun].limbered);
	assert_false(f->g.s[mb].limbered);
	go_to(f, 2, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), 0);
	fire.gun = mb;
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), 0);
}

/* ---- [12.0] tactical movement ---------------------------------------------------------------- */

/* [12.11] "Only Allied units activated for an assault (see Case 11.1) may be moved by Open
 * Field Movement": brigade 1/1 goes over the top; 1/2, in the same Siege Area, stays. */
static void test_1211_only_activated_units_go(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 41);
	const struct sros_game *r = splay_roster(g);
	static const char *const go[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"}, *stay[] = {"fr-20-2-1", "fr-27-2-1"};
	int aim;
	bool in;
	storm(g, "french-left", "mast", 1, 0, "1/1"); /* the works 750 yards from the Mast */
	for (int k = 0; k < 3; k++)
		assert_int_equal(splay_assault_unit(g, unit_of(g, go[k]), &aim, &in), 5);
	for (int k = 0; k < 2; k++) {
		assert_false(r->s[unit_of(g, stay[k])].active);
		assert_int_equal(splay_assault_unit(g, unit_of(g, stay[k]), &aim, &in), -1);
	}
	play(g, "go");
	for (int k = 0; k < 3; k++)
		assert_int_equal(splay_assault_unit(g, unit_of(g, go[k]), &aim, &in), 4);
	for (int k = 0; k < 2; k++) {
		int i = unit_of(g, stay[k]);
		assert_int_equal(splay_assault_unit(g, i, &aim, &in), -1);
		assert_int_equal(r->s[i].where, SW_AREA);
		assert_int_equal(r->s[i].box, sob_area(splay_oob(g), "french-left"));
	}
	finish(g, s);
}

/* [12.14] "Terrain lines have no effect on Open Field Movement": toward the Central Bastion the
 * assaulting units cross a depression 150 yards each impulse, as on the flat. */
static void test_1214_terrain_no_effect(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 42);
	int k = approach_of(g, "french-left", "central"), u = unit_of(g, "fr-7-1-1"), aim;
	const struct splay_approach *ap = splay_approach(g, k);
	bool in, crossed = false;
	storm(g, "french-left", "central", 2, 0, "1/1");
	assert_int_equal(splay_assault_unit(g, u, &aim, &in), 5);
	for (int n = 1; n <= 5; n++) {
		int d;
		play(g, "go");
		d = splay_assault_unit(g, u, &aim, &in);
		assert_int_equal(d, 5 - n);
		if (d > 0 && ap->ground[ap->steps - d] == ST_DEPRESSION)
			crossed = true;
		if (n < 5)
			next_impulse(g);
	}
	assert_true(crossed);
	finish(g, s);
}

/* Brigades 1/1, 2/1 and 1/2 (eight units) named for the Mast with its approach depth lines deep;
 * the segment's end launches them. Returns how many [10.13] events name a unit that waits and
 * say what where says. */
static int three_brigades(struct game *g, int depth, const char *where)
{
	struct event store[NEV];
	struct evsink ev;
	struct err e;
	int waited = 0;
	until(g, SS_ALLIED_MOVE);
	((struct sp_state *)(void *)g->st)->depth[approach_of(g, "french-left", "mast")] = (uint8_t)depth;
	play(g, "storm mast 1/1");
	play(g, "storm mast 2/1");
	play(g, "storm mast 1/2");
	evsink_init(&ev, store, NEV);
	if (game_apply_text(g, "end", NULL, 0, &ev, &e) != 0)
		fail_msg("end refused: %s", e.msg);
	assert_int_equal(((const struct sp_state *)(const void *)g->st)->g.seg, SS_ASSAULT);
	for (int i = 0; i < ev.n; i++)
		waited += !strcmp(ev.ev[i].rule, "[10.13]") && strstr(ev.ev[i].text, where);
	return waited;
}

/* [12.21] "units which are in a Parallel counter of a rear Parallel ... or behind the Allied Start
 * Line may be moved forward into any Parallel counter of next forward Parallel Line"; [12.22]
 * one line a segment; [10.13] "No more than two infantry units ... in any one parallel", so a
 * line's three parallels hold six ([12.25]). Three brigades (eight units) storm the Mast along
 * works two lines deep (600 yards; the start line 900): the strongest six go from the forward
 * line, the other two from the line behind it (750 yards), and the second wave stays a step
 * behind the first, 150 yards an impulse. With the works at the start line all go from it. */
static void test_1221_waves_from_the_lines(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 45);
	static const char *const first[] = {"fr-1zov-1-1", "fr-3zov-1-2", "fr-leg-1-1", "fr-1tir-1-2", "fr-7-1-1",
					    "fr-20-2-1"},
				 *second[] = {"fr-27-2-1", "fr-50-1-2"};
	int aim;
	bool in;
	assert_int_equal(three_brigades(g, 2, "goes from a line of parallels 750 yards from Mast Bastion"), 2);
	for (int i = 0; i < 6; i++)
		assert_int_equal(splay_assault_unit(g, unit_of(g, first[i]), &aim, &in), 4); /* 600 yards */
	for (int i = 0; i < 2; i++)
		assert_int_equal(splay_assault_unit(g, unit_of(g, second[i]), &aim, &in), 5); /* 750 yards */
	play(g, "go");
	assert_int_equal(splay_assault_unit(g, unit_of(g, first[0]), &aim, &in), 3);
	assert_int_equal(splay_assault_unit(g, unit_of(g, second[0]), &aim, &in), 4); /* into the forward line */
	finish(g, s);
	/* one line dug (750 yards): the two behind it go from behind the start line, which holds
	 * any number [12.21] */
	s = load();
	g = start(s, 45);
	assert_int_equal(three_brigades(g, 1, "goes from behind the start line, 900 yards"), 2);
	assert_int_equal(splay_assault_unit(g, unit_of(g, first[5]), &aim, &in), 5);
	for (int i = 0; i < 2; i++)
		assert_int_equal(splay_assault_unit(g, unit_of(g, second[i]), &aim, &in), 6); /* 900 yards */
	finish(g, s);
}

/* [12.16] "Russian units may never be moved by Open Field Movement": in the Russian Tactical
 * Movement Segment the Russians only man, leave or reinforce their bastions' positions and
 * Reserve Boxes; none stands in the open, and the Allies' "go" is not theirs. */
static void test_1216_no_russian_open_field(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 43);
	const struct sp_state *S = (const struct sp_state *)(const void *)g->st;
	const struct sob *o = splay_oob(g);
	static struct action a[NACT];
	struct err e;
	int n, aim;
	bool in;
	storm(g, "french-left", "mast", 1, 0, "1/1");
	play(g, "go");
	while (S->step != IP_RMOVE)
		play(g, "end");
	assert_int_equal(g->rules->to_act(g), SP_SIDE_RUSSIAN);
	n = g->rules->actions(g, a, NACT);
	assert_true(n > 0 && n <= NACT);
	for (int k = 0; k < n; k++)
		assert_true(a[k].kind == SP_MAN || a[k].kind == SP_WITHDRAW || a[k].kind == SP_RESERVE || a[k].kind == SP_END);
	assert_int_not_equal(game_apply_text(g, "go", NULL, 0, NULL, &e), 0);
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation == SN_RUSSIAN)
			assert_int_equal(splay_assault_unit(g, i, &aim, &in), -1);
	finish(g, s);
}

/* [12.23] "When moving a unit utilizing Parallel Line to Parallel Line Movement the Allied Player
 * must trace a line of undamaged Parallels and/or Saps between the unit's original position and
 * the Parallel line the unit is moved to": with the forward line's works damaged, the assaulting
 * units go over the top from the line behind it, 150 yards farther. */
static void test_1223_undamaged_line(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 44);
	int u = unit_of(g, "fr-7-1-1"), aim;
	bool in;
	storm(g, "french-left", "mast", 2, 0, "1/1");
	assert_int_equal(splay_assault_unit(g, u, &aim, &in), 4); /* 600 yards */
	finish(g, s);
	s = load();
	g = start(s, 44);
	storm(g, "french-left", "mast", 2, 4, "1/1"); /* the second line's works damaged */
	assert_int_equal(splay_assault_unit(g, u, &aim, &in), 5); /* 750 yards */
	finish(g, s);
}

/* Sevastopol 10.32: "Only one infantry or field artillery unit may be deployed in each Bastion
 * Position ... Thus the number of units which may be deployed in any one bastion is limited by
 * the total number of positions -- e.g., 8 in the Mast bastion. (Addenda correction: there are
 * 10 Bastion Positions at the Mast Bastion, not 8.)"
 *
 * test_new (test_siege_game.c) checks the Mast's 10 in the order of battle the referee keeps,
 * and test_1236_one_unit_a_position plays the limit on the Mamelon's 6;
 * here the example's own bastion in the game the program runs: under an assault (set by hand, with assault_on: three French units of the French Left at its Assault
 * Positions, none in it) ten Russians hold the Mast's ten positions, and an eleventh in its
 * Reserve Box may take none until one of the ten withdraws ([12.34], [12.36]). */
static void test_1032_mast_ten(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 45);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"};
	static const char *const ru[] = {"rus-gar-1",     "rus-gar-2",     "rus-gar-3", "rus-gar-4", "rus-marines-2",
					 "rus-marines-3", "rus-marines-4", "rus-res-1", "rus-res-2", "rus-res-3"};
	int mast = sob_bastion(o, "mast"), res = unit_of(g, "rus-marines-1");
	assert_int_equal(o->b[mast].positions, 10); /* the addenda's 10, not the rule's 8 */
	assault_on(g, "french-left", "mast", fr, 3, 0, ru, 10);
	S->g.s[res].where = SW_BASTION;
	S->g.s[res].box = (int8_t)mast;
	S->f[res] |= SPF_RESERVE;
	assert_int_equal(sp_positions_taken(o, S, mast), 10);
	play(g, "end"); /* the Allied Melee Segment: on to the Russian Tactical Movement Segment */
	assert_int_equal(S->step, IP_RMOVE);
	assert_false(has(g, "man rus-marines-1")); /* all ten positions held */
	play(g, "withdraw rus-gar-1");
	assert_int_equal(sp_positions_taken(o, S, mast), 9);
	assert_true(has(g, "man rus-marines-1"));
	play(g, "man rus-marines-1");
	assert_int_equal(sp_positions_taken(o, S, mast), 10);
	finish(g, s);
}

/* [12.36] "The one-unit-per-Bastion-Position limitation remains in effect during the Tactical
 * Movement Segment. Consequently, no unit may be moved to or through a Bastion Position occupied
 * by another unit": the Mamelon's six positions taken, a Russian of its Reserve Box may man none
 * until one is left. */
static void test_1236_one_unit_a_position(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 45);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"};
	static const char *const ru[] = {"rus-gar-1", "rus-gar-2", "rus-gar-3", "rus-marines-1"};
	int mam = sob_bastion(splay_oob(g), "mamelon"), res = unit_of(g, "rus-marines-1");
	assert_int_equal(splay_oob(g)->b[mam].positions, 6);
	assault_on(g, "french-right", "mamelon", fr, 3, 7, ru, 4);
	S->f[res] |= SPF_RESERVE;
	assert_int_equal(sp_positions_taken(splay_oob(g), S, mam), 6);
	play(g, "end"); /* the Allied Melee Segment: on to the Russian Tactical Movement Segment */
	assert_int_equal(S->step, IP_RMOVE);
	assert_false(has(g, "man rus-marines-1"));
	play(g, "withdraw rus-gar-1");
	assert_int_equal(sp_positions_taken(splay_oob(g), S, mam), 5);
	assert_true(has(g, "man rus-marines-1"));
	play(g, "man rus-marines-1");
	assert_int_equal(sp_positions_taken(splay_oob(g), S, mam), 6);
	finish(g, s);
}

/* [12.41] "Only infantry units deployed in Bastion Reserve Positions or Transit Boxes may be
 * moved to other Bastion Reserve Boxes or Transit Boxes during the Russian Tactical Movement
 * Segment. Only units in the Bastion Reserve Box may be moved to connecting Bastion Positions." */
static void test_1241_reserve_and_transit_boxes(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 46);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"}, *ru[] = {"rus-gar-1"};
	int central = sob_bastion(o, "central");
	int holder = unit_of(g, "rus-marines-1"), reserve = unit_of(g, "rus-marines-2"), transit = unit_of(g, "rus-marines-3");
	int supply = unit_of(g, "rus-marines-4");
	assault_on(g, "french-left", "mast", fr, 3, 0, ru, 1);
	S->g.s[holder].where = S->g.s[reserve].where = SW_BASTION;
	S->g.s[holder].box = S->g.s[reserve].box = central;
	S->f[reserve] |= SPF_RESERVE;
	S->g.s[transit].where = SW_MAP;
	S->g.s[supply].where = SW_SUPPLY;
	S->g.s[supply].box = SN_RUSSIAN;
	S->g.s[unit_of(g, "rus-field-2")].where = SW_MAP;
	play(g, "end");
	assert_int_equal(S->step, IP_RMOVE);
	assert_true(has(g, "reserve rus-marines-3 mast"));  /* a Transit Box's */
	assert_true(has(g, "reserve rus-marines-2 mast"));  /* another Reserve Box's */
	assert_false(has(g, "reserve rus-marines-1 mast")); /* it holds a position of the Central */
	assert_false(has(g, "reserve rus-marines-4 mast")); /* the North Shore Supply Box */
	assert_false(has(g, "reserve rus-field-2 mast"));   /* not infantry */
	assert_false(has(g, "man rus-marines-3"));          /* not from a Reserve Box */
	play(g, "reserve rus-marines-3 mast");
	assert_int_equal(S->g.s[transit].where, SW_BASTION);
	assert_true(splay_in_reserve(g, transit));
	finish(g, s);
}

/* [12.43] "A unit may not be moved to an Allied-captured bastion Reserve Box during the Tactical
 * Movement Segment (or any other time either)." */
static void test_1243_never_into_a_captured_reserve(void **state)
{
	struct fix *f = *state;
	const char *br[] = {"1/1"};
	int mast = B(f, "mast"), u = U(f, "rus-gar-1");
	f->g.captured[mast] = true;
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_BASTION, mast, &f->ev, &f->e), -1); /* the set-up */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_BASTION, B(f, "central"), &f->ev, &f->e), 0);
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_BASTION, mast, &f->ev, &f->e), -1); /* tactical */
	assert_non_null(strstr(f->e.msg, "captured"));
	go_to(f, 1, SS_RUSSIAN_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, u, SW_BASTION, mast, &f->ev, &f->e), -1); /* operational */
	assert_non_null(strstr(f->e.msg, "captured"));
	assert_int_equal(f->g.s[u].box, B(f, "central"));
}

/* ---- [14.0] melee ------------------------------------------------------------------------------ */

/* [14.14] "No more than one Enemy unit may be attacked in any one combat": a melee on one of the
 * Mast's two field batteries affects it alone; the other is neither attacked nor moved. */
static void test_1414_one_defender(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 47);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"}, *ru[] = {"rus-field-1", "rus-field-2"};
	static const int die[] = {1}; /* 13 to 2, 6-1: 1 +1 = 2: D */
	struct event store[NEV];
	struct evsink ev;
	int f1 = unit_of(g, "rus-field-1"), f2 = unit_of(g, "rus-field-2"), told = 0;
	evsink_init(&ev, store, NEV);
	assault_on(g, "french-left", "mast", fr, 3, 7, ru, 2);
	play_dice(g, "melee rus-field-1", die, 1, &ev);
	assert_true(has_event(&ev, "[14.26]", "13 to 2, the 6-1 column: die 1 +1 = 2: D"));
	for (int i = 0; i < ev.n; i++) {
		assert_null(strstr(store[i].text, "rus-field-2"));
		told += !strcmp(store[i].rule, "[14.25]") && strstr(store[i].text, "rus-field-1") != NULL;
	}
	assert_true(told > 0);
	assert_true(splay_in_reserve(g, f1));
	assert_false(splay_in_reserve(g, f2));
	assert_true((S->f[f1] & SPF_FOUGHT) != 0);
	assert_true((S->f[f2] & SPF_FOUGHT) == 0);
	assert_int_equal(S->g.s[f2].where, SW_BASTION);
	finish(g, s);
}

/* [14.31] "There are four columns on the Morale Effects Table, each one corresponding to a
 * Morale Class ... The die roll for each affected unit is cross referenced with the column
 * representing the unit's Morale Class." The chart's rows by class, and in a melee two affected
 * attackers of classes C and B on the same modified die: retreat 2 and retreat 1. */
static void test_1431_morale_by_class(void **state)
{
	struct fix *f = *state;
	static const char *const rows[] = {"EEEE", "EEEE", "REEE", "2REE", "12RR", "-12R", "--12", "---1"}; /* -1..6 */
	const char *br[] = {"1/1"};
	int gar = U(f, "rus-gar-1"), line = U(f, "fr-7-1-1"), zouave = U(f, "fr-1zov-1-1");
	/* 13 to 4, 3-1; die 1 +1 = 2: B; each attacker's die 5 -1 (a bastion of Strength Level 3) = 4 */
	struct sros_melee m = {.att = {line, zouave}, .natt = 2, .def = gar, .die = 1, .adie = {5, 5}, .ddie = 6};
	for (int r = -1; r <= 6; r++)
		for (int c = 0; c < 4; c++)
			assert_int_equal(sref_morale_effect(&f->t, c, r), rows[r + 1][c]);
	assert_int_equal(f->o.u[line].morale, 2);
	assert_int_equal(f->o.u[zouave].morale, 1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, gar, SW_BASTION, B(f, "malakoff"), &f->ev, &f->e), 0);
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	evsink_clear(&f->ev);
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[14.36]", "fr-7-1-1, class C: die 5 -1 = 4: retreats 2"));
	assert_true(has_event(&f->ev, "[14.36]", "fr-1zov-1-1, class B: die 5 -1 = 4: retreats 1"));
	assert_true(has_event(&f->ev, "[14.36]", "rus-gar-1, class D: die 6 +0 = 6: retreats 1"));
}

/* The Allied melee on the Mast: three French units at its Assault Positions attack rus-gar-1
 * (4, class D), who holds it with rus-gar-2: 19 to 4, 4-1; die 3 +1 = 4: D; its morale die 5:
 * retreat 2. */
static struct game *allied_win(struct scenario *s, struct evsink *ev)
{
	struct game *g = start(s, 48);
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"}, *ru[] = {"rus-gar-1", "rus-gar-2"};
	static const int dice[] = {3, 5};
	assault_on(g, "french-left", "mast", fr, 3, 0, ru, 2);
	play_dice(g, "melee rus-gar-1", dice, 2, ev);
	assert_true(has_event(ev, "[14.26]", "19 to 4, the 4-1 column: die 3 +1 = 4: D"));
	assert_true(has_event(ev, "[14.36]", "rus-gar-1, class D: die 5 +0 = 5: retreats 2"));
	return g;
}

/* [14.53] "A Russian unit to which a 2 effect applies must be first retreated one position in
 * accordance with Case 14.52. If the unit is retreated into the Reserve Box, its retreat is
 * considered completed": the defender goes into the Mast's Reserve Box, not eliminated. */
static void test_1453_russian_two_ends_in_the_reserve(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct event store[NEV];
	struct evsink ev;
	struct game *g;
	int gar;
	evsink_init(&ev, store, NEV);
	g = allied_win(s, &ev);
	gar = unit_of(g, "rus-gar-1");
	assert_int_equal(splay_roster(g)->s[gar].where, SW_BASTION);
	assert_int_equal(splay_roster(g)->s[gar].box, sob_bastion(splay_oob(g), "mast"));
	assert_true(splay_in_reserve(g, gar));
	assert_true(splay_roster(g)->s[gar].retreated);
	assert_true(has_event(&ev, "[14.52]", "rus-gar-1 falls back into Mast Bastion's Reserve Box"));
	finish(g, s);
}

/* [14.61] "Units may only be advanced into Bastion Positions": the victor goes into the position
 * the defender left, not after it into the Reserve Box ([14.64] "An Allied unit may never be
 * advanced into a Bastion Reserve Box"). */
static void test_1461_advance_into_the_position(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct event store[NEV];
	struct evsink ev;
	struct game *g;
	const struct sp_state *S;
	int zouave, aim;
	bool in;
	char why[256];
	evsink_init(&ev, store, NEV);
	g = allied_win(s, &ev);
	S = (const struct sp_state *)(const void *)g->st;
	zouave = unit_of(g, "fr-1zov-1-1");
	assert_int_equal(splay_assault_unit(g, zouave, &aim, &in), 0);
	assert_true(in);
	assert_int_equal(aim, sob_bastion(splay_oob(g), "mast"));
	assert_true(has_event(&ev, "[14.6]", "fr-1zov-1-1 advances into the position rus-gar-1 left"));
	/* rus-gar-2 and the Zouaves hold the Mast's positions: two */
	assert_int_equal(sp_positions_taken(splay_oob(g), S, aim), 2);
	assert_int_equal(g->rules->check(g, why, sizeof why), 0);
	finish(g, s);
}

/* [14.62] "The victorious Player has the option of advancing any one victorious attacking unit in
 * the event that more than one is eligible to occupy a vacated Bastion Position": one of the
 * three attackers advances; the two others stay at the Assault Positions. */
static void test_1462_one_unit_advances(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct event store[NEV];
	struct evsink ev;
	struct game *g;
	static const char *const fr[] = {"fr-7-1-1", "fr-1zov-1-1", "fr-leg-1-1"};
	int advanced = 0, aim;
	bool in;
	evsink_init(&ev, store, NEV);
	g = allied_win(s, &ev);
	for (int k = 0; k < 3; k++) {
		assert_int_equal(splay_assault_unit(g, unit_of(g, fr[k]), &aim, &in), 0);
		advanced += in;
	}
	assert_int_equal(advanced, 1);
	finish(g, s);
}

/* [14.64] "An Allied unit may never be advanced into a Bastion Reserve Box": the French unit
 * that advanced after the defender who went into the Reserve Box stands in a Bastion Position,
 * and no Allied unit is in the bastion's Reserve Box (the Russians' alone). */
static void test_1464_no_allied_advance_into_the_reserve(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct event store[NEV];
	struct evsink ev;
	struct game *g;
	const struct sob *o;
	evsink_init(&ev, store, NEV);
	g = allied_win(s, &ev);
	o = splay_oob(g);
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation != SN_RUSSIAN) {
			assert_int_not_equal(splay_roster(g)->s[i].where, SW_BASTION);
			assert_false(splay_in_reserve(g, i));
		}
	finish(g, s);
}

/* [14.65] "A Russian unit may never be advanced into an Assault Position": the Russians throw a
 * French unit back from the Mast's Assault Positions (16 to 6, 2-1; die 6 -1 = 5: D; class C,
 * die 5: retreat 1) and stay in the bastion's positions. */
static void test_1465_no_russian_advance_to_assault_positions(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = start(s, 49);
	struct sp_state *S = (struct sp_state *)(void *)g->st;
	const struct sob *o = splay_oob(g);
	static const char *const fr[] = {"fr-7-1-1"}, *ru[] = {"rus-marines-1", "rus-marines-2"};
	static const int dice[] = {6, 5};
	struct event store[NEV];
	struct evsink ev;
	int mast = sob_bastion(o, "mast"), aim;
	bool in;
	evsink_init(&ev, store, NEV);
	assault_on(g, "french-left", "mast", fr, 1, 0, ru, 2);
	play(g, "end");
	play(g, "end");
	assert_int_equal(S->step, IP_RMELEE);
	play_dice(g, "melee fr-7-1-1", dice, 2, &ev);
	assert_true(has_event(&ev, "[14.26]", "16 to 6, the 2-1 column: die 6 -1 = 5: D"));
	assert_true(has_event(&ev, "[14.36]", "fr-7-1-1, class C: die 5 +0 = 5: retreats 1"));
	assert_true(has_event(&ev, "[14.6]", "a Russian unit never advances into one [14.65]"));
	assert_int_equal(splay_assault_unit(g, unit_of(g, "fr-7-1-1"), &aim, &in), 1);
	for (int k = 0; k < 2; k++) {
		int i = unit_of(g, ru[k]);
		assert_int_equal(S->g.s[i].where, SW_BASTION);
		assert_int_equal(S->g.s[i].box, mast);
		assert_false(splay_in_reserve(g, i));
		assert_int_equal(splay_assault_unit(g, i, &aim, &in), -1);
	}
	assert_int_equal(sp_positions_taken(o, S, mast), 2);
	finish(g, s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_332_french_at_start, setup, teardown),
		cmocka_unit_test_setup_teardown(test_631_british_reinforcements, setup, teardown),
		cmocka_unit_test_setup_teardown(test_632_french_reinforcements, setup, teardown),
		cmocka_unit_test_setup_teardown(test_812_supply_boxes_by_nation, setup, teardown),
		cmocka_unit_test(test_822_supply_is_rounds_of_its_kind),
		cmocka_unit_test(test_834_rounds_a_unit_fires),
		cmocka_unit_test_setup_teardown(test_843_no_unit_is_a_target, setup, teardown),
		cmocka_unit_test(test_851_russian_range_to_the_work),
		cmocka_unit_test(test_852_allied_range_from_the_gun),
		cmocka_unit_test_setup_teardown(test_871_mortar_and_lancaster_range, setup, teardown),
		cmocka_unit_test_setup_teardown(test_893_leaders_and_russian_guns_untouched, setup, teardown),
		cmocka_unit_test_setup_teardown(test_911_points_not_kept, setup, teardown),
		cmocka_unit_test(test_932_sap_from_a_line),
		cmocka_unit_test(test_882_saps_from_the_mamelon),
		cmocka_unit_test(test_925_where_the_engineer_is),
		cmocka_unit_test(test_882_the_mamelon_falls),
		cmocka_unit_test(test_882_random_games_from_the_mamelon),
		cmocka_unit_test(test_933_parallels_at_the_sap),
		cmocka_unit_test(test_936_no_parallel_from_the_start_line),
		cmocka_unit_test_setup_teardown(test_943_workers_of_their_bastion, setup, teardown),
		cmocka_unit_test(test_953_link_saps_end_to_end),
		cmocka_unit_test_setup_teardown(test_104_leaders_move_as_infantry, setup, teardown),
		cmocka_unit_test_setup_teardown(test_1015_a_line_of_works, setup, teardown),
		cmocka_unit_test_setup_teardown(test_1022_british_supply_box, setup, teardown),
		cmocka_unit_test_setup_teardown(test_1023_supply_box_unlimited, setup, teardown),
		cmocka_unit_test_setup_teardown(test_1034_field_batteries_never_limbered, setup, teardown),
		cmocka_unit_test(test_1211_only_activated_units_go),
		cmocka_unit_test(test_1221_waves_from_the_lines),
		cmocka_unit_test(test_1214_terrain_no_effect),
		cmocka_unit_test(test_1216_no_russian_open_field),
		cmocka_unit_test(test_1223_undamaged_line),
		cmocka_unit_test(test_1032_mast_ten),
		cmocka_unit_test(test_1236_one_unit_a_position),
		cmocka_unit_test(test_1241_reserve_and_transit_boxes),
		cmocka_unit_test_setup_teardown(test_1243_never_into_a_captured_reserve, setup, teardown),
		cmocka_unit_test(test_1414_one_defender),
		cmocka_unit_test_setup_teardown(test_1431_morale_by_class, setup, teardown),
		cmocka_unit_test(test_1453_russian_two_ends_in_the_reserve),
		cmocka_unit_test(test_1461_advance_into_the_position),
		cmocka_unit_test(test_1462_one_unit_advances),
		cmocka_unit_test(test_1464_no_allied_advance_into_the_reserve),
		cmocka_unit_test(test_1465_no_russian_advance_to_assault_positions),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
