/* soob: Sevastopol's order of battle (data/siege/sevastopol.json, "kind": "oob", "rules":
 * "siege"): every unit of [3.31]-[3.33] and [6.3] with its nationality, kind, brigade, strength,
 * morale class and Game-Turn of entry; the eight bastions of [19.0]; the Siege Areas of [3.1].
 * The counters' values are not in the rules text; the data says they are reconstructed. */
#ifndef CRIMEA_SOOB_H
#define CRIMEA_SOOB_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/jdoc.h"
#include "stab.h"

#define SOB_UNITS_MAX 160
#define SOB_BASTIONS 8
#define SOB_AREAS 5
#define SOB_ID_MAX 24
#define SOB_NAME_MAX 64
#define SOB_ENTRY_BY_RULE (-1) /* a commander who comes only by [16.2] or [16.3] */

enum sob_kind { SK_INFANTRY, SK_SIEGE, SK_MORTAR, SK_LANCASTER, SK_FIELD, SK_COMMANDER, SK_ENGINEER, SK_KINDS };
extern const char *const sob_kind_name[SK_KINDS];

struct sob_unit {
	char id[SOB_ID_MAX];
	char name[SOB_NAME_MAX];
	int nation;              /* enum stab_nation */
	int kind;                /* enum sob_kind */
	char division[12], brigade[16]; /* Allied infantry: the brigade [11.1] activates */
	int strength;            /* infantry: combat strength [3.22]; else 0 */
	int morale;              /* infantry: 0 A .. 3 D; else -1 */
	int entry;               /* 0 at start, 1..18 the Game-Turn it arrives [6.3], SOB_ENTRY_BY_RULE */
	int brigades;            /* a commander: brigades he activates [16.0] */
	int bonus, die;          /* an engineer: Construction Points of his bonus, highest die giving it [9.2] */
	bool marine;             /* Russian marines: never replaced [6.15] */
	bool marine_battery;     /* may become a Marine Field Battery [17.1] */
	bool naval;              /* the British Naval units, activated free [11.1] */
	bool zouave, guards;     /* [14.23]; [9.38], [11.1] */
};

struct sob_bastion {
	char id[SOB_ID_MAX];
	char name[SOB_NAME_MAX];
	bool major;              /* [19.0] */
	int area;                /* Russian Siege Area 1 or 2 [3.1] */
	int positions;           /* Bastion Positions [10.32] */
};

/* A Siege Area [3.1]: the Allies' three behind the start line, the Russians' two. */
struct sob_area {
	char id[SOB_ID_MAX];
	int nation;              /* the nationality that builds there [9.39]; Russian areas SN_RUSSIAN */
	int active;              /* the Game-Turn it is activated (1: from the start) [3.1] */
};

struct sob {
	char id[48];
	char title[128];
	struct sob_bastion b[SOB_BASTIONS];
	int nb;
	struct sob_area a[SOB_AREAS];
	int na;
	struct sob_unit u[SOB_UNITS_MAX];
	int n;
};

/* Reads an order of battle; problems go to errs (file:line). 0 or -1. */
int sob_load(struct sob *o, const struct jdoc *d, struct errlist *errs);
int sob_load_file(struct sob *o, const char *path, struct errlist *errs);
/* Indexes by id, or -1. */
int sob_find(const struct sob *o, const char *id);
int sob_bastion(const struct sob *o, const char *id);
int sob_area(const struct sob *o, const char *id);
/* The nation named s ("british", "french", "russian"), or -1. */
int sob_nation(const char *s);

#endif
