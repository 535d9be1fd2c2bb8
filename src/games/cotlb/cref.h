/* cref: the rulings of Raybin's Charge of the Light Brigade play sheet for a referee at a table
 * of miniatures, who measures and rolls real dice: fire, saves and leader casualties, close
 * combat, morale checks, movement dice and initiative. Each ruling takes the dice rolled and
 * emits events citing the sheet's section ("[Fire (o)]"); each has exact odds before anyone
 * rolls. Rulings use integers only; odds are probabilities (doubles) for display. Nothing here
 * keeps state between calls: the play sheet (struct ctab) is passed in, read only. */
#ifndef CRIMEA_CREF_H
#define CRIMEA_CREF_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "ctab.h"

#define CREF_DICE_MAX 48   /* dice in one throw (a canister volley of 24 figures) */
#define CREF_FIG_MAX 48    /* figures of one unit */
#define CREF_HITS_MAX 200  /* possible hits of one ruling (odds arrays hold CREF_HITS_MAX + 1) */

/* A unit as the referee sees it on the table. */
struct cref_unit {
	int type;     /* troop type: index into the sheet's units */
	int figures;  /* figures left (a battery's gunners; a stand is ctab_unit.fps figures) */
	int chits;    /* morale markers: one pip off every die [Morale (b)] */
	int leaders;  /* leader stands with it (each rolls in close combat) */
};

/* A volley. */
struct cref_fire {
	int weapon;   /* index into the sheet's weapons */
	int stands;   /* stands firing, or artillery figures [Fire (a)] */
	int chits;    /* the firer's morale markers */
	bool pivot;   /* pivoted up to 30 degrees to fire: -1 [Fire (g)] */
	int target;   /* enum ctab_target */
	bool cover;   /* target behind or in cover, or light infantry formation [Fire (b)] */
	int inches;   /* range in inches, or -1 when the band below is given instead */
	bool lng;     /* with inches < 0: at long range */
	bool command_phase; /* fired in a command point phase (a battery's snake eyes) */
};

/* What a volley's range, target and firer come to, before the dice. */
struct cref_shot {
	int need;       /* the natural die that is a possible hit (7: none can be) */
	bool lng;       /* hits are halved, rounding up [Fire (o)] */
	bool canister;  /* within 4": fire twice [Fire (p)] */
	int dice;       /* dice thrown */
};

struct cref_fire_out {
	int raw;          /* possible hits before halving */
	int hits;         /* possible hits on the target */
	int sixes;        /* natural sixes */
	int markers;      /* morale markers on the target [Fire (d)] */
	bool leader_risk; /* a possible leader kill [Fire (d)] */
	bool ammo_out;    /* a battery's snake eyes in a command point phase [Command Points] */
};

/* Works out a volley: refuses (-1, e names the section) a range past long range, a weapon with
 * no printed range given in inches, a stand count out of 1..CREF_DICE_MAX / 2 (canister doubles
 * the dice). */
int cref_shot(const struct ctab *t, const struct cref_fire *f, struct cref_shot *s, struct err *e);
/* Rules on a volley's dice (n must be s.dice, each 1-6). 0 or -1. */
int cref_fire_roll(const struct ctab *t, const struct cref_fire *f, const int *dice, int n,
		   struct cref_fire_out *o, struct evsink *ev, struct err *e);
/* Odds of a volley: hits[h] (h = 0..hmax), markers[m] (m = 0..mmax), *leader the chance of a
 * possible leader kill. 0 or -1 (as cref_shot). */
int cref_fire_odds(const struct ctab *t, const struct cref_fire *f, double *hits, int hmax, double *markers,
		   int mmax, double *leader, struct err *e);

/* The least natural die that saves one possible hit on u as it now stands (7: no save), and
 * whether each hit is a double casualty (2X). */
int cref_save_need(const struct ctab *t, const struct cref_unit *u, bool *dbl);
/* Rules on the saves of hits possible hits on u, one after another, each at the stands then
 * remaining: takes a die for each save that is possible, in order, and sets *used and
 * *casualties (figures lost). Fewer dice than needed: returns 1 with *used the dice needed so
 * far plus one (the ruling so far is in ev). More dice than used: -1. */
int cref_save_roll_rest(const struct ctab *t, const struct cref_unit *u, int hits, const int *dice, int n, int *used,
			int *casualties, int *rest, struct evsink *ev, struct err *e);
/* (cref_save_roll_rest: the same, and *rest the hits left once u has no figures: a close combat
 * side's hand on to its next unit [Close Combat (d)]; rest may be NULL.) */
int cref_save_roll(const struct ctab *t, const struct cref_unit *u, int hits, const int *dice, int n, int *used,
		   int *casualties, struct evsink *ev, struct err *e);
/* Odds of the casualties (figures lost, 0..cmax) from hits possible hits on u. */
void cref_save_odds(const struct ctab *t, const struct cref_unit *u, int hits, double *cas, int cmax);

/* Rules on a leader at risk: die 1-6. Returns 1 killed, 0 saved. */
int cref_leader_roll(const struct ctab *t, int die, const char *whose, struct evsink *ev);
/* Whether a leader's die wounds him (the 2001 sheet's 2): a morale event, a marker for his unit. */
bool cref_leader_wounded(const struct ctab *t, int die);
/* The leader die's results in words into buf: "1-2 kills", or "1 kills, 2 wounds" on a sheet with a wound. */
void cref_leader_text(const struct ctab *t, char *buf, size_t n);

/* Whether u's morale markers have reached its stands (or artillery figures) and leaders:
 * the unit routs [MORALE (c)]. */
bool cref_routs(const struct ctab *t, const struct cref_unit *u);

/* One side of a close combat. */
struct cref_side {
	struct cref_unit u;
	int mods[CTAB_MODS_MAX]; /* keyed modifiers (indices into the sheet's modifiers) */
	int nmods;
	bool routing;            /* [Modifiers (h)] */
	bool rear;               /* hit from the rear (with routing: another -1) */
	bool initiative;         /* the initiative player's: wins ties [Modifiers (c)] */
};

/* The dice a side throws (a die a stand or gunner, and a die a leader stand [Close Combat (c)]),
 * and the modifier on each die; refuses a side with no stands. */
int cref_cc_dice(const struct ctab *t, const struct cref_side *s, int *per_die, struct err *e);

struct cref_cc_out {
	int total[2];       /* attacker, defender */
	int winner;         /* 0 attacker, 1 defender */
	int hits[2];        /* possible hits on each side (-1: the winner's die not rolled yet) */
	int leader_risk[2]; /* possible leader kills on each side (none for a side without leaders) */
	bool winner_leaders;/* the winner's die was 1 and it has leaders: each rolls */
};

/* One side of a close combat [Close Combat (b), (c)]: its units, s[0] the unit charging or
 * charged, the others those that joined it ("Declare which units are in combat; if any stand
 * touches any enemy stand the entire unit fights"). The side's initiative is s[0]'s. */
#define CREF_CC_UNITS 4
#define CREF_CC_FORCE_DICE 48 /* dice of one side, all its units */
struct cref_force {
	int n;
	const struct cref_side *s[CREF_CC_UNITS];
};

/* What a close combat of forces comes to besides struct cref_cc_out: each unit's share of its
 * side's possible hits, "Distribute loses throughout" [Close Combat (d)]: one at a time, the
 * first unit first (-1 when the side's hits are not known yet), and the unit (index in its
 * force) whose leader is at risk on each side from the winner's sixes (-1 none): the first with
 * a leader. */
struct cref_cc_units {
	int hits[2][CREF_CC_UNITS];
	int leader_unit[2];
};

/* h possible hits spread over n units one at a time, the first first: unit u's share. */
static inline int cref_share(int h, int n, int u)
{
	return n > 0 ? h / n + (u < h % n) : 0;
}

/* [Close Combat (f)]: the attacker's total twice the defender's, a winner able to stay locked in
 * combat; a total of zero or less is never twice another. */
static inline bool cref_cc_twice(const int total[2])
{
	return total[0] > 0 && total[0] >= 2 * total[1];
}

/* Rules on a close combat: d[0] the attacker's dice, d[1] the defender's (n[k] must be
 * cref_cc_dice's), wdie the winner's die for its own losses [Close Combat (e)], or 0 when it is
 * not rolled yet (o->hits[winner] is then -1). 0 or -1. */
int cref_cc_roll(const struct ctab *t, const struct cref_side *a, const struct cref_side *b, const int *const d[2],
		 const int n[2], int wdie, struct cref_cc_out *o, struct evsink *ev, struct err *e);
/* The same for sides of several units: d[k] holds side k's dice unit after unit, in the order
 * of f[k] (each unit's cref_cc_dice); u (may be NULL) gets each unit's share of the hits. The
 * totals add every unit's dice and modifiers ("Total everything at once"); winner_leaders: the
 * winning side's units with leaders each roll. */
int cref_cc_roll_force(const struct ctab *t, const struct cref_force f[2], const int *const d[2], const int n[2],
		       int wdie, struct cref_cc_out *o, struct cref_cc_units *u, struct evsink *ev, struct err *e);
/* A side's dice, all its units (refused beyond CREF_CC_FORCE_DICE), and the sum of their
 * modifiers (each unit's per-die modifier times its dice). */
int cref_force_dice(const struct ctab *t, const struct cref_force *f, int *offset, struct err *e);

struct cref_cc_odds {
	double win[2];                       /* chance each side wins */
	double hits[2][CREF_HITS_MAX + 1];   /* possible hits on each side */
	double cas[2][CREF_FIG_MAX + 1];     /* figures lost after saves */
	double leader[2];                    /* chance of at least one possible leader kill on a side */
};
/* Close Combat (h): a battery that lost a close combat rolls a die: 4-6 spikes its guns (they
 * are removed), else they are captured and the winner gains an Ace for a later command point.
 * Returns 1 spiked, 0 captured, -1 for a die that is none. */
int cref_spike(int die, struct evsink *ev);

/* Odds of a close combat (every die, the winner's die and every save). 0 or -1. */
int cref_cc_odds(const struct ctab *t, const struct cref_side *a, const struct cref_side *b, struct cref_cc_odds *o,
		 struct err *e);
/* A side's figures lost after h possible hits (side: CREF_FIG_MAX + 1 chances, its figures lost
 * in all, at most CREF_FIG_MAX counted) and each unit's (unit, may be NULL): the hits spread over
 * its units one at a time, the first first, and those a unit with no figures left cannot take
 * passed on to the next [Close Combat (d)]. 0 or -1. */
int cref_force_cas(const struct ctab *t, const struct cref_force *f, int h, double *side,
		   double (*unit)[CREF_FIG_MAX + 1], struct err *e);
/* The same for sides of several units; o->cas[k] is then side k's figures lost in all (at most
 * CREF_FIG_MAX counted: more fall in the last) and cas_unit each unit's (may be NULL). */
int cref_cc_odds_force(const struct ctab *t, const struct cref_force f[2], struct cref_cc_odds *o,
		       double (*cas_unit)[CREF_CC_UNITS][CREF_FIG_MAX + 1], struct err *e);

/* Morale check [Morale (f)]: stands (or artillery figures) + die - chits (- 1 for standing
 * cavalry attacked by cavalry) at least the troop type's number. Returns 1 pass, 0 fail;
 * die 0 asks only for the chance, in *p. */
int cref_morale(const struct ctab *t, const struct cref_unit *u, bool standing_cav, int die, double *p,
		struct evsink *ev);

/* Initiative (a): each side's die plus its modifiers (won[k] the initiative last turn, cc[k]
 * close combats won and out[k] units withdrawing or routing last turn). Returns the side that
 * chooses who goes first, or -1 for a tie (roll again); with die[k] == 0 only *p, the chance
 * that side 0 wins it in the end (ties rolled again). */
int cref_initiative(const struct ctab *t, const bool won[2], const int cc[2], const int out[2], const int die[2],
		    double *p, struct evsink *ev);
/* BRIGADE COMMANDERS, MORALE (a) 8: a unit more than its troop type's radius (inches) from its
 * brigade commander at the start of the turn draws a morale marker; artillery and routing units
 * are exempt. Returns 1 when it draws one. */
int cref_command(const struct ctab *t, int type, int inches, bool routing, struct evsink *ev);
/* Command Points: a battery firing in a command point phase whose dice hold snake eyes (two
 * natural 1s or more) has used up its ammunition. */
bool cref_ammo_out(const int *dice, int n);

/* A move: the MOVE Chart's dice for a row and formation (0 line, 1 column) or one die (retrograde,
 * prolonge), the terrain crossed (-1 none), interpenetration or a pivot (minus the low die), the
 * unit's chits. */
struct cref_move {
	int row;        /* index into the sheet's move rows */
	int form;       /* 0 line, 1 column, 2 road (a sheet with a road column: 2001) */
	bool one_die;   /* retrograde, about face, sideways [MOVE (c)], prolonge [MOVE (e)] */
	int terrain;    /* enum ctab_terrain, or -1 */
	bool interpen;  /* interpenetration or pivoting up to 30 degrees [MOVE (b)] */
	int chits;
};
/* The dice to throw (0 with e set when the unit cannot move so). */
int cref_move_dice(const struct ctab *t, const struct cref_move *m, struct err *e);
/* Rules on the dice: inches moved. -1 on bad dice. */
int cref_move_roll(const struct ctab *t, const struct cref_move *m, const int *dice, int n, struct evsink *ev,
		   struct err *e);
/* Odds of the inches moved, dist[0..dmax]. 0 or -1. */
int cref_move_odds(const struct ctab *t, const struct cref_move *m, double *dist, int dmax, struct err *e);

#endif
