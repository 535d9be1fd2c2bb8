/* umorale: From Ulm to Waterloo's morale rules for a referee: the Morale Evaluation Chart (2
 * dice by troop type), its modifiers, contact and non-contact checks and their effects, and
 * when fire losses call for a check (Morale C-E). Read from data (data/ulm/tables.json). The
 * rulebook's other charts (movement, small arms, artillery, charges) are not in the seed. */
#ifndef CRIMEA_UMORALE_H
#define CRIMEA_UMORALE_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"

#define UMOR_COLS 5
#define UMOR_CLASSES 24
#define UMOR_MODS 16
#define UMOR_KEY_MAX 24

/* Morale states, best first; a check's result is the state it imposes (UM_GOOD: it passes). */
enum umor_state { UM_GOOD, UM_DISORGANIZED, UM_FALL_BACK, UM_ROUT, UM_STATES };

struct umor_tab {
	int cell[7][UMOR_COLS];          /* rows: modified roll 2..8 */
	char cls[UMOR_CLASSES][UMOR_KEY_MAX];
	int cls_col[UMOR_CLASSES];
	int cls_loss10[UMOR_CLASSES], cls_loss50[UMOR_CLASSES]; /* Loss of Effectiveness [D.2], [H.2] */
	int ncls;
	char mod[UMOR_MODS][UMOR_KEY_MAX];
	int mod_value[UMOR_MODS];
	char mod_case[UMOR_MODS][8];
	int nmods;
	int oc_pass[UMOR_COLS];   /* changing orders: the highest die that permits it [Changing Orders C.3] */
	int oc_morale[UMOR_COLS]; /* the lowest die that calls for a morale cast, 7 never [C.5] */
	bool oc_reconstructed[UMOR_COLS]; /* the column's row is not the seed's (order-change-other) */
	bool oc_have;             /* the file has the order change tables (older files may not) */
};

extern const char *const umor_state_name[UM_STATES];
/* A state by its name (umor_state_name), -1 when it is none. */
int umor_state_named(const char *name);

int umor_load(struct umor_tab *t, const struct jdoc *d, struct errlist *errs);
/* The table id of the tables file d, its provenance checked; NULL, said in errs, when missing
 * (umelee.c's tables are read the same way). */
const json_t *umor_table(const struct jdoc *d, const char *id, struct errlist *errs);
/* A whole number lo..hi in a table cell s ("+4", "-2", "3"); false, *v untouched, when s is not one. */
bool umor_int(const char *s, int lo, int hi, int *v);
int umor_load_file(struct umor_tab *t, const char *path, struct errlist *errs);
/* A troop type's chart column, its index, a modifier's index; -1 when unknown. */
int umor_class(const struct umor_tab *t, const char *key);
int umor_class_index(const struct umor_tab *t, const char *key);
int umor_mod(const struct umor_tab *t, const char *key);
/* The chart's result (enum umor_state) for a modified roll in column col (rolls past the chart
 * read its last row). */
int umor_chart(const struct umor_tab *t, int col, int modified);

/* A morale check [C.2, C.3]: a unit in state (enum umor_state) of chart column col, contact or
 * not, total modifier mod (a disorganized unit's -1 [E.3.c] and a falling back unit's -2
 * [E.4.b] are added here, from the data's "disorganized" and "fall-back" modifiers). With two dice (d1, d2 1-6) returns the unit's new state and emits the
 * ruling; a failed non-contact check costs one grade, a failed contact check imposes the chart's
 * result (or worse state already held). p[s] (may be NULL): the chance of each new state. */
int umor_check(const struct umor_tab *t, int col, bool contact, int state, int mod, int d1, int d2,
	       double p[UM_STATES], struct evsink *ev);

/* Morale E.2.b: a disorganized unit's rally in the Rally Phase: a morale roll with its modifiers
 * (the disorganized -1 added here); passing, it is in good order at once; failing, it stays
 * disorganized (no worse) and does not recover at the operation's end. Returns the new state
 * with two dice, -1 without; *p (may be NULL) the chance to pass. */
int umor_rally(const struct umor_tab *t, int col, int mod, int d1, int d2, double *p, struct evsink *ev);

/* Changing Orders C: a unit of chart column col casts one die to change its orders: returns 1
 * when die (1-6) permits the change, 0 when not, -1 without a die; *morale (may be NULL) whether
 * it must also cast for morale [C.5]; p_pass and p_morale (may be NULL) their chances. Without
 * the order change tables (!t->oc_have) it rules nothing: -1, both chances 0. */
int umor_order_change(const struct umor_tab *t, int col, int die, bool *morale, double *p_pass, double *p_morale,
		      struct evsink *ev);

/* Morale D.2: whether a unit of troop type cls (its index; -1: the common -1 and -2) of original
 * figures that had before figures and lost lost to fire in one operation must check: 1 with
 * *mod (the type's 10% Loss of Effectiveness, -1; past 50% casualties its permanent one, -2; a
 * charging unit checks on any loss, the 10% modifier on top) and *permanent, else 0. */
int umor_fire_check(const struct umor_tab *t, int cls, int original, int before, int lost, bool charging, int *mod,
		    bool *permanent, struct evsink *ev);

#endif
