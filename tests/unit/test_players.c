/* Unit tests for src/app/players.c: a game record's "players" line (kept as text by
 * src/games/record.c) read as computer players and written from them: known players and
 * "human" by side of the scenario in either order; an unknown player or bad budget refused at
 * the line's file:line naming the first bad entry, the out players untouched; a side the
 * scenario does not have refused there too; the players written read back the same. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/players.h"
#include "core/fsio.h"
#include "games/record.h"

#define SCENARIO "data/quad/balaclava/scenario.json"
/* a record's header; its players line, when added, is line 8 */
#define HEADER "crimea-record 1\nrules quad\nscenario balaclava\ndata 0000000000000001\nseed 1\ndice rng\noptions 0\n"

struct fixture {
	struct scenario scn;
	char dir[64];   /* temporary directory */
	char path[128]; /* a record file in it */
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	if (load_scenario(&f->scn, SCENARIO) != 0) {
		free(f);
		return -1;
	}
	snprintf(f->dir, sizeof f->dir, "/tmp/crimea-test-players-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->path, sizeof f->path, "%s/game.rec", f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	unlink(f->path);
	rmdir(f->dir);
	scenario_free(&f->scn);
	free(f);
	return 0;
}

/* Loads HEADER followed by players_line (none if NULL) into r, failing the test if it does not load. */
static void load(struct fixture *f, const char *players_line, struct record *r)
{
	char text[512];
	struct err e;
	int n = snprintf(text, sizeof text, "%s%s%s", HEADER, players_line ? players_line : "", players_line ? "\n" : "");
	assert_true(n > 0 && (size_t)n < sizeof text);
	assert_int_equal(fs_write_atomic(f->path, text, (size_t)n, &e), 0);
	if (rec_load(r, f->path, &e) != 0)
		fail_msg("%s: %s:%d: %s", players_line ? players_line : "(no players line)", e.file, e.line, e.msg);
}

static void test_players_known(void **state)
{
	struct fixture *f = *state;
	struct record r;
	struct ai_player got[2] = {{AI_RANDOM, 7, ""}, {AI_RANDOM, 7, ""}};
	struct err e;

	assert_string_equal(f->scn.side[0], "russian");
	load(f, NULL, &r); /* an old record: no players */
	assert_int_equal(players_from_record(&r, &f->scn, got, f->path, &e), 0);
	assert_int_equal(got[0].kind, AI_RANDOM);
	assert_int_equal(got[0].budget, 7);
	rec_free(&r);

	load(f, "players russian=search:40 allied=human", &r);
	assert_int_equal(players_from_record(&r, &f->scn, got, f->path, &e), 1);
	assert_int_equal(got[0].kind, AI_SEARCH);
	assert_int_equal(got[0].budget, 40);
	assert_int_equal(got[1].kind, AI_NONE);
	rec_free(&r);

	/* the line's order is not the scenario's; "search" is the default budget */
	load(f, "players allied=greedy russian=search", &r);
	assert_int_equal(players_from_record(&r, &f->scn, got, f->path, &e), 1);
	assert_int_equal(got[0].kind, AI_SEARCH);
	assert_int_equal(got[0].budget, AI_SEARCH_BUDGET);
	assert_int_equal(got[1].kind, AI_GREEDY);
	rec_free(&r);

	load(f, "players russian=random allied=search:100000", &r);
	assert_int_equal(players_from_record(&r, &f->scn, got, f->path, &e), 1);
	assert_int_equal(got[0].kind, AI_RANDOM);
	assert_int_equal(got[1].kind, AI_SEARCH);
	assert_int_equal(got[1].budget, AI_SEARCH_BUDGET_MAX);
	rec_free(&r);
}

/* A name that is no player (it loads: the record checks only its form) or a side the scenario
 * does not have: -1 at the players line, naming the first bad entry; out untouched. */
static void test_players_refused(void **state)
{
	struct fixture *f = *state;
	static const struct {
		const char *line, *want;
	} cases[] = {
		{"players russian=greedy allied=wizard", "unknown player \"wizard\" for allied (human, random, greedy,"},
		{"players russian=search:0 allied=human", "unknown player \"search:0\" for russian"},
		{"players russian=search:100001 allied=human", "unknown player \"search:100001\" for russian"},
		{"players russian=search:4x allied=human", "unknown player \"search:4x\" for russian"},
		{"players russian=greedy:3 allied=human", "unknown player \"greedy:3\" for russian"},
		{"players russian=human:2 allied=human", "unknown player \"human:2\" for russian"},
		{"players russian=Human allied=human", "unknown player \"Human\" for russian"},
		{"players allied=search:0 russian=wizard", "unknown player \"search:0\" for allied"}, /* the first */
		{"players russian=greedy prussian=human", "names a side \"prussian\"; balaclava's sides are russian and allied"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct record r;
		struct ai_player got[2] = {{AI_RANDOM, 7, ""}, {AI_RANDOM, 7, ""}};
		struct err e;
		memset(&e, 0, sizeof e);
		load(f, cases[i].line, &r);
		if (players_from_record(&r, &f->scn, got, f->path, &e) != -1)
			fail_msg("%s: accepted", cases[i].line);
		if (strcmp(e.file, f->path) || e.line != 8 || !strstr(e.msg, cases[i].want))
			fail_msg("%s: got %s:%d: %s; want line 8 saying %s", cases[i].line, e.file, e.line, e.msg,
				 cases[i].want);
		assert_int_equal(got[0].kind, AI_RANDOM);
		assert_int_equal(got[1].budget, 7);
		rec_free(&r);
	}
}

/* players_to_record writes each side's player by name (AI_NONE as "human"), which reads back
 * as the same players. */
static void test_players_round_trip(void **state)
{
	struct fixture *f = *state;
	struct record r, r2;
	struct ai_player who[2] = {{AI_NONE, AI_SEARCH_BUDGET, ""}, {AI_SEARCH, 40, ""}}, got[2];
	const char *name[2];
	struct err e;

	load(f, NULL, &r);
	assert_int_equal(players_to_record(&r, &f->scn, who), 0);
	assert_int_equal(rec_players(&r, &f->scn, name, NULL, &e), 1);
	assert_string_equal(name[0], "human");
	assert_string_equal(name[1], "search:40");
	assert_int_equal(rec_save(&r, f->path, &e), 0);
	assert_int_equal(rec_load(&r2, f->path, &e), 0);
	assert_int_equal(players_from_record(&r2, &f->scn, got, f->path, &e), 1);
	assert_int_equal(got[0].kind, AI_NONE);
	assert_int_equal(got[1].kind, AI_SEARCH);
	assert_int_equal(got[1].budget, 40);
	rec_free(&r2);

	/* every player there is goes on the line (the longest: search:AI_SEARCH_BUDGET_MAX) */
	who[0].kind = AI_SEARCH;
	who[0].budget = AI_SEARCH_BUDGET_MAX;
	who[1].kind = AI_GREEDY;
	assert_int_equal(players_to_record(&r, &f->scn, who), 0);
	assert_int_equal(players_from_record(&r, &f->scn, got, NULL, &e), 1);
	assert_int_equal(got[0].budget, AI_SEARCH_BUDGET_MAX);
	assert_int_equal(got[1].kind, AI_GREEDY);
	rec_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_players_known),
		cmocka_unit_test(test_players_refused),
		cmocka_unit_test(test_players_round_trip),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, setup, teardown);
}
