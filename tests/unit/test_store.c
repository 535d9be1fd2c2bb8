/* Unit tests for the computer players' state kept with each stored action (game_ai_text and
 * game_ai_parse in src/games/game.c) and for src/app/store.c's schema: a new file gets schema
 * 2; a schema-1 file (the first release's tables, made here with SQLite directly) is brought
 * up to 2 with its actions kept and no state for them; a file from a newer crimea is refused
 * untouched; an action's state is stored and read back, NULL reads as none. */
#include "testutil.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/store.h"
#include "core/rng.h"
#include "games/rules.h"

/* ---- the state as text ---- */

static struct game_ai_state some_state(void)
{
	struct game_ai_state s;
	memset(&s, 0, sizeof s);
	rng_init(&s.ai, 12345, RNG_AI);
	rng_next(&s.ai);
	s.plan[0].set = true;
	s.plan[0].pturn = 17;
	s.plan[0].plan = 6;
	s.plan[1].set = false;
	return s;
}

static void test_ai_text_round_trip(void **state)
{
	struct game_ai_state a = some_state(), b;
	char t[GAME_AI_TEXT_MAX];
	struct err e;
	(void)state;
	game_ai_text(&a, t, sizeof t);
	assert_true(strlen(t) < sizeof t - 1);
	assert_int_equal(strncmp(t, "ai1 ", 4), 0);
	memset(&b, 0xff, sizeof b);
	assert_int_equal(game_ai_parse(&b, t, &e), 0);
	assert_memory_equal(a.ai.s, b.ai.s, sizeof a.ai.s);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(a.plan[k].set, b.plan[k].set);
		assert_int_equal(a.plan[k].pturn, b.plan[k].pturn);
		assert_int_equal(a.plan[k].plan, b.plan[k].plan);
	}
	/* the stream goes on from where it was */
	assert_true(rng_next(&a.ai) == rng_next(&b.ai));
}

static void test_ai_text_with_the_game(void **state)
{
	struct scenario scn;
	struct errlist l;
	struct game *g = malloc(sizeof *g), *h = malloc(sizeof *h);
	struct game_ai_state s, t;
	char txt[GAME_AI_TEXT_MAX];
	struct err e;
	(void)state;
	errlist_init(&l);
	assert_non_null(g);
	assert_non_null(h);
	assert_int_equal(scenario_load(&scn, "data/quad/balaclava/scenario.json", &l), 0);
	assert_int_equal(game_init(g, &scn, 99, DICE_RNG, 0, &e), 0);
	assert_int_equal(game_init(h, &scn, 5, DICE_RNG, 0, &e), 0);
	rng_next(&g->ai);
	g->ai_plan[1].set = true;
	g->ai_plan[1].pturn = 3;
	g->ai_plan[1].plan = 2;
	game_ai_get(g, &s);
	game_ai_text(&s, txt, sizeof txt);
	assert_int_equal(game_ai_parse(&t, txt, &e), 0);
	game_ai_put(h, &t);
	assert_true(rng_next(&g->ai) == rng_next(&h->ai));
	assert_true(h->ai_plan[1].set && h->ai_plan[1].pturn == 3 && h->ai_plan[1].plan == 2);
	assert_false(h->ai_plan[0].set);
	scenario_free(&scn);
	free(g);
	free(h);
}

static void test_ai_text_refused(void **state)
{
	static const char *const bad[] = {
		"",
		"ai1",
		"ai2 0000000000000001 0000000000000002 0000000000000003 0000000000000004 0:0:0 0:0:0",
		"ai1 0000000000000001 0000000000000002 0000000000000003 0:0:0 0:0:0",
		"ai1 0000000000000001 0000000000000002 0000000000000003 0000000000000004 0:0:0 0:0:0 x",
		"ai1 0000000000000001 0000000000000002 0000000000000003 0000000000000004 2:0:0 0:0:0",
		"ai1 0000000000000001 0000000000000002 0000000000000003 0000000000000004 1:-1:0 0:0:0",
		"ai1 0000000000000001 0000000000000002 0000000000000003 0000000000000004 1:0:-3 0:0:0",
		"ai1 0000000000000000 0000000000000000 0000000000000000 0000000000000000 0:0:0 0:0:0",
		"ai1 zz 0000000000000002 0000000000000003 0000000000000004 0:0:0 0:0:0",
	};
	struct game_ai_state s = some_state(), was = s;
	struct err e;
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		e.msg[0] = '\0';
		assert_int_equal(game_ai_parse(&s, bad[i], &e), -1);
		assert_true(e.msg[0] != '\0');
		assert_memory_equal(&s, &was, sizeof s); /* unchanged */
	}
	assert_int_equal(game_ai_parse(&s,
		"ai1 0000000000000001 0000000000000002 0000000000000003 0000000000000004 0:0:0 1:9:3", &e), 0);
	assert_true(s.ai.s[3] == 4 && s.plan[1].set && s.plan[1].pturn == 9 && s.plan[1].plan == 3);
}

/* ---- the schema ---- */

struct dbdir {
	char dir[64];
	char path[128];
};

static int db_setup(void **state)
{
	struct dbdir *d = calloc(1, sizeof *d);
	if (!d)
		return -1;
	snprintf(d->dir, sizeof d->dir, "/tmp/crimea-test-store-XXXXXX");
	if (!mkdtemp(d->dir))
		return -1;
	snprintf(d->path, sizeof d->path, "%s/crimea.db", d->dir);
	*state = d;
	return 0;
}

static int db_teardown(void **state)
{
	struct dbdir *d = *state;
	char p[160];
	static const char *const ext[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		snprintf(p, sizeof p, "%s%s", d->path, ext[i]);
		unlink(p);
	}
	rmdir(d->dir);
	free(d);
	return 0;
}

/* Runs sql on the file at path with SQLite directly (the store closed). */
static void raw_exec(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	char *msg = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg ? msg : "?");
	sqlite3_close(db);
}

static int raw_int(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int v = -1;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

struct seen {
	int n;
	char text[4][64];
	char ai[4][GAME_AI_TEXT_MAX]; /* "" for NULL */
	bool has_ai[4];
};

static int collect(void *ctx, int seq, const char *text, const char *dice, const char *ai)
{
	struct seen *s = ctx;
	(void)dice;
	assert_int_equal(seq, s->n + 1);
	assert_true(s->n < 4);
	snprintf(s->text[s->n], sizeof s->text[0], "%s", text);
	s->has_ai[s->n] = ai != NULL;
	snprintf(s->ai[s->n], sizeof s->ai[0], "%s", ai ? ai : "");
	s->n++;
	return 0;
}

static struct store_game a_game(const char *id)
{
	struct store_game g;
	memset(&g, 0, sizeof g);
	snprintf(g.id, sizeof g.id, "%s", id);
	snprintf(g.scenario, sizeof g.scenario, "balaclava");
	snprintf(g.mode, sizeof g.mode, "hotseat");
	snprintf(g.options, sizeof g.options, "[]");
	snprintf(g.dice, sizeof g.dice, "rng");
	snprintf(g.commitment, sizeof g.commitment, "%064d", 0);
	snprintf(g.status, sizeof g.status, "playing");
	return g;
}

static void test_new_file_schema_2(void **state)
{
	struct dbdir *d = *state;
	struct store *s;
	struct err e;
	struct store_game g = a_game("g_new");
	struct seen seen = {0};
	char t[GAME_AI_TEXT_MAX];
	struct game_ai_state a = some_state();

	assert_int_equal(store_open(&s, d->path, &e), 0);
	assert_int_equal(store_create(s, &g, NULL, 0, &e), 0);
	game_ai_text(&a, t, sizeof t);
	assert_int_equal(store_add_action(s, "g_new", 1, "end", "", t, true, 7, "playing", &e), 0);
	assert_int_equal(store_add_action(s, "g_new", 2, "end", "", NULL, false, 0, "playing", &e), 0);
	assert_int_equal(store_each_action(s, "g_new", collect, &seen, &e), 0);
	assert_int_equal(seen.n, 2);
	assert_true(seen.has_ai[0]);
	assert_string_equal(seen.ai[0], t);
	assert_false(seen.has_ai[1]);
	store_close(s);
	assert_int_equal(raw_int(d->path, "PRAGMA user_version"), 2);
	/* opening again changes nothing */
	assert_int_equal(store_open(&s, d->path, &e), 0);
	store_close(s);
	assert_int_equal(raw_int(d->path, "PRAGMA user_version"), 2);
}

/* The first release's schema, exactly as it made it. */
static const char schema1[] =
	"CREATE TABLE games (id TEXT PRIMARY KEY, scenario TEXT NOT NULL, mode TEXT NOT NULL,"
	" seed TEXT, options TEXT NOT NULL, dice TEXT NOT NULL, secret TEXT NOT NULL,"
	" commitment TEXT NOT NULL, created INTEGER NOT NULL, status TEXT NOT NULL);"
	"CREATE TABLE seats (game TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL,"
	" token TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (game, side));"
	"CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
	" text TEXT NOT NULL, dice TEXT NOT NULL, created INTEGER NOT NULL, PRIMARY KEY (game, seq));"
	"CREATE TABLE entropy (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
	" side TEXT NOT NULL, hex TEXT NOT NULL, created INTEGER NOT NULL, PRIMARY KEY (game, seq));"
	"PRAGMA user_version = 1;"
	"INSERT INTO games VALUES ('g_old', 'balaclava', 'ai', '7', '[]', 'rng', '00', '00', 1, 'playing');"
	"INSERT INTO actions VALUES ('g_old', 1, 'move a > 0101', '', 1);"
	"INSERT INTO actions VALUES ('g_old', 2, 'end', '3', 2);";

static void test_schema_1_brought_up(void **state)
{
	struct dbdir *d = *state;
	struct store *s;
	struct err e;
	struct seen seen = {0};
	char t[GAME_AI_TEXT_MAX];
	struct game_ai_state a = some_state();

	raw_exec(d->path, schema1);
	assert_int_equal(store_open(&s, d->path, &e), 0);
	assert_int_equal(store_each_action(s, "g_old", collect, &seen, &e), 0);
	assert_int_equal(seen.n, 2); /* kept, with no state */
	assert_string_equal(seen.text[0], "move a > 0101");
	assert_false(seen.has_ai[0]);
	assert_false(seen.has_ai[1]);
	game_ai_text(&a, t, sizeof t);
	assert_int_equal(store_add_action(s, "g_old", 3, "end", "", t, false, 0, "playing", &e), 0);
	memset(&seen, 0, sizeof seen);
	assert_int_equal(store_each_action(s, "g_old", collect, &seen, &e), 0);
	assert_int_equal(seen.n, 3);
	assert_string_equal(seen.ai[2], t);
	store_close(s);
	assert_int_equal(raw_int(d->path, "PRAGMA user_version"), 2);
}

static void test_newer_schema_refused(void **state)
{
	struct dbdir *d = *state;
	struct store *s = NULL;
	struct err e;

	raw_exec(d->path, "CREATE TABLE later (x); PRAGMA user_version = 3;");
	e.msg[0] = '\0';
	assert_int_equal(store_open(&s, d->path, &e), -1);
	assert_null(s);
	assert_non_null(strstr(e.msg, "schema 3"));
	assert_non_null(strstr(e.file, "crimea.db"));
	/* untouched */
	assert_int_equal(raw_int(d->path, "PRAGMA user_version"), 3);
	assert_int_equal(raw_int(d->path, "SELECT count(*) FROM sqlite_master WHERE name = 'actions'"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ai_text_round_trip),
		cmocka_unit_test(test_ai_text_with_the_game),
		cmocka_unit_test(test_ai_text_refused),
		cmocka_unit_test_setup_teardown(test_new_file_schema_2, db_setup, db_teardown),
		cmocka_unit_test_setup_teardown(test_schema_1_brought_up, db_setup, db_teardown),
		cmocka_unit_test_setup_teardown(test_newer_schema_refused, db_setup, db_teardown),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
