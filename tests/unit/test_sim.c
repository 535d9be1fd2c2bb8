/* sim_play: --check catches a broken invariant and a record that does not replay, and the
 * memo changes nothing of a study's games. The games of a study spread over MPI ranks (and,
 * the same way, over a rank's threads) a game at a time: every game once, and no rank more
 * than one game ahead of another. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/sim.h"
#include "games/rules.h"

#define SCN "data/quad/balaclava/scenario.json"

static struct scenario *load(void)
{
	struct scenario *s = calloc(1, sizeof *s);
	struct errlist el = {0};
	assert_non_null(s);
	if (scenario_load(s, SCN, &el) != 0)
		fail_msg("cannot load %s", SCN);
	return s;
}

static void unload(struct scenario *s)
{
	scenario_free(s);
	free(s);
}

static struct sim_cfg cfg_of(bool check, void *memo)
{
	struct sim_cfg c = {0, {{AI_RANDOM, AI_SEARCH_BUDGET, ""}, {AI_RANDOM, AI_SEARCH_BUDGET, ""}}, SIM_ACTION_CAP, memo, check, NULL};
	return c;
}

static void test_check_passes(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = malloc(sizeof *g);
	struct sim_game r;
	struct sim_cfg c = cfg_of(true, NULL);
	assert_non_null(g);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(sim_play(s, 9, i, &c, g, &r), 0);
		assert_int_equal(r.status, SIM_OK);
		assert_true(r.actions > 100);
	}
	free(g);
	unload(s);
}

/* A rule system whose invariants break from the third player-turn on. */
static int broken_check(const struct game *g, char *why, size_t n)
{
	if (g->rules->player_turn(g) >= 3) {
		snprintf(why, n, "test invariant");
		return -1;
	}
	return 0;
}

static void test_check_catches_invariant(void **state)
{
	(void)state;
	struct scenario *s = load();
	const struct rules *real = s->rules;
	struct rules fake = *real;
	struct game *g = malloc(sizeof *g);
	struct sim_game r;
	struct sim_cfg c = cfg_of(true, NULL);
	fake.check = broken_check;
	s->rules = &fake;
	assert_non_null(g);
	assert_int_equal(sim_play(s, 9, 0, &c, g, &r), -1);
	assert_int_equal(r.status, SIM_INVARIANT);
	assert_non_null(strstr(r.why, "test invariant"));
	c.check = false; /* without --check nobody asks */
	assert_int_equal(sim_play(s, 9, 0, &c, g, &r), 0);
	free(g);
	s->rules = real;
	unload(s);
}

/* A checksum that differs between a game and its replay (it hashes where the game lives). */
static const struct rules *real_rules;
static uint64_t where_checksum(const struct game *g)
{
	return real_rules->checksum(g) ^ (uint64_t)(uintptr_t)g;
}

static void test_check_catches_divergence(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct rules fake = *s->rules;
	struct game *g = malloc(sizeof *g);
	struct sim_game r;
	struct sim_cfg c = cfg_of(true, NULL);
	real_rules = s->rules;
	fake.checksum = where_checksum;
	s->rules = &fake;
	assert_non_null(g);
	assert_int_equal(sim_play(s, 9, 0, &c, g, &r), -1);
	assert_int_equal(r.status, SIM_REPLAY);
	assert_non_null(strstr(r.why, "diverges"));
	free(g);
	s->rules = real_rules;
	unload(s);
}

/* The memo and sample() are speed only: the same games with and without the memo. */
static void test_memo_changes_nothing(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = malloc(sizeof *g);
	void *memo = s->rules->memo_new(s);
	struct sim_game a, b;
	struct sim_cfg with = cfg_of(false, memo), without = cfg_of(false, NULL);
	assert_non_null(g);
	assert_non_null(memo);
	with.player[0].kind = without.player[0].kind = AI_GREEDY;
	for (int i = 0; i < 2; i++) {
		assert_int_equal(sim_play(s, 4, i, &with, g, &a), 0);
		assert_int_equal(sim_play(s, 4, i, &without, g, &b), 0);
		assert_memory_equal(&a, &b, sizeof a);
	}
	s->rules->memo_free(memo);
	free(g);
	unload(s);
}

/* sim_rank_game / sim_rank_games: for studies of 0 to 40 games over 1 to 5 ranks, the ranks'
 * games are every index below n exactly once, each rank's list ends where sim_rank_games says
 * (its next index is n or more), and two ranks' counts differ by at most one. (Chunks of four,
 * as before, gave 4 games to one of two ranks and none to the other at n = 4; a search study of
 * four games on --jobs 2 then ran on one core.) */
static void test_rank_split(void **state)
{
	(void)state;
	for (int nranks = 1; nranks <= 5; nranks++)
		for (int64_t n = 0; n <= 40; n++) {
			int seen[40] = {0};
			int64_t lo = n, hi = 0;
			for (int r = 0; r < nranks; r++) {
				int64_t c = sim_rank_games(n, r, nranks);
				for (int64_t k = 0; k < c; k++) {
					int64_t i = sim_rank_game(k, r, nranks);
					assert_true(i >= 0 && i < n);
					seen[i]++;
				}
				assert_true(sim_rank_game(c, r, nranks) >= n);
				lo = c < lo ? c : lo;
				hi = c > hi ? c : hi;
			}
			for (int64_t i = 0; i < n; i++)
				assert_int_equal(seen[i], 1);
			assert_true(hi - lo <= 1);
		}
}

/* Where the points go: the score sheets of six games tallied in one pass, or in two halves
 * merged (in either order), give the same items, byte for byte; each side's items add up to
 * its victory points; an item that never scored (Balaclava's eastern redoubts, under random
 * play) is listed with no games; items past SIM_ITEMS are counted, not lost silently. */
static void test_items_merge(void **state)
{
	(void)state;
	struct scenario *s = load();
	struct game *g = malloc(sizeof *g);
	struct score_sheet *sh = calloc(6, sizeof *sh);
	struct sim_stats *all = calloc(4, sizeof *all), *h1 = all + 1, *h2 = all + 2, *h3 = all + 3;
	struct sim_cfg cfg = cfg_of(false, NULL);
	int64_t vp[2] = {0, 0}, sum[2] = {0, 0};
	struct result r;
	assert_non_null(g);
	assert_non_null(sh);
	assert_non_null(all);
	for (int i = 0; i < 6; i++) {
		struct sim_game out;
		assert_int_equal(sim_play(s, 9, i, &cfg, g, &out), 0);
		s->rules->score(g, &sh[i], &r);
		vp[0] += out.vp[0];
		vp[1] += out.vp[1];
		sim_stats_add_sheet(all, &sh[i]);
		sim_stats_add_sheet(i < 3 ? h1 : h2, &sh[i]);
	}
	*h3 = *h2; /* the other order: the second half, then the first merged into it */
	sim_stats_merge(h3, h1);
	sim_stats_merge(h1, h2);
	sim_stats_finish(all);
	sim_stats_finish(h1);
	sim_stats_finish(h3);
	assert_int_equal(h1->nitems, all->nitems);
	assert_int_equal(h3->nitems, all->nitems);
	assert_memory_equal(h1->item, all->item, sizeof all->item);
	assert_memory_equal(h3->item, all->item, sizeof all->item);
	bool never = false;
	for (int i = 0; i < all->nitems; i++) {
		const struct sim_item *it = &all->item[i];
		sum[it->side] += it->vp_sum;
		if (strstr(it->item, "easternmost") && it->games == 0)
			never = true;
		assert_true(it->games <= 6);
	}
	assert_true(never);
	assert_int_equal(sum[0], vp[0]);
	assert_int_equal(sum[1], vp[1]);
	assert_int_equal(all->item_overflow, 0);
	/* 32 and 32 distinct items: 40 kept, 24 lines counted as overflow */
	struct score_sheet *x = &sh[0];
	struct sim_stats *o = h3;
	sim_stats_init(o);
	for (int k = 0; k < 2; k++) {
		memset(x, 0, sizeof *x);
		for (int i = 0; i < SCORE_LINES_MAX; i++) {
			struct score_line *l = &x->line[x->n++];
			l->side = i & 1;
			l->vp = 1;
			l->order = i;
			snprintf(l->rule, sizeof l->rule, "[1.%d]", k);
			snprintf(l->item, sizeof l->item, "item %d", i);
		}
		sim_stats_add_sheet(o, x);
	}
	assert_int_equal(o->nitems, SIM_ITEMS);
	assert_int_equal(o->item_overflow, 2 * SCORE_LINES_MAX - SIM_ITEMS);
	free(all);
	free(sh);
	free(g);
	unload(s);
}

/* A sim_game of the given outcome (0, 1: that side won; -1 a draw) and points, completed. */
static struct sim_game done_game(int winner, int vp0, int vp1, int actions)
{
	struct sim_game g;
	memset(&g, 0, sizeof g);
	g.status = SIM_OK;
	g.winner = winner;
	g.vp[0] = vp0;
	g.vp[1] = vp1;
	g.actions = actions;
	return g;
}

/* Newcombe's method 10 for paired proportions, on the worked example of Altman et al.,
 * "Statistics with Confidence" (2000), its Table 6.2 (the pairs 14 both, 5 the first only, 0
 * the second only, 22 neither): 0.122, 95% interval 0.011 to 0.226, here as B less A (A the
 * first), so negated; a second implementation (Python, from the method's formulas) gives the
 * six decimals. Then: B and A swapped negates the interval; no discordant pair gives 0 inside
 * it; many pairs give about the normal interval of the paired differences. */
static void test_pair_newcombe(void **state)
{
	(void)state;
	struct sim_pair p, q;
	double lo, hi, d;
	sim_pair_init(&p);
	p.trans[0][0] = 14; /* the outcome (side 0 won) in both */
	p.trans[0][1] = 5;  /* in A only */
	p.trans[1][1] = 22; /* in neither */
	p.n = 41;
	d = sim_pair_share_diff(&p, 0, 1.959963984540054, &lo, &hi);
	assert_true(fabs(d + 0.121951) < 1e-6);
	assert_true(fabs(lo + 0.226493) < 1e-6);
	assert_true(fabs(hi + 0.011483) < 1e-6);
	sim_pair_init(&q); /* A and B swapped */
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			q.trans[j][i] = p.trans[i][j];
	q.n = p.n;
	double lo2, hi2, d2 = sim_pair_share_diff(&q, 0, 1.959963984540054, &lo2, &hi2);
	assert_true(fabs(d2 + d) < 1e-12 && fabs(lo2 + hi) < 1e-12 && fabs(hi2 + lo) < 1e-12);
	/* no discordant pair: 0, inside a narrow interval */
	sim_pair_init(&q);
	q.trans[0][0] = 30;
	q.trans[1][1] = 70;
	q.n = 100;
	d = sim_pair_share_diff(&q, 0, 1.959963984540054, &lo, &hi);
	assert_true(d == 0 && lo < 0 && hi > 0 && hi - lo < 0.1);
	/* 10 000 pairs, 500 A only and 800 B only: near d -/+ 1.96 sqrt(discordant/n^2 - d^2/n) */
	sim_pair_init(&q);
	q.trans[0][0] = 2000;
	q.trans[0][1] = 500;
	q.trans[1][0] = 800;
	q.trans[1][1] = 6700;
	q.n = 10000;
	d = sim_pair_share_diff(&q, 0, 1.959963984540054, &lo, &hi);
	double se = sqrt(1300.0 / 1e8 - 0.03 * 0.03 / 1e4);
	assert_true(fabs(d - 0.03) < 1e-12);
	assert_true(fabs(lo - (0.03 - 1.959963984540054 * se)) < 0.001);
	assert_true(fabs(hi - (0.03 + 1.959963984540054 * se)) < 0.001);
	/* no pairs: 0 in [-1, 1] */
	sim_pair_init(&q);
	d = sim_pair_share_diff(&q, 2, 1.959963984540054, &lo, &hi);
	assert_true(d == 0 && lo == -1 && hi == 1);
}

/* The paired tallies: only pairs both completed count; the differences' sums; merging halves
 * gives the whole, in either order; the mean's interval. */
static void test_pair_tally(void **state)
{
	(void)state;
	struct sim_game a[4] = {done_game(1, 10, 70, 500), done_game(-1, 40, 60, 600), done_game(1, 0, 90, 700),
				done_game(0, 90, 20, 800)};
	struct sim_game b[4] = {done_game(-1, 30, 50, 520), done_game(-1, 50, 60, 610), done_game(1, 5, 95, 690),
				done_game(0, 95, 20, 790)};
	struct sim_pair all, h1, h2, h3;
	sim_pair_init(&all);
	sim_pair_init(&h1);
	sim_pair_init(&h2);
	for (int i = 0; i < 4; i++) {
		sim_pair_add(&all, &a[i], &b[i]);
		sim_pair_add(i < 2 ? &h1 : &h2, &a[i], &b[i]);
	}
	struct sim_game bad = b[0];
	bad.status = SIM_CAP;
	sim_pair_add(&all, &a[0], &bad); /* an error on one side: not a pair */
	sim_pair_add(&all, &bad, &a[0]);
	assert_int_equal(all.n, 4);
	assert_int_equal(all.trans[1][2], 1); /* allied win to a draw */
	assert_int_equal(all.trans[2][2], 1);
	assert_int_equal(all.trans[1][1], 1);
	assert_int_equal(all.trans[0][0], 1);
	assert_int_equal(all.dvp_sum[0], 20 + 10 + 5 + 5);
	assert_int_equal(all.dvp_sum[1], -20 + 0 + 5 + 0);
	assert_int_equal(all.dm_sum, 40 + 10 + 0 + 5);
	assert_int_equal(all.dm_sq, 1600 + 100 + 0 + 25);
	assert_int_equal(all.dact_sum, 20 + 10 - 10 - 10);
	h3 = h2;
	sim_pair_merge(&h3, &h1);
	sim_pair_merge(&h1, &h2);
	assert_memory_equal(&h1, &all, sizeof all);
	assert_memory_equal(&h3, &all, sizeof all);
	double lo, hi, m = sim_pair_mean_ci(all.n, all.dm_sum, all.dm_sq, 1.959963984540054, &lo, &hi);
	double sd = sqrt((1725.0 - 55.0 * 55.0 / 4) / 3);
	assert_true(fabs(m - 13.75) < 1e-12);
	assert_true(fabs(hi - m - 1.959963984540054 * sd / 2) < 1e-9 && fabs(m - lo - (hi - m)) < 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_passes),
		cmocka_unit_test(test_check_catches_invariant),
		cmocka_unit_test(test_check_catches_divergence),
		cmocka_unit_test(test_memo_changes_nothing),
		cmocka_unit_test(test_rank_split),
		cmocka_unit_test(test_items_merge),
		cmocka_unit_test(test_pair_newcombe),
		cmocka_unit_test(test_pair_tally),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
