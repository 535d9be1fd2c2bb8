/* Unit tests for a game of Sevastopol kept by the program (src/games/siege/soob.c, sroster.c):
 * the order of battle as data, the Sequence of Play with its winter and attrition turns, the
 * Supply Boxes and the ammunition they bring, construction points and who may dig, bastion
 * repair and upgrade, siege battery rounds, interventions, replacements, the assault's brigades,
 * captures and victory, the commanders' successions, and the game file. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/jdoc.h"
#include "games/siege/sroster.h"

#include "siegefix.h"

/* The order of battle: every list of the seed, the bastions of [19.0], the Siege Areas. */
static void test_oob(void **state)
{
	struct fix *f = *state;
	int count[SN_NATIONS] = {0}, majors = 0;
	for (int i = 0; i < f->o.n; i++)
		count[f->o.u[i].nation]++;
	assert_int_equal(count[SN_BRITISH], 42);
	assert_int_equal(count[SN_FRENCH], 50);
	assert_int_equal(count[SN_RUSSIAN], 56);
	for (int b = 0; b < f->o.nb; b++)
		majors += f->o.b[b].major;
	assert_int_equal(majors, 5); /* [19.0] */
	assert_int_equal(f->o.b[B(f, "mast")].positions, 10); /* addenda to [10.32] */
	assert_int_equal(f->o.u[U(f, "rus-grand-duke-michael")].entry, 8); /* addenda to [6.33] */
	assert_int_equal(f->o.u[U(f, "raglan")].brigades, 2);          /* [16.11] */
	assert_int_equal(f->o.u[U(f, "canrobert")].brigades, 3);       /* [16.12] */
	assert_int_equal(f->o.u[U(f, "todleben")].die, 4);             /* [9.21] */
	assert_true(f->o.u[U(f, "rus-marines-1")].marine);
	/* [14.0]'s example: two units of 13 against one of 4 */
	assert_int_equal(f->o.u[U(f, "fr-7-1-1")].strength + f->o.u[U(f, "fr-1zov-1-1")].strength, 13);
	assert_int_equal(f->o.u[U(f, "rus-gar-1")].strength, 4);
}

/* A new game: [3.3]'s set-up, bastions at 3 [9.41], the first segment. */
static void test_new(void **state)
{
	struct fix *f = *state;
	assert_int_equal(f->g.turn, 1);
	assert_int_equal(f->g.seg, SS_INTERVENTION);
	for (int b = 0; b < f->o.nb; b++)
		assert_int_equal(f->g.strength[b], 3);
	assert_int_equal(f->g.s[U(f, "41-r-2")].where, SW_AREA);
	assert_int_equal(f->g.s[U(f, "41-r-2")].box, A(f, "british-center"));
	assert_int_equal(f->g.s[U(f, "fr-7-1-1")].box, A(f, "french-left"));
	assert_int_equal(f->g.s[U(f, "rus-azov")].where, SW_DUE);
	assert_int_equal(f->g.s[U(f, "simpson")].where, SW_DUE);
	assert_int_equal(f->g.cinc[SN_BRITISH], U(f, "raglan"));
}

/* The Sequence of Play: winter skips intervention, construction and assault [15.0]; attrition
 * only in its Game-Turns and every nation must roll [7.0]; the ammunition segment runs itself. */
static void test_sequence(void **state)
{
	struct fix *f = *state;
	go_to(f, 4, SS_RUSSIAN_BUILD);
	next(f); /* Game-Turn 5, December: winter, no intervention: the reinforcement segment */
	assert_int_equal(f->g.turn, 5);
	assert_int_equal(f->g.seg, SS_REINFORCE);
	next(f);
	assert_int_equal(f->g.seg, SS_ATTRITION);
	assert_int_equal(sros_next(&f->o, &f->t, &f->g, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[7.11] roll the british attrition"));
	for (int n = 0; n < SN_NATIONS; n++)
		f->g.attrition_done[n] = true;
	next(f);
	assert_int_equal(f->g.seg, SS_FIRE); /* through the Ammunition Supply Segment */
	next(f);
	assert_int_equal(f->g.seg, SS_ALLIED_MOVE); /* no construction in winter */
	next(f);
	assert_int_equal(f->g.seg, SS_RUSSIAN_MOVE);
	next(f);
	assert_int_equal(f->g.turn, 6); /* no Russian construction either */
	/* Game-Turn 9 (April I) has no attrition */
	go_to(f, 9, SS_REINFORCE);
	next(f);
	assert_int_equal(f->g.seg, SS_FIRE);
}

/* [8.11]-[8.15]: rounds come only with enough units in the Supply Box; French units help the
 * British, two at most; the set-up may use the boxes. */
static void test_ammunition(void **state)
{
	struct fix *f = *state;
	const char *brit[] = {"41-r-2", "47-r-2", "49-r-2", "30-l-2"};
	for (int k = 0; k < 4; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, brit[k]), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-7-1-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-1zov-1-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-leg-1-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[8.15]"));
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "42-hd-1"), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), -1);
	assert_int_equal(sros_in_supply(&f->o, &f->g, SN_BRITISH), 6);
	go_to(f, 1, SS_FIRE);
	/* Oct I: British need 5: 2 siege, 1 mortar and 1 Lancaster; French need 2 (none there); Russians 2 */
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 2);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_MORTAR], 1);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_LANCASTER], 1);
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_SIEGE], 0);
	assert_true(has_event(&f->ev, "[8.14]", "french: 0 units in the Kameitch Supply Box, 2 needed"));
	/* out of the set-up, units move only in their own movement segment [10.0] */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "42-hd-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[10.0]"));
}

/* [5.0]-[5.3]: Balaclava stops British rounds, Inkerman takes units off for a Game-Turn, no
 * battle twice or on consecutive Game-Turns. */
static void test_intervention(void **state)
{
	struct fix *f = *state;
	const char *brit[] = {"41-r-2", "47-r-2", "49-r-2", "30-l-2", "55-l-2"};
	for (int k = 0; k < 5; k++)
		assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, brit[k]), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_intervene(&f->o, &f->t, &f->g, SB_BALACLAVA, 2, &f->ev, &f->e), 0); /* 2 Game-Turns */
	assert_int_equal(f->g.brit_no_ammo, 2);
	assert_int_equal(sros_intervene(&f->o, &f->t, &f->g, SB_INKERMAN, 1, &f->ev, &f->e), -1); /* [5.12] */
	go_to(f, 1, SS_FIRE);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 0);
	assert_true(has_event(&f->ev, "[5.21]", "no artillery rounds"));
	go_to(f, 2, SS_REINFORCE); /* [5.14]: Game-Turn 2 has no intervention segment */
	go_to(f, 3, SS_INTERVENTION);
	assert_int_equal(sros_intervene(&f->o, &f->t, &f->g, SB_BALACLAVA, 1, &f->ev, &f->e), -1); /* [5.11] */
	assert_int_equal(sros_intervene(&f->o, &f->t, &f->g, SB_TCHERNAYA, 1, &f->ev, &f->e), -1); /* [5.12] */
	assert_int_equal(sros_intervene(&f->o, &f->t, &f->g, SB_INKERMAN, 6, &f->ev, &f->e), 0);   /* 4 units */
	assert_int_equal(f->g.off_due, 4);
	assert_int_equal(sros_next(&f->o, &f->t, &f->g, &f->ev, &f->e), -1);
	assert_int_equal(sros_take_off(&f->o, &f->g, U(f, "fr-7-1-1"), &f->ev, &f->e), -1); /* the French Left */
	const char *off[] = {"42-hd-1", "79-hd-1", "93-hd-1", "95-l-2"};
	for (int k = 0; k < 4; k++)
		assert_int_equal(sros_take_off(&f->o, &f->g, U(f, off[k]), &f->ev, &f->e), 0);
	next(f);
	go_to(f, 4, SS_REINFORCE);
	assert_int_equal(f->g.s[U(f, "42-hd-1")].where, SW_AREA);
	assert_true(has_event(&f->ev, "[5.22]", "42-hd-1 returns"));
}

/* [7.0]-[7.2], [6.1]-[6.2]: attrition's losses are the owner's choice of his infantry;
 * replacements return them, one a Game-Turn, never the marines. */
static void test_attrition_replacement(void **state)
{
	struct fix *f = *state;
	int lost[3] = {U(f, "rus-marines-1"), U(f, "rus-gar-1"), U(f, "rus-siege-1")};
	go_to(f, 5, SS_ATTRITION);
	/* Russian, December: die 6 +1 winter = 7: 2 lost */
	assert_int_equal(sros_attrition(&f->o, &f->t, &f->g, SN_RUSSIAN, 6, lost, 1, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[7.12] 2 russian units lost"));
	assert_int_equal(sros_attrition(&f->o, &f->t, &f->g, SN_RUSSIAN, 6, lost + 1, 2, &f->ev, &f->e), -1); /* a gun */
	assert_int_equal(f->g.s[U(f, "rus-gar-1")].where, SW_MAP);
	assert_int_equal(sros_attrition(&f->o, &f->t, &f->g, SN_RUSSIAN, 6, lost, 2, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "rus-marines-1")].where, SW_ELIMINATED);
	assert_int_equal(sros_attrition(&f->o, &f->t, &f->g, SN_RUSSIAN, 1, NULL, 0, &f->ev, &f->e), -1); /* once */
	go_to(f, 6, SS_REINFORCE);
	assert_int_equal(sros_replace(&f->o, &f->g, U(f, "rus-marines-1"), SW_MAP, 0, &f->ev, &f->e), -1); /* [6.15] */
	assert_int_equal(sros_replace(&f->o, &f->g, U(f, "rus-gar-1"), SW_BASTION, B(f, "malakoff"), &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "rus-gar-1")].where, SW_BASTION);
	/* [6.23]: no British replacement before March 1855 */
	f->g.s[U(f, "41-r-2")].where = SW_ELIMINATED;
	assert_int_equal(sros_replace(&f->o, &f->g, U(f, "41-r-2"), SW_AREA, A(f, "british-center"), &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[6.23] British replacements begin in March 1855"));
}

/* [9.1]-[9.3], [9.6]: points from the track, the engineer's bonus in his area only, two
 * diggers who may not move, none from the Guards, the 1st Division or a Supply Box. */
static void test_construction(void **state)
{
	struct fix *f = *state;
	int dig[2] = {U(f, "41-r-2"), U(f, "47-r-2")}, guards[2] = {U(f, "gren-gd-1"), U(f, "49-r-2")};
	int area = A(f, "british-center");
	go_to(f, 1, SS_ALLIED_BUILD);
	assert_int_equal(f->g.cp[SN_BRITISH], f->t.cp[0][SN_BRITISH]);
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, area, 2, false, true, guards, 2, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[9.38]"));
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, area, 2, false, true, dig, 1, &f->ev, &f->e), -1); /* [9.37] */
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, A(f, "french-left"), 2, false, true, dig, 2, &f->ev, &f->e), -1);
	assert_int_equal(sros_engineer(&f->o, &f->t, &f->g, SN_BRITISH, 3, &f->ev, &f->e), 0); /* 3 > 2: none */
	assert_int_equal(f->g.bonus[SN_BRITISH], 0);
	assert_int_equal(sros_engineer(&f->o, &f->t, &f->g, SN_BRITISH, 1, &f->ev, &f->e), -1); /* once */
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, area, 2, false, true, dig, 2, &f->ev, &f->e), 0);
	assert_int_equal(f->g.cp[SN_BRITISH], f->t.cp[0][SN_BRITISH] - 2);
	assert_true(f->g.s[dig[0]].worked);
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, area, 2, false, false, dig, 2, &f->ev, &f->e), -1); /* busy */
	/* the French engineer's bonus: die 3 (1-3) */
	assert_int_equal(sros_engineer(&f->o, &f->t, &f->g, SN_FRENCH, 3, &f->ev, &f->e), 0);
	assert_int_equal(f->g.bonus[SN_FRENCH], 2);
	next(f);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, dig[0], SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), -1); /* [10.11] */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "42-hd-1"), SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "brit-mortar-1"), SW_MAP, 0, &f->ev, &f->e), -1);
	/* [10.12], [3.5]: a siege gun moved is limbered, and fires again once the next Allied
	 * Operational Movement Segment unlimbers it [8.32] */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "brit-siege-1"), SW_AREA, area, &f->ev, &f->e), 0);
	assert_true(f->g.s[U(f, "brit-siege-1")].limbered);
	go_to(f, 2, SS_FIRE);
	f->g.ammo[SN_BRITISH][SG_SIEGE] = 5;
	{
		struct sros_round r = {.unit = U(f, "brit-siege-1"), .yards = 700, .bastion = B(f, "mast"), .die = 1,
				       .dump = {-1, -1}};
		assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
		assert_non_null(strstr(f->e.msg, "[8.32]"));
		go_to(f, 2, SS_ALLIED_MOVE);
		assert_false(f->g.s[U(f, "brit-siege-1")].limbered);
	}
	/* [3.1]: the French Right is not active yet */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-7-1-1"), SW_AREA, A(f, "french-right"), &f->ev, &f->e), -1);
}

/* [9.4]: repair up to 3 at 1 point, upgrade from 3 to 8 at 2 with the engineer in the area, a
 * point for each infantry unit in the bastion. */
static void test_fortify(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff"), mast = B(f, "mast");
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-marines-1"), SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-marines-2"), SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-gar-1"), SW_BASTION, mast, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "todleben"), SW_AREA, A(f, "russian-1"), &f->ev, &f->e), 0);
	go_to(f, 1, SS_RUSSIAN_BUILD);
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 1, false, &f->ev, &f->e), -1); /* [9.15]: 3 already */
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 2, true, &f->ev, &f->e), -1);  /* 4 points, 2 men [9.42] */
	assert_non_null(strstr(f->e.msg, "[9.42]"));
	assert_int_equal(sros_fortify(&f->o, &f->g, mast, 1, true, &f->ev, &f->e), -1); /* engineer elsewhere [9.24] */
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 1, true, &f->ev, &f->e), 0);
	assert_int_equal(f->g.strength[mal], 4);
	assert_int_equal(f->g.cp[SN_RUSSIAN], f->t.cp[0][SN_RUSSIAN] - 2);
	assert_int_equal(sros_fortify(&f->o, &f->g, mal, 1, true, &f->ev, &f->e), -1);  /* both men used */
	f->g.strength[mast] = 1;
	assert_int_equal(sros_fortify(&f->o, &f->g, mast, 2, false, &f->ev, &f->e), -1); /* one man: one point */
	assert_int_equal(sros_fortify(&f->o, &f->g, mast, 1, false, &f->ev, &f->e), 0);
	assert_int_equal(f->g.strength[mast], 2);
}

/* Addenda [9.23]: an asterisk by a nationality's Construction Points on the Game-Turn Record
 * Track marks Engineer Initiative, a bonus of 4 rather than 2: the (reconstructed) track stars
 * the Russians' first Game-Turn, not the British or French one. */
static void test_engineer_star(void **state)
{
	struct fix *f = *state;
	assert_true(f->t.cp_star[0][SN_RUSSIAN]);
	assert_false(f->t.cp_star[0][SN_FRENCH]);
	go_to(f, 1, SS_RUSSIAN_BUILD);
	assert_int_equal(sros_engineer(&f->o, &f->t, &f->g, SN_RUSSIAN, 1, &f->ev, &f->e), 0);
	assert_int_equal(f->g.bonus[SN_RUSSIAN], 4);
	assert_true(has_event(&f->ev, "[9.21]", "+4 Construction Points"));
	assert_true(has_event(&f->ev, "[9.21]", "(* [9.23])"));
}

/* [8.0]-[8.98]: rounds spent, the Allies first, losses the owner's choice, a dump's two rounds. */
static void test_bombard(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff");
	struct sros_round r = {.unit = U(f, "brit-siege-1"), .yards = 700, .bastion = mal, .die = 6, .dump = {-1, -1}};
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-marines-1"), SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-gar-1"), SW_BASTION, mal, &f->ev, &f->e), 0);
	go_to(f, 1, SS_FIRE);
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1); /* no rounds [8.16] */
	assert_non_null(strstr(f->e.msg, "[8.16]"));
	f->g.ammo[SN_BRITISH][SG_SIEGE] = 3;
	f->g.ammo[SN_BRITISH][SG_MORTAR] = 1;
	/* 700 yards: -2; die 6 = 4, the siege gun's row "4 / 5", at strength 3 (4-3): 1/2 */
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[8.91] 2 Russian infantry units lost: name them"));
	assert_true(has_event(&f->ev, "[8.5]", "die 6 -2 (range) = 4")); /* the ruling is told */
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 3);          /* nothing changed */
	r.lost[0] = U(f, "rus-gar-1");
	r.nlost = 1;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1); /* one short */
	r.lost[1] = U(f, "rus-marines-1");
	r.nlost = 2;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), 0);
	assert_int_equal(f->g.strength[mal], 2);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 2);
	assert_int_equal(f->g.s[U(f, "rus-gar-1")].where, SW_ELIMINATED);
	assert_int_equal(f->g.s[U(f, "rus-marines-1")].where, SW_ELIMINATED);
	/* the mortar: die 5 -2 = 3, the row "2 / 3", at 6-5: 1/1, and no infantry left to lose */
	f->g.strength[mal] = 6;
	r.unit = U(f, "brit-mortar-1");
	r.die = 5;
	r.nlost = 0;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), 0);
	assert_int_equal(f->g.strength[mal], 5);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_MORTAR], 0);
	/* 8.16's example: "a British mortar unit may not fire if no British mortar rounds are
	 * available, regardless of French mortar round availability" */
	f->g.ammo[SN_FRENCH][SG_MORTAR] = 4;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[8.16] no british mortar rounds are left"));
	assert_int_equal(f->g.ammo[SN_FRENCH][SG_MORTAR], 4);
	assert_int_equal(f->g.strength[mal], 5);
	/* the Russians fire: then the Allies are done [8.0] */
	{
		struct sros_round rr = {.unit = U(f, "rus-siege-1"), .yards = 300, .bastion = -1, .die = 1, .dump = {-1, -1}};
		f->g.ammo[SN_RUSSIAN][SG_SIEGE] = 1;
		assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &rr, &f->ev, &f->e), -1); /* not in a bastion [8.31] */
		assert_non_null(strstr(f->e.msg, "[8.31]"));
		f->g.s[rr.unit].where = SW_BASTION;
		f->g.s[rr.unit].box = B(f, "mast");
		assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &rr, &f->ev, &f->e), 0);
		assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), -1);
		assert_non_null(strstr(f->e.msg, "the Allies fire first"));
	}
}

/* [8.98]: a dump's two rounds, the named kinds first, then any of the nation's. */
static void test_dump(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff");
	/* the siege gun's row 7 ("4 / 5") at 8-7 is 1/1*: strength 8, die 6 at 150 yards (+1) */
	struct sros_round r = {.unit = U(f, "brit-siege-1"), .yards = 150, .bastion = mal, .die = 6,
			       .dump = {SG_MORTAR, -1}};
	int mod = 0;
	go_to(f, 1, SS_FIRE);
	assert_int_equal(sref_range_mod(&f->t, 150, &mod, &f->e), 0);
	r.die = 4 - mod;
	f->g.strength[mal] = 8;
	f->g.ammo[SN_BRITISH][SG_SIEGE] = 5;
	f->g.ammo[SN_BRITISH][SG_MORTAR] = 1;
	assert_int_equal(sros_bombard(&f->o, &f->t, &f->g, &r, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[8.98]", "one british mortar round destroyed"));
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_MORTAR], 0);
	assert_int_equal(f->g.ammo[SN_BRITISH][SG_SIEGE], 3); /* one fired, one lost */
}

/* [11.1], [16.0]: brigades up to the commander's number, the Guards once; [11.3], [19.0]: a
 * capture at the fifth impulse; two bastions, one major, win. */
static void test_assault_victory(void **state)
{
	struct fix *f = *state;
	const char *three[] = {"2/R", "2/L", "3/R"}, *two[] = {"1/GD", "2/R"}, *guards[] = {"1/GD"};
	int gar[3] = {U(f, "gren-gd-1"), U(f, "sf-gd-1"), U(f, "cs-gd-1")}, gar2[3] = {U(f, "41-r-2"), U(f, "47-r-2"),
											U(f, "49-r-2")};
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, three, 3, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[16.0] Lord Raglan activates 2"));
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, two, 2, &f->ev, &f->e), 0);
	assert_int_equal(f->g.seg, SS_ASSAULT);
	assert_true(f->g.s[U(f, "naval-1")].active); /* free [11.1] */
	assert_false(f->g.s[U(f, "44-l-3")].active);
	assert_int_equal(sros_capture(&f->o, &f->g, B(f, "mast"), gar, &f->ev, &f->e), -1); /* impulse 1 */
	for (int k = 0; k < 4; k++)
		next(f);
	assert_int_equal(f->g.impulse, 5);
	assert_int_equal(sros_capture(&f->o, &f->g, B(f, "mast"), gar, &f->ev, &f->e), 0);
	assert_int_equal(sros_casualty(&f->o, &f->g, U(f, "44-l-3"), 'E', &f->ev, &f->e), -1); /* not in it */
	next(f);
	assert_int_equal(f->g.seg, SS_RUSSIAN_MOVE);
	go_to(f, 2, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, guards, 1, &f->ev, &f->e), -1); /* the Guards once */
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, two + 1, 1, &f->ev, &f->e), 0);
	for (int k = 0; k < 4; k++)
		next(f);
	assert_int_equal(sros_capture(&f->o, &f->g, B(f, "mamelon"), gar2, &f->ev, &f->e), 0);
	go_to(f, 2, SS_RUSSIAN_BUILD);
	next(f);
	assert_int_equal(f->g.seg, SS_OVER);
	assert_int_equal(f->g.winner, SN_BRITISH);
	assert_true(has_event(&f->ev, "[19.0]", "an Allied victory"));
	assert_int_equal(sros_next(&f->o, &f->t, &f->g, &f->ev, &f->e), -1);
}

/* [14.0]-[14.6]: a melee from the game's units: strengths (13 to 4 is 3-1, [14.0]'s example),
 * the nation's modifier, each affected unit's own morale roll with [14.33] and [14.34], the
 * results kept; [14.17], [14.25]: a field battery defends at 2 and is never eliminated. */
static void test_melee(void **state)
{
	struct fix *f = *state;
	const char *br[] = {"1/1"};
	int gar = U(f, "rus-gar-1"), line = U(f, "fr-7-1-1"), zouave = U(f, "fr-1zov-1-1"), gun = U(f, "rus-field-1");
	struct sros_melee m = {.att = {line, zouave}, .natt = 2, .def = gar, .die = 1};
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, gar, SW_BASTION, B(f, "malakoff"), &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, gun, SW_BASTION, B(f, "malakoff"), &f->ev, &f->e), 0);
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), -1); /* not in an assault */
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	/* before the roll, the odds, and nothing changes */
	{
		struct sros_game *before = malloc(sizeof *before);
		struct sros_melee q = m;
		assert_non_null(before);
		memcpy(before, &f->g, sizeof *before);
		q.die = 0;
		evsink_clear(&f->ev);
		assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &q, &f->ev, &f->e), 1);
		assert_true(has_event(&f->ev, "[14.26]", "the attackers affected 33.3%, the defender 100.0%"));
		assert_true(has_event(&f->ev, "[14.36]", "rus-gar-1 if affected (class D, +0): eliminated 33.3%"));
		assert_memory_equal(before, &f->g, sizeof *before);
		free(before);
	}
	/* 13 to 4: 3-1; die 1 +1 (a Russian defender [14.21]) = 2: B */
	evsink_clear(&f->ev);
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), -1);
	assert_true(has_event(&f->ev, "[14.26]", "13 to 4, the 3-1 column: die 1 +1 = 2: B, both affected"));
	assert_non_null(strstr(f->e.msg, "[14.24] the attackers are affected"));
	m.adie[0] = m.adie[1] = 4;
	m.ddie = 6;
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	/* the attackers -1: a bastion of Strength Level 3 [14.33]; C on 3: routed, B on 3: retreat 2 */
	assert_false(f->g.s[line].active);
	assert_true(f->g.s[zouave].retreated);
	/* the defender, class D, 6: retreat 1 */
	assert_true(f->g.s[gar].retreated);
	assert_int_equal(f->g.s[gar].where, SW_BASTION);
	/* a routed unit attacks no more */
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[11.1]"));
	/* 7 to 4 is 1-1; die 6 +1 = 7: D; the defender's -1 for its retreat: die 1 -1 = 0: E */
	m = (struct sros_melee){.att = {zouave}, .natt = 1, .def = gar, .die = 6, .ddie = 1};
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[gar].where, SW_ELIMINATED);
	assert_int_equal(f->g.assault_lost[SN_RUSSIAN], 1);
	/* the field battery: 7 to 2 is 3-1; die 3 +1 = 4: D: to the Reserve Box, never eliminated */
	evsink_clear(&f->ev);
	m = (struct sros_melee){.att = {zouave}, .natt = 1, .def = gun, .die = 3};
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[14.26]", "7 to 2, the 3-1 column"));
	assert_true(has_event(&f->ev, "[14.25]", "never eliminated"));
	assert_int_equal(f->g.s[gun].where, SW_BASTION);
	/* [14.35]'s example: a unit retreated before, in an Assault Position, attacking a Russian in
	 * a bastion of Strength Level 5: -3. 7 to 4 is 1-1; die 1 +1 = 2: A */
	f->g.s[U(f, "rus-gar-3")].where = SW_BASTION;
	f->g.s[U(f, "rus-gar-3")].box = B(f, "malakoff");
	f->g.strength[B(f, "malakoff")] = 5;
	evsink_clear(&f->ev);
	m = (struct sros_melee){.att = {zouave}, .natt = 1, .def = U(f, "rus-gar-3"), .die = 1, .adie = {6}};
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[14.36]", "fr-1zov-1-1, class B: die 6 -3 = 3: retreats 2"));
	/* from the bastion's own positions, [14.32] does not count: -1 alone */
	evsink_clear(&f->ev);
	m.in_bastion = true;
	assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[14.36]", "fr-1zov-1-1, class B: die 6 -1 = 5: no effect"));
	/* the assault's end clears the retreats */
	for (int k = 0; k < 5; k++)
		next(f);
	assert_false(f->g.s[zouave].retreated);
}

/* [13.0]: Russian field battery fire: the 2-1 column, range and nation modifiers, a shot more in
 * a depression or ravine, a morale roll each time the target is affected, in order. */
static void test_battery(void **state)
{
	struct fix *f = *state;
	const char *br[] = {"1/1"};
	int gun = U(f, "rus-field-1"), zouave = U(f, "fr-1zov-1-1");
	struct sros_fire fire = {.gun = gun, .target = zouave, .yards = 450, .terrain = 2, .dice = {6, 6, 6}, .ndice = 3,
				 .mdice = {4, 4}, .nmdice = 2};
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), -1); /* not in a bastion */
	f->g.s[gun].where = SW_BASTION;
	f->g.s[gun].box = B(f, "malakoff");
	fire.yards = 700;
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "600 yards"));
	/* 450 yards -1, a Zouave -2: die 6 -3 = 3 on the 2-1 column: B, three times (a ravine) */
	fire.yards = 450;
	evsink_clear(&f->ev);
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), -1);
	assert_true(has_event(&f->ev, "[13.0]", "shot 3: die 6 -3 = 3 on the 2-1 column: B, the target affected"));
	assert_non_null(strstr(f->e.msg, "affected 3 times"));
	assert_false(f->g.s[zouave].retreated); /* nothing changed */
	/* class B: 4: retreat 1; then -1: 4 -1 = 3: retreat 2; then 1 -1 = 0: eliminated */
	fire.mdice[2] = 1;
	fire.nmdice = 3;
	evsink_clear(&f->ev);
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), 0);
	assert_true(has_event(&f->ev, "[14.36]", "fr-1zov-1-1, class B: die 4 -1 = 3: retreats 2"));
	assert_int_equal(f->g.s[zouave].where, SW_ELIMINATED);
	assert_int_equal(f->g.assault_lost[SN_FRENCH], 1);
	/* once an impulse */
	fire.target = U(f, "fr-leg-1-1");
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "has fired"));
	next(f);
	fire = (struct sros_fire){.gun = gun, .target = U(f, "fr-leg-1-1"), .yards = 150, .dice = {1}, .ndice = 1};
	assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fire, &f->ev, &f->e), 0); /* 1 +1 -1 = 1: A: nothing */
}

/* [15.0]: no assault in winter; [9.0], [10.11]: diggers are inverted for their Game-Turn only,
 * winter or not; [11.1]: a brigade assaults from the map. */
static void test_winter_and_brigades(void **state)
{
	struct fix *f = *state;
	const char *l2[] = {"2/L"}, *later[] = {"GD/GREN"};
	int dig[2] = {U(f, "41-r-2"), U(f, "47-r-2")};
	go_to(f, 4, SS_ALLIED_BUILD);
	assert_int_equal(sros_dig(&f->o, &f->g, SN_BRITISH, A(f, "british-center"), 2, false, true, dig, 2, &f->ev, &f->e), 0);
	go_to(f, 4, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, later, 1, &f->ev, &f->e), -1); /* not arrived: Dec */
	go_to(f, 5, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, l2, 1, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[15.0]"));
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, dig[0], SW_SUPPLY, SN_BRITISH, &f->ev, &f->e), 0);
}

/* [10.16], [10.2]-[10.26], [6.12]: each nation in its own areas; French moves between their
 * areas take two Game-Turns, one, or none as saps join them to the British [9.5]; French units
 * arrive in the French Right once French units have held it. */
static void test_french_areas(void **state)
{
	struct fix *f = *state;
	int fr = U(f, "fr-7-1-1"), right = A(f, "french-right");
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "41-r-2"), SW_AREA, A(f, "french-left"), &f->ev, &f->e), -1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "41-r-2"), SW_MAP, 0, &f->ev, &f->e), -1);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "brit-mortar-1"), SW_AREA, A(f, "british-center"), &f->ev,
				   &f->e), -1); /* [8.33] its firing box */
	go_to(f, 7, SS_REINFORCE);
	/* [6.12]: the French Right never held */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-1-1-8"), SW_AREA, right, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[6.12]"));
	f->g.s[U(f, "fr-20-2-1")].where = SW_ELIMINATED; /* replacements too */
	assert_int_equal(sros_replace(&f->o, &f->g, U(f, "fr-20-2-1"), SW_AREA, right, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[6.12]"));
	assert_int_equal(sros_replace(&f->o, &f->g, U(f, "fr-20-2-1"), SW_AREA, A(f, "french-left"), &f->ev, &f->e), 0);
	go_to(f, 7, SS_ALLIED_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, fr, SW_AREA, right, &f->ev, &f->e), 0); /* no saps: 2 Game-Turns */
	assert_int_equal(f->g.s[fr].where, SW_TRANSIT);
	assert_int_equal(f->g.s[fr].back, 9);
	go_to(f, 8, SS_ALLIED_BUILD);
	assert_int_equal(sros_link(&f->o, &f->g, A(f, "british-center"), false, &f->ev, &f->e), -1);
	assert_int_equal(sros_link(&f->o, &f->g, A(f, "french-left"), false, &f->ev, &f->e), 0);
	go_to(f, 8, SS_ALLIED_MOVE);
	assert_int_equal(f->g.s[fr].where, SW_TRANSIT);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-20-2-1"), SW_AREA, right, &f->ev, &f->e), 0);
	assert_int_equal(f->g.s[U(f, "fr-20-2-1")].back, 9); /* one joined: 1 Game-Turn */
	/* [10.21]: from the French Left to a box, yes */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-27-2-1"), SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), 0);
	/* [10.21]: nor from a box to the French Right at once */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "fr-27-2-1"), SW_AREA, right, &f->ev, &f->e), -1);
	go_to(f, 9, SS_ALLIED_MOVE);
	assert_int_equal(f->g.s[fr].where, SW_AREA);
	assert_int_equal(f->g.s[fr].box, right);
	assert_true(f->g.right_held);
	/* it stays behind the start line the segment it arrives [10.25] */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, fr, SW_AREA, A(f, "french-left"), &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[10.25]"));
	go_to(f, 10, SS_ALLIED_MOVE);
	/* [10.21]: from the French Right to a box only once both are joined */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, fr, SW_SUPPLY, SN_FRENCH, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[10.21]"));
	/* [8.95]: a damaged sap cuts the areas off, in the fire segment */
	go_to(f, 11, SS_FIRE);
	assert_int_equal(sros_link(&f->o, &f->g, A(f, "french-left"), true, &f->ev, &f->e), 0);
	assert_false(f->g.linked[0]);
	assert_int_equal(sros_link(&f->o, &f->g, A(f, "french-left"), true, &f->ev, &f->e), -1);
	go_to(f, 11, SS_ALLIED_MOVE);
	/* a game in transit writes and reads back */
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, fr, SW_AREA, A(f, "french-left"), &f->ev, &f->e), 0);
	{
		json_t *j = sros_game_json(&f->o, &f->g);
		char *txt = json_dumps(j, 0);
		struct sros_game *g2 = malloc(sizeof *g2);
		struct errlist *l = malloc(sizeof *l);
		struct jdoc d;
		json_decref(j);
		assert_int_equal(jdoc_parse(&d, "g.json", txt, strlen(txt), &f->e), 0);
		errlist_init(l);
		assert_int_equal(sros_game_read(&f->o, &d, g2, l), 0);
		assert_memory_equal(g2, &f->g, sizeof *g2);
		jdoc_free(&d);
		free(txt);
		free(g2);
		free(l);
	}
}

/* A review's findings: a converted Marine Battery is a field battery [14.25], [8.11]; field
 * batteries fire at the assaulting units [13.0]; Russians attack from a bastion [14.11]; the
 * eliminated garrison nothing [11.31]; rounds kept within the track. */
static void test_guards(void **state)
{
	struct fix *f = *state;
	const char *br[] = {"1/1"};
	int mb = U(f, "rus-marine-batt-1"), gun = U(f, "rus-field-1");
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, mb, SW_SUPPLY, SN_RUSSIAN, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, gun, SW_BASTION, B(f, "mast"), &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-marines-1"), SW_SUPPLY, SN_RUSSIAN, &f->ev, &f->e), 0);
	next(f);
	assert_int_equal(sros_convert(&f->o, &f->g, mb, &f->ev, &f->e), 0);
	assert_int_equal(sros_in_supply(&f->o, &f->g, SN_RUSSIAN), 1); /* the marines only */
	go_to(f, 1, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, br, 1, &f->ev, &f->e), 0);
	assert_int_equal(sros_casualty(&f->o, &f->g, mb, 'E', &f->ev, &f->e), -1);
	{
		struct sros_fire fi = {.gun = gun, .target = U(f, "41-r-2"), .yards = 300, .dice = {6}, .ndice = 1};
		assert_int_equal(sros_battery(&f->o, &f->t, &f->g, &fi, &f->ev, &f->e), -1); /* not assaulting */
	}
	{
		struct sros_melee m = {.att = {U(f, "rus-marines-1")}, .natt = 1, .def = U(f, "fr-7-1-1"), .die = 3};
		assert_int_equal(sros_melee(&f->o, &f->t, &f->g, &m, &f->ev, &f->e), -1); /* from the Supply Box */
		assert_non_null(strstr(f->e.msg, "[14.11]"));
	}
	assert_int_equal(sros_casualty(&f->o, &f->g, U(f, "fr-7-1-1"), 'E', &f->ev, &f->e), 0);
	for (int k = 0; k < 4; k++)
		next(f);
	{
		int gar[3] = {U(f, "fr-7-1-1"), U(f, "fr-1zov-1-1"), U(f, "fr-leg-1-1")};
		assert_int_equal(sros_capture(&f->o, &f->g, B(f, "mast"), gar, &f->ev, &f->e), -1);
		gar[0] = U(f, "fr-20-2-1");
		f->g.s[gar[0]].active = false; /* not of the brigade */
		assert_int_equal(sros_capture(&f->o, &f->g, B(f, "mast"), gar, &f->ev, &f->e), -1);
	}
	/* [8.17]: rounds pile up, within the track */
	f->g.ammo[SN_RUSSIAN][SG_SIEGE] = SROS_ROUNDS_MAX - 1;
	go_to(f, 2, SS_FIRE);
	assert_int_equal(f->g.ammo[SN_RUSSIAN][SG_SIEGE] <= SROS_ROUNDS_MAX, 1);
}

/* [3.1], [10.33]: one siege gun and one mortar in a bastion's firing boxes; a Russian gun not yet
 * in one may still deploy in a Russian movement segment, never after. */
static void test_russian_guns(void **state)
{
	struct fix *f = *state;
	int mal = B(f, "malakoff");
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-siege-1"), SW_BASTION, mal, &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-siege-2"), SW_BASTION, mal, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[3.1]"));
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-mortar-1"), SW_BASTION, mal, &f->ev, &f->e), 0);
	go_to(f, 1, SS_RUSSIAN_MOVE);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-siege-2"), SW_BASTION, B(f, "mast"), &f->ev, &f->e), 0);
	assert_int_equal(sros_move(&f->o, &f->t, &f->g, U(f, "rus-siege-2"), SW_BASTION, B(f, "central"), &f->ev, &f->e), -1);
}

/* [19.0]: after September 1855 without two bastions the Russians win. */
static void test_russian_victory(void **state)
{
	struct fix *f = *state;
	f->g.captured[B(f, "mast")] = true;
	go_to(f, 18, SS_RUSSIAN_BUILD);
	next(f);
	assert_int_equal(f->g.seg, SS_OVER);
	assert_int_equal(f->g.winner, SN_RUSSIAN);
}

/* [16.2]: Raglan's successor in July I; [16.3]: a French commander who loses four units fails. */
static void test_commanders(void **state)
{
	struct fix *f = *state;
	const char *fr[] = {"1/1"};
	go_to(f, 14, SS_REINFORCE);
	assert_int_equal(sros_next(&f->o, &f->t, &f->g, &f->ev, &f->e), -1);
	assert_non_null(strstr(f->e.msg, "[16.2]"));
	assert_int_equal(sros_commander(&f->o, &f->g, SN_BRITISH, 5, &f->ev, &f->e), 0);
	assert_int_equal(f->g.cinc[SN_BRITISH], U(f, "campbell"));
	go_to(f, 14, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, fr, 1, &f->ev, &f->e), 0);
	f->g.assault_lost[SN_FRENCH] = 4;
	for (int k = 0; k < 5; k++)
		next(f);
	assert_true(f->g.french_failed);
	go_to(f, 15, SS_REINFORCE);
	assert_int_equal(sros_commander(&f->o, &f->g, SN_FRENCH, 6, &f->ev, &f->e), 0); /* 5-6 Bosquet */
	assert_int_equal(f->g.cinc[SN_FRENCH], U(f, "bosquet"));
	assert_false(f->g.french_failed);
	/* he fails too: the one not chosen before, Pelissier, comes without a die */
	go_to(f, 15, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, fr, 1, &f->ev, &f->e), 0);
	f->g.assault_lost[SN_FRENCH] = 5;
	for (int k = 0; k < 5; k++)
		next(f);
	assert_true(f->g.french_failed);
	go_to(f, 16, SS_REINFORCE);
	assert_int_equal(f->g.cinc[SN_FRENCH], U(f, "pelissier"));
	assert_true(has_event(&f->ev, "[16.3]", "the one not chosen before"));
	assert_int_equal(sros_commander(&f->o, &f->g, SN_FRENCH, 1, &f->ev, &f->e), -1);
	/* and if he fails, no one is left: the game goes on */
	go_to(f, 16, SS_ALLIED_MOVE);
	assert_int_equal(sros_assault(&f->o, &f->t, &f->g, fr, 1, &f->ev, &f->e), 0);
	f->g.assault_lost[SN_FRENCH] = 4;
	for (int k = 0; k < 5; k++)
		next(f);
	assert_false(f->g.french_failed);
	go_to(f, 17, SS_FIRE);
}

/* The game file: what is written reads back the same; a broken one says file:line. */
static void test_file(void **state)
{
	struct fix *f = *state;
	struct sros_game *g2 = malloc(sizeof *g2);
	struct errlist *l = malloc(sizeof *l);
	struct jdoc d;
	json_t *j;
	char *txt, *at;
	assert_non_null(g2);
	assert_non_null(l);
	go_to(f, 3, SS_ALLIED_BUILD);
	f->g.strength[2] = 5;
	f->g.s[U(f, "42-hd-1")].where = SW_SUPPLY;
	f->g.s[U(f, "42-hd-1")].box = SN_BRITISH;
	f->g.s[U(f, "42-hd-1")].where = SW_OFF; /* [5.22]: back to the British area */
	f->g.s[U(f, "42-hd-1")].box = A(f, "british-center");
	f->g.s[U(f, "42-hd-1")].back = 4;
	f->g.converted_turn = 2;
	j = sros_game_json(&f->o, &f->g);
	assert_non_null(j);
	txt = json_dumps(j, JSON_INDENT(1));
	json_decref(j);
	assert_int_equal(jdoc_parse(&d, "g.json", txt, strlen(txt), &f->e), 0);
	errlist_init(l);
	if (sros_game_read(&f->o, &d, g2, l) != 0)
		fail_msg("%d: %s", l->e[0].line, l->e[0].msg);
	assert_memory_equal(g2, &f->g, sizeof *g2);
	jdoc_free(&d);
	{
		/* a bastion twice */
		char *dup = strdup(txt), *mal = strstr(dup, "\"id\": \"great-redan\"");
		assert_non_null(mal);
		memcpy(mal + 7, "malakoff\"   ", 12);
		assert_int_equal(jdoc_parse(&d, "g.json", dup, strlen(dup), &f->e), 0);
		errlist_init(l);
		assert_int_equal(sros_game_read(&f->o, &d, g2, l), -1);
		assert_non_null(strstr(l->e[0].msg, "is here twice"));
		jdoc_free(&d);
		free(dup);
	}
	at = strstr(txt, "\"strength\": 5");
	assert_non_null(at);
	at[12] = '9'; /* [9.44] no bastion above 8 */
	assert_int_equal(jdoc_parse(&d, "g.json", txt, strlen(txt), &f->e), 0);
	errlist_init(l);
	assert_int_equal(sros_game_read(&f->o, &d, g2, l), -1);
	assert_true(l->e[0].line > 1);
	assert_non_null(strstr(l->e[0].msg, "\"strength\" must be a whole number from 0 to 8"));
	jdoc_free(&d);
	free(txt);
	free(l);
	free(g2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_oob, setup, teardown),
		cmocka_unit_test_setup_teardown(test_new, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sequence, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ammunition, setup, teardown),
		cmocka_unit_test_setup_teardown(test_engineer_star, setup, teardown),
		cmocka_unit_test_setup_teardown(test_intervention, setup, teardown),
		cmocka_unit_test_setup_teardown(test_attrition_replacement, setup, teardown),
		cmocka_unit_test_setup_teardown(test_construction, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fortify, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bombard, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dump, setup, teardown),
		cmocka_unit_test_setup_teardown(test_assault_victory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_melee, setup, teardown),
		cmocka_unit_test_setup_teardown(test_battery, setup, teardown),
		cmocka_unit_test_setup_teardown(test_winter_and_brigades, setup, teardown),
		cmocka_unit_test_setup_teardown(test_french_areas, setup, teardown),
		cmocka_unit_test_setup_teardown(test_guards, setup, teardown),
		cmocka_unit_test_setup_teardown(test_russian_guns, setup, teardown),
		cmocka_unit_test_setup_teardown(test_russian_victory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commanders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_file, setup, teardown),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
