/* qview: the quad rule system's front-end services: line of sight and path queries, odds
 * before dice, descriptions and a terminal map. Read-only; no I/O (text goes to buffers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

#define APPEND(buf, n, len, ...)                                                         \
	do {                                                                             \
		int w_ = snprintf((buf) + (len), (len) < (n) ? (n) - (len) : 0, __VA_ARGS__); \
		if (w_ > 0)                                                              \
			(len) = (len) + (size_t)w_ < (n) ? (len) + (size_t)w_ : (n);     \
	} while (0)

int q_view_los(const struct game *g, int ha, int hb, char *why, size_t n)
{
	const struct map *m = &q_scn(g)->map;
	int a = map_index(m, ha), b = map_index(m, hb);
	if (a < 0 || b < 0 || !map_on(m, ha) || !map_on(m, hb)) {
		snprintf(why, n, "hex %04d is off the map (%s)", a < 0 || !map_on(m, ha) ? ha : hb, m->title);
		return -1;
	}
	return q_los(g, a, b, why, n) ? 1 : 0;
}

int q_view_path(const struct game *g, const char *unit, int hex, char *out, size_t n, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	int u = q_unit_find(s, unit), to = map_index(&s->map, hex), route[256], len;
	struct q_work wbuf, *w;
	size_t l = 0;
	char hx[8];

	if (u < 0)
		return err_set(e, NULL, 0, "no unit \"%s\"", unit);
	if (q_cst(g)->u[u].idx < 0)
		return err_set(e, NULL, 0, "%s is not on the map", unit);
	if (to < 0 || !map_on(&s->map, hex))
		return err_set(e, NULL, 0, "hex %04d is not on the map", hex);
	w = &wbuf;
	/* The full allowance, as at the start of its Movement Phase. */
	struct game tmp;
	game_copy(&tmp, g);
	q_st(&tmp)->u[u].mp = 0;
	q_st(&tmp)->u[u].fl &= (uint16_t)~(QF_MOVED | QF_STOPPED);
	q_search(&tmp, u, w);
	struct path_result r = {w->cost, w->prev, w->qhex, w->qnext, 0};
	len = path_route(&r, to, route, 256);
	if (len < 0) {
		hex_format(hex, hx);
		return err_set(e, NULL, 0, "%s cannot reach %s in one Movement Phase (allowance %d)%s", unit, hx,
			       q_ma(g, u), w ? "" : "");
	}
	APPEND(out, n, l, "%s (allowance %d):", unit, q_ma(g, u));
	for (int i = 0; i < len; i++) {
		hex_format(map_hex(&s->map, route[i]), hx);
		APPEND(out, n, l, " %s", hx);
		if (i > 0)
			APPEND(out, n, l, "(%g)", w->cost[route[i]] / 2.0);
	}
	APPEND(out, n, l, "\ncost %g movement points%s\n", w->cost[to] / 2.0,
	       w->zoc[to] ? "; ends in an enemy zone of control [5.13]" : "");
	return 0;
}

int q_view_odds(const struct game *g, const struct action *a, char *out, size_t n, struct err *e)
{
	struct q_odds o;
	size_t l = 0;
	static const char *const trn[] = {"Town/Redoubt/Vineyard", "River/Steep Slope", "Woods/Gentle Slope/Stream", "Clear"};

	if (a->kind == QA_BIGFIRE)
		return qio_bigfire_odds(g, a, out, n, e); /* Inkerman [24] */
	if (a->kind == QA_FIRE) {
		if (q_fire_odds(g, a, &o, e) != 0)
			return -1;
		APPEND(out, n, l, "fire strength %d, column %d after shifts [7.42]\n", o.total_a, o.column + 1);
	} else if (a->kind == QA_MELEE) {
		if (q_melee_odds(g, a, &o, e) != 0)
			return -1;
		const uint8_t *r = q_scn(g)->tab.odds[o.terrain][o.column];
		APPEND(out, n, l, "melee %d against %d, %s line, %d-%d column [8.4]%s\n", o.total_a, o.total_d,
		       trn[o.terrain], r[0], r[1], o.below ? " (worse odds are read on it, errata [8.4])" : "");
	} else {
		return err_set(e, NULL, 0, "odds are for fire and melee actions");
	}
	/* group equal outcomes: exact probabilities in sixths */
	bool done[6] = {false};
	for (int i = 0; i < 6; i++) {
		if (done[i])
			continue;
		int k = 0;
		char dice[32] = "";
		for (int j = i; j < 6; j++)
			if (!done[j] && !strcmp(strchr(o.outcome[j], ':') ? strchr(o.outcome[j], ':') : o.outcome[j],
						 strchr(o.outcome[i], ':') ? strchr(o.outcome[i], ':') : o.outcome[i])) {
				done[j] = true;
				k++;
				size_t dl = strlen(dice);
				snprintf(dice + dl, sizeof dice - dl, "%s%d", dl ? "," : "", j + 1);
			}
		APPEND(out, n, l, "  %d/6 (%5.1f%%) die %-11s %s\n", k, 100.0 * k / 6, dice,
		       strchr(o.outcome[i], ':') ? strchr(o.outcome[i], ':') + 2 : o.outcome[i]);
	}
	return 0;
}

static const char *type_name(int t)
{
	static const char *const n[] = {"infantry", "cavalry", "artillery", "horse artillery"};
	return n[t];
}

/* One hexside of idx (direction d) in words, "" when it has nothing: its features, and a
 * slope with the side it falls to ([5.23]-[5.27]: the splash is the downhill side). */
static void side_text(const struct map *m, int idx, int d, char *buf, size_t n)
{
	static const char *const feat[] = {"river", "stream", "bridge", "ford", "wall", "ravine",
					   "major road", "minor road", "track", "redoubt"};
	static const char *const slope[] = {"", "gentle slope", "steep slope", "cliff"};
	bool own;
	const struct map_side *sd = map_side_at(m, idx, d, &own);
	size_t l = 0;
	buf[0] = '\0';
	if (!sd)
		return;
	for (int k = 0; k < (int)(sizeof feat / sizeof feat[0]); k++)
		if (sd->features & (1u << k))
			APPEND(buf, n, l, "%s%s", l ? ", " : "", feat[k]);
	/* the slope whose splash is in this hex: this hex is below it */
	int below = own ? sd->slope_here : sd->slope_there, above = own ? sd->slope_there : sd->slope_here;
	if (below > SLOPE_NONE && below <= SLOPE_CLIFF)
		APPEND(buf, n, l, "%s%s up from here", l ? ", " : "", slope[below]);
	if (above > SLOPE_NONE && above <= SLOPE_CLIFF)
		APPEND(buf, n, l, "%s%s down from here", l ? ", " : "", slope[above]);
}

int q_view_hex(const struct game *g, int hex, char *out, size_t n, struct err *e)
{
	static const char *const dirs[HEX_NDIRS] = {"N", "NE", "SE", "S", "SW", "NW"};
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;
	int idx = map_index(m, hex), stk[Q_STACK_MAX], k;
	size_t l = 0;
	char hx[8], sd[160], fv[24], mp[Q_MP_TEXT_MAX];
	uint8_t zoc[Q_NMAX];

	hex_format(hex, hx);
	if (idx < 0 || !map_on(m, hex))
		return err_set(e, NULL, 0, "hex %s is not on the map", hx);
	APPEND(out, n, l, "%s: %s", hx, terrain_name(m->terrain[idx]));
	if (m->flags[idx] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK))
		APPEND(out, n, l, ", %s", (m->flags[idx] & HEXF_ROAD_MAJOR) ? "major road"
					  : (m->flags[idx] & HEXF_ROAD_MINOR) ? "minor road" : "track");
	for (int p = 0; p < m->nplaces; p++)
		for (int h = 0; h < m->places[p].nhexes; h++)
			if (m->places[p].hexes[h] == hex)
				APPEND(out, n, l, "; %s", m->places[p].name);
	APPEND(out, n, l, "\n");
	for (int d = 0; d < HEX_NDIRS; d++) {
		side_text(m, idx, d, sd, sizeof sd);
		if (sd[0])
			APPEND(out, n, l, "  hexside %s: %s\n", dirs[d], sd);
	}
	k = q_stack(g, idx, stk, Q_STACK_MAX);
	for (int i = 0; i < k; i++) { /* top first */
		int u = stk[i];
		const struct q_udef *ud = &s->u[u];
		unsigned fl = st->u[u].fl;
		bool dis = q_disrupted(g, u);
		q_face_text(ud, dis && ud->has_back ? 1 : 0, fv, sizeof fv);
		APPEND(out, n, l, "  %s (%s): %s %s %s, MA %d%s%s", ud->id, ud->name, g->scn->side[ud->side],
		       type_name(ud->type), fv, q_ma(g, u), i == 0 && k > 1 ? ", on top" : "",
		       dis ? ", disrupted" : "");
		if (st->u[u].mp) /* as the move events give them */
			APPEND(out, n, l, ", %s movement points spent", q_mp_text(st->u[u].mp, mp));
		APPEND(out, n, l, "%s%s%s\n", (fl & QF_STOPPED) ? ", stopped in a zone of control [5.13]" : "",
		       (fl & QF_FIRED) ? ", has fired [7.24]" : "", (fl & QF_MELEED) ? ", in melee this phase [8.14]" : "");
	}
	if (k == 0)
		APPEND(out, n, l, "  no units\n");
	for (int side = 0; side < 2; side++) { /* (the occupants' own side's zone means nothing there) */
		if (k > 0 && s->u[stk[0]].side == side)
			continue;
		q_zoc(g, side, zoc);
		if (zoc[idx])
			APPEND(out, n, l, "  in the %s zone of control [6.1]\n", g->scn->side[side]);
	}
	return 0;
}

void q_view_describe(const struct game *g, char *out, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	size_t l = 0;
	char hx[8], fv[24], bv[24];

	APPEND(out, n, l, "%s\nrules: %s\nmap: %s, %d x %d hexes (columns %02d-%02d, rows %02d-%02d)\n",
	       g->scn->title, g->rules->title, s->map.title[0] ? s->map.title : s->map.id,
	       s->map.col1 - s->map.col0 + 1, s->map.row1 - s->map.row0 + 1, s->map.col0, s->map.col1,
	       s->map.row0, s->map.row1);
	APPEND(out, n, l, "Game-Turns %d-%d; First Player: %s\n", s->first_turn, s->turns, g->scn->side[s->first]);
	if (s->nprov) {
		APPEND(out, n, l, "\nReconstructed or decoded data in this scenario (replace with the printed game's if you own it):\n");
		for (int i = 0; i < s->nprov; i++)
			APPEND(out, n, l, "  - %s\n", s->prov_note[i]);
	}
	for (int side = 0; side < 2; side++) {
		APPEND(out, n, l, "\n%s order of battle:\n", g->scn->side[side]);
		for (int u = 0; u < s->nunits; u++) {
			const struct q_udef *d = &s->u[u];
			if (d->side != side)
				continue;
			q_face_text(d, 0, fv, sizeof fv);
			if (d->has_back)
				q_face_text(d, 1, bv, sizeof bv);
			else
				snprintf(bv, sizeof bv, "blank");
			if (st->u[u].idx >= 0) {
				hex_format(map_hex(&s->map, st->u[u].idx), hx);
			} else if (st->u[u].idx == Q_ELIM) {
				snprintf(hx, sizeof hx, "elim");
			} else if (st->u[u].idx == Q_ABSENT || (d->enter_hex == HEX_NONE && d->enter_edge < 0)) {
				/* out of play (an optional rule's unit with the rule off, Inkerman's big
				 * guns, which are no counters [24.2]); or one the battle's rules bring on
				 * (no hex or edge of its own) */
				APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d %s%s%s\n", d->id, d->name,
				       type_name(d->type), fv, bv, d->ma,
				       st->u[u].idx == Q_ABSENT ? "out of play" : "off the map",
				       d->tagtext[0] ? "  tags:" : "", d->tagtext);
				continue;
			} else if (d->enter_hex != HEX_NONE) {
				char eh[8];
				hex_format(d->enter_hex, eh);
				snprintf(hx, sizeof hx, "T%d", d->enter_turn);
				APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d enters turn %d at %s%s%s\n", d->id, d->name,
				       type_name(d->type), fv, bv, d->ma, d->enter_turn, eh,
				       d->tagtext[0] ? "  tags:" : "", d->tagtext);
				continue;
			} else if (d->trigger[0]) { /* only if the case's event happens */
				APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d enters on edge %s once [%s] is met (turn %d at the earliest)%s%s\n",
				       d->id, d->name, type_name(d->type), fv, bv, d->ma, s->map.edges[d->enter_edge].name,
				       d->trigger, d->enter_turn, d->tagtext[0] ? "  tags:" : "", d->tagtext);
				continue;
			} else {
				APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d enters turn %d on edge %s%s%s\n", d->id, d->name,
				       type_name(d->type), fv, bv, d->ma, d->enter_turn, s->map.edges[d->enter_edge].name,
				       d->tagtext[0] ? "  tags:" : "", d->tagtext);
				continue;
			}
			APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d at %s%s%s%s\n", d->id, d->name, type_name(d->type),
			       fv, bv, d->ma, hx, (st->u[u].fl & QF_DISRUPTED) ? " (disrupted)" : "",
			       d->tagtext[0] ? "  tags:" : "", d->tagtext);
		}
	}
}

void q_view_draw(const struct game *g, char *out, size_t n, unsigned flags)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;
	/* (the aqueduct is '=', not 'A': upper-case letters of the sides' names mark units, and
	 * an Allied unit beside the Balaclava aqueduct must not look like it) */
	static const char ter[TER_COUNT] = {'.', 'w', 'T', 'v', 's', 'b', '~', '=', '#', 'F'};
	/* DRAW_COLOR: the terrain in its colours (clear dim, woods green, town yellow, vineyard
	 * magenta, swamp cyan, brush dim green, sea blue, aqueduct dim yellow, closed dim, fort
	 * bold yellow), the first side's units bold green and the second's bold red, disrupted
	 * ones not bold; each cell reset after it, so a cut line never bleeds */
	static const char *const tcol[TER_COUNT] = {"2", "32", "33", "35", "36", "2;32", "34", "2;33", "2", "1;33"};
	static const char *const ucol[2][2] = {{"1;32", "32"}, {"1;31", "31"}};
	const bool color = flags & DRAW_COLOR;
	size_t l = 0;

	/* Even-q: each map row takes two text lines, odd columns on the upper one, even columns
	 * half a hex lower. A hex shows its terrain, or the top unit's side (upper case for
	 * undisrupted, lower case for disrupted) and a count when stacked. */
	APPEND(out, n, l, "   ");
	for (int c = m->col0; c <= m->col1; c++)
		APPEND(out, n, l, "%02d ", c % 100);
	APPEND(out, n, l, "\n");
	for (int r = m->row0; r <= m->row1; r++) {
		for (int half = 0; half < 2; half++) {
			APPEND(out, n, l, half ? "   " : "%02d ", r);
			for (int c = m->col0; c <= m->col1; c++) {
				bool upper = (c & 1) == 1;
				if (upper == (half == 1)) {
					APPEND(out, n, l, "   ");
					continue;
				}
				int idx = map_index(m, hex_make(c, r)), stk[Q_STACK_MAX];
				int k = q_stack(g, idx, stk, Q_STACK_MAX);
				if (k > 0) {
					char ch = g->scn->side[s->u[stk[0]].side][0];
					if (ch >= 'a' && ch <= 'z')
						ch = (char)(ch - 'a' + 'A');
					if (st->u[stk[0]].fl & QF_DISRUPTED)
						ch = (char)(ch - 'A' + 'a');
					if (color)
						APPEND(out, n, l, "\033[%sm%c%c\033[0m ",
						       ucol[s->u[stk[0]].side & 1][(st->u[stk[0]].fl & QF_DISRUPTED) != 0], ch,
						       k > 1 ? (char)('0' + k) : ' ');
					else
						APPEND(out, n, l, "%c%c ", ch, k > 1 ? (char)('0' + k) : ' ');
				} else if (color) {
					APPEND(out, n, l, "\033[%sm%c\033[0m  ", tcol[m->terrain[idx]], ter[m->terrain[idx]]);
				} else {
					APPEND(out, n, l, "%c  ", ter[m->terrain[idx]]);
				}
			}
			APPEND(out, n, l, "\n");
		}
	}
	APPEND(out, n, l, "legend: . clear  w woods  T town  v vineyard  s swamp  b brush  ~ sea  = aqueduct  # closed  F fort;"
	       " units: first letter of the side (%s, %s), lower case when disrupted, digit = units in the stack\n",
	       g->scn->side[0], g->scn->side[1]);
}
