/* tournament: every pair of computer players (random, greedy, search) plays every quad
 * scenario from both sides, N games each, with seeds derived deterministically from the
 * scenario, the pairing, the side and the game number. Prints, per scenario and pairing, the
 * first-named player's wins, draws and losses with 95% Wilson intervals on its win rate over
 * all games and over decisive games, the mean victory-point margin (its side's points minus
 * the other's) with a 95% normal interval, and the time per game.
 *
 *   build/bench/tournament [-n N] [-b BUDGET] [-s SCENARIO] [-p A-B] [-q]
 *     -n   games per scenario, pairing and side (default 4)
 *     -b   search rollouts per decision (default AI_SEARCH_BUDGET)
 *     -s   only scenarios whose id contains SCENARIO (repeatable)
 *     -p   only the pairing A-B, e.g. greedy-random (repeatable)
 *     -q   no per-game progress on stderr
 * Run from the repository root (it reads data/quad/...). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "games/rules.h"

#define MAX_STEPS 200000

static const char *const scenarios[] = {
	"data/quad/alma/scenario.json",
	"data/quad/balaclava/scenario.json",
	"data/quad/inkerman/historical.json",
	"data/quad/inkerman/option.json",
	"data/quad/tchernaya/tchernaya.json",
	"data/quad/tchernaya/tchernaya-nonhistorical.json",
};
#define NSCN (int)(sizeof scenarios / sizeof scenarios[0])

/* first-named player, second-named player */
static const int pairs[][2] = {
	{AI_GREEDY, AI_RANDOM},
	{AI_SEARCH, AI_RANDOM},
	{AI_SEARCH, AI_GREEDY},
};
#define NPAIRS (int)(sizeof pairs / sizeof pairs[0])

struct tally {
	int w, d, l;
	double margin_sum, margin_sq;
	double secs;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Wilson score interval for k successes in n at 95%. */
static void wilson(int k, int n, double *lo, double *hi)
{
	const double z = 1.959964;
	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	double p = (double)k / n, z2 = z * z / n;
	double c = (p + z2 / 2) / (1 + z2);
	double h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
	*lo = c - h < 0 ? 0 : c - h;
	*hi = c + h > 1 ? 1 : c + h;
}

/* Plays one game; kinds[side] is the player of each side. Fills r. Returns 0 or -1. */
static int play(const struct scenario *s, uint64_t seed, const int kinds[2], int budget,
		struct result *r)
{
	struct game *g = malloc(sizeof *g);
	struct err e;
	int rc = -1;

	if (!g)
		return -1;
	if (game_init(g, s, seed, DICE_RNG, 0, &e) != 0) {
		fprintf(stderr, "%s: %s\n", s->id, e.msg);
		goto out;
	}
	g->memo = s->rules->memo_new ? s->rules->memo_new(s) : NULL; /* speed only */
	g->ai_scratch = ai_scratch_new(s); /* the same */
	for (long step = 0; step < MAX_STEPS; step++) {
		struct action a;
		if (g->rules->over(g, r)) {
			rc = 0;
			goto out;
		}
		int side = g->rules->to_act(g);
		if (ai_choose_budget(kinds[side], g, &a, budget) != 0) {
			fprintf(stderr, "%s seed %llu: no action for %s\n", s->id, (unsigned long long)seed,
				s->side[side]);
			goto out;
		}
		if (game_apply(g, &a, NULL, 0, NULL, &e) != 0) {
			fprintf(stderr, "%s seed %llu: %s's action refused: %s\n", s->id,
				(unsigned long long)seed, ai_name(kinds[side]), e.msg);
			goto out;
		}
	}
	fprintf(stderr, "%s seed %llu: no end after %d actions\n", s->id, (unsigned long long)seed, MAX_STEPS);
out:
	if (g->memo)
		s->rules->memo_free(g->memo);
	ai_scratch_free(g->ai_scratch);
	free(g);
	return rc;
}

static bool wanted(const char *id, int pair, char **sf, int nsf, char **pf, int npf)
{
	bool ok = nsf == 0;
	for (int i = 0; i < nsf; i++)
		if (strstr(id, sf[i]))
			ok = true;
	if (!ok)
		return false;
	if (npf == 0)
		return true;
	char name[64];
	snprintf(name, sizeof name, "%s-%s", ai_name(pairs[pair][0]), ai_name(pairs[pair][1]));
	for (int i = 0; i < npf; i++)
		if (!strcmp(name, pf[i]))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	int n = 4, budget = AI_SEARCH_BUDGET, nsf = 0, npf = 0;
	char *sf[16], *pf[16];
	bool quiet = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-b") && i + 1 < argc)
			budget = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc && nsf < 16)
			sf[nsf++] = argv[++i];
		else if (!strcmp(argv[i], "-p") && i + 1 < argc && npf < 16)
			pf[npf++] = argv[++i];
		else if (!strcmp(argv[i], "-q"))
			quiet = true;
		else {
			fprintf(stderr, "usage: tournament [-n N] [-b BUDGET] [-s SCENARIO] [-p A-B] [-q]\n");
			return 2;
		}
	}
	if (n < 1 || budget < 1) {
		fprintf(stderr, "tournament: -n and -b must be at least 1\n");
		return 2;
	}
	printf("# tournament: %d games per scenario, pairing and side; search budget %d rollouts\n", n, budget);
	printf("%-24s %-15s %-8s %5s %3s %3s %3s %-17s %-17s %-18s %8s\n", "scenario", "A-B", "A side",
	       "games", "W", "D", "L", "A wins [95%]", "A of decisive", "margin [95%]", "s/game");
	for (int sc = 0; sc < NSCN; sc++) {
		struct scenario s;
		struct errlist errs;
		errlist_init(&errs);
		if (scenario_load(&s, scenarios[sc], &errs) != 0) {
			fprintf(stderr, "cannot load %s\n", scenarios[sc]);
			return 1;
		}
		for (int p = 0; p < NPAIRS; p++) {
			if (!wanted(s.id, p, sf, nsf, pf, npf))
				continue;
			struct tally both = {0};
			for (int aside = 0; aside <= 2; aside++) {
				struct tally t = {0};
				if (aside == 2) {
					t = both;
				} else {
					for (int k = 0; k < n; k++) {
						int kinds[2];
						struct result r;
						uint64_t seed = rng_mix(rng_mix((uint64_t)sc * 131 + (uint64_t)p, (uint64_t)aside),
									(uint64_t)k + 1);
						kinds[aside] = pairs[p][0];
						kinds[1 - aside] = pairs[p][1];
						double t0 = now();
						if (play(&s, seed, kinds, budget, &r) != 0)
							return 1;
						t.secs += now() - t0;
						double m = r.vp[aside] - r.vp[1 - aside];
						t.margin_sum += m;
						t.margin_sq += m * m;
						if (r.winner == aside)
							t.w++;
						else if (r.winner < 0)
							t.d++;
						else
							t.l++;
						if (!quiet)
							fprintf(stderr, "%s %s-%s A=%s seed %016llx: %s (%.1f s)\n", s.id,
								ai_name(pairs[p][0]), ai_name(pairs[p][1]), s.side[aside],
								(unsigned long long)seed, r.level, now() - t0);
					}
					both.w += t.w;
					both.d += t.d;
					both.l += t.l;
					both.margin_sum += t.margin_sum;
					both.margin_sq += t.margin_sq;
					both.secs += t.secs;
				}
				int games = t.w + t.d + t.l;
				double lo, hi, dlo, dhi, mean = t.margin_sum / games;
				double var = games > 1 ? (t.margin_sq - games * mean * mean) / (games - 1) : 0;
				double half = games > 1 ? 1.96 * sqrt(var > 0 ? var : 0) / sqrt(games) : 0;
				char a[32], b[32], c[40], pair[40];
				wilson(t.w, games, &lo, &hi);
				wilson(t.w, t.w + t.l, &dlo, &dhi);
				snprintf(a, sizeof a, "%3.0f%% [%2.0f-%3.0f]", 100.0 * t.w / games, 100 * lo, 100 * hi);
				if (t.w + t.l)
					snprintf(b, sizeof b, "%3.0f%% [%2.0f-%3.0f]", 100.0 * t.w / (t.w + t.l), 100 * dlo, 100 * dhi);
				else
					snprintf(b, sizeof b, "-");
				snprintf(c, sizeof c, "%+6.1f [%+.1f,%+.1f]", mean, mean - half, mean + half);
				snprintf(pair, sizeof pair, "%s-%s", ai_name(pairs[p][0]), ai_name(pairs[p][1]));
				printf("%-24s %-15s %-8s %5d %3d %3d %3d %-17s %-17s %-18s %8.2f\n", s.id, pair,
				       aside == 2 ? "both" : s.side[aside], games, t.w, t.d, t.l, a, b, c,
				       t.secs / games);
				fflush(stdout);
			}
		}
		scenario_free(&s);
	}
	return 0;
}
