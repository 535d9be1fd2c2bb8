/* ai: computer players. They see the game only through the rules interface (actions(),
 * apply() and read-only state), exactly as a human front end does. Every player draws its
 * randomness from g->ai only, and tries actions on copies of the game, so rulings' dice are
 * never disturbed.
 *   random  uniform over the legal actions;
 *   greedy  one-step heuristic (greedy.c): scores each legal action by its effect on a
 *           position evaluation (victory points, material, threats, objectives);
 *   search  greedy's best few candidates, each judged by rollouts to the end of the
 *           player-turn played by greedy on copies (search.c). */
#ifndef CRIMEA_AI_H
#define CRIMEA_AI_H

#include "../games/rules.h"

enum ai_kind { AI_NONE, AI_RANDOM, AI_GREEDY, AI_SEARCH, AI_NKINDS };

/* Rollouts per decision of the search player when ai_choose is used. */
#define AI_SEARCH_BUDGET 20

/* Parses "random", "greedy" or "search"; returns -1 if unknown. */
int ai_parse(const char *name);
/* "random", "greedy", "search", or "human" for AI_NONE and anything unknown. Static string. */
const char *ai_name(int kind);
/* Chooses an action for the deciding side into *out. Returns 0, or -1 if there is none.
 * Uses only g->ai for randomness (it advances g->ai and nothing else in g), so rulings' dice
 * are never disturbed. */
int ai_choose(int kind, struct game *g, struct action *out);
/* As ai_choose, with the search player's rollouts per decision given (budget >= 1; other
 * players ignore it). */
int ai_choose_budget(int kind, struct game *g, struct action *out, int budget);

/* ---- shared by the players (ai.c, greedy.c, search.c); not for front ends ---- */

/* The legal actions of g into a malloc'd array (*out, caller frees); returns the count, or -1
 * (out of memory; *out is then NULL). */
int ai_actions(const struct game *g, struct action **out);
/* Applies a on a copy-safe path: game_apply without events; returns its code. */
int ai_apply(struct game *g, const struct action *a);
/* Makes c a copy of g whose rulings roll from a private stream derived from seed (whatever
 * g's dice mode), and whose AI stream is derived from it too. */
void ai_copy(struct game *c, const struct game *g, uint64_t seed);

/* A candidate decision and its score (higher is better for the deciding side). */
struct ai_cand {
	struct action a;
	double score;
};

#define GREEDY_SAMPLES 4 /* dice samples per fire, melee or rally judged by greedy */

/* Greedy's choice; samples: dice samples per combat judged (>= 1). 0 or -1 (no action). */
int greedy_choose(struct game *g, struct action *out, int samples);
/* Greedy's k best candidates, best first, into out[k]; returns how many (0 when there is no
 * legal action). score is greedy's estimate of the gain over doing nothing. */
int greedy_candidates(struct game *g, struct ai_cand *out, int k, int samples);
/* The position from side's point of view: victory-point margin, material, threats and
 * progress toward objectives (higher is better). Reads the state only. */
double greedy_eval(const struct game *g, int side);

/* Is the decision among these candidates worth a search: any phase but movement, and
 * movement when a candidate moves or enters into contact with the enemy. */
bool greedy_critical(const struct game *g, const struct ai_cand *c, int n);

/* Search's choice with `budget` rollouts in all (>= 1). 0 or -1. */
int search_choose(struct game *g, struct action *out, int budget);

#endif
