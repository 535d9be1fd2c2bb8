/* qmelee: melee ([8.0]-[8.8]), retreats and displacement ([8.5], [8.6]), advance after combat
 * ([8.7]), cavalry in melee ([11.2]), cavalry retreat before combat ([11.26], [11.27]),
 * rally ([10.0]), disruption and elimination ([9.0]); Inkerman [19.42]/[19.43] retreats into
 * friendly stacks (through the retreat_stack_ok hook). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmemo.h"
#include "qmove.h"

static bool is_art(const struct q_udef *d)
{
	return d->type == Q_ART || d->type == Q_HART;
}

static void fmt_idx(const struct game *g, int idx, char *out)
{
	hex_format(map_hex(&q_scn(g)->map, idx), out);
}

void q_eliminate(struct game *g, int u, struct evsink *ev, const char *rule, const char *why)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	const struct q_udef *d = &s->u[u];

	if (st->u[u].idx == Q_ELIM)
		return;
	int origin = st->u[u].idx;
	q_place(st, u, Q_ELIM);
	if (!d->melee_paren[0] && d->melee[0] > 0)
		st->elim_melee[d->side] = (int16_t)(st->elim_melee[d->side] + d->melee[0]);
	ev_emit(ev, rule, "%s is eliminated (%s)", d->id, why);
	if (origin >= 0)
		q_battle_on_removed(g, u, origin, false, ev);
}

void q_disrupt(struct game *g, int u, struct evsink *ev, const char *rule)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);

	if (st->u[u].fl & QF_DISRUPTED)
		return;
	if (!s->u[u].has_back) {
		q_eliminate(g, u, ev, "[9.0]", "disrupted with a blank back");
		return;
	}
	st->u[u].fl |= QF_DISRUPTED;
	ev_emit(ev, rule, "%s is disrupted", s->u[u].id);
	q_battle_on_disrupt(g, u, ev);
}

/* ---- retreat paths ---- */

#define RMAX 6   /* longest retreat we enumerate (3 + [8.82] morale 1, plus margin) */
#define ROPT_MAX 256

struct ropt {
	int16_t path[RMAX];
	uint8_t len;      /* hexes actually retreated (== wanted unless blocked) */
	uint8_t displaces; /* path hexes whose friendly units it displaces ([8.61]) */
	uint8_t occupied;  /* path hexes holding friendly infantry/cavalry ([8.53]: not vacant) */
	int16_t score;    /* [8.56] distance from the nearest enemy at the end */
};

struct rctx {
	const struct game *g;
	int u, origin, want;
	int comp;         /* Inkerman [28.23]: the unit retreating with u as a stack, or -1 */
	uint8_t *zoc;     /* enemy-controlled hexes */
	struct ropt opt[ROPT_MAX];
	int nopt;
	int16_t cur[RMAX];
	/* the enemy's units on the map as cube coordinates, for nearest_enemy: listed when a
	 * path first ends (the position does not change during one enumeration); ne -1 before */
	struct cube ec[Q_UNITS_MAX];
	int ne;
};

/* The distance from idx to the nearest enemy unit on the map (hex_distance's, in cube
 * coordinates kept in c). */
static int nearest_enemy(struct rctx *c, int idx)
{
	const struct q_scn *s = q_scn(c->g);
	const struct q_state *st = q_cst(c->g);
	struct cube h = map_cube(&s->map, idx);
	int best = 99, side = 1 - s->u[c->u].side;
	if (c->ne < 0) {
		c->ne = 0;
		for (int k = 0; k < s->nsideu[side]; k++) { /* the enemy's units (any order: a minimum) */
			int i = st->u[s->sideu[side][k]].idx;
			if (i >= 0)
				c->ec[c->ne++] = map_cube(&s->map, i);
		}
	}
	for (int k = 0; k < c->ne; k++) {
		int d = hex_cube_distance(h, c->ec[k]);
		if (d < best)
			best = d;
	}
	return best;
}

/* Friendly infantry/cavalry in idx other than u (those a retreat would displace, [8.61]). */
static int displaceable(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	int st[Q_STACK_MAX], n = q_stack(g, idx, st, Q_STACK_MAX), k = 0;
	for (int i = 0; i < n; i++)
		if (st[i] != u && !is_art(&s->u[st[i]]))
			k++;
	return k;
}

/* Inkerman [19.43]: u, a single unit retreating or displaced into idx (its last hex if ends),
 * leaves the one unit there in place: it forms a stack with it, "unless prohibited by the
 * stacking rules" (which bind a unit that ends there, [19.11] "end a Phase"; one passing
 * through moves on). Never for a stack ([19.44]: comp >= 0) nor without the battle's hook. */
static bool joins(const struct game *g, int u, int comp, int idx, bool ends)
{
	int stk[Q_STACK_MAX], n = q_stack(g, idx, stk, Q_STACK_MAX), others = 0, r;
	if (comp >= 0)
		return false;
	for (int i = 0; i < n; i++)
		others += stk[i] != u;
	if (others != 1 || (r = q_battle_retreat_stack_ok(g, u, idx)) < 0)
		return false;
	return !ends || r == 1;
}

static bool enemy_in(const struct game *g, int side, int idx)
{
	const struct q_scn *s = q_scn(g);
	if (idx >= 0)
		return q_hex_has_foe(g, idx, side);
	int st[Q_STACK_MAX], n = q_stack(g, idx, st, Q_STACK_MAX); /* (off the map: a scan) */
	for (int i = 0; i < n; i++)
		if (s->u[st[i]].side != side)
			return true;
	return false;
}

/* May u cross from a into its neighbour b (in direction dir) in combat, retreating or
 * advancing? Not across a hexside or into terrain its undisrupted movement class may never
 * cross or enter ([5.2], [11.13]; Balaclava [22.22], Tchernaya [16.22]: cavalry and guns only
 * into an Aqueduct hex that is a Bridge hex), and not as disrupted cavalry or artillery into
 * any Aqueduct hex (errata [13.0]: "never ... at any point in the game, the unit is
 * eliminated instead"). A retreat with no other path eliminates the unit ([8.55]). */
static bool combat_step_ok(const struct game *g, int u, int a, int dir, int b)
{
	const struct q_scn *s = q_scn(g);
	int type = s->u[u].type;
	if (s->step[q_mclass(type, false)][a * 6 + dir] == PATH_NOWAY)
		return false;
	return type == Q_INF || s->map.terrain[b] != TER_AQUEDUCT || !q_disrupted(g, u);
}

/* Can u step from a into its neighbour in direction dir while retreating ([8.51], [8.52],
 * [11.12], [11.13], [22.22], errata [13.0])? */
static bool retreat_dir_ok(const struct game *g, int u, int a, int dir, const uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	int b = map_nb(&s->map, a, dir);
	if (b < 0 || !(s->map.flags[b] & HEXF_ONMAP))
		return false;
	if (zoc[b] || enemy_in(g, s->u[u].side, b) || q_battle_closed(g, u, b))
		return false;
	if (!combat_step_ok(g, u, a, dir, b))
		return false; /* prohibited hexside or terrain: for cavalry and guns, elimination */
	if (s->u[u].type == Q_CAV && s->map.terrain[b] == TER_WOODS)
		return false; /* [11.12] forced into woods: eliminated, so never a retreat path */
	return true;
}

/* retreat_dir_ok for a step from a into b: false when b is not a's neighbour. */
static bool retreat_step_ok(const struct game *g, int u, int a, int b, const uint8_t *zoc)
{
	int d = b < 0 ? -1 : map_dir_to(&q_scn(g)->map, a, b);
	return d >= 0 && retreat_dir_ok(g, u, a, d, zoc);
}

static void enum_paths(struct rctx *c, int at, int depth)
{
	const struct game *g = c->g;
	const struct q_scn *s = q_scn(g);
	struct cube oc = map_cube(&s->map, c->origin);

	if (depth == c->want) {
		if (c->nopt >= ROPT_MAX)
			return;
		struct ropt *o = &c->opt[c->nopt];
		if (!q_stack_ok(g, c->u, at) && displaceable(g, c->u, at) == 0)
			return; /* [8.62] e.g. two artillery units at the end */
		int here[Q_STACK_MAX];
		if (c->comp >= 0 && displaceable(g, c->u, at) != q_stack(g, at, here, Q_STACK_MAX))
			return; /* [28.23] a stack ends where only displaced units stand */
		memcpy(o->path, c->cur, sizeof o->path);
		o->len = (uint8_t)depth;
		o->displaces = o->occupied = 0;
		for (int i = 0; i < depth; i++)
			if (displaceable(g, c->u, c->cur[i]) > 0) {
				o->occupied++;
				if (!joins(g, c->u, c->comp, c->cur[i], i == depth - 1))
					o->displaces++;
			}
		o->score = (int16_t)nearest_enemy(c, at);
		c->nopt++;
		return;
	}
	for (int d = 0; d < 6; d++) {
		int b = map_nb(&s->map, at, d);
		if (b < 0 || hex_cube_distance(oc, map_cube(&s->map, b)) != depth + 1)
			continue; /* [8.54] each hex further from the combat position */
		if (!retreat_dir_ok(g, c->u, at, d, c->zoc))
			continue;
		c->cur[depth] = (int16_t)b;
		enum_paths(c, b, depth + 1);
	}
}

/* The retreat paths open to u (with comp as a stack, or -1) now ([8.53], [8.56], [8.64]);
 * returns the count. */
static int retreat_options_with(const struct game *g, int u, int comp, int origin, int want, struct rctx *c)
{
	const struct q_scn *s = q_scn(g);
	int keep = 0, best = -1, tier = 2;

	c->g = g;
	c->comp = comp;
	c->u = u;
	c->origin = origin;
	c->want = want > RMAX ? RMAX : want;
	c->nopt = 0;
	c->ne = -1;
	q_zoc(g, 1 - s->u[u].side, c->zoc);
	enum_paths(c, origin, 0);
	/* [8.53] vacant hexes where possible; [8.64] displace only when no other route exists
	 * (at Inkerman a route that only forms a stack, [19.43], comes between the two) */
#define TIER(o) ((o)->occupied == 0 ? 0 : (o)->displaces == 0 ? 1 : 2)
	for (int i = 0; i < c->nopt; i++)
		if (TIER(&c->opt[i]) < tier)
			tier = TIER(&c->opt[i]);
	for (int i = 0; i < c->nopt; i++)
		if (TIER(&c->opt[i]) == tier)
			c->opt[keep++] = c->opt[i];
#undef TIER
	c->nopt = keep;
	/* [8.56] as far as possible from enemy units */
	for (int i = 0; i < c->nopt; i++)
		if (c->opt[i].score > best)
			best = c->opt[i].score;
	keep = 0;
	for (int i = 0; i < c->nopt; i++)
		if (c->opt[i].score == best)
			c->opt[keep++] = c->opt[i];
	c->nopt = keep;
	return c->nopt;
}

static int retreat_options(const struct game *g, int u, int origin, int want, struct rctx *c)
{
	return retreat_options_with(g, u, -1, origin, want, c);
}

/* Inkerman [28.23]: the unit retreating along with the pending retreat p, or -1. */
static int companion(const struct game *g, const struct q_pend *p)
{
	int v = p->kind == QPEND_RETREAT && p->nunits == 1 ? p->units[0] : -1;
	return v >= 0 && q_cst(g)->u[v].idx == p->origin ? v : -1;
}

struct q_pend *q_push_pend(struct game *g)
{
	struct q_state *st = q_st(g);
	if (st->npend >= Q_PEND_MAX)
		return NULL;
	struct q_pend *p = &st->pend[st->npend++];
	memset(p, 0, sizeof *p);
	p->feeds = -1;
	return p;
}

/* Records hex idx as part of the path of retreat of the advance pending at index feeds. */
static void feed_path(struct game *g, int feeds, int idx)
{
	struct q_state *st = q_st(g);
	if (feeds < 0 || feeds >= st->npend)
		return;
	struct q_pend *a = &st->pend[feeds];
	if (a->kind != QPEND_ADVANCE || a->npath >= Q_PATH_MAX)
		return;
	for (int i = 0; i < a->npath; i++)
		if (a->path[i] == idx)
			return;
	a->path[a->npath++] = (int16_t)idx;
}

void q_owe_retreat(struct game *g, int u, int hexes, bool was_disrupted, int feeds, struct evsink *ev,
		   const char *rule)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct q_pend *p;

	if (hexes <= 0 || st->u[u].idx < 0)
		return;
	/* [8.71] a defender eliminated instead of retreating leaves its hex vacant, the path of
	 * retreat (Tchernaya [18.13], Inkerman [21.25]: the attackers may advance into it) */
	if (s->u[u].tags & QT_GARRISON) {
		/* Tchernaya [18.1], [18.18]: a garrison never retreats; it is destroyed */
		feed_path(g, feeds, st->u[u].idx);
		q_eliminate(g, u, ev, "[18.18]", "a garrisoned redoubt told to retreat is destroyed");
		return;
	}
	if (s->u[u].tags & QT_PICKET) {
		/* Inkerman [21.23]: a result that retreats a picket eliminates it */
		feed_path(g, feeds, st->u[u].idx);
		q_eliminate(g, u, ev, "[21.23]", "a picket forced to retreat");
		return;
	}
	/* [8.55] "Undisrupted horse artillery is always allowed to retreat after combat": read as
	 * undisrupted before the combat, since nearly every retreat comes with a disruption; one
	 * already disrupted cannot move ([9.12]) */
	if (s->u[u].type == Q_ART || (s->u[u].type == Q_HART && was_disrupted)) {
		feed_path(g, feeds, st->u[u].idx);
		q_eliminate(g, u, ev, s->u[u].type == Q_ART ? "[8.55]" : "[9.12]", "artillery forced to retreat");
		return;
	}
	p = q_push_pend(g);
	if (!p) {
		q_eliminate(g, u, ev, rule, "too many retreats pending");
		return;
	}
	p->kind = QPEND_RETREAT;
	p->side = s->u[u].side;
	p->unit = (int16_t)u;
	p->hexes = (uint8_t)hexes;
	p->origin = st->u[u].idx;
	p->feeds = (int8_t)feeds;
	ev_emit(ev, rule, "%s must retreat %d hex%s", s->u[u].id, hexes, hexes == 1 ? "" : "es");
}

/* Displaces unit v out of idx by one hex, the best way per [8.56] ([8.61]); returns false if
 * it cannot (then [8.63] the retreating unit is eliminated instead). A chain of displacements
 * never moves a unit into a hex the chain already involves (visited), and stops at depth 6. */
#define DISPLACE_DEPTH 6
#define DISPLACE_VISITED (RMAX + 2 + DISPLACE_DEPTH)
static bool displace(struct game *g, int v, int idx, struct evsink *ev, int *visited, int nvisited)
{
	const struct q_scn *s = q_scn(g);
	struct rctx cbuf, *c = &cbuf;
	uint8_t zocbuf[Q_NMAX], *zoc = zocbuf;
	bool ok = false;
	char hx[8];
	int n;

	if (nvisited >= DISPLACE_VISITED)
		goto out;
	if (s->u[v].tags & QT_PICKET) {
		/* Inkerman [21.23]: a picket to be displaced is eliminated */
		q_eliminate(g, v, ev, "[21.23]", "a picket displaced by a retreating unit");
		ok = true;
		goto out;
	}
	c->zoc = zoc;
	visited[nvisited++] = idx;
	n = retreat_options(g, v, idx, 1, c);
	/* among the equally good, the first in direction order (deterministic) */
	for (int i = 0; i < n && !ok; i++) {
		int to = c->opt[i].path[0];
		bool seen = false;
		for (int k = 0; k < nvisited; k++)
			if (visited[k] == to)
				seen = true;
		if (seen)
			continue;
		if (c->opt[i].displaces) {
			int st[Q_STACK_MAX], m = q_stack(g, to, st, Q_STACK_MAX);
			struct game save; /* to undo a half-done chain */
			game_copy(&save, g);
			bool chain = true;
			/* Inkerman [19.42]: of a stack, only as many as v needs to stand there (the
			 * program chooses in a chain; the first retreat's owner chooses, do_retreat) */
			for (int k = 0; k < m && chain && !joins(g, v, -1, to, true); k++)
				if (st[k] != v && !is_art(&s->u[st[k]]) && !displace(g, st[k], to, ev, visited, nvisited))
					chain = false;
			if (!chain) {
				game_copy(g, &save); /* undo the half-done chain and try the next option */
				continue;
			}
		}
		q_place(q_st(g), v, to);
		fmt_idx(g, to, hx);
		ev_emit(ev, "[8.61]", "%s is displaced to %s", s->u[v].id, hx);
		ok = true;
	}
out:
	return ok;
}

/* The hexes a displaced unit may go to from idx, one hex per [8.56], never into a hex in
 * exclude[] (the displacing unit's combat position and path). Returns the count. */
static int displace_choices(const struct game *g, int v, int idx, const int *exclude, int nex,
			    struct rctx *c)
{
	int n = retreat_options(g, v, idx, 1, c), keep = 0;
	for (int i = 0; i < n; i++) {
		bool bad = false;
		for (int k = 0; k < nex; k++)
			if (exclude[k] == c->opt[i].path[0])
				bad = true;
		if (!bad)
			c->opt[keep++] = c->opt[i];
	}
	c->nopt = keep;
	return keep;
}

/* Performs u's retreat along path (n hexes, n < wanted means it is eliminated at the end),
 * from step `start` (a retreat resumed after a displacement). When a friendly unit in the way
 * has more than one hex to be displaced to, its owner chooses ([8.61]): the retreat pauses,
 * owing that decision first, and resumes in q_settle. Returns true if it paused. */
/* Pushes retreat p, stopped at step i of its n-hex path, to be resumed there once the decision
 * pushed after it (a displacement) is made. */
static void pause_retreat(struct game *g, const struct q_pend *p, const int16_t *path, int n, int i,
			  int wanted)
{
	struct q_pend *r = q_push_pend(g);
	*r = *p;
	r->kind = QPEND_RETREAT;
	r->chosen = 1;
	r->npath = (uint8_t)i;
	r->plen = (uint8_t)n;
	r->hexes = (uint8_t)wanted;
	for (int q = 0; q < n && q < Q_PATH_MAX; q++)
		r->path[q] = path[q];
}

static bool do_retreat(struct game *g, struct q_pend *p, const int16_t *path, int n, int wanted,
		       int start, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = p->unit, feeds = p->feeds, comp = start == 0 ? companion(g, p) : (p->nunits == 1 ? p->units[0] : -1);
	char hx[8];

	if (comp >= 0 && st->u[comp].idx < 0)
		comp = -1;
	if (start == 0) {
		feed_path(g, feeds, p->origin);
		if (n > 0)
			q_battle_on_removed(g, u, p->origin, true, ev);
	}
	for (int i = start; i < n; i++) {
		int stk[Q_STACK_MAX], k = q_stack(g, path[i], stk, Q_STACK_MAX);
		int visited[DISPLACE_VISITED + 1], nv = 0, xs[Q_STACK_MAX], nx = 0;
		visited[nv++] = p->origin;
		for (int q = 0; q < n; q++)
			visited[nv++] = path[q];
		for (int j = 0; j < k; j++)
			if (stk[j] != u && !is_art(&s->u[stk[j]]) && s->u[stk[j]].side == s->u[u].side)
				xs[nx++] = stk[j];
		if (nx > 0 && joins(g, u, comp, path[i], i == n - 1)) {
			/* Inkerman [19.43]: into a single unit's hex it forms a stack (or moves on) */
			if (i == n - 1) {
				fmt_idx(g, path[i], hx);
				ev_emit(ev, "[19.43]", "%s forms a stack with %s in %s (a single unit is not displaced)",
					s->u[u].id, s->u[xs[0]].id, hx);
			}
			k = 0;
		} else if (nx == 2 && comp < 0 && q_battle_retreat_stack_ok(g, u, path[i]) >= 0 &&
			   st->npend + 2 <= Q_PEND_MAX) {
			/* Inkerman [19.42]: a stack in the way; its owner displaces one unit of it or
			 * both as a stack (two decisions, see stack_actions): pause this retreat */
			pause_retreat(g, p, path, n, i, wanted);
			struct q_pend *d = q_push_pend(g);
			d->kind = QPEND_RETREAT;
			d->side = s->u[u].side;
			d->unit = (int16_t)xs[0];
			d->units[1] = (int16_t)xs[1]; /* nunits stays 0: no [28.23] companion */
			d->hexes = 1;
			d->displace = 2;
			d->origin = (int16_t)path[i];
			fmt_idx(g, path[i], hx);
			ev_emit(ev, "[19.42]", "%s retreats into %s, held by %s and %s: their owner displaces one of them, or both as a stack",
				s->u[u].id, hx, s->u[xs[0]].id, s->u[xs[1]].id);
			return true;
		}
		for (int j = 0; j < k; j++) {
			int x = stk[j];
			if (x == u || is_art(&s->u[x]) || s->u[x].side != s->u[u].side)
				continue;
			struct rctx cbuf;
			uint8_t zocbuf[Q_NMAX];
			cbuf.zoc = zocbuf;
			if (!(s->u[x].tags & QT_PICKET) && displace_choices(g, x, path[i], visited, nv, &cbuf) > 1 &&
			    st->npend + 2 <= Q_PEND_MAX) {
				/* [8.61] the owner moves the displaced unit: pause this retreat */
				pause_retreat(g, p, path, n, i, wanted);
				struct q_pend *d = q_push_pend(g);
				d->kind = QPEND_RETREAT;
				d->side = s->u[x].side;
				d->unit = (int16_t)x;
				d->hexes = 1;
				d->displace = 1;
				d->origin = (int16_t)path[i];
				fmt_idx(g, path[i], hx);
				ev_emit(ev, "[8.61]", "%s in %s must make way for %s: its owner moves it one hex",
					s->u[x].id, hx, s->u[u].id);
				return true;
			}
			if (!displace(g, x, path[i], ev, visited, nv)) {
				q_eliminate(g, u, ev, "[8.63]", "its displacement would eliminate a friendly unit");
				if (comp >= 0)
					q_eliminate(g, comp, ev, "[28.23]", "it retreats with the unit it is massed with");
				return false;
			}
		}
		q_place(st, u, path[i]);
		if (comp >= 0)
			q_place(st, comp, path[i]); /* [28.23] the stack retreats together */
		feed_path(g, feeds, path[i]);
	}
	if (n < wanted) {
		q_eliminate(g, u, ev, "[8.54]", "it could not retreat the full distance");
		if (comp >= 0)
			q_eliminate(g, comp, ev, "[28.23]", "it retreats with the unit it is massed with");
		return false;
	}
	if (comp >= 0) {
		fmt_idx(g, st->u[u].idx, hx);
		ev_emit(ev, "[28.23]", "%s retreats with %s to %s (no penalty)", s->u[comp].id, s->u[u].id, hx);
	}
	fmt_idx(g, st->u[u].idx, hx);
	if (p->displace)
		ev_emit(ev, "[8.61]", "%s is displaced to %s", s->u[u].id, hx);
	else
		ev_emit(ev, "[8.5]", "%s retreats to %s", s->u[u].id, hx);
	return false;
}

/* The choices open to the pending retreat at index k: a displacement excludes the displacing
 * unit's combat position and path (the paused retreat just below it). */
static int pend_options(const struct game *g, int k, struct rctx *c)
{
	const struct q_state *st = q_cst(g);
	const struct q_pend *p = &st->pend[k];
	if (p->displace && k > 0 && st->pend[k - 1].chosen) {
		const struct q_pend *b = &st->pend[k - 1];
		int ex[Q_PATH_MAX + 1], nex = 0;
		ex[nex++] = b->origin;
		for (int i = 0; i < b->plen && i < Q_PATH_MAX; i++)
			ex[nex++] = b->path[i];
		return displace_choices(g, p->unit, p->origin, ex, nex, c);
	}
	return retreat_options_with(g, p->unit, companion(g, p), p->origin, p->hexes, c);
}

/* The advances of a->arg[0] (a->arg[1..] the hexes so far, the last at `from`) through the
 * path of retreat p->path, pushed on l ([8.71]-[8.74]): the path holds the hexes the defenders
 * left, in the order they left them (each defender's hex, then the hexes it retreated
 * through), and the unit moves from hex to adjacent hex of it, each one later in that order
 * than the last (so along a retreat, never back; from one defender's hex to another's only
 * when they are adjacent), never into a hex an enemy holds or one it may not enter
 * (combat_step_ok: [11.13], [22.22], errata [13.0]), and stops in the first
 * enemy-controlled hex ([8.73]); it may end in any hex of the walk where it may stack
 * ([8.72]). */
static void advance_walks(const struct game *g, const struct q_pend *p, const uint8_t *zoc, int from,
			  int last, struct action *a, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	int u = a->arg[0];
	for (int k = last + 1; k < p->npath && a->n < ACTION_ARGS; k++) {
		int h = p->path[k], dir = map_dir_to(&s->map, from, h);
		if (dir < 0 || !combat_step_ok(g, u, from, dir, h) || enemy_in(g, s->u[u].side, h))
			continue;
		a->arg[a->n++] = h;
		if (q_stack_ok(g, u, h))
			q_push(l, a);
		if (!zoc[h]) /* [8.73] stop in the first enemy-controlled hex */
			advance_walks(g, p, zoc, h, k, a, l);
		a->n--;
	}
}

/* Has an attacker of advance p, not yet advanced, a walk along its path (advance_walks)? */
static bool advance_any(const struct game *g, const struct q_pend *p)
{
	const struct q_state *st = q_cst(g);
	uint8_t zoc[Q_NMAX];
	struct action one[1];
	struct q_alist l = {one, 1, 0};
	q_zoc(g, 1 - p->side, zoc);
	for (int i = 0; i < p->nunits && l.n == 0; i++) {
		int u = p->units[i];
		if (st->u[u].idx < 0 || (st->u[u].fl & QF_ADVANCED))
			continue;
		struct action a = {QA_ADVANCE, 1, {u}};
		advance_walks(g, p, zoc, st->u[u].idx, -1, &a, &l);
	}
	return l.n > 0;
}

/* The retreat actions of p's n options in c (pend_options's), in their order, into l. */
static void retreat_acts(const struct q_pend *p, const struct rctx *c, int n, struct q_alist *l)
{
	for (int i = 0; i < n; i++) {
		struct action a = {QA_RETREAT, 0, {p->unit}};
		for (int k = 0; k < c->opt[i].len; k++)
			a.arg[1 + k] = c->opt[i].path[k];
		a.n = (int16_t)(1 + c->opt[i].len);
		q_push(l, &a);
	}
}

static int pending_list(const struct game *g, struct action *out, int max);

int q_pending_actions(const struct game *g, struct action *out, int max)
{
	int n = q_pend_recall(g, out, max);
#ifdef Q_OCC_VERIFY /* debug builds: the remembered options must be the ones listed now */
	if (n >= 0) {
		struct action again[Q_PEND_KEEP];
		if (pending_list(g, again, Q_PEND_KEEP) != n)
			abort();
		for (int i = 0; i < n && i < max; i++)
			if (!action_same(&again[i], &out[i]))
				abort();
	}
#endif
	if (n >= 0)
		return n;
	n = pending_list(g, out, max);
	if (n <= max)
		q_pend_keep(g, out, n);
	return n;
}

/* ---- Inkerman [19.42]: a single unit retreating into a stack of two ----
 *
 * The retreat paused at pend k-1 (chosen); pend k is the owner's decision:
 *  displace == 2: which unit of the stack is displaced, and where: "retreat X HEX", X either
 *    unit (a picket only if both are, [21.23]), HEX one of X's [8.61] hexes;
 *  displace == 3: the other unit Y (units[1] names X): "retreat Y HEX" into X's hex to be
 *    displaced with it as a stack (HEX held only by X, a hex Y may retreat into, and the two
 *    may stack there), or "end" to stay, when the retreating unit moves on or may end its
 *    retreat stacked with Y ([19.43]). When neither is open (no step-1 choice allowed one),
 *    Y is displaced on its own to one of its [8.61] hexes. */

static bool is_picket(const struct game *g, int u) { return (q_scn(g)->u[u].tags & QT_PICKET) != 0; }

/* The hexes excluded for a displaced unit: the paused retreat's combat position and path. */
static int paused_excl(const struct game *g, int k, int *ex)
{
	const struct q_state *st = q_cst(g);
	int nex = 0;
	if (k > 0 && st->pend[k - 1].chosen) {
		const struct q_pend *b = &st->pend[k - 1];
		ex[nex++] = b->origin;
		for (int i = 0; i < b->plen && i < Q_PATH_MAX; i++)
			ex[nex++] = b->path[i];
	}
	return nex;
}

/* May y stay in idx once x has left it: the paused retreat (pend k-1) moves on, or its unit
 * may end stacked with y ([19.43])? */
static bool stack_may_stay(const struct game *g, int k, int x, int y)
{
	const struct q_state *st = q_cst(g);
	const struct q_pend *b = k > 0 && st->pend[k - 1].chosen ? &st->pend[k - 1] : NULL;
	int idx = st->pend[k].origin;
	if (!b || st->u[y].idx != idx)
		return false;
	if (b->npath + 1 < b->plen)
		return true; /* it passes through */
	struct game tmp; /* as if x had left */
	game_copy(&tmp, g);
	if (x >= 0 && q_cst(&tmp)->u[x].idx == idx)
		q_place(q_st(&tmp), x, Q_ABSENT);
	int stk[Q_STACK_MAX], n = q_stack(&tmp, idx, stk, Q_STACK_MAX);
	return n == 1 && q_battle_retreat_stack_ok(&tmp, b->unit, idx) == 1;
}

/* May y (in idx) retreat into `to` with x, as a stack? x_there: x already stands in `to`
 * (step 2), else `to` must be vacant now (step 1, x to go there). */
static bool stack_may_follow(const struct game *g, int y, int x, int idx, int to, bool x_there,
			     const int *ex, int nex, const uint8_t *zoc)
{
	int stk[Q_STACK_MAX], n = q_stack(g, to, stk, Q_STACK_MAX);
	if (is_picket(g, y))
		return false; /* [21.23] pickets never move */
	for (int i = 0; i < nex; i++)
		if (ex[i] == to)
			return false;
	if (x_there ? (n != 1 || stk[0] != x) : n != 0)
		return false;
	if (!retreat_step_ok(g, y, idx, to, zoc))
		return false;
	return !x_there || q_battle_retreat_stack_ok(g, y, to) == 1;
}

static int stack_actions(const struct game *g, int k, struct action *out, int max)
{
	const struct q_state *st = q_cst(g);
	const struct q_pend *p = &st->pend[k];
	struct q_alist l = {out, max, 0};
	struct rctx cbuf, *c = &cbuf;
	uint8_t zocbuf[Q_NMAX], zoc[Q_NMAX];
	int ex[Q_PATH_MAX + 1], nex = paused_excl(g, k, ex), idx = p->origin;

	c->zoc = zocbuf;
	q_zoc(g, 1 - p->side, zoc);
	if (p->displace == 2) {
		int pair[2] = {p->unit, p->units[1]};
		for (int pass = 0; pass < 2 && l.n == 0; pass++) /* pass 1: unfiltered */
			for (int i = 0; i < 2; i++) {
				int x = pair[i], y = pair[1 - i];
				if (is_picket(g, x) && !is_picket(g, y))
					continue; /* [21.23] displacing a picket eliminates it: never chosen */
				bool stay = stack_may_stay(g, k, x, y);
				int n = displace_choices(g, x, idx, ex, nex, c);
				for (int j = 0; j < n; j++) {
					int to = c->opt[j].path[0];
					if (pass == 0 && !stay && !stack_may_follow(g, y, x, idx, to, false, ex, nex, zoc))
						continue;
					struct action a = {QA_RETREAT, 2, {x, to}};
					q_push(&l, &a);
				}
			}
		return l.n;
	}
	/* displace == 3: y follows x, stays, or (neither open) is displaced alone */
	int y = p->unit, x = p->units[1], xi = st->u[x].idx;
	if (xi >= 0 && stack_may_follow(g, y, x, idx, xi, true, ex, nex, zoc)) {
		struct action a = {QA_RETREAT, 2, {y, xi}};
		q_push(&l, &a);
	}
	if (stack_may_stay(g, k, -1, y)) {
		struct action a = {QA_END, 0, {0}};
		q_push(&l, &a);
	}
	if (l.n == 0 && !is_picket(g, y)) {
		int n = displace_choices(g, y, idx, ex, nex, c);
		for (int j = 0; j < n; j++) {
			struct action a = {QA_RETREAT, 2, {y, c->opt[j].path[0]}};
			q_push(&l, &a);
		}
	}
	return l.n;
}

/* Applies a (one of stack_actions' for the top pend, already popped into pc). */
static void stack_apply(struct game *g, const struct q_pend *pc, const struct action *a, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	char hx[8];

	fmt_idx(g, pc->origin, hx);
	if (pc->displace == 2) {
		int x = a->arg[0], y = x == pc->unit ? pc->units[1] : pc->unit;
		struct q_pend *n = q_push_pend(g); /* room: the step-1 pend was just popped */
		n->kind = QPEND_RETREAT;
		n->side = pc->side;
		n->unit = (int16_t)y;
		n->units[1] = (int16_t)x;
		n->hexes = 1;
		n->displace = 3;
		n->origin = pc->origin;
		ev_emit(ev, "[19.42]", "%s is displaced from %s, one unit of the stack", s->u[x].id, hx);
		struct q_pend xp = *n;
		xp.unit = (int16_t)x;
		xp.displace = 1;
		int16_t path[1] = {(int16_t)a->arg[1]};
		do_retreat(g, &xp, path, 1, 1, 0, ev);
		return;
	}
	if (a->kind == QA_END) {
		ev_emit(ev, "[19.42]", "%s stays in %s: one unit of the stack was displaced", s->u[pc->unit].id, hx);
		return;
	}
	struct q_pend yp = *pc;
	int x = pc->units[1];
	yp.displace = 1;
	int16_t path[1] = {(int16_t)a->arg[1]};
	if (st->u[x].idx == a->arg[1])
		ev_emit(ev, "[19.42]", "%s goes with %s: the stack is displaced together", s->u[pc->unit].id, s->u[x].id);
	do_retreat(g, &yp, path, 1, 1, 0, ev);
}

/* Longest partial retreat (for [8.54]: eliminated in the last hex it could reach). */
static int partial_retreat(const struct game *g, int u, int comp, int origin, int want, struct rctx *c,
			   int16_t *path)
{
	for (int len = want - 1; len >= 1; len--)
		if (retreat_options_with(g, u, comp, origin, len, c) > 0) {
			memcpy(path, c->opt[0].path, sizeof c->opt[0].path);
			return len;
		}
	return 0;
}

/* Resolves pending decisions that leave no choice (one or no option), from the top. */
void q_settle(struct game *g, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	struct rctx cbuf, *c = &cbuf;
	uint8_t zocbuf[Q_NMAX], *zoc = zocbuf;

	c->zoc = zoc;
	while (st->npend > 0) {
		struct q_pend *p = &st->pend[st->npend - 1];
		if (p->kind == QPEND_RETREAT) {
			int n;
			if (st->u[p->unit].idx < 0) {
				st->npend--;
				continue;
			}
			if (p->displace >= 2) { /* [19.42] */
				struct action acts[64];
				int na = stack_actions(g, st->npend - 1, acts, 64);
				if (na > 1)
					break;
				struct q_pend pc = *p;
				st->npend--;
				if (na == 1) {
					stack_apply(g, &pc, &acts[0], ev);
				} else if (pc.displace == 3 && is_picket(g, pc.unit)) {
					q_eliminate(g, pc.unit, ev, "[21.23]", "a picket displaced by a retreating unit");
				} else if (st->npend > 0 && st->pend[st->npend - 1].chosen) {
					int du = st->pend[st->npend - 1].unit;
					st->npend--; /* [8.63] no way for the stack: the retreating unit instead */
					q_eliminate(g, du, ev, "[8.63]", "its displacement would eliminate a friendly unit");
				}
				continue;
			}
			if (p->chosen) { /* resume a retreat paused by a displacement */
				struct q_pend pc = *p;
				st->npend--;
				pc.chosen = 0;
				do_retreat(g, &pc, pc.path, pc.plen, pc.hexes, pc.npath, ev);
				continue;
			}
			n = pend_options(g, st->npend - 1, c);
			if (n > 1) {
				/* the player chooses: these are the options q_pending_actions lists next
				 * for this position (pending_list), so the memo keeps them now (kept for
				 * this rules state only: a later change makes them unknown again) */
				struct action acts[ROPT_MAX];
				struct q_alist l = {acts, ROPT_MAX, 0};
				retreat_acts(p, c, n, &l);
				q_pend_keep(g, acts, l.n);
				break;
			}
			struct q_pend pc = *p;
			st->npend--;
			if (n == 1) {
				do_retreat(g, &pc, c->opt[0].path, c->opt[0].len, pc.hexes, 0, ev);
			} else if (pc.displace) {
				/* [8.63] no hex for the displaced unit: the displacing unit is eliminated */
				if (st->npend > 0 && st->pend[st->npend - 1].chosen) {
					int du = st->pend[st->npend - 1].unit;
					st->npend--;
					q_eliminate(g, du, ev, "[8.63]", "its displacement would eliminate a friendly unit");
				}
			} else {
				int16_t path[RMAX];
				int len = partial_retreat(g, pc.unit, companion(g, &pc), pc.origin, pc.hexes, c, path);
				do_retreat(g, &pc, path, len, pc.hexes, 0, ev);
			}
			continue;
		}
		/* advance: drop when nobody can advance */
		int able = 0;
		for (int i = 0; i < p->nunits; i++) {
			int u = p->units[i];
			if (st->u[u].idx >= 0 && !(st->u[u].fl & QF_ADVANCED))
				able++;
		}
		if (able == 0 || p->npath == 0 || p->path[0] < 0) {
			st->npend--;
			continue;
		}
		/* [8.71] "any or all" attackers advance: when one already stands at the path's start
		 * the others may still pass it or join it where they may stack (Inkerman [19.45]: two
		 * into a vacated hex); the decision is kept only while one of them has a walk */
		if (enemy_in(g, p->side, p->path[0]) || (q_occ_first(st, p->path[0]) >= 0 && !advance_any(g, p))) {
			st->npend--;
			continue;
		}
		break;
	}
}

/* ---- melee ---- */

struct melee_plan {
	int att[8], natt;
	int defhex[6], ndefhex;
	int def[12], ndef;
	int a, d;
	int terrain, column, base;
	bool below;      /* errata [8.4]: worse odds than the line's first column, read on it */
};

/* The terrain row a defender hex earns against these attackers ([8.3], errata [8.32]). */
static int hex_terrain_row(const struct game *g, int dh, const struct melee_plan *p)
{
	const struct q_scn *s = q_scn(g);
	const struct map *m = &s->map;
	int row = QTM_CLEAR, t = m->terrain[dh];
	bool all_redoubt = true, all_river = true, all_steep = true, all_gentle = true, all_stream = true;

	if (t == TER_TOWN || t == TER_VINEYARD || t == TER_FORT || t == TER_CLOSED)
		row = QTM_FORT;
	else if (t == TER_WOODS || t == TER_BRUSH || t == TER_SWAMP)
		row = QTM_WOODS;
	for (int i = 0; i < p->natt; i++) {
		int ai = q_cst(g)->u[p->att[i]].idx, dir = -1;
		for (int k = 0; k < 6; k++)
			if (map_nb(m, dh, k) == ai)
				dir = k;
		unsigned f = dir >= 0 ? map_side_features(m, dh, dir) : 0;
		/* the slope must splash on the attacker's side: the attacker is downhill */
		int sl = dir >= 0 ? map_slope_away(m, dh, dir) : 0;
		if (!((f & SIDE_REDOUBT) && map_redoubt_inside(m, dh, dir)))
			all_redoubt = false;
		if (!(f & SIDE_RIVER))
			all_river = false;
		if (!(f & SIDE_STREAM))
			all_stream = false;
		if (sl != SLOPE_STEEP && sl != SLOPE_CLIFF)
			all_steep = false;
		if (sl != SLOPE_GENTLE)
			all_gentle = false;
		if (t == TER_SWAMP && s->map.terrain[ai] == TER_SWAMP && row == QTM_WOODS)
			row = QTM_CLEAR; /* [8.4] note: attacker also in a swamp uses the Clear line */
	}
	if (p->natt == 0)
		return row;
	if (all_redoubt)
		row = QTM_FORT;
	else if ((all_river || all_steep) && row > QTM_RIVER)
		row = QTM_RIVER;
	else if ((all_gentle || all_stream) && row > QTM_WOODS)
		row = QTM_WOODS;
	return row;
}

static bool can_melee_attack(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct q_udef *d = &s->u[u];
	int k = q_disrupted(g, u);
	return st->u[u].idx >= 0 && (d->type == Q_INF || d->type == Q_CAV) &&
	       !q_battle_paren(g, u, true, d->melee_paren[k]) && q_melee(g, u) >= 0 &&
	       !(st->u[u].fl & (QF_MELEED | QF_ADVANCED));
}

/* Enemy hexes whose units exert a ZOC on u's hex and have not been meleed ([8.22]). */
static int owed_hexes(const struct game *g, int u, int *out)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int n = 0, ui = st->u[u].idx;
	for (int d = 0; d < 6; d++) {
		int h = map_nb(&s->map, ui, d);
		if (h < 0 || !(s->zoc_dirs[ui] & (1u << d)))
			continue; /* [6.14] (zoc_dirs: the same hexside tests, made at load; a hex off
				   * the map, which the bit also leaves out, holds no unit) */
		bool zoc = false, done = false;
		/* the hex's units in any order: the answer is about the set */
		for (int v = q_occ_first(st, h); v >= 0; v = q_occ_next(st, v, h)) {
			if (s->u[v].side == s->u[u].side)
				continue;
			if (!(st->u[v].fl & QF_DISRUPTED) && q_battle_exerts_zoc(g, v))
				zoc = true;
			if (st->u[v].fl & (QF_MELEED | QF_ADVANCED))
				done = true;
		}
		if (zoc && !done)
			out[n++] = h;
	}
	return n;
}

static int melee_plan(const struct game *g, const struct action *a, struct melee_plan *p, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int nu = a->arg[0], nt, side = st->phasing;
	char hx[8];

	memset(p, 0, sizeof *p);
	if (st->phase != QP_MELEE)
		return err_set(e, NULL, 0, "[8.0] melee only in the Melee Phase");
	if (nu < 1 || nu > 8)
		return err_set(e, NULL, 0, "usage: melee UNIT[,UNIT...] > HEX[,HEX...]");
	if (nu > 6) /* (where a battle lets more than one attacking unit stand in a hex) */
		return err_set(e, NULL, 0, "[8.13] a defending unit may be attacked at one time by as many as six units, not %d", nu);
	nt = a->arg[1 + nu];
	if (nt < 1 || nt > 6)
		return err_set(e, NULL, 0, "usage: melee UNIT[,UNIT...] > HEX[,HEX...]");
	for (int i = 0; i < nu; i++) {
		int u = a->arg[1 + i];
		if (u < 0 || u >= s->nunits || s->u[u].side != side)
			return err_set(e, NULL, 0, "[8.0] the Phasing Player's units attack");
		for (int k = 0; k < i; k++)
			if (a->arg[1 + k] == u)
				return err_set(e, NULL, 0, "[8.19] %s is listed twice", s->u[u].id);
		if (st->u[u].fl & QF_ADVANCED)
			return err_set(e, NULL, 0, "[8.75] %s advanced after combat and may not attack", s->u[u].id);
		if (st->u[u].fl & QF_MELEED)
			return err_set(e, NULL, 0, "[8.14] %s has already attacked this phase", s->u[u].id);
		if (!can_melee_attack(g, u))
			return err_set(e, NULL, 0, "[8.17] %s may not make melee attacks", s->u[u].id);
		p->att[p->natt++] = u;
	}
	if (q_battle_melee_ok(g, a, e) != 0)
		return -1;
	for (int i = 0; i < nt; i++) {
		int h = a->arg[2 + nu + i], stk[Q_STACK_MAX], k = q_stack(g, h, stk, Q_STACK_MAX);
		fmt_idx(g, h, hx);
		if (k == 0 || s->u[stk[0]].side == side)
			return err_set(e, NULL, 0, "[8.0] %s holds no enemy unit", hx);
		for (int j = 0; j < i; j++)
			if (p->defhex[j] == h)
				return err_set(e, NULL, 0, "%s is listed twice", hx);
		for (int j = 0; j < k; j++) {
			if (st->u[stk[j]].fl & QF_ADVANCED)
				return err_set(e, NULL, 0, "[8.75] %s advanced after combat and may not be attacked", s->u[stk[j]].id);
			if (st->u[stk[j]].fl & QF_MELEED)
				return err_set(e, NULL, 0, "[8.18] %s has already been attacked in this Melee Phase", s->u[stk[j]].id);
			if (q_battle_defends(g, stk[j]))
				p->def[p->ndef++] = stk[j]; /* [8.21] every unit in the hex defends */
		}
		p->defhex[p->ndefhex++] = h;
		for (int j = 0; j < p->natt; j++)
			if (!hex_adjacent(map_hex(&s->map, st->u[p->att[j]].idx), map_hex(&s->map, h)))
				return err_set(e, NULL, 0, "[8.24] every attacker must be adjacent to every defending hex (%s is not next to %s)",
					       s->u[p->att[j]].id, hx);
	}
	/* [8.22] an undisrupted attacker attacks every enemy unit controlling it not otherwise attacked */
	for (int j = 0; j < p->natt; j++) {
		int owed[6], no;
		if (q_disrupted(g, p->att[j]))
			continue;
		no = owed_hexes(g, p->att[j], owed);
		for (int k = 0; k < no; k++) {
			bool in = false;
			for (int i = 0; i < p->ndefhex; i++)
				if (p->defhex[i] == owed[k])
					in = true;
			if (!in) {
				fmt_idx(g, owed[k], hx);
				return err_set(e, NULL, 0, "[8.22] %s must also attack %s, whose zone of control it is in",
					       s->u[p->att[j]].id, hx);
			}
		}
	}
	for (int j = 0; j < p->natt; j++)
		p->a += q_battle_melee_strength(g, p->att[j], true, q_melee(g, p->att[j]));
	for (int j = 0; j < p->ndef; j++) {
		int m = q_melee(g, p->def[j]);
		p->d += q_battle_melee_strength(g, p->def[j], false, m > 0 ? m : 0);
	}
	/* [8.35] all defenders take the terrain most favourable to them */
	p->terrain = QTM_CLEAR;
	for (int i = 0; i < p->ndefhex; i++) {
		int r = hex_terrain_row(g, p->defhex[i], p);
		if (r < p->terrain)
			p->terrain = r;
	}
	/* [8.0] ratio rounded down for the defender; errata [8.4] clamp to the table */
	p->column = 0;
	for (int c = 0; c < QT_MELEE_COLS; c++) {
		const uint8_t *o = s->tab.odds[p->terrain][c];
		if (p->d == 0 || p->a * o[1] >= p->d * o[0])
			p->column = c;
	}
	const uint8_t *o0 = s->tab.odds[p->terrain][0];
	p->below = p->d > 0 && p->a * o0[1] < p->d * o0[0];
	/* [8.81], [8.83] the highest attacker morale picks the die column */
	int best = 0;
	for (int j = 0; j < p->natt; j++)
		if (q_morale(g, p->att[j]) > best)
			best = q_morale(g, p->att[j]);
	p->base = best - 1;
	return 0;
}

static void melee_result_text(const struct qt_mres *r, char *buf, size_t n)
{
	if (r->who == QTR_NONE) {
		snprintf(buf, n, "no effect");
		return;
	}
	const char *who = r->who == QTR_ATTACKER ? "attacker" : "defender";
	if (r->elim)
		snprintf(buf, n, "%s eliminated", who);
	else if (!r->disrupt)
		snprintf(buf, n, "%s retreats %d (no disruption)%s", who, r->retreat, r->star ? "*" : "");
	else
		snprintf(buf, n, "%s disrupted, retreats %d%s", who, r->retreat, r->star ? "*" : "");
}

static const struct qt_mres *melee_cell(const struct game *g, const struct melee_plan *p, int die, int *row)
{
	int r = die + p->base; /* [8.81] row = die + attacker morale - 1 */
	if (r < 1)
		r = 1;
	if (r > QT_MELEE_ROWS)
		r = QT_MELEE_ROWS;
	*row = r;
	return &q_scn(g)->tab.melee[r - 1][p->column];
}

int q_melee_odds(const struct game *g, const struct action *a, struct q_odds *o, struct err *e)
{
	struct melee_plan p;
	memset(o, 0, sizeof *o);
	if (melee_plan(g, a, &p, e) != 0)
		return -1;
	o->column = p.column;
	o->below = p.below;
	o->terrain = p.terrain;
	o->row_base = p.base;
	o->total_a = p.a;
	o->total_d = p.d;
	for (int die = 1; die <= 6; die++) {
		int row;
		char t[80];
		melee_result_text(melee_cell(g, &p, die, &row), t, sizeof t);
		snprintf(o->outcome[die - 1], sizeof o->outcome[0], "row %d: %s", row, t);
	}
	return 0;
}

int q_melee_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct melee_plan p;
	const struct qt_mres *r;
	static const char *const trn[] = {"Town/Redoubt/Vineyard", "River/Steep Slope", "Woods/Gentle Slope/Stream", "Clear"};
	uint8_t was_disrupted[Q_UNITS_MAX];
	int die, row, rc, adv = -1;
	struct event *evp;
	char t[80];

	if (melee_plan(g, a, &p, e) != 0)
		return -1;
	rc = dice_roll(&g->dice, 6, &die);
	if (rc != 0)
		return rc;
	r = melee_cell(g, &p, die, &row);
	t[0] = '\0';
	if (ev) /* (the words only for a sink: ev_emit drops them without one) */
		melee_result_text(r, t, sizeof t);
	char ids[64] = "", hx[6 * 8] = "";
	if (ev) { /* (the attackers' ids and the defenders' hexes only for a sink) */
		q_ids_text(s, p.att, p.natt, ids, sizeof ids);
		for (int i = 0, l = 0; i < p.ndefhex && i < 6; i++) {
			if (i)
				hx[l++] = ',';
			hex_format(map_hex(&s->map, p.defhex[i]), hx + l);
			l += (int)strlen(hx + l);
		}
	}
	/* odds worse than the line's first column are read on it (errata [8.4]): say so, or
	 * "3 against 5 ... 2-1 column" reads as a mistake */
	evp = ev_emit(ev, "[8.4]", "%s attack%s %s: melee %d against %d on the %s line: %d-%d column%s; die %d, row %d: %s",
		      ids, p.natt == 1 ? "s" : "", hx, p.a, p.d, trn[p.terrain], s->tab.odds[p.terrain][p.column][0],
		      s->tab.odds[p.terrain][p.column][1], p.below ? " (worse odds are read on it, errata [8.4])" : "",
		      die, row, t);
	ev_die(evp, die);
	for (int i = 0; i < p.natt; i++) {
		was_disrupted[p.att[i]] = q_disrupted(g, p.att[i]);
		st->u[p.att[i]].fl |= QF_MELEED;
	}
	for (int i = 0; i < p.ndef; i++) {
		was_disrupted[p.def[i]] = q_disrupted(g, p.def[i]);
		st->u[p.def[i]].fl |= QF_MELEED;
	}
	/* the attacker may advance along the defenders' path of retreat ([8.71]) */
	if (r->who == QTR_DEFENDER && (r->elim || r->retreat > 0)) {
		struct q_pend *ap = q_push_pend(g);
		if (ap) {
			ap->kind = QPEND_ADVANCE;
			ap->side = st->phasing;
			for (int i = 0; i < p.natt && i < 6; i++)
				ap->units[ap->nunits++] = (int16_t)p.att[i];
			adv = st->npend - 1;
		}
	}
	if (r->who != QTR_NONE) {
		const int *aff = r->who == QTR_ATTACKER ? p.att : p.def;
		int naff = r->who == QTR_ATTACKER ? p.natt : p.ndef;
		for (int i = 0; i < naff; i++) {
			int u = aff[i], m = q_morale(g, u), hexes = r->retreat, origin = st->u[u].idx;
			if (r->elim) {
				feed_path(g, adv, origin);
				q_eliminate(g, u, ev, "[8.4]", "melee result E");
				continue;
			}
			if (r->star && (was_disrupted[u] || s->u[u].type == Q_CAV)) {
				feed_path(g, adv, origin);
				q_eliminate(g, u, ev, s->u[u].type == Q_CAV ? "[11.24]" : "[8.4]",
					    "a '*' result on a cavalry or already-disrupted unit");
				continue;
			}
			if (m == 1)
				hexes += 1; /* [8.82] */
			else if (m == 5)
				hexes -= 1;
			if (r->disrupt && !was_disrupted[u] && s->u[u].type != Q_CAV)
				q_disrupt(g, u, ev, "[8.4]");
			if (st->u[u].idx < 0) {
				feed_path(g, adv, origin);
				continue;
			}
			if (hexes > 0)
				q_owe_retreat(g, u, hexes, was_disrupted[u], r->who == QTR_DEFENDER ? adv : -1, ev, "[8.5]");
		}
	}
	q_battle_on_melee(g, p.att, p.natt, ev);
	/* [11.21], [11.25] cavalry in melee */
	for (int pass = 0; pass < 2; pass++) {
		const int *set = pass ? p.def : p.att;
		int nset = pass ? p.ndef : p.natt;
		for (int i = 0; i < nset; i++) {
			int u = set[i];
			if (s->u[u].type != Q_CAV || st->u[u].idx < 0)
				continue;
			if (was_disrupted[u])
				q_eliminate(g, u, ev, "[11.25]", "disrupted cavalry engaged in melee");
			else
				q_disrupt(g, u, ev, "[11.21]");
		}
	}
	q_settle(g, ev);
	return 0;
}

/* A melee the listing considers (q_melee_actions), before melee_plan judges it: attackers
 * u[0..nu) against the hexes h[0..nh). */
struct mcand {
	int8_t nu, nh;
	int16_t u[6], h[6];
};

/* The melee action of candidate c. */
static void mcand_action(const struct mcand *c, struct action *a)
{
	memset(a, 0, sizeof *a);
	a->kind = QA_MELEE;
	a->arg[0] = c->nu;
	for (int j = 0; j < c->nu; j++)
		a->arg[1 + j] = c->u[j];
	a->arg[1 + c->nu] = c->nh;
	for (int i = 0; i < c->nh; i++)
		a->arg[2 + c->nu + i] = c->h[i];
	a->n = (int16_t)(2 + c->nu + c->nh);
}

/* Room for every candidate: each phasing unit's six neighbours and one joint attack per
 * enemy unit's hex. */
#define Q_MCAND_MAX (Q_UNITS_MAX * 7)

/* Marks in foe[n] the map indices next to a hex holding a unit not of side (for foe_next):
 * the enemy's units mark their hexes' neighbours, once per decision, instead of every unit
 * of side looking at its six (hex adjacency is symmetric: j is i's neighbour when i is j's). */
static void mark_foes(const struct game *g, int side, uint8_t *foe)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	memset(foe, 0, (size_t)s->map.n);
	for (int kv = 0; kv < s->nsideu[1 - side]; kv++) {
		int i = st->u[s->sideu[1 - side][kv]].idx;
		if (i >= 0)
			for (int d = 0; d < 6; d++) {
				int h = map_nb(&s->map, i, d);
				if (h >= 0)
					foe[h] = 1;
			}
	}
}

/* Has u (on the map) a neighbouring hex that holds a unit not of its side (foe: mark_foes of
 * u's side)? Without one it has no owed hex and no hex to attack: every enemy unit it could
 * attack, or owe an attack to, is next to it. */
static bool foe_next(const struct game *g, int u, const uint8_t *foe)
{
	int ui = q_cst(g)->u[u].idx;
#ifdef Q_OCC_VERIFY /* debug builds: the mark is what u's own six neighbours say */
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	bool any = false;
	for (int d = 0; d < 6; d++) {
		int h = map_nb(&s->map, ui, d);
		for (int v = h >= 0 ? q_occ_first(st, h) : -1; v >= 0; v = q_occ_next(st, v, h))
			any = any || s->u[v].side != s->u[u].side;
	}
	if (any != (foe[ui] != 0))
		abort();
#endif
	return foe[ui] != 0;
}

/* The Melee Phase's candidate attacks, in the order q_melee_actions lists those melee_plan
 * accepts, into c[Q_MCAND_MAX]; returns their count. foe[n]: mark_foes of the phasing side,
 * filled here. */
static int melee_cands(const struct game *g, struct mcand *c, uint8_t *foe)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	/* Every unit's eligibility, and its owed hexes, are computed once (they depend on the
	 * position only): elig lists the phasing units that may attack, in unit order; owedn[k]
	 * is elig[k]'s count of owed hexes (0 when disrupted). */
	int elig[Q_UNITS_MAX], ne = 0, owedn[Q_UNITS_MAX], owedh[Q_UNITS_MAX][6], nc = 0;

	mark_foes(g, st->phasing, foe);
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) { /* the phasing side's units */
		int u = s->sideu[st->phasing][ku];
		int ui = st->u[u].idx;
		/* a unit with no enemy next to it has no attack, and its entries in join below
		 * would go to hexes without an enemy, which no joint attack reads: left out */
		if (ui < 0 || !foe_next(g, u, foe) || !can_melee_attack(g, u))
			continue;
		int k = ne++;
		elig[k] = u;
		int no = owedn[k] = q_disrupted(g, u) ? 0 : owed_hexes(g, u, owedh[k]);
		if (no > 0) {
			/* [8.22] the unit's one attack must take in every enemy controlling it */
			struct mcand *m = &c[nc++];
			m->nu = 1;
			m->u[0] = (int16_t)u;
			m->nh = (int8_t)no;
			for (int i = 0; i < no; i++)
				m->h[i] = (int16_t)owedh[k][i];
			continue;
		}
		for (int d = 0; d < 6; d++) {
			int h = map_nb(&s->map, ui, d), top;
			if (h < 0)
				continue;
			top = q_top(g, h);
			if (top < 0 || s->u[top].side == s->u[u].side)
				continue;
			struct mcand *m = &c[nc++];
			m->nu = 1;
			m->u[0] = (int16_t)u;
			m->nh = 1;
			m->h[0] = (int16_t)h;
		}
	}
	/* every eligible unit next to one defending hex together, when each may attack it alone:
	 * the units that may join against hex h, in unit order, the first six (as a scan of the
	 * eligible units for each defending hex would take them), gathered in one pass */
	uint8_t cnt[Q_NMAX];
	int16_t join[Q_NMAX][6];
	memset(cnt, 0, (size_t)s->map.n);
	for (int j = 0; j < ne; j++) {
		int u = elig[j], ui = st->u[u].idx;
		if (owedn[j] > 1)
			continue;
		for (int d = 0; d < 6; d++) {
			int h = map_nb(&s->map, ui, d);
			if (h < 0 || cnt[h] >= 6 || (owedn[j] == 1 && owedh[j][0] != h))
				continue;
			join[h][cnt[h]++] = (int16_t)u;
		}
	}
	for (int kv = 0; kv < s->nsideu[1 - st->phasing]; kv++) { /* the defending side's units */
		int v = s->sideu[1 - st->phasing][kv];
		int h = st->u[v].idx;
		if (h < 0 || cnt[h] < 2)
			continue;
		if (q_top(g, h) != v)
			continue; /* each defending hex once, from its top unit */
		struct mcand *m = &c[nc++];
		m->nu = (int8_t)cnt[h];
		memcpy(m->u, join[h], (size_t)cnt[h] * sizeof m->u[0]);
		m->nh = 1;
		m->h[0] = (int16_t)h;
	}
	return nc;
}

/* Candidate c as an action into *a, when melee_plan accepts it. */
static bool mcand_legal(const struct game *g, const struct mcand *c, struct action *a)
{
	struct melee_plan p;
	mcand_action(c, a);
	return melee_plan(g, a, &p, NULL) == 0;
}

void q_melee_actions(const struct game *g, struct q_alist *l)
{
	struct mcand c[Q_MCAND_MAX];
	uint8_t foe[Q_NMAX];
	int nc = melee_cands(g, c, foe);
	for (int k = 0; k < nc; k++) {
		struct action a;
		if (mcand_legal(g, &c[k], &a))
			q_push(l, &a);
	}
}

/* [8.11], [8.12]: an enemy hex in contact with an undisrupted phasing unit, not yet attacked,
 * that some legal attack could still take in. (An obligation no legal attack can meet lapses,
 * so the phase can always end.) */
#define Q_OWED_SCAN 512 /* melee actions examined for an owed attack */

/* [8.11] Is an attack still owed that acts[0..na) (the Melee Phase's listed actions, first
 * Q_OWED_SCAN of them) could make? why (may be NULL) says which. */
static bool owed_in(const struct game *g, const struct action *acts, int na, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	for (int u = 0; u < s->nunits; u++) {
		int owed[6], no;
		if (s->u[u].side != st->phasing || st->u[u].idx < 0 || q_disrupted(g, u) ||
		    (st->u[u].fl & QF_ADVANCED))
			continue;
		no = owed_hexes(g, u, owed);
		for (int k = 0; k < no; k++)
			for (int i = 0; i < na; i++) {
				int nu = acts[i].arg[0], nt = acts[i].arg[1 + nu];
				for (int t = 0; t < nt; t++)
					if (acts[i].arg[2 + nu + t] == owed[k]) {
						if (why) {
							char hx[8];
							fmt_idx(g, owed[k], hx);
							snprintf(why, n, "[8.11] the enemy in %s is in contact with %s and must be attacked",
								 hx, s->u[u].id);
						}
						return true;
					}
			}
	}
	return false;
}

static bool melee_owed(const struct game *g, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct action acts[Q_OWED_SCAN];
	struct q_alist l = {acts, Q_OWED_SCAN, 0};
	bool any = false;

	for (int u = 0; u < s->nunits && !any; u++) { /* list only when something is owed */
		int owed[6];
		any = s->u[u].side == st->phasing && st->u[u].idx >= 0 && !q_disrupted(g, u) &&
		      !(st->u[u].fl & QF_ADVANCED) && owed_hexes(g, u, owed) > 0;
	}
	if (!any)
		return false;
	q_melee_actions(g, &l);
	return owed_in(g, acts, l.n < l.max ? l.n : l.max, why, n);
}

bool q_may_end_melee_listed(const struct game *g, const struct action *acts, int n, int written)
{
	int na = n < Q_OWED_SCAN ? n : Q_OWED_SCAN;
	if (na > written) /* the caller's list is cut short: list again */
		return q_may_end_phase(g, NULL) == 0;
	if (q_cst(g)->npend > 0 || owed_in(g, acts, na, NULL, 0))
		return false;
	return q_battle_may_end(g, NULL) == 0;
}

/* Is the end of the Melee Phase among actions() (q_may_end_melee_listed of the full list),
 * judged from the candidates c[0..nc) without listing them: [8.11] no legal attack takes
 * in a hex some undisrupted phasing unit owes an attack to, and the battle allows it. The
 * caller has no decision pending and nc <= Q_OWED_SCAN (owed_in then sees the whole list). */
static bool melee_end_ok(const struct game *g, const struct mcand *c, int nc, const uint8_t *foe)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	uint8_t owed[Q_NMAX];
	bool any = false;

	memset(owed, 0, (size_t)s->map.n);
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) { /* owed_in's units */
		int u = s->sideu[st->phasing][ku], oh[6], no;
		if (st->u[u].idx < 0 || !foe_next(g, u, foe) || q_disrupted(g, u) ||
		    (st->u[u].fl & QF_ADVANCED))
			continue;
		no = owed_hexes(g, u, oh);
		for (int k = 0; k < no; k++)
			owed[oh[k]] = 1;
		any = any || no > 0;
	}
	for (int k = 0; any && k < nc; k++) {
		bool hits = false;
		struct action a;
		for (int i = 0; i < c[k].nh; i++)
			hits = hits || owed[c[k].h[i]];
		if (hits && mcand_legal(g, &c[k], &a))
			return false; /* a listed attack meets an obligation */
	}
	return q_battle_may_end(g, NULL) == 0;
}

int q_melee_sample(const struct game *g, struct rng *r, struct action *out)
{
	struct mcand c[Q_MCAND_MAX];
	uint8_t foe[Q_NMAX];
	int nc = melee_cands(g, c, foe);
	uint32_t total;

	if (nc > Q_OWED_SCAN)
		return 1; /* (the listing's [8.11] test then lists again; leave it to the caller) */
	total = (uint32_t)nc + (melee_end_ok(g, c, nc, foe) ? 1u : 0u);
	if (total == 0)
		return -1;
	for (int t = 0; t < Q_SAMPLE_TRIES; t++) {
		uint32_t k = rng_below(r, total);
		if (k == (uint32_t)nc) {
			memset(out, 0, sizeof *out);
			out->kind = QA_END;
			q_endok_keep(g); /* (melee_end_ok held: applying it need not list again) */
			return 0;
		}
		if (mcand_legal(g, &c[k], out))
			return 0;
	}
	return 1;
}

/* ---- cavalry retreat before combat [11.26] ---- */

/* cav_may_retreat's look at the neighbours of u (in ui) for a phasing unit it may retreat
 * from; out of line, so that the quick refusals (most units) cost no call. */
static bool cav_foe_near(const struct game *g, int ui)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	for (int d = 0; d < 6; d++) {
		int h = map_nb(&s->map, ui, d);
		if (h < 0)
			continue;
		/* [6.14] not across an unbridged river or a cliff: for an on-map neighbour the bit of
		 * zoc_dirs made at load from the same tests, for another the tests themselves */
		if (s->map.flags[h] & HEXF_ONMAP) {
			if (!(s->zoc_dirs[ui] & (1u << d)))
				continue;
		} else {
			unsigned f = map_side_features(&s->map, ui, d);
			if ((f & SIDE_RIVER) && !(f & SIDE_BRIDGE))
				continue;
			if (map_slope_into(&s->map, ui, d) == SLOPE_CLIFF ||
			    map_slope_away(&s->map, ui, d) == SLOPE_CLIFF)
				continue;
		}
		for (int v = q_occ_first(st, h); v >= 0; v = q_occ_next(st, v, h)) /* (any order) */
			if (s->u[v].side == st->phasing && s->u[v].type != Q_CAV &&
			    !q_disrupted(g, v) && q_battle_exerts_zoc(g, v))
				return true;
	}
	return false;
}

static inline bool cav_may_retreat(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ui = st->u[u].idx;

	if (s->u[u].type != Q_CAV || ui < 0 || s->u[u].side == st->phasing || (st->u[u].fl & QF_CAVRET))
		return false;
	if ((g->options & Q_OPT_11_27) && q_disrupted(g, u))
		return false; /* [11.27] optional */
	return cav_foe_near(g, ui);
}

bool q_cav_retreat_possible(const struct game *g)
{
	for (int u = 0; u < q_scn(g)->nunits; u++)
		if (cav_may_retreat(g, u))
			return true;
	return false;
}

void q_cavretreat_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	uint8_t zocbuf[Q_NMAX], *zoc = zocbuf;
	q_zoc(g, q_cst(g)->phasing, zoc);
	for (int u = 0; u < s->nunits; u++) {
		if (!cav_may_retreat(g, u))
			continue;
		int ui = q_cst(g)->u[u].idx;
		for (int d = 0; d < 6; d++) {
			int h = map_nb(&s->map, ui, d);
			if (h < 0 || !retreat_step_ok(g, u, ui, h, zoc) || !q_stack_ok(g, u, h))
				continue;
			struct action a = {QA_RETREAT, 2, {u, h}};
			q_push(l, &a);
		}
	}
}

int q_cavretreat_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], h = a->n == 2 ? a->arg[1] : -1;
	uint8_t zocbuf[Q_NMAX], *zoc;
	bool ok;
	char hx[8];

	if (u < 0 || u >= s->nunits || h < 0)
		return err_set(e, NULL, 0, "usage: retreat UNIT HEX");
	if (!cav_may_retreat(g, u))
		return err_set(e, NULL, 0, "[11.26] %s may not retreat before combat (only non-phasing cavalry in the zone of control of enemy non-cavalry%s)",
			       s->u[u].id, (g->options & Q_OPT_11_27) ? "; never disrupted cavalry [11.27]" : "");
	if (!hex_adjacent(map_hex(&s->map, st->u[u].idx), map_hex(&s->map, h)))
		return err_set(e, NULL, 0, "[11.26] cavalry retreats one hex only");
	zoc = zocbuf;
	q_zoc(g, st->phasing, zoc);
	ok = retreat_step_ok(g, u, st->u[u].idx, h, zoc) && q_stack_ok(g, u, h);
	if (!ok)
		return err_set(e, NULL, 0, "[11.26] may not retreat into an enemy zone of control, an occupied or prohibited hex");
	q_place(st, u, h);
	st->u[u].fl |= QF_CAVRET;
	fmt_idx(g, h, hx);
	ev_emit(ev, "[11.26]", "%s retreats before combat to %s", s->u[u].id, hx);
	return 0;
}

/* ---- rally [10.0] ---- */

static int rally_mod(const struct game *g, int u, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ui = st->u[u].idx, mod = 0;
	bool enemy = false, friend = false, redoubt = false;

	for (int d = 0; d < 6; d++) {
		int h = map_nb(&s->map, ui, d);
		if (map_redoubt_inside(&s->map, ui, d))
			redoubt = true;
		if (h < 0)
			continue;
		for (int v = q_occ_first(st, h); v >= 0; v = q_occ_next(st, v, h)) { /* (any order) */
			if (q_disrupted(g, v))
				continue;
			if (s->u[v].side == s->u[u].side)
				friend = true;
			else
				enemy = true;
		}
	}
	if (n)
		why[0] = '\0';
	q_why_add(why, n, enemy, "+1 adjacent undisrupted enemy");
	q_why_add(why, n, friend, "-1 adjacent undisrupted friend");
	q_why_add(why, n, redoubt, "-1 in a redoubt");
	mod += enemy - friend - redoubt;
	return q_battle_rally_mod(g, u, mod, why, n);
}

/* The units of the phasing side that may try to rally now ([10.0]), in unit order, into
 * out[Q_UNITS_MAX]; returns their count. */
static int rally_units(const struct game *g, int16_t *out)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int n = 0;
	for (int k = 0; k < s->nsideu[st->phasing]; k++) { /* the phasing side's units, in order */
		int u = s->sideu[st->phasing][k];
		if (st->u[u].idx >= 0 && q_disrupted(g, u) && !(st->u[u].fl & QF_RALLY_TRIED) &&
		    q_battle_may_rally(g, u, NULL) == 0)
			out[n++] = (int16_t)u;
	}
	return n;
}

void q_rally_actions(const struct game *g, struct q_alist *l)
{
	int16_t ru[Q_UNITS_MAX];
	int n = rally_units(g, ru);
	for (int i = 0; i < n; i++) {
		struct action a = {QA_RALLY, 1, {ru[i]}};
		q_push(l, &a);
	}
}

int q_rally_sample(const struct game *g, struct rng *r, struct action *out)
{
	int16_t ru[Q_UNITS_MAX];
	int n = rally_units(g, ru);
	uint32_t total = (uint32_t)n + (q_may_end_phase(g, NULL) == 0); /* actions(): the end last */
	if (total == 0)
		return -1;
	uint32_t k = rng_below(r, total);
	struct action a = {QA_END, 0, {0}};
	if (k < (uint32_t)n) {
		a.kind = QA_RALLY;
		a.n = 1;
		a.arg[0] = ru[k];
	}
	*out = a;
	return 0;
}

int q_rally_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], die, mod, rc, m;
	char why[160];
	struct event *evp;

	if (st->phase != QP_RALLY)
		return err_set(e, NULL, 0, "[10.0] rally only in the Rally Phase");
	if (u < 0 || u >= s->nunits || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[10.0] the Phasing Player rallies his own units on the map");
	if (!q_disrupted(g, u))
		return err_set(e, NULL, 0, "[10.0] %s is not disrupted", s->u[u].id);
	if (st->u[u].fl & QF_RALLY_TRIED)
		return err_set(e, NULL, 0, "[10.0] %s has already tried to rally this phase", s->u[u].id);
	if (q_battle_may_rally(g, u, e) != 0)
		return -1;
	mod = rally_mod(g, u, why, ev ? sizeof why : 0); /* (the words only for a sink) */
	rc = dice_roll(&g->dice, 6, &die);
	if (rc != 0)
		return rc;
	st->u[u].fl |= QF_RALLY_TRIED;
	m = q_morale(g, u);
	bool ok = die + mod <= m;
	if (ok)
		st->u[u].fl &= (uint16_t)~QF_DISRUPTED;
	if (ev) { /* "die 5+1 = 6 against morale 3 (+1 adjacent undisrupted enemy)" */
		char roll[32];
		if (mod)
			snprintf(roll, sizeof roll, "die %d%+d = %d", die, mod, die + mod);
		else
			snprintf(roll, sizeof roll, "die %d", die);
		evp = ev_emit(ev, "[10.0]", "%s %s: %s against morale %d%s%s%s", s->u[u].id,
			      ok ? "rallies" : "fails to rally", roll, m, why[0] ? " (" : "", why, why[0] ? ")" : "");
	} else {
		evp = NULL;
	}
	ev_die(evp, die);
	return 0;
}

/* ---- pending decisions ---- */

const char *q_pending_text(const struct game *g)
{
	const struct q_state *st = q_cst(g);
	const struct q_pend *p = &st->pend[st->npend - 1];
	if (p->kind == QPEND_RETREAT && p->displace == 2)
		return "a retreating unit meets a stack: displace one unit of it (retreat UNIT HEX), the other to follow or stay next ([19.42])";
	if (p->kind == QPEND_RETREAT && p->displace == 3)
		return "the other unit of the stack: retreat into the displaced unit's hex to go with it as a stack, or end to stay ([19.42])";
	if (p->kind == QPEND_RETREAT)
		return p->displace ? "a displaced unit must be moved one hex ([8.61])" : "a retreat is owed";
	return "advance after combat?";
}

static int pending_list(const struct game *g, struct action *out, int max)
{
	const struct q_state *st = q_cst(g);
	const struct q_pend *p = &st->pend[st->npend - 1];
	struct q_alist l = {out, max, 0};

	if (p->kind == QPEND_RETREAT && p->displace >= 2)
		return stack_actions(g, st->npend - 1, out, max);
	if (p->kind == QPEND_RETREAT) {
		struct rctx cbuf, *c = &cbuf;
		uint8_t zocbuf[Q_NMAX], *zoc = zocbuf;
		{
			c->zoc = zoc;
			retreat_acts(p, c, pend_options(g, st->npend - 1, c), &l);
		}
		return l.n;
	}
	/* advance: each able attacker along each walk of the path of retreat (advance_walks) */
	uint8_t zocbuf[Q_NMAX], *zoc = zocbuf;
	q_zoc(g, 1 - p->side, zoc);
	for (int i = 0; i < p->nunits; i++) {
		int u = p->units[i];
		if (st->u[u].idx < 0 || (st->u[u].fl & QF_ADVANCED))
			continue;
		struct action a = {QA_ADVANCE, 1, {u}};
		advance_walks(g, p, zoc, st->u[u].idx, -1, &a, &l);
	}
	struct action end = {QA_END, 0, {0}};
	q_push(&l, &end);
	return l.n;
}

int q_pending_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct q_pend *p = &st->pend[st->npend - 1];
	struct action opts[256];
	int n = q_pending_actions(g, opts, 256);
	bool ok = false;

	for (int i = 0; i < n && i < 256; i++)
		if (action_same(&opts[i], a))
			ok = true;
	if (!ok) {
		if (p->kind == QPEND_RETREAT && p->displace >= 2)
			return err_set(e, NULL, 0, "[19.42] %s", q_pending_text(g));
		if (p->kind == QPEND_RETREAT)
			return err_set(e, NULL, 0, "[8.5] %s must retreat %d hex%s away from its combat position, never into an enemy zone of control or into ground it may not enter [8.52], preferring vacant hexes [8.53] and as far as possible from the enemy [8.56]",
				       s->u[p->unit].id, p->hexes, p->hexes == 1 ? "" : "es");
		return err_set(e, NULL, 0, "[8.7] advance only attackers along the path of retreat, stopping in the first enemy-controlled hex [8.73] (or end)");
	}
	if (p->kind == QPEND_RETREAT && p->displace >= 2) {
		struct q_pend pc = *p;
		st->npend--;
		stack_apply(g, &pc, a, ev);
	} else if (p->kind == QPEND_RETREAT) {
		struct q_pend pc = *p;
		int16_t path[RMAX];
		st->npend--;
		for (int i = 1; i < a->n; i++)
			path[i - 1] = (int16_t)a->arg[i];
		do_retreat(g, &pc, path, a->n - 1, pc.hexes, 0, ev);
	} else if (a->kind == QA_END) {
		st->npend--;
		ev_emit(ev, "[8.75]", "no (further) advance after combat");
	} else {
		int u = a->arg[0];
		char hx[8];
		q_place(st, u, a->arg[a->n - 1]);
		st->u[u].fl |= QF_ADVANCED;
		st->u[u].layer = ++st->layer_next;
		fmt_idx(g, st->u[u].idx, hx);
		ev_emit(ev, "[8.71]", "%s advances to %s", s->u[u].id, hx);
	}
	q_settle(g, ev);
	return 0;
}

int q_may_end_phase(const struct game *g, struct err *e)
{
	const struct q_state *st = q_cst(g);
	char why[200];
	if (st->npend > 0)
		return err_set(e, NULL, 0, "a decision is owed first: %s", q_pending_text(g));
	if (st->phase == QP_MELEE) {
		/* [8.11] the end the sampler drew for this very position needs no listing again */
		bool known = q_endok_recall(g);
#ifdef Q_OCC_VERIFY /* debug builds: it must be open */
		if (known && melee_owed(g, why, sizeof why))
			abort();
#endif
		if (!known && melee_owed(g, why, sizeof why))
			return err_set(e, NULL, 0, "%s", why);
	}
	return q_battle_may_end(g, e);
}
