/* cplay: a referee's command carried out on a Charge of the Light Brigade game: fire, close combat,
 * reinforcement, the roster's and the sequence of play's commands, and (cmove.c) the table's moves.
 * The command is a request (referee.h) with the table's and the sequence's options; cplay_run
 * checks it against the game's sequence of play and table, runs the ruling, and puts its effects
 * into the game, which it changes only when the ruling is complete and allowed. It prints
 * nothing and keeps no file: what the referee reads goes into a transcript, what changed into
 * events, and the caller (`crimea referee cotlb`, or a game on the rule-system interface) shows
 * and keeps them. */
#ifndef CRIMEA_CPLAY_H
#define CRIMEA_CPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "croster.h"
#include "cseq.h"
#include "ctable.h"
#include "referee.h"

#define CPLAY_CHANGES 320 /* the events of one command's changes (a new turn's markers, a rout's) */

/* What the game is ruled with (borrowed, read only). */
struct cplay {
	const struct ctab *t;
	const struct ctbl *tb;   /* the game's table, or NULL */
	const struct cros_oob *o;
	const char *name;        /* the game as the referee names it (its file), for the messages */
};

/* A command's options besides its request: the table's and the sequence's. */
struct cplay_opts {
	bool has_x, has_y;
	int32_t x, y;             /* units */
	int facing;               /* -1: as it was */
	char formation[16];       /* "": as it was */
	char commander[CROS_ID_MAX];
	char toward[CROS_ID_MAX]; /* move --toward ID: straight at that unit, to 2" of it */
	char from[CROS_ID_MAX];   /* withdraw, rout --from ID: away from that unit */
	char first[16];           /* next --first SIDE: the initiative winner's choice */
	bool off;                 /* phase --off: stop keeping the sequence */
	bool declare;             /* melee --declare: a close assault bought in a command point phase [Side A Turn (d)] */
	bool split;               /* fire --split: the firer's other stands fire at another target [Fire (f)] */
	bool contact;             /* reinforce --contact: in contact with the attacker [Close Combat (b)] */
	bool ace;                 /* --ace: one command point paid with the side's Ace [Close Combat (h)] */
	int points;               /* spend --points N */
};

/* The text a command gives the referee, in order (a NULL s: kept nowhere). */
struct cplay_text {
	char *s;
	size_t n, cap;
	bool off;                 /* discard (a game that keeps only the events) */
};

/* What a command did. */
struct cplay_res {
	int rc;                   /* 0; 1 refused by the rules; 2 a bad request */
	bool opt;                 /* rc != 0: the request's fault (its options), not the rules' */
	char msg[ERR_MSG_MAX];    /* rc != 0: why */
	bool changed;             /* the game changed: keep it (its log gets what was asked, the
				   * ruling when ruled, and the changes) */
	bool ruled;               /* the ruling (the caller's ref_out) is part of the change */
	struct evsink changes;
	struct event store[CPLAY_CHANGES];
	struct cplay_text text;
	struct ref_want want;     /* the dice the command asks for next (referee.h; RW_NONE: none) */
	bool rolled;              /* cplay_run_rolled rolled dice for a ruling it made (the stream
				   * moved on: keep it, and the ruling in the game's log) */
};

/* A result with nothing done; text off: no transcript. */
void cplay_res_init(struct cplay_res *r, bool text_off);
void cplay_res_free(struct cplay_res *r);

/* Carries out request q with options x on game g (NULL: a ruling on the sheet alone; else
 * q->oob and q->game are set here); out is storage for the ruling (large). Returns r->rc. A
 * command that changes the game sets r->changed; one refused (r->rc != 0) may have changed g in
 * part, so a caller that goes on with g keeps a copy to go back to (the referee reads its file
 * again). The read-only commands (units, actions, log, phase without --off, where, table) are
 * the caller's. */
int cplay_run(const struct cplay *c, struct cros_game *g, struct ref_req *q, const struct cplay_opts *x,
	      struct ref_out *out, struct cplay_res *r);

/* cplay_run with the dice it asks for rolled from dice: the request's own dice are kept, and each
 * die the ruling lacks is rolled in the order the ruling asks for them, until it has all it
 * needs (a tied initiative is rolled again). q gets the dice rolled. The game is changed only
 * by a command that changes it (r->changed); the stream moves on with every ruling made
 * (r->rolled: each roll is the next of one sequence, a morale check's as a volley's), and not
 * with a refusal (asked again, it rolls the same dice). */
#define CPLAY_ROLLS 64
int cplay_run_rolled(const struct cplay *c, struct cros_game *g, struct ref_req *q, const struct cplay_opts *x,
		     struct ref_out *out, struct cplay_res *r, struct rng *dice);

/* Whether unit f, of a game on a table, may fire a volley at unit at now (with a pivot: pivot):
 * in sight, within range, with a stand that bears, as fire --firer F --at AT finds it. 0, or
 * -1 with e. */
int cplay_fire_check(const struct cplay *c, const struct cros_game *g, int f, int at, bool pivot, struct err *e);

/* Whether what is a command cplay_run carries out on a game's table (cmove.c). */
bool cplay_is_table_cmd(const char *what);
/* The side named name (0, 1), or -1. */
int cplay_side_named(const struct cros_oob *o, const char *name);

/* For cplay.c and cmove.c: the transcript and the result. */
void cplay_say(struct cplay_res *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* ev's events under head (none: nothing; head NULL: no heading), as the referee reads them. */
void cplay_say_events(struct cplay_res *r, const char *head, const struct evsink *ev);
/* A ruling's answer (its headings, rulings, distributions and results) as text. */
void cplay_say_out(struct cplay_res *r, const struct ref_out *o);
/* Refusals: by the rules (1), of the request (2), and either with opt saying whose fault;
 * return the code. cplay_refuse_err refuses with e (file:line: message). */
int cplay_refuse(struct cplay_res *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cplay_bad(struct cplay_res *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cplay_fail(struct cplay_res *r, int rc, bool opt, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int cplay_refuse_err(struct cplay_res *r, const struct err *e);
/* The dice the command asks for next, as ref_out's want (the first asked wins); true. */
bool cplay_want(struct cplay_res *r, int kind, int n);
/* A change made: ev's events are what changed; ruled: the ruling in the caller's ref_out is part
 * of it. Returns 0. */
int cplay_keep(struct cplay_res *r, const struct evsink *ev, bool ruled);

#endif
