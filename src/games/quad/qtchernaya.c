/* qtchernaya: the exclusive rules of Tchernaya River ([15.0]-[19.0] with the errata): the
 * Aqueduct ([16.0]: costs in the tec table, melee halving in qbattle.c), Russian engineers
 * bridging it ([17.1], errata [17.14]: Russian infantry only), garrisoned redoubts ([18.1]),
 * Tchorgoun's line of sight ([18.2], errata [18.22]: 3010), the scenarios' movement holds
 * ([19.23] C, D, E with the errata: movement only) and victory ([19.1], [19.24]). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

struct tch {
	uint8_t c_free;  /* [19.23] C released */
	uint8_t e_free;  /* [19.23] E released */
	uint8_t destroyed; /* [19.11] Destroyed markers */
};

#define AUX_D_FREE 0x01 /* [19.23] D: this unit may move */
#define ZONE_SOUTH 1    /* zone[]: south of the Aqueduct, hexrows 0900-3300 ([19.11]) */

static const int tchorgoun[3] = {3009, 3110, 3209};
static const int los_from[2] = {2910, 3010};             /* [18.21], errata [18.22] */
static const int los_to[4] = {3306, 3307, 3308, 3407};

static struct tch *TS(struct game *g)
{
	return (struct tch *)(void *)q_st(g)->bs;
}

static const struct tch *CTS(const struct game *g)
{
	return (const struct tch *)(const void *)q_cst(g)->bs;
}

static bool tagged(const struct game *g, int u, uint32_t t)
{
	return (q_scn(g)->u[u].tags & t) != 0;
}

/* South of the Aqueduct: below the lowest Aqueduct hex of each column 09-33 ([19.11]). */
static int tch_prepare(struct q_scn *q)
{
	const struct map *m = &q->map;
	q->zone = calloc((size_t)m->n, 1);
	if (!q->zone)
		return -1;
	q->nbunit = 0; /* the engineers, in unit order ([17.14]: tch_patches, tch_patch_steps) */
	for (int u = 0; u < q->nunits; u++)
		if (q->u[u].tags & QT_ENGINEER)
			q->bunit[q->nbunit++] = (int16_t)u;
	q->nbunit2 = 0; /* the held units, in unit order (tch_after_action) */
	for (int u = 0; u < q->nunits; u++)
		if (q->u[u].tags & (QT_HOLD_C | QT_HOLD_D | QT_HOLD_E))
			q->bunit2[q->nbunit2++] = (int16_t)u;
	for (int c = 9; c <= 33; c++) {
		int low = -1;
		for (int r = m->row0; r <= m->row1; r++) {
			int idx = map_index(m, hex_make(c, r));
			if (idx >= 0 && m->terrain[idx] == TER_AQUEDUCT)
				low = r;
		}
		if (low < 0)
			continue;
		for (int r = low + 1; r <= m->row1; r++) {
			int idx = map_index(m, hex_make(c, r));
			if (idx >= 0 && (m->flags[idx] & HEXF_ONMAP))
				q->zone[idx] = ZONE_SOUTH;
		}
	}
	return 0;
}

static void tch_setup(struct game *g)
{
	memset(TS(g), 0, sizeof(struct tch));
}

static bool garrison_in(const struct game *g, int idx)
{
	if (idx >= 0)
		return q_hex_has_tag(g, idx, QT_GARRISON);
	int stk[Q_STACK_MAX], n = q_stack(g, idx, stk, Q_STACK_MAX); /* (off the map: a scan) */
	for (int i = 0; i < n; i++)
		if (tagged(g, stk[i], QT_GARRISON))
			return true;
	return false;
}

/* [18.12] no unit enters a garrisoned redoubt; [18.15] nor retreats through one. */
static bool tch_closed(const struct game *g, int u, int idx)
{
	if (u >= 0 && tagged(g, u, QT_GARRISON))
		return false;
	return garrison_in(g, idx);
}

/* [17.11] engineers never count for stacking. */
static int tch_stack_ok(const struct game *g, int u, int idx, const int *stack, int n)
{
	const struct q_scn *s = q_scn(g);
	int others = 0, infcav = 0, art = 0;
	bool me_ic = s->u[u].type == Q_INF || s->u[u].type == Q_CAV;
	bool eng_here = false;

	(void)idx;
	if (tagged(g, u, QT_ENGINEER))
		return 1;
	for (int i = 0; i < n; i++) {
		if (stack[i] == u)
			continue;
		if (s->u[stack[i]].side != s->u[u].side)
			return 0;
		if (tagged(g, stack[i], QT_ENGINEER)) {
			eng_here = true;
			continue;
		}
		others++;
		if (s->u[stack[i]].type == Q_INF || s->u[stack[i]].type == Q_CAV)
			infcav++;
		else
			art++;
	}
	if (!eng_here)
		return 0; /* the Standard Rules decide */
	if (others + 1 > 2 || (me_ic && infcav > 0))
		return 0;
	(void)art;
	return 1;
}

/* [17.14] an Aqueduct hex holding an engineer is a Bridge hex for Russian infantry (errata). */
/* False when tch_patch_steps leaves u's table unchanged: not Russian infantry, or no engineer
 * stands in an Aqueduct hex. */
static bool tch_patches(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	if (s->u[u].type != Q_INF || s->u[u].side != q_russian(g))
		return false;
	for (int k = 0; k < s->nbunit; k++) { /* the engineers (tch_prepare) */
		int idx = st->u[s->bunit[k]].idx;
		if (idx >= 0 && s->map.terrain[idx] == TER_AQUEDUCT)
			return true;
	}
	return false;
}

static void tch_patch_steps(const struct game *g, int u, uint8_t *step)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;

	if (s->u[u].type != Q_INF || s->u[u].side != q_russian(g))
		return;
	for (int k = 0; k < s->nbunit; k++) { /* the engineers (tch_prepare) */
		int idx = st->u[s->bunit[k]].idx;
		if (idx < 0 || m->terrain[idx] != TER_AQUEDUCT)
			continue;
		for (int d = 0; d < 6; d++) {
			int from = map_nb(m, idx, d);
			if (from < 0)
				continue;
			int back = (d + 3) % 6; /* from -> idx */
			uint8_t c = s->tab.tec.hex[TER_CLEAR][Q_INF];
			if (step[from * 6 + back] != PATH_NOWAY && step[from * 6 + back] > c)
				step[from * 6 + back] = c; /* "freely ... without penalties" */
		}
	}
}

/* [19.23] C, D, E movement holds (errata: movement only). */
static int tch_may_move(const struct game *g, int u, struct err *e)
{
	const struct tch *t = CTS(g);
	int turn = q_cst(g)->turn;
	if (tagged(g, u, QT_HOLD_C) && !t->c_free && turn < 6)
		return err_set(e, NULL, 0, "[19.23] C: the Russian 4th and 5th Divisions wait until Game-Turn Six or until an enemy unit comes adjacent");
	if (tagged(g, u, QT_HOLD_D) && turn < 5 && !(q_cst(g)->u[u].aux & AUX_D_FREE))
		return err_set(e, NULL, 0, "[19.23] D: the French 1st Division and Artillery Reserve wait until Game-Turn Five (a unit fired on or approached may move)");
	if (tagged(g, u, QT_HOLD_E) && !t->e_free && turn < 3)
		return err_set(e, NULL, 0, "[19.23] E: the Sardinian Reserve waits until Game-Turn Three, or until fired on or approached");
	return 0;
}

static bool enemy_adjacent(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int idx = st->u[u].idx;
	if (idx < 0)
		return false;
	for (int d = 0; d < 6; d++) {
		int j = map_nb(&s->map, idx, d);
		if (j >= 0 && q_hex_has_foe(g, j, s->u[u].side))
			return true;
	}
	return false;
}

static void tch_after_action(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct tch *t = TS(g);

	for (int k = 0; k < s->nbunit2; k++) { /* only a held unit can free a hold (tch_prepare) */
		int u = s->bunit2[k];
		if (st->u[u].idx < 0)
			continue;
		/* near: enemy_adjacent, asked at most once and only when it decides (positions do
		 * not change in this loop) */
		int near = -1;
		bool shot = st->u[u].fl & QF_FIRED_AT;
#define NEAR() (near < 0 ? (near = enemy_adjacent(g, u)) : near)
		if (tagged(g, u, QT_HOLD_C) && !t->c_free && NEAR()) {
			t->c_free = 1;
			ev_emit(ev, "[19.23]", "C: an enemy unit is adjacent to %s: the Russian 4th and 5th Divisions may move", s->u[u].id);
		}
		if (tagged(g, u, QT_HOLD_E) && !t->e_free && (shot || NEAR())) {
			t->e_free = 1;
			ev_emit(ev, "[19.23]", "E: %s is engaged: the Sardinian Reserve may move", s->u[u].id);
		}
		if (tagged(g, u, QT_HOLD_D) && !(st->u[u].aux & AUX_D_FREE) && (shot || NEAR())) {
			st->u[u].aux |= AUX_D_FREE;
			ev_emit(ev, "[19.23]", "D: %s is engaged and may move", s->u[u].id);
		}
#undef NEAR
	}
}

static void tch_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev)
{
	(void)origin;
	(void)retreated;
	if (tagged(g, u, QT_GARRISON)) {
		TS(g)->destroyed++;
		ev_emit(ev, "[18.1]", "the garrison of %s is destroyed: a Destroyed marker is placed", q_scn(g)->u[u].id);
	}
}

static int tch_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		   char *why, size_t wn)
{
	const struct map *m = &q_scn(g)->map;
	int a = map_hex(m, from), b = map_hex(m, to), clear[3];
	bool special = false;

	(void)st;
	(void)n;
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 4; k++)
			if ((a == los_from[i] && b == los_to[k]) || (b == los_from[i] && a == los_to[k]))
				special = true;
	if (!special)
		return -1; /* [18.23] otherwise Tchorgoun blocks normally */
	for (int i = 0; i < 3; i++)
		clear[i] = map_index(m, tchorgoun[i]);
	/* [18.21], [18.22] (errata: 3010) */
	return q_los_ex(g, from, to, clear, 3, LOSF_NOHOOK, why, wn) ? 1 : 0;
}

/* [19.1] a unit's worth: its offensive fire at range one; cavalry its undisrupted melee;
 * nothing if it may not fire offensively. */
static int worth(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_udef *d = &s->u[u];
	if (d->type == Q_CAV)
		return d->melee[0] > 0 ? d->melee[0] : 0;
	if (d->fire_paren[0])
		return 0;
	if (d->cls[0]) {
		int v = s->tab.art[d->cls[0] - 'A'][1];
		return v > 0 ? v : 0;
	}
	return d->fire[0] > 0 ? d->fire[0] : 0;
}

static int holder(const struct game *g, int hex)
{
	const struct q_scn *s = q_scn(g);
	int idx = map_index(&s->map, hex), stk[Q_STACK_MAX];
	if (idx < 0 || q_stack(g, idx, stk, Q_STACK_MAX) == 0)
		return -1;
	return s->u[stk[0]].side;
}

static void tch_victory(const struct game *g, struct result *r, struct score_sheet *sh)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ru = q_russian(g), al = 1 - ru, vr = 0, va = 0, diff;
	/* the schedules' items: [19.11] Allied units eliminated, Russians south of the Aqueduct;
	 * [19.12] Russian units eliminated */
	int al_elim = 0, al_elim_vp = 0, south = 0, ru_elim = 0, ru_elim_vp = 0;
	int h2215 = holder(g, 2215), h3214 = holder(g, 3214), destroyed = CTS(g)->destroyed;
	bool town = false;
	const char *level;

	for (int u = 0; u < s->nunits; u++) {
		if (st->u[u].idx == Q_ELIM) {
			if (s->u[u].side == ru) {
				ru_elim_vp += worth(g, u);
				ru_elim++;
			} else {
				al_elim_vp += worth(g, u);
				al_elim++;
			}
		} else if (st->u[u].idx >= 0 && s->u[u].side == ru && !q_disrupted(g, u) &&
			   s->zone[st->u[u].idx] == ZONE_SOUTH) {
			south++; /* [19.11] undisrupted south of the Aqueduct */
		}
	}
	for (int i = 0; i < 3; i++)
		if (holder(g, tchorgoun[i]) == al)
			town = true; /* [19.12] any of the hexes of Tchorgoun */
	vr = al_elim_vp + 2 * south + (h2215 == ru ? 2 : 0) + (h3214 == ru ? 5 : 0) + 2 * destroyed;
	va = ru_elim_vp + (h2215 == al ? 2 : 0) + (h3214 == al ? 5 : 0) + (town ? 10 : 0);
	if (sh) {
		q_sheet_add(sh, ru, al_elim_vp, "[19.11]",
			    "French or Sardinian units eliminated, each its range-one fire strength ([19.1])",
			    "%d French or Sardinian unit%s eliminated, each its range-one fire strength ([19.1])",
			    al_elim, al_elim == 1 ? "" : "s");
		q_sheet_add(sh, ru, h2215 == ru ? 2 : 0, "[19.11]", NULL, "a unit in 2215");
		q_sheet_add(sh, ru, h3214 == ru ? 5 : 0, "[19.11]", NULL, "a unit in 3214");
		q_sheet_add(sh, ru, 2 * destroyed, "[19.11]", "Destroyed markers, 2 each", "%d Destroyed marker%s, 2 each", destroyed,
			    destroyed == 1 ? "" : "s");
		q_sheet_add(sh, ru, 2 * south, "[19.11]",
			    "undisrupted Russian units south of the Aqueduct, 2 each",
			    "%d undisrupted Russian unit%s south of the Aqueduct, 2 each", south, south == 1 ? "" : "s");
		q_sheet_add(sh, al, ru_elim_vp, "[19.12]",
			    "Russian units eliminated, each its range-one fire strength ([19.1])",
			    "%d Russian unit%s eliminated, each its range-one fire strength ([19.1])", ru_elim,
			    ru_elim == 1 ? "" : "s");
		q_sheet_add(sh, al, h2215 == al ? 2 : 0, "[19.12]", NULL, "a unit in 2215");
		q_sheet_add(sh, al, h3214 == al ? 5 : 0, "[19.12]", NULL, "a unit in 3214");
		q_sheet_add(sh, al, town ? 10 : 0, "[19.12]", NULL, "a unit in the town of Tchorgoun (3009, 3110, 3209)");
	}
	diff = vr - va; /* [19.13] Russian minus Allied */
	level = diff >= 31 ? "Russian Decisive Victory" : diff >= 16 ? "Russian Substantive Victory"
		: diff >= 0 ? "Russian Marginal Victory" : diff >= -11 ? "Allied Marginal Victory"
		: diff >= -21 ? "Allied Substantive Victory" : "Allied Decisive Victory";
	r->vp[ru] = vr;
	r->vp[al] = va;
	r->winner = diff >= 0 ? ru : al;
	/* snprintf's "%s (%+d: %s %d, %s %d) [19.24]" without its cost (greedy asks often) */
	q_level_text_margin(r->level, sizeof r->level, level, diff, g->scn->side[ru], vr,
			    g->scn->side[al], va, " [19.24]");
}

const struct q_battle q_tchernaya = {
	.id = "tchernaya",
	.prepare = tch_prepare,
	.setup = tch_setup,
	.closed = tch_closed,
	.closed_static = true, /* [18.12] to everyone: a garrison stands there (garrison_in) */
	.closed_tags = QT_GARRISON,
	.stack_ok = tch_stack_ok,
	.patch_steps = tch_patch_steps,
	.patches = tch_patches,
	.may_move = tch_may_move,
	.after_action = tch_after_action,
	.on_removed = tch_on_removed,
	.los = tch_los,
	.los_lineless = true, /* tch_los ignores the line */
	.victory = tch_victory,
};
