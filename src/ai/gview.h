/* gview: greedy's view of a quad position for one side (greedy.c's, and its scratch's): what
 * does not depend on where the units stand (objectives, terrain values, the exit and goal
 * distance fields), built once per scenario and side (gview_static), and what does (the
 * enemy distance field, adjacent strengths, my units per hex, the raiders, exiters and
 * detachments), brought up to date for each position (gview_update), changing only what the
 * units that moved change. Internal to src/ai. */
#ifndef CRIMEA_GVIEW_H
#define CRIMEA_GVIEW_H

#include "ai.h"

#include <string.h>

#include "../games/quad/quad.h"

#define DIST_CAP 30       /* distance fields saturate here */
#define EXIT_MAX 6        /* units sent for an exit, at most */

enum battle { B_OTHER, B_ALMA, B_BALACLAVA, B_INKERMAN, B_TCHERNAYA };

/* Distances between on-map hexes, one row per starting hex, each filled by a breadth-first
 * search on first need: row a holds min(steps from a, DIST_CAP) for every hex, so the enemy
 * distance of a hex is the least over the enemy's hexes of their rows, exactly what the
 * multi-source search finds. */
struct dist_rows {
	int n;
	uint8_t *d;         /* [n * n] */
	uint8_t *have;      /* [n]: row filled */
	int16_t *tmp;       /* [n] */
	int *queue;         /* [n] */
};

/* What a unit adds to a view's adjacency sums and counts: nothing (off the map), or where it
 * stands, disrupted or not, and its melee weight. */
struct ukey {
	int32_t idx;        /* -1: off the map */
	bool dis;
	float w;
};

/* Per-decision view of a quad position for one side. Arrays are [map n], malloc'd. */
struct gview {
	const struct game *g;
	const struct q_scn *s;
	int me;
	bool attack;        /* not currently winning: close with the enemy and the objectives */
	int16_t *de;        /* steps to the nearest enemy unit on the map */
	int16_t *dob;       /* steps to the nearest objective hex */
	uint8_t *obj;       /* objective hex */
	float *eadj;        /* melee strength of undisrupted enemy units adjacent to the hex */
	float *fadj;        /* melee strength of my undisrupted units adjacent to the hex */
	float *dadj;        /* disrupted enemy units adjacent to the hex (prey, [7.14], [8.4] '*') */
	uint8_t *mine;      /* my units in the hex */
	uint8_t *myart;     /* my artillery units in the hex */
	int nobj;
	bool hold;          /* objectives count while occupied (Balaclava's redoubts, [23.2]) */
	int battle;         /* enum battle */
	int16_t *dx;        /* steps to the hex where units of mine exit for points, or NULL:
			     * Balaclava Russians, the raid's 2025 ([23.21]); Alma Russians,
			     * Preservation's 2225 ([21.2]) */
	int exiter[EXIT_MAX]; /* the units sent to exit there, or -1: Balaclava's raiding
			     * cavalry (15 points for two), Alma's nearest movers once
			     * Preservation is triggered (two a Game-Turn, [23.11], [23.12]) */
	int exits;          /* Balaclava Russians: units exited so far, 0, 1 or 2 (two or more) */
	int owed;           /* Alma Russians: q_alma_exits_owed, -1 before the trigger */
	bool west_trigger;  /* Balaclava Russians: a move west of the 0400 column brings on the
			     * French additional reinforcements (errata [17.21]) */
	bool shun_west;     /* with west_trigger, while none of them has entered: no hex of
			     * mine west of that column */
	int16_t *thr;       /* Balaclava Russians: the least, over the enemy units that can melee,
			     * of steps to the hex less the unit's movement allowance (<= 1: an
			     * enemy can reach contact next turn, ignoring terrain and zones), or
			     * NULL; thr_tmp is its scratch */
	int16_t *thr_tmp;
	bool alma_cross;    /* Alma Allies: across the river ([17.1]) and at the Russian infantry */
	int16_t *dcut;      /* Alma Allies: steps to Russian Preservation's exit 2225 ([21.2]
			     * errata), or NULL; read only under a posture with cut */
	uint8_t *cutter;    /* with dcut: [units], 1 for the units of the posture's detachment
			     * sent to the exit (pick_cutters), else 0 */
	double *tv;         /* terrain_value of each hex */
	int32_t *nbl;       /* [n * 6] on-map neighbours (-1: none), for the searches */
	bool borrowed;      /* dob, obj, dx, tv and nbl belong to another view (gview_borrow) */
	const struct gview *base; /* the view borrowed from: its enemy distances are reused when
				  * the enemy stands where it stood there */
	int32_t *src;       /* the hexes the enemy distances start from, nsrc of them */
	int nsrc;
	struct dist_rows *rows; /* the scenario's hex-to-hex distances (the scratch's), or NULL */
	bool de_full;       /* de holds the whole field from the sources src */
	bool keyed;         /* eadj, fadj, dadj, mine and myart are the sums of what keys[] says
			     * each unit adds (so that an update changes only the units that
			     * changed; the strengths are whole numbers, so the float sums are
			     * exact in any order) */
	struct ukey *keys;  /* [units] */
	int vp[2];          /* the victory points of the position (over()), by side */
	uint8_t *mark;      /* [map n], zero between updates: hexes among the sources */
	int32_t *thr_key;   /* with thr: [2 * units], the (hex, allowance) pairs thr was computed
			     * from, nthr_key of them, when thr_full (thr then holds every hex) */
	int nthr_key;
	bool thr_full;
	const struct greedy_weights *wt; /* the posture unit_score plays (greedy_weights) */
};

static inline int imin(int a, int b)
{
	return a < b ? a : b;
}

static inline bool is_quad(const struct game *g)
{
	return !strcmp(g->rules->id, "quad");
}

static inline bool is_art(const struct q_scn *s, int u)
{
	return s->u[u].type == Q_ART || s->u[u].type == Q_HART;
}

/* Allocates a view for side me of g's scenario and fills what does not depend on where the
 * units stand (objectives, the raid's exit distances). Returns 0, or -1 out of memory (v
 * freed). gview_update then fills the rest for a position of the same scenario. */
int gview_static(struct gview *v, const struct game *g, int me);
/* A view for positions of the same scenario and side as v, sharing v's static parts (which
 * must outlive it). Returns 0, or -1 out of memory (w freed). */
int gview_borrow(struct gview *w, const struct gview *v);
/* Fills the parts of v that depend on the position g (of v's scenario): who is winning, the
 * enemy distance field, adjacent strengths, my units per hex, the raiders. queue: [map n].
 * full: the enemy distance of every hex; otherwise only of the hexes my units stand in (all
 * that greedy's evaluation reads). */
void gview_update(struct gview *v, const struct game *g, int *queue, bool full);
/* Builds the view of g for side me with the posture wt (set before the update: its sector
 * chooses the enemy distance field's sources). Returns 0, or -1 out of memory (v freed). */
int gview_init(struct gview *v, const struct game *g, int me, const struct greedy_weights *wt);
/* Frees what v owns (a borrowed view leaves the static parts to the view it borrowed from). */
void gview_free(struct gview *v);

#endif
