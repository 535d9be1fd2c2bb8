/* ai: the baseline player: uniform over the legal actions. */
#include "ai.h"

#include <stdlib.h>
#include <string.h>

int ai_parse(const char *name)
{
	if (!strcmp(name, "random"))
		return AI_RANDOM;
	return -1;
}

const char *ai_name(int kind)
{
	return kind == AI_RANDOM ? "random" : "human";
}

int ai_choose(int kind, struct game *g, struct action *out)
{
	int cap = 1024, n;
	struct action *list = malloc((size_t)cap * sizeof *list);

	(void)kind;
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
	if (n <= 0) {
		free(list);
		return -1;
	}
	*out = list[rng_below(&g->ai, (uint32_t)n)];
	free(list);
	return 0;
}
