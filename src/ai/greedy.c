/* greedy: a fast one-step player for the quad rule system. Combat, rally, retreat, advance
 * and battle-specific actions are judged by applying them to copies of the game (dice from a
 * stream derived from g->ai) and scoring the result with greedy_eval(); movement, where
 * hundreds of destinations are listed, is judged by a static score of the destination hex
 * (distance fields to the enemy and to the battle's objectives, enemy strength adjacent,
 * terrain). Reinforcements enter as soon as they may; a phase ends when nothing improves.
 * The positional score's terms are scaled by a posture (struct greedy_weights, ai.h): the
 * plain entry points use the defaults, which are greedy's play; search's plans pass others,
 * and with them combined fires built from the listed single ones (combined_fires).
 * Other rule systems get a uniform choice. */
#include "ai.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../games/quad/qcombat.h"
#include "../games/quad/quad.h"

#define DIST_CAP 30       /* distance fields saturate here */
#define W_VP 1.0          /* one victory point */
#define W_MATERIAL 0.6    /* one melee point on the map */
#define W_POS 0.15        /* positional score of one unit, in greedy_eval */
#define MOVE_MIN 0.05     /* a move must improve its unit's score by this much */
#define HOLD_BONUS 4.0    /* standing alone on an objective held for points */
#define BAL_EXIT_HEX 2025 /* Balaclava's exit for the Russian raid (errata [23.21]) */
#define CAV_BLOWN 1.5     /* a move that disrupts the cavalry making it */
#define CAV_BLOWN_CONTACT 6.0 /* and ends in contact: disrupted cavalry in melee is lost ([11.25]) */
#define CAV_BLOWN_RAIDER 4.0 /* and is a raider: it would ride on at half speed ([9.11]) */
#define GREEDY_POOL 24    /* candidates kept before the cavalry check */
#define ACT_MIN 0.02      /* a combat or other action must gain this much on average */
#define GUN_REACH 4.0     /* a Balaclava Russian gun where an enemy can reach contact next turn */
#define EXIT_MAX 4        /* units sent for an exit, at most */
#define RAID_SPARE 1      /* Balaclava: raiders sent beyond the two the points need */
#define PRESERVE_NEXT 2   /* Alma: units sent for next Game-Turn's two exits ([21.2]) */
#define PRESERVE_TURN 4   /* Alma: from this Game-Turn, with PRESERVE_LOSSES infantry lost, */
#define PRESERVE_LOSSES 3 /* two units make for the exit before the trigger ([21.1]) */
#define RAID_EXITED 6.0   /* worth of the first exit, before the second scores the 15 points */
#define FIRE_FULL 8       /* the fire table's last column ([7.42] "8+"): more adds nothing */
#define FIRE_GROUPS 4     /* combined fires built per target hex, at most */
#define CUT_HOLD 3.0      /* Alma Allies cutting the retreat: standing on the exit 2225 (half
			   * of it next to it) */

const struct greedy_weights greedy_default_weights = GREEDY_WEIGHTS_DEFAULT;

/* Per-decision view of a quad position for one side. Arrays are [map n], malloc'd. */
struct view {
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
	bool borrowed;      /* dob, obj, dx, tv and nbl belong to another view (view_borrow) */
	const struct view *base; /* the view borrowed from: its enemy distances are reused when
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

enum battle { B_OTHER, B_ALMA, B_BALACLAVA, B_INKERMAN, B_TCHERNAYA };

/* Alma's river banks (qalma.c, struct q_scn zone): the north bank is marked with this bit,
 * south hexes carry their depth from the river. */
#define ALMA_ZONE_NORTH 0x80

static int imin(int a, int b)
{
	return a < b ? a : b;
}

static bool is_quad(const struct game *g)
{
	return !strcmp(g->rules->id, "quad");
}

static bool has_word(const char *name, const char *w)
{
	size_t lw = strlen(w);
	for (const char *p = name; *p; p++) {
		size_t i = 0;
		while (i < lw && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)w[i]))
			i++;
		if (i == lw)
			return true;
	}
	return false;
}

static bool is_art(const struct q_scn *s, int u)
{
	return s->u[u].type == Q_ART || s->u[u].type == Q_HART;
}

/* Multi-source breadth-first distance over on-map hexes. d must hold map n entries. With
 * want (not NULL), stops once every hex marked in want has its distance (a hex's distance is
 * final when the search first reaches it); other hexes may then be left unfinished. */
static void bfs_want(const struct map *m, const int32_t *nbl, int16_t *d, int *queue, int head_n,
		     const uint8_t *want)
{
	int head = 0, tail = head_n, left = 0;
	if (want) {
		for (int i = 0; i < m->n; i++)
			left += want[i] && d[i] != 0;
		if (left == 0)
			return;
	}
	while (head < tail) {
		int i = queue[head++];
		const int32_t *nb = nbl + (size_t)i * 6;
		for (int k = 0; k < 6; k++) {
			int j = nb[k];
			if (j < 0 || d[j] <= d[i] + 1)
				continue;
			d[j] = (int16_t)(d[i] + 1);
			if (want && want[j] && --left == 0)
				return;
			if (d[j] < DIST_CAP)
				queue[tail++] = j;
		}
	}
}

static void bfs(const struct map *m, const int32_t *nbl, int16_t *d, int *queue, int head_n)
{
	bfs_want(m, nbl, d, queue, head_n, NULL);
}

static void view_free(struct view *v)
{
	free(v->de);
	free(v->src);
	if (!v->borrowed) {
		free(v->dob);
		free(v->obj);
		free(v->dx);
		free(v->dcut);
		free(v->tv);
		free(v->nbl);
	}
	free(v->eadj);
	free(v->fadj);
	free(v->dadj);
	free(v->mine);
	free(v->myart);
	free(v->thr);
	free(v->thr_tmp);
	free(v->thr_key);
	free(v->keys);
	free(v->mark);
	free(v->cutter);
	memset(v, 0, sizeof *v);
}

static double terrain_value(const struct map *m, int i)
{
	double t = 0;
	switch (m->terrain[i]) {
	case TER_WOODS:
	case TER_TOWN:
	case TER_FORT:
		t = 0.4;
		break;
	case TER_VINEYARD:
	case TER_BRUSH:
		t = 0.2;
		break;
	case TER_SWAMP:
		t = -0.2;
		break;
	default:
		break;
	}
	for (int k = 0; k < 6; k++)
		if (map_redoubt_inside(m, i, k)) {
			t += 0.4;
			break;
		}
	return t;
}

/* A malloc'd field of the steps to hex (DIST_CAP beyond), or NULL when the hex is not on the
 * map or memory is short. queue: [map n]. */
static int16_t *hex_field(const struct view *v, const struct map *m, int hex, int *queue)
{
	int x = map_index(m, hex);
	int16_t *d;
	if (x < 0 || !(d = malloc((size_t)m->n * sizeof *d)))
		return NULL;
	for (int i = 0; i < m->n; i++)
		d[i] = DIST_CAP;
	queue[0] = x;
	d[x] = 0;
	bfs(m, v->nbl, d, queue, 1);
	return d;
}

/* Allocates a view for side me of g's scenario and fills what does not depend on where the
 * units stand (objectives, the raid's exit distances). Returns 0, or -1 out of memory (v
 * freed). view_update then fills the rest for a position of the same scenario. */
static int view_static(struct view *v, const struct game *g, int me)
{
	const struct q_scn *s = q_scn(g);
	const struct map *m = &s->map;
	int n = m->n, *queue, nq;

	memset(v, 0, sizeof *v);
	v->g = g;
	v->s = s;
	v->me = me;
	v->wt = &greedy_default_weights;
	v->de = malloc((size_t)n * sizeof *v->de);
	v->dob = malloc((size_t)n * sizeof *v->dob);
	v->obj = calloc((size_t)n, 1);
	v->eadj = calloc((size_t)n, sizeof *v->eadj);
	v->fadj = calloc((size_t)n, sizeof *v->fadj);
	v->dadj = calloc((size_t)n, sizeof *v->dadj);
	v->mine = calloc((size_t)n, 1);
	v->myart = calloc((size_t)n, 1);
	v->tv = malloc((size_t)n * sizeof *v->tv);
	v->src = malloc((size_t)n * sizeof *v->src);
	v->nbl = malloc((size_t)n * 6 * sizeof *v->nbl);
	v->keys = malloc((size_t)s->nunits * sizeof *v->keys);
	v->mark = calloc((size_t)n, 1);
	queue = malloc((size_t)n * sizeof *queue);
	if (!v->mark || !v->keys || !v->de || !v->dob || !v->obj || !v->eadj || !v->fadj || !v->dadj || !v->mine || !v->myart ||
	    !v->tv || !v->nbl || !v->src || !queue) {
		free(queue);
		view_free(v);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		v->tv[i] = terrain_value(m, i);
		for (int k = 0; k < 6; k++) {
			int j = map_nb(m, i, k);
			v->nbl[i * 6 + k] = j >= 0 && (m->flags[j] & HEXF_ONMAP) ? j : -1;
		}
	}
	v->battle = !strcmp(s->battle, "alma") ? B_ALMA : !strcmp(s->battle, "balaclava") ? B_BALACLAVA :
		    !strcmp(s->battle, "inkerman") ? B_INKERMAN : !strcmp(s->battle, "tchernaya") ? B_TCHERNAYA : B_OTHER;
	/* Alma: the Allies score only by destroying Russian infantry ([23.11]) while every Game-Turn
	 * is a point to the Russians ([23.12]): cross and hunt the infantry; the redoubts are worth
	 * nothing in themselves */
	v->alma_cross = v->battle == B_ALMA && s->zone && strcmp(g->scn->side[me], "russian");
	/* Balaclava: the redoubts score while occupied at the end (or last occupied) ([23.21],
	 * [23.22]), so one unit sits in each and stays */
	v->hold = v->battle == B_BALACLAVA;
	for (int i = 0; i < n; i++)
		v->dob[i] = DIST_CAP;
	/* objectives: places the map names as victory-point hexes or objectives, and redoubts */
	nq = 0;
	for (int p = 0; p < m->nplaces && !v->alma_cross; p++) {
		const struct map_place *pl = &m->places[p];
		if (!has_word(pl->name, "VP") && !has_word(pl->name, "objective") &&
		    !has_word(pl->name, "redoubt"))
			continue;
		if (has_word(pl->name, "indicator") || has_word(pl->name, "exit") || has_word(pl->name, "box"))
			continue;
		for (int h = 0; h < pl->nhexes; h++) {
			int i = map_index(m, pl->hexes[h]);
			if (i < 0 || !(m->flags[i] & HEXF_ONMAP) || v->obj[i])
				continue;
			v->obj[i] = 1;
			v->dob[i] = 0;
			queue[nq++] = i;
			v->nobj++;
		}
	}
	bfs(m, v->nbl, v->dob, queue, nq);
	v->owed = -1;
	/* Alma: once Preservation is triggered the Russians exit two units a Game-Turn through
	 * 2225 (errata [21.2]) */
	if (v->battle == B_ALMA && !strcmp(g->scn->side[me], "russian"))
		v->dx = hex_field(v, m, Q_ALMA_EXIT_HEX, queue); /* NULL: plays without its exit */
	/* Alma Allies: the same exit, for postures that cut the Russians' retreat ([24.0]); without
	 * memory for it the Allies play without the cut */
	if (v->alma_cross && (v->dcut = hex_field(v, m, Q_ALMA_EXIT_HEX, queue)) &&
	    !(v->cutter = calloc((size_t)s->nunits, 1))) {
		free(v->dcut);
		v->dcut = NULL;
	}
	/* Balaclava: two Russian horsemen ride for Balaclava and exit at 2025 (errata [23.21]) */
	if (v->battle == B_BALACLAVA && !strcmp(g->scn->side[me], "russian") &&
	    (v->dx = hex_field(v, m, BAL_EXIT_HEX, queue))) {
		v->thr = malloc((size_t)n * sizeof *v->thr);
		v->thr_tmp = malloc((size_t)n * sizeof *v->thr_tmp);
		v->thr_key = malloc((size_t)s->nunits * 2 * sizeof *v->thr_key);
		if (!v->thr || !v->thr_tmp || !v->thr_key) {
			free(v->thr);
			free(v->thr_tmp);
			free(v->thr_key);
			v->thr = v->thr_tmp = NULL;
			v->thr_key = NULL;
		}
	}
	free(queue);
	return 0;
}

/* A view for positions of the same scenario and side as v, sharing v's static parts (which
 * must outlive it). Returns 0, or -1 out of memory (w freed). */
static int view_borrow(struct view *w, const struct view *v)
{
	size_t n = (size_t)v->s->map.n;
	*w = *v;
	w->borrowed = true;
	w->base = v;
	w->src = malloc(n * sizeof *w->src);
	w->de = malloc(n * sizeof *w->de);
	w->eadj = malloc(n * sizeof *w->eadj);
	w->fadj = malloc(n * sizeof *w->fadj);
	w->dadj = malloc(n * sizeof *w->dadj);
	w->mine = malloc(n);
	w->myart = malloc(n);
	w->thr = w->thr_tmp = NULL;
	w->thr_key = NULL;
	w->de_full = w->keyed = w->thr_full = false;
	w->keys = malloc((size_t)v->s->nunits * sizeof *w->keys);
	w->mark = calloc(n, 1);
	w->cutter = v->cutter ? calloc((size_t)v->s->nunits, 1) : NULL;
	if (v->thr) {
		w->thr = malloc(n * sizeof *w->thr);
		w->thr_tmp = malloc(n * sizeof *w->thr_tmp);
		w->thr_key = malloc((size_t)v->s->nunits * 2 * sizeof *w->thr_key);
	}
	if (!w->mark || !w->keys || !w->de || !w->eadj || !w->fadj || !w->dadj || !w->mine || !w->myart || !w->src ||
	    (v->thr && (!w->thr || !w->thr_tmp || !w->thr_key)) || (v->cutter && !w->cutter)) {
		view_free(w);
		return -1;
	}
	return 0;
}

/* Row a of the distances (see struct dist_rows), filled on first need. */
static const uint8_t *dist_row_fill(struct dist_rows *dr, const struct map *m, const int32_t *nbl, int a)
{
	uint8_t *row = dr->d + (size_t)a * (size_t)dr->n;
	{
		for (int i = 0; i < dr->n; i++)
			dr->tmp[i] = DIST_CAP;
		dr->tmp[a] = 0;
		dr->queue[0] = a;
		bfs(m, nbl, dr->tmp, dr->queue, 1);
		for (int i = 0; i < dr->n; i++)
			row[i] = (uint8_t)dr->tmp[i];
		dr->have[a] = 1;
	}
	return row;
}

static inline const uint8_t *dist_row(struct dist_rows *dr, const struct map *m, const int32_t *nbl, int a)
{
	return dr->have[a] ? dr->d + (size_t)a * (size_t)dr->n : dist_row_fill(dr, m, nbl, a);
}

/* Fills v->thr (see struct view) for the position g: one breadth-first search per distinct
 * movement allowance among the enemy units that can melee. queue: [map n]. With the distance
 * rows and not full, only the hexes my units stand in (all that eval_view reads), from the
 * rows. */
static void threat_field(struct view *v, const struct game *g, int *queue, bool full)
{
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;
	int n = m->n, mas[16], nmas = 0, *eh = queue, *ema = queue + s->nunits, ne = 0;
	bool rows = !full && v->rows && 5 * s->nunits <= n;

	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx, ma, k;
		if (s->u[u].side == v->me || i < 0 || !(m->flags[i] & HEXF_ONMAP) || is_art(s, u) ||
		    q_disrupted(g, u) || q_melee(g, u) <= 0 || s->u[u].melee_paren[0])
			continue;
		ma = q_ma(g, u);
		for (k = 0; k < nmas && mas[k] != ma; k++)
			;
		if (k == nmas && nmas < 16)
			mas[nmas++] = ma;
		eh[ne] = i;
		ema[ne++] = ma;
	}
	if (!rows && v->thr_full && v->nthr_key == ne && !memcmp(v->thr_key, eh, (size_t)ne * sizeof *eh) &&
	    !memcmp(v->thr_key + ne, ema, (size_t)ne * sizeof *ema))
		return; /* the field already there: the same enemy hexes and allowances */
	v->thr_full = false;
	if (rows) {
		/* per hex of mine (hx): the least over the allowances k of (steps from the
		 * nearest of k's hexes, dk) - k, where dk < DIST_CAP */
		int *hx = queue + 2 * s->nunits, *dk = hx + s->nunits, *t = dk + s->nunits, nh = 0;
		for (int u = 0; u < s->nunits; u++) {
			int i = st->u[u].idx;
			if (s->u[u].side != v->me || i < 0 || !(m->flags[i] & HEXF_ONMAP))
				continue;
			t[nh] = DIST_CAP;
			hx[nh++] = i;
		}
		for (int k = 0; k < nmas; k++) {
			for (int h = 0; h < nh; h++)
				dk[h] = DIST_CAP;
			for (int e = 0; e < ne; e++)
				if (ema[e] == mas[k]) {
					const uint8_t *row = dist_row(v->rows, m, v->nbl, eh[e]);
					for (int h = 0; h < nh; h++)
						if (row[hx[h]] < dk[h])
							dk[h] = row[hx[h]];
				}
			for (int h = 0; h < nh; h++)
				if (dk[h] < DIST_CAP && dk[h] - mas[k] < t[h])
					t[h] = dk[h] - mas[k];
		}
		for (int h = 0; h < nh; h++)
			v->thr[hx[h]] = (int16_t)t[h];
		return;
	}
	memcpy(v->thr_key, eh, (size_t)ne * sizeof *eh);
	memcpy(v->thr_key + ne, ema, (size_t)ne * sizeof *ema);
	v->nthr_key = ne;
	for (int i = 0; i < n; i++)
		v->thr[i] = DIST_CAP;
	for (int k = 0; k < nmas; k++) {
		int nq = 0;
		for (int i = 0; i < n; i++)
			v->thr_tmp[i] = DIST_CAP;
		for (int e = 0; e < ne; e++) { /* the pairs kept above, in unit order */
			int i = v->thr_key[e];
			if (v->thr_key[ne + e] != mas[k] || v->thr_tmp[i] == 0)
				continue;
			v->thr_tmp[i] = 0;
			queue[nq++] = i;
		}
		bfs(m, v->nbl, v->thr_tmp, queue, nq);
		for (int i = 0; i < n; i++)
			if (v->thr_tmp[i] < DIST_CAP && v->thr_tmp[i] - mas[k] < v->thr[i])
				v->thr[i] = (int16_t)(v->thr_tmp[i] - mas[k]);
	}
	v->thr_full = true;
}

/* Balaclava: how many units the Russians (side me) have exited at 2025 ([23.21]): 0, 1, or 2
 * for two or more. Read from the victory points as a player reads the score sheet: the
 * Russian total less what the map shows (Allied losses, the eastern redoubts) leaves 3 a
 * captured gun (at most 12) plus the raid's 15 once two have exited; the Allied total less
 * what the map shows (Russian losses, redoubt guns left) is short of the Russian units
 * removed by the melee points of those that exited (plus 30 for the western redoubts). */
static int bal_exits(const struct game *g, const struct result *r, int me)
{
	static const int east[3] = {1811, 2012, 2313};
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int vr = 0, va = 0, d, east_all = 1;

	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *ud = &s->u[u];
		int m = ud->melee_paren[0] ? 0 : ud->melee[0];
		bool gun = (ud->tags & QT_REDOUBT_GUN) != 0;
		if (ud->side != me && gun && st->u[u].idx >= 0)
			va += 6;
		if (st->u[u].idx != Q_ELIM || gun)
			continue;
		if (ud->side != me) {
			bool brit = !strcmp(ud->nation, "british");
			if (ud->type == Q_CAV && brit)
				vr += 2 * m;
			else if (ud->type == Q_INF || ud->type == Q_CAV)
				vr += m;
			else if (brit)
				vr += 8;
		} else {
			va += ud->type == Q_INF || ud->type == Q_CAV ? m : 15;
		}
	}
	for (int k = 0; k < 3; k++) {
		int idx = map_index(&s->map, east[k]), stk[Q_STACK_MAX];
		if (idx < 0 || q_stack(g, idx, stk, Q_STACK_MAX) == 0 || s->u[stk[0]].side != me)
			east_all = 0;
	}
	vr += 30 * east_all;
	if (r->vp[me] - vr >= 15)
		return 2;
	d = va - r->vp[1 - me]; /* the exited units' worth, less 30 if the Allies hold the west */
	if (d < 0)
		d += 30;
	return d > 0 ? 1 : 0;
}

/* Keeps pick[0..*np) the (at most want) units nearest by dist, nearest first, ties in unit
 * order: u (standing in map index i) goes in after those no farther than it. */
static void keep_nearest(int *pick, int *np, int want, const int16_t *dist, const struct q_state *st, int u,
			 int i)
{
	int k = imin(*np, want);
	while (k > 0 && dist[st->u[pick[k - 1]].idx] > dist[i])
		k--;
	if (k >= want)
		return;
	for (int j = imin(*np, want - 1); j > k; j--)
		pick[j] = pick[j - 1];
	pick[k] = u;
	if (*np < want)
		(*np)++;
}

/* Alma Russians before the trigger: whether two units should already make for the exit.
 * From Game-Turn Five the trigger is a die plus the Russian infantry units eliminated against
 * 10 ([21.1]), and every Game-Turn from the next one without two exits costs the Russians a
 * point and spares the Allies two ([23.11], [23.12]): once a few battalions are lost, two
 * units wait at the road so that the exits start on the turn it comes. (No unit may exit
 * before the trigger, [21.13], so every Russian infantry unit off the map was eliminated.) */
static bool alma_stage(const struct view *v, const struct game *g)
{
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	int lost = 0;
	if (st->turn < PRESERVE_TURN)
		return false;
	for (int u = 0; u < s->nunits; u++)
		lost += s->u[u].side == v->me && s->u[u].type == Q_INF && st->u[u].idx == Q_ELIM;
	return lost >= PRESERVE_LOSSES;
}

/* The units sent to the exit (v->exiter), nearest first. Balaclava: the cavalry units, as
 * many as the raid's points still need and a spare. Alma, once Preservation is triggered:
 * infantry that can move (an infantry unit off the map is a point the Allies cannot score,
 * [23.11], and the guns are slow and shoot), the exits still owed this Game-Turn and the next
 * turn's two, so that two stand ready each Movement Phase ([21.2]); before it, two once it may
 * come soon (alma_stage). */
static void pick_exiters(struct view *v, const struct game *g, const struct result *r, int *queue, bool full)
{
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	int want;

	if (v->battle == B_BALACLAVA) {
		v->exits = bal_exits(g, r, v->me);
		if (v->thr)
			threat_field(v, g, queue, full);
		want = v->exits >= 2 ? 0 : 2 - v->exits + RAID_SPARE;
	} else {
		v->owed = q_alma_exits_owed(g);
		want = v->owed >= 0 ? v->owed + PRESERVE_NEXT : alma_stage(v, g) ? PRESERVE_NEXT : 0;
	}
	want = imin(want, EXIT_MAX);
	int np = 0; /* exiter[np..EXIT_MAX) stay -1 */
	for (int u = 0; u < s->nunits && want > 0; u++) {
		int i = st->u[u].idx;
		if (s->u[u].side != v->me || i < 0 ||
		    (v->battle == B_BALACLAVA ? s->u[u].type != Q_CAV :
		     !(s->map.flags[i] & HEXF_ONMAP) || s->u[u].type != Q_INF || q_ma(g, u) == 0))
			continue;
		keep_nearest(v->exiter, &np, want, v->dx, st, u, i);
	}
}

/* Alma Allies under a posture with cut: its detachment for Russian Preservation's exit 2225
 * (v->cutter), the posture's cutters undisrupted infantry units on the map nearest to the
 * exit (ties: unit order), chosen again at every position. */
static void pick_cutters(struct view *v, const struct game *g)
{
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	int want = imin(v->wt->cutters, Q_UNITS_MAX), pick[Q_UNITS_MAX], np = 0;

	memset(v->cutter, 0, (size_t)s->nunits);
	if (v->wt->cut <= 0 || want <= 0)
		return;
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		if (s->u[u].side != v->me || s->u[u].type != Q_INF || i < 0 || !(s->map.flags[i] & HEXF_ONMAP) ||
		    q_disrupted(g, u))
			continue;
		keep_nearest(pick, &np, want, v->dcut, st, u, i);
	}
	for (int k = 0; k < np; k++)
		v->cutter[pick[k]] = 1;
}

/* The column of unit u when it is a source of the enemy distance field (an enemy on the map;
 * at the Alma crossing only infantry), else -1. */
static int field_column(const struct view *v, const struct q_state *st, const struct map *m, int u)
{
	int i = st->u[u].idx;
	if (v->s->u[u].side == v->me || i < 0 || !(m->flags[i] & HEXF_ONMAP) ||
	    (v->alma_cross && v->s->u[u].type != Q_INF))
		return -1;
	return i / m->h;
}

/* The columns [*lo, *hi) whose enemy units the distance field counts: all of them, or under a
 * posture's sector one third of the columns the enemy stands in (all when that third holds
 * none). */
static void sector_columns(const struct view *v, const struct q_state *st, const struct map *m, int *lo,
			   int *hi)
{
	int cmin = m->w, cmax = -1, cnt = 0, nunits = v->s->nunits;
	*lo = 0;
	*hi = m->w;
	if (v->wt->sector <= 0)
		return;
	for (int u = 0; u < nunits; u++) {
		int c = field_column(v, st, m, u);
		if (c >= 0) {
			cmin = imin(cmin, c);
			cmax = c > cmax ? c : cmax;
		}
	}
	if (cmax < cmin)
		return;
	int span = cmax - cmin + 1, k = v->wt->sector - 1;
	int c_lo = cmin + span * k / 3, c_hi = cmin + span * (k + 1) / 3 + (k == 2 ? 1 : 0);
	for (int u = 0; u < nunits; u++) {
		int c = field_column(v, st, m, u);
		cnt += c >= c_lo && c < c_hi;
	}
	if (cnt > 0) {
		*lo = c_lo;
		*hi = c_hi;
	}
}

/* Fills the parts of v that depend on the position g (of v's scenario): who is winning, the
 * enemy distance field, adjacent strengths, my units per hex, the raiders. queue: [map n].
 * full: the enemy distance of every hex; otherwise only of the hexes my units stand in (all
 * that eval_view reads). */
static void view_update(struct view *v, const struct game *g, int *queue, bool full)
{
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;
	int n = m->n, me = v->me, nq = 0;
	struct result r;

	bool rows = !full && v->rows && 2 * s->nunits <= n;

	v->g = g;
	g->rules->over(g, &r);
	v->attack = r.winner != me;
	v->vp[0] = r.vp[0];
	v->vp[1] = r.vp[1];
	if (!v->keyed) {
		memset(v->eadj, 0, (size_t)n * sizeof *v->eadj);
		memset(v->fadj, 0, (size_t)n * sizeof *v->fadj);
		memset(v->dadj, 0, (size_t)n * sizeof *v->dadj);
		memset(v->mine, 0, (size_t)n);
		memset(v->myart, 0, (size_t)n);
		for (int u = 0; u < s->nunits; u++)
			v->keys[u] = (struct ukey){-1, false, 0};
		v->keyed = true;
	}
	int c_lo, c_hi;
	sector_columns(v, st, m, &c_lo, &c_hi);
	/* enemy distance field and adjacency strengths: each unit's part, changed where the unit
	 * changed since the last update */
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		bool on = i >= 0 && (m->flags[i] & HEXF_ONMAP), enemy = s->u[u].side != me;
		struct ukey key = {-1, false, 0}, *old = &v->keys[u];
		if (on) {
			key.idx = i;
			key.dis = (st->u[u].fl & QF_DISRUPTED) != 0;
			if (!key.dis) {
				int mq = q_melee(g, u);
				key.w = (float)(mq > 0 ? mq : 1);
			}
		}
		if (key.idx != old->idx || key.dis != old->dis || key.w != old->w) {
			for (int sign = -1; sign <= 1; sign += 2) {
				const struct ukey *k2 = sign < 0 ? old : &key;
				int h = k2->idx;
				if (h < 0)
					continue;
				if (!enemy) {
					v->mine[h] = (uint8_t)(v->mine[h] + sign);
					if (is_art(s, u))
						v->myart[h] = (uint8_t)(v->myart[h] + sign);
				}
				if (k2->dis && !enemy)
					continue;
				float *arr = k2->dis ? v->dadj : enemy ? v->eadj : v->fadj;
				float add = k2->dis ? (float)sign : (float)sign * k2->w;
				for (int k = 0; k < 6; k++) {
					int j = map_nb(m, h, k);
					if (j >= 0)
						arr[j] += add;
				}
			}
			*old = key;
		}
		int col = field_column(v, st, m, u);
		if (col >= c_lo && col < c_hi && !v->mark[i]) {
			v->mark[i] = 1; /* each hex once among the sources, in the order first met */
			queue[nq++] = i;
		}
	}
	for (int k = 0; k < nq; k++)
		v->mark[queue[k]] = 0;
	if (rows && v->base && v->base->de_full && v->base->nsrc == nq &&
	    !memcmp(v->base->src, queue, (size_t)nq * sizeof *queue)) {
		/* the sources of the base view: its field, at the hexes my units stand in */
		for (int u = 0; u < s->nunits; u++) {
			int i = st->u[u].idx;
			if (s->u[u].side == me && i >= 0 && (m->flags[i] & HEXF_ONMAP))
				v->de[i] = v->base->de[i];
		}
		v->de_full = false;
	} else if (rows) {
		/* the enemy distance of the hexes my units stand in, from the rows */
		int *hx = queue + nq, nh = 0;
		for (int u = 0; u < s->nunits; u++) {
			int i = st->u[u].idx;
			if (s->u[u].side != me || i < 0 || !(m->flags[i] & HEXF_ONMAP))
				continue;
			hx[nh++] = i;
			v->de[i] = DIST_CAP;
		}
		for (int k = 0; k < nq; k++) {
			const uint8_t *row = dist_row(v->rows, m, v->nbl, queue[k]);
			for (int h = 0; h < nh; h++)
				if (row[hx[h]] < v->de[hx[h]])
					v->de[hx[h]] = row[hx[h]];
		}
		v->de_full = false;
	} else if (full && v->de_full && v->nsrc == nq && !memcmp(v->src, queue, (size_t)nq * sizeof *queue)) {
		/* the same sources as the field already there */
	} else if (v->base && v->base->de_full && v->base->nsrc == nq &&
		   !memcmp(v->base->src, queue, (size_t)nq * sizeof *queue)) {
		memcpy(v->de, v->base->de, (size_t)n * sizeof *v->de); /* same sources, same field */
		v->de_full = true;
	} else {
		for (int i = 0; i < n; i++)
			v->de[i] = DIST_CAP;
		for (int k = 0; k < nq; k++)
			v->de[queue[k]] = 0;
		bfs_want(m, v->nbl, v->de, queue, nq, full ? NULL : v->mine);
		v->de_full = full;
	}
	memcpy(v->src, queue, (size_t)nq * sizeof *queue);
	v->nsrc = nq;
	for (int k = 0; k < EXIT_MAX; k++)
		v->exiter[k] = -1;
	if (v->dx)
		pick_exiters(v, g, &r, queue, full);
	if (v->dcut)
		pick_cutters(v, g);
}

/* Builds the view of g for side me with the posture wt (set before the update: its sector
 * chooses the enemy distance field's sources). Returns 0, or -1 out of memory (v freed). */
static int view_init(struct view *v, const struct game *g, int me, const struct greedy_weights *wt)
{
	int *queue = malloc((size_t)q_scn(g)->map.n * sizeof *queue);
	if (!queue || view_static(v, g, me) != 0) {
		free(queue);
		return -1;
	}
	v->wt = wt;
	view_update(v, g, queue, true);
	free(queue);
	return 0;
}

/* greedy's part of the players' scratch (ai.h): per side, a view built once (its static parts
 * kept for every position of the scenario) and the judges' view borrowing from it. */
struct greedy_scratch {
	const struct q_scn *s;
	struct view v[2], w[2];
	bool built[2];
	int *queue; /* [map n] */
	struct dist_rows rows; /* for the judges' views; rows.d NULL if memory was short */
};

void greedy_scratch_free(struct greedy_scratch *gs)
{
	if (!gs)
		return;
	for (int k = 0; k < 2; k++)
		if (gs->built[k]) {
			view_free(&gs->w[k]); /* before v, whose static parts it borrows */
			view_free(&gs->v[k]);
		}
	free(gs->queue);
	free(gs->rows.d);
	free(gs->rows.have);
	free(gs->rows.tmp);
	free(gs->rows.queue);
	free(gs);
}

/* The scratch's views for side me of g (built on first need) in *v and *w, and its queue;
 * false when g has no scratch or memory is short (the caller builds its own). */
static bool scratch_views(const struct game *g, int me, struct view **v, struct view **w, int **queue)
{
	struct ai_scratch *x = ai_scratch_of(g);
	struct greedy_scratch *gs;

	if (!x || me < 0 || me > 1)
		return false;
	if (!x->greedy) {
		x->greedy = calloc(1, sizeof *x->greedy);
		if (!x->greedy)
			return false;
		size_t n = (size_t)q_scn(g)->map.n;
		struct dist_rows *dr = &x->greedy->rows;
		x->greedy->s = q_scn(g);
		x->greedy->queue = malloc(n * sizeof *x->greedy->queue);
		if (!x->greedy->queue) {
			greedy_scratch_free(x->greedy);
			x->greedy = NULL;
			return false;
		}
		dr->n = (int)n;
		dr->d = malloc(n * n);
		dr->have = calloc(n, 1);
		dr->tmp = malloc(n * sizeof *dr->tmp);
		dr->queue = malloc(n * sizeof *dr->queue);
		if (!dr->d || !dr->have || !dr->tmp || !dr->queue) { /* slower without, the same */
			free(dr->d);
			free(dr->have);
			free(dr->tmp);
			free(dr->queue);
			memset(dr, 0, sizeof *dr);
		}
	}
	gs = x->greedy;
	if (gs->s != q_scn(g))
		return false;
	if (!gs->built[me]) {
		if (view_static(&gs->v[me], g, me) != 0)
			return false;
		if (view_borrow(&gs->w[me], &gs->v[me]) != 0) {
			view_free(&gs->v[me]);
			return false;
		}
		if (gs->rows.d)
			gs->w[me].rows = &gs->rows;
		gs->built[me] = true;
	}
	*v = &gs->v[me];
	*w = &gs->w[me];
	*queue = gs->queue;
	return true;
}

static bool is_exiter(const struct view *v, int u)
{
	if (!v->dx)
		return false;
	for (int k = 0; k < EXIT_MAX; k++)
		if (v->exiter[k] == u)
			return true;
	return false;
}

/* How good it is for my unit u to stand in hex i (as if it stood there alone). */
static double unit_score(const struct view *v, int u, int i)
{
	const struct q_scn *s = v->s;
	const struct game *g = v->g;
	double m = 0, sc = 0, ea = v->eadj[i], fa = v->fadj[i];
	int de = v->de[i], dob = v->dob[i];
	bool dis = q_disrupted(g, u);

	if (is_exiter(v, u)) {
		/* for the exit, clear of the enemy (a raider lost is 15 points missed; a unit
		 * lost on its way out, a point to the Allies at Alma): never into contact, and out
		 * of close fire where it can */
		return -1.0 * v->dx[i] - (ea > 0 ? 6.0 : 0) - (de <= 2 ? 1.5 : 0);
	}
	const struct greedy_weights *wt = v->wt;
	sc += v->tv[i] * (v->attack ? 0.5 : 1.0) * wt->terrain;
	if (v->hold && v->obj[i] && v->mine[i] - (q_cst(g)->u[u].idx == i ? 1 : 0) == 0)
		sc += HOLD_BONUS * wt->hold; /* the only one of mine on an objective that scores while held */
	if (dis) {
		/* get clear of the enemy to rally ([10.0]) */
		sc += 0.4 * imin(de, 4);
		if (ea > 0)
			sc -= 3.0;
		return sc;
	}
	if (is_art(s, u)) {
		/* guns want the enemy in range but not in contact */
		sc -= 0.4 * fabs((double)(de - 3) - wt->art_back);
		if (v->battle == B_BALACLAVA) {
			/* a lost gun is 8 or 15 points ([23.2]), and guns forced to retreat are lost
			 * ([8.55]): out of reach, and never two in one hex */
			if (v->thr) {
				/* the Russians' guns: out of reach of the next Allied charge */
				int t = v->thr[i];
				if (t <= 1)
					sc -= GUN_REACH + imin(1 - t, 6);
				if (de < 4)
					sc -= 1.0 * (4 - de);
			} else if (de < 6) {
				sc -= 1.5 * (6 - de);
			}
			if (v->myart[i] - (q_cst(g)->u[u].idx == i ? 1 : 0) > 0)
				sc -= 3.0;
		}
		if (ea > 0)
			sc -= 2.0 + 0.3 * ea;
		if (v->nobj)
			sc -= 0.05 * imin(dob, 20);
		return sc;
	}
	if (v->alma_cross && !(s->zone[i] & ALMA_ZONE_NORTH))
		sc += 4.0;
	bool cutter = v->dcut && v->cutter[u];
	if (cutter) {
		/* the detachment: to the Russians' exit, and on it or next to it. No unit enters
		 * an enemy's hex ([5.12]), and one entering an enemy zone of control stops there
		 * ([5.13]), so a Russian unit cannot reach 2225 and exit in one move */
		int dc = v->dcut[i];
		sc -= wt->cut * imin(dc, 25);
		sc += dc == 0 ? CUT_HOLD : dc == 1 ? CUT_HOLD / 2 : 0;
	}
	if (v->dadj[i] > 0 || ea > 0) { /* the unit's melee strength, where it counts */
		/* [8.17] defence only */
		m = s->u[u].melee_paren[dis ? 1 : 0] ? 0 : q_melee(g, u);
	}
	if (v->dadj[i] > 0 && m > 0)
		sc += v->alma_cross ? 1.0 : 0.5; /* a disrupted enemy next door: fire and melee prey */
	if (cutter) {
		/* the exit's pull instead of the enemy's */
	} else if (v->attack) {
		sc -= (v->alma_cross ? 0.8 : 0.5) * wt->pull * imin(de, 15);
		if (v->nobj)
			sc -= 0.3 * wt->obj * imin(dob, 20) + (v->obj[i] ? -1.0 * wt->obj : 0);
	} else {
		if (v->nobj)
			sc -= 0.3 * wt->obj * imin(dob, 20) + (v->obj[i] ? -1.5 * wt->obj : 0);
		sc -= 0.1 * wt->pull * imin(de, 6);
	}
	if (ea > 0) {
		/* contact means melee ([8.11]): worth it when we outweigh what we touch */
		double odds = (m + 0.5 * fa) / ea;
		if (v->alma_cross)
			sc += odds >= 2 ? 1.5 : odds >= 1 ? 0.8 : odds >= 0.5 ? -0.5 : -1.5 - ea * 0.3;
		else
			sc += odds >= 2 ? 1.5 : odds >= 1.5 ? 0.8 : odds >= 1 ? 0.0 : -1.5 - ea * 0.3;
		sc += wt->contact;
	}
	return sc;
}

/* Material value of a unit on the map. */
static double unit_worth(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	double w = s->u[u].melee[0] > 0 ? s->u[u].melee[0] : 1;
	if (is_art(s, u))
		w += 2;
	if (q_disrupted(g, u))
		w *= 0.6;
	return w;
}

static double eval_view(const struct view *v)
{
	const struct game *g = v->g;
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	double val;
	int me = v->me;

	val = W_VP * (v->vp[me] - v->vp[1 - me]); /* over() of v->g, read by view_update */
	if (v->dx && v->battle == B_BALACLAVA && v->exits == 1)
		val += RAID_EXITED; /* half the raid is done */
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		if (i < 0 || !(s->map.flags[i] & HEXF_ONMAP))
			continue;
		double w = unit_worth(g, u);
		if (s->u[u].side == me) {
			val += W_MATERIAL * w;
			val += W_POS * unit_score(v, u, i);
		} else {
			val -= W_MATERIAL * w;
		}
	}
	return val;
}

double greedy_eval(const struct game *g, int side)
{
	return greedy_eval_w(g, side, &greedy_default_weights);
}

double greedy_eval_w(const struct game *g, int side, const struct greedy_weights *wt)
{
	struct view v;
	double val;

	struct view *sv, *sw;
	int *queue;

	if (!is_quad(g)) {
		struct result r;
		g->rules->over(g, &r);
		return r.vp[side] - r.vp[1 - side];
	}
	if (scratch_views(g, side, &sv, &sw, &queue)) {
		sv->wt = wt;
		view_update(sv, g, queue, true);
		return eval_view(sv);
	}
	if (view_init(&v, g, side, wt) != 0)
		return 0;
	val = eval_view(&v);
	view_free(&v);
	return val;
}

/* Mean gain of a over doing nothing, over `samples` dice streams derived from base. w is a
 * view of g's scenario for the deciding side (view_static), queue its scratch: each result is
 * scored as greedy_eval would, without building a view again. */
static double judge(const struct game *g, const struct action *a, double before, uint64_t base,
		    int samples, struct game *tmp, struct view *w, int *queue)
{
	double sum = 0;
	int ok = 0;
	for (int k = 0; k < samples; k++) {
		ai_copy(tmp, g, rng_mix(base, (uint64_t)k));
		if (ai_apply(tmp, a) != 0)
			continue;
		view_update(w, tmp, queue, false);
		sum += eval_view(w) - before;
		ok++;
	}
	return ok ? sum / ok : -1e9;
}

static void keep_best(struct ai_cand *out, int k, int *nk, const struct action *a, double score)
{
	int pos = *nk < k ? *nk : k;
	if (*nk >= k && score <= out[k - 1].score)
		return;
	while (pos > 0 && out[pos - 1].score < score) {
		if (pos < k)
			out[pos] = out[pos - 1];
		pos--;
	}
	out[pos].a = *a;
	out[pos].score = score;
	if (*nk < k)
		(*nk)++;
}

/* Completes c, a fire whose nu firers are in c->arg[1..nu], as a fire at all their strength
 * (points 1: the whole) at map index t, the text form's layout. */
static void fire_at(struct action *c, int nu, int t)
{
	c->kind = QA_FIRE;
	c->arg[0] = nu;
	c->arg[1 + nu] = 1;
	c->arg[2 + nu] = t;
	c->n = (int16_t)(3 + nu);
}

/* The combined fires (posture combine, [7.11]: fire strengths at one hex are combined) built
 * from the single-unit fires actions() listed (list[n]), each judged like a listed fire and
 * kept in the pool. Per target hex: the units of one parent, strongest first until the
 * table's last column is reached (Alma [16.1]: mixing parents costs at least 2 on the die),
 * then every firer's strongest-first prefix that reaches it, then all of them (at most 8,
 * the action's limit); groups of one unit are the listed fires themselves. Ties keep the
 * group listed first, the one that spends fewest units. */
static void combined_fires(struct game *g, const struct action *list, int n, double before, uint64_t base,
			   int samples, struct game *tmp, struct view *w, int *queue, struct ai_cand *pool,
			   int kk, int *nb)
{
	const struct q_scn *s = q_scn(g);
	int seen[Q_UNITS_MAX], nseen = 0; /* the target hexes done */

	for (int i = 0; i < n; i++) {
		const struct action *a = &list[i];
		bool done = false;
		if (a->kind != QA_FIRE || a->n != 4 || a->arg[0] != 1)
			continue;
		for (int k = 0; k < nseen && !done; k++)
			done = seen[k] == a->arg[3];
		if (done || nseen >= Q_UNITS_MAX)
			continue;
		int t = a->arg[3], fu[Q_UNITS_MAX], ff[Q_UNITS_MAX], nf = 0;
		seen[nseen++] = t;
		for (int j = i; j < n; j++) { /* the firers at t, strongest first (stable) */
			const struct action *b = &list[j];
			if (b->kind != QA_FIRE || b->n != 4 || b->arg[0] != 1 || b->arg[3] != t || nf >= Q_UNITS_MAX)
				continue;
			int f = q_fire_strength(g, b->arg[1], t, NULL), k = nf++;
			for (; k > 0 && ff[k - 1] < f; k--) {
				fu[k] = fu[k - 1];
				ff[k] = ff[k - 1];
			}
			fu[k] = b->arg[1];
			ff[k] = f;
		}
		if (nf < 2)
			continue;
		struct action grp[FIRE_GROUPS];
		int ng = 0;
		for (int p = 0; p < nf && ng < FIRE_GROUPS - 2; p++) { /* one parent's units */
			bool first = true;
			for (int q = 0; q < p; q++)
				if (!strcmp(s->u[fu[q]].parent, s->u[fu[p]].parent))
					first = false;
			if (!first || !s->u[fu[p]].parent[0])
				continue;
			struct action c = {QA_FIRE, 0, {0}};
			int tot = 0, nu = 0;
			for (int q = p; q < nf && nu < 8 && tot < FIRE_FULL; q++)
				if (!strcmp(s->u[fu[q]].parent, s->u[fu[p]].parent)) {
					c.arg[1 + nu++] = fu[q];
					tot += ff[q];
				}
			if (nu < 2)
				continue;
			fire_at(&c, nu, t);
			grp[ng++] = c;
		}
		for (int all = 0; all < 2; all++) { /* strongest first to the last column; then all */
			struct action c = {QA_FIRE, 0, {0}};
			int tot = 0, nu = 0;
			for (int q = 0; q < nf && nu < 8 && (all || tot < FIRE_FULL); q++) {
				c.arg[1 + nu++] = fu[q];
				tot += ff[q];
			}
			fire_at(&c, nu, t);
			bool dup = nu < 2;
			for (int k = 0; k < ng && !dup; k++)
				dup = action_same(&grp[k], &c);
			if (!dup)
				grp[ng++] = c;
		}
		for (int k = 0; k < ng; k++) {
			double sc = judge(g, &grp[k], before, base, samples, tmp, w, queue);
			if (sc < ACT_MIN)
				sc -= 0.5; /* as a listed fire: below "end" unless it gains */
			keep_best(pool, kk, nb, &grp[k], sc);
		}
	}
}

int greedy_candidates(struct game *g, struct ai_cand *out, int k, int samples)
{
	return greedy_candidates_w(g, out, k, samples, &greedy_default_weights);
}

int greedy_candidates_w(struct game *g, struct ai_cand *out, int k, int samples, const struct greedy_weights *wt)
{
	struct action *list;
	int n = ai_actions(g, &list), nk = 0, me;
	struct game *tmp = NULL;
	struct view vv = {0}, ww = {0}, *vp = &vv, *wp = &ww;
	int *queue = NULL;
	struct ai_scratch *x = ai_scratch_of(g);
	bool scr;
	struct ai_cand best[GREEDY_POOL];
	int kk = GREEDY_POOL, nb = 0;

	if (n <= 0 || k < 1) {
		ai_actions_done(g, list);
		return 0;
	}
	if (n == 1 || !is_quad(g)) {
		for (int i = 0; i < k && i < n; i++) {
			int j = n == 1 ? 0 : (int)rng_below(&g->ai, (uint32_t)n);
			keep_best(out, k, &nk, &list[j], 0);
			if (n == 1)
				break;
		}
		ai_actions_done(g, list);
		return nk;
	}
	me = g->rules->to_act(g);
	scr = x && (tmp = ai_scratch_copy(x, 0)) && scratch_views(g, me, &vp, &wp, &queue);
	/* the posture before the update: its sector chooses the enemy distance field's sources
	 * (the scratch's view keeps the last decision's posture until then) */
	if (scr) {
		vp->wt = wt;
		view_update(vp, g, queue, true);
	} else {
		tmp = malloc(sizeof *tmp);
		queue = malloc((size_t)q_scn(g)->map.n * sizeof *queue);
		if (!tmp || !queue || view_init(vp, g, me, wt) != 0 || view_borrow(wp, vp) != 0) {
			view_free(vp); /* either may be built; a failed one is zeroed */
			view_free(wp);
			free(queue);
			free(tmp);
			out[0].a = list[0];
			out[0].score = 0;
			ai_actions_done(g, list);
			return 1;
		}
	}
	struct view *const v = vp; /* the decision's view; w: the judges' */
	struct view *const w = wp;
	w->wt = wt; /* v has it since before its update */
	const struct q_state *st = q_cst(g);
	double before = eval_view(v);
	uint64_t base = rng_next(&g->ai);
	double cur_sc[Q_UNITS_MAX]; /* unit_score of a unit where it stands, once a decision */
	bool have_cur[Q_UNITS_MAX] = {false};
	for (int i = 0; i < n; i++) {
		const struct action *a = &list[i];
		double sc;
		switch (a->kind) {
		case QA_END:
			sc = 0;
			break;
		case QA_MOVE: {
			int u = a->arg[0], dest = a->arg[a->n - 1], cur = st->u[u].idx;
			if (u < 0 || u >= Q_UNITS_MAX) {
				sc = unit_score(v, u, dest) - unit_score(v, u, cur);
			} else {
				if (!have_cur[u]) {
					cur_sc[u] = unit_score(v, u, cur);
					have_cur[u] = true;
				}
				sc = unit_score(v, u, dest) - cur_sc[u];
			}
			if (sc < MOVE_MIN)
				sc = -1; /* a move must improve */
			break;
		}
		case QA_EXIT:
			if (v->dx && (v->battle == B_BALACLAVA ? v->exits < 2 : v->owed > 0)) {
				/* the raid's exit, 15 points for two ([23.21]); Alma's Preservation,
				 * two a Game-Turn: 2 points off the Allies ([23.11]), and none off
				 * the Russians ([23.12]) */
				sc = 5;
				break;
			}
			sc = judge(g, a, before, base, 1, tmp, w, queue);
			break;
		case QA_ENTER:
			/* reinforcements enter on time ([12.0]); where: the best hex */
			sc = 10 + unit_score(v, a->arg[0], a->arg[a->n - 1]);
			break;
		default:
			sc = judge(g, a, before, base, a->kind == QA_FIRE || a->kind == QA_MELEE ||
				   a->kind == QA_RALLY ? samples : 1, tmp, w, queue);
			if (a->kind != QA_RETREAT && a->kind != QA_ADVANCE && sc < ACT_MIN)
				sc -= 0.5; /* below "end" unless it must be done */
			break;
		}
		keep_best(best, kk, &nb, a, sc);
	}
	if (wt->combine && (st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE))
		combined_fires(g, list, n, before, base, samples, tmp, w, queue, best, kk, &nb);
	/* cavalry that spends too much of its allowance is disrupted ([11.11]; Inkerman [25.12]):
	 * a move of undisrupted cavalry is tried on a copy when it comes up for the top k */
	bool used[GREEDY_POOL] = {false}, tried[GREEDY_POOL] = {false};
	while (nk < k) {
		int b = -1;
		for (int i = 0; i < nb; i++)
			if (!used[i] && (b < 0 || best[i].score > best[b].score))
				b = i;
		if (b < 0)
			break;
		const struct action *a = &best[b].a;
		if (!tried[b] && a->kind == QA_MOVE && v->s->u[a->arg[0]].type == Q_CAV &&
		    !q_disrupted(g, a->arg[0])) {
			tried[b] = true;
			ai_copy(tmp, g, rng_mix(base, 99));
			if (ai_apply(tmp, a) == 0 && q_disrupted(tmp, a->arg[0])) {
				best[b].score -= CAV_BLOWN + (v->eadj[a->arg[a->n - 1]] > 0 ? CAV_BLOWN_CONTACT : 0) +
						 (is_exiter(v, a->arg[0]) ? CAV_BLOWN_RAIDER : 0);
				if (best[b].score < MOVE_MIN)
					best[b].score = -1;
				continue;
			}
		}
		used[b] = true;
		out[nk++] = best[b];
	}
	if (!scr) {
		view_free(w); /* before v, whose static parts it borrows */
		view_free(v);
		free(queue);
		free(tmp);
	}
	ai_actions_done(g, list);
	return nk;
}

bool greedy_critical(const struct game *g, const struct ai_cand *c, int n)
{
	const struct q_scn *s;
	const struct q_state *st;

	if (n < 2 || !is_quad(g))
		return false;
	st = q_cst(g);
	if (st->phase != QP_MOVE || st->npend > 0)
		return true;
	s = q_scn(g);
	for (int k = 0; k < n; k++) {
		const struct action *a = &c[k].a;
		if (a->kind != QA_MOVE && a->kind != QA_ENTER)
			continue;
		int dest = a->arg[a->n - 1], me = s->u[a->arg[0]].side;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(&s->map, dest, d), stk[Q_STACK_MAX];
			if (j >= 0 && q_stack(g, j, stk, Q_STACK_MAX) > 0 && s->u[stk[0]].side != me)
				return true;
		}
	}
	return false;
}

int greedy_choose(struct game *g, struct action *out, int samples)
{
	return greedy_choose_w(g, out, samples, &greedy_default_weights);
}

int greedy_choose_w(struct game *g, struct action *out, int samples, const struct greedy_weights *wt)
{
	struct ai_cand c;
	if (greedy_candidates_w(g, &c, 1, samples < 1 ? 1 : samples, wt) < 1)
		return -1;
	*out = c.a;
	return 0;
}
