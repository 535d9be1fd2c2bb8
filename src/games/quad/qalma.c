/* qalma: the exclusive rules of Alma ([15.0]-[23.0] with the errata): parent units in fire
 * ([16.1]), crossing the Alma ([17.1]), the river's banks ([17.2] errata: costs in the tec
 * table), special terrain ([18.1]-[18.3]: tec table and qscn.c), the Alma line of sight
 * ([18.4] with its errata), artillery without zones of control and its retreat before combat
 * ([19.0], errata [19.2]), French waiting time and the Zouaves ([20.0]), Russian Preservation
 * ([21.0] with the errata: exit hex 2225, no exit before it triggers, unlimited exits after),
 * reinforcements all on one turn ([22.2]) and victory ([23.0]). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

struct alma {
	uint8_t triggered;     /* [21.1] Russian Preservation */
	uint8_t trig_turn;
	uint8_t exits_turn;    /* Russian units exited this Game-Turn */
	uint8_t allied_minus;  /* [23.11] Game-Turns in which two units exited (-2 each) */
	uint8_t russian_minus; /* [23.12] Game-Turns after the trigger without that (-1 each) */
	uint8_t allied_elim;   /* [23.12] French/British infantry eliminated before the trigger */
	uint8_t reinf_turn;    /* [22.2] the Game-Turn the reinforcements entered */
};

#define ZONE_NORTH 0x80       /* zone[]: north bank; else the depth south of the river */
#define AUX_SOUTH 0x80        /* aux: south of the Alma at the start of the Movement Phase */
#define AUX_EXITED 0x40
#define AUX_DEPTH 0x3f

static struct alma *AS(struct game *g)
{
	return (struct alma *)(void *)q_st(g)->bs;
}

static const struct alma *CAS(const struct game *g)
{
	return (const struct alma *)(const void *)q_cst(g)->bs;
}

static bool is_art(const struct q_udef *d)
{
	return d->type == Q_ART || d->type == Q_HART;
}

/* A hexside of the Alma: River or Stream ([17.2]), or the bridge 2113/2213, which the map
 * may mark as a bridge alone (crossing the bridge is crossing the river). */
static bool crosses_alma(const struct map *m, int i, int d)
{
	return (map_side_features(m, i, d) & (SIDE_RIVER | SIDE_STREAM | SIDE_BRIDGE)) != 0;
}

/* The river's banks: in each column the north bank runs down to the Alma hexside between two
 * hexes of that column (the river crosses every column once, west to east); a column the map
 * draws no such hexside in (the map's edge column 01) takes its neighbour's. South hexes carry
 * their distance in hexes from the nearest north-bank hex ([17.11]: "no more than one hex
 * between unit and River" = depth 2). */
static int alma_prepare(struct q_scn *q)
{
	const struct map *m = &q->map;
	int ncol = m->col1 - m->col0 + 1, *queue = malloc((size_t)m->n * sizeof *queue), head = 0, tail = 0;
	int *bank = malloc((size_t)ncol * sizeof *bank);

	q->zone = calloc((size_t)m->n, 1);
	if (!queue || !q->zone || !bank) {
		free(queue);
		free(bank);
		return -1;
	}
	for (int c = m->col0; c <= m->col1; c++) {
		bank[c - m->col0] = -1;
		for (int r = m->row0; r < m->row1 && bank[c - m->col0] < 0; r++) {
			int i = map_index(m, hex_make(c, r)), j = map_index(m, hex_make(c, r + 1));
			for (int d = 0; i >= 0 && j >= 0 && d < 6; d++)
				if (map_nb(m, i, d) == j && crosses_alma(m, i, d))
					bank[c - m->col0] = r;
		}
	}
	for (int pass = 0; pass < ncol; pass++)
		for (int c = 0; c < ncol; c++)
			if (bank[c] < 0)
				bank[c] = c > 0 && bank[c - 1] >= 0 ? bank[c - 1] : c + 1 < ncol ? bank[c + 1] : -1;
	for (int i = 0; i < m->n; i++) {
		if (!(m->flags[i] & HEXF_ONMAP))
			continue; /* border slots lie outside the bank table */
		int h = map_hex(m, i), b = bank[hex_col(h) - m->col0];
		if (b < 0 || hex_row(h) <= b)
			q->zone[i] = ZONE_NORTH;
	}
	free(bank);
	/* depths south: breadth first from the north bank across the river */
	head = tail = 0;
	for (int i = 0; i < m->n; i++)
		if (q->zone[i] == ZONE_NORTH)
			queue[tail++] = i;
	while (head < tail) {
		int i = queue[head++];
		int di = q->zone[i] == ZONE_NORTH ? 0 : q->zone[i];
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			if (j < 0 || !(m->flags[j] & HEXF_ONMAP) || q->zone[j])
				continue;
			q->zone[j] = (uint8_t)(di + 1 < 0x7f ? di + 1 : 0x7f);
			queue[tail++] = j;
		}
	}
	free(queue);
	/* the Russian infantry, in unit order: [21.1]'s count and [23.11]'s points (russian_inf_elim,
	 * asked by every over(), so in every estimate greedy and search make) scan only them */
	q->nbunit = 0;
	for (int u = 0; u < q->nunits; u++)
		if (q->u[u].side == q->russian && q->u[u].type == Q_INF)
			q->bunit[q->nbunit++] = (int16_t)u;
	return 0;
}

static int depth(const struct game *g, int idx)
{
	uint8_t z = q_scn(g)->zone[idx];
	return z == ZONE_NORTH ? 0 : z;
}

static void snapshot(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	for (int u = 0; u < s->nunits; u++) {
		uint8_t keep = st->u[u].aux & AUX_EXITED;
		int idx = st->u[u].idx, dp = idx >= 0 ? depth(g, idx) : 0;
		st->u[u].aux = (uint8_t)(keep | (dp > 0 ? AUX_SOUTH : 0) | (dp < AUX_DEPTH ? dp : AUX_DEPTH));
	}
}

static void alma_setup(struct game *g)
{
	memset(AS(g), 0, sizeof(struct alma));
	snapshot(g);
}

/* [17.11], [17.13]: are all (non-artillery) units of u's parent south of the Alma at the
 * start of this Movement Phase? */
static bool parent_south(const struct game *g, int u, bool with_art)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	for (int v = s->u[u].parent_first; v != Q_PARENT_END; v = s->u[v].parent_next) {
		if (!with_art && is_art(&s->u[v]))
			continue;
		if (st->u[v].idx == Q_ELIM || st->u[v].idx == Q_ABSENT)
			continue; /* units out of play no longer hold the parent back */
		if (!(st->u[v].aux & AUX_SOUTH))
			return false;
	}
	return true;
}

static int alma_move_ok(const struct game *g, int u, int dest, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_udef *d = &s->u[u];
	int dd = depth(g, dest), limit = 99, start = q_cst(g)->u[u].aux & AUX_DEPTH;
	bool french = !strcmp(d->nation, "french");
	const char *rule = "[17.11]";

	if (d->side == q_russian(g) || dd <= 2)
		return 0;
	if (!parent_south(g, u, false))
		limit = 2;
	else if (french && !parent_south(g, u, true)) {
		limit = 3;
		rule = "[17.13]";
	}
	if (limit == 2 && french && !parent_south(g, u, true))
		rule = "[17.11]";
	if (start > limit)
		limit = start; /* [17.12] not forced back, but no further from the river */
	if (dd > limit) {
		char hx[8];
		if (!e)
			return -1; /* a listing's question (q_move_dest_ok): no text to make */
		hex_format(map_hex(&s->map, dest), hx);
		return err_set(e, NULL, 0, "%s %s may not go %d hexes south of the Alma (to %s) until every unit of its parent %s is south of the river%s",
			       rule, d->id, dd, hx, d->parent, start > 2 ? " [17.12]" : "");
	}
	return 0;
}

static int alma_may_move(const struct game *g, int u, struct err *e)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	/* [20.1], [20.2] (the nation's name compared last: this is asked of every unit in
	 * every Movement Phase) */
	if (q_cst(g)->turn < 3 && !(d->tags & QT_ZOUAVE) && !strcmp(d->nation, "french"))
		return err_set(e, NULL, 0, "[20.1] no French unit moves before Game-Turn Three (only the Zouaves, [20.2])");
	return 0;
}

static int alma_may_enter(const struct game *g, int u, struct err *e)
{
	const struct alma *a = CAS(g);
	if ((q_scn(g)->u[u].tags & QT_ENTER_TOGETHER) && a->reinf_turn && a->reinf_turn != q_cst(g)->turn)
		return err_set(e, NULL, 0, "[22.2] the reinforcements must all enter on the same Game-Turn (Game-Turn %d)", a->reinf_turn);
	return 0;
}

static int alma_may_end(const struct game *g, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	if (st->phase != QP_MOVE || CAS(g)->reinf_turn != st->turn)
		return 0;
	for (int u = 0; u < s->nunits; u++) {
		if (!(s->u[u].tags & QT_ENTER_TOGETHER) || st->u[u].idx != Q_OFF)
			continue;
		/* (an entry the listing cannot offer, every way in closed, lets the phase end) */
		if (q_entry_listed(g, u))
			return err_set(e, NULL, 0, "[22.2] %s must enter this Game-Turn with the other reinforcements", s->u[u].id);
	}
	return 0;
}

static bool alma_exerts_zoc(const struct game *g, int u)
{
	return !is_art(&q_scn(g)->u[u]); /* [19.1] */
}

static bool alma_ignores_zoc(const struct game *g, int u)
{
	return is_art(&q_scn(g)->u[u]); /* [19.1] */
}

static int alma_fire_die(const struct game *g, const struct action *a, int die)
{
	const struct q_scn *s = q_scn(g);
	int seen[8]; /* the parents represented, each by its first unit (q_udef parent_first) */
	int nu = a->arg[0], np = 0;

	/* [16.1] each parent unit represented subtracts one when more than one is; [16.11]
	 * Russian artillery has none; [16.12] the modified die is at least one. (The firers are
	 * of one side, so a parent's first unit names it.) */
	for (int i = 0; i < nu && i < 8; i++) {
		const struct q_udef *d = &s->u[a->arg[1 + i]];
		bool dup = false;
		if (d->parent_first == Q_PARENT_END || (d->side == q_russian(g) && is_art(d)))
			continue;
		for (int k = 0; k < np; k++)
			if (seen[k] == d->parent_first)
				dup = true;
		if (!dup)
			seen[np++] = d->parent_first;
	}
	if (np < 2)
		return die;
	return die - np < 1 ? 1 : die - np;
}

static bool is_town(const struct map *m, int idx)
{
	return idx >= 0 && (m->terrain[idx] == TER_TOWN || m->terrain[idx] == TER_CLOSED);
}

/* [18.4] with its errata: the Alma line of sight replaces [7.3]. Blocked only by (a) a ridge
 * hexside, (b) a hexside of a town hex (Bourliuk included, [18.42] b), (c) two slope
 * hexsides whose high sides lie between them (errata [18.42]: that is [7.33], up then down).
 * [18.43]: [7.36] does not apply, so a line running along a slope hexside crosses it; since
 * its high side lies on neither end of the line, it counts as going up and as coming down
 * (the errata's 2106-2309 example). Firer's and target's hexes excepted, adjacent units see
 * each other ([7.39]): see docs/RULES.md. */
static int alma_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		    char *why, size_t wn)
{
	const struct map *m = &q_scn(g)->map;
	int up_at = -1, prev = from;
	char x[8], y[8];

	(void)to;
	for (int i = 1; i < n; i++) {
		int a = map_index(m, st[i].hex);
		bool last = i == n - 1;
		if (st[i].kind == LINE_HEX) {
			int d = -1;
			if (!last && is_town(m, a)) {
				hex_format(st[i].hex, x);
				snprintf(why, wn, "[18.42] b: the line crosses the hexsides of town hex %s", x);
				return 0;
			}
			if (prev >= 0 && hex_adjacent(map_hex(m, prev), st[i].hex))
				for (int k = 0; k < 6; k++)
					if (map_nb(m, prev, k) == a)
						d = k;
			if (d >= 0) {
				int into = map_slope_into(m, prev, d), away = map_slope_away(m, prev, d);
				hex_format(map_hex(m, prev), x);
				hex_format(st[i].hex, y);
				if (into && away) {
					snprintf(why, wn, "[18.42] a: ridge hexside %s/%s", x, y);
					return 0;
				}
				if (into && up_at < 0)
					up_at = i;
				if (away && up_at >= 0) {
					snprintf(why, wn, "[18.42] c: the high sides of two slope hexsides lie between them (up, then down at %s/%s)", x, y);
					return 0;
				}
			}
			prev = a;
		} else if (st[i].kind == LINE_SIDE) {
			int b = map_index(m, st[i].other), d = -1;
			hex_format(st[i].hex, x);
			hex_format(st[i].other, y);
			if (is_town(m, a) || is_town(m, b)) {
				snprintf(why, wn, "[18.42] b: the line runs along hexside %s/%s of a town hex ([7.36] does not apply, [18.43])", x, y);
				return 0;
			}
			for (int k = 0; k < 6 && a >= 0; k++)
				if (map_nb(m, a, k) == b)
					d = k;
			if (d >= 0) {
				int into = map_slope_into(m, a, d), away = map_slope_away(m, a, d);
				if (into && away) {
					snprintf(why, wn, "[18.42] a: the line runs along ridge hexside %s/%s", x, y);
					return 0;
				}
				if (into || away) {
					if (up_at >= 0) {
						snprintf(why, wn, "[18.42] c, errata [18.4]: the line runs along slope hexside %s/%s after climbing a slope", x, y);
						return 0;
					}
					up_at = i;
				}
			}
			prev = -1;
		} else {
			prev = -1;
		}
	}
	return 1;
}

/* [19.2] errata: non-phasing artillery in an enemy ZOC may retreat one hex instead of firing. */
static bool art_retreat_step(const struct game *g, int u, int to, const uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	int from = q_cst(g)->u[u].idx, dir = -1, stk[Q_STACK_MAX], n;
	for (int d = 0; d < 6; d++)
		if (map_nb(&s->map, from, d) == to)
			dir = d;
	if (dir < 0 || to < 0 || !(s->map.flags[to] & HEXF_ONMAP) || zoc[to])
		return false; /* [19.21] it must end out of every enemy ZOC */
	if (s->step[q_mclass(s->u[u].type, false)][from * 6 + dir] == PATH_NOWAY)
		return false;
	n = q_stack(g, to, stk, Q_STACK_MAX);
	for (int i = 0; i < n; i++)
		if (s->u[stk[i]].side != s->u[u].side)
			return false;
	return q_stack_ok(g, u, to);
}

static bool art_may_retreat(const struct game *g, int u, const uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	return st->phase == QP_DEFFIRE && !st->npend && is_art(&s->u[u]) && s->u[u].side != st->phasing &&
	       st->u[u].idx >= 0 && !q_disrupted(g, u) && !(st->u[u].fl & QF_FIRED) && zoc[st->u[u].idx];
}

static void alma_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	uint8_t zoc[Q_NMAX]; /* maps over Q_NMAX are refused at load */

	if (st->phase == QP_MOVE && st->phasing == q_russian(g) && CAS(g)->triggered) {
		int exit_idx = map_index(&s->map, Q_ALMA_EXIT_HEX);
		for (int u = 0; u < s->nunits; u++)
			if (st->u[u].idx == exit_idx && s->u[u].side == st->phasing && q_can_move(g, u, NULL) == 0) {
				struct action a = {QA_EXIT, 1, {u}};
				q_push(l, &a);
			}
	}
	if (st->phase == QP_DEFFIRE) {
		q_zoc(g, st->phasing, zoc);
		for (int u = 0; u < s->nunits; u++) {
			if (!art_may_retreat(g, u, zoc))
				continue;
			for (int d = 0; d < 6; d++) {
				int to = map_nb(&s->map, st->u[u].idx, d);
				if (to >= 0 && art_retreat_step(g, u, to, zoc)) {
					struct action a = {QA_RETREAT, 2, {u, to}};
					q_push(l, &a);
				}
			}
		}
	}
}

static int alma_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0];
	char hx[8];

	if (u < 0 || u >= s->nunits)
		return err_set(e, NULL, 0, "no such unit");
	if (a->kind == QA_RETREAT) {
		uint8_t zoc[Q_NMAX]; /* maps over Q_NMAX are refused at load */
		if (a->n != 2)
			return err_set(e, NULL, 0, "usage: retreat GUN HEX");
		q_zoc(g, st->phasing, zoc);
		if (!art_may_retreat(g, u, zoc))
			return err_set(e, NULL, 0, "[19.2] only an undisrupted non-phasing artillery unit in an enemy zone of control that has not fired may retreat before combat");
		if (!art_retreat_step(g, u, a->arg[1], zoc))
			return err_set(e, NULL, 0, "[19.21] it must retreat one hex and end out of every enemy zone of control");
		q_place(st, u, a->arg[1]);
		st->u[u].fl |= QF_FIRED; /* [19.22] no fire in this Defensive Fire Phase */
		hex_format(map_hex(&s->map, a->arg[1]), hx);
		ev_emit(ev, "[19.2]", "%s retreats before combat to %s and will not fire this phase", s->u[u].id, hx);
		return 0;
	}
	if (a->kind != QA_EXIT)
		return err_set(e, NULL, 0, "no such action at Alma");
	if (st->phase != QP_MOVE || s->u[u].side != q_russian(g) || st->phasing != q_russian(g))
		return err_set(e, NULL, 0, "[21.2] Russian units exit in the Russian Movement Phase");
	if (!CAS(g)->triggered)
		return err_set(e, NULL, 0, "[21.13] no Russian unit may exit before Russian Preservation is triggered");
	if (st->u[u].idx != map_index(&s->map, Q_ALMA_EXIT_HEX))
		return err_set(e, NULL, 0, "[21.2] units exit through hex 2225 (errata)");
	if (q_can_move(g, u, e) != 0)
		return -1;
	st->u[u].aux |= AUX_EXITED;
	q_place(st, u, Q_ELIM);
	AS(g)->exits_turn++;
	ev_emit(ev, "[21.2]", "%s exits the map through 2225 (%d this Game-Turn)", s->u[u].id, AS(g)->exits_turn);
	return 0;
}

int q_alma_exits_owed(const struct game *g)
{
	if (strcmp(q_scn(g)->battle, "alma") || !CAS(g)->triggered)
		return -1;
	return CAS(g)->exits_turn >= 2 ? 0 : 2 - CAS(g)->exits_turn;
}

static int russian_inf_elim(const struct game *g)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int n = 0;
	for (int k = 0; k < s->nbunit; k++) { /* the Russian infantry (alma_prepare) */
		const struct q_ust *us = &st->u[s->bunit[k]];
		n += us->idx == Q_ELIM && !(us->aux & AUX_EXITED);
	}
	return n;
}

static int alma_phase_start(struct game *g, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	struct alma *a = AS(g);
	int die, rc;
	struct event *evp;

	if (st->phase != QP_MOVE)
		return 0;
	snapshot(g);
	if (st->phasing == q_russian(g) && st->turn >= 5 && !a->triggered) {
		/* [21.1] die + Russian infantry units eliminated; 10 or more triggers */
		int k = russian_inf_elim(g);
		rc = dice_roll(&g->dice, 6, &die);
		if (rc != 0)
			return rc;
		evp = ev_emit(ev, "[21.1]", "Russian Preservation: die %d + %d infantry eliminated = %d: %s",
			      die, k, die + k, die + k >= 10 ? "triggered" : "not triggered");
		ev_die(evp, die);
		if (die + k >= 10) {
			a->triggered = 1;
			a->trig_turn = (uint8_t)st->turn;
		}
	}
	return 0;
}

static void alma_end_phase(struct game *g, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	struct alma *a = AS(g);

	/* at the end of the Russian (second) Player-Turn: the Game-Turn's exits */
	if (st->phase != QP_RALLY || st->phasing != q_russian(g) || !a->triggered)
		return;
	if (a->exits_turn >= 2) {
		a->allied_minus++;
		ev_emit(ev, "[23.11]", "the Russians exited two units this Game-Turn: the Allies lose 2 victory points");
	} else if (st->turn > a->trig_turn) {
		a->russian_minus++;
		ev_emit(ev, "[23.12]", "the Russians did not exit two units this Game-Turn: they lose 1 victory point");
	}
	a->exits_turn = 0;
}

static void alma_after_move(struct game *g, int u, struct evsink *ev)
{
	struct alma *a = AS(g);
	(void)ev;
	if ((q_scn(g)->u[u].tags & QT_ENTER_TOGETHER) && !a->reinf_turn)
		a->reinf_turn = (uint8_t)q_st(g)->turn;
}

static void alma_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	(void)origin;
	(void)ev;
	if (!retreated && d->side != q_russian(g) && d->type == Q_INF && !AS(g)->triggered)
		AS(g)->allied_elim++;
}

static void alma_victory(const struct game *g, struct result *r, struct score_sheet *sh)
{
	const struct alma *a = CAS(g);
	int ru = q_russian(g), al = 1 - ru, va, vr, complete, killed = russian_inf_elim(g);
	bool early = a->triggered && a->trig_turn < 7;

	/* [23.11] */
	va = killed + (early ? 3 : 0) - 2 * a->allied_minus;
	/* [23.12]: complete Game-Turns before the trigger */
	complete = a->triggered ? a->trig_turn - 1 : q_cst(g)->turn - (q_cst(g)->phase == QP_OVER ? 0 : 1);
	vr = a->allied_elim + complete - a->russian_minus;
	if (sh) {
		q_sheet_add(sh, al, killed, "[23.11]", "Russian infantry units eliminated, 1 each",
			    "%d Russian infantry unit%s eliminated, 1 each",
			    killed, killed == 1 ? "" : "s");
		q_sheet_add(sh, al, early ? 3 : 0, "[23.11]",
			    "Russian Preservation triggered before Game-Turn Seven, 3 points",
			    "Russian Preservation triggered before Game-Turn Seven (on Game-Turn %d)", a->trig_turn);
		q_sheet_add(sh, al, -2 * a->allied_minus, "[23.11]",
			    "Game-Turns in which the Russians exited two units, -2 each",
			    "%d Game-Turn%s in which the Russians exited two units, -2 each", a->allied_minus,
			    a->allied_minus == 1 ? "" : "s");
		q_sheet_add(sh, ru, a->allied_elim, "[23.12]",
			    "French/British infantry units eliminated before Preservation, 1 each",
			    "%d French/British infantry unit%s eliminated before Preservation, 1 each",
			    a->allied_elim, a->allied_elim == 1 ? "" : "s");
		q_sheet_add(sh, ru, complete, "[23.12]", "complete Game-Turns before Preservation, 1 each",
			    "%d complete Game-Turn%s before Preservation, 1 each",
			    complete, complete == 1 ? "" : "s");
		q_sheet_add(sh, ru, -a->russian_minus, "[23.12]",
			    "Game-Turns after Preservation without the Allies losing points, -1 each",
			    "%d Game-Turn%s after Preservation without the Allies losing points, -1 each",
			    a->russian_minus, a->russian_minus == 1 ? "" : "s");
	}
	r->vp[al] = va;
	r->vp[ru] = vr;
	/* [23.2] Allied minus Russian: 3 or more Allied win, 0 or less Russian win */
	r->winner = va - vr >= 3 ? al : va - vr <= 0 ? ru : -1;
	q_level_text(r->level, sizeof r->level,
		     r->winner < 0 ? "Draw" : r->winner == al ? "Allied victory" : "Russian victory",
		     g->scn->side[al], va, g->scn->side[ru], vr, " [23.2]");
}

const struct q_battle q_alma = {
	.id = "alma",
	.prepare = alma_prepare,
	.setup = alma_setup,
	.may_move = alma_may_move,
	.may_move_static = true, /* [20.1], [20.2]: the Game-Turn and the unit's nation and tags */
	.may_enter = alma_may_enter,
	.exerts_zoc = alma_exerts_zoc,
	.exerts_zoc_static = true, /* [19.1] artillery: the unit's type */
	.ignores_zoc = alma_ignores_zoc,
	.ignores_zoc_static = true, /* [19.1] artillery: the unit's type */
	.fire_die = alma_fire_die,
	.los = alma_los,
	.after_move = alma_after_move,
	.on_removed = alma_on_removed,
	.end_phase = alma_end_phase,
	.phase_start = alma_phase_start,
	.actions = alma_actions,
	.apply = alma_apply,
	.victory = alma_victory,
	.move_ok = alma_move_ok,
	.may_end = alma_may_end,
};
