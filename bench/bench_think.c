/* think: how long a computer player keeps a person waiting. Plays N games of each scenario with
 * the measured player on one side and greedy on the other, times each of the measured player's
 * decisions (wall clock), and prints per scenario and side the decisions a game, the thinking a
 * game, and the spread of a decision's wait: median, 90th and 99th percentile, the longest,
 * and how many a game keep the person waiting a second or more.
 *
 *   build/bench/bench_think [-n N] [-p PLAYER] [-s SCENARIO] [-a SIDE] [-r SEED] [-t THREADS]
 *     -n   games per scenario and side (default 1)
 *     -p   the player measured, as `crimea play --ai` takes it (default search)
 *     -s   only scenarios whose id contains SCENARIO, or is ID with "=ID" (repeatable)
 *     -a   only the rows where the measured player plays SIDE
 *     -r   study seed: game k of a row is seeded rng_mix(seed, k + 1) (default 1)
 *     -t   threads the player's rollouts run on (ai_scratch_threads; default 1); the games
 *          are the same for any number, and the last column says so: a checksum of the
 *          measured player's choices
 * Run from the repository root (it reads data/quad/..., data/cotlb/... and data/siege/...).
 * Times are wall clock: run it on an idle machine and read them as such. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/sim.h"
#include "games/rules.h"
#include "scenarios.h"

#define MAX_STEPS 200000
#define MAX_FILTERS 16

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The q-quantile of n sorted values (nearest rank). */
static double quantile(const double *v, int n, double q)
{
	int k = (int)(q * n + 0.999999);
	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

/* A hash of what makes an action the action it is (action_same: kind and the arguments used). */
static uint64_t action_hash(const struct action *a)
{
	uint64_t h = rng_mix((uint64_t)(uint16_t)a->kind, (uint64_t)(uint16_t)a->n);
	for (int i = 0; i < a->n && i < ACTION_ARGS; i++)
		h = rng_mix(h, (uint64_t)(uint32_t)a->arg[i]);
	return h;
}

/* Plays one game, the measured player on side me and greedy on the other, appending each of
 * the measured player's waits to *t (grown as needed) and mixing its choices into *sum.
 * Returns 0, or -1 on an error (printed). */
static int play_one(const struct scenario *s, uint64_t seed, int me, const struct ai_player *measured,
		    void *memo, struct ai_scratch *scr, struct game *g, double **t, int *nt, int *cap, uint64_t *sum)
{
	struct ai_player greedy = {.kind = AI_GREEDY, .budget = AI_SEARCH_BUDGET};
	struct action a;
	struct err e;
	if (game_init(g, s, seed, DICE_RNG, 0, &e) != 0) {
		fprintf(stderr, "%s: %s\n", s->id, e.msg);
		return -1;
	}
	g->memo = memo;
	g->ai_scratch = scr;
	for (long n = 0; !g->rules->over(g, NULL); n++) {
		int side = g->rules->to_act(g);
		if (n >= MAX_STEPS || side < 0 || side > 1) {
			fprintf(stderr, "%s seed %016llx: no end\n", s->id, (unsigned long long)seed);
			return -1;
		}
		double t0 = now();
		if (ai_player_choose(side == me ? measured : &greedy, g, &a) != 0) {
			fprintf(stderr, "%s seed %016llx: no action\n", s->id, (unsigned long long)seed);
			return -1;
		}
		if (side == me) {
			*sum = rng_mix(*sum, action_hash(&a));
			if (*nt == *cap) {
				int nc = *cap ? *cap * 2 : 1024;
				double *m = realloc(*t, (size_t)nc * sizeof **t);
				if (!m)
					return -1;
				*t = m;
				*cap = nc;
			}
			(*t)[(*nt)++] = now() - t0;
		}
		if (game_apply_listed(g, &a, &e) != 0) {
			fprintf(stderr, "%s seed %016llx: refused: %s\n", s->id, (unsigned long long)seed, e.msg);
			return -1;
		}
	}
	return 0;
}

static bool wanted(const char *id, char *const *sf, int nsf)
{
	if (!nsf)
		return true;
	for (int k = 0; k < nsf; k++)
		if (sf[k][0] == '=' ? !strcmp(id, sf[k] + 1) : strstr(id, sf[k]) != NULL)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	int n = 1, nsf = 0, nt, cap = 0, threads = 1, rows = 0;
	char *sf[MAX_FILTERS];
	const char *pname = "search", *only_side = NULL;
	unsigned long long seed = 1;
	struct ai_player measured;
	double *t = NULL;

	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "-n") && v)
			n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-p") && v)
			pname = argv[++i];
		else if (!strcmp(argv[i], "-s") && v && nsf < MAX_FILTERS)
			sf[nsf++] = argv[++i];
		else if (!strcmp(argv[i], "-a") && v)
			only_side = argv[++i];
		else if (!strcmp(argv[i], "-r") && v)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-t") && v)
			threads = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: think [-n N] [-p PLAYER] [-s SCENARIO] [-a SIDE] [-r SEED] [-t THREADS]\n");
			return 2;
		}
	}
	if (n < 1 || threads < 1 || threads > AI_THREADS_MAX || ai_player_parse(pname, &measured) != 0) {
		fprintf(stderr, "think: bad -n, -t or -p %s\n", pname);
		return 2;
	}
	struct game *g = malloc(sizeof *g);
	if (!g)
		return 1;
	printf("# think: %s's waits a decision (wall clock), %d game(s) a row against greedy, seed %llu, %d thread(s)\n",
	       pname, n, seed, threads);
	printf("%-24s %-8s %9s %9s %8s %8s %8s %8s %9s  %s\n", "scenario", "side", "dec/game", "s/game", "median",
	       "p90", "p99", "max", ">=1s/game", "choices");
	for (int sc = 0; sc < NSCN; sc++) {
		struct scenario s;
		struct errlist errs;
		errlist_init(&errs);
		if (scenario_load(&s, scenarios[sc], &errs) != 0) {
			fprintf(stderr, "cannot load %s\n", scenarios[sc]);
			return 1;
		}
		if (!wanted(s.id, sf, nsf) || !ai_player_fits(&measured, s.rules)) {
			scenario_free(&s);
			continue;
		}
		void *memo = s.rules->memo_new ? s.rules->memo_new(&s) : NULL;
		struct ai_scratch *scr = ai_scratch_new(&s);
		if (!scr || ai_scratch_threads(scr, threads) != 0)
			return 1;
		for (int me = 0; me < 2; me++) {
			if (only_side && strcmp(only_side, s.side[me]))
				continue;
			uint64_t csum = 0;
			nt = 0;
			for (int k = 0; k < n; k++)
				if (play_one(&s, rng_mix(seed, (uint64_t)k + 1), me, &measured, memo, scr, g, &t, &nt,
					     &cap, &csum) != 0)
					return 1;
			if (!nt)
				continue;
			double sum = 0;
			int slow = 0;
			for (int k = 0; k < nt; k++) {
				sum += t[k];
				slow += t[k] >= 1.0;
			}
			qsort(t, (size_t)nt, sizeof *t, cmp_double);
			printf("%-24s %-8s %9.1f %9.2f %7.3fs %7.3fs %7.3fs %7.3fs %9.2f  %016llx\n", s.id, s.side[me],
			       (double)nt / n, sum / n, quantile(t, nt, 0.5), quantile(t, nt, 0.9), quantile(t, nt, 0.99),
			       t[nt - 1], (double)slow / n, (unsigned long long)csum);
			fflush(stdout);
			rows++;
		}
		if (memo)
			s.rules->memo_free(memo);
		ai_scratch_free(scr);
		scenario_free(&s);
	}
	free(t);
	free(g);
	if (!rows) {
		fprintf(stderr, "think: no scenario and side matched (or the player never decided)\n");
		return 2;
	}
	return 0;
}
