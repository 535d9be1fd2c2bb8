/* search: greedy's best few candidates, each judged by Monte Carlo rollouts: the candidate is
 * applied to a copy of the game, greedy (with one dice sample per combat) plays both sides to
 * the end of the current player-turn, and greedy_eval scores the result for the deciding side.
 * Rollout r of every candidate uses the same dice stream (common random numbers), so
 * candidates are compared on equal luck.
 * The budget (rollouts per decision) is spent by successive halving: every live candidate gets
 * the same number of rollouts in a round, then the worse half is dropped, so the contenders get
 * most of the rollouts.
 *   Movement (when a candidate comes into contact with the enemy): the question is where the
 *   unit greedy would move next should go, since greedy moves the others later in the rollout
 *   anyway; the candidates are that unit's best destinations (SEARCH_K in all, filled with
 *   other units' moves when it has fewer), and the whole budget is spent.
 *   Other decisions (fire, melee, retreat, advance, rally, ...): greedy has already judged
 *   each on SAMPLES dice samples; SEARCH_K_OTHER candidates and SEARCH_OTHER_PCT percent of
 *   the budget.
 * Quiet movement (no candidate comes into contact with the enemy) is left to greedy: rollouts
 * there cost much and change little. See docs/PERFORMANCE.md, "search against greedy". */
#include "ai.h"

#include <stdlib.h>

#define SEARCH_K 5          /* candidates judged in a movement decision */
#define SEARCH_K_OTHER 3    /* candidates judged in other decisions */
#define SEARCH_OTHER_PCT 30 /* percent of the budget spent on other decisions */
#define SEARCH_POOL 24      /* greedy's candidates from which a movement decision's are drawn */
#define SEARCH_STEPS 800    /* decisions per rollout at most (a safety net) */
#define SEARCH_HORIZON 1    /* player-turns a rollout plays: to the end of the current one */

/* One rollout from c (already holding the candidate applied); returns the score for me. */
static double rollout(struct game *c, int me, int pturn_end)
{
	for (int step = 0; step < SEARCH_STEPS; step++) {
		struct action a;
		if (c->rules->over(c, NULL) || c->rules->player_turn(c) >= pturn_end)
			break;
		if (greedy_choose(c, &a, 1) != 0 || ai_apply(c, &a) != 0)
			break;
	}
	return greedy_eval(c, me);
}

/* The candidates of a movement decision into cand[SEARCH_K]: greedy's best move first, then
 * the best other moves of the same unit, then greedy's next best. Returns how many. */
static int move_candidates(struct game *g, struct ai_cand *cand)
{
	struct ai_cand pool[SEARCH_POOL];
	bool taken[SEARCH_POOL] = {false};
	int np = greedy_candidates(g, pool, SEARCH_POOL, GREEDY_SAMPLES), nc = 0;

	if (np < 1)
		return 0;
	cand[nc++] = pool[0];
	taken[0] = true;
	if (greedy_is_move(&pool[0].a))
		for (int i = 1; i < np && nc < SEARCH_K; i++)
			if (greedy_is_move(&pool[i].a) && pool[i].a.arg[0] == pool[0].a.arg[0]) {
				cand[nc++] = pool[i];
				taken[i] = true;
			}
	for (int i = 1; i < np && nc < SEARCH_K; i++)
		if (!taken[i])
			cand[nc++] = pool[i];
	return nc;
}

static double mean(double sum, int n)
{
	return n > 0 ? sum / n : -1e18;
}

int search_choose(struct game *g, struct action *out, int budget)
{
	struct ai_cand cand[SEARCH_K];
	double sum[SEARCH_K];
	int cnt[SEARCH_K], alive[SEARCH_K];
	struct game *c;
	int nc, me, pturn_end, nalive, done = 0;
	bool move = greedy_is_move_phase(g);
	uint64_t base;

	if (move) {
		nc = move_candidates(g, cand);
	} else {
		nc = greedy_candidates(g, cand, SEARCH_K_OTHER, GREEDY_SAMPLES);
		budget = budget * SEARCH_OTHER_PCT / 100;
	}
	if (budget < 1)
		budget = 1;
	if (nc < 1)
		return -1;
	*out = cand[0].a;
	if (nc == 1 || !greedy_critical(g, cand, nc))
		return 0;
	c = malloc(sizeof *c);
	if (!c)
		return 0;
	me = g->rules->to_act(g);
	pturn_end = g->rules->player_turn(g) + SEARCH_HORIZON;
	base = rng_next(&g->ai);
	for (int i = 0; i < nc; i++) {
		sum[i] = 0;
		cnt[i] = 0;
		alive[i] = i;
	}
	nalive = nc;
	while (nalive > 1) {
		int rounds = 0, per;
		for (int m = nalive; m > 1; m = (m + 1) / 2)
			rounds++;
		per = (budget - done) / (nalive * rounds);
		if (per < 1) {
			if (done > 0)
				break;
			per = 1; /* a budget under the candidates' count: one rollout each */
		}
		for (int a = 0; a < nalive; a++) {
			int i = alive[a];
			for (int r = cnt[i]; r < cnt[i] + per; r++) {
				/* rollout r of every candidate rolls the same dice */
				ai_copy(c, g, rng_mix(base, (uint64_t)r));
				if (ai_apply(c, &cand[i].a) != 0) {
					sum[i] = -1e18;
					break;
				}
				sum[i] += rollout(c, me, pturn_end);
			}
			cnt[i] += per;
			done += per;
		}
		/* the live candidates by mean, best first (stable: greedy's order breaks ties) */
		for (int a = 1; a < nalive; a++)
			for (int b = a; b > 0 && mean(sum[alive[b]], cnt[alive[b]]) >
						  mean(sum[alive[b - 1]], cnt[alive[b - 1]]); b--) {
				int t = alive[b];
				alive[b] = alive[b - 1];
				alive[b - 1] = t;
			}
		nalive = (nalive + 1) / 2;
	}
	free(c);
	*out = cand[alive[0]].a;
	return 0;
}
