/* ulmgame: `crimea referee ulm WHAT --game F`, a From Ulm to Waterloo game kept in a file for a
 * referee (ulmgame.c): the units' figures and morale states, fed to the stateless rulings of
 * cmd_ulm.c and written back from them, with a log. */
#ifndef CRIMEA_ULMGAME_H
#define CRIMEA_ULMGAME_H

#include <stdbool.h>
#include <stdio.h>

#include "../games/ulm/ufire.h"
#include "../games/ulm/umelee.h"
#include "../games/ulm/umorale.h"

/* What a stateless ruling decided, for a game to keep: made is false for odds alone. */
struct ulm_ruled {
	bool made;
	int state; /* morale, a rally: the unit's new state (enum umor_state) */
	int lost;  /* fire-check, canister: the figures lost */
	int perm;  /* fire-check, canister: the permanent minus the losses imposed [Morale D.2.c], 0 none */
	int mlost[2][UMEL_UNITS]; /* melee: the figures each unit lost, by side (attackers 0) */
	int mstate[2];            /* melee: the state the side's contact checks left its unit at the
				   * point of contact in, -1 when none was ruled */
};

/* cmd_ulm.c: the ruling argv asks for (referee_ulm_io), reporting into *r (may be NULL). */
int referee_ulm_rule(int argc, char **argv, FILE *out, FILE *err, struct ulm_ruled *r);
/* cmd_ulm.c: the tables file (NULL: the installed one) read into each of mor, mel, fire not
 * NULL; -1 with every problem on err. */
int ulm_load_tables(const char *tables, const char *argv0, FILE *err, struct umor_tab *mor, struct umel_tab *mel,
		    struct ufire_tab *fire);

/* Whether argv (crimea referee ulm WHAT ...) is a game's command: new, add, set, units, log, or
 * any with --game. */
bool ulmg_is_cmd(int argc, char **argv);
/* Runs it. 0 done, 1 refused, 2 bad options. */
int ulmg_run(int argc, char **argv, FILE *out, FILE *err);

#endif
