/* Unit tests for src/games/cotlb: the Charge of the Light Brigade play sheet as read from
 * data/cotlb/sheet-2014.json (ctab, with its loader's errors) and the referee's rulings and
 * exact odds (cref), checked against the seed's play sheet and Q&A and against brute force. */
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
#include "games/cotlb/cseq.h"
#include "games/cotlb/ctab.h"
#include "games/cotlb/ctable.h"

#define SHEET "data/cotlb/sheet-2014.json"
#define EPS 1e-12

/* ---- helpers ---- */

/* The real play sheet, loaded once; every test but the loader's reads it. */
static const struct ctab *sheet(void)
{
	static struct ctab t;
	static int loaded;
	if (!loaded) {
		struct errlist *l = malloc(sizeof *l);
		assert_non_null(l);
		errlist_init(l);
		if (ctab_load_file(&t, SHEET, l) != 0) {
			for (int i = 0; i < l->n; i++)
				print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
			free(l);
			fail_msg("%s does not load", SHEET);
		}
		free(l);
		loaded = 1;
	}
	return &t;
}

/* Lookups that fail the test on a key the sheet lacks (a typo here, or a renamed row there). */
static int W(const char *key)
{
	int i = ctab_weapon(sheet(), key);
	if (i < 0)
		fail_msg("no weapon \"%s\"", key);
	return i;
}

static int U(const char *key)
{
	int i = ctab_unit(sheet(), key);
	if (i < 0)
		fail_msg("no troop type \"%s\"", key);
	return i;
}

static int MOD(const char *key)
{
	int i = ctab_mod(sheet(), key);
	if (i < 0)
		fail_msg("no close combat modifier \"%s\"", key);
	return i;
}

static int MV(const char *key)
{
	int i = ctab_move(sheet(), key);
	if (i < 0)
		fail_msg("no MOVE Chart row \"%s\"", key);
	return i;
}

static int fire_row(const struct ctab *t, const char *key)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(t->row_key[i], key))
			return i;
	fail_msg("no Fire Chart row \"%s\"", key);
	return -1;
}

/* Whether some event in s cites rule and says text (a substring). */
static bool has_event(const struct evsink *s, const char *rule, const char *text)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->ev[i].rule, rule) && strstr(s->ev[i].text, text))
			return true;
	return false;
}

/* The next throw of n dice (an odometer over 1-6); false after the last. */
static bool next_dice(int *d, int n)
{
	for (int i = 0; i < n; i++) {
		if (++d[i] <= 6)
			return true;
		d[i] = 1;
	}
	return false;
}

static void first_dice(int *d, int n)
{
	for (int i = 0; i < n; i++)
		d[i] = 1;
}

static double pow6(int n)
{
	double p = 1;
	for (int i = 0; i < n; i++)
		p *= 6;
	return p;
}

static void assert_close(double got, double want, const char *what, int i)
{
	if (fabs(got - want) > EPS)
		fail_msg("%s[%d]: %.15g, want %.15g", what, i, got, want);
}

static void assert_sums_to_one(const double *p, int n, const char *what)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += p[i];
	if (fabs(s - 1) > EPS)
		fail_msg("%s sums to %.15g", what, s);
}

/* ---- the sheet ---- */

/* Every table loads without error, and the cells read are the seed's play sheet. */
static void test_sheet_loads(void **state)
{
	(void)state;
	struct errlist *l = malloc(sizeof *l);
	struct ctab *t = malloc(sizeof *t);
	int mus, hor, bi, ac, tk;
	assert_non_null(l);
	assert_non_null(t);
	errlist_init(l);
	assert_int_equal(ctab_load_file(t, SHEET, l), 0);
	assert_int_equal(l->total, 0);
	assert_string_equal(t->file, SHEET);
	assert_non_null(strstr(t->title, "2014"));

	/* Fire Chart: "4-6 [ 5-6]" muskets against a line; "4-6 [ 5,6 ]" horse against enfilade */
	mus = fire_row(t, "muskets");
	hor = fire_row(t, "horse");
	assert_int_equal(t->fire[mus][CT_LINE], 4);
	assert_int_equal(t->fire_cover[mus][CT_LINE], 5);
	assert_int_equal(t->fire[mus][CT_COLUMN], 5);
	assert_int_equal(t->fire[mus][CT_ENFILADE], 6);
	assert_int_equal(t->fire[hor][CT_LINE], 2);
	assert_int_equal(t->fire[hor][CT_ENFILADE], 4);
	assert_int_equal(t->fire_cover[hor][CT_ENFILADE], 5);
	assert_int_equal(t->fire[fire_row(t, "field")][CT_LINE], 3);

	/* Fire (n): muskets 10", rifles 20", horse and field artillery 40"; horse artillery always long */
	const struct ctab_weapon *w = &t->weapon[ctab_weapon(t, "musket")];
	assert_int_equal(w->long_in, 10);
	assert_int_equal(w->row, mus);
	assert_false(w->always_long);
	assert_false(w->canister);
	assert_int_equal(t->weapon[ctab_weapon(t, "rifle")].long_in, 20);
	w = &t->weapon[ctab_weapon(t, "allied-horse-artillery")];
	assert_true(w->always_long);
	assert_true(w->canister);
	assert_int_equal(w->long_in, 40);
	assert_int_equal(w->row, hor);
	assert_true(t->weapon[ctab_weapon(t, "russian-horse-artillery")].always_long);
	assert_false(t->weapon[ctab_weapon(t, "allied-foot-artillery")].always_long);
	assert_int_equal(t->weapon[ctab_weapon(t, "mounted-cavalry")].long_in, 0); /* no range printed */

	/* Save Table: British infantry "4,5,6 5,6 6 X X 2X"; Turks all X; allied cavalry "2,3,4,5,6 ..." */
	bi = t->unit[ctab_unit(t, "british-infantry")].save;
	assert_string_equal(t->save[bi].key, "british-infantry");
	assert_int_equal(t->save[bi].need[ctab_save_col(6)], 4);
	assert_int_equal(t->save[bi].need[ctab_save_col(7)], 4); /* 7 (with the leader) reads the 6 column */
	assert_int_equal(t->save[bi].need[ctab_save_col(5)], 5);
	assert_int_equal(t->save[bi].need[ctab_save_col(4)], 6);
	assert_int_equal(t->save[bi].need[ctab_save_col(3)], CTAB_NEVER);
	assert_int_equal(t->save[bi].need[ctab_save_col(1)], -1);
	tk = t->unit[ctab_unit(t, "turkish-infantry")].save;
	for (int c = 0; c < CTAB_COLS; c++)
		assert_int_equal(t->save[tk].need[c], CTAB_NEVER);
	ac = t->unit[ctab_unit(t, "british-cavalry")].save;
	assert_int_equal(t->save[ac].need[0], 2);
	assert_int_equal(t->save[ac].need[ctab_save_col(2)], -1);

	/* troop types: MORALE (f) 7 for Russians and Turks, 6 for British and French; stands */
	assert_int_equal(t->unit[ctab_unit(t, "russian-infantry")].morale, 7);
	assert_int_equal(t->unit[ctab_unit(t, "turkish-infantry")].morale, 7);
	assert_int_equal(t->unit[ctab_unit(t, "british-infantry")].morale, 6);
	assert_int_equal(t->unit[ctab_unit(t, "french-cavalry")].morale, 6);
	assert_false(t->unit[ctab_unit(t, "cossacks")].bonuses);
	assert_true(t->unit[ctab_unit(t, "russian-cavalry")].bonuses);
	assert_int_equal(t->unit[ctab_unit(t, "british-infantry")].fps, 4);
	assert_int_equal(t->unit[ctab_unit(t, "british-cavalry")].fps, 2);
	assert_int_equal(t->unit[ctab_unit(t, "russian-artillery")].fps, 1);

	/* Fire (e): a one or two kills; Close Combat (e): 1 double, 2 same, 3-6 a third */
	assert_int_equal(t->leader_kill, 2);
	assert_int_equal(t->wloss[0], CT_WL_DOUBLE);
	assert_int_equal(t->wloss[1], CT_WL_SAME);
	for (int f = 3; f <= 6; f++)
		assert_int_equal(t->wloss[f - 1], CT_WL_THIRD);
	/* Modifiers (g), (h) */
	assert_int_equal(t->chit_mod, -1);
	assert_int_equal(t->routing_mod, -2);
	assert_int_equal(t->routing_rear_mod, -1);
	assert_int_equal(t->mod[ctab_mod(t, "cavalry-double-line")].value, 2);
	assert_int_equal(t->mod[ctab_mod(t, "limbered-artillery")].value, -2);

	/* MOVE Chart: light infantry 3 and 4; cavalry -2 highest in steep terrain; guns no cross walls */
	assert_int_equal(t->move[ctab_move(t, "light-infantry")].dice[0], 3);
	assert_int_equal(t->move[ctab_move(t, "light-infantry")].dice[1], 4);
	assert_int_equal(t->move[ctab_move(t, "foot-guns")].dice[1], 0);
	assert_int_equal(t->move[ctab_move(t, "cavalry")].terrain[CT_STEEP], CT_PEN_2HIGH);
	assert_int_equal(t->move[ctab_move(t, "infantry")].terrain[CT_WALLS], CT_PEN_LOW);
	assert_int_equal(t->move[ctab_move(t, "horse-guns")].terrain[CT_WALLS], CT_PEN_NOCROSS);

	/* lookups and stands: a part-filled stand counts */
	assert_int_equal(ctab_weapon(t, "longbow"), -1);
	assert_int_equal(ctab_unit(t, "zouaves"), -1);
	assert_int_equal(ctab_stands(t, ctab_unit(t, "british-infantry"), 21), 6);
	assert_int_equal(ctab_stands(t, ctab_unit(t, "british-infantry"), 20), 5);
	assert_int_equal(ctab_stands(t, ctab_unit(t, "british-infantry"), 1), 1);
	assert_int_equal(ctab_stands(t, ctab_unit(t, "british-infantry"), 0), 0);
	assert_int_equal(ctab_save_col(1), 5);
	free(t);
	free(l);
}

/* ---- fire ---- */

/* Fire (n): short range is half long range, nothing past long range, horse artillery always long;
 * Fire (p): canister within 4" doubles an artillery volley's dice. */
static void test_fire_range(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct cref_fire f = {.weapon = W("musket"), .stands = 3, .target = CT_LINE, .inches = 5};
	struct cref_shot s;
	struct err e;

	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_false(s.lng); /* 5" is half of 10" */
	assert_int_equal(s.need, 4);
	assert_int_equal(s.dice, 3);
	f.inches = 6;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	f.inches = 10;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	f.inches = 11;
	assert_int_equal(cref_shot(t, &f, &s, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire (n)]"));
	f.weapon = W("rifle");
	assert_int_equal(cref_shot(t, &f, &s, &e), 0); /* 11" is past a rifle's short 10" */
	assert_true(s.lng);
	f.inches = 10;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_false(s.lng);
	f.inches = 21;
	assert_int_equal(cref_shot(t, &f, &s, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire (n)]"));

	/* no printed range: inches refused, the band accepted */
	f.weapon = W("mounted-cavalry");
	f.inches = 3;
	e.msg[0] = 0;
	assert_int_equal(cref_shot(t, &f, &s, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire (n)]"));
	f.inches = -1;
	f.lng = true;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	assert_int_equal(s.need, 2); /* the horse row against a line */
	f.lng = false;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_false(s.lng);

	/* horse artillery: always long, even at 2" where it also fires canister */
	f = (struct cref_fire){.weapon = W("allied-horse-artillery"), .stands = 3, .target = CT_LINE, .inches = 2};
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	assert_true(s.canister);
	assert_int_equal(s.dice, 6);
	f.inches = -1;
	f.lng = false;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	f.weapon = W("russian-horse-artillery");
	f.inches = 30;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.lng);
	assert_false(s.canister);
	assert_int_equal(s.dice, 3);

	/* canister: artillery within 4", not at 5"; muskets never */
	f = (struct cref_fire){.weapon = W("allied-foot-artillery"), .stands = 3, .target = CT_COLUMN, .inches = 4};
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_true(s.canister);
	assert_false(s.lng);
	assert_int_equal(s.dice, 6);
	f.inches = 5;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_false(s.canister);
	assert_int_equal(s.dice, 3);
	f.weapon = W("musket");
	f.inches = 2;
	assert_int_equal(cref_shot(t, &f, &s, &e), 0);
	assert_false(s.canister);
	assert_int_equal(s.dice, 3);

	/* no volley of no stands */
	f.stands = 0;
	assert_int_equal(cref_shot(t, &f, &s, &e), -1);
}

/* MORALE (b), Fire (g): each morale marker and a pivot raise the natural die needed by one;
 * past 6 nothing hits. Fire (b): cover reads the bracketed cell. */
static void test_fire_need(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct cref_fire f = {.weapon = W("musket"), .stands = 2, .target = CT_LINE, .inches = 3};
	struct cref_shot s;
	struct err e;
	static const struct {
		int chits;
		bool pivot, cover;
		int target, need;
	} c[] = {
		{0, false, false, CT_LINE, 4},     {1, false, false, CT_LINE, 5},
		{0, true, false, CT_LINE, 5},      {1, true, false, CT_LINE, 6},
		{2, true, false, CT_LINE, 7},      {3, false, false, CT_LINE, 7},
		{0, false, true, CT_LINE, 5},      {1, false, true, CT_LINE, 6},
		{0, false, false, CT_COLUMN, 5},   {0, true, false, CT_ENFILADE, 7},
		{0, false, true, CT_ENFILADE, 6},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		f.chits = c[i].chits;
		f.pivot = c[i].pivot;
		f.cover = c[i].cover;
		f.target = c[i].target;
		assert_int_equal(cref_shot(t, &f, &s, &e), 0);
		if (s.need != c[i].need)
			fail_msg("case %zu: need %d, want %d", i, s.need, c[i].need);
	}
}

/* Fire (a), (d), (o): possible hits, halved at long range rounding up; a marker a pair of natural
 * sixes, not halved; three sixes a possible leader kill; the dice are checked. */
static void test_fire_roll(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[32];
	struct evsink ev;
	struct cref_fire f = {.weapon = W("musket"), .stands = 3, .target = CT_LINE, .inches = 5};
	struct cref_fire_out o;
	struct err e;

	evsink_init(&ev, store, 32);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 3, 6}, 3, &o, &ev, &e), 0);
	assert_int_equal(o.raw, 2);
	assert_int_equal(o.hits, 2); /* short: not halved */
	assert_int_equal(o.sixes, 1);
	assert_int_equal(o.markers, 0);
	assert_false(o.leader_risk);
	assert_false(has_event(&ev, "[Fire (o)]", "long range"));

	/* long range: 3 raw -> 2, 1 raw -> 1, 0 -> 0 */
	f.inches = 8;
	evsink_clear(&ev);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 5, 6}, 3, &o, &ev, &e), 0);
	assert_int_equal(o.raw, 3);
	assert_int_equal(o.hits, 2);
	assert_true(has_event(&ev, "[Fire (o)]", "long range"));
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 1, 1}, 3, &o, NULL, &e), 0);
	assert_int_equal(o.raw, 1);
	assert_int_equal(o.hits, 1);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){3, 1, 2}, 3, &o, NULL, &e), 0);
	assert_int_equal(o.hits, 0);
	/* one stand throws "1 die" ("1 dice" before) */
	{
		struct cref_fire f1 = f;
		f1.stands = 1;
		evsink_clear(&ev);
		assert_int_equal(cref_fire_roll(t, &f1, (const int[]){4}, 1, &o, &ev, &e), 0);
		assert_true(has_event(&ev, "[Fire (a)]", "1 die: 4: 1 possible hit"));
	}

	/* four sixes at long range: two markers (not halved), and a possible leader kill */
	f.stands = 5;
	evsink_clear(&ev);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){6, 6, 1, 6, 6}, 5, &o, &ev, &e), 0);
	assert_int_equal(o.raw, 4);
	assert_int_equal(o.hits, 2);
	assert_int_equal(o.sixes, 4);
	assert_int_equal(o.markers, 2);
	assert_true(o.leader_risk);
	assert_true(has_event(&ev, "[Fire (d)]", "2 morale markers"));
	assert_true(has_event(&ev, "[Fire (d)]", "leader"));
	/* three sixes: one marker and a leader at risk; two: one marker, no leader */
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){6, 6, 6, 1, 1}, 5, &o, NULL, &e), 0);
	assert_int_equal(o.markers, 1);
	assert_true(o.leader_risk);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){6, 1, 6, 1, 1}, 5, &o, NULL, &e), 0);
	assert_int_equal(o.markers, 1);
	assert_false(o.leader_risk);

	/* markers count natural sixes even when the firer's markers leave no die able to hit */
	f.stands = 2;
	f.chits = 3;
	evsink_clear(&ev);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){6, 6}, 2, &o, &ev, &e), 0);
	assert_int_equal(o.raw, 0);
	assert_int_equal(o.hits, 0);
	assert_int_equal(o.markers, 1);
	assert_true(has_event(&ev, "[Fire (a)]", "no die can hit"));
	/* one marker: a natural 4 no longer hits a line, a 5 does */
	f.chits = 1;
	f.inches = 2;
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 5}, 2, &o, NULL, &e), 0);
	assert_int_equal(o.raw, 1);

	/* canister: the battery's figures each throw two dice */
	f = (struct cref_fire){.weapon = W("allied-foot-artillery"), .stands = 2, .target = CT_LINE, .inches = 3};
	evsink_clear(&ev);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){3, 2, 2, 6}, 4, &o, &ev, &e), 0);
	assert_int_equal(o.hits, 2);
	assert_true(has_event(&ev, "[Fire (p)]", "canister"));
	e.msg[0] = 0;
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){3, 2}, 2, &o, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire (p)]"));

	/* the wrong number of dice, or a die that is no die */
	f = (struct cref_fire){.weapon = W("musket"), .stands = 3, .target = CT_LINE, .inches = 5};
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 4}, 2, &o, NULL, &e), -1);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 4, 4, 4}, 4, &o, NULL, &e), -1);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 7, 4}, 3, &o, NULL, &e), -1);
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){0, 4, 4}, 3, &o, NULL, &e), -1);
	f.inches = 12;
	assert_int_equal(cref_fire_roll(t, &f, (const int[]){4, 4, 4}, 3, &o, NULL, &e), -1);
}

/* The ruling's words quote the chart's cell when markers and a pivot leave no die able to hit:
 * muskets at an enfiladed line hit on a 6 [Fire Chart (a)], whatever is taken off the dice. */
static void test_fire_no_hit_text(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[16];
	struct evsink ev;
	struct cref_fire f = {.weapon = W("musket"), .stands = 2, .target = CT_ENFILADE, .inches = 3};
	struct cref_fire_out o;
	struct err e;
	static const struct {
		int chits;
		bool pivot;
		const char *says;
	} c[] = {
		{1, false, "no die can hit (6 on the chart, 1 pip off each die)"},
		{0, true, "no die can hit (6 on the chart, 1 pip off each die)"},
		{2, false, "no die can hit (6 on the chart, 2 pips off each die)"},
		{2, true, "no die can hit (6 on the chart, 3 pips off each die)"},
	};
	evsink_init(&ev, store, 16);
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		f.chits = c[i].chits;
		f.pivot = c[i].pivot;
		evsink_clear(&ev);
		assert_int_equal(cref_fire_roll(t, &f, (const int[]){6, 6}, 2, &o, &ev, &e), 0);
		assert_int_equal(o.raw, 0);
		if (!has_event(&ev, "[Fire (a)]", c[i].says))
			fail_msg("%d markers%s: \"%s\", want \"%s\"", c[i].chits, c[i].pivot ? " and a pivot" : "",
				 ev.n ? ev.ev[0].text : "", c[i].says);
	}
}

/* cref_fire_odds is every throw of the dice through cref_fire_roll, weighted equally. */
static void test_fire_odds(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	enum { HMAX = 8, MMAX = 4 };
	struct cref_fire c[] = {
		{.weapon = W("musket"), .stands = 1, .target = CT_LINE, .inches = 8},
		{.weapon = W("musket"), .stands = 2, .target = CT_LINE, .inches = 8},
		{.weapon = W("musket"), .stands = 3, .target = CT_LINE, .inches = 8},
		{.weapon = W("musket"), .stands = 4, .target = CT_LINE, .inches = 8},
		{.weapon = W("musket"), .stands = 4, .target = CT_LINE, .inches = 4},
		{.weapon = W("musket"), .stands = 3, .target = CT_COLUMN, .cover = true, .inches = 2},
		{.weapon = W("rifle"), .stands = 4, .target = CT_ENFILADE, .chits = 1, .inches = 15},
		{.weapon = W("musket"), .stands = 3, .target = CT_LINE, .chits = 2, .pivot = true, .inches = 3},
		{.weapon = W("allied-foot-artillery"), .stands = 2, .target = CT_LINE, .pivot = true, .inches = 3},
		{.weapon = W("allied-horse-artillery"), .stands = 2, .target = CT_COLUMN, .inches = 2},
		{.weapon = W("mounted-cavalry"), .stands = 4, .target = CT_LINE, .cover = true, .inches = -1, .lng = true},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		double hits[HMAX + 1], markers[MMAX + 1], leader, bh[HMAX + 1] = {0}, bm[MMAX + 1] = {0}, bl = 0;
		struct cref_shot s;
		struct cref_fire_out o;
		struct err e;
		int d[8];
		assert_int_equal(cref_shot(t, &c[k], &s, &e), 0);
		assert_in_range(s.dice, 1, 4);
		first_dice(d, s.dice);
		do {
			assert_int_equal(cref_fire_roll(t, &c[k], d, s.dice, &o, NULL, &e), 0);
			assert_in_range(o.hits, 0, HMAX);
			assert_in_range(o.markers, 0, MMAX);
			bh[o.hits]++;
			bm[o.markers]++;
			bl += o.leader_risk;
		} while (next_dice(d, s.dice));
		/* counted in whole throws, then made chances */
		for (int h = 0; h <= HMAX; h++)
			bh[h] /= pow6(s.dice);
		for (int m = 0; m <= MMAX; m++)
			bm[m] /= pow6(s.dice);
		bl /= pow6(s.dice);
		assert_int_equal(cref_fire_odds(t, &c[k], hits, HMAX, markers, MMAX, &leader, &e), 0);
		for (int h = 0; h <= HMAX; h++)
			assert_close(hits[h], bh[h], "hits", (int)k * 100 + h);
		for (int m = 0; m <= MMAX; m++)
			assert_close(markers[m], bm[m], "markers", (int)k * 100 + m);
		assert_close(leader, bl, "leader", (int)k);
		assert_sums_to_one(hits, HMAX + 1, "hits");
		assert_sums_to_one(markers, MMAX + 1, "markers");
	}
	/* one case by hand: a musket at long range, 1 die: hits 4-6, halved up to 1 */
	double hits[2], markers[1], leader;
	struct err e;
	assert_int_equal(cref_fire_odds(t, &c[0], hits, 1, markers, 0, &leader, &e), 0);
	assert_close(hits[1], 0.5, "one musket", 1);
	assert_close(leader, 0, "one musket leader", 0);
	/* refused as the shot is */
	struct cref_fire far = c[0];
	far.inches = 11;
	assert_int_equal(cref_fire_odds(t, &far, hits, 1, markers, 0, &leader, &e), -1);
}

/* ---- saves and leaders ---- */

/* The Save Table: a save die each possible hit at the stands then remaining; markers take pips
 * off; X costs a figure with no die, 2X two; the dice are counted. */
static void test_saves(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[32];
	struct evsink ev;
	struct cref_unit u = {.type = U("british-infantry"), .figures = 21};
	struct err e;
	int used, cas;
	bool dbl;

	/* 21 figures are 6 stands (4-6); one lost leaves 5 (5-6) */
	assert_int_equal(cref_save_need(t, &u, &dbl), 4);
	assert_false(dbl);
	u.figures = 20;
	assert_int_equal(cref_save_need(t, &u, &dbl), 5);
	u.figures = 21;
	evsink_init(&ev, store, 32);
	assert_int_equal(cref_save_roll(t, &u, 2, (const int[]){3, 4}, 2, &used, &cas, &ev, &e), 0);
	assert_int_equal(used, 2);
	assert_int_equal(cas, 2); /* the 4 came after a loss: it needed 5 */
	assert_true(has_event(&ev, "[Save Table]", "saves on 5-6: die 4"));
	assert_int_equal(cref_save_roll(t, &u, 2, (const int[]){4, 4}, 2, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 0);
	assert_int_equal(cref_save_roll(t, &u, 2, (const int[]){4, 3}, 2, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 1);

	/* one morale marker: saves on 5-6 */
	u.chits = 1;
	assert_int_equal(cref_save_need(t, &u, &dbl), 5);
	assert_int_equal(cref_save_roll(t, &u, 1, (const int[]){4}, 1, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 1);
	assert_int_equal(cref_save_roll(t, &u, 1, (const int[]){5}, 1, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 0);
	u.chits = 3; /* 4 + 3: no die saves, and none is thrown */
	assert_int_equal(cref_save_need(t, &u, &dbl), CTAB_NEVER);
	assert_int_equal(cref_save_roll(t, &u, 2, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(used, 0);
	assert_int_equal(cas, 2);
	u.chits = 0;

	/* X at 3 stands: a figure lost, no die */
	u.figures = 12;
	evsink_clear(&ev);
	assert_int_equal(cref_save_need(t, &u, &dbl), CTAB_NEVER);
	assert_false(dbl);
	assert_int_equal(cref_save_roll(t, &u, 1, NULL, 0, &used, &cas, &ev, &e), 0);
	assert_int_equal(used, 0);
	assert_int_equal(cas, 1);
	assert_true(has_event(&ev, "[Save Table]", "no save possible"));
	/* 13 figures (4 stands, 6 saves): a loss drops to 3 stands, where the next hit is X */
	u.figures = 13;
	assert_int_equal(cref_save_roll(t, &u, 2, (const int[]){1}, 1, &used, &cas, NULL, &e), 0);
	assert_int_equal(used, 1);
	assert_int_equal(cas, 2);

	/* 2X at 1 stand: each hit two figures, never more than are left */
	u.figures = 4;
	assert_int_equal(cref_save_need(t, &u, &dbl), CTAB_NEVER);
	assert_true(dbl);
	assert_int_equal(cref_save_roll(t, &u, 1, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 2);
	assert_int_equal(cref_save_roll(t, &u, 3, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 4);
	u.figures = 1;
	assert_int_equal(cref_save_roll(t, &u, 1, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 1);

	/* too few dice: 1 and the dice needed so far; too many: refused */
	u.figures = 21;
	assert_int_equal(cref_save_roll(t, &u, 2, (const int[]){4}, 1, &used, &cas, NULL, &e), 1);
	assert_int_equal(used, 2);
	assert_int_equal(cref_save_roll(t, &u, 2, NULL, 0, &used, &cas, NULL, &e), 1);
	assert_int_equal(used, 1);
	assert_int_equal(cref_save_roll(t, &u, 1, (const int[]){6, 6}, 2, &used, &cas, NULL, &e), -1);
	u.figures = 12;
	assert_int_equal(cref_save_roll(t, &u, 1, (const int[]){6}, 1, &used, &cas, NULL, &e), -1);
	u.figures = 21;
	assert_int_equal(cref_save_roll(t, &u, 1, (const int[]){7}, 1, &used, &cas, NULL, &e), -1);

	/* Turks never save; Leaders SAVE with 3-6, 1 or 2 kills */
	struct cref_unit tk = {.type = U("turkish-infantry"), .figures = 24};
	assert_int_equal(cref_save_roll(t, &tk, 3, NULL, 0, &used, &cas, NULL, &e), 0);
	assert_int_equal(cas, 3);
	for (int d = 1; d <= 6; d++)
		assert_int_equal(cref_leader_roll(t, d, "the British", NULL), d <= 2);
	evsink_clear(&ev);
	assert_int_equal(cref_leader_roll(t, 2, "the Russian", &ev), 1);
	assert_true(has_event(&ev, "[Fire (e)]", "dead"));

	/* MORALE (c): markers as many as stands and leaders rout */
	struct cref_unit r = {.type = U("russian-infantry"), .figures = 13, .leaders = 1, .chits = 4};
	assert_false(cref_routs(t, &r));
	r.chits = 5; /* 4 stands (a part-filled one counts) and the leader */
	assert_true(cref_routs(t, &r));
	struct cref_unit g = {.type = U("russian-artillery"), .figures = 5, .chits = 5};
	assert_true(cref_routs(t, &g)); /* artillery counts figures */
	g.chits = 4;
	assert_false(cref_routs(t, &g));
}

/* The casualties of hits saves on u, by every throw of the save dice through cref_save_roll:
 * each throw of hits dice, of which the ruling takes as many as it asks for (returning 1). */
static void brute_saves(const struct ctab *t, const struct cref_unit *u, int hits, double *cas, int cmax)
{
	int d[8];
	struct err e;
	for (int c = 0; c <= cmax; c++)
		cas[c] = 0;
	first_dice(d, hits);
	do {
		int n = 0, used, c, rc;
		while ((rc = cref_save_roll(t, u, hits, d, n, &used, &c, NULL, &e)) == 1) {
			assert_true(used > n && used <= hits);
			n = used;
		}
		assert_int_equal(rc, 0);
		assert_in_range(c, 0, cmax);
		cas[c]++;
	} while (next_dice(d, hits));
	for (int c = 0; c <= cmax; c++)
		cas[c] /= pow6(hits);
}

static void test_save_odds(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	enum { CMAX = 12 };
	static const struct {
		const char *type;
		int figures, chits, hits;
	} c[] = {
		{"british-infantry", 21, 0, 3}, {"british-infantry", 21, 1, 3}, {"british-infantry", 5, 0, 3},
		{"british-cavalry", 6, 0, 3},   {"british-cavalry", 8, 0, 4},   {"russian-infantry", 5, 0, 4},
		{"russian-artillery", 6, 0, 4}, {"french-infantry", 9, 1, 4},   {"russian-cavalry", 12, 0, 1},
		{"turkish-infantry", 4, 0, 2},  {"british-infantry", 21, 0, 0},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct cref_unit u = {.type = U(c[k].type), .figures = c[k].figures, .chits = c[k].chits};
		double got[CMAX + 1], want[CMAX + 1];
		cref_save_odds(t, &u, c[k].hits, got, CMAX);
		brute_saves(t, &u, c[k].hits, want, CMAX);
		for (int i = 0; i <= CMAX; i++)
			assert_close(got[i], want[i], c[k].type, (int)k * 100 + i);
		assert_sums_to_one(got, CMAX + 1, c[k].type);
	}
	/* by hand: allied cavalry at 3 stands (X, X, then 2X at 2 stands): 3 hits cost 4 figures */
	struct cref_unit ac = {.type = U("british-cavalry"), .figures = 6};
	double cas[CMAX + 1];
	cref_save_odds(t, &ac, 3, cas, CMAX);
	assert_close(cas[4], 1, "allied cavalry", 4);
	/* one hit on British infantry at 6 stands: saved half the time */
	struct cref_unit bi = {.type = U("british-infantry"), .figures = 21};
	cref_save_odds(t, &bi, 1, cas, CMAX);
	assert_close(cas[1], 0.5, "british infantry", 1);
}

/* ---- close combat ---- */

/* Close Combat (c), (d), (e), Modifiers (c) and Q&A 4-5: totals, ties, the winner's natural 1s
 * and 2s with their pips added, its sixes, and its own losses by its die. */
static void test_cc_roll(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[32];
	struct evsink ev;
	/* five stands and a leader stand each: six dice */
	struct cref_side a = {.u = {.type = U("british-cavalry"), .figures = 10, .leaders = 1}, .initiative = true};
	struct cref_side b = {.u = {.type = U("russian-cavalry"), .figures = 10, .leaders = 1}};
	struct cref_cc_out o;
	struct err e;
	static const int ones[6] = {1, 1, 1, 1, 1, 1};
	const int n[2] = {6, 6};

	/* Q&A 5's roll, by the winner: 1 + 2 + 2 + 2 = 7 possible hits on the loser */
	evsink_init(&ev, store, 32);
	const int qa5[6] = {1, 2, 2, 3, 4, 2};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){qa5, ones}, n, 3, &o, &ev, &e), 0);
	assert_int_equal(o.total[0], 14);
	assert_int_equal(o.total[1], 6);
	assert_int_equal(o.winner, 0);
	assert_int_equal(o.hits[1], 7);
	assert_int_equal(o.hits[0], 3); /* a third of 7, rounded up */
	assert_int_equal(o.leader_risk[1], 0);
	assert_false(o.winner_leaders);
	assert_true(has_event(&ev, "[Close Combat (d)]", "Q&A 5"));
	assert_true(has_event(&ev, "[Close Combat (g)]", "withdraws"));
	assert_true(has_event(&ev, "[Close Combat (f)]", "twice")); /* 14 is twice 6 or more */
	/* Q&A 4's roll, by the winner: the two 1s are 2 possible hits */
	const int qa4[6] = {1, 3, 4, 5, 6, 1};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){qa4, ones}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.winner, 0);
	assert_int_equal(o.hits[1], 2);
	assert_int_equal(o.hits[0], 1);
	/* the loser's 1s and 2s count for nothing */
	const int twos[6] = {2, 2, 2, 2, 2, 2}, big[6] = {3, 4, 5, 5, 4, 3};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){big, twos}, n, 2, &o, NULL, &e), 0);
	assert_int_equal(o.winner, 0);
	assert_int_equal(o.hits[1], 0);
	assert_int_equal(o.hits[0], 0);

	/* the winner's die: 1 double and its leaders at risk, 2 the same, 3-6 a third; 0 not yet */
	static const int want_w[7] = {-1, 14, 7, 3, 3, 3, 3};
	for (int wd = 0; wd <= 6; wd++) {
		assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){qa5, ones}, n, wd, &o, NULL, &e), 0);
		assert_int_equal(o.hits[1], 7);
		if (o.hits[0] != want_w[wd])
			fail_msg("winner's die %d: %d hits on the winner, want %d", wd, o.hits[0], want_w[wd]);
		assert_true(o.winner_leaders == (wd == 1));
	}
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){qa5, ones}, n, 7, &o, NULL, &e), -1);
	/* a third, rounded up: 4 -> 2, 1 -> 1 (the defender wins here) */
	const int four[6] = {2, 2, 5, 5, 5, 5}, one[6] = {1, 5, 5, 5, 5, 5};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){ones, four}, n, 6, &o, NULL, &e), 0);
	assert_int_equal(o.winner, 1);
	assert_int_equal(o.hits[0], 4);
	assert_int_equal(o.hits[1], 2);
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){ones, one}, n, 4, &o, NULL, &e), 0);
	assert_int_equal(o.hits[1], 1);

	/* three natural sixes in the winner's roll: a possible leader kill; six sixes: two; the
	 * loser's sixes: none */
	const int s3[6] = {6, 6, 6, 1, 1, 1}, s5[6] = {6, 6, 6, 6, 6, 1}, s6[6] = {6, 6, 6, 6, 6, 6};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){s3, ones}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.leader_risk[1], 1);
	assert_int_equal(o.hits[1], 3);
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){s5, ones}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.leader_risk[1], 1);
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){s6, ones}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.leader_risk[1], 2);
	assert_int_equal(o.leader_risk[0], 0);
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){s6, s3}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.leader_risk[0], 0);
	/* a side without a leader stand (a battery) has no leader to lose, to sixes or to the
	 * winner's 1 */
	{
		struct cref_side gun = {.u = {.type = U("russian-artillery"), .figures = 6}};
		const int n2[2] = {6, 6};
		assert_int_equal(cref_cc_roll(t, &a, &gun, (const int *const[2]){s6, ones}, n2, 3, &o, NULL, &e), 0);
		assert_int_equal(o.winner, 0);
		assert_int_equal(o.leader_risk[1], 0);
		gun.initiative = true;
		a.initiative = false;
		assert_int_equal(cref_cc_roll(t, &a, &gun, (const int *const[2]){ones, s6}, n2, 1, &o, NULL, &e), 0);
		assert_int_equal(o.winner, 1);
		assert_false(o.winner_leaders);
		a.initiative = true;
	}

	/* a tie: the initiative player's side wins */
	evsink_clear(&ev);
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){twos, twos}, n, 3, &o, &ev, &e), 0);
	assert_int_equal(o.winner, 0);
	assert_true(has_event(&ev, "[Modifiers (c)]", "tie"));
	a.initiative = false;
	b.initiative = true;
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){twos, twos}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.winner, 1);
	assert_int_equal(o.hits[0], 12);
	b.initiative = false;
	e.msg[0] = 0;
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){twos, twos}, n, 3, &o, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Modifiers (c)]"));
	a.initiative = b.initiative = true;
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){twos, twos}, n, 3, &o, NULL, &e), -1);
	b.initiative = false;

	/* totals add the per-die modifier times the dice: +1 cavalry line, -1 a chit, 6 dice each */
	a.mods[a.nmods++] = MOD("cavalry-line");
	b.u.chits = 1;
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){twos, big}, n, 3, &o, NULL, &e), 0);
	assert_int_equal(o.total[0], 12 + 6);
	assert_int_equal(o.total[1], 24 - 6);
	assert_int_equal(o.winner, 0); /* 18 to 18, the attacker's initiative */
	assert_int_equal(o.hits[1], 12);

	/* the dice: a stand each and a leader stand each; wrong counts and bad dice refused */
	const int seven[6] = {1, 2, 3, 4, 5, 7};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){seven, ones}, n, 3, &o, NULL, &e), -1);
	const int n75[2] = {7, 5};
	const int d7[7] = {1, 1, 1, 1, 1, 1, 1};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){d7, ones}, n75, 3, &o, NULL, &e), -1);
	a.u.figures = 12; /* six stands and the leader stand: seven dice */
	const int n76[2] = {7, 6};
	assert_int_equal(cref_cc_roll(t, &a, &b, (const int *const[2]){d7, ones}, n76, 3, &o, NULL, &e), 0);
	assert_int_equal(o.total[0], 7 + 7);
}

/* Modifiers to All Close Combat: the keyed modifiers summed a die; Cossacks get no bonuses but
 * keep their penalties; (g) a chit; (h) routing and routing from the rear; a side with no stands. */
static void test_cc_dice(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct cref_side s = {.u = {.type = U("british-cavalry"), .figures = 7, .leaders = 1}};
	struct err e;
	int per = 99;

	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 4 + 1); /* 7 figures are 4 stands */
	assert_int_equal(per, 0);
	s.mods[s.nmods++] = MOD("cavalry-double-line");
	s.mods[s.nmods++] = MOD("heavy-brigade");
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, 3);
	s.mods[s.nmods++] = MOD("standing-cavalry");
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, 2);
	s.u.type = U("cossacks");
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, -1); /* the +2 and +1 dropped, the -1 kept */
	s.u.chits = 2;
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, -3);
	s.nmods = 0;
	s.u.chits = 0;
	s.u.type = U("british-cavalry");
	s.routing = true;
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, -2);
	s.rear = true;
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, -3);
	s.routing = s.rear = false;
	s.u.chits = 1;
	assert_int_equal(cref_cc_dice(t, &s, &per, &e), 5);
	assert_int_equal(per, -1);

	/* a battery: a die a gunner (Close Combat (h)), no leader stand needed */
	struct cref_side g = {.u = {.type = U("russian-artillery"), .figures = 5}};
	g.mods[g.nmods++] = MOD("unlimbered-artillery");
	assert_int_equal(cref_cc_dice(t, &g, &per, &e), 5);
	assert_int_equal(per, -1);
	g.u.figures = 0;
	e.msg[0] = 0;
	assert_int_equal(cref_cc_dice(t, &g, &per, &e), -1);
	assert_non_null(strstr(e.msg, "[Close Combat (c)]"));
}

/* Everything cref_cc_odds gives, by every throw of both sides' dice and the winner's die
 * through cref_cc_roll (counted in whole throws, so the sums are exact). A side's leader risk: a possible leader kill from the winner's sixes
 * when it loses, or its leaders rolling when it wins on a 1. */
struct ccbrute {
	double win[2], hits[2][CREF_HITS_MAX + 1], leader[2];
};

static void brute_cc(const struct ctab *t, const struct cref_side *a, const struct cref_side *b, struct ccbrute *r)
{
	int n[2], per, da[8], db[8];
	const struct cref_side *s[2] = {a, b};
	struct cref_cc_out o;
	struct err e;
	memset(r, 0, sizeof *r);
	n[0] = cref_cc_dice(t, a, &per, &e);
	n[1] = cref_cc_dice(t, b, &per, &e);
	assert_in_range(n[0], 1, 8);
	assert_in_range(n[1], 1, 8);
	const int *const d[2] = {da, db};
	first_dice(da, n[0]);
	do {
		first_dice(db, n[1]);
		do {
			for (int wd = 1; wd <= 6; wd++) {
				assert_int_equal(cref_cc_roll(t, a, b, d, n, wd, &o, NULL, &e), 0);
				int k = o.winner, l = 1 - k;
				r->win[k]++;
				for (int x = 0; x < 2; x++) {
					assert_in_range(o.hits[x], 0, CREF_HITS_MAX);
					r->hits[x][o.hits[x]]++;
				}
				if (o.leader_risk[l] > 0)
					r->leader[l]++;
				if (o.winner_leaders && s[k]->u.leaders > 0)
					r->leader[k]++;
			}
		} while (next_dice(db, n[1]));
	} while (next_dice(da, n[0]));
	/* counted in whole throws (exact), then made chances */
	double all = pow6(n[0] + n[1] + 1);
	for (int x = 0; x < 2; x++) {
		r->win[x] /= all;
		r->leader[x] /= all;
		for (int h = 0; h <= CREF_HITS_MAX; h++)
			r->hits[x][h] /= all;
	}
}

static void test_cc_odds(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct {
		struct cref_side a, b;
	} c[8] = {
		/* 1 stand and no leader against 1 stand and a leader, either side holding the initiative */
		{{.u = {.type = U("british-cavalry"), .figures = 2}, .initiative = true},
		 {.u = {.type = U("russian-cavalry"), .figures = 2, .leaders = 1}}},
		{{.u = {.type = U("british-cavalry"), .figures = 2}},
		 {.u = {.type = U("russian-cavalry"), .figures = 2, .leaders = 1}, .initiative = true}},
		/* 2 stands against 1, with modifiers and chits */
		{{.u = {.type = U("british-cavalry"), .figures = 4}, .initiative = true},
		 {.u = {.type = U("russian-infantry"), .figures = 4, .chits = 1}}},
		{{.u = {.type = U("british-cavalry"), .figures = 3, .leaders = 1}},
		 {.u = {.type = U("russian-infantry"), .figures = 4}, .initiative = true}},
		{{.u = {.type = U("cossacks"), .figures = 4}},
		 {.u = {.type = U("british-infantry"), .figures = 6, .leaders = 1}, .initiative = true, .routing = true}},
		/* enough dice for three sixes: 3 stands and a leader against 1 and a leader */
		{{.u = {.type = U("british-cavalry"), .figures = 6, .leaders = 1}, .initiative = true},
		 {.u = {.type = U("russian-cavalry"), .figures = 2, .leaders = 1}}},
		{{.u = {.type = U("russian-artillery"), .figures = 2}},
		 {.u = {.type = U("british-cavalry"), .figures = 6, .leaders = 1}, .initiative = true}},
		{{.u = {.type = U("british-infantry"), .figures = 8, .leaders = 1, .chits = 2}, .initiative = true},
		 {.u = {.type = U("russian-infantry"), .figures = 4, .leaders = 1}}},
	};
	c[2].a.mods[c[2].a.nmods++] = MOD("cavalry-line");
	c[3].a.mods[c[3].a.nmods++] = MOD("cavalry-double-line");
	c[3].b.mods[c[3].b.nmods++] = MOD("square");
	c[4].a.mods[c[4].a.nmods++] = MOD("cavalry-double-line"); /* Cossacks: no bonus */
	c[6].a.mods[c[6].a.nmods++] = MOD("unlimbered-artillery");
	c[7].b.mods[c[7].b.nmods++] = MOD("russian-attack-column");

	struct cref_cc_odds *o = malloc(sizeof *o);
	struct ccbrute *r = malloc(sizeof *r);
	assert_non_null(o);
	assert_non_null(r);
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct err e;
		assert_int_equal(cref_cc_odds(t, &c[k].a, &c[k].b, o, &e), 0);
		brute_cc(t, &c[k].a, &c[k].b, r);
		for (int x = 0; x < 2; x++) {
			const struct cref_side *sd = x ? &c[k].b : &c[k].a;
			double cas[CREF_FIG_MAX + 1] = {0}, one[CREF_FIG_MAX + 1];
			assert_close(o->win[x], r->win[x], "win", (int)k * 10 + x);
			assert_close(o->leader[x], r->leader[x], "leader", (int)k * 10 + x);
			for (int h = 0; h <= CREF_HITS_MAX; h++) {
				assert_close(o->hits[x][h], r->hits[x][h], "hits", (int)k * 1000 + x * 500 + h);
				if (r->hits[x][h] > 0) {
					cref_save_odds(t, &sd->u, h, one, CREF_FIG_MAX);
					for (int f = 0; f <= CREF_FIG_MAX; f++)
						cas[f] += r->hits[x][h] * one[f];
				}
			}
			for (int f = 0; f <= CREF_FIG_MAX; f++)
				assert_close(o->cas[x][f], cas[f], "cas", (int)k * 1000 + x * 500 + f);
			assert_sums_to_one(o->hits[x], CREF_HITS_MAX + 1, "hits");
			assert_sums_to_one(o->cas[x], CREF_FIG_MAX + 1, "cas");
		}
		assert_close(o->win[0] + o->win[1], 1, "win sum", (int)k);
	}
	/* by hand, case 0: the attacker's one die against the defender's two (a stand and its
	 * leader), the attacker winning ties */
	struct err e;
	assert_int_equal(cref_cc_odds(t, &c[0].a, &c[0].b, o, &e), 0);
	/* P(attacker wins): its die beats the sum of two dice (or ties it, holding the initiative) */
	double pw = 0;
	for (int x = 1; x <= 6; x++)
		for (int y = 1; y <= 6; y++)
			for (int z = 1; z <= 6; z++)
				pw += x >= y + z ? 1 / 216.0 : 0;
	assert_close(o->win[0], pw, "attacker wins", 0);
	/* the initiative must be one side's */
	c[0].b.initiative = true;
	assert_int_equal(cref_cc_odds(t, &c[0].a, &c[0].b, o, &e), -1);
	free(r);
	free(o);
}

/* [Close Combat (b), (c), (d)] a side of several units: every die and modifier added, the hits
 * spread over the units one at a time from the first, the loser's leader at risk the first unit
 * with one; the odds against every throw (cref_cc_roll_force, counted in whole throws) and each
 * unit's figures lost against its share's save odds. */
static void test_cc_force(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct cref_side a = {.u = {.type = U("russian-cavalry"), .figures = 4, .leaders = 1}, .initiative = true};
	struct cref_side b1 = {.u = {.type = U("british-infantry"), .figures = 4}};
	struct cref_side b2 = {.u = {.type = U("british-cavalry"), .figures = 2, .leaders = 1}};
	b2.mods[b2.nmods++] = MOD("cavalry-line");
	const struct cref_force f[2] = {{1, {&a}}, {2, {&b1, &b2}}};
	struct cref_cc_out o;
	struct cref_cc_units un;
	struct err e;
	int off, da[3], db[3];
	const int *const d[2] = {da, db};
	const int n[2] = {3, 3};

	assert_int_equal(cref_force_dice(t, &f[1], &off, &e), 3);
	assert_int_equal(off, 2); /* the cavalry's +1 on its two dice */
	for (int h = 0; h < 9; h++) /* one at a time, the first first */
		assert_int_equal(cref_share(h, 2, 0) + cref_share(h, 2, 1), h);
	assert_int_equal(cref_share(3, 2, 0), 2);
	assert_int_equal(cref_share(3, 2, 1), 1);
	/* 2 + 2 + 2 = 6 against 1 + 1 + 1 + 2 = 5: the attacker wins; 6 possible hits, 3 on each */
	memcpy(da, (int[]){2, 2, 2}, sizeof da);
	memcpy(db, (int[]){1, 1, 1}, sizeof db);
	assert_int_equal(cref_cc_roll_force(t, f, d, n, 3, &o, &un, NULL, &e), 0);
	assert_int_equal(o.total[0], 6);
	assert_int_equal(o.total[1], 5);
	assert_int_equal(o.winner, 0);
	assert_int_equal(o.hits[1], 6);
	assert_int_equal(un.hits[1][0], 3);
	assert_int_equal(un.hits[1][1], 3);
	assert_int_equal(un.hits[0][0], 2); /* a third of 6 */
	/* three sixes: the leader at risk is the second unit's, the first has none */
	memcpy(da, (int[]){6, 6, 6}, sizeof da);
	assert_int_equal(cref_cc_roll_force(t, f, d, n, 3, &o, &un, NULL, &e), 0);
	assert_int_equal(o.leader_risk[1], 1);
	assert_int_equal(un.leader_unit[1], 1);
	/* the winner's die 1 with the defenders winning: its leaders roll */
	memcpy(da, (int[]){1, 1, 1}, sizeof da);
	memcpy(db, (int[]){6, 6, 6}, sizeof db);
	assert_int_equal(cref_cc_roll_force(t, f, d, n, 1, &o, &un, NULL, &e), 0);
	assert_int_equal(o.winner, 1);
	assert_true(o.winner_leaders);
	/* dice not the side's: refused */
	assert_int_equal(cref_cc_roll_force(t, f, d, (const int[2]){3, 2}, 3, &o, &un, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "every unit's"));

	/* the odds against every throw */
	static double share[2][CREF_CC_UNITS][CREF_HITS_MAX + 1], side[2][CREF_HITS_MAX + 1];
	double win[2] = {0, 0}, lead[2] = {0, 0}, all = pow6(7);
	memset(share, 0, sizeof share);
	memset(side, 0, sizeof side);
	first_dice(da, 3);
	do {
		first_dice(db, 3);
		do {
			for (int wd = 1; wd <= 6; wd++) {
				assert_int_equal(cref_cc_roll_force(t, f, d, n, wd, &o, &un, NULL, &e), 0);
				win[o.winner]++;
				if (o.leader_risk[1 - o.winner] > 0)
					lead[1 - o.winner]++;
				if (o.winner_leaders)
					lead[o.winner]++;
				for (int x = 0; x < 2; x++) {
					side[x][o.hits[x]]++;
					for (int u = 0; u < f[x].n; u++)
						share[x][u][un.hits[x][u]]++;
				}
			}
		} while (next_dice(db, 3));
	} while (next_dice(da, 3));
	/* counted in whole throws (exact), then made chances */
	for (int x = 0; x < 2; x++) {
		win[x] /= all;
		lead[x] /= all;
		for (int h = 0; h <= CREF_HITS_MAX; h++) {
			side[x][h] /= all;
			for (int u = 0; u < CREF_CC_UNITS; u++)
				share[x][u][h] /= all;
		}
	}
	struct cref_cc_odds *od = malloc(sizeof *od);
	double (*cu)[CREF_CC_UNITS][CREF_FIG_MAX + 1] = malloc(2 * sizeof *cu);
	assert_non_null(od);
	assert_non_null(cu);
	assert_int_equal(cref_cc_odds_force(t, f, od, cu, &e), 0);
	for (int x = 0; x < 2; x++) {
		assert_close(od->win[x], win[x], "force win", x);
		assert_close(od->leader[x], lead[x], "force leader", x);
		for (int h = 0; h <= CREF_HITS_MAX; h++)
			assert_close(od->hits[x][h], side[x][h], "force hits", x * 1000 + h);
		/* each unit's and the side's figures lost: the side's hits, each number of them as
		 * cref_force_cas spreads it (checked by hand below) */
		double want[CREF_FIG_MAX + 1] = {0}, wu[CREF_CC_UNITS][CREF_FIG_MAX + 1] = {{0}};
		for (int h = 0; h <= CREF_HITS_MAX; h++) {
			double sd[CREF_FIG_MAX + 1], un1[CREF_CC_UNITS][CREF_FIG_MAX + 1];
			if (side[x][h] == 0)
				continue;
			assert_int_equal(cref_force_cas(t, &f[x], h, sd, un1, &e), 0);
			for (int c = 0; c <= CREF_FIG_MAX; c++) {
				want[c] += side[x][h] * sd[c];
				for (int u = 0; u < f[x].n; u++)
					wu[u][c] += side[x][h] * un1[u][c];
			}
		}
		for (int c = 0; c <= CREF_FIG_MAX; c++) {
			assert_close(od->cas[x][c], want[c], "force side cas", x * 100 + c);
			for (int u = 0; u < f[x].n; u++)
				assert_close(cu[x][u][c], wu[u][c], "force unit cas", x * 1000 + u * 100 + c);
		}
		assert_sums_to_one(od->cas[x], CREF_FIG_MAX + 1, "force side cas");
	}
	free(od);
	free(cu);

	/* by hand: a stand of 2 British infantry (2X: the first hit takes both figures) before a full
	 * battalion; 3 hits spread 2 and 1: the first has none left after its first hit, its second
	 * passes on, and the battalion saves 2 [Close Combat (d)] */
	struct cref_side s1 = {.u = {.type = U("british-infantry"), .figures = 2}};
	struct cref_side s2 = {.u = {.type = U("british-infantry"), .figures = 24}};
	const struct cref_force two = {2, {&s1, &s2}};
	double sd[CREF_FIG_MAX + 1], uu[CREF_CC_UNITS][CREF_FIG_MAX + 1], want2[CREF_FIG_MAX + 1];
	for (int h = 1; h <= 4; h++) {
		int to_second = h - 1; /* all but the first hit */
		assert_int_equal(cref_force_cas(t, &two, h, sd, uu, &e), 0);
		assert_close(uu[0][2], 1, "the stand is lost", h);
		cref_save_odds(t, &s2.u, to_second, want2, CREF_FIG_MAX);
		for (int c = 0; c + 2 <= CREF_FIG_MAX; c++) {
			assert_close(uu[1][c], want2[c], "the battalion takes the rest", h * 100 + c);
			assert_close(sd[c + 2], want2[c], "the side: both", h * 100 + c);
		}
	}
	/* the roll hands them on the same way: 14 hits, 7 and 7; the stand takes 1, the battalion 13 */
	{
		int used, cas, rest;
		static const int none[1] = {0};
		assert_int_equal(cref_save_roll_rest(t, &s1.u, 7, none, 0, &used, &cas, &rest, NULL, &e), 0);
		assert_int_equal(cas, 2);
		assert_int_equal(rest, 6);
	}
}

/* ---- morale ---- */

/* MORALE (f): stands (or artillery figures) + a die - markers, at least the troop type's number;
 * -1 for standing cavalry attacked by cavalry. */
static void test_morale(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[8];
	struct evsink ev;
	struct cref_unit u = {.type = U("russian-infantry"), .figures = 16, .chits = 2};
	double p = -1;

	/* 4 + die - 2 >= 7: 5 or 6 */
	assert_int_equal(cref_morale(t, &u, false, 0, &p, NULL), -1);
	assert_close(p, 1 / 3.0, "russian infantry", 0);
	evsink_init(&ev, store, 8);
	assert_int_equal(cref_morale(t, &u, false, 3, NULL, &ev), 0);
	assert_true(has_event(&ev, "[MORALE (f)]", "fails"));
	assert_int_equal(cref_morale(t, &u, false, 4, NULL, NULL), 0);
	assert_int_equal(cref_morale(t, &u, false, 5, NULL, NULL), 1);
	u.figures = 13; /* still 4 stands */
	assert_int_equal(cref_morale(t, &u, false, 5, &p, NULL), 1);
	assert_close(p, 1 / 3.0, "russian infantry, 13 figures", 0);
	/* British: 6 or better */
	struct cref_unit bi = {.type = U("british-infantry"), .figures = 16};
	assert_int_equal(cref_morale(t, &bi, false, 2, &p, NULL), 1);
	assert_close(p, 5 / 6.0, "british infantry", 0);
	assert_int_equal(cref_morale(t, &bi, false, 1, NULL, NULL), 0);
	/* standing cavalry: 3 stands + die - 1 >= 7 */
	struct cref_unit rc = {.type = U("russian-cavalry"), .figures = 6};
	assert_int_equal(cref_morale(t, &rc, false, 4, &p, NULL), 1);
	assert_close(p, 0.5, "moving cavalry", 0);
	assert_int_equal(cref_morale(t, &rc, true, 4, &p, NULL), 0);
	assert_close(p, 1 / 3.0, "standing cavalry", 0);
	/* one stand and one marker are told in the singular ("1 stands + die" before) */
	struct cref_unit one = {.type = U("russian-infantry"), .figures = 4, .chits = 1};
	evsink_init(&ev, store, 8);
	assert_int_equal(cref_morale(t, &one, false, 3, NULL, &ev), 0);
	assert_true(has_event(&ev, "[MORALE (f)]", "russian-infantry: 1 stand + die 3 - 1 morale marker = 3: fails"));
	/* a battery counts its figures: 3 gunners + die >= 7; 6 always pass */
	struct cref_unit g = {.type = U("russian-artillery"), .figures = 3};
	assert_int_equal(cref_morale(t, &g, false, 3, &p, NULL), 0);
	assert_close(p, 0.5, "3 gunners", 0);
	g.figures = 6;
	assert_int_equal(cref_morale(t, &g, false, 1, &p, NULL), 1);
	assert_close(p, 1, "6 gunners", 0);
	/* 1 stand with a marker: 1 + 6 - 1 is 6, short of 7 on any die */
	u.figures = 4;
	u.chits = 1;
	assert_int_equal(cref_morale(t, &u, false, 6, &p, NULL), 0);
	assert_close(p, 0, "1 stand, 1 marker", 0);
}

/* ---- movement ---- */

/* MOVE Chart: the dice by formation, terrain taking off low or high dice, interpenetration the
 * low die, a pip off each die a marker (never below 0), guns not crossing walls. */
static void test_move(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[8];
	struct evsink ev;
	struct err e;
	struct cref_move m = {.row = MV("cavalry"), .form = 0, .terrain = -1};

	assert_int_equal(cref_move_dice(t, &m, &e), 3);
	assert_int_equal(cref_move_roll(t, &m, (const int[]){6, 5, 1}, 3, NULL, &e), 12);
	m.form = 1;
	assert_int_equal(cref_move_dice(t, &m, &e), 4);
	m.form = 0;
	/* steep: the two highest dice off */
	m.terrain = CT_STEEP;
	evsink_init(&ev, store, 8);
	assert_int_equal(cref_move_roll(t, &m, (const int[]){6, 5, 1}, 3, &ev, &e), 1);
	assert_true(has_event(&ev, "[MOVE Chart]", "0 low and 2 high"));
	assert_int_equal(cref_move_roll(t, &m, (const int[]){2, 4, 3}, 3, NULL, &e), 2);
	/* gentle: the high die off */
	m.terrain = CT_GENTLE;
	assert_int_equal(cref_move_roll(t, &m, (const int[]){2, 4, 3}, 3, NULL, &e), 5);
	/* markers: a pip off each die, not below 0 */
	m.terrain = -1;
	m.chits = 2;
	assert_int_equal(cref_move_roll(t, &m, (const int[]){1, 2, 6}, 3, NULL, &e), 4);
	m.chits = 0;
	/* interpenetration: the low die off */
	m.interpen = true;
	assert_int_equal(cref_move_roll(t, &m, (const int[]){1, 4, 6}, 3, NULL, &e), 10);
	m.terrain = CT_STEEP; /* and two high: nothing left */
	assert_int_equal(cref_move_roll(t, &m, (const int[]){1, 4, 6}, 3, NULL, &e), 0);
	m.interpen = false;
	m.terrain = -1;
	/* one die: retrograde and the like */
	m.one_die = true;
	assert_int_equal(cref_move_dice(t, &m, &e), 1);
	assert_int_equal(cref_move_roll(t, &m, (const int[]){5}, 1, NULL, &e), 5);
	m.one_die = false;

	/* infantry: 2 in line, 3 in column; walls the low die */
	struct cref_move inf = {.row = MV("infantry"), .form = 0, .terrain = CT_WALLS};
	assert_int_equal(cref_move_dice(t, &inf, &e), 2);
	assert_int_equal(cref_move_roll(t, &inf, (const int[]){6, 1}, 2, NULL, &e), 6);
	inf.form = 1;
	inf.terrain = CT_STEEP;
	assert_int_equal(cref_move_roll(t, &inf, (const int[]){2, 3, 5}, 3, NULL, &e), 5);

	/* foot guns: no column formation; never across walls */
	struct cref_move fg = {.row = MV("foot-guns"), .form = 0, .terrain = CT_WALLS};
	double dist[32];
	e.msg[0] = 0;
	assert_int_equal(cref_move_dice(t, &fg, &e), 0);
	assert_non_null(strstr(e.msg, "may not cross"));
	assert_int_equal(cref_move_roll(t, &fg, (const int[]){3, 3, 3}, 3, NULL, &e), -1);
	assert_int_equal(cref_move_odds(t, &fg, dist, 31, &e), -1);
	fg.terrain = -1;
	assert_int_equal(cref_move_dice(t, &fg, &e), 3);
	fg.form = 1;
	assert_int_equal(cref_move_dice(t, &fg, &e), 0);

	/* the wrong dice */
	assert_int_equal(cref_move_roll(t, &m, (const int[]){3, 3}, 2, NULL, &e), -1);
	assert_int_equal(cref_move_roll(t, &m, (const int[]){3, 3, 7}, 3, NULL, &e), -1);
}

/* cref_move_odds is every throw through cref_move_roll. */
static void test_move_odds(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	enum { DMAX = 30 };
	struct cref_move c[] = {
		{.row = MV("cavalry"), .form = 0, .terrain = CT_STEEP, .chits = 1},
		{.row = MV("cavalry"), .form = 1, .terrain = -1, .interpen = true},
		{.row = MV("infantry"), .form = 0, .terrain = CT_WALLS, .interpen = true},
		{.row = MV("infantry"), .form = 1, .terrain = CT_GENTLE, .chits = 2},
		{.row = MV("horse-guns"), .form = 0, .terrain = CT_STEEP},
		{.row = MV("foot-guns"), .one_die = true, .terrain = -1},
		{.row = MV("light-infantry"), .form = 0, .terrain = CT_STEEP},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct err e;
		double got[DMAX + 1], want[DMAX + 1] = {0};
		int n = cref_move_dice(t, &c[k], &e), d[8];
		assert_in_range(n, 1, 4);
		first_dice(d, n);
		do {
			int in = cref_move_roll(t, &c[k], d, n, NULL, &e);
			assert_in_range(in, 0, DMAX);
			want[in]++;
		} while (next_dice(d, n));
		for (int i = 0; i <= DMAX; i++)
			want[i] /= pow6(n);
		assert_int_equal(cref_move_odds(t, &c[k], got, DMAX, &e), 0);
		for (int i = 0; i <= DMAX; i++)
			assert_close(got[i], want[i], "move", (int)k * 100 + i);
		assert_sums_to_one(got, DMAX + 1, "move");
	}
	/* by hand: infantry line over a wall keeps the higher of two dice: a 6 is 11/36 */
	struct cref_move w = {.row = MV("infantry"), .form = 0, .terrain = CT_WALLS};
	double dist[DMAX + 1];
	struct err e;
	assert_int_equal(cref_move_odds(t, &w, dist, DMAX, &e), 0);
	assert_close(dist[6], 11 / 36.0, "wall", 6);
	assert_close(dist[1], 1 / 36.0, "wall", 1);
}

/* ---- the loader's errors ---- */

/* Loads the real sheet with old (which must occur exactly once) replaced by new into t; the
 * errors go to l, *line is the line where old stood. Returns ctab_load's result. */
static int load_variant(struct ctab *t, const char *old, const char *new, struct errlist *l, int *line)
{
	struct jdoc d;
	int rc;
	test_variant_doc(&d, SHEET, old, new, line);
	errlist_init(l);
	rc = ctab_load(t, &d, l);
	jdoc_free(&d);
	return rc;
}

/* One error, in the sheet file, at line (0: any line), saying each of the words. */
static void expect_error(const struct errlist *l, int line, const char *w1, const char *w2)
{
	if (l->total != 1) {
		for (int i = 0; i < l->n; i++)
			print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
		fail_msg("%d errors, want 1 (%s)", l->total, w1);
	}
	assert_string_equal(l->e[0].file, SHEET);
	if (line)
		assert_int_equal(l->e[0].line, line);
	else
		assert_true(l->e[0].line > 0);
	if (!strstr(l->e[0].msg, w1) || (w2 && !strstr(l->e[0].msg, w2)))
		fail_msg("\"%s\" does not say \"%s\" and \"%s\"", l->e[0].msg, w1, w2 ? w2 : "");
}

static void test_load_errors(void **state)
{
	(void)state;
	struct errlist *l = malloc(sizeof *l);
	struct ctab *t = malloc(sizeof *t);
	int line;
	assert_non_null(l);
	assert_non_null(t);

	/* the unchanged text loads (the variants below differ from it in one place) */
	assert_int_equal(load_variant(t, "\"id\": \"cotlb\"", "\"id\": \"cotlb\"", l, &line), 0);
	assert_int_equal(l->total, 0);

	/* a Fire Chart cell no die gives */
	assert_int_equal(load_variant(t, "{\"key\": \"muskets\", \"cells\": [\"4-6\"",
				      "{\"key\": \"muskets\", \"cells\": [\"7-9\"", l, &line), -1);
	expect_error(l, line, "\"7-9\"", "Fire Chart");
	/* a range that stops short of 6: the cells name the least die, every higher one hits too */
	assert_int_equal(load_variant(t, "{\"key\": \"muskets\", \"cells\": [\"4-6\"",
				      "{\"key\": \"muskets\", \"cells\": [\"4-5\"", l, &line), -1);
	expect_error(l, line, "\"4-5\"", "Fire Chart");
	/* a table missing */
	assert_int_equal(load_variant(t, "\"id\": \"winner_losses\"", "\"id\": \"winner_loss\"", l, &line), -1);
	expect_error(l, 0, "missing table", "winner_losses");
	/* a Save Table row saving more easily with 2 stands than with 3 */
	assert_int_equal(load_variant(t, "\"british-infantry\", \"cells\": [\"4\", \"5\", \"6\", \"X\", \"X\"",
				      "\"british-infantry\", \"cells\": [\"4\", \"5\", \"6\", \"X\", \"5\"", l, &line),
			 -1);
	expect_error(l, line, "british-infantry", "more easily");
	/* a weapon reading a Fire Chart row there is not */
	assert_int_equal(load_variant(t, "{\"key\": \"musket\", \"cells\": [\"muskets\"",
				      "{\"key\": \"musket\", \"cells\": [\"arquebus\"", l, &line), -1);
	expect_error(l, line, "\"arquebus\"", "fire");
	/* cover that hits more easily than the open */
	assert_int_equal(load_variant(t, "{\"key\": \"horse\", \"cells\": [\"3-6\", \"4-6\", \"5-6\"]}",
				      "{\"key\": \"horse\", \"cells\": [\"1-6\", \"4-6\", \"5-6\"]}", l, &line), -1);
	expect_error(l, 0, "fire_cover", "more easily");
	/* a leader killed on a die above one that saves */
	assert_int_equal(load_variant(t, "[\"killed\", \"killed\", \"saved\", \"saved\"",
				      "[\"killed\", \"saved\", \"killed\", \"saved\"", l, &line), -1);
	expect_error(l, line, "killed", NULL);
	/* a troop type with no Save Table row */
	assert_int_equal(load_variant(t, "[\"cossacks\", \"2\", \"7\", \"no\", \"12\"]", "[\"kalmyks\", \"2\", \"7\", \"no\", \"12\"]",
				      l, &line),
			 -1);
	expect_error(l, line, "\"kalmyks\"", "save");
	/* a file of another game */
	assert_int_equal(load_variant(t, "\"id\": \"cotlb\"", "\"id\": \"quad\"", l, &line), -1);
	expect_error(l, 0, "cotlb", NULL);
	/* no file */
	errlist_init(l);
	assert_int_equal(ctab_load_file(t, "data/cotlb/no-such-sheet.json", l), -1);
	assert_int_equal(l->total, 1);
	free(t);
	free(l);
}

/* Initiative (a): each side's die and modifiers; a tie is rolled again, so the chance is of the
 * decided rolls only. BRIGADE COMMANDERS: 12" Russians and Turks, 24" British and French,
 * artillery and routing units exempt. Command Points: a battery's snake eyes in a command point
 * phase use up its ammunition, muskets never. */
static void test_turn_rulings(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	struct event store[16];
	struct evsink ev;
	double p;
	bool won[2] = {true, false};
	int cc[2] = {1, 0}, out[2] = {0, 2}, none[2] = {0, 0};

	evsink_init(&ev, store, 16);
	/* +2 against -2: side A loses only on (1, 6), ties on (1, 5) and (2, 6): 33 of 34 */
	assert_int_equal(cref_initiative(t, won, cc, out, none, &p, NULL), -2);
	assert_close(p, 33.0 / 34.0, "initiative +2 against -2", 0);
	assert_int_equal(cref_initiative(t, won, cc, out, (const int[2]){1, 6}, NULL, &ev), 1);
	assert_int_equal(cref_initiative(t, won, cc, out, (const int[2]){1, 5}, NULL, &ev), -1);
	assert_true(has_event(&ev, "[Initiative (a)]", "roll again"));
	assert_int_equal(cref_initiative(t, won, cc, out, (const int[2]){2, 6}, NULL, NULL), -1);
	assert_int_equal(cref_initiative(t, won, cc, out, (const int[2]){2, 5}, NULL, NULL), 0);
	/* no modifiers: even */
	bool no[2] = {false, false};
	assert_int_equal(cref_initiative(t, no, none, none, none, &p, NULL), -2);
	assert_close(p, 0.5, "initiative even", 0);

	evsink_clear(&ev);
	assert_int_equal(cref_command(t, U("russian-infantry"), 12, false, &ev), 0);
	assert_int_equal(cref_command(t, U("russian-infantry"), 13, false, &ev), 1);
	assert_true(has_event(&ev, "[MORALE (a) 8]", "draws a morale marker"));
	assert_int_equal(cref_command(t, U("turkish-infantry"), 13, false, NULL), 1);
	assert_int_equal(cref_command(t, U("british-cavalry"), 24, false, NULL), 0);
	assert_int_equal(cref_command(t, U("british-cavalry"), 25, false, NULL), 1);
	assert_int_equal(cref_command(t, U("russian-cavalry"), 25, true, NULL), 0);    /* routing */
	assert_int_equal(cref_command(t, U("russian-artillery"), 100, false, NULL), 0); /* artillery */

	assert_true(cref_ammo_out((const int[]){1, 4, 1}, 3));
	assert_false(cref_ammo_out((const int[]){1, 4, 5}, 3));
	{
		struct cref_fire f = {.weapon = W("russian-foot-artillery"), .stands = 6, .target = CT_LINE, .inches = 20,
				      .command_phase = true};
		struct cref_fire_out o;
		struct err e;
		const int snake[6] = {1, 1, 4, 5, 6, 2};
		evsink_clear(&ev);
		assert_int_equal(cref_fire_roll(t, &f, snake, 6, &o, &ev, &e), 0);
		assert_true(o.ammo_out);
		assert_true(has_event(&ev, "[Command Points]", "used up its ammunition"));
		f.command_phase = false; /* the free action phase: no such risk */
		assert_int_equal(cref_fire_roll(t, &f, snake, 6, &o, NULL, &e), 0);
		assert_false(o.ammo_out);
		f.weapon = W("musket"); /* only batteries */
		f.inches = 5;
		f.command_phase = true;
		assert_int_equal(cref_fire_roll(t, &f, snake, 6, &o, NULL, &e), 0);
		assert_false(o.ammo_out);
	}
}

/* The roster: the NASHCON order of battle loads on the sheet; a game file reads back what it
 * wrote; markers up to the stands and leader rout the unit [MORALE (c)]; a killed leader is
 * back two turns later [Fire (e)] and meanwhile no command points [Command Points]; Cossacks'
 * points are unlimited; a routing unit rallies only by passing a morale check [MORALE (e)]. */
static void test_roster(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	static struct cros_oob o;
	static struct cros_game g, back;
	struct errlist *l = malloc(sizeof *l);
	struct jdoc d;
	struct err e;
	json_t *j;
	char *txt;
	int k, c;

	assert_non_null(l);
	errlist_init(l);
	assert_int_equal(cros_oob_load_file(&o, t, "data/cotlb/balaclava-2014.json", l), 0);
	assert_int_equal(o.n, 60);
	k = cros_find(&o, "kiev1");
	c = cros_find(&o, "ural-cossacks");
	assert_true(k >= 0 && c >= 0);
	assert_int_equal(o.u[k].cp, 8);
	assert_int_equal(o.u[c].cp, CROS_CP_UNLIMITED);
	cros_new(&o, &g);
	assert_int_equal(g.s[k].figures, 12);

	/* 6 stands and a leader: the seventh marker routs */
	cros_mark(t, &o, &g, k, 6, "test", NULL);
	assert_false(g.s[k].routing);
	cros_mark(t, &o, &g, k, 1, "test", NULL);
	assert_true(g.s[k].routing);
	/* a routing unit pulls a marker only by a morale check: 6 stands + 1 - 7 markers < 7 */
	assert_int_equal(cros_rally(t, &o, &g, k, 0, NULL, &e), -1);
	assert_int_equal(cros_rally(t, &o, &g, k, 1, NULL, &e), 0);
	assert_true(g.s[k].routing);
	assert_int_equal(g.s[k].markers, 7);
	/* a leader killed on turn 1 is back on turn 3, and meanwhile no command points */
	cros_leader_killed(t, &o, &g, k, NULL);
	assert_int_equal(g.s[k].leader_back, 3);
	assert_int_equal(g.s[k].markers, 8);
	assert_int_equal(cros_spend(&o, &g, k, 1, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "[Command Points]"));
	cros_next_turn(&o, &g, NULL);
	assert_int_equal(g.s[k].leader_back, 3);
	cros_next_turn(&o, &g, NULL);
	assert_int_equal(g.s[k].leader_back, 0);
	assert_int_equal(cros_spend(&o, &g, k, 3, NULL, &e), 0);
	assert_int_equal(g.s[k].cp, 5);
	assert_int_equal(cros_spend(&o, &g, k, 6, NULL, &e), -1);
	assert_int_equal(cros_spend(&o, &g, c, 50, NULL, &e), 0);
	assert_int_equal(g.s[c].cp, CROS_CP_UNLIMITED);
	cros_lose(t, &o, &g, k, 5, NULL);
	assert_int_equal(g.s[k].figures, 7);
	/* MORALE (c) after losses: azov1 with 4 markers and 6 stands and a leader holds; at 12 figures
	 * (3 stands and the leader) the same 4 markers rout it */
	{
		int a = cros_find(&o, "azov1");
		cros_mark(t, &o, &g, a, 4, "test", NULL);
		assert_false(g.s[a].routing);
		cros_lose(t, &o, &g, a, 12, NULL);
		assert_true(g.s[a].routing);
	}
	/* [Casualties (b)] a unit destroyed by one volley held for the phase's end loses nothing to
	 * the next, and no second "destroyed" is told (redoubt2-guns, shot in the reaction phase by
	 * two batteries, was told "loses its last 0 figures") */
	{
		struct event store[4];
		struct evsink ev;
		int a = cros_find(&o, "azov2");
		evsink_init(&ev, store, 4);
		cros_lose(t, &o, &g, a, 30, &ev);
		assert_int_equal(g.s[a].figures, 0);
		assert_int_equal(ev.n, 1);
		assert_non_null(strstr(ev.ev[0].text, "loses its last 24 figures: it is destroyed"));
		cros_lose(t, &o, &g, a, 2, &ev);
		assert_int_equal(g.s[a].figures, 0);
		assert_int_equal(ev.n, 1);
		/* MORALE (c) with one marker, told in the singular ("1 markers reach" before) */
		int r3 = cros_find(&o, "redoubt3-guns");
		assert_true(r3 >= 0);
		cros_lose(t, &o, &g, r3, g.s[r3].figures - 1, NULL); /* one gunner left, as in a greedy game */
		evsink_clear(&ev);
		cros_mark(t, &o, &g, r3, 1, "test", &ev);
		assert_true(g.s[r3].routing);
		assert_int_equal(ev.n, 2);
		assert_non_null(strstr(ev.ev[1].text, "redoubt3-guns's 1 marker reaches its stands"));
	}

	/* [Close Combat (h)]: a battery's die, 4-6 spiked, else captured (an Ace); an Ace pays one
	 * command point of its side's unit, never a dead leader's */
	{
		struct event store[2];
		struct evsink ev;
		evsink_init(&ev, store, 2);
		assert_int_equal(cref_spike(4, &ev), 1);
		assert_int_equal(cref_spike(3, &ev), 0);
		assert_int_equal(cref_spike(0, &ev), -1);
		int kv = cros_find(&o, "kiev2");
		assert_int_equal(cros_spend_ace(&o, &g, kv, NULL, &e), -1);
		g.aces[o.u[kv].side] = 2;
		assert_int_equal(cros_spend_ace(&o, &g, kv, NULL, &e), 0);
		assert_int_equal(g.aces[o.u[kv].side], 1);
		assert_int_equal(cros_spend_ace(&o, &g, k, NULL, &e), g.s[k].leader_back ? -1 : 0);
		g.aces[o.u[kv].side] = 1;
	}
	/* the game file reads back what it wrote, the sheet it is played on and the Aces included */
	snprintf(g.sheet, sizeof g.sheet, "2001");
	j = cros_game_json(&o, &g);
	assert_non_null(j);
	txt = json_dumps(j, 0);
	json_decref(j);
	assert_non_null(txt);
	assert_int_equal(jdoc_parse(&d, "game.json", txt, strlen(txt), &e), 0);
	errlist_init(l);
	assert_int_equal(cros_game_read(&o, t, &d, &back, l), 0);
	jdoc_free(&d);
	free(txt);
	assert_int_equal(back.turn, 3);
	assert_string_equal(back.sheet, "2001");
	assert_memory_equal(back.aces, g.aces, sizeof g.aces);
	assert_true(g.aces[0] + g.aces[1] == 1);
	assert_memory_equal(back.s, g.s, sizeof g.s[0] * (size_t)o.n);
	free(l);
}


/* The game's sequence of play [Initiative], [Side A Turn (a)-(i)], [Side B Turn]: who acts in
 * each phase, one action a unit a phase, the k-th command point phase's cost of k points, the
 * reaction only against units that used a point, and the turn's end; the game file keeps it. */
static struct cseq_do act(int unit, int a, int target, int arm)
{
	struct cseq_do d = {.unit = unit, .act = a, .target = target, .arm = arm, .ace = false};
	return d;
}

/* A new game of the Balaclava order of battle on the 2014 sheet into *o and *g. */
static void balaclava(const struct ctab *t, struct cros_oob *o, struct cros_game *g)
{
	struct errlist *l = malloc(sizeof *l);
	assert_non_null(l);
	errlist_init(l);
	assert_int_equal(cros_oob_load_file(o, t, "data/cotlb/balaclava-2014.json", l), 0);
	free(l);
	cros_new(o, g);
}

/* The sequence of play started on *g, the initiative won by side winner, who sends side first
 * first: the game is at side A's free action phase. */
static void seq_start(const struct cros_oob *o, struct cros_game *g, int winner, int first, struct evsink *ev)
{
	struct err e;
	assert_int_equal(cseq_next(o, g, -1, ev, &e), 0);
	g->init_winner = winner;
	g->init_turn = g->turn;
	assert_int_equal(cseq_next(o, g, first, ev, &e), 0);
	assert_int_equal(g->seq.phase, CSEQ_FREE);
}

/* *g's game file written and read back into *back (which must then equal it where it is read). */
static void round_trip(const struct ctab *t, const struct cros_oob *o, const struct cros_game *g, struct cros_game *back)
{
	struct errlist *l = malloc(sizeof *l);
	struct jdoc jd;
	struct err e;
	json_t *j = cros_game_json(o, g);
	char *txt;
	assert_non_null(l);
	assert_non_null(j);
	txt = json_dumps(j, 0);
	json_decref(j);
	assert_non_null(txt);
	assert_int_equal(jdoc_parse(&jd, "game.json", txt, strlen(txt), &e), 0);
	errlist_init(l);
	assert_int_equal(cros_game_read(o, t, &jd, back, l), 0);
	jdoc_free(&jd);
	free(txt);
	free(l);
}

/* A volley of the sequence: unit's stands of its of, split or not [Fire (f)]. */
static struct cseq_do volley(int unit, int target, int stands, int of, bool split)
{
	struct cseq_do d = act(unit, CSEQ_FIRE, target, CA_INFANTRY);
	d.stands = stands;
	d.of = of;
	d.split = split;
	return d;
}

/* [Fire (f)] "Firing units may split fire": a volley of some of a unit's stands opens a split
 * fire; its other stands fire at other targets as the same action, unpaid; never in reaction
 * ("each enemy reacting shooter gets but one volley"), never twice at one target. */
static void test_split_fire(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	static struct cros_oob o;
	static struct cros_game g, back;
	struct event store[16];
	struct evsink ev;
	struct cseq_do d;
	struct err e;
	char buf[2048];
	int cost;

	balaclava(t, &o, &g);
	const int kiev = cros_find(&o, "kiev1"), azov = cros_find(&o, "azov1"), n93 = cros_find(&o, "93rd");
	const int turks = cros_find(&o, "turks1");
	assert_true(kiev >= 0 && azov >= 0 && n93 >= 0 && turks >= 0);
	evsink_init(&ev, store, 16);
	seq_start(&o, &g, o.u[kiev].side, o.u[n93].side, &ev); /* the Allies' free action phase */

	/* a split leaves stands for another target */
	d = volley(n93, kiev, 6, 6, true);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "[Fire (f)]"));
	d = volley(n93, kiev, 0, 6, true);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	d = volley(n93, kiev, 2, 6, true);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cseq_split_left(&g, n93), 4);
	assert_true(cseq_split_fired(&g, n93, kiev));
	assert_false(cseq_split_fired(&g, n93, azov));
	assert_int_equal(g.seq.acted[n93], 1 + CSEQ_FIRE);
	/* the other stands: not at kiev again, no more than are left, then at azov unpaid */
	d = volley(n93, kiev, 1, 6, false);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "has fired at kiev1 in this action"));
	d = volley(n93, azov, 5, 6, false);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "4 stands left"));
	d = volley(n93, azov, 3, 6, false);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cseq_split_left(&g, n93), 1);
	assert_true(cseq_split_fired(&g, n93, azov));
	/* it is still one action: a move is refused */
	d = act(n93, CSEQ_MOVE, -1, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "has taken its action"));
	cseq_status(&o, &g, buf, sizeof buf);
	assert_non_null(strstr(buf, "93rd has 1 stand left to fire at another target (fired at"));

	/* the game file keeps it */
	round_trip(t, &o, &g, &back);
	assert_memory_equal(&back.seq, &g.seq, sizeof g.seq);

	/* the phase's end closes it; in a command point phase the split pays once */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_COMMAND);
	assert_int_equal(cseq_split_left(&g, n93), 0);
	assert_false(cseq_split_fired(&g, n93, azov));
	const int cp = g.s[n93].cp;
	d = volley(n93, azov, 4, 6, true);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[n93].cp, cp - 1);
	d = volley(n93, kiev, 2, 6, false);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[n93].cp, cp - 1);
	assert_int_equal(cseq_split_left(&g, n93), 0); /* every stand has fired */
	d = volley(n93, turks, 1, 6, false);           /* (a friend: the table refuses; here a second action) */
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "has taken its action"));

	/* [Side A Turn (c) 1] no split fire in reaction */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_REACTION);
	d = volley(kiev, n93, 2, 6, true);
	d.arm = CA_INFANTRY;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "[Side A Turn (c) 1]"));
	d.split = false;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
}

/* [Close Combat (f)] the position a winning attacker may advance onto: kept in the game file,
 * only for a loser on the table, closed at the phase's end while the sequence is kept. */
static void test_advance_kept(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	static struct cros_oob o;
	static struct cros_game g, back;
	struct event store[16];
	struct evsink ev;
	struct err e;
	json_t *j;
	char *txt;

	balaclava(t, &o, &g);
	const int kiev = cros_find(&o, "kiev1"), n93 = cros_find(&o, "93rd");
	evsink_init(&ev, store, 16);
	assert_int_equal(g.s[kiev].beat, -1);
	cros_note_beat(&g, kiev, n93); /* off the table: nothing to advance onto */
	assert_int_equal(g.s[kiev].beat, -1);
	g.s[n93].pos.on = true;
	g.s[n93].pos.c.x = 50 * PL_PER_INCH;
	g.s[n93].pos.c.y = 30 * PL_PER_INCH;
	g.s[n93].pos.facing = 90;
	g.s[n93].pos.form = CF_LINE;
	cros_note_beat(&g, kiev, n93);
	assert_int_equal(g.s[kiev].beat, n93);
	assert_int_equal(g.s[kiev].beat_turn, 1);
	j = cros_game_json(&o, &g);
	assert_non_null(j);
	txt = json_dumps(j, 0);
	json_decref(j);
	assert_non_null(txt);
	assert_non_null(strstr(txt, "\"beat\": {\"at\": \"93rd\""));
	free(txt);
	round_trip(t, &o, &g, &back);
	assert_int_equal(back.s[kiev].beat, n93);
	assert_int_equal(back.s[kiev].beat_turn, 1);
	assert_memory_equal(&back.s[kiev].beat_at, &g.s[kiev].beat_at, sizeof g.s[kiev].beat_at);
	/* with the sequence kept, the phase's end closes it */
	seq_start(&o, &g, o.u[kiev].side, o.u[kiev].side, &ev);
	cros_note_beat(&g, kiev, n93);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.s[kiev].beat, -1);
}

/* [Close Combat (b)] a reinforcement: in the reaction phase, infantry reinforces a friend charged
 * by an enemy that used command points, once, as its one reaction; kept until the round ends. */
static void test_reinforce(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	static struct cros_oob o;
	static struct cros_game g, back;
	struct event store[16];
	struct evsink ev;
	struct cseq_do d;
	struct err e;
	int cost;

	balaclava(t, &o, &g);
	const int kiev = cros_find(&o, "kiev1"), azov = cros_find(&o, "azov1"), dn = cros_find(&o, "dnieper1");
	const int n93 = cros_find(&o, "93rd");
	evsink_init(&ev, store, 16);
	seq_start(&o, &g, o.u[kiev].side, o.u[n93].side, &ev); /* the Allies' free action phase */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0); /* their first command point phase */
	d = act(n93, CSEQ_CHARGE, dn, CA_INFANTRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0); /* declared, paid */
	/* not a reaction in the command point phase, for either side */
	d = act(azov, CSEQ_REINFORCE, dn, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	d = act(cros_find(&o, "turks1"), CSEQ_JOIN, n93, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "a reinforcement is a reaction"));
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_REACTION);
	/* infantry only; a charged friend only */
	d = act(kiev, CSEQ_REINFORCE, dn, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "[Close Combat (b)]"));
	d = act(azov, CSEQ_REINFORCE, kiev, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "close assaults: 93rd at dnieper1"));
	g.s[azov].routing = true; /* [MORALE (d)] a routing unit rallies */
	d = act(azov, CSEQ_REINFORCE, dn, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	g.s[azov].routing = false;
	/* in contact: infantry or cavalry, not a battery */
	d = act(kiev, CSEQ_JOIN, dn, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	d = act(cros_find(&o, "left-battery"), CSEQ_JOIN, dn, CA_ARTILLERY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	d = act(azov, CSEQ_REINFORCE, dn, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	cseq_reinforce(&o, &g, azov, dn, &ev);
	assert_int_equal(cseq_reinforced_by(&g, dn), azov);
	assert_int_equal(cseq_reinforced_by(&g, kiev), -1);
	/* once a unit, once a charged unit */
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	d = act(cros_find(&o, "azov2"), CSEQ_REINFORCE, dn, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "reinforced already, by azov1"));
	/* the game file keeps it */
	round_trip(t, &o, &g, &back);
	assert_memory_equal(&back.seq, &g.seq, sizeof g.seq);
	/* through the close assault phase; the next round forgets it */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_ASSAULT);
	assert_int_equal(cseq_reinforced_by(&g, dn), azov);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_COMMAND);
	assert_int_equal(cseq_reinforced_by(&g, dn), -1);
}

/* [Close Combat (f)]: twice the defender's total, a positive total only */
static void test_cc_twice(void **state)
{
	(void)state;
	static const int cases[][3] = {{14, 7, 1}, {13, 7, 0}, {5, -3, 1}, {0, 0, 0}, {-21, -21, 0}, {1, 0, 1}, {2, 1, 1}};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
		assert_int_equal(cref_cc_twice(cases[k]), cases[k][2]);
}

static void test_sequence(void **state)
{
	(void)state;
	const struct ctab *t = sheet();
	static struct cros_oob o;
	static struct cros_game g, back;
	struct errlist *l = malloc(sizeof *l);
	struct event store[16];
	struct evsink ev;
	struct cseq_do d;
	struct jdoc jd;
	struct err e;
	json_t *j;
	char *txt, buf[2048];
	int cost;

	assert_non_null(l);
	errlist_init(l);
	assert_int_equal(cros_oob_load_file(&o, t, "data/cotlb/balaclava-2014.json", l), 0);
	const int kiev = cros_find(&o, "kiev1"), azov = cros_find(&o, "azov1"), bat = cros_find(&o, "left-battery");
	const int cos = cros_find(&o, "ural-cossacks"), n93 = cros_find(&o, "93rd"), heavy = cros_find(&o, "heavy1");
	const int turks = cros_find(&o, "turks1");
	assert_true(kiev >= 0 && azov >= 0 && bat >= 0 && cos >= 0 && n93 >= 0 && heavy >= 0 && turks >= 0);
	const int RU = o.u[kiev].side, AL = o.u[n93].side;
	cros_new(&o, &g);
	evsink_init(&ev, store, 16);

	/* without the sequence everything is the referee's, at no cost */
	d = act(n93, CSEQ_FIRE, kiev, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_acting(&g), -1);

	/* started: the initiative first; the phase ends only once it is rolled */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_INITIATIVE);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "[Initiative (a)]"));
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), -1);
	g.init_winner = RU;
	g.init_turn = g.turn;
	/* the Russians win it and send the Allies first: the Allies are side A */
	assert_int_equal(cseq_next(&o, &g, AL, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_FREE);
	assert_int_equal(cseq_acting(&g), AL);

	/* [Side A Turn (a)] one action for each of side A's units, none for side B's */
	d = act(kiev, CSEQ_MOVE, -1, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "[Side A Turn (a)]"));
	d = act(n93, CSEQ_FIRE, kiev, CA_INFANTRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[n93].cp, o.u[n93].cp);
	d = act(n93, CSEQ_MOVE, -1, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "has taken its action"));

	/* [Close Combat (f)] a winner at twice the total stays locked in combat: one more close
	 * combat with the same enemy in this phase, as the same action */
	d = act(turks, CSEQ_CHARGE, azov, CA_INFANTRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	cseq_lock(&o, &g, turks, azov, &ev);
	d.target = kiev;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* the same enemy only */
	d.target = azov;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* once, unless it wins at twice again */
	d = act(n93, CSEQ_MOVE, -1, CA_INFANTRY);

	/* [Side A Turn (b)] the first command point phase: another action for 1 point */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_COMMAND);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 1);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[n93].cp, o.u[n93].cp - 1);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	/* a unit whose leader is dead takes no action with points */
	g.s[heavy].leader_back = 3;
	d = act(heavy, CSEQ_MOVE, -1, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "leader is dead"));
	g.s[heavy].leader_back = 0;

	/* [Side A Turn (c)] the Russians react, only against the 93rd, which used a point */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_REACTION);
	assert_int_equal(cseq_acting(&g), RU);
	d = act(azov, CSEQ_FIRE, turks, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* the Turks used no point */
	assert_non_null(strstr(e.msg, "[Side A Turn (c) 1]"));
	d = act(azov, CSEQ_MOVE, -1, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* no free move in reaction */
	d = act(azov, CSEQ_MOVE_AT, n93, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* only cavalry charges [(c) 4] */
	d = act(kiev, CSEQ_FIRE, n93, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* mounted cavalry does not fire */
	d = act(bat, CSEQ_UNLIMBER, -1, CA_ARTILLERY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	d = act(azov, CSEQ_FIRE, n93, CA_INFANTRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* one volley */
	/* a reaction charge that connects (the app declares its close assault), resolved after
	 * the reaction phase [Side A Turn (c) 4, (d)] */
	d = act(kiev, CSEQ_MOVE_AT, n93, CA_CAVALRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	cseq_declare(&o, &g, kiev, n93, &ev);
	d = act(kiev, CSEQ_CHARGE, n93, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* not in the reaction phase */
	assert_non_null(strstr(e.msg, "[Side A Turn (d)]"));
	/* side A does not act in the reaction phase, not even the unit that paid */
	d = act(turks, CSEQ_CHARGE, azov, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	d = act(n93, CSEQ_CHARGE, azov, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	cseq_status(&o, &g, buf, sizeof buf);
	assert_non_null(strstr(buf, "reaction phase"));
	assert_non_null(strstr(buf, "used a command point (may be answered): 93rd"));
	assert_non_null(strstr(buf, "close assaults to resolve after the reactions: kiev1 at 93rd"));

	/* [Side A Turn (d)] the close assaults: each declared one once, at its target */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_ASSAULT);
	d = act(kiev, CSEQ_CHARGE, turks, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* not the unit it charged */
	d = act(azov, CSEQ_FIRE, n93, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* no fire */
	d = act(kiev, CSEQ_CHARGE, n93, CA_CAVALRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(cost, 0);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* once */

	/* [Side A Turn (e)] the second command point phase costs 2 points, any unit */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.round, 2);
	/* ... where a close assault is bought and declared, not ruled */
	d = act(n93, CSEQ_CHARGE, azov, CA_INFANTRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.seq.assault[n93], 1 + azov);
	assert_int_equal(g.s[n93].cp, o.u[n93].cp - 3);
	d = act(turks, CSEQ_MOVE, -1, CA_INFANTRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), 0);
	assert_int_equal(cost, 2);
	g.s[turks].cp = 1;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* 1 point left */
	assert_non_null(strstr(e.msg, "costs 2 points"));
	/* ... an Ace pays one of them [Close Combat (h)] */
	d.ace = true;
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1); /* the Allies have none */
	g.aces[AL] = 1;
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[turks].cp, 0);
	assert_int_equal(g.aces[AL], 0);

	/* [Side A Turn (b)] fire's results held until the reaction phase ends, then applied in order */
	cros_hold(t, &o, &g, azov, 3, 1, false, "two natural sixes [Fire (d)]", &ev);
	cros_hold(t, &o, &g, azov, 0, 0, false, "nothing", &ev); /* nothing to hold */
	cros_hold(t, &o, &g, kiev, 2, 0, true, "", &ev);
	assert_int_equal(g.nheld, 2);
	assert_int_equal(g.s[azov].figures, o.u[azov].figures);
	/* the game file keeps where the sequence stands, and what is held */
	j = cros_game_json(&o, &g);
	assert_non_null(j);
	txt = json_dumps(j, 0);
	json_decref(j);
	assert_non_null(txt);
	assert_int_equal(jdoc_parse(&jd, "game.json", txt, strlen(txt), &e), 0);
	errlist_init(l);
	assert_int_equal(cros_game_read(&o, t, &jd, &back, l), 0);
	jdoc_free(&jd);
	free(txt);
	assert_memory_equal(&back.seq, &g.seq, sizeof g.seq);
	assert_int_equal(back.nheld, 2);
	assert_memory_equal(back.held, g.held, sizeof g.held[0] * 2);
	cros_release(t, &o, &g, &ev);
	assert_int_equal(g.nheld, 0);
	assert_int_equal(g.s[azov].figures, o.u[azov].figures - 3);
	assert_int_equal(g.s[azov].markers, 1);
	assert_int_equal(g.s[kiev].figures, o.u[kiev].figures - 2);
	assert_true(g.s[kiev].leader_back > 0);

	/* no point used in the third phase: side A declines, and side B's turn begins */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0); /* reaction 2 */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0); /* the 93rd's close assault to resolve */
	assert_int_equal(g.seq.phase, CSEQ_ASSAULT);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0); /* not resolved: it lapses; command 3 */
	assert_int_equal(g.seq.assault[n93], 0);
	assert_int_equal(g.seq.round, 3);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(g.seq.phase, CSEQ_FREE);
	assert_int_equal(cseq_acting(&g), RU);
	/* Cossacks' unlimited points are for movement only [Command Points] */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	d = act(cos, CSEQ_RALLY, -1, CA_CAVALRY);
	assert_int_equal(cseq_may(&o, &g, &d, &cost, &e), -1);
	assert_non_null(strstr(e.msg, "movement only"));
	d = act(cos, CSEQ_MOVE, -1, CA_CAVALRY);
	assert_int_equal(cseq_done(&o, &g, &d, &ev, &e), 0);
	assert_int_equal(g.s[cos].cp, CROS_CP_UNLIMITED);
	/* the Allies answer the Cossacks; then the Russians decline the second phase: turn over */
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(cseq_acting(&g), AL);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 0);
	assert_int_equal(cseq_next(&o, &g, -1, &ev, &e), 1);
	cros_next_turn(&o, &g, &ev);
	assert_int_equal(g.turn, 2);
	assert_int_equal(g.seq.phase, CSEQ_INITIATIVE);
	assert_int_equal(g.seq.first, -1);
	cseq_stop(&g, &ev);
	assert_int_equal(g.seq.phase, CSEQ_OFF);
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sheet_loads),
		cmocka_unit_test(test_fire_range),
		cmocka_unit_test(test_fire_need),
		cmocka_unit_test(test_fire_roll),
		cmocka_unit_test(test_fire_no_hit_text),
		cmocka_unit_test(test_fire_odds),
		cmocka_unit_test(test_saves),
		cmocka_unit_test(test_save_odds),
		cmocka_unit_test(test_cc_roll),
		cmocka_unit_test(test_cc_dice),
		cmocka_unit_test(test_cc_odds),
		cmocka_unit_test(test_cc_force),
		cmocka_unit_test(test_morale),
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_move_odds),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_turn_rulings),
		cmocka_unit_test(test_roster),
		cmocka_unit_test(test_sequence),
		cmocka_unit_test(test_cc_twice),
		cmocka_unit_test(test_split_fire),
		cmocka_unit_test(test_advance_kept),
		cmocka_unit_test(test_reinforce),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
