/* qunit: unit values, stacks and zones of control ([2.4], [5.19], [6.1], [9.11]). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"

int q_unit_find(const struct q_scn *s, const char *id)
{
	for (int i = 0; i < s->nunits; i++)
		if (!strcmp(s->u[i].id, id))
			return i;
	return -1;
}

void q_face_text(const struct q_udef *d, int k, char *buf, size_t n)
{
	char f[8], m[8];
	if (d->cls[k]) /* an artillery class letter */
		snprintf(f, sizeof f, d->fire_paren[k] ? "(%c)" : "%c", d->cls[k]);
	else if (d->fire[k] < 0)
		snprintf(f, sizeof f, "-");
	else
		snprintf(f, sizeof f, d->fire_paren[k] ? "(%d)" : "%d", d->fire[k]);
	snprintf(m, sizeof m, d->melee_paren[k] ? "[%d]" : "%d", d->melee[k]);
	snprintf(buf, n, "%s-%s-%d", f, m, d->morale[k]);
}

const char *q_mp_text(int halves, char buf[Q_MP_TEXT_MAX])
{
	snprintf(buf, Q_MP_TEXT_MAX, "%d%s", halves / 2, halves % 2 ? ".5" : "");
	return buf;
}

void q_why_add(char *why, size_t n, bool cond, const char *reason)
{
	size_t l = n ? strlen(why) : 0;
	if (cond && n > l)
		snprintf(why + l, n - l, "%s%s", l ? "; " : "", reason);
}

void q_ids_text(const struct q_scn *s, const int *units, int nu, char *buf, size_t n)
{
	size_t l = 0, room = n > 16 ? n - 16 : 0; /* (16: " and NN more" and the NUL) */
	if (n == 0)
		return;
	buf[0] = '\0';
	for (int i = 0; i < nu; i++) {
		const char *id = s->u[units[i]].id;
		if (l + strlen(id) + 2 > room) {
			snprintf(buf + l, n - l, " and %d more", nu - i);
			return;
		}
		l += (size_t)snprintf(buf + l, n - l, "%s%s", i ? ", " : "", id);
	}
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
	return q_battle_ma(g, u, q_ma_std(d->ma, d->type, q_disrupted(g, u)));
}

_Static_assert(Q_UNITS_MAX < Q_OCC_NONE, "unit indices fit the occupancy index's bytes");

static inline int occ_bucket(int idx)
{
	return idx & (Q_OCC_BUCKETS - 1);
}

void q_occ_reset(struct q_state *st, int nunits)
{
	for (int b = 0; b < Q_OCC_BUCKETS; b++)
		st->occ_head[b] = Q_OCC_NONE;
	for (int u = 0; u < Q_UNITS_MAX; u++) {
		if (u < nunits) /* slots past the scenario's units stay as they are (zero) */
			st->u[u].idx = Q_OFF;
		st->occ_next[u] = Q_OCC_NONE;
	}
}

void q_place(struct q_state *st, int u, int idx)
{
	int old = st->u[u].idx;
	if (old == idx)
		return;
	if (old >= 0) { /* unlink u from its bucket's chain */
		uint8_t *p = &st->occ_head[occ_bucket(old)];
		while (*p != Q_OCC_NONE && *p != u)
			p = &st->occ_next[*p];
		if (*p == u)
			*p = st->occ_next[u];
	}
	st->u[u].idx = (int16_t)idx;
	st->occ_next[u] = Q_OCC_NONE;
	if (idx >= 0) {
		int b = occ_bucket(idx);
		st->occ_next[u] = st->occ_head[b];
		st->occ_head[b] = (uint8_t)u;
	}
}

bool q_hex_has_foe(const struct game *g, int idx, int side)
{
	const struct q_state *st = q_cst(g);
	const struct q_scn *s = q_scn(g);
	for (int v = st->occ_head[occ_bucket(idx)]; v != Q_OCC_NONE; v = st->occ_next[v])
		if (st->u[v].idx == idx && s->u[v].side != side)
			return true;
	return false;
}

bool q_hex_has_tag(const struct game *g, int idx, uint32_t tags)
{
	const struct q_state *st = q_cst(g);
	const struct q_scn *s = q_scn(g);
	for (int v = st->occ_head[occ_bucket(idx)]; v != Q_OCC_NONE; v = st->occ_next[v])
		if (st->u[v].idx == idx && (s->u[v].tags & tags))
			return true;
	return false;
}

bool q_occ_ok(const struct q_state *st, int nunits)
{
	int seen = 0, on = 0;
	for (int u = 0; u < nunits; u++)
		on += st->u[u].idx >= 0;
	for (int b = 0; b < Q_OCC_BUCKETS; b++)
		for (int v = st->occ_head[b], k = 0; v != Q_OCC_NONE; v = st->occ_next[v], k++) {
			if (v < 0 || v >= nunits || k > nunits || st->u[v].idx < 0 ||
			    occ_bucket(st->u[v].idx) != b)
				return false;
			seen++;
		}
	return seen == on;
}

/* Orders a stack top first: higher layer on top, equal layers by unit order. */
static void stack_sort(const struct q_state *st, int *out, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0; j--) {
			int a = out[j - 1], b = out[j];
			if (st->u[b].layer < st->u[a].layer ||
			    (st->u[b].layer == st->u[a].layer && b > a))
				break;
			out[j] = a;
			out[j - 1] = b;
		}
}

int q_stack(const struct game *g, int idx, int *out, int max)
{
	const struct q_state *st = q_cst(g);
	int n = 0;

	if (idx < 0) { /* off the map: no index, scan */
		int nu = q_scn(g)->nunits;
		for (int u = 0; u < nu && n < max; u++)
			if (st->u[u].idx == idx)
				out[n++] = u;
		stack_sort(st, out, n);
		return n;
	}
	int all[Q_UNITS_MAX], na = 0;
	for (int v = st->occ_head[occ_bucket(idx)]; v != Q_OCC_NONE; v = st->occ_next[v])
		if (st->u[v].idx == idx)
			all[na++] = v;
	if (na > max) { /* keep the lowest-numbered max units, as a scan in unit order would */
		for (int i = 1; i < na; i++)
			for (int j = i; j > 0 && all[j] < all[j - 1]; j--) {
				int t = all[j];
				all[j] = all[j - 1];
				all[j - 1] = t;
			}
		na = max;
	}
	for (int i = 0; i < na; i++)
		out[n++] = all[i];
	stack_sort(st, out, n);
#ifdef Q_OCC_VERIFY
	{ /* debug builds: the index must agree with a scan of every unit */
		int ref[Q_UNITS_MAX], nr = 0, nu = q_scn(g)->nunits;
		for (int u = 0; u < nu && nr < max; u++)
			if (st->u[u].idx == idx)
				ref[nr++] = u;
		stack_sort(st, ref, nr);
		if (nr != n || memcmp(ref, out, (size_t)n * sizeof *out))
			abort();
	}
#endif
	return n;
}

void q_zoc_dirs(const struct map *m, uint8_t *dirs)
{
	for (int i = 0; i < m->n; i++) {
		dirs[i] = 0;
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
			dirs[i] |= (uint8_t)(1u << d);
		}
	}
}

void q_zoc_nbs(const struct map *m, const uint8_t *dirs, int16_t *nbs)
{
	for (int i = 0; i < m->n; i++) {
		int16_t *nb = &nbs[i * 8];
		int k = 0;
		for (int d = 0; d < 6; d++)
			if (dirs[i] & (1u << d))
				nb[1 + k++] = (int16_t)map_nb(m, i, d);
		nb[0] = (int16_t)k;
		while (k < 7) /* (never read) */
			nb[1 + k++] = -1;
	}
}

void q_zoc(const struct game *g, int side, uint8_t *zoc)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct map *m = &s->map;

	memset(zoc, 0, (size_t)m->n);
	for (int k = 0; k < s->nsideu[side]; k++) { /* side's units */
		int u = s->sideu[side][k];
		int i = st->u[u].idx;
		if (i < 0 || (st->u[u].fl & QF_DISRUPTED))
			continue; /* [6.12] disrupted units exert no ZOC */
		if (!q_battle_exerts_zoc(g, u)) /* (inline: no call without the hook) */
			continue;
		const int16_t *nb = &s->zoc_nb[i * 8]; /* [6.14] via q_zoc_dirs */
		for (int d = 1, nd = nb[0]; d <= nd; d++) /* (nd: zoc's bytes may alias nb) */
			zoc[nb[d]] = 1;
	}
}
