/* gview: greedy's view of a quad position for one side (gview.h). */
#include "gview.h"

#include <ctype.h>
#include <stdlib.h>

#define BAL_EXIT_HEX 2025 /* Balaclava's exit for the Russian raid (errata [23.21]) */
#define RAID_SPARE 1      /* Balaclava: raiders sent beyond the two the points need */
#define PRESERVE_STAGE 6  /* Alma: units staged at the exit before the trigger (the first three
			   * Game-Turns' exits: measured better than two, "Tenth session") */
#define PRESERVE_PIPE 4   /* Alma: units sent, after the trigger, for the next two Game-Turns'
			   * exits ([21.2]): a unit reaching 2225 with too few movement points
			   * left exits only in the next Movement Phase */
#define PRESERVE_TURN 4   /* Alma: from this Game-Turn, with PRESERVE_LOSSES infantry lost, */
#define PRESERVE_LOSSES 3 /* PRESERVE_STAGE units make for the exit before the trigger ([21.1]) */

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

/* gview.h */
void gview_free(struct gview *v)
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
static int16_t *hex_field(const struct gview *v, const struct map *m, int hex, int *queue)
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

/* gview.h */
int gview_static(struct gview *v, const struct game *g, int me)
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
		gview_free(v);
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
	/* Balaclava: the French additional reinforcements, eight battalions, wait off the map until
	 * a Russian unit moves west of the 0400 column (errata [17.21]: "the threat of these units
	 * forestalled a Russian attack up the Sapoune Heights") */
	v->west_trigger = v->battle == B_BALACLAVA && !strcmp(g->scn->side[me], "russian");
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

/* gview.h */
int gview_borrow(struct gview *w, const struct gview *v)
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
		gview_free(w);
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

/* Fills v->thr (see struct gview) for the position g: one breadth-first search per distinct
 * movement allowance among the enemy units that can melee. queue: [map n]. With the distance
 * rows and not full, only the hexes my units stand in (all that eval_view reads), from the
 * rows. */
static void threat_field(struct gview *v, const struct game *g, int *queue, bool full)
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
static bool alma_stage(const struct gview *v, const struct game *g)
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
 * two Game-Turns' four, so that two stand ready each Movement Phase ([21.2]); before it,
 * PRESERVE_STAGE once it may come soon (alma_stage). */
static void pick_exiters(struct gview *v, const struct game *g, const struct result *r, int *queue, bool full)
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
		/* after the trigger: this Game-Turn's exits owed, and the next Game-Turns' (two
		 * each, as many as the game has left) */
		int later = 2 * (s->turns - st->turn);
		want = v->owed >= 0 ? v->owed + imin(PRESERVE_PIPE, later > 0 ? later : 0)
				    : alma_stage(v, g) ? PRESERVE_STAGE : 0;
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
static void pick_cutters(struct gview *v, const struct game *g)
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
static int field_column(const struct gview *v, const struct q_state *st, const struct map *m, int u)
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
static void sector_columns(const struct gview *v, const struct q_state *st, const struct map *m, int *lo,
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

/* gview.h */
void gview_update(struct gview *v, const struct game *g, int *queue, bool full)
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
	v->shun_west = v->west_trigger;
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
		if (v->shun_west && (s->u[u].tags & QT_FRENCH_ADDITIONAL) && (i >= 0 || i == Q_ELIM))
			v->shun_west = false; /* they have come: the column no longer matters */
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

/* gview.h */
int gview_init(struct gview *v, const struct game *g, int me, const struct greedy_weights *wt)
{
	int *queue = malloc((size_t)q_scn(g)->map.n * sizeof *queue);
	if (!queue || gview_static(v, g, me) != 0) {
		free(queue);
		return -1;
	}
	v->wt = wt;
	gview_update(v, g, queue, true);
	free(queue);
	return 0;
}
