/* umelee: From Ulm to Waterloo's melee for a referee: one melee cast (Melee B.7-B.10, C.2-C.4,
 * D, E; Infantry vs Cavalry A and D; Constructions A-B): each side's dice and modifiers, the
 * figures each side's total kills by the opposing figures' vulnerability, doubles, and the
 * loser; with the dice, the ruling, without, the exact chance of each outcome. The tables are
 * data (data/ulm/tables.json: melee-vulnerability, melee-modifiers). The Charge Increment Chart
 * is not in the seed: the referee gives the increment his chart says. */
#ifndef CRIMEA_UMELEE_H
#define CRIMEA_UMELEE_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"

#define UMEL_TYPES 16
#define UMEL_UNITS 6     /* units a side in one melee */
#define UMEL_DICE 24     /* dice a side casts at most */
#define UMEL_FIGURES 200 /* figures a unit has at most */
#define UMEL_KEY_MAX 24

enum umel_arm { UA_FOOT, UA_HORSE, UA_GUN, UA_COMMAND, UA_ARMS };

/* The melee modifiers of the data (melee-modifiers), in this order. */
enum umel_mod {
	UMM_PROT1, UMM_PROT2, UMM_PROT3, UMM_PROT4, UMM_RUBBLE, UMM_MILITIA, UMM_SECOND_LINE,
	UMM_CAV_SKIRMISHER, UMM_DISMOUNTED, UMM_BROKEN_SQUARE, UMM_SWERVING, UMM_ROUTE_MARCH, UMM_MODS
};

struct umel_tab {
	char type[UMEL_TYPES][UMEL_KEY_MAX];
	int vul[UMEL_TYPES];  /* the die roll that kills one figure [Melee C.3] */
	int arm[UMEL_TYPES];  /* enum umel_arm */
	int ntypes;
	int mod[UMM_MODS];
	char mod_case[UMM_MODS][EVENT_RULE_MAX]; /* "[case]" */
};

extern const char *const umel_mod_key[UMM_MODS];
extern const char *const umel_arm_name[UA_ARMS];
extern const char *const umel_side_name[2]; /* "attackers", "defenders" */

/* Reads the melee tables of From Ulm to Waterloo's tables file d; problems go to errs. */
int umel_load(struct umel_tab *t, const struct jdoc *d, struct errlist *errs);
/* A figure type's index, -1 when unknown. */
int umel_type(const struct umel_tab *t, const char *key);

/* A unit's qualities in a melee. */
#define UMEL_LANCER 0x01      /* attacking lancers: an extra die on the first cast [Melee D] */
#define UMEL_ENFILADE 0x02    /* attacking enfilade or in the rear: an extra die [Melee C.4] */
#define UMEL_MILITIA 0x04     /* [Special Units E.1] */
#define UMEL_SECOND_LINE 0x08 /* [Special Units H.2] */
#define UMEL_SKIRMISHER 0x10  /* in skirmish order [Melee E] */
#define UMEL_SQUARE 0x20      /* a square [Inf v Cav B-D] (a defender) */
#define UMEL_BROKEN 0x40      /* a square the cavalry broke into [Inf v Cav D.8] */
#define UMEL_TRAPPED 0x80     /* swerving cavalry unable to move [Inf v Cav E.2] */
#define UMEL_ROUTE_MARCH 0x100 /* route marched this operation [Route March D.5.b] */

struct umel_unit {
	int type;    /* umel_type */
	int figures; /* figures in the melee, 1..UMEL_FIGURES */
	int state;   /* enum umor_state: good, disorganized, fall back, rout */
	unsigned fl; /* UMEL_* */
};

/* One melee cast: side 0 attacks, side 1 defends; each side's units from the point of contact
 * (casualties are removed from the first one first, Melee B.8.a). */
struct umel_melee {
	struct umel_unit u[2][UMEL_UNITS];
	int n[2];
	int cast;       /* the cast of this melee, 1 first (bonus dice on the first [C.2.b], the
			 * increment on the first two [C.2.d]) */
	int increment;  /* the attacker's Charge Increment from the referee's chart, 0 none */
	int protection; /* the defender's: 0 none, 1-4 the construction's class, 5 rubble; 1-3
			 * (works, buildings) is Constructions D's melee, 4 (cover) and rubble add
			 * their factor to the open melee */
	int faces;      /* a square: its faces in contact (its dice) [Inf v Cav D.12.b]; 0: one */
	int stands;     /* against works: the attackers' stands in contact, a die each [Constructions D.6.b] */
};

/* What each side casts: its dice and its total's modifier, and how its total kills. */
struct umel_plan {
	bool square;    /* cavalry against an unbroken square: a die a unit, a figure a pip [Inf v Cav D] */
	bool breakthrough; /* attackers who win may take breakthrough (not from works or a square) */
	int dice[2];
	int mod[2];
	int cap[2];     /* the most figures a cast of the side may kill [C.2.f, F.1.b]; 0: no cap */
};

/* The outcome of one cast. */
struct umel_result {
	int total[2];                 /* the adjusted dice totals (never below 0) */
	int lost[2][UMEL_UNITS];      /* figures each side loses, by unit */
	int lost_all[2];
	bool doubles[2];              /* the side's cast has doubles: the enemy checks morale [C.2.g] */
	bool check[2];                /* side s must check morale (contact) for the enemy's doubles */
	int loser;                    /* 0, 1, or -1: no loser, the melee continues [B.8.b] */
};

/* Chances of a cast's outcomes. */
struct umel_odds {
	double lose[2];   /* side s loses the cast (and checks morale, contact) */
	double none;      /* equal losses: the melee continues */
	double mean_lost[2];
	double check[2];  /* side s checks morale for the enemy's doubles */
	double wiped[2];  /* side s loses every figure */
};

/* Checks melee m and works out each side's dice and modifiers into p, emitting each with its
 * case: in the open or across cover, against works or a building (Constructions D), or cavalry
 * against an unbroken square (Inf v Cav D). Returns 0, or -1 with e set when the rules have no
 * melee here (an attack by routed units, infantry skirmishers without protection meeting formed
 * troops: eliminated, not a melee [Melee E.2]; a side without a unit) or m is not one (a
 * quality on the wrong unit, a number out of range). */
int umel_plan(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, struct evsink *ev,
	      struct err *e);

/* One cast with each side's dice (p->dice[s] of them, each 1-6): totals, figures lost from the
 * point of contact, doubles and the loser, each ruling emitted with its case. A side that casts
 * no die kills nothing, whatever its modifiers. */
void umel_cast(const struct umel_tab *t, const struct umel_melee *m, const struct umel_plan *p,
	       const int *const dice[2], struct umel_result *r, struct evsink *ev);

/* The exact chance of each outcome of one cast (every roll of both sides' dice). */
void umel_odds(const struct umel_tab *t, const struct umel_melee *m, const struct umel_plan *p, struct umel_odds *o);

/* The figures a square needs to form or to stay a square [Inf v Cav B.4]: a battalion 16, or 60%
 * of its strength at the start of the game (rounded up), whichever is less; a square of n > 1
 * battalions, as the rule's example has it, 16 a battalion or 60% of their total, whichever is
 * less. strength[n]: each battalion's figures at the start. */
int umel_square_min(const int *strength, int n);

/* Cavalry breaking into a square [Inf v Cav D.7]: each charging unit's two dice break a square
 * in good morale on 12, a disorganized one on 11 or 12. Returns whether (d1, d2) break it, or
 * with d1 0 the chance. */
double umel_square_break(bool disorganized, int d1, int d2, struct evsink *ev);

#endif
