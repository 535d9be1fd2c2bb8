/* cmove: the table's commands of a referee that change a Charge of the Light Brigade game: place
 * a unit or a commander, a reinforcement's entry, a move by the MOVE Chart (or a change of
 * formation or facing in place), a withdrawal, a rout, and a winner's advance (cplay.h says how a
 * command is carried out). */
#ifndef CRIMEA_CMOVE_H
#define CRIMEA_CMOVE_H

#include "cplay.h"

/* Carries out the table command q->what on g. sd: the move as the unit's action in the game's
 * sequence of play (cseq.h), recorded with it, or NULL when the game keeps no sequence or the
 * move is no action. Returns r->rc. */
int cmove_run(const struct cplay *c, const struct ref_req *q, const struct cplay_opts *x, struct cros_game *g,
	      const struct cseq_do *sd, struct cplay_res *r);

/* Whether unit i, on the table, may advance now onto the position of the enemy it beat
 * [Close Combat (f)]: it won as the attacker in this phase, the loser has gone, and the place is
 * clear of other units and within its restriction. 0, or -1 with e. */
int cmove_advance_check(const struct cplay *c, const struct cros_game *g, int i, struct err *e);

#endif
