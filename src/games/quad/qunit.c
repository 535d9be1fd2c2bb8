/* qunit: unit values, stacks and zones of control ([2.4], [5.19], [6.1], [9.11]). */
#include <stdio.h>
#include <string.h>

#include "qbattle.h"

int q_unit_find(const struct q_scn *s, const char *id)
{
	for (int i = 0; i < s->nunits; i++)
		if (!strcmp(s->u[i].id, id))
			return i;
	return -1;
}

bool q_has_tag(const struct q_scn *s, int u, const char *tag)
{
	/* tagtext is " a b c " (words between single spaces): match a whole word, no copies */
	size_t tl = strlen(tag);
	for (const char *p = s->u[u].tagtext; (p = strstr(p, tag)) != NULL; p += tl)
		if (p > s->u[u].tagtext && p[-1] == ' ' && p[tl] == ' ')
			return true;
	return false;
}

bool q_disrupted(const struct game *g, int u)
{
	return q_cst(g)->u[u].fl & QF_DISRUPTED;
}

bool q_on_map(const struct game *g, int u)
{
	return q_cst(g)->u[u].idx >= 0;
}

static int side_k(const struct game *g, int u)
{
	return q_disrupted(g, u) ? 1 : 0;
}

int q_fire(const struct game *g, int u)
{
	return q_battle_strength(g, u, false, q_scn(g)->u[u].fire[side_k(g, u)]);
}

int q_melee(const struct game *g, int u)
{
	return q_battle_strength(g, u, true, q_scn(g)->u[u].melee[side_k(g, u)]);
}

int q_morale(const struct game *g, int u)
{
	return q_battle_morale(g, u, q_scn(g)->u[u].morale[side_k(g, u)]);
}

int q_ma(const struct game *g, int u)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	int ma;
	if (!q_disrupted(g, u))
		ma = d->ma;
	else if (d->type == Q_ART || d->type == Q_HART)
		ma = 0;                /* [5.19], [9.12] disrupted artillery never moves */
	else
		ma = (d->ma + 1) / 2;  /* [5.19], [9.11] halved, fractions rounded up */
	return q_battle_ma(g, u, ma);
}

int q_stack(const struct game *g, int idx, int *out, int max)
{
	const struct q_state *st = q_cst(g);
	int n = 0, nu = q_scn(g)->nunits;

	for (int u = 0; u < nu; u++)
		if (st->u[u].idx == idx && n < max)
			out[n++] = u;
	/* top first: higher layer on top; ties by unit order (stable, deterministic) */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && st->u[out[j]].layer > st->u[out[j - 1]].layer; j--) {
			int t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

void q_zoc(const struct game *g, int side, uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;

	memset(zoc, 0, (size_t)m->n);
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		if (i < 0 || s->u[u].side != side || (st->u[u].fl & QF_DISRUPTED))
			continue; /* [6.12] disrupted units exert no ZOC */
		if (!q_battle_exerts_zoc(g, u))
			continue;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			unsigned f;
			if (j < 0 || !(m->flags[j] & HEXF_ONMAP))
				continue;
			f = map_side_features(m, i, d);
			/* [6.14] never through non-bridged river hexsides or across cliffs */
			if ((f & SIDE_RIVER) && !(f & SIDE_BRIDGE))
				continue;
			if (map_slope_into(m, i, d) == SLOPE_CLIFF || map_slope_away(m, i, d) == SLOPE_CLIFF)
				continue;
			zoc[j] = 1;
		}
	}
}
