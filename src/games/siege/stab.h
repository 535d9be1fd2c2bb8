/* stab: the charts of SPI's Sevastopol (attrition, field army intervention, ammunition, siege
 * battery fire, rangefinder, melee, morale effects) read from a "tables" data file
 * (data/siege/tables.json), so that an owner of the printed charts can replace any cell. */
#ifndef CRIMEA_STAB_H
#define CRIMEA_STAB_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/jdoc.h"

#define STAB_TURNS 18
#define STAB_FIRE_ROWS 11
#define STAB_FIRE_COLS 6      /* sap, bastion 8-7, 6-5, 4-3, 2-1, 0 */
#define STAB_RANGES 16
#define STAB_CRT_COLS 8       /* 1-3, 1-2, 1-1, 2-1, 3-1, 4-1, 5-1, 6-1 */
#define STAB_ROW_MIN (-1)     /* melee and morale rows -1 .. 7 */
#define STAB_ROW_MAX 7
#define STAB_NONE (-99)    /* a '-' cell: outside every die, strength and count */

enum stab_nation { SN_BRITISH, SN_FRENCH, SN_RUSSIAN, SN_NATIONS };
enum stab_battle { SB_BALACLAVA, SB_INKERMAN, SB_TCHERNAYA, SB_BATTLES };
enum stab_gun { SG_SIEGE, SG_MORTAR, SG_LANCASTER };
enum stab_terrain { ST_FLAT, ST_HILL, ST_DEPRESSION, ST_RAVINE, ST_START_LINE, ST_TERRAINS };

/* One cell of the Siege Battery Fire Table. */
struct stab_fire {
	int strength;   /* bastion strength levels lost (0 for '-') */
	bool damaged;   /* D: the siegework is damaged */
	int infantry;   /* infantry units lost */
	bool dump;      /* *: an ammunition dump explodes [8.98] */
};

struct stab {
	char file[ERR_FILE_MAX];
	char turn[STAB_TURNS][12];
	bool winter[STAB_TURNS], attrition_turn[STAB_TURNS];
	int cp[STAB_TURNS][SN_NATIONS];        /* Construction Points due [9.12] */
	bool cp_star[STAB_TURNS][SN_NATIONS];  /* the engineer's bonus is 4, not 2 [9.23] */
	int build_cost[ST_TERRAINS][2];        /* [9.6]: a parallel, a sap; STAB_NONE prohibited */
	int attrition[8][SN_NATIONS];          /* modified die 0..7 */
	int intervention[6][SB_BATTLES];       /* die 1..6; STAB_NONE for no effect */
	int ammo[STAB_TURNS][9];               /* units, siege, mortar for British, French, Russian; STAB_NONE */
	int fire_siege[STAB_FIRE_ROWS], fire_mortar[STAB_FIRE_ROWS]; /* the die each row reads; STAB_NONE */
	struct stab_fire fire[STAB_FIRE_ROWS][STAB_FIRE_COLS];
	int range_to[STAB_RANGES], range_mod[STAB_RANGES]; /* bands: up to range_to yards */
	int nranges;
	char melee[STAB_ROW_MAX - STAB_ROW_MIN + 1][STAB_CRT_COLS]; /* 'A', 'D', 'B' */
	char morale[STAB_ROW_MAX - STAB_ROW_MIN + 1][4];           /* 'E', 'R', '1', '2', '-' */
};

extern const char *const stab_crt_col[STAB_CRT_COLS];
extern const char *const stab_nation_name[SN_NATIONS];
extern const char *const stab_battle_name[SB_BATTLES];
extern const char *const stab_terrain_name[ST_TERRAINS];

/* Reads the charts from a parsed "tables" file with id "siege"; problems go to errs. 0 or -1. */
int stab_load(struct stab *t, const struct jdoc *d, struct errlist *errs);
int stab_load_file(struct stab *t, const char *path, struct errlist *errs);

#endif
