/* Issue 6: no heap allocation inside a game. Once the rules' memo and the players' scratch are
 * made (and have grown on a first game), whole games of every scenario, random and greedy
 * players, with and without all of Inkerman's optional rules, call malloc, calloc and realloc
 * of the library's code not once. (The random player never lists the actions: it samples them,
 * rules->sample. Greedy lists them into the scratch, whose list doubles when a decision lists
 * more than ever before, a few times a study; here it is made big enough first.)
 *
 * This binary is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (Makefile), so
 * every such call from libcrimea.a's objects comes here first and is counted. Calls from
 * shared libraries (jansson while loading a scenario) are not seen, and need not be: nothing in
 * a game calls them. */
#include "testutil.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/sim.h"
#include "games/rules.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);

/* The count of the library's allocations: a global because the wrappers' signatures are
 * malloc's; the test is single-threaded. */
static long allocations;

void *__wrap_malloc(size_t n)
{
	allocations++;
	return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
	allocations++;
	return __real_calloc(k, n);
}

void *__wrap_realloc(void *p, size_t n)
{
	allocations++;
	return __real_realloc(p, n);
}

static const char *const scenarios[] = {
	"data/quad/alma/scenario.json",        "data/quad/balaclava/scenario.json",
	"data/quad/inkerman/historical.json",  "data/quad/inkerman/option.json",
	"data/quad/tchernaya/tchernaya.json", "data/quad/tchernaya/tchernaya-nonhistorical.json",
};

/* Plays games first..first+n-1 of s with `kind` on both sides and the given options; returns
 * the allocations the library made during them. */
static long games_allocations(const struct scenario *s, int kind, uint32_t options, int first, int n,
			      void *memo, struct ai_scratch *x, struct game *g)
{
	struct sim_cfg c = {options, {{kind, AI_SEARCH_BUDGET, ""}, {kind, AI_SEARCH_BUDGET, ""}}, SIM_ACTION_CAP,
			    memo, false, x};
	struct sim_game r;
	long before = allocations;
	for (int i = first; i < first + n; i++) {
		assert_int_equal(sim_play(s, 6, i, &c, g, &r), 0);
		assert_int_equal(r.status, SIM_OK);
	}
	return allocations - before;
}

static void test_games_allocate_nothing(void **state)
{
	(void)state;
	struct game *g = malloc(sizeof *g);
	assert_non_null(g);
	for (size_t k = 0; k < sizeof scenarios / sizeof scenarios[0]; k++) {
		struct scenario *s = calloc(1, sizeof *s);
		struct errlist el = {0};
		assert_non_null(s);
		if (scenario_load(s, scenarios[k], &el) != 0)
			fail_msg("cannot load %s", scenarios[k]);
		void *memo = s->rules->memo_new(s);
		struct ai_scratch *x = ai_scratch_new(s);
		assert_non_null(memo);
		assert_non_null(x);
		/* greedy lists every action of a decision (up to ~5 000 seen at Inkerman): room made
		 * now, not by doubling the first time a longer list appears (ai_scratch_reserve) */
		assert_int_equal(ai_scratch_reserve(x, 1 << 15), 0);
		for (int all = 0; all < 2; all++) {
			uint32_t options = all ? UINT32_MAX : 0;
			if (all && !strstr(scenarios[k], "inkerman"))
				continue; /* only Inkerman has optional rules */
			for (int kind = AI_RANDOM; kind <= AI_GREEDY; kind++) {
				/* the first game may grow the memo and the scratch; then nothing */
				games_allocations(s, kind, options, 0, 1, memo, x, g);
				long n = games_allocations(s, kind, options, 1, kind == AI_RANDOM ? 5 : 1, memo, x, g);
				if (n != 0)
					fail_msg("%s, %s%s: %ld allocations inside games", scenarios[k], ai_name(kind),
						 all ? ", all options" : "", n);
			}
		}
		ai_scratch_free(x);
		s->rules->memo_free(memo);
		scenario_free(s);
		free(s);
	}
	free(g);
}

/* The wrappers see the library's calls: a scenario load allocates. */
static void test_wrappers_count(void **state)
{
	(void)state;
	struct scenario *s = calloc(1, sizeof *s);
	struct errlist el = {0};
	long before = allocations;
	assert_non_null(s);
	assert_int_equal(scenario_load(s, scenarios[1], &el), 0);
	assert_true(allocations > before);
	scenario_free(s);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrappers_count),
		cmocka_unit_test(test_games_allocate_nothing),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
