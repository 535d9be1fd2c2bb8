/* srvparse: the HTTP server's request bodies (docs/API.md), parsed into plain structs. Pure
 * functions (no MHD, no store, no game), so that the fuzz target tests/fuzz/fuzz_http_json.c
 * can test them alone. */
#ifndef CRIMEA_SRVPARSE_H
#define CRIMEA_SRVPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/dice.h"
#include "../games/rules.h"
#include "store.h"

#define SRV_BODY_MAX (64 * 1024)
#define SRV_MODE_MAX 16
#define SRV_AI_NAME_MAX 16
/* A server's computer player thinks at most this many rollouts a decision ("search:N"): a
 * request cannot make one game hold a core for minutes a move. */
#define SRV_SEARCH_BUDGET_MAX 200
#define SRV_OPTS_MAX 8
#define SRV_OPT_MAX 16

/* A parsed body of POST .../actions, .../odds, .../hint, .../undo or .../entropy. */
struct srv_req {
	bool has_token, has_action, has_dice, has_entropy, has_player;
	char token[STORE_TOKEN_MAX];
	char action[ACTION_TEXT_MAX];
	char player[SRV_AI_NAME_MAX]; /* .../hint: the computer player asked ("greedy") */
	int dice[DICE_PER_ACTION];
	int ndice;
	char entropy[STORE_HEX_MAX];
};

/* A parsed body of POST /api/games. */
struct srv_create {
	char scenario[SCN_ID_MAX];
	char mode[SRV_MODE_MAX];     /* "" when absent (hotseat) */
	char dice[8];                /* "" when absent (rng) */
	bool has_seed;
	uint64_t seed;
	int nai;
	struct {
		char side[SIDE_NAME_MAX];
		char name[SRV_AI_NAME_MAX];
	} ai[2];
	int nopt;
	char opt[SRV_OPTS_MAX][SRV_OPT_MAX];
};

/* Parses a JSON request body of len bytes (need not be NUL-terminated): an object whose known
 * members are "token" (string), "action" (string: printable, no ';'), "dice" (list of 1..6
 * integers) and "entropy" (hex string of 2..128 digits, even length). Unknown members are
 * ignored. Returns 0, or -1 with a reason in why (the server answers 400). */
int srv_parse_action_body(const char *body, size_t len, struct srv_req *out, char *why, size_t n);
/* Parses the body of POST /api/games the same way. Returns 0 or -1 with why. */
int srv_parse_create_body(const char *body, size_t len, struct srv_create *out, char *why, size_t n);

#endif
