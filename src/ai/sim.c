/* sim: one game played to its end by computer players, and exact tallies of many games. */
#include "sim.h"

#include "../games/record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"

uint64_t sim_seed(uint64_t seed, int64_t i)
{
	return rng_mix(seed, (uint64_t)i);
}

void sim_level_name(const char *level, char *out, size_t n)
{
	size_t len = strlen(level);
	const char *p = strstr(level, " ("), *q = strstr(level, " [");

	if (p && (size_t)(p - level) < len)
		len = (size_t)(p - level);
	if (q && (size_t)(q - level) < len)
		len = (size_t)(q - level);
	if (!n)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(out, level, len);
	out[len] = '\0';
}

static int fail(struct sim_game *out, enum sim_status st, const struct game *g, const char *what)
{
	char where[96] = "";

	out->status = st;
	if (g && g->rules && g->rules->status)
		g->rules->status(g, where, sizeof where);
	snprintf(out->why, sizeof out->why, "%.100s%s%.50s", what, where[0] ? " at " : "", where);
	return -1;
}

/* --check at the end of a game: replays its record into scratch and verifies every
 * player-turn's checksum, as `crimea replay --verify` does with a saved record. */
static int replay_check(const struct scenario *s, const struct record *rec, struct sim_game *out,
			const struct game *g)
{
	struct game *g2 = malloc(sizeof *g2);
	struct err e;
	int rc;
	if (!g2)
		return fail(out, SIM_REPLAY, g, "out of memory for the replay");
	rc = rec_replay(rec, s, g2, true, NULL, &e);
	free(g2);
	if (rc != 0) {
		char what[SIM_WHY_MAX];
		snprintf(what, sizeof what, "the record does not replay: %.120s", e.msg);
		return fail(out, SIM_REPLAY, g, what);
	}
	return 0;
}

int sim_play(const struct scenario *s, uint64_t study_seed, int64_t index,
	     const struct sim_cfg *cfg, struct game *g, struct sim_game *out)
{
	struct result res;
	struct action a;
	struct err e;
	struct record rec;
	long n = 0;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->index = index;
	out->seed = sim_seed(study_seed, index);
	out->played = 1;
	if (game_init(g, s, out->seed, DICE_RNG, cfg->options, &e) != 0)
		return fail(out, SIM_SETUP, NULL, e.msg);
	g->memo = cfg->memo;
	g->ai_scratch = cfg->ai_scratch;
	if (cfg->check)
		rec_init(&rec, g);
	while (!g->rules->over(g, NULL)) { /* the result (victory text) only once, at the end */
		int side = g->rules->to_act(g), pt = 0;
		char text[ACTION_TEXT_MAX];
		if (n >= cfg->cap) {
			char what[64];
			snprintf(what, sizeof what, "not over after %ld actions", cfg->cap);
			out->actions = (int32_t)n;
			fail(out, SIM_CAP, g, what);
			goto done;
		}
		if (side < 0 || side > 1) {
			fail(out, SIM_NO_ACTION, g, "no side to act but the game is not over");
			goto done;
		}
		if (ai_player_choose(&cfg->player[side], g, &a) != 0) {
			fail(out, SIM_NO_ACTION, g, side ? "no legal action for side 1"
							 : "no legal action for side 0");
			goto done;
		}
		if (cfg->check) {
			g->rules->format(g, &a, text, sizeof text);
			pt = g->rules->player_turn(g);
		}
		/* the player's action is one of actions() (or search's fire combining listed fires,
		 * applied on a copy before it was chosen): without --check no safety copy (a
		 * refusal ends the game as an error either way) */
		int arc = cfg->check ? game_apply(g, &a, NULL, 0, NULL, &e)
				     : game_apply_listed(g, &a, &e);
		if (arc != 0) {
			char what[SIM_WHY_MAX];
			snprintf(what, sizeof what, "a listed action was refused: %.100s", e.msg);
			fail(out, SIM_REFUSED, g, what);
			goto done;
		}
		n++;
		if (cfg->check) {
			char why[SIM_WHY_MAX];
			if (rec_append(&rec, g, text, pt) != 0) {
				fail(out, SIM_REPLAY, g, "out of memory for the record");
				goto done;
			}
			if (g->rules->check && g->rules->check(g, why, sizeof why) != 0) {
				char what[SIM_WHY_MAX];
				snprintf(what, sizeof what, "after \"%.40s\": %.100s", text, why);
				out->actions = (int32_t)n;
				fail(out, SIM_INVARIANT, g, what);
				goto done;
			}
		}
	}
	g->rules->over(g, &res);
	out->status = SIM_OK;
	out->winner = res.winner < 0 ? -1 : res.winner > 1 ? 1 : res.winner;
	out->vp[0] = res.vp[0];
	out->vp[1] = res.vp[1];
	out->actions = (int32_t)n;
	out->turns = g->rules->player_turn ? g->rules->player_turn(g) : 0;
	sim_level_name(res.level, out->level, sizeof out->level);
	rc = cfg->check ? replay_check(s, &rec, out, g) : 0;
done:
	if (cfg->check)
		rec_free(&rec);
	return rc;
}

void sim_stats_init(struct sim_stats *st)
{
	memset(st, 0, sizeof *st);
}

static void err_keep(struct sim_stats *st, const struct sim_game *r)
{
	int at = st->nerr;

	while (at > 0 && st->err[at - 1].index > r->index)
		at--;
	if (at >= SIM_ERRS_KEPT || (at > 0 && st->err[at - 1].index == r->index))
		return;
	if (st->nerr == SIM_ERRS_KEPT)
		st->nerr--;
	memmove(&st->err[at + 1], &st->err[at], (size_t)(st->nerr - at) * sizeof st->err[0]);
	st->err[at] = *r;
	st->nerr++;
}

/* Index of the level named name, adding it if there is room; -1 if full. */
static int level_slot(struct sim_stats *st, const char *name, int winner)
{
	for (int i = 0; i < st->nlevels; i++)
		if (!strcmp(st->lv[i].name, name))
			return i;
	if (st->nlevels == SIM_LEVELS)
		return -1;
	memset(&st->lv[st->nlevels], 0, sizeof st->lv[0]);
	snprintf(st->lv[st->nlevels].name, sizeof st->lv[0].name, "%s", name);
	st->lv[st->nlevels].winner = winner;
	return st->nlevels++;
}

/* Index of the item (side, rule, text), adding it if there is room; -1 if full. */
static int item_slot(struct sim_stats *st, int side, const char *rule, const char *item, int order)
{
	for (int i = 0; i < st->nitems; i++)
		if (st->item[i].side == side && !strcmp(st->item[i].rule, rule) &&
		    !strcmp(st->item[i].item, item))
			return i;
	if (st->nitems == SIM_ITEMS)
		return -1;
	struct sim_item *it = &st->item[st->nitems];
	memset(it, 0, sizeof *it);
	snprintf(it->item, sizeof it->item, "%s", item);
	snprintf(it->rule, sizeof it->rule, "%s", rule);
	it->side = side;
	it->order = order;
	return st->nitems++;
}

/* Adds to it the tally of g games scoring sum points in all, min to max a game (g 0: only
 * the item is known, at place order). */
static void item_add(struct sim_item *it, int order, int64_t g, int64_t sum, int32_t min, int32_t max)
{
	if (order < it->order)
		it->order = order;
	if (g == 0)
		return;
	if (it->games == 0 || min < it->vp_min)
		it->vp_min = min;
	if (it->games == 0 || max > it->vp_max)
		it->vp_max = max;
	it->games += g;
	it->vp_sum += sum;
}

void sim_stats_add_sheet(struct sim_stats *st, const struct score_sheet *sh)
{
	for (int i = 0; i < sh->n && i < SCORE_LINES_MAX; i++) {
		const struct score_line *l = &sh->line[i];
		int k = item_slot(st, l->side, l->rule, l->item, l->order);
		if (k < 0) {
			st->item_overflow++;
			continue;
		}
		item_add(&st->item[k], l->order, 1, l->vp, l->vp, l->vp);
	}
	for (int i = 0; i < sh->nzero && i < SCORE_LINES_MAX; i++) { /* known, 0 games more */
		const struct score_line *l = &sh->zero[i];
		int k = item_slot(st, l->side, l->rule, l->item, l->order);
		if (k >= 0)
			item_add(&st->item[k], l->order, 0, 0, 0, 0);
	}
}

/* sim.h */
int64_t sim_rank_game(int64_t k, int rank, int nranks)
{
	return k * nranks + rank;
}

int64_t sim_rank_games(int64_t n, int rank, int nranks)
{
	return n > rank ? (n - rank + nranks - 1) / nranks : 0;
}

void sim_stats_add(struct sim_stats *st, const struct sim_game *r)
{
	int k;

	st->games++;
	st->status[r->status >= 0 && r->status < SIM_NSTATUS ? r->status : SIM_REFUSED]++;
	if (r->status != SIM_OK) {
		err_keep(st, r);
		return;
	}
	st->wins[r->winner < 0 ? 2 : r->winner]++;
	for (int s = 0; s < 2; s++) {
		if (st->status[SIM_OK] == 1 || r->vp[s] < st->vp_min[s])
			st->vp_min[s] = r->vp[s];
		if (st->status[SIM_OK] == 1 || r->vp[s] > st->vp_max[s])
			st->vp_max[s] = r->vp[s];
		st->vp_sum[s] += r->vp[s];
		st->vp_sq[s] += (int64_t)r->vp[s] * r->vp[s];
	}
	if (st->status[SIM_OK] == 1 || r->actions < st->act_min)
		st->act_min = r->actions;
	if (st->status[SIM_OK] == 1 || r->actions > st->act_max)
		st->act_max = r->actions;
	st->act_sum += r->actions;
	st->act_sq += (int64_t)r->actions * r->actions;
	st->turn_sum += r->turns;
	st->turn_sq += (int64_t)r->turns * r->turns;
	k = level_slot(st, r->level, r->winner);
	if (k < 0) {
		st->level_overflow++;
		return;
	}
	st->lv[k].games++;
	st->lv[k].margin += (int64_t)r->vp[0] - r->vp[1];
}

void sim_stats_merge(struct sim_stats *dst, const struct sim_stats *src)
{
	int64_t dok = dst->status[SIM_OK], sok = src->status[SIM_OK];

	dst->games += src->games;
	for (int i = 0; i < SIM_NSTATUS; i++)
		dst->status[i] += src->status[i];
	for (int i = 0; i < 3; i++)
		dst->wins[i] += src->wins[i];
	for (int s = 0; s < 2; s++) {
		if (sok && (!dok || src->vp_min[s] < dst->vp_min[s]))
			dst->vp_min[s] = src->vp_min[s];
		if (sok && (!dok || src->vp_max[s] > dst->vp_max[s]))
			dst->vp_max[s] = src->vp_max[s];
		dst->vp_sum[s] += src->vp_sum[s];
		dst->vp_sq[s] += src->vp_sq[s];
	}
	if (sok && (!dok || src->act_min < dst->act_min))
		dst->act_min = src->act_min;
	if (sok && (!dok || src->act_max > dst->act_max))
		dst->act_max = src->act_max;
	dst->act_sum += src->act_sum;
	dst->act_sq += src->act_sq;
	dst->turn_sum += src->turn_sum;
	dst->turn_sq += src->turn_sq;
	dst->level_overflow += src->level_overflow;
	for (int i = 0; i < src->nlevels; i++) {
		int k = level_slot(dst, src->lv[i].name, src->lv[i].winner);
		if (k < 0) {
			dst->level_overflow += src->lv[i].games;
			continue;
		}
		dst->lv[k].games += src->lv[i].games;
		dst->lv[k].margin += src->lv[i].margin;
	}
	for (int i = 0; i < src->nerr; i++)
		err_keep(dst, &src->err[i]);
	dst->item_overflow += src->item_overflow;
	for (int i = 0; i < src->nitems; i++) {
		const struct sim_item *it = &src->item[i];
		int k = item_slot(dst, it->side, it->rule, it->item, it->order);
		if (k < 0) {
			dst->item_overflow += it->games; /* (the lines it stands for) */
			continue;
		}
		item_add(&dst->item[k], it->order, it->games, it->vp_sum, it->vp_min, it->vp_max);
	}
}

static int group(int winner)
{
	return winner == 0 ? 0 : winner < 0 ? 1 : 2;
}

static int level_cmp(const void *pa, const void *pb)
{
	const struct sim_level *a = pa, *b = pb;
	int ga = group(a->winner), gb = group(b->winner);

	if (ga != gb)
		return ga < gb ? -1 : 1;
	/* mean margins; the same integers always give the same doubles */
	if (a->games && b->games) {
		double x = (double)a->margin / (double)a->games, y = (double)b->margin / (double)b->games;
		if (x != y)
			return x > y ? -1 : 1;
	}
	return strcmp(a->name, b->name);
}

static int item_cmp(const void *pa, const void *pb)
{
	const struct sim_item *a = pa, *b = pb;
	int c;

	if (a->side != b->side)
		return a->side < b->side ? -1 : 1;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	if ((c = strcmp(a->rule, b->rule)) != 0)
		return c;
	return strcmp(a->item, b->item);
}

void sim_stats_finish(struct sim_stats *st)
{
	qsort(st->lv, (size_t)st->nlevels, sizeof st->lv[0], level_cmp);
	qsort(st->item, (size_t)st->nitems, sizeof st->item[0], item_cmp);
}

double sim_mean(int64_t n, int64_t sum)
{
	return n > 0 ? (double)sum / (double)n : 0.0;
}

double sim_sd(int64_t n, int64_t sum, int64_t sq)
{
	if (n < 2)
		return 0.0;
	long double ln = (long double)n, ls = (long double)sum;
	long double var = ((long double)sq - ls * ls / ln) / (ln - 1.0L);
	return var > 0.0L ? sqrt((double)var) : 0.0;
}

void sim_wilson(int64_t k, int64_t n, double z, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0.0;
		*hi = 1.0;
		return;
	}
	double nn = (double)n, p = (double)k / nn, z2 = z * z;
	double den = 1.0 + z2 / nn;
	double mid = (p + z2 / (2.0 * nn)) / den;
	double half = z * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / den;
	*lo = k == 0 ? 0.0 : mid - half;
	*hi = k == n ? 1.0 : mid + half;
}
