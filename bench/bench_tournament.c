/* tournament: every pair of computer players (random, greedy, search) plays every scenario
 * (the six quad ones, Charge of the Light Brigade's and Sevastopol's) from both sides, N games
 * each, with seeds derived deterministically from the scenario, the pairing, the side and the
 * game number. Prints, per scenario and pairing, the first-named player's wins, draws and
 * losses with 95% Wilson intervals on its win rate over all games and over decisive games, the
 * mean victory-point margin (its side's points minus the other's; in Sevastopol the bastions
 * held or taken, [19.0]) with a 95% normal interval, and the time per game.
 *
 *   build/bench/bench_tournament [-n N] [-b BUDGET] [-s SCENARIO] [-p A-B] [-a SIDE] [-r SALT]
 *                                [-j JOBS] [-B] [-q]
 *     -n   games per scenario, pairing and side (default 4)
 *     -b   search rollouts per decision (default AI_SEARCH_BUDGET)
 *     -s   only scenarios whose id contains SCENARIO, or is ID with "=ID" (repeatable)
 *     -p   only the pairing A-B, e.g. greedy-random (repeatable)
 *     -a   only the rows where A plays SIDE (e.g. allied)
 *     -r   other deals: salts every row's seeds with SALT (default 0, the tournament's own);
 *          a fresh salt measures a player on games nobody tuned it on
 *     -j   threads (default 1); the table is the same for any number (but s/game)
 *     -B   also plays B against B on the same deals and adds B-B's W-D-L from A's seat and
 *          A's gain over it: A's margin less B-B's, game by game, with a 95% interval (a
 *          paired comparison, the fairer one where a scenario favours one side)
 *     -q   no per-game progress (outcome, points, time) on stderr
 * Run from the repository root (it reads data/quad/..., data/cotlb/... and data/siege/...). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/sim.h"
#include "games/rules.h"
#include "scenarios.h"

#define MAX_STEPS 200000
#define JOBS_MAX 64

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
	/* with -B: the baseline's (B against B on the same deals) results from A's seat, and A's
	 * gain: A's margin less the baseline's, game by game */
	int bw, bd, bl;
	double gain_sum, gain_sq;
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

/* One row of the table: n games of one scenario, A's player on side aside and B's on the
 * other (or, for the baseline, B's on both), game k seeded sim_seed(base, k + 1). The games
 * are shared among threads; each result lands in its own slot, so the row is the same for
 * any number of threads. */
struct row {
	const struct scenario *s;
	uint64_t base;
	int kinds[2];       /* the player of each side */
	int budget;
	int n;
	bool quiet;
	const char *label;  /* for progress lines: "alma search-greedy A=allied" */
	struct sim_game *out; /* [n] */
	double *secs;       /* [n]: each game's wall time */
	pthread_mutex_t mu; /* guards next, failed and stderr */
	int next;
	bool failed;
};

static void *row_worker(void *arg)
{
	struct row *R = arg;
	struct game *g = malloc(sizeof *g);
	struct sim_cfg cfg = {0};

	cfg.cap = MAX_STEPS;
	for (int side = 0; side < 2; side++) {
		cfg.player[side].kind = R->kinds[side];
		cfg.player[side].budget = R->budget;
	}
	cfg.memo = R->s->rules->memo_new ? R->s->rules->memo_new(R->s) : NULL; /* speed only */
	cfg.ai_scratch = ai_scratch_new(R->s); /* the same */
	for (;;) {
		int k;
		pthread_mutex_lock(&R->mu);
		k = R->next++;
		if (!g)
			R->failed = true;
		pthread_mutex_unlock(&R->mu);
		if (k >= R->n || !g)
			break;
		double t0 = now();
		int rc = sim_play(R->s, R->base, (int64_t)k + 1, &cfg, g, &R->out[k]);
		R->secs[k] = now() - t0;
		pthread_mutex_lock(&R->mu);
		if (rc != 0) {
			fprintf(stderr, "%s seed %016llx: %s\n", R->label,
				(unsigned long long)R->out[k].seed, R->out[k].why);
			R->failed = true;
		} else if (!R->quiet) {
			fprintf(stderr, "%s seed %016llx: %s (%s %d, %s %d; %.1f s)\n", R->label,
				(unsigned long long)R->out[k].seed, R->out[k].level, R->s->side[0], R->out[k].vp[0],
				R->s->side[1], R->out[k].vp[1], R->secs[k]);
		}
		pthread_mutex_unlock(&R->mu);
	}
	if (cfg.memo)
		R->s->rules->memo_free(cfg.memo);
	ai_scratch_free(cfg.ai_scratch);
	free(g);
	return NULL;
}

/* Plays R's games on jobs threads. Returns 0, or -1 when a game or a thread failed. */
static int row_play(struct row *R, int jobs)
{
	pthread_t th[JOBS_MAX];
	int started = 0;

	R->next = 0;
	R->failed = false;
	if (pthread_mutex_init(&R->mu, NULL) != 0)
		return -1;
	for (int j = 1; j < jobs && j < R->n; j++)
		if (pthread_create(&th[started], NULL, row_worker, R) == 0)
			started++;
	row_worker(R); /* this thread plays too */
	for (int j = 0; j < started; j++)
		pthread_join(th[j], NULL);
	pthread_mutex_destroy(&R->mu);
	return R->failed ? -1 : 0;
}

static bool wanted(const char *id, int pair, char **sf, int nsf, char **pf, int npf)
{
	bool ok = nsf == 0;
	for (int i = 0; i < nsf; i++) /* "-s NAME": every id containing NAME; "-s =ID": that one */
		if (sf[i][0] == '=' ? !strcmp(id, sf[i] + 1) : strstr(id, sf[i]) != NULL)
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

/* Adds game k of a row (A on side aside) to t: A's result and margin. */
static void tally_add(struct tally *t, const struct sim_game *r, double secs, int aside)
{
	double m = r->vp[aside] - r->vp[1 - aside];
	t->margin_sum += m;
	t->margin_sq += m * m;
	t->secs += secs;
	if (r->winner == aside)
		t->w++;
	else if (r->winner < 0)
		t->d++;
	else
		t->l++;
}

static void tally_merge(struct tally *dst, const struct tally *src)
{
	dst->w += src->w;
	dst->d += src->d;
	dst->l += src->l;
	dst->margin_sum += src->margin_sum;
	dst->margin_sq += src->margin_sq;
	dst->secs += src->secs;
	dst->gain_sum += src->gain_sum;
	dst->gain_sq += src->gain_sq;
	dst->bw += src->bw;
	dst->bd += src->bd;
	dst->bl += src->bl;
}

/* "mean [lo,hi]": a mean with its 95% normal interval from n values' sum and sum of squares. */
static void mean_ci(char *out, size_t size, int n, double sum, double sq)
{
	double mean = sum / n;
	double var = n > 1 ? (sq - n * mean * mean) / (n - 1) : 0;
	double half = n > 1 ? 1.96 * sqrt(var > 0 ? var : 0) / sqrt(n) : 0;
	snprintf(out, size, "%+6.1f [%+.1f,%+.1f]", mean, mean - half, mean + half);
}

static void print_row(const char *id, const char *pair, const char *side, const struct tally *t, bool baseline)
{
	int games = t->w + t->d + t->l;
	double lo, hi, dlo, dhi;
	char a[32], b[32], c[48];
	wilson(t->w, games, &lo, &hi);
	wilson(t->w, t->w + t->l, &dlo, &dhi);
	snprintf(a, sizeof a, "%3.0f%% [%2.0f-%3.0f]", 100.0 * t->w / games, 100 * lo, 100 * hi);
	if (t->w + t->l)
		snprintf(b, sizeof b, "%3.0f%% [%2.0f-%3.0f]", 100.0 * t->w / (t->w + t->l), 100 * dlo, 100 * dhi);
	else
		snprintf(b, sizeof b, "-");
	mean_ci(c, sizeof c, games, t->margin_sum, t->margin_sq);
	printf("%-24s %-15s %-8s %5d %3d %3d %3d %-17s %-17s %-18s %8.2f", id, pair, side, games, t->w,
	       t->d, t->l, a, b, c, t->secs / games);
	if (baseline) {
		char bwdl[32], gain[48];
		snprintf(bwdl, sizeof bwdl, "%d-%d-%d", t->bw, t->bd, t->bl);
		mean_ci(gain, sizeof gain, games, t->gain_sum, t->gain_sq);
		printf("  %-11s %s", bwdl, gain);
	}
	printf("\n");
	fflush(stdout);
}

static const char usage[] =
	"usage: tournament [-n N] [-b BUDGET] [-s SCENARIO] [-p A-B] [-a SIDE] [-r SALT] [-j JOBS] [-B] [-q]\n";

int main(int argc, char **argv)
{
	int n = 4, budget = AI_SEARCH_BUDGET, nsf = 0, npf = 0, jobs = 1;
	char *sf[16], *pf[16];
	const char *only_side = NULL;
	uint64_t salt = 0;
	bool quiet = false, baseline = false;
	int rows = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-b") && i + 1 < argc)
			budget = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc && nsf < 16)
			sf[nsf++] = argv[++i];
		else if (!strcmp(argv[i], "-p") && i + 1 < argc && npf < 16)
			pf[npf++] = argv[++i];
		else if (!strcmp(argv[i], "-a") && i + 1 < argc)
			only_side = argv[++i];
		else if (!strcmp(argv[i], "-r") && i + 1 < argc)
			salt = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-j") && i + 1 < argc)
			jobs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-B"))
			baseline = true;
		else if (!strcmp(argv[i], "-q"))
			quiet = true;
		else {
			fputs(usage, stderr);
			return 2;
		}
	}
	if (n < 1 || budget < 1 || jobs < 1 || jobs > JOBS_MAX) {
		fprintf(stderr, "tournament: -n and -b must be at least 1, -j from 1 to %d\n", JOBS_MAX);
		return 2;
	}
	struct sim_game *out = calloc((size_t)n, sizeof *out), *bout = calloc((size_t)n, sizeof *bout);
	double *secs = calloc((size_t)n, sizeof *secs), *bsecs = calloc((size_t)n, sizeof *bsecs);
	if (!out || !bout || !secs || !bsecs) {
		fprintf(stderr, "tournament: out of memory\n");
		return 1;
	}
	printf("# tournament: %d games per scenario, pairing and side; search budget %d rollouts", n, budget);
	if (salt)
		printf("; seed salt %llu", (unsigned long long)salt);
	printf("\n%-24s %-15s %-8s %5s %3s %3s %3s %-17s %-17s %-18s %8s", "scenario", "A-B", "A side",
	       "games", "W", "D", "L", "A wins [95%]", "A of decisive", "margin [95%]", "s/game");
	if (baseline)
		printf("  %-11s %s", "B-B W-D-L", "A's gain over B [95%]");
	printf("\n");
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
			int nsides = 0;
			char pair[40];
			snprintf(pair, sizeof pair, "%s-%s", ai_name(pairs[p][0]), ai_name(pairs[p][1]));
			for (int aside = 0; aside < 2; aside++) {
				struct tally t = {0};
				char label[128];
				if (only_side && strcmp(only_side, s.side[aside]))
					continue;
				/* the seeds of the tournament before -r: rng_mix(rng_mix(sc * 131 + p, aside), k + 1) */
				uint64_t base = rng_mix((uint64_t)sc * 131 + (uint64_t)p, (uint64_t)aside);
				if (salt)
					base = rng_mix(base, salt);
				snprintf(label, sizeof label, "%s %s A=%s", s.id, pair, s.side[aside]);
				struct row R = {.s = &s, .base = base, .budget = budget, .n = n, .quiet = quiet,
						.label = label, .out = out, .secs = secs};
				R.kinds[aside] = pairs[p][0];
				R.kinds[1 - aside] = pairs[p][1];
				if (row_play(&R, jobs) != 0)
					return 1;
				if (baseline) { /* B on both sides, the same deals */
					char blabel[160];
					snprintf(blabel, sizeof blabel, "%s (baseline %s-%s)", label,
						 ai_name(pairs[p][1]), ai_name(pairs[p][1]));
					struct row B = {.s = &s, .base = base, .kinds = {pairs[p][1], pairs[p][1]},
							.budget = budget, .n = n, .quiet = quiet, .label = blabel,
							.out = bout, .secs = bsecs};
					if (row_play(&B, jobs) != 0)
						return 1;
				}
				for (int k = 0; k < n; k++) {
					tally_add(&t, &out[k], secs[k], aside);
					if (baseline) {
						struct tally b = {0};
						tally_add(&b, &bout[k], 0, aside);
						double gain = (out[k].vp[aside] - out[k].vp[1 - aside]) - b.margin_sum;
						t.gain_sum += gain;
						t.gain_sq += gain * gain;
						t.bw += b.w;
						t.bd += b.d;
						t.bl += b.l;
					}
				}
				print_row(s.id, pair, s.side[aside], &t, baseline);
				rows++;
				tally_merge(&both, &t);
				nsides++;
			}
			if (nsides == 2)
				print_row(s.id, pair, "both", &both, baseline);
		}
		scenario_free(&s);
	}
	free(out);
	free(bout);
	free(secs);
	free(bsecs);
	if (rows == 0) {
		fprintf(stderr, "tournament: no scenario, pairing and side matched -s, -p and -a\n");
		return 2;
	}
	return 0;
}
