/* record: a game record: format version, rule system, scenario id and data hash, seed, dice
 * mode, options, who plays each side (when known, as text), the ordered actions in their text
 * form with any manual dice and, where a computer player moved them on, the computer players'
 * state after them, and a state checksum after each player-turn. Saving writes it atomically;
 * loading replays it. */
#ifndef CRIMEA_RECORD_H
#define CRIMEA_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

#define REC_VERSION 1
/* Room for a player's name on the "players" line and its NUL: "search:100000" fits. */
#define REC_PLAYER_MAX 16

struct rec_action {
	char text[ACTION_TEXT_MAX];
	uint8_t dice[DICE_PER_ACTION];
	uint8_t ndice;
	/* The computer players' state after the action (game_ai_get), when known: always for an
	 * action appended (rec_append), for a loaded one when the file has its "ai" line. */
	bool has_ai;
	struct game_ai_state ai;
	int line; /* source line when loaded from a file */
};

struct rec_check {
	int pturn;
	uint64_t sum;
	int after; /* number of actions applied when it was taken */
	int line;
};

/* One seat of the "players" line: a side as the scenario names it, and who plays it, as
 * written ("human", "greedy", "search:40"...). The record checks only its form (a word); what
 * it means is the computer players' business (ai_seat_parse in src/ai, through src/app). */
struct rec_seat {
	char side[SIDE_NAME_MAX];
	char player[REC_PLAYER_MAX];
};

struct record {
	char rules[16];
	char scenario[SCN_ID_MAX];
	uint64_t data_hash;
	uint64_t seed;
	int dice_mode;
	uint32_t options;
	/* The "players" line (optional): who plays each side, so that a resumed game knows its
	 * computer players. nseat is 0 (no line: an old record, or one never told) or 2. */
	struct rec_seat seat[2];
	int nseat;
	int seat_line; /* its source line when loaded from a file */
	struct rec_action *act; /* owned */
	int nact, capact;
	struct rec_check *chk;  /* owned */
	int nchk, capchk;
};

void rec_init(struct record *r, const struct game *g);
void rec_free(struct record *r);
/* Sets r's "players" line: side k of scenario s played by player[k] (its name: "human",
 * "search:40"...). 0, or -1 (the line left as it was) when a side's name cannot be written on
 * the line (empty, or with a blank or '='), or a player's is not a word rec_load would take
 * (empty, with a blank, '=' or '#', or REC_PLAYER_MAX characters or more). */
int rec_set_players(struct record *r, const struct scenario *s, const char *const player[2]);
/* The players of r's "players" line by side of s into out[2] (pointers into r: the names as
 * written): 1, or 0 when r has no such line (out untouched), or -1 with e set (file:line of
 * the line) when it names a side s does not have. */
int rec_players(const struct record *r, const struct scenario *s, const char *out[2], const char *file,
		struct err *e);
/* Appends the action just applied to g (its text, the dice it used and g's computer players'
 * state after it), and a checksum if it completed a player-turn. pturn_before: g's
 * player_turn before the action. 0, or -1 when out of memory. */
int rec_append(struct record *r, const struct game *g, const char *text, int pturn_before);
/* Writes the record atomically. An action's "ai" line is written when its state is known and
 * differs from the one a replay would otherwise have there (the last written, or the seed's
 * at the start): in practice after each action of a computer player that drew on its stream
 * or changed its plan, never after a person's. */
int rec_save(const struct record *r, const char *path, struct err *e);
/* Reads the record at path into r (owned by the caller: rec_free). Every malformed line,
 * including an "ai" line that is not a computer players' state or follows no action, and a
 * "players" line that is not two distinct sides each with a player's name (a word), or is not
 * in the header (before the first action), is an error at its file:line; on error r holds
 * nothing to free. Side names are matched to a scenario later (rec_players, rec_replay); whether
 * a player's name is a known player is for the caller to judge (src/app/players.h). */
int rec_load(struct record *r, const char *path, struct err *e);
/* Replays r on scenario s into g, putting back the computer players' state after each action
 * that has one, so that g's players continue as they would have. A "players" line naming a
 * side s does not have is an error at its line (rec_players). With verify, compares every
 * checksum and stops at the first divergence, naming the action. Returns 0 or -1 with e set
 * (file:line when from a file). */
int rec_replay(const struct record *r, const struct scenario *s, struct game *g, bool verify,
	       const char *file, struct err *e);

/* One action of a replay, as rec_replay_steps tells it. */
#define REC_STEP_EVENTS 256 /* rulings kept an action (more are counted in ev->dropped) */
struct rec_step {
	int i;                      /* the action's index in the record (0: the first) */
	const struct rec_action *a; /* the action as recorded */
	int side;                   /* the side that decided it (rules->to_act before it) */
	const char *status;         /* the position before it (rules->status) */
	const struct evsink *ev;    /* its rulings, with their cases and dice */
	const struct game *g;       /* the game after it */
};
typedef void (*rec_step_fn)(void *ctx, const struct rec_step *st);
/* rec_replay, telling fn (with ctx) of every action once applied, with its rulings: a game's
 * log for a reader (crimea replay --log). The same result as rec_replay. Returns 0, or -1
 * with e set (also when out of memory). */
int rec_replay_steps(const struct record *r, const struct scenario *s, struct game *g, bool verify,
		     const char *file, struct err *e, rec_step_fn fn, void *ctx);

#endif
