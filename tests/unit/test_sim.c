/* sim_play: --check catches a broken invariant and a record that does not replay, and the
 * memo changes nothing of a study's games. The games of a study spread over MPI ranks (and,
 * the same way, over a rank's threads) a game at a time: every game once, and no rank more
 * than one game ahead of another. */
#include "testutil.h"

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
	struct sim_cfg c = {0, {{AI_RANDOM, AI_SEARCH_BUDGET, 0}, {AI_RANDOM, AI_SEARCH_BUDGET, 0}}, SIM_ACTION_CAP, memo, check, NULL};
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_passes),
		cmocka_unit_test(test_check_catches_invariant),
		cmocka_unit_test(test_check_catches_divergence),
		cmocka_unit_test(test_memo_changes_nothing),
		cmocka_unit_test(test_rank_split),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
