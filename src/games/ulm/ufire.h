/* ufire: From Ulm to Waterloo's canister fire for a referee (Fire C.10, with Fire A.5-A.9,
 * C.3.e, Constructions A, Morale E.3.c and E.6.b, Special Units F): the one fire whose numbers
 * the rules text gives whole (the small-arms firing chart and the artillery casualty chart for
 * ball and bombshell are in the CHARTS section, not in the seed). Read from data
 * (data/ulm/tables.json: canister, fire-modifiers). */
#ifndef CRIMEA_UFIRE_H
#define CRIMEA_UFIRE_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"

enum ufire_gun { UG_LIGHT, UG_HOWITZER, UG_FIELD, UG_HEAVY, UG_GUNS };
/* The fire modifiers of the data (fire-modifiers), in this order. */
enum ufire_mod { UFM_PROT1, UFM_PROT2, UFM_PROT3, UFM_PROT4, UFM_RUBBLE, UFM_SUPPRESSED, UFM_MODS };

#define UFIRE_MAX 64 /* figures one discharge may eliminate, at most */
#define UFIRE_BASE_MAX (2 * UFIRE_MAX / 3 - 6) /* a gun's number, so that point blank stays within UFIRE_MAX */

struct ufire_tab {
	int range[UG_GUNS]; /* canister range in inches [Fire C.10.b] */
	int base[UG_GUNS];  /* casualties: one die plus this [Fire C.10.c] */
	int mod[UFM_MODS];
	char mod_case[UFM_MODS][EVENT_RULE_MAX]; /* "[case]" */
};

extern const char *const ufire_gun_name[UG_GUNS];
extern const char *const ufire_mod_key[UFM_MODS];

/* Reads the fire tables of From Ulm to Waterloo's tables file d; problems go to errs. */
int ufire_load(struct ufire_tab *t, const struct jdoc *d, struct errlist *errs);
/* A gun's class by name (light, howitzer, field, heavy), -1 when unknown. */
int ufire_gun(const char *name);

/* One discharge of canister. */
struct ufire_canister {
	int gun;        /* enum ufire_gun */
	int inches;     /* to the nearest target stand */
	int state;      /* the battery's morale (enum umor_state) */
	int protection; /* the target's protection, the greatest that applies [Fire A.5.a]: 0, class 1-4, 5 rubble */
	int figures;    /* the target's figures (the most it can lose); 0: not given */
	bool square;    /* the target is a square: maximum casualties, no die [Fire C.3.e, C.10.c] */
	bool dispersed; /* skirmishers, gun crews, single figures [Fire A.5.b] */
	bool suppressed;/* the battery was suppressed earlier in the game [Morale E.6.b] */
	bool militia;   /* a militia gun past its first shot casts before firing [Special Units F] */
};

/* The figures a discharge eliminates with die (1-6; for a square, or with die 0, none is
 * needed or rolled) and, for a militia gun, its cast mdie (1-6; 0: not rolled). Returns the
 * figures, or -1 with e set when the battery may not fire (fall back or rout [Fire A.6.b], out
 * of canister range [C.10.b]) or c is not a discharge (a dispersed or protected square), or -2 when the dice are not given (p still filled). p (may be
 * NULL): p[k] the chance of k figures, k 0..UFIRE_MAX. Rulings go to ev with their cases. */
int ufire_canister(const struct ufire_tab *t, const struct ufire_canister *c, int die, int mdie,
		   double p[UFIRE_MAX + 1], struct evsink *ev, struct err *e);

#endif
