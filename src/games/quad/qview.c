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
		snprintf(why, n, "hex off the map");
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
	struct game tmp = *g;
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
		APPEND(out, n, l, "melee %d against %d, %s line, %d-%d column [8.4]\n", o.total_a, o.total_d,
		       trn[o.terrain], r[0], r[1]);
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
			} else if (d->enter_hex != HEX_NONE) {
				char eh[8];
				hex_format(d->enter_hex, eh);
				snprintf(hx, sizeof hx, "T%d", d->enter_turn);
				APPEND(out, n, l, "  %-14s %-20s %-15s %-9s/%-9s MA %-2d enters turn %d at %s%s%s\n", d->id, d->name,
				       type_name(d->type), fv, bv, d->ma, d->enter_turn, eh,
				       d->tagtext[0] ? "  tags:" : "", d->tagtext);
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

void q_view_draw(const struct game *g, char *out, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;
	/* (the aqueduct is '=', not 'A': upper-case letters of the sides' names mark units, and
	 * an Allied unit beside the Balaclava aqueduct must not look like it) */
	static const char ter[TER_COUNT] = {'.', 'w', 'T', 'v', 's', 'b', '~', '=', '#', 'F'};
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
					APPEND(out, n, l, "%c%c ", ch, k > 1 ? (char)('0' + k) : ' ');
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
