/* quadfix: the test fixture shared by the quad rule tests: a scenario and a game with manual
 * dice, actions applied by their text form, and assertions on refusals and on the rule cases
 * the events cite. Define FX_DATA (a path prefix) before including it. */
#ifndef CRIMEA_QUADFIX_H
#define CRIMEA_QUADFIX_H

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/quad/qcombat.h"
#include "games/quad/qmove.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#ifndef FX_DATA
#define FX_DATA ""
#endif
#define NEV 512
#define NACT 4096

/* One test position: the scenario, a game on it, the events and the last error. */
struct fx {
	struct scenario s;
	struct game g;
	struct event ev[NEV];
	struct evsink sink;
	struct err e;
	struct action acts[NACT];
	int nacts;
};

static inline struct fx *fx_new(const char *file, uint32_t options)
{
	struct fx *f = calloc(1, sizeof *f);
	struct errlist errs;
	char path[256];

	assert_non_null(f);
	errlist_init(&errs);
	snprintf(path, sizeof path, FX_DATA "%s", file);
	if (scenario_load(&f->s, path, &errs) != 0) {
		for (int i = 0; i < errs.n; i++) {
			char buf[1024];
			err_format(&errs.e[i], buf, sizeof buf);
			fprintf(stderr, "%s\n", buf);
		}
		fail_msg("cannot load %s", path);
	}
	if (game_init(&f->g, &f->s, 1, DICE_MANUAL, options, &f->e) != 0)
		fail_msg("game_init %s: %s", path, f->e.msg);
	evsink_init(&f->sink, f->ev, NEV);
	return f;
}

static inline void fx_free(struct fx *f)
{
	scenario_free(&f->s);
	free(f);
}

static inline struct q_state *ST(struct fx *f) { return q_st(&f->g); }

/* Unit index by id (fails the test on a typo). */
static inline int U(struct fx *f, const char *id)
{
	int u = q_unit_find(q_scn(&f->g), id);
	if (u < 0)
		fail_msg("no unit %s", id);
	return u;
}

static inline struct q_ust *UST(struct fx *f, const char *id) { return &ST(f)->u[U(f, id)]; }

static inline int IDX(struct fx *f, const char *hex) { return map_index(&q_scn(&f->g)->map, H(hex)); }

/* Takes every unit out of play (Q_ABSENT), flags and movement points spent cleared, then the
 * test places the ones it needs. */
static inline void clear_all(struct fx *f)
{
	for (int u = 0; u < q_scn(&f->g)->nunits; u++) {
		q_place(ST(f), u, Q_ABSENT);
		ST(f)->u[u].fl = 0;
		ST(f)->u[u].mp = 0;
	}
}

/* Places unit id in hex (top of the hex's stack), undisrupted, flags cleared. */
static inline int place(struct fx *f, const char *id, const char *hex)
{
	int u = U(f, id);
	q_place(ST(f), u, IDX(f, hex));
	assert_true(ST(f)->u[u].idx >= 0);
	ST(f)->u[u].fl = 0;
	ST(f)->u[u].layer = ++ST(f)->layer_next;
	return u;
}

/* Puts the game in `phase` of `phasing`'s Player-Turn of Game-Turn `turn`. */
static inline void set_turn(struct fx *f, int turn, int phasing, int phase)
{
	ST(f)->turn = (int16_t)turn;
	ST(f)->phasing = (uint8_t)phasing;
	ST(f)->phase = (uint8_t)phase;
}

/* The index of the side named `name` ("allied", "russian"). */
static inline int side(struct fx *f, const char *name)
{
	return strcmp(f->g.scn->side[0], name) ? 1 : 0;
}

/* The hex number a unit stands in, or -1. */
static inline int HEXOF(struct fx *f, const char *id)
{
	int i = UST(f, id)->idx;
	return i >= 0 ? map_hex(&q_scn(&f->g)->map, i) : -1;
}

/* Applies an action in text form with die (0: none); returns the rc, the error in f->e. */
static inline int act(struct fx *f, const char *text, int die)
{
	int d[1] = {die};
	memset(&f->e, 0, sizeof f->e);
	return game_apply_text(&f->g, text, d, die ? 1 : 0, &f->sink, &f->e);
}

static inline void ok(struct fx *f, const char *text, int die)
{
	if (act(f, text, die) != 0)
		fail_msg("\"%s\" refused: %s", text, f->e.msg);
}

/* The action must be refused, and the error must cite `rule` (a substring). */
static inline void refused(struct fx *f, const char *text, int die, const char *rule)
{
	uint64_t before = f->g.rules->checksum(&f->g);
	if (act(f, text, die) == 0)
		fail_msg("\"%s\" accepted; expected a refusal citing %s", text, rule);
	if (!strstr(f->e.msg, rule))
		fail_msg("\"%s\" refused with \"%s\"; expected it to cite %s", text, f->e.msg, rule);
	assert_true(before == f->g.rules->checksum(&f->g)); /* a refusal changes nothing */
}

/* Ends phases until the game reaches `phase` (of any player-turn). */
static inline void to_phase(struct fx *f, int phase)
{
	for (int i = 0; i < 40 && ST(f)->phase != phase; i++)
		ok(f, "end", 0);
	assert_int_equal(ST(f)->phase, phase);
}

/* Is there an event citing `rule` whose text contains `sub` (NULL: any)? */
static inline bool has_event(struct fx *f, const char *rule, const char *sub)
{
	for (int i = 0; i < f->sink.n; i++)
		if (!strcmp(f->ev[i].rule, rule) && (!sub || strstr(f->ev[i].text, sub)))
			return true;
	return false;
}

static inline void need_event(struct fx *f, const char *rule, const char *sub)
{
	if (!has_event(f, rule, sub)) {
		for (int i = 0; i < f->sink.n; i++)
			fprintf(stderr, "  event %s %s\n", f->ev[i].rule, f->ev[i].text);
		fail_msg("no event %s containing \"%s\"", rule, sub ? sub : "");
	}
}


/* Lists the legal actions; returns the count. */
static inline int list(struct fx *f)
{
	f->nacts = f->g.rules->actions(&f->g, f->acts, NACT);
	assert_true(f->nacts <= NACT);
	return f->nacts;
}

static inline void act_text(struct fx *f, int i, char *buf, size_t n)
{
	assert_int_equal(f->g.rules->format(&f->g, &f->acts[i], buf, n), 0);
}

/* Is the action with this exact text among the legal ones? */
static inline bool listed(struct fx *f, const char *text)
{
	char buf[ACTION_TEXT_MAX];
	list(f);
	for (int i = 0; i < f->nacts; i++) {
		act_text(f, i, buf, sizeof buf);
		if (!strcmp(buf, text))
			return true;
	}
	return false;
}

/* Counts listed actions whose text starts with prefix. */
static inline int count_listed(struct fx *f, const char *prefix)
{
	char buf[ACTION_TEXT_MAX];
	int k = 0;
	list(f);
	for (int i = 0; i < f->nacts; i++) {
		act_text(f, i, buf, sizeof buf);
		if (!strncmp(buf, prefix, strlen(prefix)))
			k++;
	}
	return k;
}

static inline void need_sub(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("\"%s\" does not contain \"%s\"", hay, needle);
}

static inline int los(struct fx *f, const char *a, const char *b, char *why, size_t n)
{
	why[0] = '\0';
	return f->g.rules->los(&f->g, H(a), H(b), why, n);
}

static inline void see(struct fx *f, const char *a, const char *b)
{
	char why[256];
	if (los(f, a, b, why, sizeof why) != 1)
		fail_msg("LOS %s-%s blocked (%s); expected clear", a, b, why);
}

static inline void blocked(struct fx *f, const char *a, const char *b, const char *rule)
{
	char why[256];
	if (los(f, a, b, why, sizeof why) != 0)
		fail_msg("LOS %s-%s clear; expected blocked by %s", a, b, rule);
	if (!strstr(why, rule))
		fail_msg("LOS %s-%s blocked with \"%s\"; expected %s", a, b, why, rule);
}

/* Parses an action's text form (fails the test if it does not parse). */
static inline void parse(struct fx *f, const char *text, struct action *a)
{
	if (f->g.rules->parse(&f->g, text, a, &f->e) != 0)
		fail_msg("cannot parse \"%s\": %s", text, f->e.msg);
}

/* The odds of a fire given as text (fails the test if they are refused). */
static inline struct q_odds fire_odds(struct fx *f, const char *text)
{
	struct action a;
	struct q_odds o;
	parse(f, text, &a);
	if (q_fire_odds(&f->g, &a, &o, &f->e) != 0)
		fail_msg("fire odds \"%s\": %s", text, f->e.msg);
	return o;
}

/* The odds of a melee given as text (fails the test if they are refused). */
static inline struct q_odds melee_odds(struct fx *f, const char *text)
{
	struct action a;
	struct q_odds o;
	parse(f, text, &a);
	if (q_melee_odds(&f->g, &a, &o, &f->e) != 0)
		fail_msg("melee odds \"%s\": %s", text, f->e.msg);
	return o;
}

#endif
