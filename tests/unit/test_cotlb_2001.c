/* Unit tests for the 2001 variant of the Charge of the Light Brigade play sheet
 * (data/cotlb/sheet-2001.json): every cell it reads is checked against the 2001 Rebel Yell
 * article and play sheet (seed 004), the cells where that text differs from the NASHCON 2014
 * sheet (data/cotlb/sheet-2014.json) are checked to differ, the cells where both texts agree to
 * agree, and the blocks the 2001 text is silent on to be marked reconstructed and to hold the 2014
 * sheet's values. A few rulings (cref) show the difference at the table. */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/event.h"
#include "core/jdoc.h"
#include "games/cotlb/cref.h"
#include "games/cotlb/croster.h"
#include "games/cotlb/ctab.h"

#define SHEET01 "data/cotlb/sheet-2001.json"
#define SHEET14 "data/cotlb/sheet-2014.json"
#define EPS 1e-12
#define X CTAB_NEVER /* no save */

/* ---- helpers ---- */

static void load_or_fail(struct ctab *t, const char *path)
{
	struct errlist *l = malloc(sizeof *l);
	assert_non_null(l);
	errlist_init(l);
	if (ctab_load_file(t, path, l) != 0) {
		for (int i = 0; i < l->n; i++)
			print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
		free(l);
		fail_msg("%s does not load", path);
	}
	free(l);
}

/* The 2001 sheet and the 2014 sheet, each loaded once. */
static const struct ctab *s01(void)
{
	static struct ctab t;
	static int loaded;
	if (!loaded) {
		load_or_fail(&t, SHEET01);
		loaded = 1;
	}
	return &t;
}

static const struct ctab *s14(void)
{
	static struct ctab t;
	static int loaded;
	if (!loaded) {
		load_or_fail(&t, SHEET14);
		loaded = 1;
	}
	return &t;
}

/* Lookups that fail the test on a key the sheet lacks. */
static int U(const struct ctab *t, const char *key)
{
	int i = ctab_unit(t, key);
	if (i < 0)
		fail_msg("%s: no troop type \"%s\"", t->file, key);
	return i;
}

static int W(const struct ctab *t, const char *key)
{
	int i = ctab_weapon(t, key);
	if (i < 0)
		fail_msg("%s: no weapon \"%s\"", t->file, key);
	return i;
}

static int MV(const struct ctab *t, const char *key)
{
	int i = ctab_move(t, key);
	if (i < 0)
		fail_msg("%s: no MOVE Chart row \"%s\"", t->file, key);
	return i;
}

static int save_row(const struct ctab *t, const char *key)
{
	for (int i = 0; i < t->nsaves; i++)
		if (!strcmp(t->save[i].key, key))
			return i;
	return -1;
}

static const struct ctab_save *SAVE(const struct ctab *t, const char *key)
{
	int i = save_row(t, key);
	if (i < 0)
		fail_msg("%s: no Save Table row \"%s\"", t->file, key);
	return &t->save[i];
}

static int fire_row(const struct ctab *t, const char *key)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(t->row_key[i], key))
			return i;
	fail_msg("%s: no Fire Chart row \"%s\"", t->file, key);
	return -1;
}

static bool has_event(const struct evsink *s, const char *rule, const char *text)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->ev[i].rule, rule) && strstr(s->ev[i].text, text))
			return true;
	return false;
}

static void assert_close(double got, double want, const char *what, int i)
{
	if (fabs(got - want) > EPS)
		fail_msg("%s[%d]: %.15g, want %.15g", what, i, got, want);
}

/* ---- the sheet as the 2001 text prints it ---- */

/* The 2001 sheet loads without a single error and says which sheet it is. */
static void test_2001_loads(void **state)
{
	(void)state;
	struct errlist *l = malloc(sizeof *l);
	struct ctab *t = malloc(sizeof *t);
	assert_non_null(l);
	assert_non_null(t);
	errlist_init(l);
	assert_int_equal(ctab_load_file(t, SHEET01, l), 0);
	assert_int_equal(l->total, 0);
	assert_string_equal(t->file, SHEET01);
	assert_non_null(strstr(t->title, "2001"));
	assert_null(strstr(t->title, "2014"));
	free(t);
	free(l);
}

/* The 2001 fire chart, "[#] for units in cover" bracketed: weapon groups are its columns
 * (Muskets & Rifles Russ Ft. Artillery | Allied Ft. Arty Russ Hrs. Arty. Dismounted Cav |
 * Allied Hrs. Arty Mounted Cav), target classes its rows:
 *   Lines and Deployed Guns              4-6 [5-6]  3-6 [4-6]  2-6 [3-6]
 *   Columns, Limbered Guns, Double Lines 5,6 [6]    4-6 [5,6]  3-6 [4-6]
 *   Enfiladed Lines, Column, Square      6 [6]      5,6 [6]    4-6 [5,6]
 * Both texts print the same cells. */
static void test_2001_fire(void **state)
{
	(void)state;
	static const char *const rows[3] = {"muskets", "field", "horse"};
	static const int open[3][CT_TARGETS] = {{4, 5, 6}, {3, 4, 5}, {2, 3, 4}};
	static const int cover[3][CT_TARGETS] = {{5, 6, 6}, {4, 5, 6}, {3, 4, 5}};
	const struct ctab *t = s01(), *o = s14();
	for (int r = 0; r < 3; r++) {
		int i = fire_row(t, rows[r]), j = fire_row(o, rows[r]);
		for (int c = 0; c < CT_TARGETS; c++) {
			if (t->fire[i][c] != open[r][c] || t->fire_cover[i][c] != cover[r][c])
				fail_msg("fire %s/%s: %d [%d], the 2001 chart prints %d [%d]", rows[r], ctab_target_name[c],
					 t->fire[i][c], t->fire_cover[i][c], open[r][c], cover[r][c]);
			assert_int_equal(t->fire[i][c], o->fire[j][c]);
			assert_int_equal(t->fire_cover[i][c], o->fire_cover[j][c]);
		}
	}
}

/* The weapons: each reads the fire chart column that names it; "Rifles fire out to 20\" and
 * most artillery at 40\""; no range printed for cavalry. Muskets' 10", horse artillery always
 * long and canister are the 2014 sheet's (the 2001 text is silent). */
static void test_2001_weapons(void **state)
{
	(void)state;
	static const struct {
		const char *key, *row;
		int long_in;
	} w[] = {
		{"musket", "muskets", 10},
		{"rifle", "muskets", 20},
		{"russian-foot-artillery", "muskets", 40},
		{"allied-foot-artillery", "field", 40},
		{"russian-horse-artillery", "field", 40},
		{"dismounted-cavalry", "field", 0},
		{"allied-horse-artillery", "horse", 40},
		{"mounted-cavalry", "horse", 0},
	};
	const struct ctab *t = s01(), *o = s14();
	assert_int_equal(t->nweapons, (int)(sizeof w / sizeof w[0]));
	for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
		const struct ctab_weapon *a = &t->weapon[W(t, w[k].key)], *b = &o->weapon[W(o, w[k].key)];
		assert_int_equal(a->row, fire_row(t, w[k].row));
		assert_int_equal(a->long_in, w[k].long_in);
		/* the reconstructed cells hold the 2014 sheet's values */
		assert_int_equal(a->always_long, b->always_long);
		assert_int_equal(a->canister, b->canister);
		assert_int_equal(a->long_in, b->long_in);
	}
}

/* The 2001 SAVE TABLE, row by row as printed (6 + leader ... 1 stands left):
 *   Brit Inf     4,5,6  5,6  6    X    X    X
 *   French Inf   5,6    5,6  5,6  5,6  X    X
 *   All Turks    X      X    X    X    X    X
 *   Br & F Cav.  4,5,6  5,6  6    X    X    X
 *   Russ Inf     5,6    5,6  5,6  5,6  5,6  5,6
 *   Russ Cav     5,6    5,6  5,6  6    6    X
 *   All Arty     5,6 per figure | 6 per figure | 6 per figure   (each across two columns)
 * No "2X" anywhere, and no Cossack row. */
static void test_2001_save(void **state)
{
	(void)state;
	static const struct {
		const char *key;
		int need[CTAB_COLS];
	} want[] = {
		{"british-infantry", {4, 5, 6, X, X, X}},
		{"french-infantry", {5, 5, 5, 5, X, X}},
		{"turks", {X, X, X, X, X, X}},
		{"allied-cavalry", {4, 5, 6, X, X, X}},
		{"russian-infantry", {5, 5, 5, 5, 5, 5}},
		{"russian-cavalry", {5, 5, 5, 6, 6, X}},
		{"artillery", {5, 5, 6, 6, 6, 6}},
	};
	const struct ctab *t = s01();
	assert_int_equal(t->nsaves, (int)(sizeof want / sizeof want[0]));
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const struct ctab_save *s = SAVE(t, want[k].key);
		for (int c = 0; c < CTAB_COLS; c++)
			if (s->need[c] != want[k].need[c])
				fail_msg("save %s at %d stands: %d, the 2001 sheet prints %d", want[k].key, 6 - c, s->need[c],
					 want[k].need[c]);
	}
	for (int i = 0; i < t->nsaves; i++)
		for (int c = 0; c < CTAB_COLS; c++)
			assert_true(t->save[i].need[c] > 0); /* never 2X */
	assert_int_equal(save_row(t, "cossacks"), -1);
}

/* Where the two Save Tables differ: exactly these cells, and no others. */
static void test_2001_save_differs(void **state)
{
	(void)state;
	static const struct {
		const char *key;
		int col;          /* stands left */
		int was, is;      /* 2014, 2001 */
	} diff[] = {
		{"british-infantry", 1, -1, X},  /* 2X -> X */
		{"french-infantry", 1, -1, X},   /* 2X -> X */
		{"allied-cavalry", 6, 2, 4},     /* 2,3,4,5,6 -> 4,5,6 */
		{"allied-cavalry", 2, -1, X},    /* 2X -> X */
		{"allied-cavalry", 1, -1, X},    /* 2X -> X */
		{"russian-infantry", 1, X, 5},   /* X -> 5,6 */
		{"russian-cavalry", 6, 4, 5},    /* 4,5,6 -> 5,6 */
		{"russian-cavalry", 4, 6, 5},    /* 6 -> 5,6 */
		{"russian-cavalry", 3, X, 6},    /* X -> 6 */
		{"russian-cavalry", 2, X, 6},    /* X -> 6 */
		{"artillery", 6, 4, 5},          /* 4,5,6 per figure -> 5,6 per figure */
		{"artillery", 5, 4, 5},
		{"artillery", 4, 5, 6},          /* 5,6 per figure -> 6 per figure */
		{"artillery", 3, 5, 6},
	};
	const struct ctab *t = s01(), *o = s14();
	int found = 0;
	for (int i = 0; i < t->nsaves; i++) {
		const struct ctab_save *a = &t->save[i], *b = SAVE(o, a->key); /* every 2001 row is a 2014 row */
		for (int c = 0; c < CTAB_COLS; c++) {
			size_t k;
			if (a->need[c] == b->need[c])
				continue;
			for (k = 0; k < sizeof diff / sizeof diff[0]; k++)
				if (!strcmp(diff[k].key, a->key) && ctab_save_col(diff[k].col) == c)
					break;
			if (k == sizeof diff / sizeof diff[0])
				fail_msg("save %s at %d stands: 2001 %d, 2014 %d, a difference the texts do not have", a->key,
					 6 - c, a->need[c], b->need[c]);
			assert_int_equal(b->need[c], diff[k].was);
			assert_int_equal(a->need[c], diff[k].is);
			found++;
		}
	}
	assert_int_equal(found, (int)(sizeof diff / sizeof diff[0]));
	/* the 2014 sheet's Cossack row has no 2001 counterpart */
	assert_true(save_row(o, "cossacks") >= 0);
}

/* "Leaders Save with a 3,4,5,6. A 1 is a Kill and a 2 is a Wound." (2014: a one or two kills) */
static void test_2001_leader(void **state)
{
	(void)state;
	const struct ctab *t = s01(), *o = s14();
	assert_int_equal(t->leader_kill, 1);
	assert_int_equal(t->leader_wound, 2);
	assert_int_equal(o->leader_kill, 2);
	assert_int_equal(o->leader_wound, 0);
	/* a 2 is no kill on the 2001 sheet, a kill on the 2014 one */
	assert_int_equal(cref_leader_roll(t, 1, "a", NULL), 1);
	assert_int_equal(cref_leader_roll(t, 2, "a", NULL), 0);
	assert_int_equal(cref_leader_roll(o, 2, "a", NULL), 1);
	for (int d = 3; d <= 6; d++) {
		assert_int_equal(cref_leader_roll(t, d, "a", NULL), 0);
		assert_int_equal(cref_leader_roll(o, d, "a", NULL), 0);
	}
}

/* Troop types: 4 castings an infantry stand, 2 a cavalry stand, a battery's figures counted one
 * by one ("The Game Itself"); the close assault check "stands (or artillerymen) including the
 * leader plus one die equals 5 or 6" for every nation (2014: 7 Russian or Turkish, 6 French or
 * British); no brigade commander radius ("I have elected not to have any fixed higher command
 * structure"). */
static void test_2001_units(void **state)
{
	(void)state;
	static const struct {
		const char *key, *save;
		int fps, morale14;
	} u[] = {
		{"british-infantry", "british-infantry", 4, 6},
		{"french-infantry", "french-infantry", 4, 6},
		{"turkish-infantry", "turks", 4, 7},
		{"british-cavalry", "allied-cavalry", 2, 6},
		{"french-cavalry", "allied-cavalry", 2, 6},
		{"russian-infantry", "russian-infantry", 4, 7},
		{"russian-cavalry", "russian-cavalry", 2, 7},
		{"cossacks", "russian-cavalry", 2, 7}, /* no Cossack row: Russ Cav */
		{"british-artillery", "artillery", 1, 6},
		{"french-artillery", "artillery", 1, 6},
		{"russian-artillery", "artillery", 1, 7},
		{"turkish-artillery", "artillery", 1, 7},
	};
	const struct ctab *t = s01(), *o = s14();
	assert_int_equal(t->nunits, (int)(sizeof u / sizeof u[0]));
	for (size_t k = 0; k < sizeof u / sizeof u[0]; k++) {
		const struct ctab_unit *a = &t->unit[U(t, u[k].key)], *b = &o->unit[U(o, u[k].key)];
		assert_string_equal(t->save[a->save].key, u[k].save);
		assert_int_equal(a->fps, u[k].fps);
		assert_int_equal(a->fps, b->fps);
		assert_int_equal(a->morale, 5);
		assert_int_equal(b->morale, u[k].morale14);
		assert_int_equal(a->radius, 0);
		assert_int_equal(a->bonuses, b->bonuses); /* the 2014 sheet's: only Cossacks lack them */
	}
	assert_false(t->unit[U(t, "cossacks")].bonuses);
	assert_int_equal(o->unit[U(o, "russian-infantry")].radius, 12);
	assert_int_equal(o->unit[U(o, "british-infantry")].radius, 24);
}

/* The 2001 MOVE chart: Infantry 2 3, Cavalry 3 4, Ft. Guns 3 ---, Hr. Guns 4 ---, Staff 4 4;
 * terrain Low Hills | High Hills Streams Woods | Walls Trenches: Infantry - Low Die, - High Die,
 * - Low Die; Cavalry - High Die, -2 Highest, - High Die; guns - High Die, -2 Highest, No Cross;
 * Staff 4 dice everywhere. No light infantry row. Where both sheets have a row they agree. */
static void test_2001_move(void **state)
{
	(void)state;
	static const struct {
		const char *key;
		int dice[3]; /* line, column, road */
		int terrain[CT_TERRAINS];
	} m[] = {
		{"infantry", {2, 3, 4}, {CT_PEN_LOW, CT_PEN_HIGH, CT_PEN_LOW}},
		{"cavalry", {3, 4, 5}, {CT_PEN_HIGH, CT_PEN_2HIGH, CT_PEN_HIGH}},
		{"foot-guns", {3, 0, 4}, {CT_PEN_HIGH, CT_PEN_2HIGH, CT_PEN_NOCROSS}},
		{"horse-guns", {4, 0, 4}, {CT_PEN_HIGH, CT_PEN_2HIGH, CT_PEN_NOCROSS}},
		{"staff", {4, 4, 4}, {CT_PEN_NONE, CT_PEN_NONE, CT_PEN_NONE}},
	};
	const struct ctab *t = s01(), *o = s14();
	assert_int_equal(t->nmoves, (int)(sizeof m / sizeof m[0]));
	/* the road column is the 2001 sheet's alone */
	assert_true(t->move_road);
	assert_false(o->move_road);
	for (size_t k = 0; k < sizeof m / sizeof m[0]; k++) {
		const struct ctab_move *a = &t->move[MV(t, m[k].key)], *b = &o->move[MV(o, m[k].key)];
		for (int f = 0; f < 2; f++) {
			assert_int_equal(a->dice[f], m[k].dice[f]);
			assert_int_equal(a->dice[f], b->dice[f]);
		}
		assert_int_equal(a->dice[2], m[k].dice[2]);
		assert_int_equal(b->dice[2], 0);
		/* [MOVE Chart (a)]: the road's dice on the 2001 sheet, refused on the 2014 sheet */
		{
			struct cref_move road = {.row = MV(t, m[k].key), .form = 2, .terrain = -1};
			struct err e;
			assert_int_equal(cref_move_dice(t, &road, &e), m[k].dice[2]);
			road.row = MV(o, m[k].key);
			assert_int_equal(cref_move_dice(o, &road, &e), 0);
			assert_non_null(strstr(e.msg, "no road column"));
		}
		for (int c = 0; c < CT_TERRAINS; c++) {
			assert_int_equal(a->terrain[c], m[k].terrain[c]);
			assert_int_equal(a->terrain[c], b->terrain[c]);
		}
	}
	assert_int_equal(ctab_move(t, "light-infantry"), -1);
	assert_true(ctab_move(o, "light-infantry") >= 0);
}

/* ---- provenance: what is 2001's, what is the 2014 sheet's ---- */

/* Each block's source: seed (or decoded) where the 2001 text prints it, reconstructed where it
 * is silent; every reconstructed block says it takes the 2014 sheet's value. */
static void test_2001_provenance(void **state)
{
	(void)state;
	static const struct {
		const char *id, *source;
	} want[] = {
		{"fire", "seed"},
		{"fire_cover", "seed"},
		{"weapons", "reconstructed"},
		{"save", "decoded"},
		{"units", "reconstructed"},
		{"leader", "seed"},
		{"leader_replacement", "seed"},
		{"morale_check", "seed"},
		{"winner_losses", "reconstructed"},
		{"close_combat_modifiers", "reconstructed"},
		{"close_combat_states", "reconstructed"},
		{"initiative", "reconstructed"},
		{"move", "seed"},
		{"move_terrain", "seed"},
	};
	struct jdoc d;
	struct err e;
	const json_t *tables, *tb;
	size_t i;
	if (jdoc_load(&d, SHEET01, &e) != 0)
		fail_msg("%s: %s", SHEET01, e.msg);
	tables = json_object_get(d.root, "tables");
	assert_int_equal(json_array_size(tables), sizeof want / sizeof want[0]);
	json_array_foreach(tables, i, tb) {
		const char *id = json_string_value(json_object_get(tb, "id"));
		const json_t *p = json_object_get(tb, "provenance");
		const char *src = json_string_value(json_object_get(p, "source"));
		const char *cite = json_string_value(json_object_get(p, "case"));
		const char *basis = json_string_value(json_object_get(p, "basis"));
		size_t k;
		assert_non_null(id);
		for (k = 0; k < sizeof want / sizeof want[0]; k++)
			if (!strcmp(want[k].id, id))
				break;
		if (k == sizeof want / sizeof want[0])
			fail_msg("a table \"%s\" the 2001 sheet should not have", id);
		assert_non_null(src);
		if (strcmp(src, want[k].source))
			fail_msg("table \"%s\" is %s, want %s", id, src, want[k].source);
		assert_non_null(cite);
		if (!strcmp(src, "reconstructed")) {
			assert_non_null(basis);
			if (!strstr(basis, "Not in the 2001 sheet; the 2014 sheet's value"))
				fail_msg("table \"%s\" is reconstructed but does not say it takes the 2014 sheet's value", id);
		} else if (!strstr(cite, "2001")) {
			fail_msg("table \"%s\" is %s but cites \"%s\", not the 2001 sheet", id, src, cite);
		}
	}
	/* the MOVE chart's ROAD column is kept as printed (4, 5, 4, 4, 4) */
	json_array_foreach(tables, i, tb) {
		static const char *const road[5] = {"4", "5", "4", "4", "4"};
		const json_t *cols, *rows, *r;
		size_t j, rc = 0;
		if (strcmp(json_string_value(json_object_get(tb, "id")), "move"))
			continue;
		cols = json_object_get(tb, "columns");
		rows = json_object_get(tb, "rows");
		assert_string_equal(json_string_value(json_array_get(cols, 2)), "road");
		json_array_foreach(rows, j, r) {
			assert_true(j < 5);
			assert_string_equal(json_string_value(json_array_get(json_object_get(r, "cells"), 2)), road[j]);
			rc++;
		}
		assert_int_equal(rc, 5);
	}
	jdoc_free(&d);
}

/* The reconstructed blocks hold the 2014 sheet's values, and the one 2001 cell among them (a
 * morale chit -1; the initiative's +1 for last turn's winner) is the 2001 text's. */
static void test_2001_reconstructed_values(void **state)
{
	(void)state;
	const struct ctab *t = s01(), *o = s14();
	for (int f = 0; f < 6; f++)
		assert_int_equal(t->wloss[f], o->wloss[f]);
	assert_int_equal(t->nmods, o->nmods);
	for (int i = 0; i < o->nmods; i++) {
		int j = ctab_mod(t, o->mod[i].key);
		if (j < 0)
			fail_msg("no close combat modifier \"%s\"", o->mod[i].key);
		assert_int_equal(t->mod[j].value, o->mod[i].value);
		assert_string_equal(t->mod[j].cite, o->mod[i].cite);
	}
	assert_int_equal(t->chit_mod, -1); /* "one pip is deducted from every die" (2001) */
	assert_int_equal(t->routing_mod, o->routing_mod);
	assert_int_equal(t->routing_rear_mod, o->routing_rear_mod);
	assert_int_equal(t->init_won, 1); /* "adds one to the die roll" (2001) */
	assert_int_equal(t->init_cc, o->init_cc);
	assert_int_equal(t->init_withdrew, o->init_withdrew);
}

/* ---- rulings: the 2001 sheet at the table ---- */

/* Saves: the 2001 table's X where the 2014 one has 2X, Br & F Cav. at 4-6 at full strength (2014:
 * 2-6), Russ Inf saving at its last stand, Russ Cav 5-6 then 6. Fire: the same chart, the same
 * possible hits. */
static void test_2001_rulings(void **state)
{
	(void)state;
	const struct ctab *t = s01(), *o = s14();
	struct event store[16];
	struct evsink ev;
	struct err e;
	int used, cas;
	bool dbl;

	/* British infantry down to one stand, one hit: one figure (X), not two (2X) */
	struct cref_unit bi = {.type = U(t, "british-infantry"), .figures = 4};
	struct cref_unit bi14 = {.type = U(o, "british-infantry"), .figures = 4};
	assert_int_equal(cref_save_need(t, &bi, &dbl), CTAB_NEVER);
	assert_false(dbl);
	assert_int_equal(cref_save_need(o, &bi14, &dbl), CTAB_NEVER);
	assert_true(dbl);
	evsink_init(&ev, store, 16);
	assert_int_equal(cref_save_roll(t, &bi, 1, NULL, 0, &used, &cas, &ev, &e), 0);
	assert_int_equal(cas, 1);
	assert_true(has_event(&ev, "[Save Table]", "no save possible"));
	assert_int_equal(cref_save_roll(o, &bi14, 1, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 2);

	/* the Light Brigade at full strength: 4-6 saves (2014: 2-6); dice 3, 2, 5 lose two figures */
	struct cref_unit lc = {.type = U(t, "british-cavalry"), .figures = 12};
	assert_int_equal(cref_save_need(t, &lc, &dbl), 4);
	assert_int_equal(cref_save_roll(t, &lc, 3, (const int[]){3, 2, 5}, 3, &used, &cas, NULL, &e), 0);
	assert_int_equal(used, 3);
	assert_int_equal(cas, 2);
	lc.type = U(o, "british-cavalry");
	assert_int_equal(cref_save_roll(o, &lc, 3, (const int[]){3, 2, 5}, 3, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 0);

	/* Russian infantry at its last stand still saves on 5-6 (2014: X) */
	struct cref_unit ri = {.type = U(t, "russian-infantry"), .figures = 3};
	assert_int_equal(cref_save_need(t, &ri, &dbl), 5);
	ri.type = U(o, "russian-infantry");
	assert_int_equal(cref_save_need(o, &ri, &dbl), CTAB_NEVER);

	/* Russian cavalry at 4 stands (7 figures), two hits: 5-6, then 6 at 3 stands */
	struct cref_unit rc = {.type = U(t, "russian-cavalry"), .figures = 7};
	double c[3];
	cref_save_odds(t, &rc, 2, c, 2);
	assert_close(c[0], 1 / 9.0, "russian cavalry 2001", 0);
	assert_close(c[1], 1 / 3.0, "russian cavalry 2001", 1);
	assert_close(c[2], 5 / 9.0, "russian cavalry 2001", 2);
	rc.type = U(o, "russian-cavalry");
	cref_save_odds(o, &rc, 2, c, 2); /* 2014: a 6 at 4 stands, X at 3 */
	assert_close(c[0], 1 / 36.0, "russian cavalry 2014", 0);
	assert_close(c[2], 5 / 6.0, "russian cavalry 2014", 2);

	/* a battery of 6 gunners saves on 5-6 (2014: 4-6) */
	struct cref_unit g = {.type = U(t, "russian-artillery"), .figures = 6};
	assert_int_equal(cref_save_need(t, &g, &dbl), 5);
	g.type = U(o, "russian-artillery");
	assert_int_equal(cref_save_need(o, &g, &dbl), 4);

	/* the fire chart agrees: six muskets at a line at 8" (long range) hit alike */
	struct cref_fire f = {.weapon = W(t, "musket"), .stands = 6, .target = CT_LINE, .inches = 8};
	struct cref_fire f14 = f;
	double h1[7], h2[7], m1[4], m2[4], l1, l2;
	f14.weapon = W(o, "musket");
	assert_int_equal(cref_fire_odds(t, &f, h1, 6, m1, 3, &l1, &e), 0);
	assert_int_equal(cref_fire_odds(o, &f14, h2, 6, m2, 3, &l2, &e), 0);
	for (int i = 0; i <= 6; i++)
		assert_close(h1[i], h2[i], "musket hits", i);
	assert_close(l1, l2, "leader at risk", 0);

	/* the close assault check: 2 stands + die 3 = 5 passes (2014, Russians: 7 or better fails) */
	struct cref_unit m = {.type = U(t, "russian-infantry"), .figures = 8};
	double p;
	assert_int_equal(cref_morale(t, &m, false, 3, &p, NULL), 1);
	assert_close(p, 4 / 6.0, "2 stands, 2001", 0);
	m.type = U(o, "russian-infantry");
	assert_int_equal(cref_morale(o, &m, false, 3, &p, NULL), 0);
	assert_close(p, 2 / 6.0, "2 stands, 2014", 0);

	/* no brigade commander radius on the 2001 sheet: never a marker (2014: beyond 12") */
	assert_int_equal(cref_command(t, U(t, "russian-infantry"), 100, false, NULL), 0);
	assert_int_equal(cref_command(o, U(o, "russian-infantry"), 20, false, NULL), 1);
}

/* ---- the loader's leader cells ("wounded") ---- */

/* Loads the 2001 sheet with old (exactly once in it) replaced by new. */
static int load_variant(struct ctab *t, const char *old, const char *new, struct errlist *l)
{
	struct jdoc d;
	int rc;
	test_variant_doc(&d, SHEET01, old, new, NULL);
	errlist_init(l);
	rc = ctab_load(t, &d, l);
	jdoc_free(&d);
	return rc;
}

/* "killed" on the low dice, then any "wounded", then "saved"; nothing out of that order. */
static void test_2001_leader_cells(void **state)
{
	(void)state;
	static const char *const cells = "[\"killed\", \"wounded\", \"saved\", \"saved\", \"saved\", \"saved\"]";
	struct errlist *l = malloc(sizeof *l);
	struct ctab *t = malloc(sizeof *t);
	assert_non_null(l);
	assert_non_null(t);

	assert_int_equal(load_variant(t, cells, cells, l), 0);
	assert_int_equal(l->total, 0);
	/* two wound results */
	assert_int_equal(
		load_variant(t, cells, "[\"killed\", \"wounded\", \"wounded\", \"saved\", \"saved\", \"saved\"]", l), 0);
	assert_int_equal(t->leader_kill, 1);
	assert_int_equal(t->leader_wound, 3);
	/* a wound with no kill */
	assert_int_equal(load_variant(t, cells, "[\"wounded\", \"saved\", \"saved\", \"saved\", \"saved\", \"saved\"]", l),
			 0);
	assert_int_equal(t->leader_kill, 0);
	assert_int_equal(t->leader_wound, 1);
	/* a kill above a wound, a wound above a save, a word the sheet has not */
	assert_int_equal(
		load_variant(t, cells, "[\"wounded\", \"killed\", \"saved\", \"saved\", \"saved\", \"saved\"]", l), -1);
	assert_int_equal(l->total, 1);
	assert_non_null(strstr(l->e[0].msg, "not \"killed\" here"));
	assert_int_equal(
		load_variant(t, cells, "[\"killed\", \"saved\", \"wounded\", \"saved\", \"saved\", \"saved\"]", l), -1);
	assert_int_equal(l->total, 1);
	assert_non_null(strstr(l->e[0].msg, "not \"wounded\" here"));
	assert_int_equal(
		load_variant(t, cells, "[\"killed\", \"captured\", \"saved\", \"saved\", \"saved\", \"saved\"]", l), -1);
	assert_int_equal(l->total, 1);
	assert_non_null(strstr(l->e[0].msg, "not \"captured\" here"));
	free(t);
	free(l);
}

/* The 2001 morale check counts the leader with the stands ("including the leader", 5 or 6);
 * a leader at risk is wounded on a 2, not killed. The 2014 sheet does neither. */
static void test_2001_morale_and_wound(void **state)
{
	(void)state;
	const struct ctab *t = s01(), *o = s14();
	struct event store[8];
	struct evsink ev;
	assert_true(t->morale_leader);
	assert_false(o->morale_leader);
	/* the 2001 rout: markers equal to the stands, the leader not counted (2014: counted) */
	assert_true(t->rout_stands_only);
	assert_false(o->rout_stands_only);
	struct cref_unit r1 = {.type = U(t, "russian-infantry"), .figures = 8, .chits = 2, .leaders = 1};
	struct cref_unit r4 = {.type = U(o, "russian-infantry"), .figures = 8, .chits = 2, .leaders = 1};
	assert_true(cref_routs(t, &r1));
	assert_false(cref_routs(o, &r4));
	assert_true(cref_leader_wounded(t, 2));
	assert_false(cref_leader_wounded(t, 1));
	assert_false(cref_leader_wounded(o, 2));
	struct cref_unit ri = {.type = U(t, "russian-infantry"), .figures = 8, .leaders = 1};
	assert_int_equal(cref_morale(t, &ri, false, 2, NULL, NULL), 1); /* 2 stands + leader + 2 = 5 */
	ri.leaders = 0;
	assert_int_equal(cref_morale(t, &ri, false, 2, NULL, NULL), 0); /* the leader gone: 4 */
	struct cref_unit ro = {.type = U(o, "russian-infantry"), .figures = 8, .leaders = 1};
	assert_int_equal(cref_morale(o, &ro, false, 4, NULL, NULL), 0); /* 2014: 2 + 4 = 6 < 7, leader or not */
	evsink_init(&ev, store, 8);
	assert_int_equal(cref_leader_roll(t, 2, "the target's", &ev), 0);
	assert_true(has_event(&ev, "[Fire (e)]", "wounded, not killed"));
	assert_int_equal(cref_leader_roll(t, 1, "the target's", NULL), 1);
	assert_int_equal(cref_leader_roll(o, 2, "the target's", NULL), 1);
}

/* Leader Casualty (2001): "If killed, new leader after second turn with 1/2 comm. pts (round
 * up)": half of what the unit had left (the program's reading), a Cossack's unlimited points
 * stay unlimited; the 2014 sheet, silent, keeps them all. */
static void test_2001_replacement_cp(void **state)
{
	(void)state;
	static struct cros_oob o1, o4;
	static struct cros_game g1, g4;
	struct errlist *l = malloc(sizeof *l);
	struct err e;
	assert_non_null(l);
	errlist_init(l);
	assert_true(s01()->replacement_half_cp);
	assert_false(s14()->replacement_half_cp);
	assert_int_equal(cros_oob_load_file(&o1, s01(), "data/cotlb/balaclava-2014.json", l), 0);
	assert_int_equal(cros_oob_load_file(&o4, s14(), "data/cotlb/balaclava-2014.json", l), 0);
	cros_new(&o1, &g1);
	cros_new(&o4, &g4);
	int k = cros_find(&o1, "kiev1"), c = cros_find(&o1, "ural-cossacks");
	assert_true(k >= 0 && c >= 0 && k == cros_find(&o4, "kiev1"));
	/* 8 points, 1 spent: 7 left, the replacement has 4 (3.5 rounded up) */
	assert_int_equal(cros_spend(&o1, &g1, k, 1, NULL, &e), 0);
	assert_int_equal(cros_spend(&o4, &g4, k, 1, NULL, &e), 0);
	cros_leader_killed(s01(), &o1, &g1, k, NULL);
	cros_leader_killed(s14(), &o4, &g4, k, NULL);
	assert_int_equal(g1.s[k].cp, 4);
	assert_int_equal(g4.s[k].cp, 7);
	/* a second kill before the replacement arrives changes nothing */
	cros_leader_killed(s01(), &o1, &g1, k, NULL);
	assert_int_equal(g1.s[k].cp, 4);
	cros_leader_killed(s01(), &o1, &g1, c, NULL);
	assert_int_equal(g1.s[c].cp, CROS_CP_UNLIMITED);
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_2001_loads),
		cmocka_unit_test(test_2001_fire),
		cmocka_unit_test(test_2001_weapons),
		cmocka_unit_test(test_2001_save),
		cmocka_unit_test(test_2001_save_differs),
		cmocka_unit_test(test_2001_leader),
		cmocka_unit_test(test_2001_units),
		cmocka_unit_test(test_2001_move),
		cmocka_unit_test(test_2001_provenance),
		cmocka_unit_test(test_2001_reconstructed_values),
		cmocka_unit_test(test_2001_rulings),
		cmocka_unit_test(test_2001_replacement_cp),
		cmocka_unit_test(test_2001_leader_cells),
		cmocka_unit_test(test_2001_morale_and_wound),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
