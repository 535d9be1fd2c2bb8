/* The two shortcuts random and computer players take must not change the rules:
 *   - the movement memo (rules->memo_new): actions() with a memo lists exactly what it lists
 *     without one, in the same order, also when the memo is shared by positions that take
 *     turns (a player looking at copies of the game), and listed actions apply the same;
 *   - rules->sample: the same draw with and without the memo; every action it draws is one actions() lists, and over enough draws every
 *     listed action comes up (it is meant to be uniform over the list).
 * Every real quad scenario is played by random choices with both checks along the way. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define NACT 8192
#define STEPS 1500        /* actions played per scenario (the first part of a game) */
#define MEMO_EVERY 3      /* compare with and without the memo every this many actions */
#define SAMPLE_CHECKS 3   /* positions per scenario where sample() is checked */
#define SAMPLE_EVERY 97
#define DRAWS_PER 12      /* draws per listed action */

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

static bool same_action(const struct action *x, const struct action *y)
{
	if (x->kind != y->kind || x->n != y->n)
		return false;
	for (int i = 0; i < x->n; i++)
		if (x->arg[i] != y->arg[i])
			return false;
	return true;
}

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
		if (!same_action(&c->a[i], &c->b[i]))
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
	if (rx != ry || (rx == 0 && !same_action(&x, &y)) || memcmp(&r1, &r2, sizeof r1))
		fail_msg("%s step %d: sample() draws differently with the memo", path, step);
}

static void check_sample(struct ctx *c, const char *path, int step, struct rng *r)
{
	int n = c->g.rules->actions(&c->g, c->a, NACT), sampled = 0;
	assert_true(n > 0 && n <= NACT);
	memset(c->hits, 0, sizeof c->hits);
	for (int d = 0; d < DRAWS_PER * n; d++) {
		struct action x;
		int rc = c->g.rules->sample(&c->g, r, &x), k;
		if (rc == 1)
			continue; /* it declined: the caller would list; allowed */
		assert_int_equal(rc, 0);
		sampled++;
		for (k = 0; k < n && !same_action(&x, &c->a[k]); k++)
			;
		if (k == n)
			fail_msg("%s step %d: sample() drew an action actions() does not list", path, step);
		c->hits[k]++;
	}
	if (sampled < DRAWS_PER * n / 2)
		fail_msg("%s step %d: sample() declined %d of %d draws", path, step,
			 DRAWS_PER * n - sampled, DRAWS_PER * n);
	for (int k = 0; k < n; k++)
		if (c->hits[k] == 0) {
			char t[ACTION_TEXT_MAX];
			c->g.rules->format(&c->g, &c->a[k], t, sizeof t);
			fail_msg("%s step %d: \"%s\" never drawn in %d draws over %d actions", path, step,
				 t, sampled, n);
		}
}

static void run(const char *path)
{
	struct ctx *c = calloc(1, sizeof *c);
	struct errlist el = {0};
	struct err e;
	struct rng pick, draw;
	int checked = 0;

	assert_non_null(c);
	if (scenario_load(&c->s, path, &el) != 0)
		fail_msg("cannot load %s", path);
	assert_int_equal(game_init(&c->g, &c->s, 77, DICE_RNG, 0, &e), 0);
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
		if (checked < SAMPLE_CHECKS && step % SAMPLE_EVERY == SAMPLE_EVERY - 1 && n > 1) {
			struct action x;
			if (c->g.rules->sample(&c->g, &draw, &x) == 0) { /* a phase it samples */
				check_sample(c, path, step, &draw);
				checked++;
			}
		}
		struct action *a = &c->a[rng_below(&pick, (uint32_t)n)];
		assert_int_equal(game_apply(&c->g, a, NULL, 0, NULL, &e), 0);
	}
	if (checked == 0)
		fail_msg("%s: sample() was never checked", path);
	c->s.rules->memo_free(memo);
	scenario_free(&c->s);
	free(c);
}

static void test_alma(void **state) { (void)state; run(paths[0]); }
static void test_balaclava(void **state) { (void)state; run(paths[1]); }
static void test_inkerman(void **state) { (void)state; run(paths[2]); }
static void test_inkerman_option(void **state) { (void)state; run(paths[3]); }
static void test_tchernaya(void **state) { (void)state; run(paths[4]); }
static void test_tchernaya_nonhistorical(void **state) { (void)state; run(paths[5]); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alma),
		cmocka_unit_test(test_balaclava),
		cmocka_unit_test(test_inkerman),
		cmocka_unit_test(test_inkerman_option),
		cmocka_unit_test(test_tchernaya),
		cmocka_unit_test(test_tchernaya_nonhistorical),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
