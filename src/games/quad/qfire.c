/* qfire: line of sight ([7.3]) and fire combat ([7.0]-[7.4], errata [7.28], [7.42], [7.5]). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmemo.h"
#include "qmove.h"

static bool blocks_hex(const struct game *g, int idx)
{
	const struct q_scn *s = q_scn(g);
	int t = s->map.terrain[idx];
	int hook = q_battle_los_hex(g, idx);
	if (hook >= 0)
		return hook == 1;
	return t == TER_WOODS || t == TER_TOWN; /* [7.35] */
}

struct crossing {
	int near, far; /* map indices: the line goes from near into far */
};

/* The hexsides the line crosses, in order, as (near, far) pairs; a passage through a vertex
 * between two adjacent interior hexes counts as crossing their common hexside. */
static int crossings(const struct game *g, const struct line_step *st, int n, struct crossing *out)
{
	const struct map *m = &q_scn(g)->map;
	int k = 0, prev = -1;

	for (int i = 0; i < n; i++) {
		if (st[i].kind != LINE_HEX)
			continue;
		int cur = map_index(m, st[i].hex);
		if (prev >= 0 && hex_adjacent(map_hex(m, prev), st[i].hex)) {
			out[k].near = prev;
			out[k].far = cur;
			k++;
		}
		prev = cur;
	}
	return k;
}

/* Is idx outside some redoubt hexside of its own (so that [7.51] may apply to fire from it)? */
static bool outside_a_redoubt(const struct map *m, int idx)
{
	for (int d = 0; d < 6; d++)
		if ((map_side_features(m, idx, d) & SIDE_REDOUBT) && !map_redoubt_inside(m, idx, d))
			return true;
	return false;
}

/* Is idx inside some redoubt hexside of its own (so that fire into it may cross one, [7.42])? */
static bool inside_a_redoubt(const struct map *m, int idx)
{
	for (int d = 0; d < 6; d++)
		if (map_redoubt_inside(m, idx, d))
			return true;
	return false;
}

bool q_los(const struct game *g, int from, int to, char *why, size_t n)
{
	return q_los_ex(g, from, to, NULL, 0, 0, why, n);
}

static bool los_traced(const struct game *g, int from, int to, const int *clear, int nclear,
		       int flags, char *why, size_t n);

/* hex_line(a, b, .., LINE_MAX_STEPS) surely succeeds: it makes at most one step per candidate
 * hex and at most 7 candidates per hex of distance, plus one (hex.c). */
static bool line_fits(int a, int b)
{
	return a >= 0 && b >= 0 && 7 * (hex_distance(a, b) + 1) <= LINE_MAX_STEPS;
}

bool q_los_ex(const struct game *g, int from, int to, const int *clear, int nclear, int flags,
	      char *why, size_t n)
{
	/* without the los hook, no transparent hexes and no reason wanted, the memo may know
	 * the answer (the map's alone when the battle's los_hex hook is absent or static) */
	if (!why && nclear == 0 && (flags & LOSF_NOHOOK)) {
		int known = q_los_nohook_recall(g, from, to, flags);
		if (known >= 0)
			return known == 1;
		bool ok = los_traced(g, from, to, clear, nclear, flags, why, n);
		q_los_nohook_keep(g, from, to, flags, ok);
		return ok;
	}
	return los_traced(g, from, to, clear, nclear, flags, why, n);
}

static bool los_traced(const struct game *g, int from, int to, const int *clear, int nclear,
		       int flags, char *why, size_t n)
{
	const struct map *m = &q_scn(g)->map;
	struct line_step st[LINE_MAX_STEPS];
	struct crossing cr[LINE_MAX_STEPS];
	int ha = map_hex(m, from), hb = map_hex(m, to), ns, nc, up_seen = 0;
	char x[8], y[8];

	if (why && n)
		why[0] = '\0';
	if (from == to || hex_adjacent(ha, hb))
		return true; /* [7.39] */
	const struct q_battle *ops = q_scn(g)->ops;
	int line_ok = -1, hook = -1;
	if (!(flags & LOSF_NOHOOK) && ops && ops->los && ops->los_lineless &&
	    (line_ok = line_fits(ha, hb) ? 1 : q_line_ok_recall(g, from, to)) >= 0) {
		/* a hook that ignores the line is asked before it is traced, once it is known
		 * whether tracing succeeds (the one thing decided before the hook) */
		if (!line_ok) {
			if (why)
				snprintf(why, n, "line too long");
			return false;
		}
		hook = q_battle_los(g, from, to, NULL, 0, why, n);
		if (hook >= 0)
			return hook == 1;
	}
	ns = q_line_trace(g, ha, hb, st, LINE_MAX_STEPS);
	q_line_ok_keep(g, from, to, ns >= 0);
	if (ns < 0) {
		if (why)
			snprintf(why, n, "line too long");
		return false;
	}
	if (!(flags & LOSF_NOHOOK) && line_ok < 0) { /* (not asked above) */
		hook = q_battle_los(g, from, to, st, ns, why, n);
		if (hook >= 0)
			return hook == 1;
	}
	/* [7.35]-[7.37] blocking hexes, except the firer's and the target's */
	for (int i = 1; i < ns - 1; i++) {
		int a = map_index(m, st[i].hex);
		bool transparent = false;
		for (int k = 0; k < nclear; k++)
			if (clear[k] == a)
				transparent = true;
		if (transparent)
			continue;
		if (st[i].kind == LINE_HEX && a >= 0 && blocks_hex(g, a)) {
			hex_format(st[i].hex, x);
			if (why)
				snprintf(why, n, "[7.35] hex %s (%s) blocks", x, terrain_name(m->terrain[a]));
			return false;
		}
		if (st[i].kind == LINE_SIDE) {
			int b = map_index(m, st[i].other);
			if (a >= 0 && b >= 0 && blocks_hex(g, a) && blocks_hex(g, b)) {
				hex_format(st[i].hex, x);
				hex_format(st[i].other, y);
				if (why)
					snprintf(why, n, "[7.36] the line runs between %s and %s, both blocking terrain", x, y);
				return false;
			}
		}
	}
	nc = crossings(g, st, ns, cr);
	bool ravine_open = false;
	for (int k = 0; k < nc; k++) {
		int d = map_dir_to(m, cr[k].near, cr[k].far);
		int into = map_slope_into(m, cr[k].near, d); /* splash on near side: going uphill */
		int away = map_slope_away(m, cr[k].near, d); /* splash on far side: going downhill */
		if (flags & LOSF_RAVINES) {
			/* Inkerman [17.2]: ignore the first steep downslope and the first steep
			 * upslope of each ravine crossed */
			if (!ravine_open && away == SLOPE_STEEP && !into) {
				ravine_open = true;
				continue;
			}
			if (ravine_open && into == SLOPE_STEEP && !away) {
				ravine_open = false;
				continue;
			}
		}
		hex_format(map_hex(m, cr[k].near), x);
		hex_format(map_hex(m, cr[k].far), y);
		if (into && away) {
			if (cr[k].near != from) { /* [7.34] */
				if (why)
					snprintf(why, n, "[7.34] ridge hexside %s/%s blocks", x, y);
				return false;
			}
			continue;
		}
		if (into) {
			up_seen = 1;
			/* [7.32] from the downhill side: blocked if the hexside is nearer than half */
			if ((into == SLOPE_STEEP || into == SLOPE_CLIFF) && 2 * (k + 1) < nc) {
				if (why)
					snprintf(why, n, "[7.32] %s hexside %s/%s, firing uphill, is less than half way (%d of %d hexsides)",
						 into == SLOPE_CLIFF ? "cliff" : "steep slope", x, y, k + 1, nc);
				return false;
			}
		}
		if (away) {
			if (up_seen) { /* [7.33] up, then down */
				if (why)
					snprintf(why, n, "[7.33] the line goes up a slope and then down at %s/%s", x, y);
				return false;
			}
			if ((away == SLOPE_STEEP || away == SLOPE_CLIFF) && 2 * (k + 1) > nc) {
				if (why)
					snprintf(why, n, "[7.32] %s hexside %s/%s, firing downhill, is more than half way (%d of %d hexsides)",
						 away == SLOPE_CLIFF ? "cliff" : "steep slope", x, y, k + 1, nc);
				return false;
			}
		}
	}
	return true;
}

/* ---- fire ---- */

static bool is_art(const struct q_udef *d)
{
	return d->type == Q_ART || d->type == Q_HART;
}

/* The units that may be fired upon in a hex: the top unit, or both if both are artillery
 * ([7.22]); Balaclava [18.1] redoubt guns on the bottom may not be attacked. */
static int targets_in(const struct game *g, int idx, int *out)
{
	const struct q_scn *s = q_scn(g);
	int hook = q_battle_targets(g, idx, out), st[Q_STACK_MAX], n;
	if (hook >= 0)
		return hook;
	n = q_stack(g, idx, st, Q_STACK_MAX);
	if (n == 0)
		return 0;
	if (n >= 2 && is_art(&s->u[st[0]]) && is_art(&s->u[st[1]])) {
		out[0] = st[0];
		out[1] = st[1];
		return 2;
	}
	out[0] = st[0];
	return 1;
}

/* targets_in's first target in idx, or -1 (none): without sorting the stack when the battle's
 * hook leaves the choice to the Standard Rules (the top unit). */
static int first_target(const struct game *g, int idx)
{
	int tg[Q_STACK_MAX], hook = q_battle_targets(g, idx, tg);
	if (hook >= 0)
		return hook >= 1 ? tg[0] : -1;
	return q_top(g, idx);
}

static bool may_fire_from_stack(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	int idx = q_cst(g)->u[u].idx, st[Q_STACK_MAX], n;
	if (q_top(g, idx) == u) /* (the stack's first unit, without sorting it) */
		return true;
	n = q_stack(g, idx, st, Q_STACK_MAX);
	if (n >= 2 && is_art(&s->u[st[0]]) && is_art(&s->u[st[1]]) && (st[1] == u))
		return true; /* [7.22] both artillery */
	return q_battle_fire_from_bottom(g, u) == 1; /* Balaclava [18.1] */
}

/* Whether an artillery unit could fire in the current player-turn (errata [7.28], [7.29]). */
static bool art_nofire(const struct game *g, int u)
{
	const struct q_state *st = q_cst(g);
	return (st->u[u].fl & QF_NOFIRE) && st->pturn <= st->u[u].nofire_pt;
}

/* q_fire_strength's tests of the firer alone, whatever the target: 0 or -1 with the case. */
static int firer_ok(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct q_udef *d = &s->u[u];
	int from = st->u[u].idx;

	if (from < 0)
		return err_set(e, NULL, 0, "%s is not on the map", d->id);
	if (st->u[u].fl & QF_FIRED)
		return err_set(e, NULL, 0, "[7.24] %s has already fired this phase", d->id);
	if (is_art(d) && q_disrupted(g, u))
		return err_set(e, NULL, 0, "[9.25] disrupted artillery may not fire");
	if (is_art(d) && art_nofire(g, u))
		return err_set(e, NULL, 0, "%s moved and may not fire now (errata [7.28], [7.29])", d->id);
	if (q_battle_paren(g, u, false, d->fire_paren[q_disrupted(g, u)]) && st->phase == QP_OFFFIRE)
		return err_set(e, NULL, 0, "[7.21] %s's parenthesised fire strength is for defensive fire only", d->id);
	if (!may_fire_from_stack(g, u))
		return err_set(e, NULL, 0, "[7.22] only the top unit of a stack may fire (%s is underneath)", d->id);
	return 0;
}

int q_fire_strength(const struct game *g, int u, int target, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct q_udef *d = &s->u[u];
	int from = st->u[u].idx, dist, f;
	char why[160], hx[8];

	if (firer_ok(g, u, e) != 0)
		return -1;
	dist = hex_distance(map_hex(&s->map, from), map_hex(&s->map, target));
	if (e) /* only the messages read it */
		hex_format(map_hex(&s->map, target), hx);
	else
		hx[0] = '\0';
	if (is_art(d)) {
		char cls = d->cls[q_disrupted(g, u)];
		int maxr = q_battle_art_range(g, u);
		if (!cls || cls < 'A' || cls > 'Z' || !s->tab.art_defined[cls - 'A'])
			return err_set(e, NULL, 0, "[7.41] %s has no artillery class in the table", d->id);
		if (dist >= QT_ART_RANGE || (maxr > 0 && dist > maxr) || s->tab.art[cls - 'A'][dist] < 0)
			return err_set(e, NULL, 0, "[7.41] %s (class %c) cannot reach %s at range %d", d->id, cls, hx, dist);
		/* [7.51] in the splash hex of a redoubt hexside, firing through it: adjacent only
		 * (only a hex outside one of its own redoubt hexsides needs the line traced) */
		if (dist > 1 && outside_a_redoubt(&s->map, from)) {
			struct line_step ls[LINE_MAX_STEPS];
			int ns = q_line_trace(g, map_hex(&s->map, from), map_hex(&s->map, target), ls, LINE_MAX_STEPS);
			if (ns > 1 && ls[1].kind == LINE_HEX) {
				int dd = map_dir_to(&s->map, from, map_index(&s->map, ls[1].hex));
				if (dd >= 0 && (map_side_features(&s->map, from, dd) & SIDE_REDOUBT) &&
				    !map_redoubt_inside(&s->map, from, dd))
					return err_set(e, NULL, 0, "[7.51] artillery outside a redoubt wall fires through it only into the adjacent hex");
			}
		}
		f = s->tab.art[cls - 'A'][dist];
	} else {
		f = q_fire(g, u);
		if (f < 0)
			return err_set(e, NULL, 0, "%s has no fire strength", d->id);
		if (dist != 1)
			return err_set(e, NULL, 0, "[7.27] %s may fire only at adjacent units", d->id);
	}
	/* without e nobody reads why: the memo may answer (q_los_quick) */
	if (e ? !q_los(g, from, target, why, sizeof why) : !q_los_quick(g, from, target))
		return err_set(e, NULL, 0, "%s has no line of sight to %s: %s", d->id, hx, why);
	return f;
}

/* Checks a fire action; fills the targets, total strength and the column index. */
struct fire_plan {
	int target_idx;
	int targets[2], ntargets;
	int whole[8], use[8]; /* per firer: its strength against the target, the points it brings ([28.1]) */
	int total, column, shifts;
	char shiftwhy[160];
};

static int fire_plan(const struct game *g, const struct action *a, struct fire_plan *p, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int nu = a->arg[0], side = q_deciding(g);
	size_t wl = 0;

	memset(p, 0, sizeof *p);
	if (st->phase != QP_DEFFIRE && st->phase != QP_OFFFIRE)
		return err_set(e, NULL, 0, "[7.0] fire only in the Defensive and Offensive Fire Phases");
	if (nu < 1 || nu > 8 || a->arg[1 + nu] != 1)
		return err_set(e, NULL, 0, "usage: fire UNIT[,UNIT...] > HEX");
	p->target_idx = a->arg[2 + nu];
	p->ntargets = targets_in(g, p->target_idx, p->targets);
	if (p->ntargets == 0)
		return err_set(e, NULL, 0, "[7.0] there is no unit to fire at in that hex");
	if (s->u[p->targets[0]].side == side)
		return err_set(e, NULL, 0, "[7.0] fire only at enemy units");
	for (int i = 0; i < p->ntargets; i++)
		if (st->u[p->targets[i]].fl & QF_FIRED_AT)
			return err_set(e, NULL, 0, "[7.23] %s has already been fired upon this phase", s->u[p->targets[i]].id);
	for (int i = 0; i < nu; i++) {
		int u = a->arg[1 + i], f;
		if (u < 0 || u >= s->nunits || s->u[u].side != side)
			return err_set(e, NULL, 0, "[7.0] %s is not yours to fire", u >= 0 && u < s->nunits ? s->u[u].id : "?");
		for (int k = 0; k < i; k++)
			if (a->arg[1 + k] == u)
				return err_set(e, NULL, 0, "[7.24] %s is listed twice", s->u[u].id);
		f = q_fire_strength(g, u, p->target_idx, e);
		if (f < 0)
			return -1;
		p->whole[i] = p->use[i] = f;
	}
	/* Inkerman [28.1] split fire: the points each firer brings; allotments need the rule */
	{
		int rc = q_battle_fire_split(g, a, p->whole, p->use, e);
		if (rc < 0)
			return -1;
		if (rc == 1 && a->n >= 3 + 2 * nu)
			for (int i = 0; i < nu; i++)
				if (a->arg[3 + nu + i] > 0)
					return err_set(e, NULL, 0, "[7.24] a unit fires its whole strength (split fire, [28.1], is an optional rule not in this game)");
		for (int i = 0; i < nu; i++)
			p->total += p->use[i];
	}
	if (p->total <= 0)
		return err_set(e, NULL, 0, "[7.12] no fire strength to fire with");
	{
		int us[8];
		for (int i = 0; i < nu; i++)
			us[i] = a->arg[1 + i];
		if (q_battle_fire_group_ok(g, us, nu, e) != 0)
			return -1;
	}
	/* [7.42] column shifts (with the errata), all cumulative */
	{
		const struct q_udef *t = &s->u[p->targets[0]];
		int tu = p->targets[0];
#define SHIFT(k, ...)                                                                 \
	do {                                                                          \
		p->shifts += (k);                                                     \
		int w_ = snprintf(p->shiftwhy + wl, sizeof p->shiftwhy - wl, __VA_ARGS__); \
		if (w_ > 0 && wl + (size_t)w_ < sizeof p->shiftwhy)                  \
			wl += (size_t)w_;                                             \
	} while (0)
		if (s->map.terrain[p->target_idx] == TER_TOWN)
			SHIFT(-1, " -1 town [7.42];");
		/* through a redoubt hexside: every firer's line enters the target across one */
		bool all_redoubt = inside_a_redoubt(&s->map, p->target_idx); /* else no line can be */
		for (int i = 0; i < nu && all_redoubt; i++) {
			int from = st->u[a->arg[1 + i]].idx, last = -1;
			struct line_step ls[LINE_MAX_STEPS];
			int ns = q_line_trace(g, map_hex(&s->map, from), map_hex(&s->map, p->target_idx), ls, LINE_MAX_STEPS);
			if (ns >= 2 && ls[ns - 1].kind == LINE_HEX && ls[ns - 2].kind == LINE_HEX)
				last = map_index(&s->map, ls[ns - 2].hex);
			int dd = last >= 0 ? map_dir_to(&s->map, p->target_idx, last) : -1;
			if (dd < 0 || !map_redoubt_inside(&s->map, p->target_idx, dd))
				all_redoubt = false;
		}
		if (all_redoubt)
			SHIFT(-1, " -1 fire through a redoubt hexside [7.42];");
		int hook = q_battle_fire_shift(g, tu, p->shiftwhy + wl, sizeof p->shiftwhy - wl);
		p->shifts += hook;
		wl = strlen(p->shiftwhy);
		if (t->type == Q_CAV)
			SHIFT(1, " +1 cavalry target (errata [7.42]);");
		if (q_disrupted(g, tu))
			SHIFT(1, " +1 disrupted target [9.26];");
		else if (is_art(t) && art_nofire(g, tu))
			SHIFT(1, " +1 artillery that could not fire this Player-Turn (errata [7.42]);");
#undef SHIFT
	}
	p->column = (p->total >= QT_FIRE_COLS ? QT_FIRE_COLS : p->total) - 1 + p->shifts;
	if (p->column < 0)
		p->column = 0;
	if (p->column >= QT_FIRE_COLS)
		p->column = QT_FIRE_COLS - 1;
	return 0;
}

static const char *const col_names[QT_FIRE_COLS] = {"1", "2", "3", "4", "5", "6", "7", "8+"};

/* Describes what result r does to unit u ([7.13]-[7.17]). */
static void fire_effect_text(const struct game *g, int u, int r, char *buf, size_t n)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	int m = q_morale(g, u);
	if (r == 0 || r < m)
		snprintf(buf, n, "no effect");
	else if (!q_disrupted(g, u)) {
		if (!d->has_back)
			snprintf(buf, n, "eliminated (blank back)");
		else if (r == m || is_art(d))
			snprintf(buf, n, "disrupted");
		else
			snprintf(buf, n, "disrupted, retreat %d", r - m);
	} else if (r == m)
		snprintf(buf, n, is_art(d) ? "no effect" : "retreat 1");
	else
		snprintf(buf, n, "eliminated");
}

int q_fire_odds(const struct game *g, const struct action *a, struct q_odds *o, struct err *e)
{
	struct fire_plan p;
	const struct q_scn *s = q_scn(g);

	memset(o, 0, sizeof *o);
	if (fire_plan(g, a, &p, e) != 0)
		return -1;
	o->column = p.column;
	o->total_a = p.total;
	for (int die = 1; die <= 6; die++) {
		int r = s->tab.fire[q_battle_fire_die(g, a, die) - 1][p.column];
		char eff[64];
		fire_effect_text(g, p.targets[0], r, eff, sizeof eff);
		snprintf(o->outcome[die - 1], sizeof o->outcome[0], "result %d: %s", r, eff);
	}
	return 0;
}

/* Inkerman [28.23]: the two units attacked as one target retreat together: the retreats this
 * fire owes them (pends from index `from`) become one, the greater distance, the other unit
 * carried along (units[0] of the pend). Artillery, which never retreats from fire ([7.17]),
 * stays (a reading). */
static void retreat_together(struct game *g, const int *t, int from, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int k[2] = {-1, -1};

	for (int i = from; i < st->npend; i++)
		for (int j = 0; j < 2; j++)
			if (st->pend[i].kind == QPEND_RETREAT && st->pend[i].unit == t[j])
				k[j] = i;
	if (k[0] < 0 && k[1] < 0)
		return;
	int lead = k[0] < 0 ? 1 : k[1] < 0 ? 0 : st->pend[k[1]].hexes > st->pend[k[0]].hexes ? 1 : 0;
	int other = t[1 - lead];
	if (st->u[other].idx != st->u[t[lead]].idx || is_art(&s->u[other]))
		return;
	if (k[1 - lead] >= 0) { /* one retreat, the greater number of hexes */
		for (int i = k[1 - lead]; i + 1 < st->npend; i++)
			st->pend[i] = st->pend[i + 1];
		st->npend--;
		if (k[lead] > k[1 - lead])
			k[lead]--;
	}
	struct q_pend *pl = &st->pend[k[lead]];
	pl->nunits = 1;
	pl->units[0] = (int16_t)other;
	ev_emit(ev, "[28.23]", "%s and %s are massed: they retreat together, %d hex%s, as a stack", s->u[t[lead]].id,
		s->u[other].id, pl->hexes, pl->hexes == 1 ? "" : "es");
}

int q_fire_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct fire_plan p;
	struct event *evp;
	int die, r, nu = a->arg[0], rc, npend;
	char hx[8];

	/* the sampler's plan of the fire it drew, when this is that position and fire */
	bool known = q_plan_recall(g, a, &p, sizeof p);
#ifdef Q_OCC_VERIFY /* debug builds: it must be the plan made now */
	if (known) {
		struct fire_plan again;
		if (fire_plan(g, a, &again, NULL) != 0 || memcmp(&again, &p, sizeof p))
			abort();
	}
#endif
	if (!known && fire_plan(g, a, &p, e) != 0)
		return -1;
	npend = st->npend;
	rc = dice_roll(&g->dice, 6, &die);
	if (rc != 0)
		return rc;
	r = s->tab.fire[q_battle_fire_die(g, a, die) - 1][p.column];
	hex_format(map_hex(&s->map, p.target_idx), hx);
	size_t wl = strlen(p.shiftwhy);
	if (wl && p.shiftwhy[wl - 1] == ';')
		p.shiftwhy[wl - 1] = '\0'; /* the event adds its own separator */
	char ids[64] = "";
	if (ev) { /* (the firers' ids only for a sink) */
		int fu[ACTION_ARGS], k = 0; /* (fire_plan checked the firers: units, within arg[]) */
		for (; k < nu && 1 + k < ACTION_ARGS; k++)
			fu[k] = a->arg[1 + k];
		q_ids_text(s, fu, k, ids, sizeof ids);
	}
	evp = ev_emit(ev, "[7.12]", "%s fire%s at %s with %d fire strength: column %s%s%s; die %d, result %s", ids,
		      nu == 1 ? "s" : "", hx, p.total, col_names[p.column], p.shifts || p.shiftwhy[0] ? " after shifts:" : "", p.shiftwhy, die,
		      r ? (char[2]){(char)('0' + r), 0} : "-");
	ev_die(evp, die);
	for (int i = 0; i < nu; i++)
		st->u[a->arg[1 + i]].fl |= QF_FIRED;
	q_battle_fire_spent(g, a, p.whole, p.use, ev); /* [28.1] a unit with strength left fires on */
	for (int i = 0; i < p.ntargets; i++) {
		int u = p.targets[i], m = q_morale(g, u);
		st->u[u].fl |= QF_FIRED_AT;
		if (r == 0 || r < m) {
			ev_emit(ev, "[7.13]", "%s (morale %d) is unaffected", s->u[u].id, m);
			continue;
		}
		if (!q_disrupted(g, u)) {
			q_disrupt(g, u, ev, "[7.13]");
			if (st->u[u].idx < 0)
				continue;
			if (r > m) {
				if (is_art(&s->u[u]))
					ev_emit(ev, "[7.17]", "%s is artillery and does not retreat", s->u[u].id);
				else
					q_owe_retreat(g, u, r - m, false, -1, ev, "[7.15]");
			}
		} else if (r == m) {
			if (is_art(&s->u[u]))
				ev_emit(ev, "[7.17]", "%s is artillery and does not retreat", s->u[u].id);
			else
				q_owe_retreat(g, u, 1, true, -1, ev, "[7.14]");
		} else {
			q_eliminate(g, u, ev, "[7.14]", "already disrupted, result above its morale");
		}
	}
	if (p.ntargets == 2 && q_battle_retreat_together(g, p.targets[0], p.targets[1]))
		retreat_together(g, p.targets, npend, ev);
	q_settle(g, ev);
	return 0;
}

/* The targets of every hex holding an enemy unit of side, once: top[i] is targets_in's first
 * unit there (-1 none), for the hexes with done1[1 + i] (done1[0], for i = -1, no neighbour,
 * stays 0, so that fire_cands tests no index); tv/th: the enemy units that are their hex's
 * first target, in unit order, with their hex numbers. */
struct fire_tg {
	int16_t top[Q_NMAX];
	uint8_t done1[Q_NMAX + 1];
	int tv[Q_UNITS_MAX], nt;
	struct cube tc[Q_UNITS_MAX]; /* tv's hexes in cube coordinates (for the ranges) */
};

static void fire_targets(const struct game *g, int side, struct fire_tg *t)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	t->nt = 0;
	memset(t->done1, 0, (size_t)s->map.n + 1);
	for (int kv = 0; kv < s->nsideu[1 - side]; kv++) { /* the enemy's units */
		int v = s->sideu[1 - side][kv];
		int ti = st->u[v].idx;
		if (ti < 0)
			continue;
		if (!t->done1[1 + ti]) {
			t->done1[1 + ti] = 1;
			t->top[ti] = (int16_t)first_target(g, ti);
		}
		if (t->top[ti] == v) {
			t->tv[t->nt] = v;
			t->tc[t->nt++] = map_cube(&s->map, ti);
		}
	}
}

/* fire_cands for an artillery unit u in map index from: the targets of t within its range
 * ([7.41]). (Out of line: fire_cands, which every unit of the firing side passes through at
 * every fire decision, stays small enough to be inlined.) */
__attribute__((noinline)) static int art_cands(const struct game *g, int u, int from,
					      const struct fire_tg *t, int *cand)
{
	const struct q_scn *s = q_scn(g);
	int nc = 0;
	/* q_fire_strength's class and range tests ([7.41]), made here once per firer and per
	 * target hex instead of through fire_plan for every target */
	int maxr = q_battle_art_range(g, u);
	char cls = s->u[u].cls[q_disrupted(g, u)];
	if (!cls || cls < 'A' || cls > 'Z' || !s->tab.art_defined[cls - 'A'] ||
	    firer_ok(g, u, NULL) != 0)
		return 0;
	struct cube cf = map_cube(&s->map, from);
	for (int k = 0; k < t->nt; k++) {
		int dist = hex_cube_distance(cf, t->tc[k]);
		if (dist < QT_ART_RANGE && !(maxr > 0 && dist > maxr) && s->tab.art[cls - 'A'][dist] >= 0)
			cand[nc++] = t->tv[k];
	}
	return nc;
}

/* The targets u (of side) is listed firing at, in unit order, into cand: the top target of
 * each hex in range ([7.13]) that passed the cheap tests; fire_plan decides the rest. 0 when u
 * may not fire at all. */
static inline int fire_cands(const struct game *g, int side, int u, const struct fire_tg *t, int *cand)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int from = st->u[u].idx, nc = 0;

	/* (the tests read the position only, so their order is free: the cheapest first, and
	 * firer_ok, which fire_plan would make for every target, only for a firer with one) */
	if (from < 0 || (st->u[u].fl & QF_FIRED))
		return 0;
	if (is_art(&s->u[u]))
		return art_cands(g, u, from, t, cand);
	/* range 1: only the six neighbours' stacks */
	for (int d = 0; d < 6; d++) {
		int j = map_nb(&s->map, from, d), v;
		/* a target here is an enemy unit in j, so j is one of the hexes done (j -1: done1[0]) */
		if (t->done1[1 + j] && (v = t->top[j]) >= 0 && s->u[v].side != side &&
		    st->u[v].idx == j)
			cand[nc++] = v;
	}
	if (nc == 0 || firer_ok(g, u, NULL) != 0)
		return 0;
	for (int i = 1; i < nc; i++) /* unit order, as a scan of the units gives */
		for (int k = i; k > 0 && cand[k] < cand[k - 1]; k--) {
			int v = cand[k];
			cand[k] = cand[k - 1];
			cand[k - 1] = v;
		}
	return nc;
}

/* Candidate j of u's fire at v (fire_cands): j 0 the single fire, j 1 Inkerman [28.1]'s
 * split of half the points (rounded up), listed when the fire is legal with at least 2
 * points and the split is legal too. Writes the action and returns true when it is legal. */
static bool fire_cand_legal(const struct game *g, int u, int v, int j, struct action *out,
			    struct fire_plan *p)
{
	struct action a = {QA_FIRE, 4, {1, u, 1, q_cst(g)->u[v].idx}};
	if (fire_plan(g, &a, p, NULL) != 0)
		return false;
	if (j == 0) {
		*out = a;
		return true;
	}
	struct action half = {QA_FIRE, 5, {1, u, 1, a.arg[3], (p->total + 1) / 2}};
	if (p->total < 2 || fire_plan(g, &half, p, NULL) != 0)
		return false;
	*out = half;
	return true;
}

void q_fire_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	int side = q_deciding(g), splits = (g->options & Q_OPT_28_1) ? 2 : 1;
	struct fire_tg t;

	fire_targets(g, side, &t);
	/* Single-unit fires at every legal target; combined fire is open through the text form
	 * and the front ends (listing every combination would be exponential). Targets in unit
	 * order; the top target of each hex in range ([7.13]). Inkerman [28.1]: one split listed
	 * per fire; any other allotment through the text form. */
	for (int ku = 0; ku < s->nsideu[side]; ku++) { /* the firing side's units */
		int u = s->sideu[side][ku], cand[Q_UNITS_MAX];
		int nc = fire_cands(g, side, u, &t, cand);
		for (int c = 0; c < nc; c++) {
			struct action a;
			struct fire_plan p;
			if (!fire_cand_legal(g, u, cand[c], 0, &a, &p))
				continue;
			q_push(l, &a);
			if (splits == 2 && fire_cand_legal(g, u, cand[c], 1, &a, &p))
				q_push(l, &a);
		}
	}
}

int q_fire_sample(const struct game *g, struct rng *r, const struct action *other, int nother,
		  struct action *out)
{
	const struct q_scn *s = q_scn(g);
	int side = q_deciding(g), splits = (g->options & Q_OPT_28_1) ? 2 : 1;
	int fu[Q_UNITS_MAX], fc[Q_UNITS_MAX], nf = 0;
	uint32_t total = (uint32_t)nother;
	struct fire_tg t;

	fire_targets(g, side, &t);
	for (int ku = 0; ku < s->nsideu[side]; ku++) { /* the firing side's units */
		int u = s->sideu[side][ku], cand[Q_UNITS_MAX];
		int nc = fire_cands(g, side, u, &t, cand);
		if (nc > 0) {
			fu[nf] = u;
			fc[nf++] = nc * splits;
			total += (uint32_t)(nc * splits);
		}
	}
	if (total == 0)
		return -1;
	for (int tries = 0; tries < Q_SAMPLE_TRIES; tries++) {
		uint32_t k = rng_below(r, total);
		int f = 0, cand[Q_UNITS_MAX];
		if (k < (uint32_t)nother) {
			*out = other[k];
			return 0;
		}
		k -= (uint32_t)nother;
		while (k >= (uint32_t)fc[f])
			k -= (uint32_t)fc[f++];
		fire_cands(g, side, fu[f], &t, cand); /* (the same list as above) */
		memset(out, 0, sizeof *out);
		struct fire_plan p;
		if (fire_cand_legal(g, fu[f], cand[k / (uint32_t)splits], (int)(k % (uint32_t)splits), out, &p)) {
			q_plan_keep(g, out, &p, sizeof p); /* (applying it need not plan it again) */
			return 0;
		}
	}
	return 1;
}
