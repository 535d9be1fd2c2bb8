/* search: plan-level and move-level look-ahead over greedy.
 *
 * Plans (a portfolio, after Churchill and Buro's Portfolio Greedy Search): at the first
 * decision of each of its player-turns, search judges a few whole-turn postures, each greedy
 * with other weights (struct greedy_weights: the default, aggressive, cautious, objective).
 * Plan p is judged by rollouts from a copy of the game in which greedy (one dice sample per
 * combat) plays search's side with p's weights and the enemy with the default weights, for
 * SEARCH_PLAN_HORIZON player-turns or to the end of the game; the end is scored by the
 * victory-point margin and the winner, a cut-off position by greedy_eval. Rollout r of every
 * plan uses the same dice stream (common random numbers). The plan is kept in the game
 * (g->ai_plan, copied with it like the AI stream) for the rest of the player-turn and for
 * search's decisions in the enemy's player-turn; with or without the players' scratch,
 * search plays the same game.
 *
 * Moves: greedy's best few candidates under the plan, each judged by Monte Carlo rollouts:
 * the candidate is applied to a copy of the game, greedy (the plan for search's side) plays
 * both sides to the end of the current player-turn, and greedy_eval with the plan's weights
 * scores the result for the deciding side; in the last Game-Turn the rollout plays to the end
 * of the game and the result (margin and win) is the score (search_rollout_end). Common random
 * numbers again; the budget is the number of rollouts per decision, shared equally by the
 * candidates (SEARCH_K of them). Both kinds of rollouts run as batches (ai_rollouts, roll.c),
 * on the scratch's threads when it has several, with the same result as on one.
 * Quiet movement (no candidate comes into contact with the enemy) is left to greedy.
 *
 * Every plan combines fire (greedy_weights.combine): actions() lists single-unit fires only,
 * and a hex may be fired at once a phase ([7.23]), so greedy alone never brings two units'
 * fire to one hex ([7.11]); search's candidates, and its own side in its rollouts, include
 * the combined fires built from the listed ones (the enemy in the rollouts is plain greedy). */
#include "ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../games/quad/quad.h"

#define SEARCH_K 5          /* candidates judged */
#define SEARCH_STEPS 800    /* decisions per rollout at most (a safety net) */
#define SEARCH_HORIZON 1    /* player-turns a rollout plays: to the end of the current one */
#define SEARCH_PLAN_STEPS 100000 /* decisions per plan rollout at most (a safety net) */
#define SEARCH_PLAN_WIN 5.0 /* a plan rollout's worth of a win over its margin */
#define SEARCH_PLAN_HORIZON 0 /* player-turns a plan rollout plays; 0: to the end of the game
			       * (4 measured worse at the Alma Allies and the Balaclava Russians) */
#define SEARCH_PLAN_SHARE 5 /* a plan gets budget / SEARCH_PLAN_SHARE rollouts (at least one):
			     * 12 with the default budget of 60 (AI_SEARCH_BUDGET; 4 when it was 20) */

/* The portfolio: each plan's name ("greedy:NAME" plays it for a whole game; short enough to
 * fit a record's players line) and its weights: pull, contact, obj, art_back, hold, terrain,
 * sector, combine, cut, cutters (struct greedy_weights). */
static const struct plan {
	const char *name;
	struct greedy_weights w;
} plans[] = {
	{"combine", {1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0, 1, 0, 0}},   /* greedy's posture (with combined fire) */
	{"attack", {1.6, 1.0, 1.0, 0.0, 1.0, 0.5, 0, 1, 0, 0}},    /* aggressive: to the enemy, contact at
								     * worse odds */
	{"cautious", {0.5, -1.0, 1.0, 2.0, 1.0, 1.5, 0, 1, 0, 0}}, /* guns back, no contact at poor odds */
	{"hold", {1.0, 0.0, 2.0, 0.0, 1.5, 1.0, 0, 1, 1.0, 4}},    /* objectives: take and hold them; at
								     * the Alma Allies (no objective
								     * hexes), four battalions for
								     * Preservation's exit 2225 */
	{"west", {1.3, 0.5, 1.0, 0.0, 1.0, 1.0, 1, 1, 0, 0}},      /* mass against the enemy's first third */
	{"centre", {1.3, 0.5, 1.0, 0.0, 1.0, 1.0, 2, 1, 0, 0}},    /* the centre */
	{"east", {1.3, 0.5, 1.0, 0.0, 1.0, 1.0, 3, 1, 0, 0}},      /* the east */
};
#define NPLANS ((int)(sizeof plans / sizeof plans[0]))
_Static_assert(NPLANS == AI_POSTURES, "AI_POSTURES counts the plans");

/* ai.h */
const struct greedy_weights *search_plan(int p)
{
	return &plans[p].w;
}

/* ai.h */
const char *ai_posture_name(int p)
{
	return p >= 0 && p < NPLANS ? plans[p].name : NULL;
}

/* ai.h */
int ai_posture_parse(const char *name)
{
	for (int p = 0; p < NPLANS; p++)
		if (!strcmp(name, plans[p].name))
			return p;
	return -1;
}

/* Greedy (one dice sample per combat) plays c on: me with the posture wt, the enemy with the
 * default, until the game ends, player-turn pturn_end begins (0: no limit) or steps decisions
 * have been made (a safety net). */
static void play_out(struct game *c, int me, int pturn_end, const struct greedy_weights *wt, int steps)
{
	for (int step = 0; step < steps; step++) {
		struct action a;
		if (c->rules->over(c, NULL) || (pturn_end > 0 && c->rules->player_turn(c) >= pturn_end))
			return;
		int side = c->rules->to_act(c);
		if (greedy_choose_w(c, &a, 1, side == me ? wt : &greedy_default_weights) != 0 || ai_apply(c, &a) != 0)
			return;
	}
}

/* The score for me of a finished game c: the margin, and the win (SEARCH_PLAN_WIN). Sets *done
 * to whether c is over (the score is then meaningful). */
static double final_score(const struct game *c, int me, bool *done)
{
	struct result r;
	*done = c->rules->over(c, &r);
	if (!*done)
		return 0;
	return r.vp[me] - r.vp[1 - me] +
	       (r.winner == me ? SEARCH_PLAN_WIN : r.winner == 1 - me ? -SEARCH_PLAN_WIN : 0);
}

/* One rollout from c (already holding the candidate applied) to pturn_end (0: the end of the
 * game); the score for me: the result when the game is over (the position's material and
 * places no longer count), else greedy's estimate with the plan's weights. */
static double rollout(struct game *c, int me, int pturn_end, const struct greedy_weights *wt)
{
	bool done;
	play_out(c, me, pturn_end, wt, SEARCH_STEPS);
	double v = final_score(c, me, &done);
	return done ? v : greedy_eval_w(c, me, wt);
}

/* One plan rollout from c: plan wt for me, the default for the enemy, until the game ends or
 * pturn_end (0: no limit). The score for me: the margin and the win at the end, else greedy's
 * estimate. */
static double plan_rollout(struct game *c, int me, int pturn_end, const struct greedy_weights *wt)
{
	bool done;
	play_out(c, me, pturn_end, wt, SEARCH_PLAN_STEPS);
	double v = final_score(c, me, &done);
	return done ? v : greedy_eval(c, me);
}

/* A batch of plan rollouts (ai_rollouts): plan j's on a copy, for me, to pturn_end. */
struct plan_job {
	int me, pturn_end;
};

static double plan_job_run(void *ctx, struct game *c, int j)
{
	const struct plan_job *b = ctx;
	return plan_rollout(c, b->me, b->pturn_end, &plans[j].w);
}

/* A batch of candidate rollouts: candidate j applied to a copy, then played out with the plan
 * wt; NAN when the copy refuses it. */
struct cand_job {
	const struct ai_cand *cand;
	int me, pturn_end;
	const struct greedy_weights *wt;
};

static double cand_job_run(void *ctx, struct game *c, int j)
{
	const struct cand_job *b = ctx;
	if (ai_apply(c, &b->cand[j].a) != 0)
		return NAN;
	return rollout(c, b->me, b->pturn_end, b->wt);
}

/* In the last Game-Turn a move rollout plays to the end of the game (ai.h): a western redoubt
 * at Balaclava entered in the last Russian player-turn is only worth its 30 points [23.22] if
 * it survives the Allied one, and at the end the margin counts, not material or places. */
int search_rollout_end(const struct game *g)
{
	if (!strcmp(g->rules->id, "quad") && q_cst(g)->turn >= q_scn(g)->turns)
		return 0;
	return g->rules->player_turn(g) + SEARCH_HORIZON;
}

/* The plan for me's decision in g: the one kept in the game (g->ai_plan[me]), or chosen now,
 * with reps rollouts a plan on the copy c, at the first decision of a player-turn of mine
 * (and at any decision of mine in my player-turn when none was kept, as in a game rebuilt
 * from its text record). In the enemy's player-turn: the plan of my last one, or the default
 * when there is none. The plan lives in the game, not in the scratch, so that a game plays
 * the same with or without a scratch, and games sharing one do not share plans. */
static int plan_for(struct game *g, int me, struct game *c, int reps)
{
	struct ai_plan *m;
	int pturn, best = 0;
	double best_mean = 0;
	uint64_t base;

	if (me < 0 || me > 1 || strcmp(g->rules->id, "quad"))
		return 0;
	m = &g->ai_plan[me];
	if (m->set && (m->plan < 0 || m->plan >= NPLANS))
		m->set = false; /* not one of ours: choose again */
	pturn = g->rules->player_turn(g);
	if (q_cst(g)->phasing != me)
		return m->set ? m->plan : 0;
	if (m->set && m->pturn == pturn)
		return m->plan;
	base = rng_next(&g->ai);
	struct plan_job job = {me, SEARCH_PLAN_HORIZON > 0 ? pturn + SEARCH_PLAN_HORIZON : 0};
	double *score = malloc((size_t)NPLANS * (size_t)reps * sizeof *score);
	if (!score)
		return 0; /* out of memory: the default, this decision only */
	ai_rollouts(g, c, base, NPLANS, reps, plan_job_run, &job, score);
	for (int p = 0; p < NPLANS; p++) {
		double sum = 0;
		for (int r = 0; r < reps; r++)
			sum += score[p * reps + r];
		if (p == 0 || sum / reps > best_mean) {
			best = p;
			best_mean = sum / reps;
		}
	}
	free(score);
	m->set = true;
	m->pturn = pturn;
	m->plan = best;
	return best;
}

int search_choose(struct game *g, struct action *out, int budget)
{
	struct ai_cand cand[SEARCH_K];
	double mean[SEARCH_K];
	struct game *c;
	int nc, me, best = 0, reps, pturn_end, rc = 0;
	uint64_t base;
	const struct greedy_weights *wt;

	/* the copy rollouts play on: the scratch's, or one of our own (the same choices) */
	struct ai_scratch *x = ai_scratch_of(g);
	c = x ? ai_scratch_copy(x, 1) : malloc(sizeof *c);
	if (!c)
		return greedy_choose(g, out, GREEDY_SAMPLES); /* out of memory: greedy's choice */
	me = g->rules->to_act(g);
	wt = &plans[plan_for(g, me, c, budget / SEARCH_PLAN_SHARE > 1 ? budget / SEARCH_PLAN_SHARE : 1)].w;
	nc = greedy_candidates_w(g, cand, SEARCH_K, GREEDY_SAMPLES, wt);
	if (nc < 1) {
		rc = -1;
		goto done;
	}
	*out = cand[0].a;
	if (nc == 1 || !greedy_critical(g, cand, nc))
		goto done;
	reps = budget / nc;
	if (reps < 1)
		reps = 1;
	pturn_end = search_rollout_end(g);
	base = rng_next(&g->ai);
	struct cand_job job = {cand, me, pturn_end, wt};
	double *score = malloc((size_t)nc * (size_t)reps * sizeof *score);
	if (!score)
		goto done; /* out of memory: greedy's choice */
	ai_rollouts(g, c, base, nc, reps, cand_job_run, &job, score);
	for (int i = 0; i < nc; i++) {
		double sum = 0;
		for (int r = 0; r < reps; r++) {
			if (isnan(score[i * reps + r])) { /* the candidate refused on a copy */
				sum = -1e18;
				break;
			}
			sum += score[i * reps + r];
		}
		mean[i] = sum / reps;
		if (mean[i] > mean[best])
			best = i;
	}
	*out = cand[best].a;
	free(score);
done:
	if (!x)
		free(c);
	return rc;
}
