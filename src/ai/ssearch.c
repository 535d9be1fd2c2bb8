/* ssearch: the search player for Sevastopol games (src/games/siege/splay.c), a portfolio of
 * greedy's plans (sgreedy.c; after Churchill and Buro's Portfolio Greedy Search, as search.c
 * for the quad games). At the first decision of each of its player-turns the player judges
 * every plan by rollouts from a copy of the game: its side plays greedy with the plan, the
 * enemy the default greedy, to the end of the game (a Sevastopol game is some 700 greedy
 * decisions, about 10 ms); a rollout scores 1 for a win and a twentieth of the bastion margin
 * besides. Rollout r of every plan uses the same dice (common random numbers). The plan is kept
 * in the game (g->ai_plan) for the rest of the player-turn; the choice draws only on g->ai. */
#include "ai.h"

#include <stdlib.h>

#define SSEARCH_STEPS 20000 /* decisions per rollout at most (a safety net) */

static double rollout(struct game *c, int me, int plan)
{
	struct result r;
	struct action a;
	for (int k = 0; k < SSEARCH_STEPS && !c->rules->over(c, &r); k++) {
		int side = c->rules->to_act(c);
		if (sgreedy_choose_plan(c, &a, side == me ? plan : 0) != 0 || ai_apply(c, &a) != 0)
			return 0;
	}
	if (!c->rules->over(c, &r))
		return 0;
	return (r.winner == me ? 1.0 : 0.0) + 0.05 * (r.vp[me] - r.vp[!me]);
}

int ssearch_choose(struct game *g, struct action *out, int budget)
{
	int me = g->rules->to_act(g), pturn, reps = budget / (2 * SGREEDY_PLANS), best = 0;
	struct ai_plan *m;
	struct game *c;
	double top = 0;
	uint64_t base;
	if (me < 0 || me > 1)
		return -1;
	m = &g->ai_plan[me];
	pturn = g->rules->player_turn(g);
	if (m->set && m->pturn == pturn && m->plan >= 0 && m->plan < SGREEDY_PLANS)
		return sgreedy_choose_plan(g, out, m->plan);
	if (!(c = malloc(sizeof *c)))
		return sgreedy_choose(g, out); /* out of memory: greedy's choice */
	if (reps < 1)
		reps = 1;
	base = rng_next(&g->ai);
	for (int p = 0; p < SGREEDY_PLANS; p++) {
		double sum = 0;
		for (int r = 0; r < reps; r++) {
			ai_copy(c, g, rng_mix(base, (uint64_t)r));
			sum += rollout(c, me, p);
		}
		if (p == 0 || sum / reps > top + 1e-9) {
			best = p;
			top = sum / reps;
		}
	}
	free(c);
	m->set = true;
	m->pturn = pturn;
	m->plan = best;
	return sgreedy_choose_plan(g, out, best);
}
