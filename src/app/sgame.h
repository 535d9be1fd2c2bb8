/* sgame: one game the server holds in memory, backed by the store (store.h): its game, its
 * record, its seats and computer players, the ring of its last events, and the computer
 * players' state after each action. Actions go through sg_step, which commits each to the
 * store before the game changes; a game is rebuilt by replaying its stored actions (sg_load at
 * start-up, sg_replay_rec for an undo), with the computer players' state put back rather than
 * chosen again (docs/API.md "Storage"). Not thread-safe: the server calls these under its
 * mutex, or while the games load. */
#ifndef CRIMEA_SGAME_H
#define CRIMEA_SGAME_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/event.h"
#include "../games/record.h"
#include "../games/rules.h"
#include "store.h"

#define SRV_EVENTS_KEEP 200
#define SRV_EVENTS_STEP 512       /* events one action may emit */
#define SRV_ENTROPY_MAX 16
#define SRV_SEATS 3               /* two sides and a spectator */

struct sgame {
	struct store_game meta;
	struct store_seat seat[SRV_SEATS];
	int nseat;
	struct ai_player ai[2];       /* per side; kind AI_NONE: a person's seat */
	const struct scenario *scn;
	uint32_t options;
	struct game *g;               /* owned */
	struct record rec;            /* owned: the actions applied, in order */
	struct game_ai_state *aist;   /* owned: the computer players' state after each (cap capaist) */
	int capaist;
	int seq;                      /* actions applied */
	unsigned long version;        /* bumped by every change; event streams wait on it */
	char entropy[SRV_ENTROPY_MAX][STORE_HEX_MAX];
	int nentropy;
	struct event *ev;             /* owned ring of SRV_EVENTS_KEEP */
	int *evseq;                   /* the action seq of each */
	int nev, evhead;
	bool ai_warned;
	bool thinking;                /* a request is playing its computer players (serve.c) */
	int ai_redrawn;               /* replayed actions a computer player chose again (schema 1) */
	struct srv_speed *speed;      /* the scenario's computer-player memo and scratch (srv's) */
};

/* A scenario's computer-player memo (rules->memo_new) and scratch (ai_scratch_new), made on
 * first need and shared by all its games: they only make the players faster, never change a
 * choice (crimea sim shares one per thread across games the same way), and they are used by
 * one thread at a time: under mu, or while the games load. Per game they cost a megabyte or
 * more (the memo keeps a search per unit), which a server of many games must not pay for
 * each. */
struct srv_speed {
	pthread_mutex_t mu;
	void *memo;
	struct ai_scratch *ai_scratch;
	int threads; /* the threads search may think on (ai_scratch_threads; 0: one) */
};

/* Result codes of sg_step besides 0 and -1 (refused) and DICE_NEED. */
#define SRV_STORE_FAILED (-10)
#define SRV_DIVERGED (-11)

/* A new game of scenario scn, not yet started (sg_reset), whose computer players use speed
 * (the server's, one a scenario). NULL when out of memory. sg_free(NULL) does nothing. */
struct sgame *sg_new(const struct scenario *scn, struct srv_speed *speed);
void sg_free(struct sgame *sg);
/* Puts sg's game at the scenario's start with its seed (the fixed one, or the one the secret
 * and the entropy so far give) and forgets every action. */
int sg_reset(struct sgame *sg, struct err *e);
/* The computer player of g's side to act (sg's player for that side) chooses on g, a copy of
 * sg's game that the caller owns, with the scenario's memo and scratch (the caller holds
 * sg->speed->mu, or is alone): the action's text into text and g's computer players' state
 * after choosing into *after (may be NULL). sg is only read. 0, or -1 with e set. */
int sg_think(struct sgame *sg, struct game *g, char text[ACTION_TEXT_MAX], struct game_ai_state *after,
	     struct err *e);
/* A hint on g, a copy of sg's game the caller owns (holding sg->speed->mu, or alone): what
 * player p would play now as the side to act (ai_player_hint), with the scenario's memo and
 * scratch; its text into text. g's players' state is left as it was. 0, or -1 with e set. */
int sg_hint(struct sgame *sg, struct game *g, const struct ai_player *p, char text[ACTION_TEXT_MAX], struct err *e);
/* Applies one action (text) to sg. known, when not NULL, is the computer players' state after
 * the action, put back in the game after it (the state sg_think gave with the text, or what
 * the store or sg->aist kept). When replaying (st NULL) the action comes from the store: it is
 * not stored again, and in an rng game the dice rolled must equal want_dice; without known
 * (actions stored before schema 2) a computer side draws its choice again so that its stream
 * and plan are where they were. Otherwise the action and the state after it are committed to
 * the store before the game changes. Events go to sink (may be NULL) and to the game's ring.
 * Returns 0, -1 (refused, e says why), DICE_NEED, SRV_STORE_FAILED or SRV_DIVERGED. */
int sg_step(struct store *st, struct sgame *sg, const char *text, const int *dice, int nd,
	    const char *want_dice, const struct game_ai_state *known, struct evsink *sink, struct err *e);
/* Replays the first n actions of a record (texts and dice) into sg from the start, with the
 * computer players' state after each from ai (n of them); evbuf is
 * SRV_EVENTS_STEP events of scratch. 0, or -1 with e set. */
int sg_replay_rec(struct sgame *sg, const struct record *r, const struct game_ai_state *ai, int n,
		  struct event *evbuf, struct err *e);
/* Rebuilds sg (its meta, seats, players and options set) from the store: its entropy, then
 * every stored action replayed (sg_step without a store). 0, or -1 with e set (sg->seq says
 * how far it got). */
int sg_load(struct store *st, struct sgame *sg, struct event *evbuf, struct err *e);

#endif
