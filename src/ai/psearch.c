/* psearch: the portfolio search shared by the search players of Sevastopol (ssearch) and Charge
 * of the Light Brigade (csearch), after Churchill and Buro's Portfolio Greedy Search (as search.c
 * for the quad games). At the first decision of each of its player-turns the player judges each
 * of its greedy player's plans by rollouts from a copy of the game: its side plays greedy with
 * the plan, the enemy the default greedy, to the end of the game or, with a horizon, until that
 * many player-turns after this one have ended. A rollout scores 1 for a win and vp_weight x the
 * victory-point margin (at a horizon, the margin as if the game ended there: rules->score).
 * Rollout r of every plan uses the same dice (common random numbers). The plan is kept in the
 * game (g->ai_plan) for the rest of the player-turn; the choice draws only on g->ai. */
#include "ai.h"

#include <stdlib.h>

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

int psearch_choose(const struct psearch_kind *k, struct game *g, struct action *out, int budget)
{
	int me = g->rules->to_act(g), pturn, reps = budget / (2 * k->plans), best = 0;
	struct ai_plan *m;
	struct game *c;
	struct score_sheet *sh = NULL;
	double top = 0;
	uint64_t base;
	if (me < 0 || me > 1)
		return -1;
	m = &g->ai_plan[me];
	pturn = g->rules->player_turn(g);
	if (m->set && m->pturn == pturn && m->plan >= 0 && m->plan < k->plans)
		return k->choose(g, out, m->plan);
	if (!(c = malloc(sizeof *c)) || (k->horizon > 0 && !(sh = malloc(sizeof *sh)))) {
		free(c);
		return k->choose(g, out, 0); /* out of memory: greedy's choice */
	}
	if (reps < 1)
		reps = 1;
	base = rng_next(&g->ai);
	for (int p = 0; p < k->plans; p++) {
		double sum = 0;
		for (int r = 0; r < reps; r++) {
			ai_copy(c, g, rng_mix(base, (uint64_t)r));
			sum += rollout(k, c, me, p, k->horizon > 0 ? pturn + 1 + k->horizon : 0, sh);
		}
		if (p == 0 || sum / reps > top + 1e-9) {
			best = p;
			top = sum / reps;
		}
	}
	free(sh);
	free(c);
	m->set = true;
	m->pturn = pturn;
	m->plan = best;
	return k->choose(g, out, best);
}

static const struct psearch_kind siege_kind = {SGREEDY_PLANS, sgreedy_choose_plan, 0, 0.05};

int ssearch_choose(struct game *g, struct action *out, int budget)
{
	return psearch_choose(&siege_kind, g, out, budget);
}

/* CotLB: a rollout plays this player-turn and the next three (two turns), then counts the points
 * as they stand (a whole game is some 800 decisions of a millisecond or two each: too dear to
 * play out for every plan); a point of margin weighs as much as a win, since few rollouts end
 * the game. Three player-turns past this one rather than one: on 20 deals as the Allies a mean
 * margin of -8.7 against -10.8 (docs/PERFORMANCE.md, "Thirty-first session"). */
static const struct psearch_kind cotlb_kind = {CGREEDY_PLANS, cgreedy_choose_plan, 3, 1.0};

int csearch_choose(struct game *g, struct action *out, int budget)
{
	return psearch_choose(&cotlb_kind, g, out, budget);
}
