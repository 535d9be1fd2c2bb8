/* record: a game record: format version, rule system, scenario id and data hash, seed, dice
 * mode, options, the ordered actions in their text form with any manual dice, and a state
 * checksum after each player-turn. Saving writes it atomically; loading replays it. */
#ifndef CRIMEA_RECORD_H
#define CRIMEA_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

#define REC_VERSION 1

struct rec_action {
	char text[ACTION_TEXT_MAX];
	uint8_t dice[DICE_PER_ACTION];
	uint8_t ndice;
	int line; /* source line when loaded from a file */
};

struct rec_check {
	int pturn;
	uint64_t sum;
	int after; /* number of actions applied when it was taken */
	int line;
};

struct record {
	char rules[16];
	char scenario[SCN_ID_MAX];
	uint64_t data_hash;
	uint64_t seed;
	int dice_mode;
	uint32_t options;
	struct rec_action *act; /* owned */
	int nact, capact;
	struct rec_check *chk;  /* owned */
	int nchk, capchk;
};

void rec_init(struct record *r, const struct game *g);
void rec_free(struct record *r);
/* Appends the action just applied to g (its text and the dice it used), and a checksum if it
 * completed a player-turn. pturn_before: g's player_turn before the action. */
int rec_append(struct record *r, const struct game *g, const char *text, int pturn_before);
/* Writes the record atomically. */
int rec_save(const struct record *r, const char *path, struct err *e);
int rec_load(struct record *r, const char *path, struct err *e);
/* Replays r on scenario s into g. With verify, compares every checksum and stops at the first
 * divergence, naming the action. Returns 0 or -1 with e set (file:line when from a file). */
int rec_replay(const struct record *r, const struct scenario *s, struct game *g, bool verify,
	       const char *file, struct err *e);

#endif
