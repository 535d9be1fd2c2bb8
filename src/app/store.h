/* store: the server's game store in SQLite (docs/API.md "Storage"). Every write is one
 * transaction, committed (WAL, synchronous=FULL) before the function returns, so an action
 * acknowledged over HTTP survives a crash. The store keeps facts only (games, seats, entropy,
 * actions and the computer players' state after each); game states are rebuilt by replaying
 * the actions. Not thread-safe: the caller serialises calls. */
#ifndef CRIMEA_STORE_H
#define CRIMEA_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/err.h"
#include "../games/rules.h"

#define STORE_ID_MAX 32
#define STORE_TOKEN_MAX 40     /* 32 hex digits and a NUL, rounded */
#define STORE_KIND_MAX 16
#define STORE_OPTIONS_MAX 256
#define STORE_HEX_MAX 132      /* entropy: up to 64 bytes as hex, and a NUL */
#define STORE_DICE_TEXT_MAX (DICE_PER_ACTION * 4 + 1)

struct store;

struct store_game {
	char id[STORE_ID_MAX];
	char scenario[SCN_ID_MAX];
	char mode[16];              /* hotseat, ai, remote */
	bool seed_fixed;            /* false until the first action (or a creator's seed) */
	bool seed_given;            /* the creator chose the seed */
	uint64_t seed;              /* meaningful when seed_fixed */
	char options[STORE_OPTIONS_MAX]; /* JSON array of option strings, e.g. ["11.27"] */
	char dice[8];               /* rng, manual */
	unsigned char secret[32];
	char commitment[65];        /* hex sha256(secret) */
	int64_t created;            /* Unix seconds */
	char status[16];            /* playing, over */
};

struct store_seat {
	char side[SIDE_NAME_MAX];   /* a side name, or "spectator" */
	char token[STORE_TOKEN_MAX]; /* "" for a computer player */
	char kind[STORE_KIND_MAX];  /* human, spectator, or an AI name (random) */
};

/* Opens (creating if needed) the database at path. *out is owned by the caller
 * (store_close). Returns 0 or -1 with e set. */
int store_open(struct store **out, const char *path, struct err *e);
void store_close(struct store *s);

/* Inserts a new game and its seats in one transaction. */
int store_create(struct store *s, const struct store_game *g, const struct store_seat *seats,
		 int nseats, struct err *e);
/* Appends entropy (hex text) from a side; seq is 1-based and consecutive per game. */
int store_add_entropy(struct store *s, const char *game, int seq, const char *side, const char *hex,
		      struct err *e);
/* Appends action number seq (1-based) with the dice it used ("4 2", or "") and the computer
 * players' state after it (game_ai_text; NULL stores none), and in the same transaction fixes
 * the game's seed when fix_seed, and sets its status. */
int store_add_action(struct store *s, const char *game, int seq, const char *text, const char *dice,
		     const char *ai, bool fix_seed, uint64_t seed, const char *status, struct err *e);
/* Deletes action seq (the last one) and sets the status, in one transaction. */
int store_undo(struct store *s, const char *game, int seq, const char *status, struct err *e);

/* Calls fn for every game id, oldest first. Stops and returns fn's value if it is non-zero. */
int store_each_game(struct store *s, int (*fn)(void *ctx, const char *id), void *ctx, struct err *e);
/* Reads one game and up to max seats (returns how many in *nseats). */
int store_get(struct store *s, const char *id, struct store_game *g, struct store_seat *seats, int max,
	      int *nseats, struct err *e);
/* Calls fn(ctx, seq, hex) for every entropy contribution in order. */
int store_each_entropy(struct store *s, const char *id, int (*fn)(void *ctx, int seq, const char *hex),
		       void *ctx, struct err *e);
/* Calls fn(ctx, seq, text, dice, ai) for every action in order; ai is NULL where none was
 * stored (actions stored by schema 1). */
int store_each_action(struct store *s, const char *id,
		      int (*fn)(void *ctx, int seq, const char *text, const char *dice, const char *ai),
		      void *ctx, struct err *e);

#endif
