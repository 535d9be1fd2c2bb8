/* The shortcuts random and computer players take must not change the rules:
 *   - the movement memo (rules->memo_new): actions() with a memo lists exactly what it lists
 *     without one, in the same order, also when the memo is shared by positions that take
 *     turns (a player looking at copies of the game), and listed actions apply the same;
 *   - rules->sample: the same draw with and without the memo; every action it draws is one
 *     actions() lists, over enough draws every listed action comes up, and the counts pass a
 *     chi-square test of uniformity over the list (the random player must stay exactly
 *     uniform), in positions of every phase it samples (Movement, fire, melee, rally; the
 *     Rally Phase's draw is also the very one rng_below over the list makes).
 * And game_apply_listed gives game_apply's result for every action played.
 * Every real quad scenario is played by random choices with these checks along the way; the
 * chi-square test itself is checked against a sampler with a small bias. */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/quad/qmemo.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define NACT 8192
#define STEPS 1500        /* actions played per scenario (the first part of a game) */
#define MEMO_EVERY 3      /* compare with and without the memo every this many actions */
#define SAMPLE_CHECKS 3   /* positions per scenario and kind of phase where sample() is checked */
#define SAMPLE_EVERY 7    /* Movement positions: steps step % SAMPLE_EVERY == SAMPLE_EVERY - 1 */
#define DRAWS_PER 12      /* draws per listed action */
#define DRAWS_MIN 3000    /* and at least this many in all */

/* The kinds of decision sample() is checked in, by what q_sample does with them. */
enum kind { K_MOVE, K_FIRE, K_MELEE, K_RALLY, K_OTHER, NKINDS };
static const char *const kind_names[NKINDS] = {"movement", "fire", "melee", "rally", "other"};

static int kind_of(const struct game *g)
{
	const struct q_state *st = q_cst(g);
	if (st->npend > 0)
		return K_OTHER;
	if (st->phase == QP_MOVE)
		return K_MOVE;
	if (st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE)
		return K_FIRE;
	if (st->phase == QP_MELEE)
		return K_MELEE;
	if (st->phase == QP_RALLY)
		return K_RALLY;
	return K_OTHER;
}

/* Pearson's chi-square statistic of hits[0..n) against draws spread evenly. */
static double chi2_stat(const int *hits, int n, int draws)
{
	double e = (double)draws / n, x = 0;
	for (int k = 0; k < n; k++)
		x += ((double)hits[k] - e) * ((double)hits[k] - e) / e;
	return x;
}

/* Does the statistic fit a uniform draw? Under uniformity it has mean n - 1 and standard
 * deviation sqrt(2 (n - 1)) (with >= 12 expected a cell, near enough chi-square); 6 of them
 * above the mean happens by chance less than once in 10^5 (the draws are seeded, so a
 * given build passes or fails always). */
static bool chi2_fits(double x, int n)
{
	return x <= (n - 1) + 6.0 * sqrt(2.0 * (n - 1)) + 10.0;
}

static const char *const paths[] = {
	"data/quad/alma/scenario.json",
	"data/quad/balaclava/scenario.json",
	"data/quad/inkerman/historical.json",
	"data/quad/inkerman/option.json",
	"data/quad/tchernaya/tchernaya.json",
	"data/quad/tchernaya/tchernaya-nonhistorical.json",
};

struct ctx {
	struct scenario s;
	struct game g, old, plain;
	struct action a[NACT], b[NACT];
	int hits[NACT];
};

/* actions() of g with its memo against a copy without one. */
static void check_memo(struct ctx *c, const struct game *g, const char *path, int step)
{
	c->plain = *g;
	c->plain.memo = NULL;
	int n = g->rules->actions(g, c->a, NACT);
	int m = c->plain.rules->actions(&c->plain, c->b, NACT);
	if (n != m)
		fail_msg("%s step %d: %d actions with the memo, %d without", path, step, n, m);
	for (int i = 0; i < n && i < NACT; i++)
		if (!action_same(&c->a[i], &c->b[i]))
			fail_msg("%s step %d: action %d differs with the memo", path, step, i);
	/* a listed move applies the same with and without it (the memo keeps each search's
	 * routes, so applying a move need not search again) */
	for (int i = 0, tried = 0; i < n && i < NACT && tried < 4; i += 1 + n / 5) {
		struct game *x = malloc(sizeof *x), *y = malloc(sizeof *y);
		struct err e;
		assert_non_null(x);
		assert_non_null(y);
		*x = *g;
		*y = c->plain;
		int ra = game_apply(x, &c->a[i], NULL, 0, NULL, &e), rb = game_apply(y, &c->a[i], NULL, 0, NULL, &e);
		if (ra != rb || (ra == 0 && x->rules->checksum(x) != y->rules->checksum(y)))
			fail_msg("%s step %d: action %d applies differently with the memo", path, step, i);
		tried++;
		free(x);
		free(y);
	}
	/* and sample() draws the same with and without it (a computer player's choice must not
	 * depend on whether its game has a memo) */
	struct rng r1, r2;
	struct action x, y;
	rng_init(&r1, (uint64_t)step, RNG_AI);
	r2 = r1;
	int rx = g->rules->sample(g, &r1, &x), ry = c->plain.rules->sample(&c->plain, &r2, &y);
	if (rx != ry || (rx == 0 && !action_same(&x, &y)) || memcmp(&r1, &r2, sizeof r1))
		fail_msg("%s step %d: sample() draws differently with the memo", path, step);
}

static void check_sample(struct ctx *c, const char *path, int step, struct rng *r)
{
	int n = c->g.rules->actions(&c->g, c->a, NACT), sampled = 0;
	int draws = DRAWS_PER * n < DRAWS_MIN ? DRAWS_MIN : DRAWS_PER * n;
	assert_true(n > 0 && n <= NACT);
	memset(c->hits, 0, sizeof c->hits);
	for (int d = 0; d < draws; d++) {
		struct action x;
		int rc = c->g.rules->sample(&c->g, r, &x), k;
		if (rc == 1)
			continue; /* it declined: the caller would list; allowed */
		assert_int_equal(rc, 0);
		sampled++;
		for (k = 0; k < n && !action_same(&x, &c->a[k]); k++)
			;
		if (k == n)
			fail_msg("%s step %d: sample() drew an action actions() does not list", path, step);
		c->hits[k]++;
	}
	if (sampled < draws / 2)
		fail_msg("%s step %d: sample() declined %d of %d draws", path, step, draws - sampled,
			 draws);
	for (int k = 0; k < n; k++)
		if (c->hits[k] == 0) {
			char t[ACTION_TEXT_MAX];
			c->g.rules->format(&c->g, &c->a[k], t, sizeof t);
			fail_msg("%s step %d: \"%s\" never drawn in %d draws over %d actions", path, step,
				 t, sampled, n);
		}
	double x = chi2_stat(c->hits, n, sampled);
	if (!chi2_fits(x, n))
		fail_msg("%s step %d (%s): not uniform: chi-square %.1f over %d actions, %d draws",
			 path, step, kind_names[kind_of(&c->g)], x, n, sampled);
}

static void run(const char *path, uint32_t options)
{
	struct ctx *c = calloc(1, sizeof *c);
	struct errlist el = {0};
	struct err e;
	struct rng pick, draw;
	int checked[NKINDS] = {0};

	assert_non_null(c);
	if (scenario_load(&c->s, path, &el) != 0)
		fail_msg("cannot load %s", path);
	assert_int_equal(game_init(&c->g, &c->s, 77, DICE_RNG, options, &e), 0);
	void *memo = c->s.rules->memo_new(&c->s);
	assert_non_null(memo);
	c->g.memo = memo;
	c->old = c->g;
	rng_init(&pick, 5, RNG_AI);
	rng_init(&draw, 6, RNG_AI);
	for (int step = 0; step < STEPS; step++) {
		struct result res;
		if (c->g.rules->over(&c->g, &res))
			break;
		if (step % MEMO_EVERY == 0) {
			check_memo(c, &c->g, path, step);
			check_memo(c, &c->old, path, step); /* the memo now holds another position */
		}
		if (step % 10 == 0)
			c->old = c->g;
		int n = c->g.rules->actions(&c->g, c->a, NACT);
		assert_true(n > 0 && n <= NACT);
		int kind = kind_of(&c->g);
		/* (Movement positions spaced out; the rarer combat decisions whenever they come) */
		if (checked[kind] < SAMPLE_CHECKS && n > 1 &&
		    (kind != K_MOVE || step % SAMPLE_EVERY == SAMPLE_EVERY - 1)) {
			struct action x;
			if (c->g.rules->sample(&c->g, &draw, &x) == 0) { /* a phase it samples */
				check_sample(c, path, step, &draw);
				checked[kind]++;
			}
			if (kind == K_RALLY) { /* drawn exactly as from the list: the same numbers */
				for (int k = 0; k < 50; k++) {
					struct rng r1 = draw, r2 = draw;
					assert_int_equal(c->g.rules->sample(&c->g, &r1, &x), 0);
					if (!action_same(&x, &c->a[rng_below(&r2, (uint32_t)n)]) ||
					    memcmp(&r1, &r2, sizeof r1))
						fail_msg("%s step %d: the Rally Phase's draw is not the list's", path, step);
					rng_below(&draw, 1000);
				}
			}
		}
		struct action *a = &c->a[rng_below(&pick, (uint32_t)n)];
		c->plain = c->g; /* game_apply_listed (crimea sim's) gives game_apply's result */
		assert_int_equal(game_apply_listed(&c->plain, a, &e), 0);
		assert_int_equal(game_apply(&c->g, a, NULL, 0, NULL, &e), 0);
		if (c->g.rules->checksum(&c->g) != c->plain.rules->checksum(&c->plain) ||
		    memcmp(&c->g.dice, &c->plain.dice, sizeof c->g.dice))
			fail_msg("%s step %d: game_apply_listed differs from game_apply", path, step);
	}
	/* every scenario has Movement, fire and Melee Phases with a choice in its first STEPS
	 * actions */
	if (checked[K_MOVE] == 0 || checked[K_FIRE] == 0 || checked[K_MELEE] == 0 ||
	    checked[K_RALLY] == 0)
		fail_msg("%s: sample() checked in %d Movement, %d fire, %d melee and %d rally positions",
			 path, checked[K_MOVE], checked[K_FIRE], checked[K_MELEE], checked[K_RALLY]);
	/* the memo comparisons above covered searches from its free-field cache (qmemo.c) */
	if (q_memo_ff_hits(memo) == 0)
		fail_msg("%s: no search was taken from the memo's free-field cache", path);
	c->s.rules->memo_free(memo);
	scenario_free(&c->s);
	free(c);
}

/* The chi-square test must catch what a wrong sampler would do: one action of 20 drawn
 * twice as often as the others (a sampler that counts it twice), or the actions drawn
 * group by group (a firer first, then one of its targets); and pass a uniform draw. */
static void test_chi2_catches_bias(void **state)
{
	(void)state;
	enum { N = 20, D = DRAWS_MIN };
	int hits[N];
	struct rng r;
	rng_init(&r, 3, RNG_AI);
	for (int bias = 0; bias < 3; bias++) {
		memset(hits, 0, sizeof hits);
		for (int d = 0; d < D; d++) {
			int k;
			if (bias == 0)
				k = (int)rng_below(&r, N);
			else if (bias == 1) /* 21 slots, action 0 in two of them */
				k = (int)rng_below(&r, N + 1) % N;
			else /* group {0, 1} or group {2 .. 19}, then a member */
				k = rng_below(&r, 2) ? (int)rng_below(&r, 2) : 2 + (int)rng_below(&r, N - 2);
			hits[k]++;
		}
		double x = chi2_stat(hits, N, D);
		if (chi2_fits(x, N) != (bias == 0))
			fail_msg("bias %d: chi-square %.1f, judged %s", bias, x,
				 chi2_fits(x, N) ? "uniform" : "not uniform");
	}
}

static void test_alma(void **state) { (void)state; run(paths[0], 0); }
static void test_balaclava(void **state) { (void)state; run(paths[1], 0); }
static void test_inkerman(void **state) { (void)state; run(paths[2], 0); }
static void test_inkerman_option(void **state) { (void)state; run(paths[3], 0); }
static void test_tchernaya(void **state) { (void)state; run(paths[4], 0); }
static void test_tchernaya_nonhistorical(void **state) { (void)state; run(paths[5], 0); }
/* with every optional rule: Inkerman [28.1] lists a split beside each fire */
static void test_inkerman_options(void **state) { (void)state; run(paths[2], Q_OPT_INKERMAN | Q_OPT_11_27); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chi2_catches_bias),
		cmocka_unit_test(test_alma),
		cmocka_unit_test(test_balaclava),
		cmocka_unit_test(test_inkerman),
		cmocka_unit_test(test_inkerman_option),
		cmocka_unit_test(test_tchernaya),
		cmocka_unit_test(test_tchernaya_nonhistorical),
		cmocka_unit_test(test_inkerman_options),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
