/* bench_prompt: how long the play prompt keeps a person waiting. For each quad scenario at its
 * set-up: the tab key's completion (complete_line, src/app/complete.c) of a few typical lines,
 * and a hint (ai_player_hint) from greedy and from search, in milliseconds (wall clock, median
 * of the repetitions).
 *   build/bench/bench_prompt [-r REPS]
 * Run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "app/complete.h"
#include "games/rules.h"

static const char *const scenarios[][2] = {
	{"alma", "data/quad/alma/scenario.json"},
	{"balaclava", "data/quad/balaclava/scenario.json"},
	{"inkerman", "data/quad/inkerman/historical.json"},
	{"tchernaya", "data/quad/tchernaya/tchernaya.json"},
};
static const char *const lines[] = {"", "move ", "actions ", "odds "};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static struct complete_list L;
	int reps = 9;
	double t[64];

	if (argc == 3 && !strcmp(argv[1], "-r"))
		reps = atoi(argv[2]);
	if (reps < 1 || reps > 64) {
		fprintf(stderr, "usage: bench_prompt [-r REPS], 1 <= REPS <= 64\n");
		return 2;
	}
	printf("%-10s %-22s %10s %9s\n", "scenario", "what", "candidates", "ms");
	for (size_t k = 0; k < sizeof scenarios / sizeof *scenarios; k++) {
		struct scenario s;
		struct errlist el;
		struct err e;
		struct game *g = malloc(sizeof *g);
		errlist_init(&el);
		if (!g || scenario_load(&s, scenarios[k][1], &el) != 0 ||
		    game_init(g, &s, 1, DICE_RNG, 0, &e) != 0) {
			fprintf(stderr, "bench_prompt: cannot load %s\n", scenarios[k][1]);
			return 1;
		}
		g->memo = s.rules->memo_new ? s.rules->memo_new(&s) : NULL;
		g->ai_scratch = ai_scratch_new(&s);
		for (size_t l = 0; l < sizeof lines / sizeof *lines; l++) {
			int n = 0;
			for (int r = 0; r < reps; r++) {
				double t0 = now();
				n = complete_line(g, lines[l], &L);
				t[r] = now() - t0;
			}
			qsort(t, (size_t)reps, sizeof t[0], cmp_d);
			char what[32];
			snprintf(what, sizeof what, "tab after \"%s\"", lines[l]);
			printf("%-10s %-22s %10d %9.2f\n", scenarios[k][0], what, n, t[reps / 2] * 1e3);
		}
		for (int p = 0; p < 2; p++) {
			struct ai_player pl;
			struct action a;
			ai_player_parse(p ? "search" : "greedy", &pl);
			for (int r = 0; r < (p ? 3 : reps); r++) {
				double t0 = now();
				ai_player_hint(&pl, g, true, &a);
				t[r] = now() - t0;
			}
			qsort(t, (size_t)(p ? 3 : reps), sizeof t[0], cmp_d);
			printf("%-10s %-22s %10s %9.2f\n", scenarios[k][0], p ? "hint search" : "hint greedy", "",
			       t[(p ? 3 : reps) / 2] * 1e3);
		}
		if (g->memo)
			s.rules->memo_free(g->memo);
		ai_scratch_free(g->ai_scratch);
		free(g);
		scenario_free(&s);
	}
	return 0;
}
