/* ai: the player registry, the baseline random player and helpers the players share. */
#include "ai.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[AI_NKINDS] = {"human", "random", "greedy", "search"};

int ai_parse(const char *name)
{
	for (int k = AI_RANDOM; k < AI_NKINDS; k++)
		if (!strcmp(name, names[k]))
			return k;
	return -1;
}

const char *ai_name(int kind)
{
	return kind > AI_NONE && kind < AI_NKINDS ? names[kind] : "human";
}

struct ai_scratch *ai_scratch_new(const struct scenario *s)
{
	struct ai_scratch *x = calloc(1, sizeof *x);
	if (x)
		x->scn = s;
	return x;
}

void ai_scratch_free(struct ai_scratch *x)
{
	if (!x)
		return;
	free(x->list);
	free(x->copy[0]);
	free(x->copy[1]);
	greedy_scratch_free(x->greedy);
	ai_helpers_free(x);
	free(x);
}

struct ai_scratch *ai_scratch_of(const struct game *g)
{
	struct ai_scratch *x = g->ai_scratch;
	return x && x->scn == g->scn ? x : NULL;
}

struct game *ai_scratch_copy(struct ai_scratch *x, int k)
{
	if (!x->copy[k])
		x->copy[k] = malloc(sizeof *x->copy[k]);
	return x->copy[k];
}

/* Makes *buf (cap *cap) hold at least n actions: at least doubled when it grows, so that a
 * scratch's list stops growing after a few decisions of a study. 0, or -1 out of memory
 * (*buf unchanged). */
static int list_reserve(struct action **buf, int *cap, int n)
{
	if (*buf && n <= *cap)
		return 0;
	int grown = n > 2 * *cap ? n : 2 * *cap;
	struct action *big = realloc(*buf, (size_t)grown * sizeof *big);
	if (!big)
		return -1;
	*buf = big;
	*cap = grown;
	return 0;
}

/* Lists g's actions into *buf (cap *cap; made when NULL, grown when they do not fit): the
 * count, or -1 (out of memory; *buf is then still the caller's to free). */
static int list_into(const struct game *g, struct action **buf, int *cap)
{
	int n;
	if (!*buf && list_reserve(buf, cap, 1024) != 0)
		return -1;
	n = g->rules->actions(g, *buf, *cap);
	if (n > *cap) {
		if (list_reserve(buf, cap, n) != 0)
			return -1;
		n = g->rules->actions(g, *buf, *cap);
	}
	return n < 0 ? 0 : n;
}

int ai_scratch_reserve(struct ai_scratch *x, int n)
{
	return x->list_busy ? -1 : list_reserve(&x->list, &x->cap, n);
}

int ai_actions(const struct game *g, struct action **out)
{
	struct ai_scratch *x = ai_scratch_of(g);
	struct action *list = NULL;
	int n, cap = 0;

	if (x && !x->list_busy && (n = list_into(g, &x->list, &x->cap)) >= 0) {
		x->list_busy = true; /* until ai_actions_done */
		*out = x->list;
		return n;
	}
	n = list_into(g, &list, &cap); /* no scratch, its list in use, or out of memory */
	if (n < 0) {
		free(list);
		list = NULL;
	}
	*out = list;
	return n;
}

void ai_actions_done(const struct game *g, struct action *list)
{
	struct ai_scratch *x = ai_scratch_of(g);
	if (x && list && list == x->list)
		x->list_busy = false;
	else
		free(list);
}

int ai_apply(struct game *g, const struct action *a)
{
	struct err e;
	return game_apply(g, a, NULL, 0, NULL, &e);
}

void ai_copy(struct game *c, const struct game *g, uint64_t seed)
{
	game_copy(c, g);
	dice_init(&c->dice, seed, DICE_RNG);
	rng_init(&c->ai, seed, RNG_AI);
}

static int random_choose(struct game *g, struct action *out)
{
	struct action *list;
	int n;

	if (g->rules->sample) { /* uniform over actions() without listing them, where it can */
		int rc = g->rules->sample(g, &g->ai, out);
		if (rc != 1)
			return rc;
	}
	n = ai_actions(g, &list);

	if (n <= 0) {
		ai_actions_done(g, list);
		return -1;
	}
	*out = list[rng_below(&g->ai, (uint32_t)n)];
	ai_actions_done(g, list);
	return 0;
}

int ai_choose_budget(int kind, struct game *g, struct action *out, int budget)
{
	if (!ai_knows(kind, g->rules))
		return -1;
	switch (kind) {
	case AI_GREEDY:
		if (!strcmp(g->rules->id, "siege"))
			return sgreedy_choose(g, out);
		if (strcmp(g->rules->id, "quad"))
			return cgreedy_choose(g, out);
		return greedy_choose(g, out, GREEDY_SAMPLES);
	case AI_SEARCH:
		if (!strcmp(g->rules->id, "siege"))
			return ssearch_choose(g, out, budget < 1 ? 1 : budget);
		if (strcmp(g->rules->id, "quad"))
			return csearch_choose(g, out, budget < 1 ? 1 : budget);
		return search_choose(g, out, budget < 1 ? 1 : budget);
	default:
		return random_choose(g, out);
	}
}

int ai_choose(int kind, struct game *g, struct action *out)
{
	return ai_choose_budget(kind, g, out, AI_SEARCH_BUDGET);
}

/* Plan p of the rule system named id, or NULL. */
static const char *plan_of(const char *id, int p)
{
	if (p < 0)
		return NULL;
	if (!strcmp(id, "quad"))
		return ai_posture_name(p);
	if (!strcmp(id, "siege"))
		return p < SGREEDY_PLANS ? sgreedy_plans[p].name : NULL;
	if (!strcmp(id, "cotlb"))
		return p < CGREEDY_PLANS ? cgreedy_plans[p].name : NULL;
	return NULL;
}

const char *ai_plan_name(const struct rules *r, int p)
{
	return r ? plan_of(r->id, p) : NULL;
}

int ai_plan_parse(const struct rules *r, const char *name)
{
	const char *n;
	for (int p = 0; (n = ai_plan_name(r, p)); p++)
		if (!strcmp(n, name))
			return p;
	return -1;
}

const char *ai_plan_list(const struct rules *r, char *buf, size_t n)
{
	size_t at = 0;
	const char *name;
	buf[0] = '\0';
	for (int p = 0; (name = ai_plan_name(r, p)) && at < n; p++) {
		int w = snprintf(buf + at, n - at, "%s%s", p ? ", " : "", name);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	if (!buf[0])
		snprintf(buf, n, "none");
	return buf;
}

bool ai_player_fits(const struct ai_player *p, const struct rules *r)
{
	return ai_knows(p->kind, r) && (!p->plan[0] || ai_plan_parse(r, p->plan) >= 0);
}

/* Whether name is a plan of some rule system that has plans. */
static bool some_plan(const char *name)
{
	static const char *const planned[] = {"quad", "siege", "cotlb"};
	const char *n;
	for (size_t k = 0; k < sizeof planned / sizeof planned[0]; k++)
		for (int p = 0; (n = plan_of(planned[k], p)); p++)
			if (!strcmp(n, name))
				return true;
	return false;
}

int ai_player_parse(const char *spec, struct ai_player *p)
{
	const char *colon = strchr(spec, ':');
	char name[16];
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
	int kind, budget = AI_SEARCH_BUDGET;
	const char *plan = "";

	if (len >= sizeof name)
		return -1;
	memcpy(name, spec, len);
	name[len] = '\0';
	kind = ai_parse(name);
	if (kind < 0)
		return -1;
	if (colon && kind == AI_GREEDY) {
		/* greedy playing one of its game's plans; "greedy:3" is a mistake worth reporting */
		if (!some_plan(colon + 1) || strlen(colon + 1) >= AI_PLAN_NAME_MAX)
			return -1;
		plan = colon + 1;
	} else if (colon) {
		char *end;
		long v;
		/* only search has a budget */
		if (kind != AI_SEARCH || colon[1] < '0' || colon[1] > '9')
			return -1;
		errno = 0;
		v = strtol(colon + 1, &end, 10);
		if (errno || *end || v < 1 || v > AI_SEARCH_BUDGET_MAX)
			return -1;
		budget = (int)v;
	}
	p->kind = kind;
	p->budget = budget;
	snprintf(p->plan, sizeof p->plan, "%s", plan);
	return 0;
}

int ai_seat_parse(const char *spec, struct ai_player *p)
{
	if (strcmp(spec, "human"))
		return ai_player_parse(spec, p);
	p->kind = AI_NONE;
	p->budget = AI_SEARCH_BUDGET;
	p->plan[0] = '\0';
	return 0;
}

const char *ai_player_name(const struct ai_player *p, char *buf)
{
	if (p->kind == AI_SEARCH && p->budget != AI_SEARCH_BUDGET)
		snprintf(buf, AI_PLAYER_NAME_MAX, "search:%d", p->budget);
	else if (p->kind == AI_GREEDY && p->plan[0])
		snprintf(buf, AI_PLAYER_NAME_MAX, "greedy:%s", p->plan);
	else
		snprintf(buf, AI_PLAYER_NAME_MAX, "%s", ai_name(p->kind));
	return buf;
}

int ai_player_choose(const struct ai_player *p, struct game *g, struct action *out)
{
	int plan = p->kind == AI_GREEDY && p->plan[0] ? ai_plan_parse(g->rules, p->plan) : -1;
	if (plan >= 0) {
		if (!strcmp(g->rules->id, "quad"))
			return greedy_choose_w(g, out, GREEDY_SAMPLES, search_plan(plan));
		if (!strcmp(g->rules->id, "siege"))
			return sgreedy_choose_plan(g, out, plan);
		return cgreedy_choose_plan(g, out, plan);
	}
	return ai_choose_budget(p->kind, g, out, p->budget);
}

int ai_player_hint(const struct ai_player *p, const struct game *g, bool share, struct action *out)
{
	struct game *c = malloc(sizeof *c); /* (22 KB: not on a server thread's stack) */
	int rc;
	if (!c)
		return -1;
	game_copy(c, g);
	if (!share) {
		c->memo = NULL;
		c->ai_scratch = NULL;
	}
	rc = ai_player_choose(p, c, out);
	free(c);
	return rc;
}
