/* sref: Sevastopol's chart rulings for a referee with the printed map and counters and real
 * dice: attrition [7.0], field army intervention [5.0], ammunition due [8.18], siege battery
 * fire [8.0], Russian field battery fire [13.0], melee [14.2] and morale effects [14.3]. Each
 * takes the die rolled (0: not rolled yet) and emits events citing the case, and gives the chance
 * of each outcome. Integers only in rulings. The charts (struct stab) are passed in, read only. */
#ifndef CRIMEA_SREF_H
#define CRIMEA_SREF_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "stab.h"

/* [7.0]-[7.2]: turn 1-18, nation; the die (0: odds only) into *lost, p[k] the chance of losing
 * k units (k 0..7). Refused (-1, e) in a Game-Turn without attrition. */
int sref_attrition(const struct stab *t, int turn, int nation, int die, int *lost, double p[8], struct evsink *ev,
		   struct err *e);

/* [5.0]-[5.3]: battle in turn; used[b] the battles already chosen, last the Game-Turn of the
 * last intervention (0: none). The die's effect into *effect (STAB_NONE: none). Refused in
 * winter [5.13], a battle chosen before [5.11], Tchernaya before March 1855 [5.12], the Game-Turn
 * after an intervention [5.14]. */
int sref_intervention(const struct stab *t, int turn, int battle, const bool used[SB_BATTLES], int last, int die,
		      int *effect, struct evsink *ev, struct err *e);

/* [8.1], [8.18]: what turn brings each nation if units[n] units are in its Supply Box (-1: not
 * said: list what is due). Emits a line a nation. */
void sref_ammunition(const struct stab *t, int turn, const int units[SN_NATIONS], struct evsink *ev);

/* The rangefinder's modifier at yards [8.5] (reconstructed bands); refused past the last band. */
int sref_range_mod(const struct stab *t, int yards, int *mod, struct err *e);

/* A siege battery's round [8.5]-[8.99]: gun, range in yards, the target: a sap or parallel
 * (strength -1) or a bastion at strength 0..8, the Mamelon (+2 [8.81]). The result of the die into
 * *out; odds into p[row] (the table's rows). */
int sref_bombard(const struct stab *t, int gun, int yards, int strength, bool mamelon, int die, struct stab_fire *out,
		 double p[STAB_FIRE_ROWS], struct evsink *ev, struct err *e);

/* The Siege Battery Fire Table's column [8.99] for a target: a sap or parallel (strength -1) or a
 * bastion at strength 0..8, the Mamelon two levels higher [8.81]. */
int sref_fire_col(int strength, bool mamelon);
/* One distinct result of a column, and its chance. */
struct sref_fire_odds {
	struct stab_fire cell;
	double p;
};
/* The distinct results of column col under sref_bombard's row odds p, each once with its summed
 * chance (none under 0.05%), in the table's order; how many. */
int sref_fire_outcomes(const struct stab *t, int col, const double p[STAB_FIRE_ROWS],
		       struct sref_fire_odds out[STAB_FIRE_ROWS]);

/* The column of a melee: attack to defence strength, reduced in the defender's favour [14.0];
 * -1 (refused) below 1-3. */
int sref_melee_col(int attack, int defence, struct err *e);
/* The die modifier of an attack on a unit of the defending nation [14.21]-[14.23]: "russian",
 * "french", "zouave", "british" (or "english"); any other 0. */
int sref_melee_mod(const char *defender);
/* [14.2]: the result letter (A, D, B) of a modified die on column col. */
char sref_melee_result(const struct stab *t, int col, int modified);
/* [14.32]-[14.35]: the morale die's modifier of a unit in an Assault Position that took part in
 * an attack on a unit in a bastion of strength attacked (-1: none; 4 or more -2, 2 or 3 -1), and
 * that has retreated before in this Assault Phase (-1); cumulative. */
int sref_morale_mod(int attacked, bool retreated);
/* [14.3]: the effect (E, R, 1, 2, -) of a morale die with modifier mod for class (0 A .. 3 D). */
char sref_morale_effect(const struct stab *t, int cls, int modified);

#endif
