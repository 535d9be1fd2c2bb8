/* store: the server's SQLite game store (see store.h and docs/API.md "Storage"). */
#include "store.h"

#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct store {
	sqlite3 *db;
};

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, scenario TEXT NOT NULL, mode TEXT NOT NULL,"
	" seed TEXT, options TEXT NOT NULL, dice TEXT NOT NULL, secret TEXT NOT NULL,"
	" commitment TEXT NOT NULL, created INTEGER NOT NULL, status TEXT NOT NULL);"
	"CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL,"
	" token TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (game, side));"
	"CREATE TABLE IF NOT EXISTS actions (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
	" text TEXT NOT NULL, dice TEXT NOT NULL, created INTEGER NOT NULL, ai TEXT, PRIMARY KEY (game, seq));"
	"CREATE TABLE IF NOT EXISTS entropy (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
	" side TEXT NOT NULL, hex TEXT NOT NULL, created INTEGER NOT NULL, PRIMARY KEY (game, seq));"
	"PRAGMA user_version = 2;";

/* Schema versions (PRAGMA user_version): 0 a new file; 1 the first schema; 2 adds actions.ai,
 * the computer players' state after the action (game_ai_text), NULL in rows from version 1. */
#define STORE_SCHEMA 2

static int user_version(sqlite3 *db)
{
	sqlite3_stmt *st = NULL;
	int v = -1;
	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* Creates the tables of a new file, or brings an older schema up to STORE_SCHEMA, in one
 * transaction. A file from a newer crimea is refused, not touched. */
static int set_up(sqlite3 *db, const char *path, struct err *e)
{
	char *msg = NULL;
	int v, rc;

	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK)
		goto failed;
	v = user_version(db);
	if (v < 0 || v > STORE_SCHEMA) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return v < 0 ? err_set(e, path, 0, "cannot read the database's schema version: %s", sqlite3_errmsg(db))
			     : err_set(e, path, 0, "the database has schema %d, newer than this crimea's %d", v,
				       STORE_SCHEMA);
	}
	rc = v == 0 ? sqlite3_exec(db, schema, NULL, NULL, &msg)
	   : v == 1 ? sqlite3_exec(db, "ALTER TABLE actions ADD COLUMN ai TEXT; PRAGMA user_version = 2;", NULL, NULL, &msg)
		    : SQLITE_OK;
	if (rc != SQLITE_OK || sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		goto failed;
	}
	return 0;
failed:
	err_set(e, path, 0, "cannot set up the database: %s", msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

static int fail(struct store *s, struct err *e, const char *what)
{
	return err_set(e, NULL, 0, "store: %s: %s", what, sqlite3_errmsg(s->db));
}

int store_open(struct store **out, const char *path, struct err *e)
{
	struct store *s = calloc(1, sizeof *s);
	char *msg = NULL;

	*out = NULL;
	if (!s)
		return err_set(e, NULL, 0, "out of memory");
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
			    NULL) != SQLITE_OK) {
		err_set(e, path, 0, "cannot open the database: %s", s->db ? sqlite3_errmsg(s->db) : "out of memory");
		sqlite3_close(s->db);
		free(s);
		return -1;
	}
	sqlite3_busy_timeout(s->db, 5000);
	/* WAL with synchronous=FULL: a commit is on disk when sqlite3_step returns. */
	if (sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
			 NULL, NULL, &msg) != SQLITE_OK) {
		err_set(e, path, 0, "cannot set up the database: %s", msg ? msg : "?");
		sqlite3_free(msg);
		sqlite3_close(s->db);
		free(s);
		return -1;
	}
	if (set_up(s->db, path, e) != 0) {
		sqlite3_close(s->db);
		free(s);
		return -1;
	}
	*out = s;
	return 0;
}

void store_close(struct store *s)
{
	if (!s)
		return;
	sqlite3_close(s->db);
	free(s);
}

static int exec(struct store *s, const char *sql, struct err *e)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return fail(s, e, sql);
	return 0;
}

/* Prepares sql; NULL (e set) on failure. The caller finalizes. */
static sqlite3_stmt *prep(struct store *s, const char *sql, struct err *e)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		fail(s, e, "prepare");
		return NULL;
	}
	return st;
}

static void hex_encode(const unsigned char *in, size_t n, char *out)
{
	static const char d[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = d[in[i] >> 4];
		out[2 * i + 1] = d[in[i] & 15];
	}
	out[2 * n] = '\0';
}

static int hex_decode(const char *in, unsigned char *out, size_t n)
{
	if (strlen(in) != 2 * n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned v = 0;
		for (int k = 0; k < 2; k++) {
			char c = in[2 * i + (size_t)k];
			v <<= 4;
			if (c >= '0' && c <= '9')
				v |= (unsigned)(c - '0');
			else if (c >= 'a' && c <= 'f')
				v |= (unsigned)(c - 'a' + 10);
			else
				return -1;
		}
		out[i] = (unsigned char)v;
	}
	return 0;
}

/* Runs a statement to completion and finalizes it. */
static int step_done(struct store *s, sqlite3_stmt *st, struct err *e, const char *what)
{
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return fail(s, e, what);
	return 0;
}

static int rollback(struct store *s, int rc)
{
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

int store_create(struct store *s, const struct store_game *g, const struct store_seat *seats,
		 int nseats, struct err *e)
{
	sqlite3_stmt *st;
	char secret[65], seed[24], *opts;
	json_t *o = json_object(), *rules = json_loads(g->options, 0, NULL);

	hex_encode(g->secret, sizeof g->secret, secret);
	snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
	json_object_set_new(o, "rules", rules ? rules : json_array());
	json_object_set_new(o, "seed_given", json_boolean(g->seed_given));
	opts = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	if (!opts)
		return err_set(e, NULL, 0, "out of memory");
	if (exec(s, "BEGIN IMMEDIATE", e) != 0) {
		free(opts);
		return -1;
	}
	st = prep(s, "INSERT INTO games (id, scenario, mode, seed, options, dice, secret, commitment, created, status)"
		  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", e);
	if (!st) {
		free(opts);
		return rollback(s, -1);
	}
	sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, g->scenario, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, g->mode, -1, SQLITE_TRANSIENT);
	if (g->seed_fixed)
		sqlite3_bind_text(st, 4, seed, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 4);
	sqlite3_bind_text(st, 5, opts, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 6, g->dice, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 7, secret, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 8, g->commitment, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 9, g->created);
	sqlite3_bind_text(st, 10, g->status, -1, SQLITE_TRANSIENT);
	free(opts);
	if (step_done(s, st, e, "insert game") != 0)
		return rollback(s, -1);
	for (int i = 0; i < nseats; i++) {
		st = prep(s, "INSERT INTO seats (game, side, token, kind) VALUES (?1, ?2, ?3, ?4)", e);
		if (!st)
			return rollback(s, -1);
		sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 2, seats[i].side, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 3, seats[i].token, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 4, seats[i].kind, -1, SQLITE_TRANSIENT);
		if (step_done(s, st, e, "insert seat") != 0)
			return rollback(s, -1);
	}
	if (exec(s, "COMMIT", e) != 0)
		return rollback(s, -1);
	return 0;
}

int store_add_entropy(struct store *s, const char *game, int seq, const char *side, const char *hex,
		      struct err *e)
{
	sqlite3_stmt *st = prep(s, "INSERT INTO entropy (game, seq, side, hex, created)"
				" VALUES (?1, ?2, ?3, ?4, strftime('%s','now'))", e);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seq);
	sqlite3_bind_text(st, 3, side, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, hex, -1, SQLITE_TRANSIENT);
	return step_done(s, st, e, "insert entropy"); /* autocommit: one transaction */
}

int store_add_action(struct store *s, const char *game, int seq, const char *text, const char *dice,
		     const char *ai, bool fix_seed, uint64_t seed, const char *status, struct err *e)
{
	sqlite3_stmt *st;
	char sd[24];

	if (exec(s, "BEGIN IMMEDIATE", e) != 0)
		return -1;
	st = prep(s, "INSERT INTO actions (game, seq, text, dice, created, ai) VALUES (?1, ?2, ?3, ?4, strftime('%s','now'), ?5)", e);
	if (!st)
		return rollback(s, -1);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seq);
	sqlite3_bind_text(st, 3, text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, dice, -1, SQLITE_TRANSIENT);
	if (ai)
		sqlite3_bind_text(st, 5, ai, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 5);
	if (step_done(s, st, e, "insert action") != 0)
		return rollback(s, -1);
	st = prep(s, fix_seed ? "UPDATE games SET status = ?2, seed = ?3 WHERE id = ?1"
			      : "UPDATE games SET status = ?2 WHERE id = ?1", e);
	if (!st)
		return rollback(s, -1);
	snprintf(sd, sizeof sd, "%" PRIu64, seed);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, status, -1, SQLITE_TRANSIENT);
	if (fix_seed)
		sqlite3_bind_text(st, 3, sd, -1, SQLITE_TRANSIENT);
	if (step_done(s, st, e, "update game") != 0)
		return rollback(s, -1);
	if (exec(s, "COMMIT", e) != 0)
		return rollback(s, -1);
	return 0;
}

int store_undo(struct store *s, const char *game, int seq, const char *status, struct err *e)
{
	sqlite3_stmt *st;

	if (exec(s, "BEGIN IMMEDIATE", e) != 0)
		return -1;
	st = prep(s, "DELETE FROM actions WHERE game = ?1 AND seq = ?2", e);
	if (!st)
		return rollback(s, -1);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seq);
	if (step_done(s, st, e, "delete action") != 0)
		return rollback(s, -1);
	st = prep(s, "UPDATE games SET status = ?2 WHERE id = ?1", e);
	if (!st)
		return rollback(s, -1);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, status, -1, SQLITE_TRANSIENT);
	if (step_done(s, st, e, "update game") != 0)
		return rollback(s, -1);
	if (exec(s, "COMMIT", e) != 0)
		return rollback(s, -1);
	return 0;
}

static void copy_col(sqlite3_stmt *st, int col, char *out, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, col);
	snprintf(out, n, "%s", t ? (const char *)t : "");
}

int store_each_game(struct store *s, int (*fn)(void *ctx, const char *id), void *ctx, struct err *e)
{
	sqlite3_stmt *st = prep(s, "SELECT id FROM games ORDER BY created, rowid", e);
	int rc;

	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char id[STORE_ID_MAX];
		copy_col(st, 0, id, sizeof id);
		int r = fn(ctx, id);
		if (r) {
			sqlite3_finalize(st);
			return r;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : fail(s, e, "list games");
}

int store_get(struct store *s, const char *id, struct store_game *g, struct store_seat *seats, int max,
	      int *nseats, struct err *e)
{
	sqlite3_stmt *st = prep(s, "SELECT id, scenario, mode, seed, options, dice, secret, commitment, created, status"
				" FROM games WHERE id = ?1", e);
	char secret[80], opts[1024];
	int rc;

	memset(g, 0, sizeof *g);
	*nseats = 0;
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return err_set(e, NULL, 0, "store: no game %s", id);
	}
	copy_col(st, 0, g->id, sizeof g->id);
	copy_col(st, 1, g->scenario, sizeof g->scenario);
	copy_col(st, 2, g->mode, sizeof g->mode);
	if (sqlite3_column_type(st, 3) != SQLITE_NULL) {
		char sd[32], *end;
		copy_col(st, 3, sd, sizeof sd);
		g->seed = strtoull(sd, &end, 10);
		g->seed_fixed = *sd && !*end;
	}
	copy_col(st, 4, opts, sizeof opts);
	copy_col(st, 5, g->dice, sizeof g->dice);
	copy_col(st, 6, secret, sizeof secret);
	copy_col(st, 7, g->commitment, sizeof g->commitment);
	g->created = sqlite3_column_int64(st, 8);
	copy_col(st, 9, g->status, sizeof g->status);
	sqlite3_finalize(st);
	if (hex_decode(secret, g->secret, sizeof g->secret) != 0)
		return err_set(e, NULL, 0, "store: game %s has a malformed secret", id);
	json_t *o = json_loads(opts, 0, NULL);
	json_t *rules = json_object_get(o, "rules");
	char *r = json_is_array(rules) ? json_dumps(rules, JSON_COMPACT) : NULL;
	snprintf(g->options, sizeof g->options, "%s", r ? r : "[]");
	g->seed_given = json_is_true(json_object_get(o, "seed_given"));
	free(r);
	json_decref(o);

	st = prep(s, "SELECT side, token, kind FROM seats WHERE game = ?1 ORDER BY rowid", e);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *nseats < max) {
		struct store_seat *t = &seats[(*nseats)++];
		copy_col(st, 0, t->side, sizeof t->side);
		copy_col(st, 1, t->token, sizeof t->token);
		copy_col(st, 2, t->kind, sizeof t->kind);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : fail(s, e, "read seats");
}

int store_each_entropy(struct store *s, const char *id, int (*fn)(void *ctx, int seq, const char *hex),
		       void *ctx, struct err *e)
{
	sqlite3_stmt *st = prep(s, "SELECT seq, hex FROM entropy WHERE game = ?1 ORDER BY seq", e);
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char hex[STORE_HEX_MAX];
		copy_col(st, 1, hex, sizeof hex);
		int r = fn(ctx, sqlite3_column_int(st, 0), hex);
		if (r) {
			sqlite3_finalize(st);
			return r;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : fail(s, e, "read entropy");
}

int store_each_action(struct store *s, const char *id,
		      int (*fn)(void *ctx, int seq, const char *text, const char *dice, const char *ai),
		      void *ctx, struct err *e)
{
	sqlite3_stmt *st = prep(s, "SELECT seq, text, dice, ai FROM actions WHERE game = ?1 ORDER BY seq", e);
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char text[ACTION_TEXT_MAX], dice[STORE_DICE_TEXT_MAX], ai[GAME_AI_TEXT_MAX];
		bool has_ai = sqlite3_column_type(st, 3) != SQLITE_NULL;
		copy_col(st, 1, text, sizeof text);
		copy_col(st, 2, dice, sizeof dice);
		if (has_ai)
			copy_col(st, 3, ai, sizeof ai);
		int r = fn(ctx, sqlite3_column_int(st, 0), text, dice, has_ai ? ai : NULL);
		if (r) {
			sqlite3_finalize(st);
			return r;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : fail(s, e, "read actions");
}
