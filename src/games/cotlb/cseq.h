/* cseq: Charge of the Light Brigade's sequence of play, kept in a game (struct cros_seq in
 * croster.h) for the referee: the initiative, then side A's free action phase, its command point
 * phases each answered by side B's reaction phase, then side B's turn the same way [Initiative],
 * [Side A Turn (a)-(i)], [Side B Turn]. It says whose phase it is, which units have acted in it
 * and what an action costs, and refuses an action the sequence does not allow, with its case.
 * A game keeps it only once the referee starts it (cseq_next on a game without it); without it
 * every ruling is the referee's to place, as before. */
#ifndef CRIMEA_CSEQ_H
#define CRIMEA_CSEQ_H

#include <stdbool.h>
#include <stddef.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "croster.h"

/* The most command point phases in one turn's half (the game file reads rounds up to it):
 * only Cossacks' unlimited points could buy more. */
#define CSEQ_ROUNDS_MAX 99
/* The most units that reinforce one charged unit in contact (a close combat side holds
 * CREF_CC_UNITS units) [Close Combat (b)]. */
#define CSEQ_JOIN_MAX (CREF_CC_UNITS - 1)

/* What a unit does, as the sequence counts it. */
enum cseq_act {
	CSEQ_MOVE,     /* a move across the table */
	CSEQ_MOVE_AT,  /* a move straight at an enemy unit (a charge's approach, a reaction charge) */
	CSEQ_REFORM,   /* a change of formation in place (limbering) */
	CSEQ_UNLIMBER, /* a battery unlimbers in place */
	CSEQ_TURN,     /* a change of facing in place alone (more than 30 degrees: an action) */
	CSEQ_FIRE,
	CSEQ_CHARGE,   /* a close combat as its attacker */
	CSEQ_RALLY,    /* removes a morale marker [MORALE (e)] */
	CSEQ_REINFORCE,/* a reaction: reinforces a charged friend as a double line [Close Combat (b)] */
	CSEQ_JOIN,     /* a reaction: reinforces a charged friend in contact with its attacker [Close Combat (b)] */
	CSEQ_ACTS
};
extern const char *const cseq_act_name[CSEQ_ACTS];
extern const char *const cseq_phase_name[CSEQ_PHASES];

/* The side (0, 1) that acts in the game's phase: side A in its free action and command point
 * phases, side B in the reaction phases; -1 at the initiative or without the sequence. */
int cseq_acting(const struct cros_game *g);

/* An action of a unit, as the sequence sees it. */
struct cseq_do {
	int unit;        /* its index in the order of battle */
	int act;         /* enum cseq_act */
	int target;      /* the enemy unit it acts against, -1 none or not known */
	int arm;         /* the unit's enum ctbl_arm, -1 when the game has no table to say */
	bool ace;        /* one of its points is paid with the side's Ace [Close Combat (h)] */
	/* a volley (CSEQ_FIRE): the stands (dice) it fires, of the unit's stands; split: the unit
	 * splits its fire, the rest to fire at other targets in the same action [Fire (f)] */
	int stands, of;
	bool split;
};

/* Whether the action may be taken now: 0 with the command points it costs in *cost, or -1
 * with the case in e. A game without the sequence allows everything at no cost. */
int cseq_may(const struct cros_oob *o, const struct cros_game *g, const struct cseq_do *d, int *cost, struct err *e);
/* Records the action, allowed by cseq_may (checked again here): pays its points (one of them
 * with an Ace when d->ace) and counts the unit as having acted in the phase. 0 or -1 (e). */
int cseq_done(const struct cros_oob *o, struct cros_game *g, const struct cseq_do *d, struct evsink *ev,
	      struct err *e);
/* Ends the phase and starts the next; on a game without the sequence, starts it at this turn's
 * initiative. first: the side the initiative's winner sends first (-1: the winner itself),
 * taken when the initiative phase ends. Returns 1 when the turn is over (side B declined a
 * further command point phase): the caller then starts the next turn (cros_next_turn and the
 * table's command radius), which puts the game at its initiative; 0 otherwise; -1 with e when
 * the phase may not end yet (the initiative not rolled). */
int cseq_next(const struct cros_oob *o, struct cros_game *g, int first, struct evsink *ev, struct err *e);
/* [Side A Turn (d)]: unit i's close assault on j, bought in the command point phase (cseq_done
 * declares it) or a reaction charge's that connected within 2", is resolved after the reaction
 * phase, in the close assault phase. */
void cseq_declare(const struct cros_oob *o, struct cros_game *g, int i, int j, struct evsink *ev);

/* [Close Combat (f)]: unit i, attacking, won its close combat with j at twice j's total: it may
 * stay locked in combat and fight j again in this phase, as part of the same action. */
void cseq_lock(const struct cros_oob *o, struct cros_game *g, int i, int j, struct evsink *ev);
/* [Close Combat (f)]: unit i, locked in combat with j, follows j as it withdraws this turn and
 * may charge it again whatever the gap (locked with an enemy that has not withdrawn, it charges
 * only within 2" like any other). The listing (cact.c), the charge (cplay.c) and the close
 * assault's resolution (cgame.c) all ask this. */
bool cseq_follows(const struct cros_game *g, int i, int j);

/* [Fire (f)]: the stands of unit i still to fire in its split fire (0: none open); whether its
 * split fire has fired at unit j. */
int cseq_split_left(const struct cros_game *g, int i);
bool cseq_split_fired(const struct cros_game *g, int i, int j);

/* [Close Combat (b)]: unit r, having passed its morale test in the reaction phase, reinforces unit
 * d, charged by an enemy that used command points, thus forming a double line for d's close
 * assault (the double line's modifier when it is resolved). */
void cseq_reinforce(const struct cros_oob *o, struct cros_game *g, int r, int d, struct evsink *ev);
/* The unit reinforcing unit d as a double line in this round's close assault on it, or -1. */
int cseq_reinforced_by(const struct cros_game *g, int d);
/* [Close Combat (b)]: unit r, having passed its morale test in the reaction phase, reinforces
 * unit d in contact with d's attacker: it fights with d in the close assault on it. */
void cseq_join(const struct cros_oob *o, struct cros_game *g, int r, int d, struct evsink *ev);

/* The game stops keeping the sequence (the referee's again). */
void cseq_stop(struct cros_game *g, struct evsink *ev);
/* A new turn begins: its initiative (called by cros_next_turn). */
void cseq_turn_begins(struct cros_game *g);
/* Where the sequence stands, as a few lines: the turn, the phase and its side, what an action
 * costs, the units that have acted and the units a reaction may answer. */
void cseq_status(const struct cros_oob *o, const struct cros_game *g, char *out, size_t n);

#endif
