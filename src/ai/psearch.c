/* psearch: the portfolio search shared by the search players of Sevastopol (ssearch) and Charge
 * of the Light Brigade (csearch), after Churchill and Buro's Portfolio Greedy Search (as search.c
 * for the quad games). At the first decision of each of its player-turns the player judges each
 * of its greedy player's plans by rollouts from a copy of the game: its side plays greedy with
 * the plan, the enemy the default greedy, to the end of the game or, with a horizon, until that
 * many player-turns after this one have ended. A rollout scores 1 for a win and vp_weight x the
 * victory-point margin (at a horizon, the margin as if the game ended there: rules->score).
 * Rollout r of every plan uses the same dice (common random numbers); a decision's rollouts are
 * one batch (ai_rollouts, roll.c), on the scratch's threads when it has several. The plan is
 * kept in the game (g->ai_plan) for the rest of the player-turn; the choice draws only on
 * g->ai. Where the rule system names decisions that turn a game (k->tactical: Sevastopol's
 * storms and assaults), the player then weighs that decision's actions themselves the same
 * way, each applied and played out with the plan: greedy's one-step scores misjudge them most
 * (docs/PERFORMANCE.md, "Thirty-fourth session"). */
#include "ai.h"
#include "../games/siege/splay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PSEARCH_STEPS 20000 /* decisions per rollout at most (a safety net) */

static double rollout(const struct psearch_kind *k, struct game *c, int me, int plan, int until,
		      struct score_sheet *sh)
{
	struct result r;
	struct action a;
	for (int s = 0; s < PSEARCH_STEPS && !c->rules->over(c, &r); s++) {
		int side = c->rules->to_act(c);
		if (until > 0 && c->rules->player_turn(c) >= until)
			break;
		if (k->choose(c, &a, side == me ? plan : 0) != 0 || ai_apply(c, &a) != 0)
			return 0;
	}
	if (!c->rules->over(c, &r)) {
		if (until <= 0 || !c->rules->score || !sh)
			return 0;
		c->rules->score(c, sh, &r); /* the position as if the game ended at the horizon */
		return k->vp_weight * (r.vp[me] - r.vp[!me]);
	}
	return (r.winner == me ? 1.0 : 0.0) + k->vp_weight * (r.vp[me] - r.vp[!me]);
}

/* A batch of rollouts (ai_rollouts): candidate j is plan j played out (acts NULL), or acts[j]
 * applied and then plan played out; NAN when the copy refuses acts[j]. */
struct job {
	const struct psearch_kind *k;
	const struct action *acts;
	int me, plan, until;
};

static double job_run(void *ctx, struct game *c, int j)
{
	const struct job *b = ctx;
	struct score_sheet *sh = NULL;
	if (b->acts && ai_apply(c, &b->acts[j]) != 0)
		return NAN;
	if (b->until > 0 && !(sh = malloc(sizeof *sh))) /* (the horizon's scoring; a few KB) */
		return NAN;
	double v = rollout(b->k, c, b->me, b->acts ? b->plan : j, b->until, sh);
	free(sh);
	return v;
}

/* The best of n candidates, each played reps times (at least once) from a copy of g on common
 * dice, the first of equals: candidate j is plan j played out (acts NULL), or acts[j] applied
 * and then plan played out. -1 when out of memory. */
static int best_of(const struct psearch_kind *k, struct game *g, int me, int n, int reps, const struct action *acts,
		   int plan)
{
	int best = 0, pturn = g->rules->player_turn(g), until = k->horizon > 0 ? pturn + 1 + k->horizon : 0;
	struct game *c = malloc(sizeof *c);
	double top = 0, *score;
	if (reps < 1)
		reps = 1;
	score = malloc((size_t)n * (size_t)reps * sizeof *score);
	if (!c || !score) {
		free(c);
		free(score);
		return -1;
	}
	struct job job = {k, acts, me, plan, until};
	ai_rollouts(g, c, rng_next(&g->ai), n, reps, job_run, &job, score);
	for (int j = 0; j < n; j++) {
		double sum = 0;
		for (int r = 0; r < reps; r++)
			if (!isnan(score[j * reps + r])) /* (a refused action scores nothing) */
				sum += score[j * reps + r];
		if (j == 0 || sum / reps > top + 1e-9) {
			best = j;
			top = sum / reps;
		}
	}
	free(score);
	free(c);
	return best;
}

/* Judges each of k's plans by rollouts (budget / (2 x plans) each) and keeps the best in
 * g->ai_plan[me] for player-turn pturn (the default when out of memory). */
static void choose_plan(const struct psearch_kind *k, struct game *g, int budget, int me, int pturn)
{
	int best = best_of(k, g, me, k->plans, budget / (2 * k->plans), NULL, 0);
	struct ai_plan *m = &g->ai_plan[me];
	m->set = true;
	m->pturn = pturn;
	m->plan = best > 0 ? best : 0;
}

/* A decision searched action by action (k->tactical named its candidates acts[n], at most
 * PSEARCH_ACTS): each applied to a copy of the game and the rest played out as the plan
 * rollouts are (this player with the player-turn's plan, the enemy the default), budget / n
 * times each; greedy's choice when out of memory. */
#define PSEARCH_ACTS 12
static int decide(const struct psearch_kind *k, struct game *g, struct action *out, int budget, int me, int plan,
		  const struct action *acts, int n)
{
	int best = best_of(k, g, me, n, budget / n, acts, plan);
	if (best < 0)
		return k->choose(g, out, plan);
	*out = acts[best];
	return 0;
}

int psearch_choose(const struct psearch_kind *k, struct game *g, struct action *out, int budget)
{
	int me = g->rules->to_act(g), pturn;
	struct ai_plan *m;
	if (me < 0 || me > 1)
		return -1;
	m = &g->ai_plan[me];
	pturn = g->rules->player_turn(g);
	if (!(m->set && m->pturn == pturn && m->plan >= 0 && m->plan < k->plans))
		choose_plan(k, g, budget, me, pturn);
	if (k->tactical) {
		struct action *list, acts[PSEARCH_ACTS];
		int n = ai_actions(g, &list), nc = n > 0 ? k->tactical(g, m->plan, list, n, acts, PSEARCH_ACTS) : 0;
		ai_actions_done(g, list);
		if (nc > 1)
			return decide(k, g, out, budget, me, m->plan, acts, nc);
	}
	return k->choose(g, out, m->plan);
}

/* Sevastopol's decisions searched action by action: in an assault's impulses, going forward or
 * aborting [11.23], the melees [14.0], the field batteries' fire [13.0] and the Russian reserves'
 * moves [12.3], [12.4], every action; and where an assault may be announced [11.1], each
 * brigade's storm beside greedy's choice (a move when greedy would not storm yet). */
static int siege_tactical(struct game *g, int plan, const struct action *list, int n, struct action *cand, int max)
{
	int nc = 1;
	bool storms = false;
	for (int j = 0; j < n; j++) {
		int kind = list[j].kind;
		if (kind == SP_GO || kind == SP_MELEE || kind == SP_MAN || kind == SP_WITHDRAW || kind == SP_RESERVE ||
		    kind == SP_FIRE) { /* an assault's impulse: every action */
			if (n > max)
				return 0;
			memcpy(cand, list, sizeof *cand * (size_t)n);
			return n;
		}
		storms |= kind == SP_STORM;
	}
	if (!storms || max < 1 || sgreedy_choose_plan(g, &cand[0], plan) != 0)
		return 0;
	for (int j = 0; j < n && nc < max; j++)
		if (list[j].kind == SP_STORM && !action_same(&list[j], &cand[0]))
			cand[nc++] = list[j];
	return nc;
}

static const struct psearch_kind siege_kind = {SGREEDY_PLANS, sgreedy_choose_plan, 0, 0.05, siege_tactical};

int ssearch_choose(struct game *g, struct action *out, int budget)
{
	return psearch_choose(&siege_kind, g, out, budget);
}

/* CotLB: a rollout plays this player-turn and the next three (two turns), then counts the points
 * as they stand (a whole game is some 800 decisions of a millisecond or two each: too dear to
 * play out for every plan); a point of margin weighs as much as a win, since few rollouts end
 * the game. Three player-turns past this one rather than one: on 20 deals as the Allies a mean
 * margin of -8.7 against -10.8 (docs/PERFORMANCE.md, "Thirty-first session"). */
static const struct psearch_kind cotlb_kind = {CGREEDY_PLANS, cgreedy_choose_plan, 3, 1.0, NULL};

int csearch_choose(struct game *g, struct action *out, int budget)
{
	return psearch_choose(&cotlb_kind, g, out, budget);
}
