/* search: greedy's best few candidates, each judged by Monte Carlo rollouts: the candidate is
 * applied to a copy of the game, greedy (with one dice sample per combat) plays both sides to
 * the end of the current player-turn, and greedy_eval scores the result for the deciding side.
 * Rollout r of every candidate uses the same dice stream (common random numbers), so
 * candidates are compared on equal luck. The budget is the number of rollouts per decision,
 * shared equally by the candidates (SEARCH_K of them: five, since measurement showed three
 * too few to find the better move into contact or the better attack).
 * Quiet movement (no candidate comes into contact with the enemy) is left to greedy: rollouts
 * there cost much and change little. */
#include "ai.h"

#include <stdlib.h>

#define SEARCH_K 5          /* candidates judged */
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

int search_choose(struct game *g, struct action *out, int budget)
{
	struct ai_cand cand[SEARCH_K];
	double mean[SEARCH_K];
	struct game *c;
	int nc, me, best = 0, reps, pturn_end;
	uint64_t base;

	nc = greedy_candidates(g, cand, SEARCH_K, GREEDY_SAMPLES);
	if (nc < 1)
		return -1;
	*out = cand[0].a;
	if (nc == 1 || !greedy_critical(g, cand, nc))
		return 0;
	reps = budget / nc;
	if (reps < 1)
		reps = 1;
	struct ai_scratch *x = ai_scratch_of(g);
	c = x ? ai_scratch_copy(x, 1) : malloc(sizeof *c);
	if (!c)
		return 0;
	me = g->rules->to_act(g);
	pturn_end = g->rules->player_turn(g) + SEARCH_HORIZON;
	base = rng_next(&g->ai);
	for (int i = 0; i < nc; i++) {
		double sum = 0;
		for (int r = 0; r < reps; r++) {
			ai_copy(c, g, rng_mix(base, (uint64_t)r));
			if (ai_apply(c, &cand[i].a) != 0) {
				sum = -1e18;
				break;
			}
			sum += rollout(c, me, pturn_end);
		}
		mean[i] = sum / reps;
		if (mean[i] > mean[best])
			best = i;
	}
	if (!x)
		free(c);
	*out = cand[best].a;
	return 0;
}
