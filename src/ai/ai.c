/* ai: the player registry, the baseline random player and helpers the players share. */
#include "ai.h"

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

int ai_actions(const struct game *g, struct action **out)
{
	int cap = 1024, n;
	struct action *list = malloc((size_t)cap * sizeof *list);

	*out = NULL;
	if (!list)
		return -1;
	n = g->rules->actions(g, list, cap);
	if (n > cap) {
		struct action *big = realloc(list, (size_t)n * sizeof *list);
		if (!big) {
			free(list);
			return -1;
		}
		list = big;
		cap = n;
		n = g->rules->actions(g, list, cap);
	}
	*out = list;
	return n < 0 ? 0 : n;
}

int ai_apply(struct game *g, const struct action *a)
{
	struct err e;
	return game_apply(g, a, NULL, 0, NULL, &e);
}

void ai_copy(struct game *c, const struct game *g, uint64_t seed)
{
	*c = *g;
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
		free(list);
		return -1;
	}
	*out = list[rng_below(&g->ai, (uint32_t)n)];
	free(list);
	return 0;
}

int ai_choose_budget(int kind, struct game *g, struct action *out, int budget)
{
	switch (kind) {
	case AI_GREEDY:
		return greedy_choose(g, out, GREEDY_SAMPLES);
	case AI_SEARCH:
		return search_choose(g, out, budget < 1 ? 1 : budget);
	default:
		return random_choose(g, out);
	}
}

int ai_choose(int kind, struct game *g, struct action *out)
{
	return ai_choose_budget(kind, g, out, AI_SEARCH_BUDGET);
}
