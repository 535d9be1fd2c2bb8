/* bench_game: whole-game speed. For each quad scenario: random-against-random games per second
 * on one core (the sim path: sim_play with the rules' memo, so random players draw with
 * rules->sample), mean actions a game; and the size and copy time of a game state (game_copy).
 *   build/bench/bench_game [-n GAMES] [-s SCENARIO] [-a PLAYER]   (PLAYER: random, greedy)
 * Run from the repository root. Wall clock (CLOCK_MONOTONIC) on one thread; for a repeatable
 * figure count instructions instead:
 *   valgrind --tool=callgrind build/bench/bench_game -n 20 -s balaclava
 * and divide the total by the games (the scenario load is a few per cent of it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/sim.h"
#include "games/rules.h"

static const char *const scenarios[][2] = {
	{"alma", "data/quad/alma/scenario.json"},
	{"balaclava", "data/quad/balaclava/scenario.json"},
	{"inkerman", "data/quad/inkerman/historical.json"},
	{"inkerman-option", "data/quad/inkerman/option.json"},
	{"tchernaya", "data/quad/tchernaya/tchernaya.json"},
	{"tchernaya-nonhistorical", "data/quad/tchernaya/tchernaya-nonhistorical.json"},
	/* (a few seconds a game: only when asked for, -s cotlb-balaclava -n 5) */
	{"cotlb-balaclava", "data/cotlb/balaclava-2014-scenario.json"},
	/* (some 30 ms a game: only when asked for, -s sevastopol -n 100) */
	{"sevastopol", "data/siege/sevastopol-scenario.json"},
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ns per game copy (game_copy: the header and the rule system's state): the median of 9 batches
 * of 100 000 copies back and forth. */
static double copy_ns(const struct game *g)
{
	struct game *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	double best[9];
	if (!a || !b) {
		free(a);
		free(b);
		return -1;
	}
	game_copy(a, g);
	for (int r = 0; r < 9; r++) {
		double t0 = now();
		for (int i = 0; i < 50000; i++) {
			game_copy(b, a);
			__asm__ volatile("" : : "r"(b) : "memory"); /* keep every copy */
			game_copy(a, b);
			__asm__ volatile("" : : "r"(a) : "memory");
		}
		best[r] = (now() - t0) / 100000 * 1e9;
	}
	for (int i = 1; i < 9; i++) /* insertion sort for the median */
		for (int j = i; j > 0 && best[j] < best[j - 1]; j--) {
			double t = best[j];
			best[j] = best[j - 1];
			best[j - 1] = t;
		}
	free(a);
	free(b);
	return best[4];
}

int main(int argc, char **argv)
{
	int n = 50, player = AI_RANDOM;
	const char *only = NULL;
	struct game *g = malloc(sizeof *g);

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "-a") && i + 1 < argc)
			player = ai_parse(argv[++i]);
		else {
			fprintf(stderr, "usage: bench_game [-n GAMES] [-s SCENARIO] [-a random|greedy]\n");
			return 2;
		}
	}
	if (!g || n < 1 || player < 0)
		return 2;
	printf("%-24s %7s %9s %10s %12s\n", "scenario", "games", "actions", "ms/game", "games/s/core");
	for (size_t k = 0; k < sizeof scenarios / sizeof scenarios[0]; k++) {
		struct scenario s;
		struct errlist el = {0};
		struct sim_game r;
		long actions = 0;
		if (only ? strcmp(only, scenarios[k][0]) != 0 : !strcmp(scenarios[k][0], "cotlb-balaclava") || !strcmp(scenarios[k][0], "sevastopol"))
			continue;
		if (scenario_load(&s, scenarios[k][1], &el) != 0) {
			fprintf(stderr, "cannot load %s\n", scenarios[k][1]);
			return 1;
		}
		struct sim_cfg cfg = {0, {{player, AI_SEARCH_BUDGET, ""}, {player, AI_SEARCH_BUDGET, ""}}, SIM_ACTION_CAP,
				      s.rules->memo_new ? s.rules->memo_new(&s) : NULL, false, ai_scratch_new(&s)};
		double t0 = now();
		for (int i = 0; i < n; i++) {
			if (sim_play(&s, 1, i, &cfg, g, &r) != 0) {
				fprintf(stderr, "%s game %d: %s\n", scenarios[k][0], i, r.why);
				return 1;
			}
			actions += r.actions;
		}
		double dt = now() - t0;
		printf("%-24s %7d %9.0f %10.2f %12.0f\n", scenarios[k][0], n, (double)actions / n,
		       dt / n * 1e3, n / dt);
		if (k == 1 || (only && !strcmp(only, scenarios[k][0]))) {
			struct err e;
			game_init(g, &s, 1, DICE_RNG, 0, &e);
			printf("  game state: %zu bytes (header %zu, %s state %zu), copied in %.1f ns (median of 9 x 100000)\n",
			       offsetof(struct game, st) + s.rules->state_size, offsetof(struct game, st), s.rules->id,
			       s.rules->state_size, copy_ns(g));
		}
		if (s.rules->memo_free)
			s.rules->memo_free(cfg.memo);
		ai_scratch_free(cfg.ai_scratch);
		scenario_free(&s);
	}
	free(g);
	return 0;
}
