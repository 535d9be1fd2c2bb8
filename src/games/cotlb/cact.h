/* cact: what the units of a Charge of the Light Brigade game may do now, as its sequence of play
 * (cseq.c) and, when it has one, its table (ctable.c) allow: each action with the unit, the enemy
 * or friend it is at, and the command points it costs. The referee's `actions` command lists them
 * ("who may charge whom, who fires at whom"); it is also the list of a phase's actions a computer
 * player for this game would choose from. Rulings and dice are not here: an action listed may
 * still fail its dice (a charge its morale check, a move its inches). */
#ifndef CRIMEA_CACT_H
#define CRIMEA_CACT_H

#include <stdbool.h>
#include <stdint.h>

#include "croster.h"
#include "ctable.h"

enum cact_kind {
	CACT_FIRE,        /* a volley at target (the one fire priority names; in reaction, at a unit
			   * that used a command point) [Fire (c)], [Side A Turn (c) 1] */
	CACT_CHARGE,      /* a close combat with target, within 2" [Close Combat (a)] (or locked in
			   * combat with it [Close Combat (f)]) */
	CACT_RESOLVE,     /* a declared close assault on target, to resolve [Side A Turn (d)] */
	CACT_REACT_CHARGE,/* cavalry's reaction charge at target [Side A Turn (c) 4] */
	CACT_MOVE,        /* a move by the MOVE Chart [MOVE (a)] */
	CACT_REFORM,      /* a change of formation (limber, unlimber, square...) [Side A Turn (a)] */
	CACT_TURN,        /* a turn in place [Side A Turn (c) 2] */
	CACT_UNLIMBER,    /* a battery unlimbers in reaction [Side A Turn (c) 3] */
	CACT_RALLY,       /* removes a marker; routing: a morale check [MORALE (e)] */
	CACT_REINFORCE,   /* a double line behind the charged friend target [Close Combat (b)] */
	CACT_JOIN,        /* contacts the attacker of the charged friend target [Close Combat (b)] */
	CACT_ADVANCE,     /* onto the position of target, beaten in close combat [Close Combat (f)] */
	CACT_KINDS
};
extern const char *const cact_kind_name[CACT_KINDS];

#define CACT_LIST_MAX 1024 /* room enough for every action of a phase (a unit has a few) */

struct cact {
	int kind;         /* enum cact_kind */
	int unit;         /* the acting unit */
	int target;       /* the unit it is at, -1 none (or, without a table, not known) */
	int cost;         /* command points (the sequence's; 0 without it) */
	/* on a table: a volley's stands that bear and range band (0 short, 1 long), and the gap to
	 * the target (units; -1 not measured) */
	int stands, band;        /* band -1: the weapon's range is not printed */
	bool pivot;              /* the stands bear only with a pivot, at -1 [Fire (g)] */
	bool ace;                /* one of its points paid with its side's Ace (the unit has too few
				  * of its own) [Close Combat (h)] */
	int32_t gap;
};

/* The actions unit may take now (unit -1: every unit of the side that acts, or of both sides
 * when the game keeps no sequence), into out (at most max; the count of all is returned).
 * tb: the game's table, or NULL (then targets are named only where the sequence names them).
 * memo: the game's memo of fire priorities (ctbl_memo_new), or NULL (the same list, slower). */
int cact_list(struct ctbl_memo *memo, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
	      const struct cros_game *g, int unit, struct cact *out, int max);

#endif
