/* ctab: Raybin's Charge of the Light Brigade play sheet (fire chart, save table, troop types,
 * close combat modifiers, move chart) read from a "tables" data file (data/cotlb/), so that a
 * user who owns another printing of the sheet can replace any cell by editing data alone. */
#ifndef CRIMEA_CTAB_H
#define CRIMEA_CTAB_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/jdoc.h"

#define CTAB_KEY_MAX 32
#define CTAB_TEXT_MAX 128
#define CTAB_WEAPONS_MAX 16
#define CTAB_SAVES_MAX 16
#define CTAB_UNITS_MAX 24
#define CTAB_MODS_MAX 32
#define CTAB_MOVES_MAX 12
#define CTAB_COLS 6      /* Save Table: 6 (or more) down to 1 stands remaining */
#define CTAB_NEVER 7     /* a die needed that no die reaches: no hit, no save */

/* Fire Chart target classes (columns). */
enum ctab_target { CT_LINE, CT_COLUMN, CT_ENFILADE, CT_TARGETS };
/* MOVE Chart terrain classes and penalties. */
enum ctab_terrain { CT_GENTLE, CT_STEEP, CT_WALLS, CT_TERRAINS };
enum ctab_penalty { CT_PEN_NONE, CT_PEN_LOW, CT_PEN_HIGH, CT_PEN_2HIGH, CT_PEN_NOCROSS };
/* Close Combat (e): the winner's own losses by its die. */
enum ctab_wloss { CT_WL_THIRD, CT_WL_SAME, CT_WL_DOUBLE };

struct ctab_weapon {
	char key[CTAB_KEY_MAX];  /* "musket" */
	int row;                 /* Fire Chart row (0..2) */
	int long_in;             /* long range in inches; 0 when the sheet prints none */
	bool always_long;        /* horse artillery: always as at long range [Fire (n)] */
	bool canister;           /* may fire canister within 4" [Fire (p)] */
};

struct ctab_save {
	char key[CTAB_KEY_MAX];  /* "british-infantry" */
	/* by stands remaining: [0] 6 or more ... [5] 1; the die that saves (2..6), CTAB_NEVER for
	 * X, or -1 for 2X (no save, each hit a double casualty) */
	int need[CTAB_COLS];
};

struct ctab_unit {
	char key[CTAB_KEY_MAX];  /* "russian-infantry" */
	int save;                /* index into saves */
	int fps;                 /* figures a stand (artillery: 1, counted figure by figure) */
	int morale;              /* Morale (f): stands + die - chits at least this passes */
	bool bonuses;            /* false for Cossacks: no close combat bonuses */
	int radius;              /* inches from its brigade commander; 0: exempt (artillery) */
};

struct ctab_mod {
	char key[CTAB_KEY_MAX];  /* "cavalry-line" */
	int value;               /* added to each stand's die */
	char cite[8];            /* "(b)" */
	char text[CTAB_TEXT_MAX];
};

struct ctab_move {
	char key[CTAB_KEY_MAX];  /* "infantry" */
	int dice[3];             /* line, column, road (the 2001 sheet's column); 0 = no such
				  * formation, or a sheet without a road column */
	int terrain[CT_TERRAINS]; /* enum ctab_penalty */
};

struct ctab {
	char file[ERR_FILE_MAX];
	char title[CTAB_TEXT_MAX];
	char row_key[3][CTAB_KEY_MAX];          /* Fire Chart rows: "muskets", "field", "horse" */
	int fire[3][CT_TARGETS];                /* least die that is a possible hit (7: none) */
	int fire_cover[3][CT_TARGETS];
	struct ctab_weapon weapon[CTAB_WEAPONS_MAX];
	int nweapons;
	struct ctab_save save[CTAB_SAVES_MAX];
	int nsaves;
	struct ctab_unit unit[CTAB_UNITS_MAX];
	int nunits;
	int leader_kill;                        /* a leader at risk dies on this die or less */
	int leader_wound;                       /* ... else is wounded on this die or less (0: the
						 * sheet has no wound result; the 2001 sheet: 2) */
	bool morale_leader;                     /* a morale check counts the unit's leader with its stands
						 * (the 2001 sheet; optional table morale_check) */
	bool replacement_half_cp;               /* a dead leader's replacement has half the unit's
						 * command points left, rounded up (the 2001 sheet's
						 * Leader Casualty; optional table leader_replacement) */
	bool rout_stands_only;                  /* a unit routs when its markers equal its stands, the leader
						 * not counted (the 2001 sheet; morale_check's rout row) */
	int wloss[6];                           /* enum ctab_wloss by the winner's die 1..6 */
	struct ctab_mod mod[CTAB_MODS_MAX];
	int nmods;
	int chit_mod, routing_mod, routing_rear_mod; /* close combat (g), (h) */
	int init_won, init_cc, init_withdrew;   /* Initiative (a): won last turn, each close
						 * combat won, each unit withdrawing or routing */
	struct ctab_move move[CTAB_MOVES_MAX];
	int nmoves;
	bool move_road;                         /* the MOVE Chart has a road column (2001) */
};

/* Reads a play sheet from a parsed "tables" file with id "cotlb". Every problem goes to errs
 * as file:line: message. Returns 0, or -1 (t is then unusable). */
int ctab_load(struct ctab *t, const struct jdoc *d, struct errlist *errs);
/* Loads and reads the file at path. */
int ctab_load_file(struct ctab *t, const char *path, struct errlist *errs);

/* Lookups by key; -1 when there is none. */
int ctab_weapon(const struct ctab *t, const char *key);
int ctab_unit(const struct ctab *t, const char *key);
int ctab_mod(const struct ctab *t, const char *key);
int ctab_move(const struct ctab *t, const char *key);
/* The Save Table column for stands remaining (6 or more -> 0, 1 -> 5); stands >= 1. */
int ctab_save_col(int stands);
/* Stands remaining of a unit with figures figures left (a part-filled stand counts). */
int ctab_stands(const struct ctab *t, int unit, int figures);
extern const char *const ctab_target_name[CT_TARGETS];

#endif
