/* uroster: a From Ulm to Waterloo game kept for a referee: the units on the table with their
 * troop type (the Morale Evaluation Chart's), figure type (the melee's), figures at the start
 * and now, morale state and lasting qualities, and the log of what changed them. The rules
 * give no order of battle, so the referee adds the units; the rulings (umorale, umelee, ufire)
 * stay stateless and the game file feeds them and keeps their results. */
#ifndef CRIMEA_UROSTER_H
#define CRIMEA_UROSTER_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/jdoc.h"
#include "umelee.h"
#include "umorale.h"

#define UROST_UNITS 64
#define UROST_ID_MAX 25 /* 1-24 of a-z 0-9 - */
#define UROST_FIGURES UMEL_FIGURES

/* Lasting qualities a melee reads from the unit (umelee's UMEL_* of the same names). */
enum {
	UROST_LANCER = 1u << 0,
	UROST_MILITIA = 1u << 1,
	UROST_SECOND_LINE = 1u << 2,
	UROST_SKIRMISHER = 1u << 3,
	UROST_QUALITIES = 4
};
extern const char *const urost_quality_name[UROST_QUALITIES];

struct urost_unit {
	char id[UROST_ID_MAX];
	char cls[UMOR_KEY_MAX];  /* the Morale Evaluation Chart's troop type (umor_class) */
	char type[UMOR_KEY_MAX]; /* the melee's figure type (umel_type) */
	int original;            /* figures at the start [Morale D.2] */
	int figures;             /* figures now, 0 when gone */
	int state;               /* enum umor_state */
	int perm;                /* the permanent Loss of Effectiveness minus once past 50% casualties
				  * [Morale D.2.c] (-2; second line -4 [H.2]), 0 before */
	unsigned q;              /* UROST_* */
};

struct urost_game {
	int n;
	struct urost_unit u[UROST_UNITS];
};

/* The unit of that id, or -1. */
int urost_find(const struct urost_game *g, const char *id);
/* Adds a unit; the keys are checked against the tables. 0, or -1 with why in e. */
int urost_add(struct urost_game *g, const struct umor_tab *mt, const struct umel_tab *lt, const struct urost_unit *u,
	      struct err *e);
/* A quality by name, 0 when it is none. */
unsigned urost_quality(const char *name);
/* The melee's UMEL_* flags of the unit's lasting qualities. */
unsigned urost_melee_flags(const struct urost_unit *u);

/* The game file: {"format": "crimea/1", "kind": "ulm-game", "units": [{"id", "class", "type",
 * "original", "figures", "state", ["permanent"], "qualities": [..]}], "log": [..]} (the log is the caller's,
 * kept as it is). A new reference, or NULL when out of memory. */
json_t *urost_json(const struct urost_game *g);
/* Reads a game file, every unit checked against the tables; every problem to errs as
 * file:line: message. 0 or -1. */
int urost_read(struct urost_game *g, const struct umor_tab *mt, const struct umel_tab *lt, const struct jdoc *d,
	       struct errlist *errs);

#endif
