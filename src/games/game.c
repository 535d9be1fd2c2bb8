/* game: the rule-system registry, scenario loading and atomic application of actions. */
#include "rules.h"

#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fsio.h"
#include "cotlb/cgame.h"
#include "siege/splay.h"
#include "quad/quad.h"

static const struct rules *const registry[] = {&quad_rules, &cotlb_rules, &siege_rules, NULL};

const struct rules *const *rules_registry(void)
{
	return registry;
}

const struct rules *rules_find(const char *id)
{
	for (int i = 0; registry[i]; i++)
		if (!strcmp(registry[i]->id, id))
			return registry[i];
	return NULL;
}

int scenario_load(struct scenario *s, const char *path, struct errlist *errs)
{
	struct jdoc d;
	struct err e;
	const json_t *v;
	int before = errs->total, rc = -1;

	memset(s, 0, sizeof *s);
	snprintf(s->path, sizeof s->path, "%s", path);
	if (jdoc_load(&d, path, &e) != 0) {
		errlist_add(errs, &e);
		return -1;
	}
	v = json_object_get(d.root, "format");
	if (!json_is_string(v) || strcmp(json_string_value(v), "crimea/1"))
		jdoc_add(&d, v ? v : d.root, errs, "\"format\" must be \"crimea/1\"");
	v = json_object_get(d.root, "kind");
	if (!json_is_string(v) || strcmp(json_string_value(v), "scenario")) {
		jdoc_add(&d, v ? v : d.root, errs, "\"kind\" must be \"scenario\"");
		goto out;
	}
	v = json_object_get(d.root, "id");
	if (!json_is_string(v))
		jdoc_add(&d, v ? v : d.root, errs, "missing \"id\"");
	else
		snprintf(s->id, sizeof s->id, "%s", json_string_value(v));
	v = json_object_get(d.root, "title");
	if (json_is_string(v))
		snprintf(s->title, sizeof s->title, "%s", json_string_value(v));
	v = json_object_get(d.root, "rules");
	if (!json_is_string(v) || !(s->rules = rules_find(json_string_value(v)))) {
		jdoc_add(&d, v ? v : d.root, errs, "\"rules\" must name a rule system (quad)");
		goto out;
	}
	if (errs->total != before)
		goto out;
	rc = s->rules->load(s, &d, errs);
	if (rc == 0 && errs->total != before) {
		s->rules->unload(s);
		rc = -1;
	}
out:
	jdoc_free(&d);
	return rc;
}

void scenario_free(struct scenario *s)
{
	if (s->rules && s->data)
		s->rules->unload(s);
	s->data = NULL;
}

int game_init(struct game *g, const struct scenario *s, uint64_t seed, enum dice_mode mode,
	      uint32_t options, struct err *e)
{
	memset(g, 0, game_bytes(s->rules)); /* the rest of st is never read (game_copy) */
	g->rules = s->rules;
	g->scn = s;
	g->seed = seed;
	g->options = options;
	dice_init(&g->dice, seed, mode);
	struct game_ai_state ai;
	game_ai_start(&ai, seed);
	game_ai_put(g, &ai);
	return g->rules->setup(g, e);
}

int game_apply(struct game *g, const struct action *a, const int *dice, int ndice,
	       struct evsink *ev, struct err *e)
{
	/* Work in place with a copy kept, so that a refusal, or a manual die that is still
	 * missing, puts the game back as it was: one copy of the state when the action is
	 * accepted, as nearly all are. struct game is a flat value (no pointers into itself). */
	struct game saved;
	game_copy(&saved, g);
	int evn = ev ? ev->n : 0, rc;

	dice_begin(&g->dice);
	for (int i = 0; i < ndice; i++)
		if (dice_feed(&g->dice, dice[i]) != 0) {
			game_copy(g, &saved);
			return err_set(e, NULL, 0, "too many dice for one action");
		}
	rc = g->rules->apply(g, a, ev, e);
	if (rc != 0) {
		game_copy(g, &saved);
		if (ev)
			ev->n = evn;
		if (rc == DICE_NEED)
			err_set(e, NULL, 0, "a die is needed (%d given)", ndice);
		return rc;
	}
	if (g->dice.mode == DICE_MANUAL && g->dice.pos < g->dice.nfeed) {
		int nfeed = g->dice.nfeed, pos = g->dice.pos;
		game_copy(g, &saved);
		if (ev)
			ev->n = evn;
		return err_set(e, NULL, 0, "%d die/dice given but the action used %d", nfeed, pos);
	}
	return 0;
}

int game_apply_listed(struct game *g, const struct action *a, struct err *e)
{
	/* game_apply's copy (4.5 KB a game) is for refusals and manual dice; with DICE_RNG and an
	 * action the rules listed, its only work is dice_begin and the rules' apply */
	if (g->dice.mode != DICE_RNG)
		return game_apply(g, a, NULL, 0, NULL, e);
	dice_begin(&g->dice);
	return g->rules->apply(g, a, NULL, e);
}

int game_apply_text(struct game *g, const char *text, const int *dice, int ndice,
		    struct evsink *ev, struct err *e)
{
	struct action a;
	if (g->rules->parse(g, text, &a, e) != 0)
		return -1;
	return game_apply(g, &a, dice, ndice, ev, e);
}

void game_ai_start(struct game_ai_state *s, uint64_t seed)
{
	memset(s, 0, sizeof *s);
	rng_init(&s->ai, seed, RNG_AI);
}

void game_ai_get(const struct game *g, struct game_ai_state *s)
{
	s->ai = g->ai;
	memcpy(s->plan, g->ai_plan, sizeof s->plan);
}

void game_ai_put(struct game *g, const struct game_ai_state *s)
{
	g->ai = s->ai;
	memcpy(g->ai_plan, s->plan, sizeof g->ai_plan);
}

bool game_ai_same(const struct game_ai_state *a, const struct game_ai_state *b)
{
	if (memcmp(a->ai.s, b->ai.s, sizeof a->ai.s))
		return false;
	for (int k = 0; k < 2; k++)
		if (a->plan[k].set != b->plan[k].set || a->plan[k].pturn != b->plan[k].pturn ||
		    a->plan[k].plan != b->plan[k].plan)
			return false;
	return true;
}

void game_ai_text(const struct game_ai_state *s, char *out, size_t n)
{
	snprintf(out, n, "ai1 %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %d:%d:%d %d:%d:%d",
		 s->ai.s[0], s->ai.s[1], s->ai.s[2], s->ai.s[3], s->plan[0].set ? 1 : 0, s->plan[0].pturn,
		 s->plan[0].plan, s->plan[1].set ? 1 : 0, s->plan[1].pturn, s->plan[1].plan);
}

int game_ai_parse(struct game_ai_state *s, const char *text, struct err *e)
{
	uint64_t w[4];
	int set[2], pturn[2], plan[2], end = -1;

	if (sscanf(text, "ai1 %16" SCNx64 " %16" SCNx64 " %16" SCNx64 " %16" SCNx64 " %d:%d:%d %d:%d:%d%n", &w[0],
		   &w[1], &w[2], &w[3], &set[0], &pturn[0], &plan[0], &set[1], &pturn[1], &plan[1], &end) != 10 ||
	    end < 0 || text[end] != '\0')
		return err_set(e, NULL, 0, "not a computer players' state (\"ai1\", four words, two plans)");
	if ((w[0] | w[1] | w[2] | w[3]) == 0) /* xoshiro256** never reaches the all-zero state */
		return err_set(e, NULL, 0, "a computer players' stream of all zeros");
	for (int k = 0; k < 2; k++)
		if ((set[k] != 0 && set[k] != 1) || pturn[k] < 0 || plan[k] < 0)
			return err_set(e, NULL, 0, "a computer player's plan out of range (%d:%d:%d)", set[k],
				       pturn[k], plan[k]);
	memcpy(s->ai.s, w, sizeof w);
	for (int k = 0; k < 2; k++) {
		s->plan[k].set = set[k] == 1;
		s->plan[k].pturn = pturn[k];
		s->plan[k].plan = plan[k];
	}
	return 0;
}

/* Appends to out[n] at *len, as snprintf; a full buffer keeps what fits, NUL-terminated. */
static void __attribute__((format(printf, 4, 5))) put(char *out, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	if (*len >= n)
		return;
	va_start(ap, fmt);
	int k = vsnprintf(out + *len, n - *len, fmt, ap);
	va_end(ap);
	*len += k > 0 ? (size_t)k : 0;
}

/* g's score sheet and result into *sh, *r, and out[n] emptied, for the texts below; false
 * when the rule system keeps no score sheet (or there is no room). */
static bool sheet_for_text(const struct game *g, struct score_sheet *sh, struct result *r, char *out, size_t n)
{
	if (!g->rules->score || n == 0)
		return false;
	g->rules->score(g, sh, r);
	out[0] = '\0';
	return true;
}

int game_score_text(const struct game *g, char *out, size_t n)
{
	struct score_sheet sh;
	struct result r;
	size_t len = 0;

	if (!sheet_for_text(g, &sh, &r, out, n))
		return -1;
	put(out, n, &len, "Score sheet%s:\n", r.over ? "" : " (as if the game ended now)");
	for (int side = 0; side < 2; side++) {
		int total = 0;
		for (int i = 0; i < sh.n; i++)
			if (sh.line[i].side == side) {
				put(out, n, &len, "  %-8s %+5d  %s %s\n", g->scn->side[side], sh.line[i].vp, sh.line[i].rule,
				    sh.line[i].what);
				total += sh.line[i].vp;
			}
		put(out, n, &len, "  %-8s %5d  in all\n", g->scn->side[side], total);
	}
	put(out, n, &len, "%s\n", r.level);
	return 0;
}

int score_schedule(const struct score_sheet *sh, const struct score_line **out, int max)
{
	int k = 0;
	for (int side = 0; side < 2; side++)
		for (int order = 0; order < sh->items; order++) { /* the items in the rules' order */
			const struct score_line *l = NULL;
			for (int i = 0; i < sh->n && !l; i++)
				if (sh->line[i].side == side && sh->line[i].order == order)
					l = &sh->line[i];
			for (int i = 0; i < sh->nzero && !l; i++)
				if (sh->zero[i].side == side && sh->zero[i].order == order)
					l = &sh->zero[i];
			if (l && k < max)
				out[k++] = l;
		}
	return k;
}

int game_schedule_text(const struct game *g, char *out, size_t n)
{
	struct score_sheet sh;
	struct result r;
	const struct score_line *item[2 * SCORE_LINES_MAX];
	size_t len = 0;

	if (!sheet_for_text(g, &sh, &r, out, n))
		return -1;
	put(out, n, &len, "Victory point schedule (each item with its case; what it would give now, if anything):\n");
	for (int k = 0, m = score_schedule(&sh, item, 2 * SCORE_LINES_MAX); k < m; k++) {
		const struct score_line *l = item[k];
		put(out, n, &len, "  %-8s %-8s %s", g->scn->side[l->side], l->rule, l->item[0] ? l->item : l->what);
		if (l->vp)
			put(out, n, &len, " (now %+d)", l->vp);
		put(out, n, &len, "\n");
	}
	put(out, n, &len, "As it stands: %s\n", r.level);
	return 0;
}

/* game_odds_plan's lookahead, on g itself: the phases ended one by one until one gives the
 * odds; phase[pn] its status. */
static int odds_ahead(struct game *g, const struct action *a, char *out, size_t n, char *phase, size_t pn,
		      struct err *e)
{
	struct err first = *e, later;
	struct action end;
	char why[sizeof e->msg] = "", status[256];
	size_t wl = 0;
	int pt = g->rules->player_turn(g);
	if (g->rules->parse(g, "end", &end, &later) != 0)
		return -1;
	while (g->rules->player_turn(g) < pt + 2) {
		struct result r;
		if (g->rules->apply(g, &end, NULL, &later) != 0 || g->rules->over(g, &r))
			break;
		g->rules->status(g, status, sizeof status);
		if (g->rules->odds(g, a, out, n, &later) == 0) {
			snprintf(phase, pn, "%s", status);
			return 0;
		}
		if (strcmp(later.msg, first.msg) && !strstr(why, later.msg) && wl < sizeof why)
			wl += (size_t)snprintf(why + wl, sizeof why - wl, "; %s: %s", status, later.msg);
	}
	*e = first;
	if (why[0]) {
		size_t el = strlen(e->msg);
		snprintf(e->msg + el, sizeof e->msg - el, "%s", why);
	}
	return -1;
}

int game_odds_plan(const struct game *g, const struct action *a, char *out, size_t n, char *phase, size_t pn,
		   struct err *e)
{
	struct game *ahead;
	int rc;

	if (pn)
		phase[0] = '\0';
	if (!g->rules->odds)
		return err_set(e, NULL, 0, "this rule system computes no odds");
	if (g->rules->odds(g, a, out, n, e) == 0)
		return 0;
	if (!(ahead = malloc(sizeof *ahead))) /* the game is not to change: a copy walks ahead */
		return err_set(e, NULL, 0, "out of memory");
	game_copy(ahead, g);
	rc = odds_ahead(ahead, a, out, n, phase, pn, e);
	free(ahead);
	return rc;
}
