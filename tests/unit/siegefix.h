/* siegefix: the test fixtures shared by the Sevastopol tests: the game the referee keeps
 * (sroster: struct fix, setup/teardown for cmocka, its lookups and segment stepping) and the
 * game the program runs (splay: load, start, finish, has, play). Define SCN first to load
 * another scenario. */
#ifndef CRIMEA_SIEGEFIX_H
#define CRIMEA_SIEGEFIX_H

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "games/rules.h"
#include "games/siege/soob.h"
#include "games/siege/splay.h"
#include "games/siege/sroster.h"
#include "games/siege/stab.h"

#ifndef SCN
#define SCN "data/siege/sevastopol-scenario.json"
#endif
#ifndef NACT
#define NACT 8192 /* actions a listing may hold */
#endif

/* ---- the game the referee keeps (sroster) ---- */

struct fix {
	struct stab t;
	struct sob o;
	struct sros_game g;
	struct event store[128];
	struct evsink ev;
	struct err e;
};

static inline int setup(void **state)
{
	struct fix *f = calloc(1, sizeof *f);
	struct errlist *l = malloc(sizeof *l);
	if (!f || !l) {
		free(f);
		free(l);
		return -1;
	}
	errlist_init(l);
	if (stab_load_file(&f->t, "data/siege/tables.json", l) != 0 ||
	    sob_load_file(&f->o, "data/siege/sevastopol.json", l) != 0) {
		for (int i = 0; i < l->n; i++)
			print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
		free(l);
		free(f);
		return -1;
	}
	free(l);
	sros_new(&f->o, &f->t, &f->g);
	evsink_init(&f->ev, f->store, 128);
	*state = f;
	return 0;
}

static inline int teardown(void **state)
{
	free(*state);
	return 0;
}

static inline bool has_event(const struct evsink *s, const char *rule, const char *text)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->ev[i].rule, rule) && strstr(s->ev[i].text, text))
			return true;
	return false;
}

static inline int U(const struct fix *f, const char *id)
{
	int i = sob_find(&f->o, id);
	if (i < 0)
		fail_msg("no unit %s", id);
	return i;
}

static inline int B(const struct fix *f, const char *id)
{
	int b = sob_bastion(&f->o, id);
	if (b < 0)
		fail_msg("no bastion %s", id);
	return b;
}

static inline int A(const struct fix *f, const char *id)
{
	int a = sob_area(&f->o, id);
	if (a < 0)
		fail_msg("no area %s", id);
	return a;
}

/* next, which must be accepted */
static inline void next(struct fix *f)
{
	evsink_clear(&f->ev); /* the events of this step alone */
	if (sros_next(&f->o, &f->t, &f->g, &f->ev, &f->e) != 0)
		fail_msg("next refused: %s", f->e.msg);
}

/* On to segment seg (of this Game-Turn or a later one), passing no duty. */
static inline void go_to(struct fix *f, int turn, int seg)
{
	for (int k = 0; k < 400 && (f->g.turn != turn || f->g.seg != seg); k++) {
		if (f->g.seg == SS_REINFORCE && f->g.turn >= 14 && f->g.cinc[SN_BRITISH] == U(f, "raglan"))
			assert_int_equal(sros_commander(&f->o, &f->g, SN_BRITISH, 1, &f->ev, &f->e), 0);
		if (f->g.seg == SS_ATTRITION)
			for (int n = 0; n < SN_NATIONS; n++)
				f->g.attrition_done[n] = true; /* not what these tests are about */
		next(f);
	}
	assert_int_equal(f->g.turn, turn);
	assert_int_equal(f->g.seg, seg);
}

/* ---- the game the program runs (splay) ---- */

static inline struct scenario *load(void)
{
	struct scenario *s = calloc(1, sizeof *s);
	assert_non_null(s);
	if (load_scenario(s, SCN) != 0)
		fail_msg("%s does not load", SCN);
	assert_ptr_equal(s->rules, &siege_rules);
	return s;
}

static inline struct game *start(const struct scenario *s, uint64_t seed)
{
	struct game *g = malloc(sizeof *g);
	struct err e;
	assert_non_null(g);
	if (game_init(g, s, seed, DICE_RNG, 0, &e) != 0)
		fail_msg("setup: %s", e.msg);
	return g;
}

static inline void finish(struct game *g, struct scenario *s)
{
	free(g);
	scenario_free(s);
	free(s);
}

static inline bool has(const struct game *g, const char *text)
{
	static struct action a[NACT];
	char buf[ACTION_TEXT_MAX];
	int n = g->rules->actions(g, a, NACT);
	assert_true(n <= NACT);
	for (int k = 0; k < n; k++) {
		g->rules->format(g, &a[k], buf, sizeof buf);
		if (!strcmp(buf, text))
			return true;
	}
	return false;
}

static inline void play(struct game *g, const char *text)
{
	struct err e;
	if (game_apply_text(g, text, NULL, 0, NULL, &e) != 0)
		fail_msg("\"%s\" refused: %s", text, e.msg);
}

/* Plays "end" until the game stands in segment seg. */
static inline void until(struct game *g, int seg)
{
	const struct sros_game *r = splay_roster(g);
	for (int k = 0; k < 100 && r->seg != seg; k++)
		play(g, "end");
	assert_int_equal(r->seg, seg);
}

/* The index of the approach from Siege Area `area`'s start line to `bastion` (fails the test if
 * none; not one out from a captured bastion, [8.82]). */
static inline int approach_of(const struct game *g, const char *area, const char *bastion)
{
	for (int k = 0; k < splay_napproaches(g); k++)
		if (splay_approach(g, k)->from < 0 && !strcmp(splay_oob(g)->a[splay_approach(g, k)->area].id, area) &&
		    !strcmp(splay_oob(g)->b[splay_approach(g, k)->bastion].id, bastion))
			return k;
	fail_msg("no approach %s:%s", area, bastion);
	return -1;
}

#endif
