/* qtables: the quad charts and tables, read from a "kind": "tables" data file
 * (data/quad/tables.json) so that an owner of the printed game can replace any of them.
 * Values the seed lacks are reconstructed there, with provenance. */
#ifndef CRIMEA_QTABLES_H
#define CRIMEA_QTABLES_H

#include <stdint.h>

#include "../../core/err.h"
#include "../../core/jdoc.h"
#include "../../hex/map.h"

#define QT_FIRE_COLS 8     /* 1..7, 8+ */
#define QT_DIE 6
#define QT_ART_RANGE 12    /* ranges 1..11 */
#define QT_BIG_RANGE 11    /* Inkerman [24.2]: ranges 1..10 */
#define QT_MELEE_COLS 8
#define QT_MELEE_ROWS 10   /* row = die + attacker morale - 1 ([8.81]) */
#define QT_MELEE_TERRAIN 4

/* Melee terrain rows of [8.4], most favourable to the defender first ([8.34]). */
enum qt_mterrain { QTM_FORT, QTM_RIVER, QTM_WOODS, QTM_CLEAR };

/* A melee result cell: who it affects and what. */
enum qt_mwho { QTR_NONE, QTR_ATTACKER, QTR_DEFENDER };
struct qt_mres {
	uint8_t who;     /* enum qt_mwho */
	uint8_t elim;    /* "E": eliminated */
	uint8_t retreat; /* hexes to retreat: R = 1 without disruption, n = n with disruption */
	uint8_t disrupt; /* the numbered results disrupt; R does not */
	uint8_t star;    /* '*': a cavalry or already-disrupted unit is eliminated */
};

/* Movement costs in half movement points, per unit type (inf, cav, art, hart).
 * QT_NOWAY: may not enter/cross; QT_ROADONLY: only through a road hexside. */
#define QT_NOWAY 0xFF
#define QT_ROADONLY 0xFE
enum qt_side_cost {
	QTS_ROAD_MAJOR, QTS_ROAD_MINOR, QTS_TRACK, QTS_STEEP_ALONG, QTS_STEEP_ALONG_WOODS,
	QTS_GENTLE_UP, QTS_GENTLE_DOWN, QTS_STEEP_UP, QTS_STEEP_DOWN,
	QTS_RIDGE_GG, QTS_RIDGE_GS, QTS_RIDGE_SS, QTS_RIVER, QTS_STREAM, QTS_ALMA_RIVER,
	QTS_ALMA_STREAM, QTS_BRIDGE, QTS_FORD, QTS_REDOUBT, QTS_REDOUBT_ROAD, QTS_WALL, QTS_CLIFF,
	QTS_RAVINE, QTS_STEEP_HEX_ALMA,
	QTS_AQUEDUCT_BRIDGE, /* entering a Bridge hex (an Aqueduct hex a road crosses) off its road */
	QTS_COUNT
};
struct qt_tec {
	uint8_t hex[TER_COUNT][4];     /* cost to enter a hex of this terrain */
	uint8_t side[QTS_COUNT][4];    /* hexside and special costs (enum qt_side_cost) */
};

struct q_tables {
	int8_t fire[QT_DIE][QT_FIRE_COLS];      /* result number, 0 for '-' */
	int8_t art[26][QT_ART_RANGE];           /* class A..Z by range; -1 out of range */
	int8_t art_defined[26];
	uint8_t odds[QT_MELEE_TERRAIN][QT_MELEE_COLS][2]; /* attacker:defender ratio per column */
	struct qt_mres melee[QT_MELEE_ROWS][QT_MELEE_COLS];
	struct qt_tec tec;
	/* Inkerman [24.2] Big Gun Combat Table: Effectiveness Rating by row (enum qt_bigrow) and
	 * range 1..10 ([0] unused); -1 out of range. Optional tables: all -1 when absent. */
	int8_t big[4][QT_BIG_RANGE];
	int nrecon;                              /* tables whose provenance is not "seed" */
	char recon[16][64];
};

/* Rows of the Big Gun Combat Table (tables big_gun and big_gun_mamelon_allied). */
enum qt_bigrow { QTB_SEVASTOPOL, QTB_MAMELON_ALLIED, QTB_STEAM_MOORED, QTB_STEAM_MOVING };

/* Fills t from a tables document; every problem is appended to errs. */
int qt_load(struct q_tables *t, const struct jdoc *d, struct errlist *errs);
/* Built-in defaults for what the Standard Rules state in text ([5.2x], [13.0]); tables.json
 * overrides them. Used before the data file is read. */
void qt_defaults(struct q_tables *t);

#endif
