/* qmove: movement ([5.0]), stacking ([5.3]), zones of control in movement ([5.13], [5.14],
 * [6.3]), cavalry disruption by movement ([11.11], [11.12]) and reinforcements ([12.0]). */
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmemo.h"
#include "qmove.h"

/* Hexes the moving side may not enter: any hex holding an enemy unit ([5.12], [5.34]). */
static void enemy_blocked(const struct game *g, int side, uint8_t *blocked)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	memset(blocked, 0, (size_t)s->map.n);
	for (int u = 0; u < s->nunits; u++)
		if (st->u[u].idx >= 0 && (s->u[u].side != side || q_battle_closed(g, -1, st->u[u].idx)))
			blocked[st->u[u].idx] = 1;
}

int q_mp_left(const struct game *g, int u)
{
	int left = q_ma(g, u) * 2 - q_cst(g)->u[u].mp;
	return left > 0 ? left : 0;
}

int q_move_search(const struct game *g, int u, struct path_result *res, uint8_t *zoc,
		  uint8_t *blocked, uint8_t *steps, int32_t *order)
{
	const struct q_udef *d = &q_scn(g)->u[u];

	q_zoc(g, 1 - d->side, zoc);
	enemy_blocked(g, d->side, blocked);
	return q_move_search_with(g, u, res, zoc, blocked, steps, order);
}

int q_path_search(const struct q_scn *s, const struct path_query *q, struct path_result *r,
		  int32_t *order)
{
	for (int mc = 0; mc < Q_NMOVE; mc++) /* an unpatched class table has a packed twin */
		if (q->step == s->step[mc] && s->prep[mc].w)
			return path_search_prep(&s->prep[mc], q, r, order);
	for (int v = 0; v < Q_NVARIANT; v++) /* a battle's variant tables have theirs too */
		for (int mc = 0; mc < Q_NMOVE; mc++)
			if (q->step && q->step == s->vstep[v][mc] && s->vprep[v][mc].w)
				return path_search_prep(&s->vprep[v][mc], q, r, order);
	return path_search_order(&s->map, q, r, order);
}

int q_move_search_with(const struct game *g, int u, struct path_result *res, const uint8_t *zoc,
		       const uint8_t *blocked, uint8_t *steps, int32_t *order)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct path_query q;

	q.step = q_battle_steps(g, u, steps);
	q.zoc = q_battle_ignores_zoc(g, u) ? NULL : zoc;
	q.blocked = blocked;
	q.start = st->u[u].idx;
	q.allowance = q_mp_left(g, u);
	return q_path_search(s, &q, res, order);
}

bool q_stack_ok(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	int st[Q_STACK_MAX + 1], n;
	int total = 1, infcav = 0, art = 0;
	bool me_infcav = s->u[u].type == Q_INF || s->u[u].type == Q_CAV;

	if (q_battle_closed(g, u, idx))
		return false;
	if (idx >= 0 && !q_hex_has_other(q_cst(g), idx, u)) /* u alone is fine */
		return true;
	n = q_stack(g, idx, st, Q_STACK_MAX + 1);

	for (int i = 0; i < n; i++) {
		int v = st[i];
		if (v == u)
			continue;
		if (s->u[v].side != s->u[u].side)
			return false; /* [5.34] */
		total++;
		if (s->u[v].type == Q_INF || s->u[v].type == Q_CAV)
			infcav++;
		else
			art++;
	}
	if (total == 1)
		return true;
	if (q_battle_stack_ok(g, u, idx, st, n) == 1)
		return true; /* an exclusive rule allows it (Balaclava [21.0]) */
	if (total > 2)
		return false; /* [5.38] never more than two units */
	if (me_infcav && infcav > 0)
		return false; /* [5.32] no two infantry/cavalry units */
	(void)art;        /* [5.33] artillery stacks with any one other unit */
	return true;
}

const char *q_stack_rule(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	int st[Q_STACK_MAX + 1], n = q_stack(g, idx, st, Q_STACK_MAX + 1), others = 0, infcav = 0;
	for (int i = 0; i < n; i++) {
		if (st[i] == u)
			continue;
		if (s->u[st[i]].side != s->u[u].side)
			return "[5.34]";
		others++;
		infcav += s->u[st[i]].type == Q_INF || s->u[st[i]].type == Q_CAV;
	}
	if (others + 1 > 2)
		return "[5.38]";
	if ((s->u[u].type == Q_INF || s->u[u].type == Q_CAV) && infcav)
		return "[5.32]";
	return "[5.3]";
}

bool q_entry_road(const struct map *m, int idx)
{
	bool road = false;
	for (int d = 0; d < 6; d++) {
		int j = map_nb(m, idx, d);
		if (j >= 0 && !(m->flags[j] & HEXF_ONMAP) &&
		    (map_side_features(m, idx, d) & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR)))
			road = true;
	}
	return road;
}

/* [12.13], [12.11]: cost to enter the map at entry hex idx for unit u, given k units of its
 * side already entered there this phase. Returns half MP, or PATH_NOWAY. */
int q_entry_cost(const struct game *g, int u, int idx, int k)
{
	const struct q_scn *s = q_scn(g);
	const struct map *m = &s->map;
	const struct qt_tec *t = &s->tab.tec;
	int type = s->u[u].type, cost, per;

	if (s->entry_road[idx]) {
		/* moving along a hypothetical road: the major-road rate per hex */
		per = t->side[QTS_ROAD_MAJOR][type];
		cost = per;
	} else {
		if (t->hex[m->terrain[idx]][type] == QT_NOWAY)
			return PATH_NOWAY;
		per = t->hex[TER_CLEAR][type];
		cost = t->hex[m->terrain[idx]][type];
	}
	return cost + k * per;
}

bool q_edge_hex(const struct map *m, int idx)
{
	if (!(m->flags[idx] & HEXF_ONMAP))
		return false;
	for (int d = 0; d < 6; d++) {
		int j = map_nb(m, idx, d);
		if (j < 0 || !(m->flags[j] & HEXF_ONMAP))
			return true;
	}
	return false;
}

/* [12.22] an entry hex is blocked if an enemy unit, or a friendly unit in an enemy ZOC, is in it.
 * (The hex's units from the occupancy chain, in any order: the answer is about the set.) */
static bool entry_blocked(const struct game *g, int side, int idx, const uint8_t *enemy_zoc)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int v = q_occ_first(st, idx);
	if (v >= 0 && enemy_zoc[idx])
		return true;
	for (; v >= 0; v = q_occ_next(st, v, idx))
		if (s->u[v].side != side)
			return true;
	return false;
}

int q_entry_hexes(const struct game *g, int u, int *out, int max, uint8_t *zoc)
{
	q_zoc(g, 1 - q_scn(g)->u[u].side, zoc);
	return q_entry_hexes_zoc(g, u, out, max, zoc);
}

int q_entry_hexes_zoc(const struct game *g, int u, int *out, int max, const uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	const struct q_udef *d = &s->u[u];
	const struct map *m = &s->map;
	int n = 0;

	if (d->enter_edge >= 0) {
		const struct map_edge *e = &m->edges[d->enter_edge];
		for (int i = 0; i < e->nhexes && n < max; i++) {
			int idx = map_index(m, e->hexes[i]);
			if (idx >= 0 && (m->flags[idx] & HEXF_ONMAP) && !entry_blocked(g, d->side, idx, zoc))
				out[n++] = idx;
		}
		return n;
	}
	int want = map_index(m, d->enter_hex);
	if (!entry_blocked(g, d->side, want, zoc)) {
		out[n++] = want;
		return n;
	}
	/* [12.22] the unblocked map-edge hex(es) nearest the scheduled hex */
	int best = 1 << 30;
	for (int e = 0; e < s->nedge; e++) { /* the edge hexes, in index order */
		int idx = s->edge[e];
		if (entry_blocked(g, d->side, idx, zoc))
			continue;
		int dist = hex_distance(map_hex(m, idx), d->enter_hex);
		if (dist < best) {
			best = dist;
			n = 0;
		}
		if (dist == best && n < max)
			out[n++] = idx;
	}
	return n;
}

/* q_search_prepare; have: the generation of the memo's maps w holds already (0: none). */
static void search_prepare(const struct game *g, int side, struct q_work *w, uint32_t have)
{
	if (!q_prep_recall(g, side, w->zoc, w->blocked, have)) { /* not the same inputs as last time */
		q_zoc(g, 1 - side, w->zoc);
		enemy_blocked(g, side, w->blocked);
		q_prep_keep(g, side, w->zoc, w->blocked);
	}
#ifdef Q_OCC_VERIFY /* debug builds: the maps recalled are the maps worked out again */
	else {
		uint8_t zoc[Q_NMAX], blocked[Q_NMAX];
		size_t n = (size_t)q_scn(g)->map.n;
		q_zoc(g, 1 - side, zoc);
		enemy_blocked(g, side, blocked);
		if (memcmp(zoc, w->zoc, n) || memcmp(blocked, w->blocked, n))
			abort();
	}
#endif
	w->prep_gen = q_prep_gen(g);
}

void q_search_prepare(const struct game *g, int side, struct q_work *w)
{
	search_prepare(g, side, w, 0);
}

void q_search_prepare_kept(const struct game *g, int side, struct q_work *w)
{
	search_prepare(g, side, w, w->prep_gen);
}

int q_search(const struct game *g, int u, struct q_work *w)
{
	struct path_result r = {w->cost, w->prev, w->qhex, w->qnext, 0};
	return q_move_search(g, u, &r, w->zoc, w->blocked, w->steps, w->order);
}

int q_search_again(const struct game *g, int u, struct q_work *w)
{
	struct path_result r = {w->cost, w->prev, w->qhex, w->qnext, 0};
	return q_move_search_with(g, u, &r, w->zoc, w->blocked, w->steps, w->order);
}

/* ---- movement actions ---- */

int q_can_move(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct q_ust *us = &st->u[u];

	if (s->u[u].side != st->phasing)
		return err_set(e, NULL, 0, "[5.11] only the Phasing Player's units move");
	if (us->idx < 0)
		return err_set(e, NULL, 0, "[5.11] %s is not on the map", s->u[u].id);
	int ma = q_ma(g, u); /* (asked once: q_mp_left's too) */
	if (ma == 0) {
		const char *why = s->ops && s->ops->immobile_case ? s->ops->immobile_case : NULL;
		if (q_disrupted(g, u))
			return err_set(e, NULL, 0, "[5.19], [9.12] %s is disrupted artillery and may not move", s->u[u].id);
		return err_set(e, NULL, 0, "[5.16], [5.19]%s%s %s has a Movement Allowance of 0 and may not move",
			       why ? " " : "", why ? why : "", s->u[u].id);
	}
	if (us->fl & QF_STOPPED)
		return err_set(e, NULL, 0, "[5.13] %s entered an enemy zone of control and must stop", s->u[u].id);
	if ((us->fl & QF_MOVED) && st->moving != u)
		return err_set(e, NULL, 0, "[5.18] %s has already moved this phase", s->u[u].id);
	if (ma * 2 - us->mp <= 0) /* q_mp_left(g, u) <= 0 */
		return err_set(e, NULL, 0, "[5.16] %s has no movement points left", s->u[u].id);
	if (q_battle_may_move(g, u, e) != 0)
		return -1;
	return 0;
}

int q_can_enter(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	if (s->u[u].side != st->phasing)
		return err_set(e, NULL, 0, "[12.0] reinforcements enter in their owner's Movement Phase");
	if (st->u[u].idx != Q_OFF || !s->u[u].enter_turn)
		return err_set(e, NULL, 0, "[12.0] %s is not a reinforcement waiting to enter", s->u[u].id);
	int due = q_battle_enter_turn(g, u, s->u[u].enter_turn);
	if (st->turn < due)
		return err_set(e, NULL, 0, "[12.0] %s is scheduled for Game-Turn %d%s", s->u[u].id, due,
			       due != s->u[u].enter_turn ? " (an exclusive rule moved its arrival)" : "");
	if (q_battle_may_enter(g, u, e) != 0)
		return -1;
	return 0; /* [12.23] withheld reinforcements may enter on any later turn */
}

/* Moves u one step into j (cost c), with the bookkeeping of [5.13], [11.12]; the unit's map
 * index and the occupancy index are the caller's (follow places u once its walk ends). */
static void step_into(struct game *g, int u, int from, int dir, int j, int c, const uint8_t *zoc)
{
	struct q_state *st = q_st(g);
	const struct q_scn *s = q_scn(g);
	struct q_ust *us = &st->u[u];

	us->mp = (uint8_t)(us->mp + c);
	if (zoc[j])
		us->fl |= QF_STOPPED;
	if (s->u[u].type == Q_CAV && s->map.terrain[j] == TER_WOODS && from >= 0 &&
	    !(map_side_features(&s->map, from, dir) & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK)))
		us->fl |= QF_WOODS;
}

/* [11.11] "Whenever a cavalry unit expends 7 or more Movement Points in one Movement Phase,
 * that cavalry unit is disrupted": judged when the unit ceases moving (another unit moves,
 * [5.18], or the Movement Phase ends), so its move may use its whole allowance whether it is
 * made in one action or hex by hex. */
bool q_cav_spent(const struct game *g, int u)
{
	const struct q_ust *us = &q_cst(g)->u[u];
	return q_scn(g)->u[u].type == Q_CAV && us->idx >= 0 && !(us->fl & QF_DISRUPTED) &&
	       us->mp >= q_battle_cav_disrupt_mp(g, u);
}

static void cav_spent(struct game *g, int u, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_ust *us = &q_st(g)->u[u];

	if (q_cav_spent(g, u)) {
		ev_emit(ev, q_battle_cav_disrupt_mp(g, u) == 14 ? "[11.11]" : "[25.12]",
			"%s expended %d movement points and is disrupted", s->u[u].id, us->mp / 2);
		q_disrupt(g, u, ev, "[11.11]");
	}
}

static void after_move(struct game *g, int u, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	const struct q_scn *s = q_scn(g);
	struct q_ust *us = &st->u[u];

	if (st->moving >= 0 && st->moving != u)
		cav_spent(g, st->moving, ev); /* [5.18] the last unit moved has ceased moving */
	us->fl |= QF_MOVED;
	us->layer = ++st->layer_next; /* an arriving unit goes on top of the stack */
	st->moving = (int16_t)u;
	if (s->u[u].type == Q_ART) { /* errata [7.28] */
		us->fl |= QF_NOFIRE;
		us->nofire_pt = (uint8_t)(st->pturn + 1);
	} else if (s->u[u].type == Q_HART) { /* [7.29] */
		us->fl |= QF_NOFIRE;
		us->nofire_pt = (uint8_t)st->pturn;
	}
	q_battle_after_move(g, u, ev);
}

/* Follows an explicit path (map indices, first = the unit's next hex) checking each step;
 * `entered` hexes were entered before it in the same action (the entry hex of a reinforcement).
 * w: scratch whose zoc and blocked already hold q_search_prepare's maps for u's side in this
 * position (prepared true), or scratch to fill (prepared false). */
static int follow(struct game *g, int u, const int32_t *path, int n, int entered, struct evsink *ev,
		  struct err *e, struct q_work *w, bool prepared)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int from = st->u[u].idx;
	bool start_zoc;
	char hx[8];
	/* without the battle's allowance and step hooks (q_battle_std_moves) the step table and the
	 * allowance depend on the unit's type and disruption alone, which no step changes: read
	 * once; with them, asked at every step as before */
	bool plain = q_battle_std_moves(s->ops);
	const uint8_t *steps = plain ? q_battle_steps(g, u, w->steps) : NULL;
	int ma2 = plain ? q_ma(g, u) * 2 : 0;

	if (!prepared) /* the enemy's zones of control and blocked hexes (no search needed) */
		q_search_prepare(g, s->u[u].side, w);
	if (q_battle_ignores_zoc(g, u)) {
		memset(w->zoc, 0, (size_t)s->map.n);
		w->prep_gen = 0; /* (no longer the memo's maps) */
	}
	start_zoc = w->zoc[from] && !(st->u[u].fl & QF_MOVED);
	/* Without the hooks nothing in the walk reads the unit's map index or the occupancy index,
	 * so u is placed once, in the hex where the walk ends (q_place into a hex and out of it
	 * again leaves the index as it was: the same bytes as placing it step by step); with
	 * them, the hooks asked at each step see it in each hex. */
	int rc = 0;
	for (int i = 0; i < n; i++) {
		int j = path[i], dir = -1, c;
		const int32_t *nb = &s->map.nb[from * 6];
		for (int d = 0; d < 6; d++)
			if (nb[d] == j) { /* (a hex's six neighbours are distinct: the first is the one) */
				dir = d;
				break;
			}
		/* (the hex's name only for a refusal's message) */
		if (dir < 0) {
			hex_format(map_hex(&s->map, j), hx);
			rc = err_set(e, NULL, 0, "[5.17] %s is not adjacent: movement must be consecutive", hx);
			break;
		}
		if (st->u[u].fl & QF_STOPPED) {
			rc = err_set(e, NULL, 0, "[5.13] %s must stop in the enemy-controlled hex it entered", s->u[u].id);
			break;
		}
		if (w->blocked[j]) {
			hex_format(map_hex(&s->map, j), hx);
			rc = err_set(e, NULL, 0, "[5.12] %s holds an enemy unit", hx);
			break;
		}
		if (w->zoc[from] && w->zoc[j] && (start_zoc || i > 0)) {
			hex_format(map_hex(&s->map, j), hx);
			rc = err_set(e, NULL, 0, "[5.14] no moving directly from one enemy-controlled hex to another (%s)", hx);
			break;
		}
		c = (plain ? steps : q_battle_steps(g, u, w->steps))[from * 6 + dir];
		if (c == PATH_NOWAY) {
			hex_format(map_hex(&s->map, j), hx);
			rc = err_set(e, NULL, 0, "[13.0] %s may not enter %s from there (terrain)", s->u[u].id, hx);
			break;
		}
		if (st->u[u].mp + c > (plain ? ma2 : q_ma(g, u) * 2)) {
			hex_format(map_hex(&s->map, j), hx);
			rc = err_set(e, NULL, 0, "[5.16] not enough movement points to enter %s (%d/2 needed, %d/2 left)",
				     hx, c, q_mp_left(g, u));
			break;
		}
		step_into(g, u, from, dir, j, c, w->zoc);
		if (!plain)
			q_place(st, u, j);
		from = j;
	}
	q_place(st, u, from); /* (with the hooks, there already) */
	if (rc != 0)
		return rc;
	if (q_battle_move_ok(g, u, from, e) != 0)
		return -1;
	if (!q_stack_ok(g, u, from)) {
		hex_format(map_hex(&s->map, from), hx);
		return err_set(e, NULL, 0, "%s %s may not end its move stacked in %s", q_stack_rule(g, u, from),
			       s->u[u].id, hx);
	}
	after_move(g, u, ev);
	if (ev) { /* (no sink: no event to word) */
		hex_format(map_hex(&s->map, from), hx);
		int spent = st->u[u].mp, left = q_mp_left(g, u);
		char sp[Q_MP_TEXT_MAX], al[Q_MP_TEXT_MAX];
		ev_emit(ev, "[5.0]", "%s moves to %s (%s of %s movement points spent)%s", s->u[u].id, hx,
			q_mp_text(spent, sp), q_mp_text(spent + (left > 0 ? left : 0), al),
			(st->u[u].fl & QF_STOPPED) ? ", stopping in an enemy zone of control [5.13]" : "");
	}
	return q_battle_moved(g, u, entered + n, ev);
}

/* Whether a hex of path[n] is no map index (an action built in code: parsing checks its text);
 * if so the refusal is in e. */
static bool off_map_hex(const struct q_scn *s, const int32_t *path, int n, struct err *e)
{
	for (int i = 0; i < n; i++)
		if (path[i] < 0 || path[i] >= s->map.n) {
			err_set(e, NULL, 0, "hex index %d is not on the map", (int)path[i]);
			return true;
		}
	return false;
}

/* q_move_apply's work in w (the memo's lent scratch, whose maps may be kept from the last
 * move, or a fresh one on the stack: prep_gen 0). */
static int move_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e,
		      struct q_work *w)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], n = a->n - 1;
	const int32_t *path = &a->arg[1];
	int32_t route[ACTION_ARGS + 64];
	bool prepared = false;

	if (u < 0 || u >= s->nunits || n < 1)
		return err_set(e, NULL, 0, "usage: move UNIT HEX [HEX...]");
	if (off_map_hex(s, path, n, e))
		return -1;
	if (q_can_move(g, u, e) != 0)
		return -1;
	if (path[0] == st->u[u].idx) { /* an explicit path starts with the unit's own hex */
		path++;
		n--;
		if (n < 1)
			return err_set(e, NULL, 0, "[5.17] the path must leave the unit's hex");
	} else if (n == 1) {
		/* "move UNIT HEX": the destination only; take the cheapest legal path */
		int tmp[ACTION_ARGS + 64], len;
		char hx[8];
		q_search_prepare_kept(g, s->u[u].side, w); /* maps it holds already: not copied again */
		prepared = true; /* zoc and blocked serve follow too: nothing moves before it */
		q_reach_begin(g, w);
		len = q_reach_route(g, u, w, path[0], tmp, ACTION_ARGS + 64); /* memo: no search */
		if (len < 2) {
			hex_format(map_hex(&s->map, path[0]), hx);
			return err_set(e, NULL, 0, "[5.16] %s cannot reach %s this phase", s->u[u].id, hx);
		}
		for (int i = 1; i < len; i++)
			route[i - 1] = tmp[i];
		path = route;
		n = len - 1;
	}
	return follow(g, u, path, n, 0, ev, e, w, prepared);
}

int q_move_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	struct q_work wbuf, *w = q_memo_work_take(g); /* else on the stack: no heap use */
	wbuf.prep_gen = 0; /* (holds no maps) */
	int rc = move_apply(g, a, ev, e, w ? w : &wbuf);
	q_memo_work_give(g, w);
	return rc;
}

int q_enter_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], hexes[MAP_EDGE_HEXES], nh, k = 0, slot = -1, c;
	uint8_t zocbuf[Q_NMAX], *zoc;
	char hx[8];
	bool ok = false;

	if (u < 0 || u >= s->nunits || a->n < 2)
		return err_set(e, NULL, 0, "usage: enter UNIT HEX [HEX...]");
	if (off_map_hex(s, &a->arg[1], a->n - 1, e))
		return -1;
	if (q_can_enter(g, u, e) != 0)
		return -1;
	/* the enemy's zones of control (q_entry_hexes' q_zoc): q_search_prepare's map for u's side,
	 * which the memo usually holds for this position already (the sampler asked for it) */
	struct q_work *w = q_memo_work_take(g);
	zoc = zocbuf;
	if (w) {
		q_search_prepare_kept(g, s->u[u].side, w);
		memcpy(zoc, w->zoc, (size_t)s->map.n);
		q_memo_work_give(g, w);
		nh = q_entry_hexes_zoc(g, u, hexes, MAP_EDGE_HEXES, zoc);
	} else {
		nh = q_entry_hexes(g, u, hexes, MAP_EDGE_HEXES, zoc);
	}
	for (int i = 0; i < nh; i++)
		if (hexes[i] == a->arg[1])
			ok = true;
	hex_format(map_hex(&s->map, a->arg[1]), hx);
	if (!ok) {
		return err_set(e, NULL, 0, "[12.22] %s may not enter at %s (its scheduled hex or, if that is blocked, the nearest open map-edge hex)", s->u[u].id, hx);
	}
	for (int i = 0; i < st->nent; i++)
		if (st->ent_idx[i] == a->arg[1]) {
			slot = i;
			k = st->ent_cnt[i];
		}
	c = q_entry_cost(g, u, a->arg[1], k);
	if (c == PATH_NOWAY || c > q_ma(g, u) * 2) {
		return err_set(e, NULL, 0, "[12.13] %s cannot pay the entry cost at %s", s->u[u].id, hx);
	}
	if (slot < 0 && st->nent < 8) {
		slot = st->nent++;
		st->ent_idx[slot] = (int16_t)a->arg[1];
		st->ent_cnt[slot] = 0;
	}
	if (slot >= 0)
		st->ent_cnt[slot]++;
	q_place(st, u, a->arg[1]);
	st->u[u].mp = (uint8_t)c;
	st->u[u].layer = ++st->layer_next;
	if (zoc[a->arg[1]])
		st->u[u].fl |= QF_STOPPED; /* [12.21] */
	if (s->u[u].type == Q_CAV && s->map.terrain[a->arg[1]] == TER_WOODS && !s->entry_road[a->arg[1]])
		st->u[u].fl |= QF_WOODS; /* [11.12] into woods off the road, from off the map ([12.11]) */
	if (ev) { /* (the words only for a sink) */
		char before[48], paid[Q_MP_TEXT_MAX];
		if (k)
			snprintf(before, sizeof before, "%d unit%s entered there before it", k, k == 1 ? "" : "s");
		else
			snprintf(before, sizeof before, "the first to enter there");
		ev_emit(ev, "[12.13]", "%s enters at %s paying %s movement point%s (%s)", s->u[u].id, hx,
			q_mp_text(c, paid), c == 2 ? "" : "s", before);
	}
	if (a->n > 2) {
		struct q_work wbuf; /* on the stack: no heap use inside a game */
		return follow(g, u, &a->arg[2], a->n - 2, 1, ev, e, &wbuf, false);
	}
	if (!q_stack_ok(g, u, a->arg[1]))
		return err_set(e, NULL, 0, "[5.32] %s may not stay stacked in %s", s->u[u].id, hx);
	after_move(g, u, ev);
	return q_battle_moved(g, u, 1, ev);
}

void q_move_cease(struct game *g, struct evsink *ev)
{
	const struct q_state *st = q_cst(g);
	if (st->moving >= 0)
		cav_spent(g, st->moving, ev); /* [11.11] */
}

void q_move_finish(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);

	for (int u = 0; u < s->nunits; u++)
		if ((st->u[u].fl & QF_WOODS) && st->u[u].idx >= 0) {
			st->u[u].fl &= (uint16_t)~QF_WOODS;
			if (!(st->u[u].fl & QF_DISRUPTED)) {
				ev_emit(ev, "[11.12]", "%s entered woods off the road and is disrupted", s->u[u].id);
				q_disrupt(g, u, ev, "[11.12]");
			}
		}
	st->moving = -1;
}
